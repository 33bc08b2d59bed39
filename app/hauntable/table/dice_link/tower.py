"""``DiceTower``: the physical tower as a table device, a thread driving the link over a serial port.

>>> tower = DiceTower("/dev/ttyACM0", on_roll=referee.on_roll)   # doctest: +SKIP
>>> tower.when_rolled = lambda roll: print(roll.faces, roll.source)  # doctest: +SKIP
>>> tower.wait_for_roll(timeout=5)                                   # doctest: +SKIP
DiceRoll(faces=(2, 1, 0), source='tower:1#3f2a91c0.1', taken=True)

The thread waits on the port with ``select``, so a roll reaches the consumer a fraction of a millisecond
after its last byte; between bytes it ticks the link every TICK seconds for retries and timeouts. When
the port fails or vanishes it closes it and tries to reopen it every REOPEN_EVERY seconds, so a USB
replug recovers by itself. Raw traffic goes to the ``hauntable.dice.serial`` logger (``>>>`` written,
``<<<`` read), to ``raw_log`` when given (``dice-serial.log``), never into the app's own log.
"""

from __future__ import annotations

import logging
import queue
import select
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from hauntable.table.dice_link.link import Link, LinkHealth, LinkState, TowerFault, TowerInfo, TowerRoll
from hauntable.table.dice_link.rolls import DiceRoll, RollConsumer
from hauntable.table.dice_link.transport import SerialTransport, TransportLost
from hauntable.table.events import DeviceClosed, EventsMixin
from hauntable.table.health import Heartbeat

log = logging.getLogger(__name__)
RAW_LOGGER = "hauntable.dice.serial"


class DiceTower(EventsMixin):
    """A dice tower on ``port`` (a path or pyserial URL).

    ``on_roll(faces, source) -> taken`` is the consumer (the referee); without one every roll counts as
    taken. ``probe=True`` only checks the tower (selftest): rolls are neither delivered nor acknowledged,
    so the tower keeps them for the real consumer.

    Events: ``when_rolled(roll: DiceRoll)`` after the consumer answered, ``when_fault(fault)`` for a
    tower ERROR, ``when_state_changed(state)``. ``clock`` is injectable for tests.
    """

    _events = ("rolled", "fault", "state_changed")

    TICK = 0.02  # s between link ticks when the port is quiet
    REOPEN_EVERY = 0.1  # s between attempts to reopen a vanished port
    KEEP_ROLLS = 64  # rolls kept for wait_for_roll; older ones are dropped when nobody waits

    def __init__(
        self,
        port: str,
        on_roll: RollConsumer | None = None,
        *,
        baudrate: int = 115200,
        clock: Callable[[], float] = time.monotonic,
        raw_log: str | Path | None = None,
        link: Link | None = None,
        transport: SerialTransport | None = None,
        probe: bool = False,
        delivered: Iterable[tuple[str, int]] = (),
    ):
        self.port = port
        self.on_roll = on_roll
        self._clock = clock
        self._link = link or Link(self._deliver, name=f"tower@{port}", probe=probe)
        self._link.deliver = self._deliver
        self._link.on_fault = self._on_fault
        for boot, seq in delivered:  # before the thread starts: no roll can slip in first
            self._link.mark_delivered(boot, seq)
        self._transport = transport or SerialTransport(port, baudrate)
        self._rolls: queue.Queue[DiceRoll] = queue.Queue(maxsize=self.KEEP_ROLLS)
        self._outbox: queue.Queue[Callable[[Link], list[bytes]]] = queue.Queue()  # run on the I/O thread
        self._stop = threading.Event()
        self._closed = False
        self._state = self._link.state
        self._state_flags = {s: threading.Event() for s in LinkState}
        self._raw = logging.getLogger(f"{RAW_LOGGER}.{port}")
        self._raw_handler: logging.Handler | None = None
        if raw_log is not None:
            self._raw_handler = logging.FileHandler(raw_log)
            self._raw_handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
            self._raw.addHandler(self._raw_handler)
            self._raw.setLevel(logging.DEBUG)
            self._raw.propagate = False
        self._thread = threading.Thread(target=self._run, name=f"dice-tower {port}", daemon=True)
        self.heartbeat = Heartbeat(f"The dice tower's link ({port})")
        self.heartbeat.thread = self._thread
        self._thread.start()

    # -- the device API

    @property
    def state(self) -> LinkState:
        return self._link.state

    @property
    def info(self) -> TowerInfo | None:
        """What the tower said in its last HELLO (None before the first)."""
        return self._link.info

    @property
    def faults(self) -> list[TowerFault]:
        return list(self._link.faults)

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def is_ready(self) -> bool:
        return self._link.state is LinkState.READY

    @property
    def source(self) -> str:
        """The source prefix of this device's rolls, e.g. ``tower:1``."""
        return f"tower:{self.info.tower_id}" if self.info else "tower:?"

    def health(self) -> LinkHealth:
        """The link's counters (a live object: read it, do not keep it)."""
        return self._link.health

    def link_health(self) -> float:
        """Share of received lines that were good frames (1.0 on a clean line)."""
        return self._link.health.ratio

    def wait_for_roll(self, timeout: float | None = None) -> DiceRoll | None:
        """The oldest delivered roll this method has not returned yet, waiting up to ``timeout`` for one.

        Returns None after ``timeout``. Only the last KEEP_ROLLS rolls are kept.

        Raises:
            DeviceClosed: the tower was closed.
        """
        self._check_open()
        try:
            return self._rolls.get(timeout=timeout)
        except queue.Empty:
            return None

    def wait_for_state(self, state: LinkState, timeout: float | None = None) -> bool:
        """Block until the link enters ``state`` (or is already in it); False after ``timeout``."""
        self._check_open()
        if self._link.state is state:
            return True
        flag = self._state_flags[state]
        flag.clear()
        if self._link.state is state:
            return True
        return flag.wait(timeout)

    def calibrate(self, well: int, face: int) -> None:
        """Tell the tower the die in ``well`` now shows ``face``; a refusal arrives as ``when_fault``."""
        self._check_open()
        self._outbox.put(lambda link: [link.calibrate(well, face)])

    def calibrate_step(self, step: str, timeout: float = 10.0) -> tuple[bool, dict[str, str]]:
        """A camera tower's calibration step (``empty``, ``dice``) or health ``check``, waited for.

        Returns (ok, details): ``light=1.00 hall=0.12 focus=310 ...`` or the reason it was refused
        (``why``); (False, {"why": "timeout"}) when the tower did not answer in time.
        """
        self._check_open()
        asked: dict[str, int] = {}
        answered = threading.Event()

        def send(link: Link) -> list[bytes]:
            asked["seq"], frame = link.calibrate_step(step)
            link.on_answer = lambda seq: answered.set() if seq == asked.get("seq") else None
            return [frame]

        self._outbox.put(send)
        if not answered.wait(timeout):
            return False, {"why": "timeout"}
        ok, detail = self._link.answers.pop(asked["seq"])
        fields = dict(t.partition("=")[::2] for t in detail if "=" in t)
        if not ok:
            fields.setdefault("why", " ".join(detail))
        return ok, fields

    def mark_delivered(self, boot: str, seq: int) -> None:
        """See :meth:`Link.mark_delivered`. Prefer ``delivered=`` at construction (after a host restart,
        from the game log's roll sources): this one takes effect on the I/O thread's next pass."""
        self._check_open()

        def mark(link: Link) -> list[bytes]:
            link.mark_delivered(boot, seq)
            return []

        self._outbox.put(mark)

    def close(self) -> None:
        """Stop the thread and close the port. Idempotent."""
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        self.heartbeat.thread = None
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._transport.close()
        if self._raw_handler is not None:
            self._raw.removeHandler(self._raw_handler)
            self._raw_handler.close()

    def __enter__(self) -> DiceTower:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        if self._closed:
            return f"<DiceTower port={self.port!r} closed>"
        h = self._link.health
        who = f" tower={self.info.tower_id} fw={self.info.fw} boot={self.info.boot}" if self.info else ""
        return (
            f"<DiceTower port={self.port!r} state={self.state}{who} "
            f"rolls={h.rolls_taken}+{h.rolls_refused} refused dup={h.duplicates} bad={h.bad_frames}>"
        )

    # -- the I/O thread

    def _check_open(self) -> None:
        if self._closed:
            raise DeviceClosed(f"{self!r} is closed")

    def _deliver(self, roll: TowerRoll) -> bool:
        taken = True if self.on_roll is None else bool(self.on_roll(roll.faces, roll.source))
        delivered = DiceRoll(roll.faces, roll.source, taken)
        self._fire("rolled", delivered)  # before a waiter wakes, so it sees the callback's effects
        if self._rolls.full():  # nobody is waiting (a referee consumes the rolls): forget the oldest
            self._rolls.get_nowait()
        self._rolls.put_nowait(delivered)
        return taken

    def _on_fault(self, fault: TowerFault) -> None:
        self._fire("fault", fault)

    def _write(self, frames: list[bytes]) -> None:
        for frame in frames:
            if self._raw.isEnabledFor(logging.DEBUG):
                self._raw.debug(">>> %r", frame)
            self._transport.write(frame)

    def _run(self) -> None:
        next_open = 0.0
        while not self._stop.is_set():
            now = self._clock()
            self.heartbeat.alive()
            try:
                if not self._transport.is_open:
                    if now >= next_open:
                        next_open = now + self.REOPEN_EVERY
                        self._open(now)
                    else:
                        self._stop.wait(min(self.REOPEN_EVERY, self.TICK))
                    continue
                self._pump()
                self.heartbeat.fault = None
            except TransportLost as exc:
                self._transport.close()
                self._link.closed(self._clock(), str(exc))
                next_open = self._clock() + self.REOPEN_EVERY
            except Exception as exc:  # never let one bad moment kill the tower thread; log it and go on
                log.exception("dice tower thread: unexpected error")
                self.heartbeat.failed(exc)
                self._stop.wait(self.TICK)
            finally:
                self._notice_state()

    def _open(self, now: float) -> None:
        try:
            self._transport.open()
        except TransportLost as exc:
            if self._link.state is not LinkState.OPENING:
                self._link.closed(now, str(exc))
            else:
                self._link.health.last_error = str(exc)
            self._stop.wait(self.TICK)
            return
        self._raw.debug("--- opened %s", self.port)
        self._write(self._link.opened(self._clock()))

    def _pump(self) -> None:
        while not self._outbox.empty():
            self._write(self._outbox.get_nowait()(self._link))
        fd = self._transport.fileno()
        if fd is not None:
            readable, _, _ = select.select([fd], [], [], self.TICK)
        else:
            self._stop.wait(0.001)
            readable = [True]
        if readable:
            data = self._transport.read()
            if data:
                if self._raw.isEnabledFor(logging.DEBUG):
                    self._raw.debug("<<< %r", data)
                self._write(self._link.on_bytes(data, self._clock()))
        self._write(self._link.on_tick(self._clock()))
        if self._link.state in (LinkState.LOST, LinkState.INCOMPATIBLE):
            # the link gave up on a silent or foreign tower: close, and reopen from scratch
            self._transport.close()
            self._raw.debug("--- closed %s (%s)", self.port, self._link.state)
            if self._link.state is LinkState.INCOMPATIBLE:
                self._stop.wait(2.0)  # retry slowly: someone may be flashing the right firmware

    def _notice_state(self) -> None:
        state = self._link.state
        if state is not self._state:
            self._state = state
            self._state_flags[state].set()
            self._fire("state_changed", state)
