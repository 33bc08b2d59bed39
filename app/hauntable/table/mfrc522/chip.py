"""The MFRC522 chip itself: its registers, its timer, the antenna field and one frame out and its answer
in (``transceive``), with the two timeouts below. The tag commands on top are ``driver.py``.

Two timeouts, because a chip can fail two ways: the chip's own timer (``timeout_ms``) ends a transceive
that no tag answers, and a host-side deadline (``deadline_ms``) ends one where the chip itself never
raises an interrupt (a loose wire, a brown-out, a clone that ignores TAuto). The published ``mfrc522``
package has neither working: its loop counter is checked after it has already wrapped.
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


class Mfrc522Chip:
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
