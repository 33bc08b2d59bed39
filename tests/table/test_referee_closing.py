"""The referee while a closed floor is rearranged (rule B3.3): a closing tile laid on the table is refused
while another tile could keep the floor open; when none can, it is accepted, the players are told what
to change, a moved tile is seen arriving at its new cell and a turn is confirmed on the screen."""

from __future__ import annotations

import tablekit
from tablekit import table_session

from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import Choose
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile, RearrangeFloor
from hauntable.games.betrayal.rules import action_prompt
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.world import World

CONTENT = load_content()
registry = tablekit.registry
TAGS = {
    "Storeroom": "04:B3:00:00:00:00:01",
    "Crypt": "04:B3:00:00:00:00:02",
    "Pentagram Chamber": "04:B3:00:00:00:00:03",
    "Vault": "04:B3:00:00:00:00:04",
    "Kitchen": tablekit.KITCHEN,  # enrolled by tablekit
    "Gymnasium": "04:B3:00:00:00:00:06",
    "Operating Laboratory": "04:B3:00:00:00:00:07",
    "Stairs from Basement": "04:B3:00:00:00:00:08",
}
ONE_DOOR = ("Storeroom", "Stairs from Basement", "Mystic Elevator")
# the basement landing (table7: basement 3,3) with dead ends north, east and south; west is the last doorway
DEAD_ENDS = {"Crypt": (3, 4, 2), "Pentagram Chamber": (4, 3, 2), "Vault": (3, 2, 0)}
# the Kitchen north of the landing, its east door against the back of the Vault: it can turn
TURNABLE = {"Kitchen": (3, 4, 1), "Pentagram Chamber": (4, 3, 2), "Vault": (4, 4, 2), "Crypt": (3, 2, 0)}


class Table(tablekit.RefereeTable):
    """Tiles laid and lifted by name (``TAGS``), scanned for a second; only the verdicts with a message."""

    def lay(self, name: str, reader: str, seconds: float = 1.0):
        return [v for v in super().lay(TAGS[name], reader, seconds) if v.message]

    def lift(self, name: str, reader: str, seconds: float = 1.0):
        return [v for v in super().lift(TAGS[name], reader, seconds) if v.message]


# every room holds someone or something, so none can shift; the Gymnasium and the Kitchen can swap
SWAPPABLE = {
    "Operating Laboratory": (2, 3, 3),
    "Vault": (4, 3, 3),
    "Gymnasium": (2, 4, 0),
    "Kitchen": (3, 4, 2),
}


def basement_table(registry, rooms, only_one_door=True, door="W", at=None, tokens=None) -> Table:
    """Zoe on the basement landing among ``rooms`` {name: (x, y, rotation)}, the tiles already on their
    readers, other explorers ``at`` {seat: room}, ``tokens`` lying about; with ``only_one_door`` the
    basement tiles out of the house cannot keep a doorway open. Zoe then goes through ``door``."""
    for name, uid in TAGS.items():
        if registry.lookup(uid) is None:
            registry.enrol(uid, "tile", name)
    session = table_session()
    s = session.step.state
    for name, (x, y, rotation) in rooms.items():
        s.house[name] = Placed("basement", x, y, rotation)
        s.stack.remove(name)
    s.house_changed()
    s.explorers[s.turn.seat].room = "Basement Landing"
    for seat, room in (at or {}).items():
        s.explorers[seat].room = room
    s.tokens.update(tokens or {})
    if only_one_door:
        s.stack = [t for t in s.stack if "basement" not in CONTENT.rooms[t].floors or t in ONE_DOOR]
    s.awaiting = action_prompt(World(s, CONTENT))
    table = Table(session, registry)
    for name, (x, y, _) in rooms.items():
        assert table.lay(name, f"basement:{x},{y}") == []  # already in the house: nothing to say
    session.submit(session.game.inputs.parse(f"move {door}"), source="touch")
    table.referee.refresh()
    assert isinstance(table.awaiting, AwaitTile)
    return table


def test_B3_3_a_closing_tile_is_refused_with_the_rule_while_another_tile_could_keep_it_open(registry):
    table = basement_table(registry, DEAD_ENDS, only_one_door=False)
    (verdict,) = table.lay("Storeroom", "basement:2,3")
    assert not verdict.accepted and verdict.rejection.rule == "B3.3"
    assert "would close the basement" in verdict.message and "draw again" in verdict.message
    assert "Storeroom" not in table.session.step.state.house


def test_B3_3_a_moved_tile_seen_at_its_new_cell_confirms_the_rearrangement(registry):
    table = basement_table(registry, DEAD_ENDS)
    (verdict,) = table.lay("Storeroom", "basement:2,3")
    assert verdict.accepted and isinstance(table.awaiting, RearrangeFloor)
    assert "move the Crypt from basement 3,4 to basement 3,5" in verdict.message
    assert "basement:3,5" in table.referee.lit_places() and "basement:3,5" in table.scanner.expected
    assert table.lift("Crypt", "basement:3,4") == []  # lifting it is expected: no pause
    assert not table.referee.paused
    (verdict,) = table.lay("Crypt", "basement:2,4")
    assert not verdict.accepted and verdict.message == "Lay the Crypt at basement 3,5 (B3.3)"
    table.lift("Crypt", "basement:2,4")
    (verdict,) = table.lay("Crypt", "basement:3,5")
    assert verdict.accepted  # the referee answered done itself: nothing to turn
    assert isinstance(table.awaiting, AwaitCard)
    assert table.session.step.state.current.room == "Storeroom"


def test_B3_3_a_turn_cannot_be_read_so_the_players_confirm_it(registry):
    table = basement_table(registry, TURNABLE)
    (verdict,) = table.lay("Storeroom", "basement:2,3")
    assert isinstance(table.awaiting, RearrangeFloor)
    assert "turn the Kitchen (basement 3,4) a quarter turn clockwise" in verdict.message
    assert "basement:3,4" in table.referee.lit_places()
    (verdict,) = table.lift("Kitchen", "basement:3,4")  # lifted to turn it: put it back
    assert verdict.message == "Put the Kitchen back at basement 3,4"
    (verdict,) = table.lay("Kitchen", "basement:3,4")
    assert verdict.message == "The Kitchen is back"
    assert isinstance(table.awaiting, RearrangeFloor)  # the reader cannot tell it was turned
    table.session.submit(Choose("done"), source="touch")
    table.referee.refresh()
    assert isinstance(table.awaiting, AwaitCard)
    assert table.session.step.state.house["Kitchen"].rotation == 2


def test_B3_3_a_swap_is_seen_tile_by_tile_and_confirmed_when_both_are_in_place(registry):
    at = {1: "Gymnasium", 2: "Kitchen"}
    tokens = {"item:Axe": "Operating Laboratory", "item:Rope": "Vault"}
    table = basement_table(registry, SWAPPABLE, door="S", at=at, tokens=tokens)
    (verdict,) = table.lay("Stairs from Basement", "basement:3,2")
    assert verdict.accepted and isinstance(table.awaiting, RearrangeFloor)
    assert "move the Gymnasium from basement 2,4 to basement 3,4, turned the same way" in verdict.message
    assert "move the Kitchen from basement 3,4 to basement 2,4, turned the same way" in verdict.message
    assert table.lift("Gymnasium", "basement:2,4") == []
    (verdict,) = table.lay("Gymnasium", "basement:3,4")  # the Kitchen still lies there
    assert "stacked" in verdict.message and isinstance(table.awaiting, RearrangeFloor)
    (verdict,) = table.lift("Kitchen", "basement:3,4")  # the Gymnasium is left alone: in place
    assert verdict.good_news and verdict.message.startswith("The Gymnasium is in place")
    assert "lay the Kitchen at basement 2,4" in verdict.message
    (verdict,) = table.lay("Kitchen", "basement:2,4")
    assert verdict.accepted and not isinstance(table.awaiting, RearrangeFloor)
    assert table.session.step.state.explorers[1].room == "Gymnasium"  # Ox went with his room
