"""The Geisterstunde referee on the mock reference table: plan slots, the key slot, figures in rooms.

Mock tags on mock readers go through the scanner and the referee into a logged session, as on the table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hauntable.engine.hashing import state_hash
from hauntable.gamelog import GameLog
from hauntable.games.geisterstunde import GameConfig
from hauntable.games.geisterstunde.content import load_content
from hauntable.session import Session
from hauntable.table.backends.mock import MockBackend
from hauntable.table.geisterstunde_referee import GeisterstundeReferee, castle_cells, make_referee
from hauntable.table.layout import load_layout
from hauntable.table.referee import Referee
from hauntable.table.registry import TagRegistry

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
REFERENCE = load_layout(HARDWARE / "reference.toml")
CONTENT = load_content()
CELLS = castle_cells(CONTENT)
CRESTS = ("lion", "eagle", "lily", "tower", "dragon")


def uid(n: int) -> str:
    return f"04:6E:00:00:00:{n // 256:02X}:{n % 256:02X}"


@pytest.fixture
def registry():
    reg = TagRegistry(":memory:")
    for i, crest in enumerate(CRESTS):
        reg.enrol(uid(i), "card", f"ghost-{crest}")
    for i, key in enumerate(sorted(set(CONTENT.keys))):
        for copy in range(3):
            reg.enrol(uid(100 + 3 * i + copy), "card", key, copies=3)
    for seat in range(4):
        reg.enrol(uid(200 + seat), "figure", str(seat + 1))
    try:
        yield reg
    finally:
        reg.close()


def ghost(crest: str) -> str:
    return uid(CRESTS.index(crest))


def key(name: str, copy: int = 0) -> str:
    return uid(100 + 3 * sorted(set(CONTENT.keys)).index(name) + copy)


def figure(seat: int) -> str:
    return uid(200 + seat)


def cell(room: str) -> str:
    floor, x, y = CELLS[room]
    return f"{floor}:{x},{y}"


class Table:
    """backend -> scanner -> referee -> session, for a 3-player table-mode game (Anna the ghost)."""

    def __init__(self, tmp_path, registry, cards: str = "table", seed: int = 0):
        from hauntable.table.scanner import Scanner

        self.backend = MockBackend(REFERENCE)
        config = GameConfig.quick(3, cards=cards, seed=seed)
        self.session = Session.new("geisterstunde", config, log=GameLog(tmp_path / "g.sqlite3"))
        self.scanner = Scanner(self.backend.readers(), self.backend.clock)
        self.private: list[tuple[int, str]] = []
        self.referee = GeisterstundeReferee(
            self.session,
            REFERENCE,
            registry,
            scanner=self.scanner,
            on_private=lambda s, t: self.private.append((s, t)),
        )
        self.verdicts = []
        self.scanner.on_event = lambda e: self.verdicts.append(self.referee.observe(e))

    def lay(self, tag: str, reader: str):
        """Place a tag and scan until the table has seen it; return what the referee said."""
        self.backend.reader(reader).place(tag)
        return self.run(lambda: tag in self.scanner.present(reader))

    def lift(self, tag: str, reader: str):
        self.backend.reader(reader).lift(tag)
        return self.run(lambda: tag not in self.scanner.present(reader))

    def run(self, seen):
        self.verdicts.clear()
        assert self.scanner.run_until(seen, timeout=30)
        return [v for v in self.verdicts if v.message or v.accepted]

    def card(self, name: str, reader: str = "key", copy: int = 0):
        """Lay a key card on a slot and take it off again (to the hand or the discard pile)."""
        verdicts = self.lay(key(name, copy), reader)
        self.lift(key(name, copy), reader)
        return verdicts

    @property
    def state(self):
        return self.session.step.state

    @property
    def awaiting(self):
        return self.session.step.awaiting


HANDS = {
    1: ("red-eagle", "green-lion", "blue-tower", "green-dragon"),
    2: ("blue-lily", "red-lion", "green-eagle", "blue-dragon"),
}


@pytest.fixture
def table(tmp_path, registry) -> Table:
    t = Table(tmp_path, registry)
    for seat in (1, 2):
        for name in HANDS[seat]:
            (v,) = t.card(name, "draw")
            assert v.accepted, v.message
    assert t.awaiting.kind == "plan"
    for seat, room in ((0, "dungeon"), (1, "02"), (2, "02")):
        t.lay(figure(seat), cell(room))
    return t


def test_G1_3_the_deal_is_read_card_by_card_and_figures_on_their_start_rooms_are_quiet(table):
    assert table.state.hands[1] == HANDS[1] and table.state.hands[2] == HANDS[2]
    assert table.referee.paused is False
    assert set(table.scanner.expected) >= {"ghost:1", "ghost:2", "ghost:3", "ghost:4"}


def test_G2_the_plan_slots_read_face_down_cards_and_four_good_cards_are_the_plan(table):
    before = len(table.referee.messages)
    for slot, crest in enumerate(("lily", "dragon", "eagle"), 1):
        (v,) = table.lay(ghost(crest), f"ghost:{slot}")
        assert not v.accepted and v.seat == 0  # told to the ghost alone
    assert table.awaiting.kind == "plan"
    (v,) = table.lay(ghost("tower"), "ghost:4")
    assert v.accepted and table.state.plan == ("lily", "dragon", "eagle", "tower")
    public = table.referee.messages[before:]
    assert public and not any(c in m for m in public for c in CRESTS)  # nothing public names a crest
    assert "The ghost lays 4 cards face down (G2.4)" in public[-1]


def test_G2_2_an_impossible_card_is_refused_at_once_privately(table):
    (v,) = table.lay(ghost("tower"), "ghost:1")
    assert not v.accepted and v.seat == 0 and v.rejection.rule == "G2.2"
    assert table.private[-1] == (0, v.message) and v.message not in table.referee.messages
    table.lift(ghost("tower"), "ghost:1")
    table.lay(ghost("lily"), "ghost:1")
    verdict = table.referee.confirm_plan()
    assert verdict.accepted and table.state.plan == ("lily",)


def test_G3_2_a_key_on_the_key_slot_moves_the_runner_and_the_figure_follows_quietly(table, tmp_path):
    table.lay(ghost("lily"), "ghost:1")
    table.referee.confirm_plan()
    (v,) = table.card("green-lion")
    assert v.accepted and table.state.rooms[1] == "12"
    assert "Ben opens the green door into room 12" in v.message
    table.lift(figure(1), cell("02"))
    assert table.lay(figure(1), cell("12")) == []  # where the game says: nothing to say
    with GameLog(tmp_path / "g.sqlite3") as log:
        resumed = Session.resume(log, table.session.game_id)
        assert log.inputs(table.session.game_id)[-1].payload == {
            "kind": "key",
            "card": "green-lion",
            "source": "table:key",
        }
    assert resumed.state_hash == table.session.state_hash


def test_G3_2_a_figure_moved_through_a_door_whose_key_the_runner_holds_plays_that_key(table):
    table.lay(ghost("lily"), "ghost:1")
    table.referee.confirm_plan()
    table.lift(figure(1), cell("02"))
    (v,) = table.lay(figure(1), cell("01"))  # 02 -> 01 is the red door; Ben holds red-eagle
    assert v.accepted and table.state.rooms[1] == "01" and table.state.hands[1][0] == "green-lion"


def test_G3_2_a_figure_set_down_beyond_a_door_before_its_lift_is_read_still_plays_the_key(table):
    """A hand moves a figure faster than a scan cycle: the room beyond the door (read first on a turn)
    sees it arrive before the Schatzkammer's reader, which still holds Cleo's figure, reads it gone. The
    readers report in the schedule's order, not the hand's: the move counts, and the late lift is quiet."""
    table.lay(ghost("lily"), "ghost:1")
    table.referee.confirm_plan()
    table.backend.reader(cell("02")).lift(figure(1))
    table.backend.reader(cell("01")).place(figure(1))
    (v,) = table.run(lambda: figure(1) in table.scanner.present(cell("01")))
    assert figure(1) in table.scanner.present(cell("02"))  # the arrival was read first
    assert v.accepted and table.state.rooms[1] == "01" and table.state.hands[1][0] == "green-lion"
    assert table.run(lambda: figure(1) not in table.scanner.present(cell("02"))) == []
    table.backend.reader(cell("01")).lift(figure(1))  # on through the blue door of 01, as fast
    table.backend.reader(cell("00")).place(figure(1))
    (v,) = table.run(lambda: figure(1) in table.scanner.present(cell("00")))
    assert v.accepted and table.state.rooms[1] == "00" and not table.referee.paused


def test_G3_2_a_figure_first_seen_beyond_a_door_it_was_not_lifted_from_plays_nothing(table):
    """After a key on the key slot the game has the figure one room on; set down one door further while
    the table still reads it in the Schatzkammer, it is told where it belongs and plays no second key."""
    table.lay(ghost("lily"), "ghost:1")
    table.referee.confirm_plan()
    (v,) = table.card("green-lion")
    assert v.accepted and table.state.rooms[1] == "12"
    hand = table.state.hands[1]
    table.backend.reader(cell("02")).lift(figure(1))
    table.backend.reader(cell("13")).place(figure(1))  # 12 -> 13 is a red door, and Ben holds red-eagle
    (v,) = table.run(lambda: figure(1) in table.scanner.present(cell("13")))
    assert not v.accepted and v.message == "Ben's figure belongs in room 12"
    assert table.state.rooms[1] == "12" and table.state.hands[1] == hand


def test_G3_2_figures_moved_through_doors_play_keys_and_a_move_through_a_wall_is_caught_and_play_waits(table):
    table.lay(ghost("lily"), "ghost:1")
    table.referee.confirm_plan()
    table.card("green-lion")  # Ben: 02 -> 12, left: red-eagle, blue-tower, green-dragon
    table.lift(figure(1), cell("02"))
    table.lay(figure(1), cell("12"))
    table.lift(figure(1), cell("12"))
    (v,) = table.lay(figure(1), cell("02"))  # back north through the green door: green-dragon opens it
    assert v.accepted
    table.lift(figure(1), cell("02"))
    (v,) = table.lay(figure(1), cell("03"))  # 02 -> 03 is blue: Ben holds blue-tower, fine too
    assert v.accepted
    table.lift(figure(1), cell("03"))
    (v,) = table.lay(figure(1), cell("04"))  # 03 -> 04 is red: red-eagle, fine
    assert v.accepted and table.state.hands[1] == ()
    # Ben's hand is empty: his move ended; 04 shows the dragon, the table cannot see the pile: he passes
    assert table.awaiting.kind == "draw" and table.awaiting.optional
    table.session.submit(table.session.game.inputs.parse("pass"), source="touch")
    table.referee.refresh()
    # Cleo now walks through a wall
    assert table.awaiting.player == 2
    before = state_hash(table.state)
    table.lift(figure(2), cell("02"))
    (v,) = table.lay(figure(2), cell("13"))
    assert not v.accepted and "No door leads from the Schatzkammer to room 13 (G3.2)" in v.message
    assert "Put Cleo's figure back in the Schatzkammer" in v.message and table.referee.paused
    assert state_hash(table.state) == before
    (v,) = table.card("red-lion")  # nothing else counts while a figure is astray
    assert not v.accepted and v.message == "Put Cleo's figure back in the Schatzkammer"
    table.lift(figure(2), cell("13"))
    (v,) = table.lay(figure(2), cell("02"))
    assert not table.referee.paused and "is back" in v.message


def test_G3_3_a_door_whose_key_is_not_in_hand_is_named(table):
    table.lay(ghost("lily"), "ghost:1")
    table.referee.confirm_plan()
    table.session.submit(table.session.game.inputs.parse("skip"), source="touch")
    table.referee.refresh()
    (v,) = table.card("red-tower", "draw")  # Ben's skip card, read on the draw pad
    assert v.accepted and table.awaiting.kind == "discard"
    (v,) = table.card("red-tower")
    assert v.accepted and table.awaiting.player == 2
    table.lift(figure(2), cell("02"))
    # Cleo holds blue-lily, red-lion, green-eagle, blue-dragon: all three doors are open to her;
    # take the red key away first by playing it, then try the red door of room 01 back east
    (v,) = table.card("red-lion")
    assert v.accepted and table.state.rooms[2] == "01"
    table.lay(figure(2), cell("01"))
    table.lift(figure(2), cell("01"))
    (v,) = table.lay(figure(2), cell("02"))
    assert (
        not v.accepted
        and "Cleo holds no red key for the door from room 01 to the Schatzkammer (G3.3)" in v.message
    )


def test_G5_1_moving_the_ghost_to_its_next_room_turns_the_card_over_and_catches(table):
    table.lay(ghost("lily"), "ghost:1")
    table.lay(ghost("dragon"), "ghost:2")
    table.referee.confirm_plan()
    for _ in range(2):  # both runners skip and read their card
        table.session.submit(table.session.game.inputs.parse("skip"), source="touch")
        table.referee.refresh()
        card = "red-tower" if table.awaiting.player == 1 else "blue-eagle"
        table.card(card, "draw")
        table.card(card)  # a hand of five: the same card goes to the discard pile
    assert table.awaiting.kind == "reveal"
    table.lift(figure(0), cell("dungeon"))
    (v,) = table.lay(figure(0), cell("13"))  # not where its first card leads
    assert not v.accepted and table.referee.paused
    table.lift(figure(0), cell("13"))
    table.lay(figure(0), cell("dungeon"))
    table.lift(figure(0), cell("dungeon"))
    (v,) = table.lay(figure(0), cell("02"))
    assert v.accepted and "The ghost turns over the Lily and floats into the Schatzkammer" in v.message
    assert table.awaiting.kind == "victim"  # two runners in the Schatzkammer: the ghost picks


def test_make_referee_picks_the_games_referee(tmp_path, registry):
    g = Session.new("geisterstunde", GameConfig.quick(2, cards="table"))
    assert isinstance(make_referee(g, REFERENCE, registry), GeisterstundeReferee)
    from hauntable.games.betrayal import GameConfig as BetrayalConfig

    betrayal = Session.new("betrayal", BetrayalConfig.quick("zoe", "ox", "vivian", board="table7"))
    assert isinstance(make_referee(betrayal, REFERENCE, registry), Referee)


def test_the_castle_lies_on_the_reference_grid_with_the_verlies_north_of_the_treasury():
    assert CELLS["02"] == ("ground", 3, 5) and CELLS["dungeon"] == ("ground", 3, 6)
    assert CELLS["40"] == ("ground", 1, 1) and CELLS["44"] == ("ground", 5, 1)
    assert all(REFERENCE.cell_reader(*c) is not None for c in CELLS.values())


def test_G2_cards_left_on_the_plan_slots_from_the_last_round_count_for_the_next_plan(table):
    table.lay(ghost("lily"), "ghost:1")
    table.referee.confirm_plan()
    for _ in range(2):
        table.session.submit(table.session.game.inputs.parse("skip"), source="touch")
        table.referee.refresh()
        card = "red-tower" if table.awaiting.player == 1 else "blue-eagle"
        table.card(card, "draw")
        table.card(card)
    table.session.submit(table.session.game.inputs.parse("reveal"), source="touch")
    table.session.submit(table.session.game.inputs.parse("catch 1"), source="touch")
    table.referee.refresh()  # Ben is the ghost now; Anna's lily still lies on slot 1
    assert table.awaiting.kind == "plan" and table.awaiting.player == 1
    (v,) = table.lay(ghost("dragon"), "ghost:2")  # no gap: slot 1 holds the lily
    assert v.seat == 1 and "2 card(s) lie" in v.message
    assert table.referee.confirm_plan().accepted and table.state.plan == ("lily", "dragon")
