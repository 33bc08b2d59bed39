"""No text spills out of its box in German or Russian (issue 18 item 9: their longer words overflowed in
places): every visible label and button on the set-up, play, dice, haunt and take-back screens, read as
the window draws it (the text's texture against the widget's size)."""

from __future__ import annotations

import pytest

from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal.prompts import ChooseAction
from hauntable.session import Session
from hauntable.table.channel import Channel
from hauntable.ui import demo, i18n
from hauntable.ui.simulator import TableSimulator


def spilled(h) -> list[str]:
    from kivy.uix.label import Label

    out = []
    for w in h.walk():
        if not isinstance(w, Label) or not w.text or w.opacity == 0 or w.width < 2:
            continue
        if w.text == i18n.tr("app.title"):
            continue  # the attract screen's display title: its glyphs' line height is meant to exceed the box
        w.texture_update()
        tw, th = w.texture_size
        if tw > w.width + 1 or th > w.height + 1:
            out.append(f"{w.text[:50]!r}: {tw:.0f}x{th:.0f} in {w.width:.0f}x{w.height:.0f}")
    return out


def in_haunt(channel) -> bool:
    haunt = channel.step.state.haunt
    return haunt is not None and haunt.started and haunt.winner is None


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_no_label_overflows_its_box(make_app, lang):
    h = make_app()
    h.app.controller.set_language(lang)
    try:
        h.tap_text(i18n.tr("attract.touch"))
        found = {"setup": spilled(h)}
        for name, stop in (("play", None), ("dice", lambda p: isinstance(p, RollDice))):
            channel, sim = demo.game_at(5, 400 if stop else 160, 4, stop)
            h.app.controller.take_over(channel, sim)
            h.app.refresh()
            h.frames(4)
            found[name] = spilled(h)
        channel = Channel(Session.new("betrayal", demo.config(3, 4)))
        sim = TableSimulator(channel, 3)
        demo.play(channel, sim, 3, 3000, lambda p: in_haunt(channel) and isinstance(p, ChooseAction))
        assert in_haunt(channel)
        h.app.controller.take_over(channel, sim)
        h.app.controller.haunt_shown = True  # past the haunt's banner: its play screen
        h.app.go("play")
        h.app.refresh()
        h.frames(4)
        found["haunt"] = spilled(h)
        h.tap_text(i18n.tr("takeback.button"))
        found["take back"] = spilled(h)
        assert not {k: v for k, v in found.items() if v}
    finally:
        h.app.controller.set_language("en")
