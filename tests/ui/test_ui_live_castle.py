"""Geisterstunde on a live table in the real app window (issue 18): ``--table live`` on the mock backend at a
real table's pace. The key cards are the table's (every card taken from the pile is read on the key slot),
the ghost lays its crest cards face down on the plan slots, a figure moved through a door plays the key;
the screen says what the hands do and never which cards the ghost laid."""

from __future__ import annotations

import pytest

from hauntable.gamelog import GameLog
from hauntable.games.geisterstunde.content import load_content
from hauntable.table.geisterstunde_referee import castle_cells
from hauntable.table.registry import TagRegistry

CONTENT = load_content()
CELLS = castle_cells(CONTENT)


def uid(n: int) -> str:
    return f"04:6A:00:00:00:{n // 256:02X}:{n % 256:02X}"


def enrol_the_castle(h) -> dict[tuple[str, str], list[str]]:
    """What the admin menu's "Enrol tags" did for this table's Geisterstunde pieces: crest cards, the 45 key
    cards (each copy its own tag), the four figures."""
    tags: dict[tuple[str, str], list[str]] = {}
    names = [("card", f"ghost-{c}") for c in CONTENT.crests] + [("card", k) for k in CONTENT.keys]
    names += [("figure", str(seat)) for seat in range(1, 5)]
    with TagRegistry(h.app.controller.registry_path()) as registry:
        for n, (kind, name) in enumerate(names):
            copies = CONTENT.keys.count(name) if kind == "card" and not name.startswith("ghost-") else 1
            registry.enrol(uid(n), kind, name, copies=copies)
            tags.setdefault((kind, name), []).append(uid(n))
    return tags


def reader(room: str) -> str:
    floor, x, y = CELLS[room]
    return f"{floor}:{x},{y}"


def test_G1_to_G3_a_live_castle_deals_plans_and_moves_by_the_readers_and_shows_no_plan_card(
    make_app, tmp_path
):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(seed=3, log=log, table="live", backend="mock")
        tags = enrol_the_castle(h)
        h.tap(h.app.root.get_screen("attract").ids.geisterstunde)
        assert h.app.root.get_screen("ghostsetup").ids.start.text == "Start on the table"
        h.tap(h.app.root.get_screen("ghostsetup").ids.start)
        controller = h.app.controller
        live = controller.live_table
        assert live is not None and controller.castle_table is None
        channel = controller.channel
        state = channel.step.state
        assert state.config.cards == "table" and state.awaiting.kind == "draw"
        assert "Lay the top card of the pile on the key slot." in h.texts()
        readers = live.backend
        scanner = live.table.scanner
        for seat, room in enumerate(state.rooms):  # the figures stand on their start rooms
            readers.reader(reader(room)).place(tags["figure", str(seat + 1)][0])

        # G1.3: four keys for each runner, read on the key slot one by one (mixed colours: no swap)
        used: set[str] = set()
        hands: dict[int, list[str]] = {1: ["red-lion", "green-eagle", "blue-lily", "red-tower"]}
        hands[2] = ["green-lion", "blue-eagle", "red-lily", "green-tower"]
        for seat in (1, 2):
            for card in hands[seat]:
                tag = next(t for t in tags["card", card] if t not in used)
                used.add(tag)
                before = channel.seq
                readers.reader("key").place(tag)
                assert h.frames_until(lambda before=before: channel.seq > before), h.texts()
                readers.reader("key").lift(tag)
                h.frames(2)
        state = channel.step.state
        assert [sorted(state.hands[s]) for s in (1, 2)] == [sorted(hands[1]), sorted(hands[2])]
        assert state.awaiting.kind == "plan"
        text = h.texts()
        assert "Ghost: lay 1 to 4 crest cards face down on the plan slots" in text
        assert "Lily" not in text.split("Ghost:")[-1]
        for w in h.walk():  # no plan pad on a live table: the slots are the private way
            assert not str(getattr(w, "name", "")).startswith("crest-")

        # G2: the ghost lays two cards face down on the slots, then says that is all
        readers.reader("ghost:1").place(tags["card", "ghost-lily"][0])
        readers.reader("ghost:2").place(tags["card", "ghost-tower"][0])
        assert h.frames_until(lambda: "To the ghost: 2 cards lie" in h.texts()), h.texts()
        for crest in ("Tower", "Lily"):
            assert crest not in h.texts().split("To the ghost:")[1]
        h.tap(h.find(name="plan-done"))
        assert channel.step.state.plan == ("lily", "tower")
        assert "The ghost lays 2 cards face down" in h.texts()
        assert "Ghost's cards: - + 2 face down" in h.texts()

        # G3: Seat 2 carries its figure through the red door of the Schatzkammer (it holds red keys). The
        # table has read the figures where they stand (the background cycle takes a second or more, longer
        # under load: a move before that is one the table cannot know); the hand is quicker than the cycle
        # that would read the Schatzkammer empty, so the arrival may be read before the lift (both count)
        for seat, room in enumerate(state.rooms):
            placed = tags["figure", str(seat + 1)][0]
            assert h.frames_until(lambda p=placed, r=room: p in scanner.present(reader(r)))
        to = CONTENT.rooms["02"].doors["red"]
        before = channel.seq
        figure = tags["figure", "2"][0]
        readers.reader(reader("02")).lift(figure)
        readers.reader(reader(to)).place(figure)
        assert h.frames_until(lambda: channel.seq > before), h.texts()
        assert channel.step.state.rooms[1] == to
        h.frames(3)
        row = log.inputs(channel.session.game_id)[-1]
        assert row.kind == "key" and row.source == f"table:{reader(to)}"
        assert f"Seat 2 opens the red door into room {to}" in h.texts()


def test_a_live_castle_whose_readers_cannot_start_says_why_and_plays_by_touch(make_app):
    h = make_app(seed=3, table="live", backend="pi")  # no spidev here: the pi backend fails
    h.tap(h.app.root.get_screen("attract").ids.geisterstunde)
    with pytest.warns(RuntimeWarning, match="table backend 'pi' failed"):
        h.tap(h.app.root.get_screen("ghostsetup").ids.start)
    controller = h.app.controller
    assert controller.live_table is None and controller.channel.step.state.config.cards == "virtual"
    assert "The table's readers are not working" in h.texts()
    assert h.find(name="crest-lily")  # the plan pad: touch play
