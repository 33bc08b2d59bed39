"""A simulated Geisterstunde table behind the castle screen: hands that lay tags on mock readers.

Unlike Betrayal's simulator, which builds engine inputs itself, this one goes the whole way a real table
goes: tags placed on :class:`~hauntable.table.backends.mock.MockBackend` readers of the reference layout,
the :class:`~hauntable.table.scanner.Scanner` debouncing them, and the
:class:`~hauntable.table.geisterstunde_referee.GeisterstundeReferee` turning them into inputs for the
session (or naming what is wrong). No Kivy here; the screen calls these methods on taps.

>>> from hauntable.session import Session
>>> from hauntable.games.geisterstunde import GameConfig
>>> sim = CastleTable(Session.new("geisterstunde", GameConfig.quick(3, seed=2)))
>>> sim.lay_plan(("lily",)).accepted, sim.session.step.awaiting.kind
(True, 'turn')
>>> sim.move_figure(1, "13").message   # no door from the treasury to room 13
"No door leads from the Schatzkammer to room 13 (G3.2): Put Ben's figure back in the Schatzkammer"
>>> sim.move_figure(1, "02").message
"Ben's figure is back"
>>> sim.close()
"""

from __future__ import annotations

from hauntable.games.geisterstunde.content import content_of
from hauntable.session import Session
from hauntable.table.backends.mock import MockBackend
from hauntable.table.channel import Channel
from hauntable.table.geisterstunde_referee import PLAN_SLOTS, GeisterstundeReferee, castle_cells
from hauntable.table.layout import Layout, load_layout, reference_layout_path
from hauntable.table.refereeing import Verdict
from hauntable.table.registry import TagRegistry
from hauntable.table.scanner import Scanner

NOTHING = Verdict(False)


def _uid(n: int) -> str:
    return f"04:5E:00:00:00:{n // 256:02X}:{n % 256:02X}"


class CastleTable:
    """The reference table on the mock backend, every piece enrolled, figures on their start rooms."""

    def __init__(self, door: Channel | Session, layout: Layout | None = None):
        session = door.session if isinstance(door, Channel) else door
        self.session = session
        self.content = content_of(session.step.state.config.board)
        self.layout = layout or load_layout(reference_layout_path())
        self.backend = MockBackend(self.layout)
        self.registry = TagRegistry(":memory:")
        self.uids: dict[tuple[str, str], list[str]] = {}
        n = 0
        for crest in self.content.crests:
            n = self._enrol(n, "card", f"ghost-{crest}")
        for key in sorted(set(self.content.keys)):
            for _ in range(self.content.keys.count(key)):
                n = self._enrol(n, "card", key, copies=self.content.keys.count(key))
        for seat in range(len(session.step.state.rooms)):
            n = self._enrol(n, "figure", str(seat + 1))
        self.cells = castle_cells(self.content)
        self.scanner = Scanner(self.backend.readers(), self.backend.clock)
        self.verdicts: list[Verdict] = []
        self.referee = GeisterstundeReferee(door, self.layout, self.registry, scanner=self.scanner)
        self.scanner.on_event = lambda e: self.verdicts.append(self.referee.observe(e))
        self.at: dict[str, str] = {}  # figure uid -> reader it lies on
        self.on_slots: list[tuple[str, str]] = []  # (uid, plan slot) of the laid plan cards
        for seat, room in enumerate(session.step.state.rooms):
            self._put(self._figure(seat), self._reader(room))

    def _enrol(self, n: int, kind: str, name: str, copies: int = 1) -> int:
        uid = _uid(n)
        self.registry.enrol(uid, kind, name, copies=copies)
        self.uids.setdefault((kind, name), []).append(uid)
        return n + 1

    def _figure(self, seat: int) -> str:
        return self.uids["figure", str(seat + 1)][0]

    def _reader(self, room: str) -> str:
        floor, x, y = self.cells[room]
        return f"{floor}:{x},{y}"

    def _run(self, done) -> list[Verdict]:
        self.verdicts = []
        self.scanner.run_until(done, timeout=30)
        return [v for v in self.verdicts if v.message or v.accepted]

    def _put(self, uid: str, reader: str) -> list[Verdict]:
        self.backend.reader(reader).place(uid)
        self.at[uid] = reader
        return self._run(lambda: uid in self.scanner.present(reader))

    def _take(self, uid: str) -> list[Verdict]:
        reader = self.at.pop(uid)
        self.backend.reader(reader).lift(uid)
        return self._run(lambda: uid not in self.scanner.present(reader))

    @staticmethod
    def _last(verdicts: list[Verdict]) -> Verdict:
        accepted = [v for v in verdicts if v.accepted]
        return (accepted or verdicts or [NOTHING])[-1]

    # --- what hands do --------------------------------------------------------------------------------

    def move_figure(self, seat: int, room: str) -> Verdict:
        """Lift ``seat``'s figure and set it down in ``room``: a move, a reveal step, or a named mistake."""
        uid = self._figure(seat)
        self._take(uid)
        return self._last(self._put(uid, self._reader(room)))

    def play_key(self, card: str) -> Verdict:
        """Lay the key card ``card`` (``red-lion``) on the key slot, then take it off to the discards."""
        uid = self.uids["card", card][0]
        verdicts = self._put(uid, "key")
        self._take(uid)
        return self._last(verdicts)

    def lay_plan(self, crests: tuple[str, ...]) -> Verdict:
        """Clear the plan slots, lay the ghost's cards face down on them, confirm fewer than four."""
        for uid, _slot in self.on_slots:
            self._take(uid)
        self.on_slots = []
        verdicts: list[Verdict] = []
        for crest, slot in zip(crests, PLAN_SLOTS, strict=False):
            uid = self.uids["card", f"ghost-{crest}"][0]
            verdicts += self._put(uid, slot)
            self.on_slots.append((uid, slot))
            if verdicts and verdicts[-1].rejection is not None:
                return verdicts[-1]  # told to the ghost alone (Verdict.seat)
        if self.session.step.awaiting is not None and self.session.step.awaiting.kind == "plan":
            return self.referee.confirm_plan()
        return self._last(verdicts)

    def sync(self) -> None:
        """After a touch input or a swap: put every figure where the game has it (hands tidying up)."""
        for seat, room in enumerate(self.session.step.state.rooms):
            uid = self._figure(seat)
            if self.at.get(uid) != self._reader(room):
                self._take(uid)
                self._put(uid, self._reader(room))
        self.referee.refresh()

    def close(self) -> None:
        self.backend.close()
        self.registry.close()
