"""The simulator panel in a real window acts as the table's hands on the mock hardware: its buttons lay
tags on mock readers, put cards on the mock draw pad and give the tower's faces to the referee; the
scanner and the referee make the engine inputs, exactly as at the table (issue 5)."""

from __future__ import annotations

from hauntable.engine.rng import Rng
from hauntable.gamelog import GameLog
from hauntable.session import Session
from hauntable.ui.simulator import tag_uid
from hauntable.ui.widgets.prompt import ChoiceButton

TURNS = 120


def tap_sim_or_choose(h, rng: Rng) -> None:
    """What a player does next: use the panel for the table's part, else tap a listed choice."""
    for name in ("dice-tower", "sim-card", "sim-tile"):
        try:
            h.tap(h.find(name=name))
            return
        except LookupError:
            pass
    buttons = [w for w in h.walk() if isinstance(w, ChoiceButton)]
    # a group of answers opens its page; a new monster's pad is placed as the book says or left
    names = ("group-", "monster-place", "monster-back")
    buttons += [w for w in h.walk() if str(getattr(w, "name", "")).startswith(names)]
    assert buttons, f"nothing to tap on screen:\n{h.texts()}"
    moves = [b for b in buttons if b.text != "End turn"]
    pool = moves if moves and rng.below(10) < 8 else buttons
    h.tap(pool[rng.below(len(pool))])


def test_the_panel_plays_turns_through_mock_readers_scanner_and_referee(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(seed=3, log=log)
        h.tap_text("Touch to play")
        h.tap_text("Start the game")
        sim = h.app.controller.simulator
        h.tap(h.find("Go East\n?"))
        h.tap_text("Lay next tile")
        state = h.app.controller.channel.step.state
        (tile,) = [n for n, p in state.house.items() if (p.floor, p.x, p.y) == ("ground", 4, 0)]
        assert f"Laid the {tile} at 4,0." in h.texts()
        assert sim.backend.reader("ground:4,0").tags == {tag_uid("tile", tile)}  # a tag on the reader
        assert sim.scanner.present("ground:4,0") == {tag_uid("tile", tile)}  # the scanner saw it

        h.tap_text("Pull / return tile")  # lift it: the referee pauses play until it is back
        assert f"The {tile} was lifted off its cell: put it back." in h.texts()
        assert sim.referee.paused and sim.referee.pause_message() == f"Put the {tile} back at ground 4,0"
        h.tap_text("Pull / return tile")
        assert f"The {tile} is back on its cell." in h.texts() and not sim.referee.paused

        rng = Rng(5)
        for _ in range(TURNS):
            if h.app.root.current != "play":
                break
            tap_sim_or_choose(h, rng)
            assert h.app.controller.channel.last_refusal is None, h.app.controller.channel.last_refusal

        game_id = h.app.controller.channel.session.game_id
        logged = log.inputs(game_id)
        by_kind: dict[str, set[str]] = {}
        for row in logged:
            by_kind.setdefault(row.kind, set()).add(row.source)
        assert all(s.startswith("table:") for s in by_kind["place"])  # every tile: a reader saw it
        assert by_kind["card"] == {"table:draw"}  # every card: the draw pad's reader
        assert all(s.startswith("virtual-tower:") for s in by_kind["roll"])  # via the referee's on_roll
        assert len([r for r in logged if r.kind == "place"]) >= 4
        assert Session.resume(log, game_id).state_hash == h.app.controller.channel.session.state_hash


def test_a_tap_while_a_house_tile_is_off_the_table_is_refused_until_it_is_back(make_app):
    h = make_app(seed=5)  # the first tile laid has no card: the turn prompt comes back
    h.tap_text("Touch to play")
    h.tap_text("Start the game")
    h.tap(h.find("Go East\n?"))
    h.tap_text("Lay next tile")
    h.tap_text("Pull / return tile")  # a tile of the house lifted: play waits for it
    seq = h.app.controller.channel.seq
    h.tap_text("End turn")
    refusal = h.app.controller.channel.last_refusal
    assert refusal is not None and refusal.code == "table/paused" and h.app.controller.channel.seq == seq
    assert refusal.sentence.startswith("Play waits for the table: Put the ")
    h.tap_text("Pull / return tile")  # back on its cell
    h.tap_text("End turn")
    assert h.app.controller.channel.last_refusal is None and h.app.controller.channel.seq > seq
