"""The play screen on a 1280x800 window with 3-6 seats: every explorer readable, the map legible, the
haunt drawn. Real window, taps and widget geometry; assertions are on what a player can see."""

from __future__ import annotations

import pytest

from hauntable.ui import demo
from hauntable.ui.harness import plain


def show(h, seed: int, steps: int, seats: int, stop=None):
    channel, sim = demo.game_at(seed, steps, seats, stop)
    h.app.controller.take_over(channel, sim)
    h.app.controller.haunt_shown = True
    h.app.go("play")
    h.frames(4)
    return channel


def inside(widget, box) -> bool:
    """The widget's whole rectangle lies inside ``box``'s, in window coordinates."""
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    bx0, by0 = box.to_window(box.x, box.y)
    bx1, by1 = box.to_window(box.right, box.top)
    return bx0 - 1 <= x0 and x1 <= bx1 + 1 and by0 - 1 <= y0 and y1 <= by1 + 1


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_every_explorer_panel_is_on_screen_with_all_four_traits(table_app, seats):
    h = table_app
    channel = show(h, 5, 120, seats)
    screen = h.app.root.get_screen("play")
    scroll = screen.ids.panel_scroll
    assert len(screen.panels) == seats
    for panel in screen.panels:
        assert inside(panel, scroll), f"{panel.model.name}'s panel is cut off"
        text = "\n".join(plain(label.text) for label in panel.children)
        for trait in panel.model.traits:  # Knowledge too, on the last panel
            assert f"{trait.trait.capitalize()} {trait.value}" in text
        if panel.model.items:
            assert panel.model.items[0] in text
    assert channel.step.state.explorers  # the game went on meanwhile


def test_the_explorer_whose_turn_it_is_shows_the_full_tracks_others_compact(table_app):
    h = table_app
    show(h, 5, 60, 6)
    screen = h.app.root.get_screen("play")
    full = [p for p in screen.panels if not p.compact]
    assert [p.model.current for p in full] == [True]
    assert len(full[0].children) >= 5  # name + four printed tracks
