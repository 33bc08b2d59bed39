"""Robustness: a hypothesis state machine throws random streams at the table referee and the engine.

Observations go through a mock table (a hand places, lifts or flickers a tag on a mock reader; the
scanner debounces; its events go to the referee) and, for speed and for what a scanner never sends, straight
through the referee's own API (``Referee.observe`` with scanner events and
``Referee.on_roll``), the way the scanner and the dice link deliver them: every room tile and card of the
game enrolled, tiles laid at random cells (often where the game expects one), unknown tags, lifts and
returns, flickers (appeared then removed at once), rolls with random faces and sources, garbage events
and garbage text; between them, random legal choices from ``session.step.awaiting.choices()`` tapped on
the screen (submitted to the session, then ``referee.refresh()``, as the UI does).

Invariants, after every step:
- nothing escapes the referee: every observation comes back as a Verdict (or a bool for a roll);
- the text front door (``inputs.parse`` + ``submit``) raises nothing but the project's HauntableError;
- a refused observation or input leaves ``state_hash(session.step.state)`` and seq unchanged;
- an accepted one moves seq on, and the log holds exactly seq 1..N with the hash of the current state;
- a listed choice is never refused;
- at the end of each example the log replays to the session's state hash, and every logged input's text
  form reads back as the same input.

CI runs a small profile (``FUZZ_EXAMPLES`` examples of up to ``FUZZ_STEPS`` steps);
``bench/fuzz_referee.py`` runs the same machine for 10,000 examples and reports the counts.
"""

from __future__ import annotations

import collections
import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from hauntable.engine.hashing import state_hash
from hauntable.engine.rejections import HauntableError, Rejection
from hauntable.gamelog import GameLog
from hauntable.games.betrayal import GameConfig
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile
from hauntable.session import Session
from hauntable.table.backends.mock import MockBackend
from hauntable.table.layout import load_layout
from hauntable.table.referee import Referee
from hauntable.table.registry import TagRegistry
from hauntable.table.scanner import ScanEvent, Scanner

FUZZ_EXAMPLES = int(os.environ.get("HAUNTABLE_FUZZ_EXAMPLES", "30"))
FUZZ_STEPS = int(os.environ.get("HAUNTABLE_FUZZ_STEPS", "40"))

HARDWARE = os.path.join(os.path.dirname(__file__), "..", "..", "hardware")
LAYOUT = load_layout(os.path.join(HARDWARE, "reference.toml"))
READERS = [spec.id for spec in LAYOUT.readers]
CONTENT = load_content()
TILES = {f"04:F1:00:00:00:00:{i:02X}": name for i, name in enumerate(CONTENT.room_tiles())}
CARDS = {f"04:F2:00:00:00:00:{i:02X}": name for i, name in enumerate(sorted(CONTENT.cards))}
UNKNOWN = ["04:A2:00:00:00:00:99", "04:F3:00:00:00:00:01", "0A:0B:0C:0D"]
GARBAGE_UIDS = ["", "zz", "04:A2", "not a uid", "04:F1:00:00:00:00:ZZ", "\x00\xff", "04-F1-00-00-00-00-01"]

#: what the machines did, summed over every example of the process (the bench prints it)
COUNTS: collections.Counter[str] = collections.Counter()


def make_registry() -> TagRegistry:
    reg = TagRegistry(":memory:")
    for uid, name in TILES.items():
        reg.enrol(uid, "tile", name)
    for uid, name in CARDS.items():
        reg.enrol(uid, "card", name)
    return reg


REGISTRY = make_registry()  # read-only during the runs: one for the whole process

text = st.text(max_size=40)
uids = st.one_of(
    st.sampled_from(sorted(TILES)), st.sampled_from(sorted(CARDS)), st.sampled_from(UNKNOWN + GARBAGE_UIDS)
)


class RefereeMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        config = GameConfig.quick(
            "zoe", "ox", "vivian", today="11-05", rooms="table", cards="table", board="table7"
        )
        self.log = GameLog(":memory:", durable=False)
        self.session = Session.new("betrayal", config, log=self.log)
        self.messages: list[str] = []
        self.backend = MockBackend(LAYOUT)  # the hands: place, lift, flicker on mock readers
        self.scanner = Scanner(self.backend.readers(), self.backend.clock)
        self.referee = Referee(
            self.session, LAYOUT, REGISTRY, scanner=self.scanner, on_message=self.messages.append
        )
        COUNTS["examples"] += 1

    def teardown(self) -> None:
        seq = self.session.step.state.seq
        if seq:  # what was logged replays to the same state, and each input's text form reads back
            game = self.session.game
            assert Session.resume(self.log, self.session.game_id, check="last").state_hash == (
                self.session.state_hash
            )
            for entry in self.log.inputs(self.session.game_id):
                inp = game.inputs.from_json(entry.payload)
                assert game.inputs.parse(str(inp)) == inp, f"{inp} does not read back"
        COUNTS["logged inputs"] += seq
        COUNTS["longest game"] = max(COUNTS["longest game"], seq)
        self.log.close()
        self.backend.close()

    # --- helpers -----------------------------------------------------------------------------------------

    def _before(self) -> tuple[int, str]:
        COUNTS["steps"] += 1
        # the hash the session computed when it logged the last input; a refusal is checked below against
        # a fresh hash of the state, which also catches a state changed in place behind the session's back
        return self.session.step.state.seq, self.session.state_hash

    def _judge(self, before: tuple[int, str], accepted: bool, what: str) -> None:
        seq, digest = before
        now = self.session.step.state.seq
        if accepted:
            COUNTS["accepted"] += 1
            assert now > seq, f"{what} was accepted but seq stayed at {seq}"
        else:
            COUNTS["refused"] += 1
            assert now == seq, f"{what} was refused but seq moved {seq} -> {now}"
            assert state_hash(self.session.step.state) == digest, f"{what} was refused but changed the state"

    def _observe(self, kind: str, reader: str, uid: str, what: str) -> None:
        before = self._before()
        verdict = self.referee.observe(ScanEvent(kind, reader, uid))
        self._judge(before, verdict.accepted, f"{what} ({kind} {reader} {uid!r})")

    def _tile_cells(self) -> list[str]:
        """Readers under the tiles of the house."""
        out = []
        for placed in self.session.step.state.house.values():
            spec = LAYOUT.cell_reader(placed.floor, placed.x, placed.y)
            if spec is not None:
                out.append(spec.id)
        return out

    # --- observations ------------------------------------------------------------------------------------

    @rule(data=st.data(), tile=st.sampled_from(sorted(TILES)))
    def lay_a_known_tile(self, data: st.DataObject, tile: str) -> None:
        expected = self.referee.expected_readers()
        if expected and data.draw(st.booleans(), label="at an expected reader"):
            reader = data.draw(st.sampled_from(expected), label="reader")
        else:
            reader = data.draw(st.sampled_from(READERS), label="reader")
        self._observe("appeared", reader, tile, "a known tile")

    @precondition(lambda self: isinstance(self.session.step.awaiting, AwaitTile))
    @rule(data=st.data())
    def lay_a_tile_where_the_game_expects_one(self, data: st.DataObject) -> None:
        awaiting = self.session.step.awaiting
        house = self.session.step.state.house
        tiles = [uid for uid, name in TILES.items() if name not in house]
        uid = data.draw(st.sampled_from(tiles or sorted(TILES)), label="tile")
        cells = [spec.id for x, y in awaiting.cells if (spec := LAYOUT.cell_reader(awaiting.floor, x, y))]
        reader = data.draw(st.sampled_from(cells or READERS), label="reader")
        self._observe("appeared", reader, uid, "a tile where one is expected")

    @precondition(lambda self: isinstance(self.session.step.awaiting, AwaitCard))
    @rule(data=st.data())
    def draw_a_card_of_the_awaited_deck(self, data: st.DataObject) -> None:
        deck = self.session.step.awaiting.deck
        cards = [uid for uid, name in CARDS.items() if CONTENT.cards[name].deck == deck]
        uid = data.draw(st.sampled_from(cards or sorted(CARDS)), label="card")
        self._observe("appeared", "draw", uid, "a card of the awaited deck")

    @rule(
        data=st.data(),
        action=st.sampled_from(["place", "lift", "flicker"]),
        uid=st.one_of(
            st.sampled_from(sorted(TILES)), st.sampled_from(sorted(CARDS)), st.sampled_from(UNKNOWN)
        ),
        seconds=st.sampled_from([0.0, 0.02, 0.06, 0.2]),
    )
    def a_hand_on_the_mock_table(self, data: st.DataObject, action: str, uid: str, seconds: float) -> None:
        """The realistic path: a hand on a mock reader, the scanner's debounced events, the referee."""
        expected = self.referee.expected_readers() + self._tile_cells()
        if expected and data.draw(st.booleans(), label="at an expected reader or a tile's cell"):
            reader = data.draw(st.sampled_from(expected), label="reader")
        else:
            reader = data.draw(st.sampled_from(READERS), label="reader")
        getattr(self.backend.reader(reader), action)(uid)
        for event in self.scanner.run_for(seconds):
            before = self._before()
            verdict = self.referee.observe(event)
            self._judge(before, verdict.accepted, f"the scanner's {event}")

    @rule(card=st.sampled_from(sorted(CARDS)), on_pad=st.booleans(), reader=st.sampled_from(READERS))
    def lay_a_card(self, card: str, on_pad: bool, reader: str) -> None:
        self._observe("appeared", "draw" if on_pad else reader, card, "a card")

    @rule(uid=st.sampled_from(UNKNOWN + GARBAGE_UIDS), reader=st.sampled_from(READERS))
    def lay_an_unknown_tag(self, uid: str, reader: str) -> None:
        self._observe("appeared", reader, uid, "an unknown tag")

    @rule(data=st.data())
    def lift_a_tile_of_the_house(self, data: st.DataObject) -> None:
        cells = self._tile_cells()
        if not cells:
            return
        reader = data.draw(st.sampled_from(cells), label="reader")
        tiles = [uid for uid, name in TILES.items() if name in self.session.step.state.house]
        uid = data.draw(st.sampled_from(tiles or sorted(TILES)), label="tile")
        self._observe("removed", reader, uid, "a lifted tile")

    @precondition(lambda self: self.referee.paused)
    @rule(data=st.data())
    def put_a_lifted_tile_back(self, data: st.DataObject) -> None:
        missing = dict(self.referee._missing)  # white box: where the referee wants each lifted tile
        name = data.draw(st.sampled_from(sorted(missing)), label="tile")
        uid = next(uid for uid, n in TILES.items() if n == name)
        spec = LAYOUT.cell_reader(*missing[name])
        wrong = data.draw(st.booleans(), label="at a wrong cell")
        reader = data.draw(st.sampled_from(READERS), label="reader") if wrong or spec is None else spec.id
        self._observe("appeared", reader, uid, "a lifted tile put back")

    @rule(uid=uids, reader=st.sampled_from(READERS), times=st.integers(1, 3), stays=st.booleans())
    def flicker(self, uid: str, reader: str, times: int, stays: bool) -> None:
        for _ in range(times):
            self._observe("appeared", reader, uid, "a flicker")
            self._observe("removed", reader, uid, "a flicker")
        if stays:
            self._observe("appeared", reader, uid, "a flicker that settles")

    @rule(uid=uids, reader=st.sampled_from(READERS))
    def remove_anything(self, uid: str, reader: str) -> None:
        self._observe("removed", reader, uid, "a removal")

    @rule(
        kind=st.sampled_from(["failed", "recovered", "", "APPEARED", "moved", "appeared", "removed"]),
        reader=st.one_of(st.sampled_from(READERS), st.sampled_from(["", "nope", "ground:99,99", "draw "])),
        uid=st.one_of(uids, text),
        detail=text,
    )
    def garbage_event(self, kind: str, reader: str, uid: str, detail: str) -> None:
        before = self._before()
        verdict = self.referee.observe(ScanEvent(kind, reader, uid, detail=detail))
        self._judge(before, verdict.accepted, f"garbage ({kind!r} {reader!r} {uid!r})")

    @rule(
        data=st.data(),
        faces=st.lists(st.integers(-3, 9), max_size=10),
        source=st.one_of(st.sampled_from(["tower:1", "tower:2", "hand"]), text),
    )
    def roll(self, data: st.DataObject, faces: list[int], source: str) -> None:
        dice = getattr(self.session.step.awaiting, "dice", None)
        if dice and data.draw(st.booleans(), label="the right number of dice"):
            faces = data.draw(st.lists(st.integers(0, 2), min_size=dice, max_size=dice), label="faces")
        before = self._before()
        accepted = self.referee.on_roll(faces, source)
        assert isinstance(accepted, bool)
        self._judge(before, accepted, f"a roll {faces} from {source!r}")

    @rule(data=st.data(), moves=st.integers(1, 12))
    def play_on(self, data: st.DataObject, moves: int) -> None:
        """Several plausible moves in a row, so games get past the first rooms: the awaited tile or card,
        the right number of dice, a listed choice, a lifted tile put back."""
        for _ in range(moves):
            awaiting = self.session.step.awaiting
            if awaiting is None:
                return
            if self.referee.paused:
                self.put_a_lifted_tile_back(data)
            elif isinstance(awaiting, AwaitTile):
                self.lay_a_tile_where_the_game_expects_one(data)
            elif isinstance(awaiting, AwaitCard):
                self.draw_a_card_of_the_awaited_deck(data)
            elif getattr(awaiting, "dice", None) and "roll" in awaiting.accepts:
                self.roll(data, [], "tower:1")
            elif awaiting.choices():
                self.tap_a_listed_choice(data)
            else:
                return

    # --- the screen and the text front door ---------------------------------------------------------------

    @precondition(lambda self: self.session.step.awaiting is not None)
    @rule(data=st.data())
    def tap_a_listed_choice(self, data: st.DataObject) -> None:
        choices = self.session.step.awaiting.choices()
        if not choices:
            return
        inp = data.draw(st.sampled_from(choices), label="choice")
        before = self._before()
        try:
            self.session.submit(inp, source="touch")
        except Rejection as exc:
            raise AssertionError(f"the listed choice {inp} was refused: {exc.sentence}") from exc
        self.referee.refresh()
        self._judge(before, True, f"the listed choice {inp}")

    @rule(line=st.one_of(text, st.sampled_from(["move N", "move Q", "end", "roll 1,1", "roll", "card Dog"])))
    def type_garbage(self, line: str) -> None:
        before = self._before()
        try:
            inp = self.session.game.inputs.parse(line)
            self.session.submit(inp, source="text")
        except HauntableError:
            self._judge(before, False, f"the text {line!r}")
            return
        self.referee.refresh()
        self._judge(before, True, f"the text {line!r}")

    # --- invariants --------------------------------------------------------------------------------------

    @invariant()
    def the_log_holds_exactly_the_accepted_inputs(self) -> None:
        seq = self.session.step.state.seq
        assert self.log.last_seq(self.session.game_id) == seq
        if seq:
            last = self.log.inputs(self.session.game_id)[-1]
            assert last.seq == seq and last.state_hash == self.session.state_hash

    @invariant()
    def a_pause_is_always_explained(self) -> None:
        if self.referee.paused:
            assert self.referee.pause_message()


RefereeMachine.TestCase.settings = settings(
    max_examples=FUZZ_EXAMPLES,
    stateful_step_count=FUZZ_STEPS,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestRefereeFuzz = RefereeMachine.TestCase
