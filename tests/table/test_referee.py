"""The referee end to end: mock tags on mock readers change the engine's state through a logged Session,
and every refusal is a sentence that changes nothing."""

from __future__ import annotations

import pytest
import tablekit
from tablekit import ATTIC, AXE, CRYSTAL_BALL, DINING, HALLWAY, KITCHEN, STRANGER, table_session

from hauntable.gamelog import GameLog
from hauntable.games.betrayal.inputs import Rotate
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile, ChooseAction, ChooseRotation, RollDice
from hauntable.session import Session

registry = tablekit.registry


Table = tablekit.RefereeTable


@pytest.fixture
def table(tmp_path, registry):
    return Table(table_session(tmp_path), registry)


def told(verdicts):
    """The verdicts that told the players something."""
    return [v for v in verdicts if v.message]


def start_discovery(table: Table) -> None:
    table.session.submit(table.session.game.inputs.parse("move E"), source="touch")
    table.referee.refresh()  # the UI calls this after a touch input


def test_a_placed_tag_changes_the_engines_state_and_is_logged(table, tmp_path):
    start_discovery(table)
    assert isinstance(table.awaiting, AwaitTile) and table.scanner.expected == ("ground:4,0",)
    before = table.session.state_hash
    (verdict,) = table.lay(HALLWAY, "ground:4,0")
    assert verdict.accepted
    assert table.session.step.state.house["Creaky Hallway"].x == 4  # one legal turn: no question asked
    assert table.session.state_hash != before
    with GameLog(tmp_path / "table.sqlite3") as log:
        resumed = Session.resume(log, table.session.game_id)
    assert resumed.state_hash == table.session.state_hash
    with GameLog(tmp_path / "table.sqlite3") as log:
        logged = log.inputs(table.session.game_id)[-1].payload
    assert logged["kind"] == "place" and logged["source"] == "table:ground:4,0"


def test_rotation_is_asked_only_when_several_are_legal(table):
    start_discovery(table)
    (verdict,) = table.lay(KITCHEN, "ground:4,0")
    assert verdict.accepted and isinstance(table.awaiting, ChooseRotation)
    assert verdict.message == "Zoe Ingstrom: which way is the Kitchen turned?"
    table.session.submit(Rotate(3), source="touch")
    table.referee.refresh()
    assert isinstance(table.awaiting, AwaitCard) and table.scanner.expected == ("draw",)


def test_a_card_on_the_draw_pad_becomes_the_awaited_draw(table):
    start_discovery(table)
    table.lay(KITCHEN, "ground:4,0")
    table.session.submit(Rotate(3), source="touch")
    table.referee.refresh()
    (verdict,) = table.lay(AXE, "draw")
    assert not verdict.accepted and verdict.message == "That is an Item card; this room asks for an Omen."
    assert isinstance(table.awaiting, AwaitCard)
    table.lift(AXE, "draw")
    (verdict,) = table.lay(CRYSTAL_BALL, "draw")
    assert verdict.accepted
    assert table.session.step.state.explorers[0].omens == ["Crystal Ball"]


def test_a_lifted_tile_pauses_play_until_it_is_back(table):
    start_discovery(table)
    table.lay(HALLWAY, "ground:4,0")
    (verdict,) = table.lift(HALLWAY, "ground:4,0", seconds=1.0)  # no longer expected: within a cycle
    assert verdict.message == "Put the Creaky Hallway back at ground 4,0"
    assert table.referee.paused and "ground:4,0" in table.scanner.expected
    assert table.referee.on_roll([1, 1], "tower:1") is False
    assert table.referee.messages[-1] == "Put the Creaky Hallway back at ground 4,0"
    (verdict,) = table.lay(HALLWAY, "ground:5,0")  # the wrong cell: still paused
    assert table.referee.paused and verdict.message == "Put the Creaky Hallway back at ground 4,0"
    table.lift(HALLWAY, "ground:5,0")
    before = table.session.state_hash
    (verdict,) = table.lay(HALLWAY, "ground:4,0")
    assert not table.referee.paused and verdict.message == "The Creaky Hallway is back"
    assert table.session.state_hash == before


def test_a_roll_nobody_asked_for_is_refused_and_an_awaited_one_applied(table):
    before = table.session.state_hash
    assert table.referee.on_roll([2, 1, 0], "tower:1") is False
    assert table.referee.messages[-1] == "No roll expected now"
    assert table.session.state_hash == before
    start_discovery(table)
    table.lay(KITCHEN, "ground:4,0")
    table.session.submit(Rotate(3), source="touch")
    table.referee.refresh()
    table.lay(CRYSTAL_BALL, "draw")
    table.session.submit(table.session.game.inputs.parse("end"), source="touch")
    assert isinstance(table.awaiting, RollDice) and table.awaiting.dice == 6
    assert table.referee.on_roll([1, 1], "tower:1") is False  # the engine's sentence: six dice needed
    assert table.referee.on_roll([1, 1, 1, 1, 1, 1], "tower:1") is True
    assert table.session.step.state.seq == 6


def test_every_rejection_shows_its_sentence_and_changes_nothing(table):
    start_discovery(table)
    before = table.session.state_hash
    (verdict,) = table.lay(ATTIC, "ground:4,0")
    assert verdict.rejection.rule == "B3.1" and "cannot go on the ground floor" in verdict.message
    table.lift(ATTIC, "ground:4,0")
    (verdict,) = table.run(1.0) or [None]  # nothing else happens while the Attic is taken back
    assert verdict is None
    assert table.session.state_hash == before


def test_an_unknown_tag_is_a_message_never_a_crash(table):
    verdicts = table.lay(STRANGER, "ground:4,0")
    assert [v.message for v in verdicts] == [
        f"Unknown tag {STRANGER}: the operator enrols it in the admin menu (Enrol tags) "
        "or with hauntable enroll"
    ]


def test_a_tile_laid_beyond_an_open_door_moves_the_explorer_there(table):
    assert isinstance(table.awaiting, ChooseAction)
    assert set(table.scanner.expected) == {"ground:4,0", "ground:2,0"}  # east and west of the Entrance Hall
    (verdict,) = table.lay(HALLWAY, "ground:2,0")
    assert verdict.accepted
    assert table.session.step.state.current.room == "Creaky Hallway"
    assert table.session.step.state.seq == 2  # move W, then the placement


def test_the_referee_reports_every_step_it_made_in_order(table):
    steps = []
    table.referee.on_step = steps.append
    table.lay(HALLWAY, "ground:2,0")  # a move and a placement: two steps, both for the screen
    assert [s.state.seq for s in steps] == [1, 2] and steps[-1] is table.session.step


def test_a_tile_that_does_not_fit_beyond_a_door_moves_nobody(table):
    before = table.session.state_hash
    (verdict,) = table.lay(ATTIC, "ground:2,0")
    assert not verdict.accepted and verdict.message
    assert table.session.state_hash == before


def test_a_card_on_a_cell_and_a_tile_on_the_draw_pad_are_explained(table):
    assert table.lay(AXE, "ground:4,0")[0].message == "Axe is a card: lay it on the draw pad"
    table.referee.session.submit(table.session.game.inputs.parse("move E"))
    table.referee.refresh()
    table.lay(DINING, "draw", seconds=1.0)
    assert "The Dining Room is a room tile: lay it in the house" in table.referee.messages


def test_a_reader_that_stops_answering_is_reported_by_cell(table):
    table.backend.reader("ground:4,0").dead = True
    verdicts = table.run(1.0)
    assert [v.message for v in verdicts if v.message] == [
        "Reader ground 4,0 is not answering (reader ground:4,0 (spi0 dec 4): no interrupt from the chip)"
    ]


def test_two_tiles_stacked_on_a_cell_are_told_and_nothing_is_placed(table):
    start_discovery(table)
    before = table.session.state_hash
    table.backend.reader("ground:4,0").place(ATTIC)
    (verdict,) = told(table.lay(HALLWAY, "ground:4,0"))  # both land in the same read: neither is placed
    assert (
        verdict.message
        == "2 tiles are stacked on ground 4,0 (the Attic and the Creaky Hallway): leave only one there"
    )
    assert table.session.state_hash == before and not verdict.accepted
    (verdict,) = told(table.lift(ATTIC, "ground:4,0"))  # the Hallway alone now: it is laid
    assert verdict.accepted and "Creaky Hallway" in table.session.step.state.house


def test_two_cards_on_the_draw_pad_are_told(table):
    start_discovery(table)
    table.lay(KITCHEN, "ground:4,0")
    table.session.submit(Rotate(3), source="touch")
    table.referee.refresh()
    table.backend.reader("draw").place(AXE)
    (verdict,) = told(table.lay(CRYSTAL_BALL, "draw"))
    assert (
        verdict.message == "2 cards lie on the draw pad: the Axe and the Crystal Ball. Lay one card at a time"
    )
    assert isinstance(table.awaiting, AwaitCard)
