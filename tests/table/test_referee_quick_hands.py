"""Betrayal's referee against hands quicker than the scan cycle (the Geisterstunde bug of ac211ed).

The cells the game expects (beyond the doors, the awaited tile's cell, the draw pad) are read every
12 ms; the rest of the table in a background cycle of about a quarter second, and a cell holding two tags
gets a full read only every fourth visit. A piece lifted from one reader and set down on an expected one
in one motion is therefore read arriving before it is read gone. Each test below makes that motion
(``hand``: lift and set down with no read between) and checks that the referee judges the piece by
where it went, whichever of the two readings came first.
"""

from __future__ import annotations

import pytest
import tablekit
from tablekit import AXE, CRYSTAL_BALL, HALLWAY, KITCHEN, table_session
from test_referee_closing import DEAD_ENDS, TAGS, basement_table

from hauntable.games.betrayal.inputs import Rotate
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile, ChooseAction, RearrangeFloor
from hauntable.table.referee import IGNORED

registry = tablekit.registry
ENTRANCE_HALL = "04:A2:5B:1C:7F:80:10"
FIGURE_1, FIGURE_2 = "04:6E:00:00:00:00:C8", "04:6E:00:00:00:00:C9"  # the castle's seat figures


@pytest.fixture
def table(registry):
    registry.enrol(ENTRANCE_HALL, "tile", "Entrance Hall")
    registry.enrol(FIGURE_1, "figure", "1")  # one registry per table: the castle's figures are in it
    registry.enrol(FIGURE_2, "figure", "2")
    table = tablekit.RefereeTable(table_session(), registry)
    assert table.lay(ENTRANCE_HALL, "ground:3,0", 1.0) == [IGNORED]  # in the house already
    return table


def hand(table, uid: str, start: str, to: str) -> None:
    """Lift ``uid`` from ``start`` and set it down on ``to`` in one motion: no read between."""
    table.backend.reader(start).lift(uid)
    table.backend.reader(to).place(uid)


def until_read(table, uid: str, reader: str) -> list:
    """Scan until ``reader`` counts ``uid`` as laid; the verdicts of the way there."""
    table.verdicts.clear()
    assert table.scanner.run_until(lambda: uid in table.scanner.present(reader), 1.0)
    return [v for v in table.verdicts if v.message]


def start_discovery(table) -> None:
    table.session.submit(table.session.game.inputs.parse("move E"), source="touch")
    table.referee.refresh()


def test_B3_2_a_tile_first_laid_on_a_wrong_cell_and_moved_to_the_lit_one_in_one_motion_is_placed(table):
    start_discovery(table)
    (verdict,) = [v for v in table.lay(HALLWAY, "ground:0,0", 1.0) if v.message]
    assert verdict.message == "Lay the tile at ground 4,0, beyond the door that was used."
    hand(table, HALLWAY, "ground:0,0", "ground:4,0")
    (verdict,) = until_read(table, HALLWAY, "ground:4,0")
    assert HALLWAY in table.scanner.present("ground:0,0")  # the arrival was read before the lift
    assert verdict.accepted and table.session.step.state.house["Creaky Hallway"].x == 4
    assert [v for v in table.run(1.0) if v.message] == []  # the late lift says nothing
    assert HALLWAY not in table.scanner.present("ground:0,0") and not table.referee.paused


def test_B3_2_a_tile_moved_from_a_wrong_cell_to_beyond_a_door_in_one_motion_moves_the_explorer(table):
    assert isinstance(table.awaiting, ChooseAction)
    table.lay(HALLWAY, "ground:0,0", 1.0)  # no door of the Entrance Hall leads there
    assert "Creaky Hallway" not in table.session.step.state.house
    hand(table, HALLWAY, "ground:0,0", "ground:4,0")
    (verdict,) = until_read(table, HALLWAY, "ground:4,0")
    assert HALLWAY in table.scanner.present("ground:0,0")
    assert verdict.accepted and table.session.step.state.current.room == "Creaky Hallway"
    assert [v for v in table.run(1.0) if v.message] == []


def test_B3_2_a_house_tile_set_down_beyond_a_door_before_its_lift_is_read_moves_nobody_and_pauses(table):
    """The Entrance Hall carried to the doorway east of it: read there first, it is no new room (it is in
    the house); once its lift is read play waits for it, and carried back as quickly it is back."""
    before = table.session.state_hash
    hand(table, ENTRANCE_HALL, "ground:3,0", "ground:4,0")
    assert until_read(table, ENTRANCE_HALL, "ground:4,0") == []
    assert ENTRANCE_HALL in table.scanner.present("ground:3,0")
    assert table.scanner.run_until(lambda: table.referee.paused, 2.0)
    assert table.referee.messages[-1] == "Put the Entrance Hall back at ground 3,0"
    hand(table, ENTRANCE_HALL, "ground:4,0", "ground:3,0")
    (verdict,) = until_read(table, ENTRANCE_HALL, "ground:3,0")
    assert verdict.message == "The Entrance Hall is back" and not table.referee.paused
    table.run(1.0)
    assert table.session.state_hash == before and not table.referee.paused


def test_B3_5_a_refused_card_swapped_for_the_right_one_in_one_motion_is_drawn(table):
    start_discovery(table)
    table.lay(KITCHEN, "ground:4,0")
    table.session.submit(Rotate(3), source="touch")
    table.referee.refresh()
    (verdict,) = [v for v in table.lay(AXE, "draw") if v.message]
    assert verdict.message == "That is an Item card; this room asks for an Omen."
    table.backend.reader("draw").lift(AXE)
    table.backend.reader("draw").place(CRYSTAL_BALL)
    (verdict,) = until_read(table, CRYSTAL_BALL, "draw")
    assert verdict.accepted and table.session.step.state.explorers[0].omens == ["Crystal Ball"]


def test_B3_5_a_card_laid_on_a_cell_and_moved_to_the_draw_pad_in_one_motion_is_drawn(table):
    start_discovery(table)
    table.lay(KITCHEN, "ground:4,0")
    table.session.submit(Rotate(3), source="touch")
    table.referee.refresh()
    assert isinstance(table.awaiting, AwaitCard)
    (verdict,) = [v for v in table.lay(CRYSTAL_BALL, "ground:0,0", 1.0) if v.message]
    assert verdict.message == "Crystal Ball is a card: lay it on the draw pad"
    hand(table, CRYSTAL_BALL, "ground:0,0", "draw")
    (verdict,) = until_read(table, CRYSTAL_BALL, "draw")
    assert CRYSTAL_BALL in table.scanner.present("ground:0,0")
    assert verdict.accepted and table.session.step.state.explorers[0].omens == ["Crystal Ball"]


def test_B3_3_a_moved_tile_set_down_at_its_new_cell_before_its_lift_is_read_completes_the_rearrangement(
    registry,
):
    table = basement_table(registry, DEAD_ENDS)
    (verdict,) = [v for v in table.lay("Storeroom", "basement:2,3") if v.message]
    assert isinstance(table.awaiting, RearrangeFloor) and "basement 3,5" in verdict.message
    crypt = TAGS["Crypt"]
    hand(table, crypt, "basement:3,4", "basement:3,5")
    (verdict,) = until_read(table, crypt, "basement:3,5")
    assert crypt in table.scanner.present("basement:3,4")
    assert verdict.accepted and isinstance(table.awaiting, AwaitCard)  # done, answered by the referee
    assert [v for v in table.run(1.0) if v.message] == [] and not table.referee.paused


def test_figures_standing_on_a_room_are_no_stack_of_tiles(table):
    """Betrayal reads no figures (moves are tapped), but a table's registry holds the castle's figures:
    standing on the Entrance Hall they must not be told as tiles stacked there."""
    table.backend.reader("ground:3,0").place(FIGURE_1)
    table.backend.reader("ground:3,0").place(FIGURE_2)
    assert [v for v in table.run(2.0) if v.message] == []
    assert table.scanner.present("ground:3,0") == {ENTRANCE_HALL, FIGURE_1, FIGURE_2}


def test_B3_2_a_tile_laid_beyond_a_door_with_the_explorers_figure_set_on_it_at_once_moves_the_explorer(
    table,
):
    """Zoe's figure leaves the Entrance Hall, where Ox's still stands, onto the Creaky Hallway laid beyond
    the east door in the same motion: the tile is the move and the placement, the figures nothing."""
    table.backend.reader("ground:3,0").place(FIGURE_1)
    table.backend.reader("ground:3,0").place(FIGURE_2)
    table.run(2.0)
    table.backend.reader("ground:4,0").place(HALLWAY)
    hand(table, FIGURE_1, "ground:3,0", "ground:4,0")
    verdicts = until_read(table, HALLWAY, "ground:4,0")
    assert FIGURE_1 in table.scanner.present("ground:3,0")  # Zoe's lift from the Entrance Hall not read
    assert [v.accepted for v in verdicts] == [True], [v.message for v in verdicts]
    state = table.session.step.state
    assert state.current.room == "Creaky Hallway" and state.house["Creaky Hallway"].x == 4
    assert [v for v in table.run(3.0) if v.message] == []  # the late lift, the figure settling: nothing
    assert FIGURE_1 not in table.scanner.present("ground:3,0")


def test_a_figure_moved_to_a_room_beyond_a_door_in_one_motion_plays_and_tells_nothing(table):
    """Moves are tapped in Betrayal: a figure carried through a door (the Creaky Hallway laid, Zoe's
    figure from the Entrance Hall where Ox's stands) changes nothing and says nothing."""
    table.lay(HALLWAY, "ground:4,0")
    table.session.submit(table.session.game.inputs.parse("move W"), source="touch")
    table.referee.refresh()
    assert isinstance(table.awaiting, (AwaitTile, ChooseAction))
    for figure in (FIGURE_1, FIGURE_2):
        table.backend.reader("ground:3,0").place(figure)
    table.run(2.0)
    before = table.session.state_hash
    hand(table, FIGURE_1, "ground:3,0", "ground:4,0")
    assert until_read(table, FIGURE_1, "ground:4,0") == []
    assert [v for v in table.run(3.0) if v.message] == []
    assert table.session.state_hash == before and not table.referee.paused
