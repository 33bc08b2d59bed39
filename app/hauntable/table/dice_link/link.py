"""The host's side of the dice-tower protocol as a state machine: bytes and clock ticks in, frames out.

No I/O and no clock of its own: the driver (``tower.py``) calls :meth:`Link.opened`, :meth:`Link.on_bytes`,
:meth:`Link.on_tick` and :meth:`Link.closed` with the time, and writes whatever frames they return. So
every timeout, resync and duplicate below is tested with a hand-moved clock and scripted lines.

Exactly once, the host's half (the tower keeps unacknowledged rolls and resends them; ``docs/
dice-tower-protocol.md`` has both halves):

- a roll is handed to the driver (``deliver``), and only after it has returned, taken or refused,
  is the ACK built. A consumer that raises gets no ACK, so the tower resends and the consumer is asked
  again: a crash must not turn into a lost roll;
- rolls are identified by (boot, seq); the last seq delivered per boot id is remembered (the last
  ``REMEMBER_BOOTS`` boots, because a tower that resets keeps resending an older boot's unacknowledged
  roll) and a roll at or below it is a duplicate: ACKed ``dup`` again, never delivered again.

States: OPENING (no port yet) -> HELLO (port open, waiting for the tower to introduce itself) -> READY;
READY -> RESYNC after BAD_IN_A_ROW damaged lines (ask for HELLO again, like OctoPrint's ``M110``);
any -> LOST when the port fails or the tower stays silent (the driver closes and reopens the port);
HELLO -> INCOMPATIBLE when the tower speaks another protocol version (no roll is trusted then).
"""

from __future__ import annotations

import logging
from collections import OrderedDict, deque
from collections.abc import Callable

from hauntable.table.dice_link import protocol
from hauntable.table.dice_link.records import (
    FAULT_SENTENCES,
    Delivery,
    LinkHealth,
    LinkState,
    TowerFault,
    TowerInfo,
    TowerRoll,
)

__all__ = [
    "FAULT_SENTENCES",
    "Delivery",
    "Link",
    "LinkHealth",
    "LinkState",
    "TowerFault",
    "TowerInfo",
    "TowerRoll",
]

log = logging.getLogger(__name__)


class Link:
    """The host end of one tower link. Subclass or set the class attributes to tune the timeouts."""

    HELLO_RETRY = 0.5  # s between HELLO requests while waiting for the tower
    HELLO_GIVE_UP = 3.0  # s in HELLO or RESYNC before calling the port lost
    POKE_AFTER = 1.5  # s of silence in READY before asking for a STATUS (the tower heartbeats at 1 s)
    LOST_AFTER = 4.0  # s of silence before calling the port lost (the driver then reopens it)
    BAD_IN_A_ROW = 3  # damaged lines in a row before a resync
    REMEMBER_BOOTS = 16
    RECENT_FAULTS = 10

    def __init__(self, deliver: Delivery, name: str = "tower", probe: bool = False):
        self.deliver = deliver
        self.name = name
        self.probe = probe  # only check the tower: leave its rolls unacknowledged for the real consumer
        self.state = LinkState.OPENING
        self.info: TowerInfo | None = None
        self.health = LinkHealth()
        self.faults: deque[TowerFault] = deque(maxlen=self.RECENT_FAULTS)
        self.on_fault: Callable[[TowerFault], None] | None = None
        self._splitter = protocol.LineSplitter()
        self._delivered: OrderedDict[str, int] = OrderedDict()  # boot -> last seq handed to deliver
        self._since = 0.0  # when the current state began
        self._heard = 0.0  # when the last good frame arrived
        self._asked = 0.0  # when the last HELLO request or STATUS poke went out
        self._bad_run = 0
        self._cal_seq = 0
        self.answers: dict[int, tuple[bool, tuple[str, ...]]] = {}  # CALIBRATE seq -> (ok, detail tokens)
        self.on_answer: Callable[[int], None] | None = None

    # -- transport events

    def opened(self, now: float) -> list[bytes]:
        """The port is open: ask the tower to introduce itself."""
        if self.state in (LinkState.LOST, LinkState.RESYNC, LinkState.READY):
            self.health.reconnects += 1
        self._splitter = protocol.LineSplitter()  # a half line from before the reopen is noise
        self._bad_run = 0
        self._enter(LinkState.HELLO, now)
        return self._ask_hello(now)

    def closed(self, now: float, reason: str) -> None:
        """The port failed or vanished (unplugged). The driver will reopen it."""
        if self.state is not LinkState.LOST:
            log.warning("%s: port lost (%s)", self.name, reason)
            self.health.last_error = reason
            self._enter(LinkState.LOST, now)

    def mark_delivered(self, boot: str, seq: int) -> None:
        """Remember a roll as delivered before it arrives, e.g. from the game log after a host restart.

        Warning: the caller vouches that the roll reached the game; it will never be delivered again.
        """
        self._remember(boot, max(seq, self._delivered.get(boot, 0)))

    # -- input

    def on_bytes(self, data: bytes, now: float) -> list[bytes]:
        """Bytes read from the port; returns the frames to write, in order."""
        out: list[bytes] = []
        for line in self._splitter.feed(data):
            out += self._on_line(line, now)
        return self._count_out(out)

    def on_tick(self, now: float) -> list[bytes]:
        """Call every few tens of milliseconds: retries, pokes and timeouts live here."""
        out: list[bytes] = []
        quiet = now - max(self._heard, self._since)
        if self.state in (LinkState.HELLO, LinkState.RESYNC):
            if now - self._since >= self.HELLO_GIVE_UP:
                self._lose(now, f"no HELLO from the tower in {self.HELLO_GIVE_UP:.1f} s")
            elif now - self._asked >= self.HELLO_RETRY:
                out += self._ask_hello(now)
        elif self.state is LinkState.READY:
            if quiet >= self.LOST_AFTER:
                self._lose(now, f"the tower was silent for {quiet:.1f} s")
            elif quiet >= self.POKE_AFTER and now - self._asked >= self.POKE_AFTER:
                log.info("%s: quiet for %.1f s, asking for STATUS", self.name, quiet)
                self._asked = now
                out.append(protocol.encode(protocol.STATUS, 0, self._boot()))
        return self._count_out(out)

    def calibrate(self, well: int, face: int) -> bytes:
        """The CALIBRATE frame telling the tower that the die in ``well`` now shows ``face``.

        The tower answers ``ACK <seq> ok`` or ``ERROR <seq> calibrate``; see :attr:`faults`.
        """
        self._cal_seq += 1
        return self._count_out([protocol.calibrate(self._cal_seq, self._boot(), well, face)])[0]

    def calibrate_step(self, step: str) -> tuple[int, bytes]:
        """(seq, frame) of a camera tower's calibration step (``empty``, ``dice``, ``check``); its answer,
        ``ACK <seq> ok key=value...`` or ``ERROR <seq> calibrate <why>``, lands in :attr:`answers`."""
        self._cal_seq += 1
        return self._cal_seq, self._count_out([protocol.calibrate_step(self._cal_seq, self._boot(), step)])[0]

    # -- internals

    def _on_line(self, line: bytes, now: float) -> list[bytes]:
        frame = protocol.decode(line)
        if isinstance(frame, protocol.BadFrame):
            return self._on_bad(frame, now)
        self._bad_run = 0
        self._heard = now
        self.health.frames_in += 1
        handler = {
            protocol.HELLO: self._on_hello,
            protocol.ROLL: self._on_roll,
            protocol.STATUS: self._on_status,
            protocol.ERROR: self._on_error,
            protocol.ACK: self._on_ack,
        }.get(frame.kind)
        if handler is None:  # ACK/NAK for our CALIBRATE, or a host frame echoed back by a cooked tty
            log.debug("%s: ignoring %r", self.name, frame)
            return []
        return handler(frame, now)

    def _on_bad(self, bad: protocol.BadFrame, now: float) -> list[bytes]:
        self.health.bad_frames += 1
        self.health.bad_by_reason[bad.reason] = self.health.bad_by_reason.get(bad.reason, 0) + 1
        self._bad_run += 1
        log.info("%s: bad line (%s): %r", self.name, bad.reason, bad.line[:60])
        if self._bad_run >= self.BAD_IN_A_ROW and self.state is LinkState.READY:
            log.warning("%s: %d bad lines in a row, resyncing", self.name, self._bad_run)
            self.health.resyncs += 1
            self._enter(LinkState.RESYNC, now)
            return self._ask_hello(now)
        expected = self._delivered.get(self._boot(), 0) + 1 if self.info else 0
        return [protocol.nak(expected, self._boot(), bad.reason)]

    def _on_hello(self, frame: protocol.Frame, now: float) -> list[bytes]:
        fields = frame.fields()
        if fields.get("role") != "tower":
            return []  # our own request echoed back
        try:
            proto = int(fields.get("proto", "0"))
            info = TowerInfo(
                tower_id=fields["id"],
                boot=frame.boot,
                fw=fields.get("fw", "?"),
                proto=proto,
                kinds=tuple(k for k in fields.get("kinds", "").split(",") if k),
                wells=int(fields.get("wells", "0")),
                mode=fields.get("mode", "betrayal"),
            )
        except (KeyError, ValueError):
            log.error("%s: unreadable HELLO %r", self.name, frame)
            return []
        if proto != protocol.PROTO_VERSION:
            message = (
                f"tower {info.tower_id} (firmware {info.fw}) speaks dice protocol {proto}, this table "
                f"speaks {protocol.PROTO_VERSION}: update the tower's firmware or the table software"
            )
            log.error("%s: %s", self.name, message)
            self.health.last_error = message
            self.info = info
            self._enter(LinkState.INCOMPATIBLE, now)
            return []
        if self.info is not None and self.info.boot != info.boot:
            log.warning("%s: tower restarted (boot %s -> %s)", self.name, self.info.boot, info.boot)
            self.health.tower_resets += 1
        self.info = info
        self._delivered.setdefault(info.boot, 0)
        self._delivered.move_to_end(info.boot)
        if self.state is not LinkState.READY:
            log.info("%s: ready: tower %s fw %s boot %s", self.name, info.tower_id, info.fw, info.boot)
            self._enter(LinkState.READY, now)
        return []

    def _on_roll(self, frame: protocol.Frame, now: float) -> list[bytes]:
        if self.state is LinkState.INCOMPATIBLE:
            return []
        if self.probe:
            self.health.early_rolls += 1
            return []
        if self.info is None or self.state is LinkState.HELLO:
            # we do not know this tower yet; no ACK, so it resends after our HELLO request
            self.health.early_rolls += 1
            return [] if self.state is LinkState.HELLO else self._ask_hello(now)
        try:
            kind, faces = protocol.roll_faces(frame)
        except ValueError as exc:
            # CRC-valid but nonsense: a firmware bug. Refuse it so it is not resent forever.
            log.error("%s: refusing a malformed roll %r: %s", self.name, frame, exc)
            self.health.last_error = f"malformed roll from the tower: {exc}"
            self.health.rolls_refused += 1
            return [protocol.ack(frame.seq, frame.boot, "refused")]
        last = self._delivered.get(frame.boot)
        if last is not None and frame.seq <= last:
            self.health.duplicates += 1
            log.info(
                "%s: duplicate roll %s.%d (delivered up to %d), ACK again",
                self.name,
                frame.boot,
                frame.seq,
                last,
            )
            return [protocol.ack(frame.seq, frame.boot, "dup")]
        if last is not None and frame.seq > last + 1 and last > 0:
            self.health.gaps += 1
            log.warning(
                "%s: rolls %d..%d of boot %s never arrived", self.name, last + 1, frame.seq - 1, frame.boot
            )
        roll = TowerRoll(faces, kind, self.info.tower_id, frame.boot, frame.seq)
        try:
            taken = bool(self.deliver(roll))
        except Exception as exc:  # no ACK: the tower resends and the consumer is asked again
            self.health.consumer_errors += 1
            self.health.last_error = f"roll consumer failed: {exc!r}"
            log.exception("%s: roll consumer failed on %s; not acknowledged", self.name, roll.source)
            return []
        self._remember(frame.boot, frame.seq)
        if taken:
            self.health.rolls_taken += 1
        else:
            self.health.rolls_refused += 1
        return [protocol.ack(frame.seq, frame.boot, "taken" if taken else "refused")]

    def _on_status(self, frame: protocol.Frame, now: float) -> list[bytes]:
        self.health.tower_counters = {k: v for k, v in frame.fields().items() if v}
        if self.info is not None and frame.boot != self.info.boot:
            # the tower restarted and we missed its HELLO: ask again so rolls are trusted
            self._enter(LinkState.RESYNC, now)
            return self._ask_hello(now)
        return []

    def _on_ack(self, frame: protocol.Frame, now: float) -> list[bytes]:
        """The tower's answer to our CALIBRATE (our own ACKs echoed by a cooked tty say taken/refused/dup)."""
        if frame.args and frame.args[0] == "ok":
            self._answer(frame.seq, True, frame.args[1:])
        return []

    def _answer(self, seq: int, ok: bool, detail: tuple[str, ...]) -> None:
        self.answers[seq] = (ok, detail)
        if self.on_answer is not None:
            self.on_answer(seq)

    def _on_error(self, frame: protocol.Frame, now: float) -> list[bytes]:
        if not frame.args:
            return []
        if frame.args[0] == "calibrate":
            self._answer(frame.seq, False, frame.args[1:])
        fault = TowerFault(frame.args[0], frame.args[1:], frame.boot)
        self.health.faults += 1
        self.faults.append(fault)
        log.warning("%s: tower fault %s %s", self.name, fault.code, " ".join(fault.detail))
        if self.on_fault is not None:
            self.on_fault(fault)
        return []

    def _ask_hello(self, now: float) -> list[bytes]:
        self._asked = now
        return [protocol.hello_host(self._boot())]

    def _lose(self, now: float, reason: str) -> None:
        log.warning("%s: link lost: %s", self.name, reason)
        self.health.last_error = reason
        self._enter(LinkState.LOST, now)

    def _enter(self, state: LinkState, now: float) -> None:
        if state is not self.state:
            log.info("%s: %s -> %s", self.name, self.state, state)
        self.state = state
        self.health.state = state
        self._since = now

    def _boot(self) -> str:
        return self.info.boot if self.info else protocol.NO_BOOT

    def _remember(self, boot: str, seq: int) -> None:
        self._delivered[boot] = seq
        self._delivered.move_to_end(boot)
        while len(self._delivered) > self.REMEMBER_BOOTS:
            self._delivered.popitem(last=False)

    def _count_out(self, frames: list[bytes]) -> list[bytes]:
        self.health.frames_out += len(frames)
        return frames
