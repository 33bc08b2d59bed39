"""The scanner: reads readers one at a time, debounces presence into appeared / removed events, and
reads the cells the game expects next before the rest.

Why a schedule and not a loop over all readers: a reader costs a few ms per read, so a round-robin over
the 166 readers of the reference table takes ~0.37 s per cycle, and a debounced placement needs two reads
of its cell: up to two cycles before a tile counts. The scanner instead

- reads each *expected* reader (cells beyond open doors, the draw pad while a card is awaited; set by the
  referee through :meth:`Scanner.expect`) again whenever ``priority_period`` has passed since its last
  read, between background reads (never two priority reads in a row, so the rest of the table keeps at
  least half the time however many readers are expected);
- reads a reader again at once when its last read changed something (a new tag to confirm, a tag to
  confirm gone), so debouncing costs one read, not one cycle;
- reads a background reader that holds one settled tag with a cheap presence check (WUPA only, about an
  empty read instead of a whole select) three visits out of ``full_every`` (4): a laid house would
  otherwise make every read of its cells a full tag read. A tile swapped for another is seen at the next
  full read, and a lift at once (nothing answers: the misses are then confirmed with full reads). A
  reader holding several tags (figures sharing a room) is read in full at every visit: the others would
  answer a presence check, so a figure lifted from among them would be seen only every fourth visit;
- switches the *next* reader's field on before reading the current one (``prepare``), so the 1 ms the
  tags need to power up passes while the bus is busy with another reader. Only a reader that is not a
  neighbour of the current one is prepared (another floor, or two cells away), so no tag sits in two
  fields; the background cycle visits the floors in turn to make that the common case.

A flicker still needs ``appear_reads`` consecutive sightings, and removal ``remove_misses`` consecutive
clean misses; failed reads count as neither, so a dying reader does not lift the tiles on it.

>>> from hauntable.table.backends.mock import MockBackend
>>> from hauntable.table.layout import load_layout
>>> backend = MockBackend(load_layout("hardware/bench.toml"))
>>> scanner = Scanner(backend.readers(), backend.clock)
>>> backend.reader("draw").place("04:A2:5B:1C:7F:80:00")
>>> [str(e) for e in scanner.run_for(0.1)]
['appeared draw 04:A2:5B:1C:7F:80:00']
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping

from hauntable.table.backends.base import ReaderFault, RfidReader
from hauntable.table.clock import Clock
from hauntable.table.health import Heartbeat

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class ScanEvent:
    """Something the table concluded: ``kind`` is appeared | stacked | removed | failed | recovered.

    ``stacked``: ``uid`` settled on a reader that already holds another tag (or several settled at once);
    ``detail`` lists every tag now on it. Such a tag gets ``appeared`` only if it is left alone there.

    ``elsewhere`` (appeared, stacked): the other readers that still counted the tag as laid when it settled
    here. A hand moves a piece faster than the schedule reads the cell it left (the cells the game expects
    are read first), so the arrival can be told before the lift: this says where the piece came from.
    """

    kind: str
    reader: str
    uid: str = ""
    at: float = 0.0
    detail: str = ""
    elsewhere: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.kind} {self.reader} {self.uid or self.detail}".rstrip()


@dataclasses.dataclass
class _ReaderState:
    stable: set[str] = dataclasses.field(default_factory=set)
    sightings: dict[str, int] = dataclasses.field(default_factory=dict)  # not yet stable: consecutive hits
    misses: dict[str, int] = dataclasses.field(default_factory=dict)  # stable: consecutive clean misses
    failures: int = 0
    failed: bool = False
    stacked: set[str] = dataclasses.field(default_factory=set)  # announced as stacked, never as appeared
    cheap: int = 0  # presence checks in a row since the last full read

    @property
    def unsettled(self) -> bool:
        return bool(self.sightings or self.misses)


def spread_order(readers: Mapping[str, RfidReader]) -> list[str]:
    """Cells floor by floor in turn (ground 0,0, upper 0,0, basement 0,0, ground 1,0, ...), then slots:
    consecutive reads are then a floor apart, so the next reader's field can be on early."""
    floors: dict[str, list[str]] = {}
    slots: list[str] = []
    for rid, reader in readers.items():
        cell = reader.spec.cell
        (floors.setdefault(cell[0], []) if cell is not None else slots).append(rid)
    out = []
    columns = list(floors.values())
    for i in range(max((len(c) for c in columns), default=0)):
        out += [column[i] for column in columns if i < len(column)]
    return out + slots


def apart(a: RfidReader, b: RfidReader) -> bool:
    """True when two readers' fields may be on together: cells on different floors, or two or more cells
    apart on one. Slots (pads beside the floors, next to one another) count as neighbours of anything."""
    ca, cb = a.spec.cell, b.spec.cell
    if ca is None or cb is None:
        return False
    return ca[0] != cb[0] or max(abs(ca[1] - cb[1]), abs(ca[2] - cb[2])) >= 2


class Scanner:
    """Schedules reads and debounces them. Drive it with :meth:`step` / :meth:`run_for` (simulated or
    real clock) or :meth:`start` a thread.

    ``smart=False`` gives the naive schedule (plain round-robin in layout order, no priority, no confirm
    reads, no early fields, no presence checks): the benchmark's baseline. ``priority_period`` (seconds)
    is how often each expected reader is read; ``full_every`` how often a laid tile's reader gets a full
    read rather than a presence check (1: always full). Events go to ``on_event`` (one callable, e.g.
    ``backend.dispatch``) and are returned.
    """

    def __init__(
        self,
        readers: Mapping[str, RfidReader],
        clock: Clock,
        *,
        appear_reads: int = 2,
        remove_misses: int = 3,
        fail_after: int = 3,
        priority_period: float = 0.012,
        smart: bool = True,
        prepare: bool = True,
        full_every: int = 4,
        on_event: Callable[[ScanEvent], None] | None = None,
    ):
        if appear_reads < 1 or remove_misses < 1:
            raise ValueError("appear_reads and remove_misses must be at least 1")
        self.readers = dict(readers)
        self.clock = clock
        self.appear_reads, self.remove_misses, self.fail_after = appear_reads, remove_misses, fail_after
        self.priority_period = priority_period
        self.smart = smart
        self.prepare = smart and prepare
        self.full_every = full_every if smart else 1
        self.on_event = on_event
        self.reads = 0
        self.cycles = 0  # completed background cycles
        self._order = spread_order(self.readers) if smart else list(self.readers)
        self._state = {rid: _ReaderState() for rid in self._order}
        self._next = 0
        self._expected: list[str] = []
        self._expected_set: set[str] = set()
        self._due: dict[str, float] = {}  # expected reader -> when it is due for its next priority read
        self._after_priority = False
        self._upcoming: str | None = None  # picked (and prepared) one read ahead
        self._confirm: deque[str] = deque()
        self._thread: threading.Thread | None = None
        self.heartbeat = Heartbeat("The table's readers")
        self._stop = threading.Event()
        self._held = threading.Lock()  # taken by the thread for each read, and by hold()

    # --- what the referee says -------------------------------------------------------------------------

    def expect(self, reader_ids: Iterable[str]) -> None:
        """Read these readers first from now on (replaces the previous set; unknown ids are ignored)."""
        self._expected = [rid for rid in dict.fromkeys(reader_ids) if rid in self._state]
        self._expected_set = set(self._expected) if len(self._expected) < len(self._order) else set()
        now = self.clock.now()
        self._due = {rid: self._due.get(rid, now) for rid in self._expected}

    @property
    def expected(self) -> tuple[str, ...]:
        return tuple(self._expected)

    def failed(self) -> list[str]:
        """The readers now counted as failed (``fail_after`` bad reads in a row), for the health report."""
        return [rid for rid, state in self._state.items() if state.failed]

    def present(self, reader_id: str) -> frozenset[str]:
        """The debounced tags on a reader."""
        return frozenset(self._state[reader_id].stable)

    # --- schedule --------------------------------------------------------------------------------------

    def _pick(self) -> str:
        """The next reader of the schedule: an expected reader that is due, else the next background one."""
        due = self._due  # one reference: expect() on another thread swaps in a new dict
        if self.smart and due and not self._after_priority:
            rid = min(due, key=due.__getitem__)
            now = self.clock.now()
            if due[rid] <= now:
                due[rid] = now + self.priority_period
                self._after_priority = True
                return rid
        self._after_priority = False
        for _ in range(len(self._order)):
            rid = self._order[self._next]
            self._next += 1
            if self._next == len(self._order):
                self._next = 0
                self.cycles += 1
            if not (self.smart and rid in self._expected_set):
                break  # expected readers have their own slots: the background cycle skips them
        return rid

    def _take(self) -> str:
        """The reader to read now; picks (and prepares) the one after it."""
        while self._confirm:  # a confirm read goes first; the prepared reader waits one more read
            rid = self._confirm.popleft()
            if self._state[rid].unsettled:
                return rid
        rid = self._upcoming if self._upcoming is not None else self._pick()
        self._upcoming = None
        if self.prepare:
            self._upcoming = upcoming = self._pick()
            if upcoming != rid and apart(self.readers[rid], self.readers[upcoming]):
                self.readers[upcoming].prepare()
        return rid

    def step(self) -> list[ScanEvent]:
        """Read one reader and return the events that read produced."""
        rid = self._take() if self.smart else self._pick()
        state = self._state[rid]
        self.reads += 1
        reader = self.readers[rid]
        cheap = (  # a presence check cannot tell which tag answered: not for a reader holding several
            self.full_every > 1
            and len(state.stable) == 1
            and not state.unsettled
            and state.cheap < self.full_every - 1
            and rid not in self._expected_set
        )
        try:
            if cheap:  # a laid tile still answering: assume it is the same tile until the next full read
                state.cheap += 1
                seen = frozenset(state.stable) if reader.is_present() else frozenset()
            else:
                state.cheap = 0
                seen = reader.read()
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
        settled = []
        for uid in sorted(seen):
            if uid in state.stable:
                state.misses.pop(uid, None)
                continue
            state.sightings[uid] = state.sightings.get(uid, 0) + 1
            if state.sightings[uid] >= self.appear_reads:
                del state.sightings[uid]
                settled.append(uid)
        state.stable.update(settled)
        # stacked: this read saw several tags at once (two tiles on one cell, two cards on the pad). A
        # stable tag that was *not* seen is on its way out: a swap (lift one, lay another), not a stack
        if settled and len(seen) > 1:
            state.stacked.update(settled)
            detail = " ".join(sorted(state.stable))
            events += [
                ScanEvent("stacked", rid, uid, now, detail, self._elsewhere(rid, uid)) for uid in settled
            ]
        else:
            events += [
                ScanEvent("appeared", rid, uid, now, elsewhere=self._elsewhere(rid, uid)) for uid in settled
            ]
        for uid in list(state.sightings):
            if uid not in seen:
                del state.sightings[uid]  # a flicker: start counting again
        for uid in sorted(state.stable - seen):
            state.misses[uid] = state.misses.get(uid, 0) + 1
            if state.misses[uid] >= self.remove_misses:
                del state.misses[uid]
                state.stable.discard(uid)
                state.stacked.discard(uid)
                events.append(ScanEvent("removed", rid, uid, now))
                if len(state.stable) == 1 and state.stable <= state.stacked:
                    (alone,) = state.stable  # left alone at last: now it counts as laid here
                    state.stacked.clear()
                    events.append(ScanEvent("appeared", rid, alone, now))
        if len(state.stable) <= 1:
            state.stacked.clear()
        return events

    def _elsewhere(self, rid: str, uid: str) -> tuple[str, ...]:
        """The readers other than ``rid`` that still count ``uid`` as laid (its lift not read yet)."""
        return tuple(other for other, state in self._state.items() if other != rid and uid in state.stable)

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
        self.heartbeat.thread = self._thread
        self._thread.start()

    FAULT_WAIT = (0.2, 5.0)  # s: the first and the longest pause after a read that raised

    def _loop(self) -> None:
        """Read until stopped. A read that raises anything (an OSError from the SPI bus, a bug) does not
        end the thread: it is logged, told through ``heartbeat`` (the watchdog and the screen see it) and
        retried after a pause that doubles up to 5 s."""
        wait = self.FAULT_WAIT[0]
        while not self._stop.is_set():
            try:
                with self._held:
                    self.step()
            except Exception as exc:
                log.exception("scanner: a read failed")
                self.heartbeat.failed(exc)
                self._stop.wait(wait)
                wait = min(self.FAULT_WAIT[1], wait * 2)
                continue
            self.heartbeat.beat()
            wait = self.FAULT_WAIT[0]
            time.sleep(0)  # let the UI thread have the interpreter lock between reads, not a switch later

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Keep the scanner thread between two reads while the caller uses the same readers (the admin
        self-test during a game): one transfer at a time is the bus lock's job, one user of a reader's
        state machine at a time is this one's."""
        with self._held:
            yield

    def stop(self) -> None:
        self._stop.set()
        self.heartbeat.thread = None
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
