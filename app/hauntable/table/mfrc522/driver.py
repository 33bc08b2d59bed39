"""A register-level MFRC522 driver: wake tags, read whole UIDs (4, 7 and 10 bytes), halt them.

It talks to anything with ``xfer2(list[int]) -> list[int]`` (a ``spidev.SpiDev``, a reader port on a
shared bus from ``bus.py``, or the emulator's fake SPI device) and reads time from an injected clock.

Two timeouts, because a chip can fail two ways: the chip's own timer (``timeout_ms``) ends a transceive
that no tag answers, and a host-side deadline (``deadline_ms``) ends one where the chip itself never
raises an interrupt (a loose wire, a brown-out, a clone that ignores TAuto). The published ``mfrc522``
package has neither working: its loop counter is checked after it has already wrapped.

>>> from hauntable.table.mfrc522.emulator import EmulatedTag, emulated_reader
>>> chip, spi = emulated_reader(EmulatedTag.ntag("04:A2:5B:1C:7F:80:00"))
>>> reader = Mfrc522(spi, clock=chip.clock); reader.init()
>>> reader.poll().hex(":").upper()
'04:A2:5B:1C:7F:80:00'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from hauntable.table.clock import Clock, MonotonicClock
from hauntable.table.mfrc522 import registers as r


class SpiDevice(Protocol):
    """The part of ``spidev.SpiDev`` the driver uses."""

    def xfer2(self, data: Sequence[int]) -> list[int]: ...


class ReaderError(Exception):
    """Base of the driver's errors: something went wrong talking to a tag or to the chip."""


class NoTag(ReaderError):
    """No tag answered before the chip's timer ran out: the normal "nothing here"."""


class Collision(ReaderError):
    """Several tags answered at once with different bits. ``answer`` holds the bits received before the
    first collision (later ones cleared), ``position`` that bit's index in the answer (None: unknown).
    :meth:`Mfrc522.select` resolves it; it reaches a caller only when that fails."""

    def __init__(self, message: str, answer: bytes = b"", position: int | None = None):
        super().__init__(message)
        self.answer = answer
        self.position = position


class FrameError(ReaderError):
    """A tag answered with a bad CRC, parity, BCC or length: half on the antenna, or interference."""


class ChipTimeout(ReaderError):
    """The chip raised no interrupt before the host-side deadline: the reader is dead or miswired."""


class Mfrc522:
    """One MFRC522 chip.

    Call :meth:`init` once (soft reset and timer setup), then :meth:`poll` per scan. ``field`` says how
    the antenna is driven: ``"per_read"`` switches it on only while this reader polls (one field at a
    time on a table of many readers: no cross-reads, a small power budget, and every tag starts IDLE),
    ``"always"`` leaves it on and relies on WUPA to wake halted tags.

    ``timeout_ms`` (0.5 ms) is the chip's timer for REQA/WUPA, the frame every empty read ends on. It is
    this short because in TAuto mode the timer starts at the end of our frame and *stops* once the
    answer's fifth bit arrives, and every ISO 14443-3 answer starts a fixed frame delay (~91 us) after
    our frame: a present tag stops a genuine chip's timer ~140 us in, so waiting longer only slows down
    every empty read. Clone chips that stop it only at the end of the answer still fit: ATQA is 2 bytes,
    ~260 us. ``frame_timeout_ms`` (1.0 ms) is the timer for anticollision and select, whose answers (5 and
    3 bytes) end up to ~511 us after our frame: 0.5 ms (525 us in ticks) left such a clone 14 us; 1 ms
    leaves it 2x, and costs a genuine chip nothing (its timer stops at the fifth bit).
    """

    def __init__(
        self,
        spi: SpiDevice,
        clock: Clock | None = None,
        *,
        timeout_ms: float = 0.5,
        frame_timeout_ms: float = 1.0,
        deadline_ms: float = 15.0,
        field: str = "per_read",
        settle_ms: float = 1.0,
    ):
        if field not in ("per_read", "always"):
            raise ValueError(f"field must be 'per_read' or 'always', not {field!r}")
        self.spi = spi
        self.clock = clock or MonotonicClock()
        self.timeout_ms = timeout_ms
        self.frame_timeout_ms = frame_timeout_ms
        self._timer_ms: float | None = None  # what TReloadReg holds now
        self.deadline_ms = deadline_ms
        self.field = field
        self.settle_ms = settle_ms
        self._antenna = False
        self._field_since = 0.0  # when the antenna was last switched on (for the settle time)
        self._last_uid: bytes | None = None
        self.collided = False  # the last select met a collision: another tag is waiting

    # --- registers -------------------------------------------------------------------------------------

    def read(self, reg: int) -> int:
        return self.spi.xfer2([0x80 | (reg << 1), 0])[1]

    def read_many(self, reg: int, count: int) -> bytes:
        """Read one register ``count`` times in one transfer (how the FIFO is emptied)."""
        address = 0x80 | (reg << 1)
        return bytes(self.spi.xfer2([address] * count + [0])[1:])

    def write(self, reg: int, *values: int) -> None:
        self.spi.xfer2([(reg << 1) & 0x7E, *values])

    def set_bits(self, reg: int, mask: int) -> None:
        self.write(reg, self.read(reg) | mask)

    def clear_bits(self, reg: int, mask: int) -> None:
        self.write(reg, self.read(reg) & ~mask & 0xFF)

    # --- chip ------------------------------------------------------------------------------------------

    def init(self) -> None:
        """Soft reset, then: timer in auto mode at 40 kHz ticks, 100 % ASK, CRC preset 0x6363, the
        receiver at its full 48 dB gain (reset: 33 dB), for a tag standing off-centre on a tile."""
        self.write(r.COMMAND, r.CMD_SOFT_RESET)
        self.clock.sleep(0.00005)  # the oscillator restarts; the datasheet allows ~37.7 us
        self._wait_until_idle()
        self.write(r.T_MODE, r.T_AUTO)  # TPrescaler high nibble 0
        self.write(r.T_PRESCALER, 0xA9)  # 13.56 MHz / (2*169+1) = 40 kHz: 25 us per tick
        self._timer_ms = None
        self.set_timeout(self.timeout_ms)
        self.write(r.TX_ASK, 0x40)
        self.write(r.COLL, 0x00)  # ValuesAfterColl = 0: bits after a collision arrive cleared
        self.write(r.MODE, 0x3D)
        self.write(r.RF_CFG, (r.RF_CFG_RESET & ~r.RX_GAIN_MASK) | r.RX_GAIN_48DB)
        self._antenna = False
        if self.field == "always":
            self.antenna(True)

    def _wait_until_idle(self) -> None:
        deadline = self.clock.now() + self.deadline_ms / 1000
        while self.read(r.COMMAND) & r.CMD_SOFT_RESET:
            if self.clock.now() > deadline:
                raise ChipTimeout("the chip did not come out of soft reset")
            self.clock.sleep(0.00005)

    def version(self) -> int:
        """VersionReg: 0x91 or 0x92 for a genuine chip (see ``registers.KNOWN_VERSIONS``); 0x00/0xFF: none."""
        return self.read(r.VERSION)

    def set_timeout(self, ms: float) -> None:
        """The chip's timer for the frames that follow (written only when it changes)."""
        if ms == self._timer_ms:
            return
        self._timer_ms = ms
        ticks = max(1, min(0xFFFF, round(ms * 1000 / 25)))
        self.write(r.T_RELOAD_H, ticks >> 8)
        self.write(r.T_RELOAD_L, ticks & 0xFF)

    def antenna(self, on: bool, wait: bool = True) -> None:
        """Switch the RF field. Off resets every tag in it: the next field-on finds them all IDLE.

        On waits ``settle_ms`` for the tags to power up, unless ``wait`` is False (:meth:`prepare`).
        """
        if on:
            self.set_bits(r.TX_CONTROL, r.ANTENNA_BITS)
            self._field_since = self.clock.now()
            if wait:
                self._settle()
        else:
            self.clear_bits(r.TX_CONTROL, r.ANTENNA_BITS)
        self._antenna = on

    def _settle(self) -> None:
        """Wait until the field has been on ``settle_ms``: tags need a moment of power before they answer."""
        left = self._field_since + self.settle_ms / 1000 - self.clock.now()
        if left > 0:
            self.clock.sleep(left)

    @property
    def field_on(self) -> bool:
        return self._antenna

    def prepare(self) -> None:
        """Switch this reader's field on now, without waiting, so its settle time passes while the host
        talks to another reader; the next :meth:`poll` waits only for what is left of it.

        Warning: the caller keeps two fields on at once for a moment; the scanner only prepares a reader
        that is not a neighbour of the one it reads meanwhile (no cross-reads). ``field="always"``
        readers need no preparing.
        """
        if self.field == "per_read" and not self._antenna:
            self.antenna(True, wait=False)

    def cycle_field(self) -> None:
        """Field off then on: tags stuck ACTIVE or HALT after an interrupted read start again from IDLE."""
        self.antenna(False)
        self.clock.sleep(0.001)  # ISO 14443 asks for at least 5 ms reset in theory; 1 ms resets NTAGs
        self.antenna(True)

    # --- one frame -------------------------------------------------------------------------------------

    def transceive(self, data: bytes, tx_last_bits: int = 0, rx_align: int = 0) -> tuple[bytes, int]:
        """Send one frame, return (answer, valid bits in its last byte: 0 means all 8).

        ``tx_last_bits``: valid bits in the last byte sent (0 = 8); ``rx_align``: the bit of the first
        answer byte where the first received bit goes (anticollision frames that end mid-byte).

        Raises:
            NoTag: the chip's timer ran out with no answer.
            Collision: several tags answered.
            FrameError: a parity, CRC, protocol or overflow error.
            ChipTimeout: the chip raised nothing at all before ``deadline_ms``.
        """
        self.write(r.COMMAND, r.CMD_IDLE)
        self.write(r.COM_IRQ, 0x7F)  # clear every interrupt request bit
        self.write(r.FIFO_LEVEL, r.FLUSH_FIFO)
        self.write(r.FIFO_DATA, *data)
        framing = (rx_align & 0x07) << 4 | (tx_last_bits & 0x07)
        self.write(r.BIT_FRAMING, framing)
        self.write(r.COMMAND, r.CMD_TRANSCEIVE)
        self.write(r.BIT_FRAMING, r.START_SEND | framing)
        deadline = self.clock.now() + self.deadline_ms / 1000
        while True:
            irq = self.read(r.COM_IRQ)
            if irq & (r.IRQ_RX | r.IRQ_IDLE):
                break
            if irq & r.IRQ_TIMER:
                self.write(r.BIT_FRAMING, 0)
                raise NoTag("no answer")
            if self.clock.now() > deadline:  # checked every time round, so it really fires
                self.write(r.COMMAND, r.CMD_IDLE)
                raise ChipTimeout(f"no interrupt from the chip within {self.deadline_ms} ms")
        self.write(r.BIT_FRAMING, 0)
        error = self.read(r.ERROR)
        if error & (r.ERR_BUFFER_OVERFLOW | r.ERR_PROTOCOL | r.ERR_CRC) or (
            error & r.ERR_PARITY and not error & r.ERR_COLLISION
        ):
            raise FrameError(f"ErrorReg 0x{error:02X}")
        level = self.read(r.FIFO_LEVEL) & 0x7F
        answer = self.read_many(r.FIFO_DATA, level) if level else b""
        if error & r.ERR_COLLISION:
            coll = self.read(r.COLL)
            position = None
            if not coll & r.COLL_POS_NOT_VALID:
                position = ((coll & r.COLL_POS_MASK) or 32) - 1
            raise Collision("several tags answered", answer, position)
        last_bits = self.read(r.CONTROL) & 0x07
        return answer, last_bits

    # --- ISO 14443-A -----------------------------------------------------------------------------------

    def wake(self, halted_too: bool = True) -> bytes:
        """WUPA (``halted_too``) or REQA; returns the 2-byte ATQA. Raises NoTag when nothing answers.

        Presence polling must use WUPA: a tag we halted after reading it ignores REQA, and would look
        removed on the next scan.
        """
        self.set_timeout(self.timeout_ms)
        try:
            answer, last_bits = self.transceive(bytes([r.WUPA if halted_too else r.REQA]), tx_last_bits=7)
        except Collision as exc:  # tags of different types: their ATQAs differ, but they are all there
            answer, last_bits = exc.answer, 0
        if len(answer) != 2 or last_bits:
            raise FrameError(f"ATQA of {len(answer)} bytes")
        return answer

    def select(self) -> bytes:
        """Anticollision and select through the cascade levels; returns the whole UID (4, 7 or 10 bytes).

        The tag must be READY (just woken). Each level yields 4 bytes; a leading cascade tag 0x88 and a
        SAK with bit 0x04 say another level follows. Raises FrameError on a bad BCC or SAK.
        """
        uid = bytearray()
        self.collided = False
        self.set_timeout(self.frame_timeout_ms)
        for level, sel in enumerate(r.SEL):
            answer = self._anticollision(sel)
            if r.bcc(answer[:4]) != answer[4]:
                raise FrameError(f"bad UID CL{level + 1}: {answer.hex()}")
            frame = bytes([sel, r.NVB_SELECT]) + answer
            sak_frame, _ = self.transceive(frame + r.crc_a(frame))
            if len(sak_frame) != 3 or r.crc_a(sak_frame[:1]) != sak_frame[1:]:
                raise FrameError(f"bad SAK at CL{level + 1}: {sak_frame.hex()}")
            if sak_frame[0] & r.SAK_UID_INCOMPLETE:
                if answer[0] != r.CASCADE_TAG:
                    raise FrameError("SAK says the UID goes on but CLn has no cascade tag")
                uid += answer[1:4]
                continue
            uid += answer[:4]
            return bytes(uid)
        raise FrameError("UID longer than three cascade levels")

    def _anticollision(self, sel: int) -> bytes:
        """One cascade level's UID CLn + BCC (5 bytes), walking collisions bit by bit (ISO 14443-3 6.5.3).

        We send the bits known so far (NVB says how many); only tags whose UID starts with them answer,
        with the rest. At a collision we keep the bits before it, choose 1 for the colliding bit and ask
        again, so each round settles at least one more bit and we end with one whole tag's CLn. Sets
        ``self.collided`` so the caller knows another tag is waiting.
        """
        buf = bytearray(5)
        known = 0
        while True:
            whole, bits = divmod(known, 8)
            nvb = (2 + whole) << 4 | bits
            frame = bytes([sel, nvb]) + bytes(buf[: whole + (1 if bits else 0)])
            try:
                answer, _ = self.transceive(frame, tx_last_bits=bits, rx_align=bits)
                position = None
            except Collision as exc:
                if exc.position is None:
                    raise  # CollPosNotValid: no bit to choose, so no way to single one tag out
                answer, position = exc.answer, exc.position
                self.collided = True
            if len(answer) != 5 - whole:
                raise FrameError(f"anticollision answer of {len(answer)} bytes after {known} bits")
            for i, byte in enumerate(answer):
                buf[whole + i] |= byte & (0xFF << bits if i == 0 else 0xFF) & 0xFF
            if position is None:
                return bytes(buf)
            at = whole * 8 + position  # the colliding bit, counted from the start of CLn
            if not known <= at < 32:
                raise Collision(f"collision at bit {at} after {known} known bits")
            index, bit = divmod(at, 8)
            buf[index] = (buf[index] & ((1 << bit) - 1)) | 1 << bit  # keep the bits before, choose 1
            buf[index + 1 :] = bytes(4 - index)
            known = at + 1

    def halt(self) -> None:
        """HLTA: the selected tag goes quiet until the next WUPA or field reset. No answer means success."""
        frame = bytes([r.HLTA, 0x00])
        self.set_timeout(self.timeout_ms)  # success is silence: the short timer says so sooner
        try:
            self.transceive(frame + r.crc_a(frame))
        except NoTag:
            return
        raise FrameError("a tag answered HLTA")

    def read_uid(self, halted_too: bool = True, halt: bool = True) -> bytes | None:
        """Wake, select and (with ``halt``) halt one tag; None when no tag is in the field.

        Raises Collision, FrameError or ChipTimeout for the caller to count as a failed read.
        """
        try:
            self.wake(halted_too)
        except NoTag:
            return None
        uid = self.select()
        if halt:
            self.halt()
        return uid

    def read_uids(self, halted_too: bool = True, halt: bool = True, max_tags: int = 4) -> tuple[bytes, ...]:
        """Every tag in the field (up to ``max_tags``): wake, select one, and when the select met a
        collision, halt it and wake the rest with REQA (a halted tag ignores it) until none answers.

        Tags must start IDLE for the REQA rounds to find them all (``field="per_read"``, or after
        :meth:`cycle_field`). Raises FrameError or ChipTimeout, or Collision when the walk fails.
        """
        try:
            self.wake(halted_too)
        except NoTag:
            return ()
        uids = [self.select()]
        more = self.collided
        while more and len(uids) < max_tags:
            self.halt()
            try:
                self.wake(halted_too=False)
            except NoTag:
                return tuple(uids)  # the last one is halted already
            uids.append(self.select())
            more = self.collided or more
        if halt:
            self.halt()
        return tuple(uids)

    def poll(self) -> bytes | None:
        """One presence read of a reader that holds at most one tag: its UID or None.

        Raises:
            Collision: several tags lie on this reader (:meth:`poll_all` reads them all).
        """
        uids = self.poll_all()
        if len(uids) > 1:
            raise Collision(f"{len(uids)} tags on one reader")
        return uids[0] if uids else None

    def present(self) -> bool:
        """A cheap presence check: does anything answer WUPA? No select, so no UID: the caller knows which
        tag it saw last and reads it fully now and then (a tile swapped for another between two full
        reads is only seen at the next one). ``field="per_read"`` only: with the field always on, the
        woken tag would be left READY and miss the next WUPA, so "always" does a full :meth:`poll_all`.
        """
        if self.field != "per_read":
            return bool(self.poll_all())
        if self._antenna:
            self._settle()
        else:
            self.antenna(True)
        try:
            self.wake(True)
        except NoTag:
            return False
        finally:
            self.antenna(False)
        return True

    def poll_all(self) -> tuple[bytes, ...]:
        """One presence read: the UIDs in the field (none, one, or several stacked).

        With ``field="per_read"`` the antenna is on only during the read. With ``"always"``, when a tag
        seen last time seems gone (or the read fails mid-select), the field is cycled once and the read
        tried again before reporting it absent: a tag left ACTIVE by an interrupted select answers neither
        REQA nor WUPA until it is reset, and must not be reported as lifted. A collision there also
        cycles the field, so every tag is IDLE for the REQA rounds.
        """
        if self.field == "per_read":
            if self._antenna:
                self._settle()  # prepared earlier: wait out what is left of the settle time, if anything
            else:
                self.antenna(True)
            try:
                return self.read_uids(halt=False)  # the field goes off next: no need to wait out a HLTA
            finally:
                self.antenna(False)
        if not self._antenna:
            self.antenna(True)
        try:
            uids = self.read_uids()
        except FrameError:
            uids = ()
            self._last_uid = b"?"  # force the retry below
        if (not uids and self._last_uid is not None) or (len(uids) == 1 and self.collided):
            # a tag we halted in an earlier poll went back to HALT when the collision walk chose the
            # other one, and REQA cannot wake it: reset them all and read again
            self.cycle_field()
            uids = self.read_uids()
        self._last_uid = uids[0] if uids else None
        return uids
