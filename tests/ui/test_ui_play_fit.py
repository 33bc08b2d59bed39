"""The play screen on a 1280x800 window with 3-6 seats: every explorer readable, the map legible, the
haunt drawn. Real window, taps and widget geometry; assertions are on what a player can see."""

from __future__ import annotations

import cv2
import numpy as np
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


def show_haunt_house(h):
    channel, sim = demo.haunt_house()
    h.app.controller.take_over(channel, sim)
    h.app.controller.haunt_shown = True
    h.app.go("play")
    h.frames(4)
    return channel.step.state


@pytest.mark.parametrize("floor", ["ground", "upper", "basement"])
def test_room_names_on_the_large_floor_never_below_the_minimum_in_a_full_house(table_app, floor):
    from hauntable.ui.widgets.floor_text import MIN_NAME_PX

    h = table_app
    state = show_haunt_house(h)
    assert len(state.house) >= 40
    screen = h.app.root.get_screen("play")
    screen.ids.house.focus = floor
    h.frames(3)
    view = screen.ids[floor]
    assert not view.mini and view.width > 600
    names = {name for name, p in state.house.items() if p.floor == floor}
    drawn = dict(view.drawn)
    assert names <= set(drawn)  # every room of the floor has its name painted...
    assert min(px for _, px in view.drawn) >= MIN_NAME_PX  # ...and no name or label below the minimum
    for other in {"ground", "upper", "basement"} - {floor}:
        assert screen.ids[other].mini and not screen.ids[other].drawn  # small floors: shapes, no text


def test_a_tap_on_a_small_floor_shows_it_large(table_app):
    h = table_app
    show_haunt_house(h)
    screen = h.app.root.get_screen("play")
    small = next(screen.ids[f] for f in ("ground", "upper", "basement") if screen.ids[f].mini)
    h.tap(pos=small.to_window(*small.center))
    assert screen.ids.house.focus == small.floor_id and not small.mini


def test_monsters_stunned_or_not_and_haunt_tokens_are_drawn_on_the_map(table_app):
    h = table_app
    state = show_haunt_house(h)
    haunt = state.haunt
    screen = h.app.root.get_screen("play")
    for mid, monster in haunt.monsters.items():
        floor = state.house[monster.room].floor
        screen.ids.house.focus = floor
        h.frames(3)
        labels = [text for text, _ in screen.ids[floor].drawn]
        assert any(text.startswith(monster.name or mid) for text in labels), (mid, labels)
    stunned = [m for m in haunt.monsters.values() if m.stunned]
    assert stunned  # the demo house has one stunned monster: grey and struck through (the legend says so)
    room = haunt.tokens["Trap"]
    screen.ids.house.focus = state.house[room].floor
    h.frames(3)
    assert "Trap" in [text for text, _ in screen.ids[state.house[room].floor].drawn]
    assert "stunned" in " ".join(words for _, words in screen.ids[state.house[room].floor].legend)


def test_the_large_floor_follows_the_floor_a_tile_is_awaited_on(table_app):
    from hauntable.games.betrayal.prompts import AwaitTile

    h = table_app
    channel = show(h, 5, 400, 4, lambda p: isinstance(p, AwaitTile) and p.floor != "ground")
    prompt = channel.step.awaiting
    assert isinstance(prompt, AwaitTile)
    view = h.app.root.get_screen("play").ids[prompt.floor]
    assert not view.mini and view.visible(*prompt.cells[0])


def end_turn_rect(h):
    b = h.find(name="end-turn")
    return (*b.to_window(b.x, b.y), b.width, b.height)


def test_haunt_actions_are_grouped_and_end_turn_stays_in_one_place(table_app):
    """Book mode's haunt tools are one "Haunt tools" button of the turn (issue 16: never crowding moves),
    opening their own prompt whose buttons (a new monster among them) are big enough and hold their words;
    End turn does not move between turns."""

    from hauntable.games.betrayal.inputs import PlaceMonster
    from hauntable.ui.widgets.prompt import ChoiceButton

    h = table_app
    from hauntable.games.betrayal.prompts import ChooseAction

    show(
        h, 5, 60, 4, lambda p: isinstance(p, ChooseAction) and len(p.choices()) > 2
    )  # exploring: few answers
    exploring = end_turn_rect(h)
    channel, sim = demo.book_monster_game()
    h.app.controller.take_over(channel, sim)
    h.app.go("play")
    h.frames(3)
    assert end_turn_rect(h) == exploring
    assert "New monster" not in h.texts()
    h.tap_text("Haunt tools")
    page = [w for w in h.walk() if isinstance(w, ChoiceButton)]
    assert any(isinstance(b.inp, PlaceMonster) for b in page)
    for b in page:  # big enough to hit, and the words inside the button
        assert b.height >= 44 and b.texture_size[0] <= b.width and b.texture_size[1] <= b.height, b.text
    h.tap_text("Back")
    assert end_turn_rect(h) == exploring


def top_level_choices(h):
    from hauntable.ui.widgets.prompt import ChoiceButton

    return [w for w in h.walk() if isinstance(w, ChoiceButton)]


@pytest.mark.parametrize("turn", ["monster", "explorer"])
def test_H6_2_no_victory_claim_stands_among_a_turns_moves_issue_18(table_app, turn):
    """A printed haunt offers both claims on every turn prompt (H6.2); a mistap on one at a walk-up table
    asks the other side to concede (issue 18). On a monster's turn as on an explorer's, the claims stand
    behind the purple haunt button; the monster's moves stay on the first page, End stays in its place."""
    from hauntable.games.betrayal.prompts import ChooseAction, MonsterTurn
    from hauntable.games.betrayal.tool_inputs import Claim

    h = table_app
    show(h, 5, 60, 4, lambda p: isinstance(p, ChooseAction) and len(p.choices()) > 2)
    exploring = end_turn_rect(h)
    kind = MonsterTurn if turn == "monster" else ChooseAction
    channel = show(
        h, 7, 3000, 4, lambda p: isinstance(p, kind) and any(c.kind == "claim" for c in p.choices())
    )
    prompt = channel.step.awaiting
    assert isinstance(prompt, kind) and channel.step.state.haunt.mode == "scripted"
    first = top_level_choices(h)
    assert first and not [b.text for b in first if isinstance(b.inp, Claim)]
    assert "The traitor claims victory" not in h.texts()
    if turn == "monster":  # the monster's own answers all on the first page
        own = [c for c in prompt.choices() if c.kind in ("go", "attack", "act")]
        assert own and {b.inp for b in first} >= set(own)
    assert end_turn_rect(h) == exploring
    h.tap(h.find(name="group-haunt"))
    assert end_turn_rect(h) == exploring
    h.tap_text("The traitor claims victory")
    assert channel.step.awaiting.kind == "option" and channel.step.awaiting.purpose == "claim"
    assert channel.last_refusal is None


def test_the_haunt_box_shows_the_haunt_its_counters_and_no_sides_goal_H2_2(table_app):
    """Each side's book is its own (H2.2): the box names the haunt and its counters, and sends each side to
    its own card instead of showing either goal (deliberately changed: it showed both goals)."""
    h = table_app
    state = show_haunt_house(h)
    state.haunt.vars["lit"] = 2  # a counter the catalogs word (a scripted haunt's own)
    h.app.refresh()
    h.frames(2)
    box = plain(h.app.root.get_screen("play").ids.haunt_box.text)
    assert f"Haunt {state.haunt.number}" in box and "Candles lit: 2" in box
    assert "Heroes:" not in box and "each side's goal is its own" in box
    assert not any(goal in box for goal in state.haunt.goals_of("traitor"))
    h.app.controller.set_language("ru")
    h.app.go("play")
    h.frames(3)
    box = plain(h.app.root.get_screen("play").ids.haunt_box.text)
    assert "Герои" in box and "Зажжено свечей: 2" in box and "цель каждой стороны" in box


def test_the_end_of_a_logged_game_shows_the_house_the_traitor_the_dead_and_saves_a_png(make_app, tmp_path):
    """Seed 10, six seats: haunt 21 ends with the traitor's side winning, explorers dead on the way."""
    from hauntable.gamelog import GameLog
    from hauntable.session import Session
    from hauntable.table.channel import Channel
    from hauntable.ui.simulator import TableSimulator

    stick = tmp_path / "stick"
    stick.mkdir()
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(log=log, export_dir=str(stick))
        channel = Channel(Session.new("betrayal", demo.config(10, 6), log=log))
        demo.play(channel, TableSimulator(channel, 10), 10, 3000)
        state = channel.step.state
        assert state.haunt.winner == "traitor"
        h.app.controller.take_over(channel, h.app.controller.simulator)
        h.app.go("haunt")
        h.frames(4)
        text = h.texts()
        traitor = state.explorers[state.haunt.traitor]
        assert "The traitor's side wins!" in text
        assert f"The traitor, unmasked: {traitor.name} ({traitor.player})" in text
        dead = [e for e in state.explorers if not e.alive]
        assert dead
        for e in dead:
            assert f"{e.name} died in the {e.room} (haunt round " in text
        # the turning points from the haunt's start on (the whole log replayed, not the last 50 steps)
        assert "the haunt begins!" in text and f"{traitor.name} is the traitor" in text
        assert f"is the traitor (haunt 21, {state.haunt.name})" in text and "locked door" not in text
        assert " appears in the " in text  # the haunt's monsters arriving
        screen = h.app.root.get_screen("haunt")
        views = [screen.ids[f"end_{floor}"] for floor in ("ground", "upper", "basement")]
        built = {name for view in views for name, _ in view.drawn}
        assert set(state.house) <= built  # the whole house as it was built, every room named...
        counted = {text for view in views for text in view.hidden}  # a full room counts them as "+n"
        shown = {m.name or mid for mid, m in state.haunt.monsters.items()}  # by their printed names
        assert shown <= built | counted  # ...with the monsters where they stood
        h.tap(h.find(name=None, text=screen.ids.end_export.text))
        pngs = list(stick.glob("*-end.png"))
        assert len(pngs) == 1 and pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert list(stick.glob("*.jsonl"))
        assert "Saved on" in h.texts()


def test_the_end_screen_shows_every_floor_of_a_full_house_readable(make_app, tmp_path):
    """The end screen's house, filled to 45 rooms: the three floors at one cell size, none squeezed
    (each box holds its floor at that size), every room named at >= 12 px inside its room (a long word
    hyphenated, never over the walls or under the pawns), boxes not overlapping, in every language; what
    does not fit the screen at that size scrolls."""
    from hauntable.session import Session
    from hauntable.table.channel import Channel
    from hauntable.ui.simulator import TableSimulator
    from hauntable.ui.widgets.floor_paint import FLOOR_COLORS
    from hauntable.ui.widgets.floor_text import MIN_NAME_PX
    from hauntable.ui.widgets.housemap import OVERVIEW_MIN_CELL

    stick = tmp_path / "stick"
    stick.mkdir()
    h = make_app(export_dir=str(stick))
    channel = Channel(Session.new("betrayal", demo.config(10, 6)))
    demo.play(channel, TableSimulator(channel, 10), 10, 3000)
    state = demo.big_house(channel.step.state, 45)
    assert state.haunt.winner == "traitor" and len(state.house) >= 44
    channel.session.play_on_from(type(channel.step)(state))
    h.app.controller.take_over(channel, h.app.controller.simulator)
    for lang in ("en", "de", "ru", "zh"):
        h.app.controller.set_language(lang)
        h.app.go("haunt")
        h.frames(4)
        screen = h.app.root.get_screen("haunt")
        house = screen.ids.end_house
        assert house.cell >= OVERVIEW_MIN_CELL
        boxes = []
        for floor in ("ground", "upper", "basement"):
            view = screen.ids[f"end_{floor}"]
            names = {name for name, p in state.house.items() if p.floor == floor}
            assert names <= {name for name, _ in view.drawn}, floor
            assert min(px for _, px in view.drawn) >= MIN_NAME_PX
            assert view.cell_size() == pytest.approx(house.cell, abs=0.5), floor  # one size, none squeezed
            assert not view.cramped, (lang, floor, view.cramped)
            assert inside(view, house)
            boxes.append((view.x, view.y, view.right, view.top))
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] <= b[0] + 1 or b[2] <= a[0] + 1 or a[3] <= b[1] + 1 or b[3] <= a[1] + 1, (a, b)
        scroll = screen.ids.end_scroll
        assert house.width <= scroll.width + 1  # too tall a house scrolls up and down, never sideways
        assert (house.height > scroll.height + 1) == (house.cell == OVERVIEW_MIN_CELL)
    # saved to the stick: the screen as it is, and the whole house (it scrolls) as a picture of its own
    h.tap(h.find(text=screen.ids.end_export.text))
    assert sorted(p.name.split("-")[-1] for p in stick.glob("*.png")) == ["end.png", "house.png"]
    whole = cv2.imread(str(next(stick.glob("*-house.png"))))[:, :, ::-1].astype(int)
    assert whole.shape[:2] == (round(house.height), round(house.width))
    for floor in ("ground", "upper", "basement"):
        want = np.array([round(c * 255) for c in FLOOR_COLORS[floor]])
        tiles = int((np.abs(whole.reshape(-1, 3) - want).max(axis=1) <= 4).sum())
        rooms = sum(1 for p in state.house.values() if p.floor == floor)
        assert tiles >= rooms * (house.cell / 2) ** 2, f"the {floor}'s tiles are missing from the picture"
