"""The tower's main loop as a pure object: bytes in from the host, tray readings in, frames out.

``main.py`` builds a :class:`Tower` from real pins and calls ``step(ticks_ms())`` forever; the tests and
the simulated tower (``sim.py``) build the same object from fakes, so what is tested is what runs.

Delivery is stop-and-wait: the oldest unacknowledged roll is sent, and sent again every RESEND_MS until
the host ACKs exactly that (seq, boot); only then does the next one go. That keeps rolls in order
without the host having to reorder anything. After FAST_RESENDS tries the tower slows down to one
resend every SLOW_RESEND_MS, so a host that never answers costs a line every two seconds, not a flood.
"""

import protocol
from classifier import Fault
from settle import Settler


def _sub(a, b):
    return a - b


class Tower:
    """One tower. ``port`` has ``read() -> bytes`` (never blocks) and ``write(bytes)``."""

    RESEND_MS = 300
    FAST_RESENDS = 10
    SLOW_RESEND_MS = 2000
    HEARTBEAT_MS = 1000
    MAX_PENDING = 8  # more unacknowledged rolls than this: the new roll is refused with ERROR full

    def __init__(
        self, port, tray, classifier, store, boot, tower_id="1", fw="0.0.0", now=0, diff=_sub, settler=None
    ):
        self.port = port
        self.tray = tray
        self.classifier = classifier
        self.store = store
        self.boot = boot
        self.tower_id = tower_id
        self.fw = fw
        self.diff = diff
        # the well tray's settler; a camera reader (hauntable.table.dice_camera) brings its own, which is
        # also its tray and its classifier: it answers feed() with a roll or a fault the same way
        self.settler = settler or Settler(classifier, diff)
        self.splitter = protocol.LineSplitter()
        self.seq = 0  # the last roll number of this boot
        self.pending = store.load_pending()  # ROLL frames, oldest first; may carry an earlier boot id
        self.counters = {"frames": 0, "bad": 0, "resends": 0, "rolls": 0, "stale_acks": 0}
        self.readings = [0] * classifier.wells
        self._sent_at = None  # when the oldest pending roll was last written (None: send it now)
        self._tries = 0
        self._last_tx = now
        self._last_tx_pending = False
        saved = store.read("calibration.txt")
        if saved:
            classifier.loads(saved)
        self._hello()

    # -- output

    def _send(self, line):
        self.port.write(line)
        self._last_tx_pending = True

    def _hello(self):
        self._send(
            protocol.hello_tower(
                self.boot,
                self.tower_id,
                self.fw,
                sorted(protocol.DICE),
                self.classifier.wells,
                self.classifier.mode,
                self.seq,
            )
        )

    def _status(self):
        self._send(
            protocol.status(
                self.seq, self.boot, pending=len(self.pending), state=self.settler.state, **self.counters
            )
        )

    def _error(self, fault):
        self._send(protocol.error(self.seq, self.boot, fault.code, *fault.args_for_frame()))

    def report(self, fault):
        """Send an ERROR for a fault found outside the loop (``main.py`` reports a crashed pass this way)."""
        try:  # noqa: SIM105 - no contextlib on MicroPython
            self._error(fault)
        except Exception:  # the port itself may be what failed; there is nobody else to tell
            pass

    # -- the loop

    def step(self, now):
        """One pass: read the host, read the tray, send what is due. Call it every few milliseconds."""
        self._last_tx_pending = False
        data = self.port.read()
        if data:
            for line in self.splitter.feed(data):
                self._on_line(line)
        entered, readings = self.tray.read()
        self.readings = readings
        blocked = self.tray.blocked() if hasattr(self.tray, "blocked") else False
        result = self.settler.feed(now, entered, readings, blocked)
        if result is not None:
            if result[0] == "roll":
                self._new_roll(result[1])
            else:
                self._error(result[1])
        self._resend(now)
        if self._last_tx_pending:
            self._last_tx = now
        elif self.diff(now, self._last_tx) >= self.HEARTBEAT_MS:
            self._status()
            self._last_tx = now

    def _on_line(self, line):
        frame = protocol.decode(line)
        if not isinstance(frame, protocol.Frame):
            self.counters["bad"] += 1
            head = self.pending[0].seq if self.pending else 0
            self._send(protocol.nak(head, self.boot, frame.reason))
            return
        self.counters["frames"] += 1
        kind = frame.kind
        if kind == protocol.ACK:
            head = self.pending[0] if self.pending else None
            if head is not None and head.seq == frame.seq and head.boot == frame.boot:
                self.pending.pop(0)
                self.store.save_pending(self.pending)
                self._sent_at, self._tries = None, 0
            else:  # an ACK for a roll already dropped from the buffer: a duplicate ACK, harmless
                self.counters["stale_acks"] += 1
        elif kind == protocol.NAK:
            self._sent_at = None  # the host saw a damaged line: resend the oldest roll now
        elif kind == protocol.HELLO and frame.fields().get("role") == "host":
            # the host (re)connected or lost track: introduce ourselves, then resend from the oldest roll
            self._hello()
            self._sent_at, self._tries = None, 0
            standing = getattr(self.settler, "standing", None)  # a camera tray's unanswered re-throw
            if standing is not None:
                self._error(standing)
        elif kind == protocol.STATUS:
            self._status()
        elif kind == protocol.CALIBRATE:
            self._calibrate(frame)
        # anything else (our own lines echoed back by a tty not yet in raw mode) is ignored

    def _calibrate(self, frame):
        fields = frame.fields()
        if (
            "step" in fields
        ):  # a camera reader's calibration: step=empty (the empty tray), step=dice, step=check
            try:
                detail = self.classifier.calibrate_step(fields["step"])
            except (Fault, AttributeError) as exc:
                fault = exc if isinstance(exc, Fault) else Fault("calibrate", None, "step")
                self._send(protocol.error(frame.seq, self.boot, fault.code, *fault.args_for_frame()))
                return
            self.store.write("calibration.txt", self.classifier.dumps())
            self._send(protocol.encode(protocol.ACK, frame.seq, self.boot, "ok", *detail))
            return
        try:
            well, face = int(fields.get("well", "")), int(fields.get("face", ""))
        except ValueError:
            self._error(Fault("calibrate", None, "syntax"))
            return
        try:
            if not 0 <= well < self.classifier.wells:
                raise Fault("calibrate", well, f"face={face}")
            self.classifier.calibrate(well, face, self.readings[well])
        except Fault as fault:
            self._send(protocol.error(frame.seq, self.boot, fault.code, *fault.args_for_frame()))
            return
        self.store.write("calibration.txt", self.classifier.dumps())
        self._send(protocol.ack(frame.seq, self.boot, "ok"))

    def _new_roll(self, faces):
        if len(self.pending) >= self.MAX_PENDING:
            self._error(Fault("full", None, f"pending={len(self.pending)}"))
            return
        self.seq += 1
        self.counters["rolls"] += 1
        frame = protocol.Frame(
            protocol.ROLL,
            self.seq,
            self.boot,
            (self.classifier.mode, str(len(faces)), ",".join(str(f) for f in faces)),
        )
        self.pending.append(frame)
        self.store.save_pending(self.pending)  # in flash before it is ever on the wire
        if len(self.pending) == 1:
            self._sent_at, self._tries = None, 0

    def _resend(self, now):
        if not self.pending:
            return
        if self._sent_at is not None:
            wait = self.RESEND_MS if self._tries < self.FAST_RESENDS else self.SLOW_RESEND_MS
            if self.diff(now, self._sent_at) < wait:
                return
            self.counters["resends"] += 1
        self._send(self.pending[0].encode())
        self._sent_at = now
        self._tries += 1
