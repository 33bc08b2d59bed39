"""The scanner: reads readers one at a time, debounces presence into appeared / removed events, and
reads the cells the game expects next before the rest.

Why a schedule and not a loop over all readers: a reader costs a few ms per read, so a round-robin over
the 166 readers of the reference table takes ~0.4 s per cycle, and a debounced placement needs two reads
of its cell: up to two cycles before a tile counts. The scanner instead interleaves the *expected*
readers (cells beyond open doors, the draw pad while a card is awaited; set by the referee through
:meth:`Scanner.expect`) with the background cycle, and reads a reader again at once when its last read
changed something (a new tag to confirm, a tag to confirm gone). A flicker still needs ``appear_reads``
consecutive sightings, and removal ``remove_misses`` consecutive clean misses; failed reads count as
neither, so a dying reader does not lift the tiles on it.

>>> from hauntable.table.backends.mock import MockBackend
>>> from hauntable.table.layout import load_layout
>>> backend = MockBackend(load_layout("hardware/bench.toml"))
>>> scanner = Scanner(backend.readers(), backend.clock)
>>> backend.reader("draw").place("04:A2:5B:1C:7F:80:00")
>>> [str(e) for e in scanner.run_for(0.1)]
['appeared draw 04:A2:5B:1C:7F:80:00']
"""

from __future__ import annotations

import dataclasses
import threading
from collections import deque
from collections.abc import Callable, Iterable, Mapping

from hauntable.table.backends.base import ReaderFault, RfidReader
from hauntable.table.clock import Clock


@dataclasses.dataclass(frozen=True)
class ScanEvent:
    """Something the table concluded: ``kind`` is appeared | removed | failed | recovered."""

    kind: str
    reader: str
    uid: str = ""
    at: float = 0.0
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.reader} {self.uid or self.detail}".rstrip()


@dataclasses.dataclass
class _ReaderState:
    stable: set[str] = dataclasses.field(default_factory=set)
    sightings: dict[str, int] = dataclasses.field(default_factory=dict)  # not yet stable: consecutive hits
    misses: dict[str, int] = dataclasses.field(default_factory=dict)  # stable: consecutive clean misses
    failures: int = 0
    failed: bool = False

    @property
    def unsettled(self) -> bool:
        return bool(self.sightings or self.misses)


class Scanner:
    """Schedules reads and debounces them. Drive it with :meth:`step` / :meth:`run_for` (simulated or
    real clock) or :meth:`start` a thread.

    ``smart=False`` gives the naive schedule (plain round-robin, no priority, no confirm reads): the
    benchmark's baseline. ``priority_every`` is how many background reads come between two reads of an
    expected reader. Events go to ``on_event`` (one callable, e.g. ``backend.dispatch``) and are returned.
    """

    def __init__(
        self,
        readers: Mapping[str, RfidReader],
        clock: Clock,
        *,
        appear_reads: int = 2,
        remove_misses: int = 3,
        fail_after: int = 3,
        priority_every: int = 2,
        smart: bool = True,
        on_event: Callable[[ScanEvent], None] | None = None,
    ):
        if appear_reads < 1 or remove_misses < 1:
            raise ValueError("appear_reads and remove_misses must be at least 1")
        self.readers = dict(readers)
        self.clock = clock
        self.appear_reads, self.remove_misses, self.fail_after = appear_reads, remove_misses, fail_after
        self.priority_every = priority_every
        self.smart = smart
        self.on_event = on_event
        self.reads = 0
        self._order = list(self.readers)
        self._state = {rid: _ReaderState() for rid in self._order}
        self._next = 0
        self._expected: list[str] = []
        self._expected_set: set[str] = set()
        self._next_expected = 0
        self._since_priority = 0
        self._confirm: deque[str] = deque()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    # --- what the referee says -------------------------------------------------------------------------

    def expect(self, reader_ids: Iterable[str]) -> None:
        """Read these readers first from now on (replaces the previous set; unknown ids are ignored)."""
        self._expected = [rid for rid in dict.fromkeys(reader_ids) if rid in self._state]
        self._expected_set = set(self._expected) if len(self._expected) < len(self._order) else set()
        self._next_expected = 0

    @property
    def expected(self) -> tuple[str, ...]:
        return tuple(self._expected)

    def present(self, reader_id: str) -> frozenset[str]:
        """The debounced tags on a reader."""
        return frozenset(self._state[reader_id].stable)

    @property
    def cycle_reads(self) -> int:
        """Reads in one full cycle of the schedule: every background reader once, plus the priority
        reads interleaved with them (``smart`` only)."""
        background = len(self._order) - (len(self._expected_set) if self.smart else 0)
        if not (self.smart and self._expected):
            return background
        return background + -(-background // self.priority_every)

    # --- schedule --------------------------------------------------------------------------------------

    def _pick(self) -> str:
        if self.smart:
            while self._confirm:
                rid = self._confirm.popleft()
                if self._state[rid].unsettled:
                    return rid
            if self._expected and self._since_priority >= self.priority_every:
                self._since_priority = 0
                rid = self._expected[self._next_expected % len(self._expected)]
                self._next_expected += 1
                return rid
        for _ in range(len(self._order)):
            rid = self._order[self._next % len(self._order)]
            self._next += 1
            if not (self.smart and rid in self._expected_set):
                break  # expected readers have their own slots: the background cycle skips them
        self._since_priority += 1
        return rid

    def step(self) -> list[ScanEvent]:
        """Read one reader and return the events that read produced."""
        rid = self._pick()
        state = self._state[rid]
        self.reads += 1
        try:
            seen = self.readers[rid].read()
        except ReaderFault as exc:
            return self._failure(rid, state, str(exc))
        events = []
        if state.failed:
            state.failed = False
            events.append(ScanEvent("recovered", rid, at=self.clock.now()))
        state.failures = 0
        events += self._debounce(rid, state, seen)
        if self.smart and state.unsettled:
            self._confirm.append(rid)
        for event in events:
            if self.on_event is not None:
                self.on_event(event)
        return events

    def _failure(self, rid: str, state: _ReaderState, detail: str) -> list[ScanEvent]:
        state.failures += 1
        if state.failures >= self.fail_after and not state.failed:
            state.failed = True
            event = ScanEvent("failed", rid, at=self.clock.now(), detail=detail)
            if self.on_event is not None:
                self.on_event(event)
            return [event]
        return []

    def _debounce(self, rid: str, state: _ReaderState, seen: frozenset[str]) -> list[ScanEvent]:
        now = self.clock.now()
        events = []
        for uid in seen:
            if uid in state.stable:
                state.misses.pop(uid, None)
                continue
            state.sightings[uid] = state.sightings.get(uid, 0) + 1
            if state.sightings[uid] >= self.appear_reads:
                del state.sightings[uid]
                state.stable.add(uid)
                events.append(ScanEvent("appeared", rid, uid, now))
        for uid in list(state.sightings):
            if uid not in seen:
                del state.sightings[uid]  # a flicker: start counting again
        for uid in sorted(state.stable - seen):
            state.misses[uid] = state.misses.get(uid, 0) + 1
            if state.misses[uid] >= self.remove_misses:
                del state.misses[uid]
                state.stable.discard(uid)
                events.append(ScanEvent("removed", rid, uid, now))
        return events

    def run_for(self, seconds: float) -> list[ScanEvent]:
        """Step until ``seconds`` have passed on the clock (each read advances it); return all events."""
        end = self.clock.now() + seconds
        events: list[ScanEvent] = []
        while self.clock.now() < end:
            events += self.step()
        return events

    def run_until(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Step until ``condition()`` holds or ``timeout`` seconds pass on the clock; True if it held."""
        end = self.clock.now() + timeout
        while not condition():
            if self.clock.now() >= end:
                return False
            self.step()
        return True

    # --- a background thread (real clock) --------------------------------------------------------------

    def start(self) -> None:
        """Scan in a daemon thread until :meth:`stop`. Events reach ``on_event`` from that thread."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, name="hauntable-scanner", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.step()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
