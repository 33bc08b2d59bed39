"""A byte-level MFRC522 and ISO 14443-A tags behind a fake SPI device, for testing the driver on a PC.

The emulator implements what the datasheet says the chip does with the bytes it is sent: the SPI
address byte format, the FIFO, ComIrqReg and DivIrqReg with their set/clear bit, BitFramingReg StartSend,
TxLastBits and RxAlign (a frame goes out with the bits the register holds: a REQA sent without
TxLastBits = 7 is an 8-bit frame no tag answers), the timer (TAuto, prescaler, reload) firing TimerIRq
when no tag answers, ErrorReg on collisions, the antenna bits in TxControlReg, the CRC coprocessor
(CalcCRC over the FIFO into CRCResultReg, CRCIRq and Status1Reg CRCReady), RFCfgReg's reset value, and
tags that move through IDLE / READY / ACTIVE / HALT as ISO 14443-3 says (REQA wakes only IDLE tags, WUPA
also HALT ones, a field reset returns every tag to IDLE).

Strict where drivers go wrong (issue 21): a tag answers only once the field has been on for its power-up
time (``EmulatedTag.power_up_s``), so a driver that does not wait misses it; Transceive never ends by
itself, so it raises RxIRq (and ErrIRq) but no IdleIRq, and a driver waiting for Idle times out; a
``clone=True`` chip does not stop its timer at the answer's fifth bit (some FM17522-style clones), so a
timer shorter than the whole answer fires first. TxModeReg/RxModeReg TxCRCEn/RxCRCEn (the chip adding
and checking the CRC itself) are not emulated: setting them raises, so no driver test passes by accident.

Time is a :class:`~hauntable.table.clock.SimClock`: every SPI transfer costs its bytes at ``hz`` plus a
fixed per-transfer overhead (the ioctl on a Pi), and air frames cost their ISO 14443 duration, so the
driver's cost per read comes out close to a real chip's. That is where the mock backend's timing model
comes from (tests/table/test_timing_model.py checks they agree).

Faults: ``chip.dead = True`` (nothing on the bus: MISO reads 0x00), ``chip.stuck = True`` (the chip
never raises an interrupt), ``tag.partial = True`` (a tag half on the antenna: bad CRC on select).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from hauntable.table.clock import SimClock
from hauntable.table.mfrc522 import registers as r

IDLE, READY, ACTIVE, HALT = "IDLE", "READY", "ACTIVE", "HALT"
BIT_TIME = 128 / 13_560_000  # one ISO 14443-A bit at 106 kbit/s: 9.44 us
FRAME_DELAY = 86.4e-6  # tag response delay after a command (FDT, n=9)
POWER_UP_S = 0.8e-3  # field on until a tag answers: ISO 14443-3 allows up to 5 ms; NTAG21x take < 1 ms


@dataclasses.dataclass
class EmulatedTag:
    """An ISO 14443-A tag: UID, ATQA, final SAK and its protocol state."""

    uid: bytes
    atqa: bytes
    sak: int
    state: str = IDLE
    level: int = 0  # cascade level being resolved while READY
    partial: bool = False
    halted_before: bool = False
    power_up_s: float = POWER_UP_S
    powered_at: float | None = None  # when the field reached it (None: no field)

    @classmethod
    def ntag(cls, uid: str | bytes) -> EmulatedTag:
        """An NTAG213/215/216 sticker: a 7-byte UID, ATQA 0x0044, SAK 0x00."""
        raw = r.parse_uid(uid) if isinstance(uid, str) else uid
        return cls(raw, bytes([0x44, 0x00]), 0x00)

    @classmethod
    def classic(cls, uid: str | bytes) -> EmulatedTag:
        """A MIFARE Classic 1K card: a 4-byte UID, ATQA 0x0004, SAK 0x08."""
        raw = r.parse_uid(uid) if isinstance(uid, str) else uid
        return cls(raw, bytes([0x04, 0x00]), 0x08)

    def levels(self) -> list[bytes]:
        """UID CLn per cascade level, each 4 bytes (cascade tag 0x88 where another level follows)."""
        u = self.uid
        if len(u) == 4:
            return [u]
        if len(u) == 7:
            return [bytes([r.CASCADE_TAG]) + u[:3], u[3:]]
        return [bytes([r.CASCADE_TAG]) + u[:3], bytes([r.CASCADE_TAG]) + u[3:6], u[6:]]

    def power_off(self) -> None:
        self.state, self.level, self.halted_before = IDLE, 0, False
        self.powered_at = None

    def ready(self, now: float) -> bool:
        """Powered long enough to demodulate a command."""
        return self.powered_at is not None and now - self.powered_at >= self.power_up_s - 1e-12

    def receive(self, frame: bytes, bits: int) -> bytes | None:
        """What this tag answers to ``frame`` (``bits`` valid bits in the last byte, 0 = 8); None: silent."""
        if bits == 7 and len(frame) == 1:
            wakes = {r.REQA: (IDLE,), r.WUPA: (IDLE, HALT)}.get(frame[0], ())
            if self.state in wakes:
                self.halted_before = self.state == HALT
                self.state, self.level = READY, 0
                return self.atqa
            return None
        if self.state == READY and len(frame) >= 2 and frame[0] == r.SEL[self.level] and frame[1] != 0x70:
            return self._anticollision(frame, bits)
        if self.state == READY and len(frame) == 9 and frame[0] == r.SEL[self.level] and frame[1] == 0x70:
            cl = self.levels()[self.level]
            if frame[2:7] != cl + bytes([r.bcc(cl)]) or r.crc_a(frame[:7]) != frame[7:]:
                self._confused()
                return None
            last = self.level == len(self.levels()) - 1
            sak = self.sak if last else r.SAK_UID_INCOMPLETE
            if last:
                self.state = ACTIVE
            else:
                self.level += 1
            answer = bytes([sak])
            if self.partial:
                return answer + bytes([0xDE, 0xAD])  # a half-coupled tag: the CRC does not check
            return answer + r.crc_a(answer)
        if self.state == ACTIVE and frame[:2] == bytes([r.HLTA, 0]) and frame[2:] == r.crc_a(frame[:2]):
            self.state = HALT
            return None
        self._confused()
        return None

    def _anticollision(self, frame: bytes, bits: int) -> bytes | None:
        """ANTICOLLISION with NVB = the bytes and bits we are sent: a tag whose UID CLn starts with those
        bits answers the rest, starting mid-byte (bits below the split cleared); others stay silent and
        READY (ISO 14443-3 6.5.3.3)."""
        nvb = frame[1]
        whole, extra = (nvb >> 4) - 2, nvb & 0x0F
        if whole < 0 or whole > 4 or extra > 7 or len(frame) != 2 + whole + (1 if extra else 0):
            self._confused()
            return None
        if (bits or 8) != (extra or 8) and extra:
            self._confused()
            return None
        cl = self.levels()[self.level]
        full = cl + bytes([r.bcc(cl)])
        sent = frame[2:]
        if full[:whole] != sent[:whole]:
            return None
        mask = (1 << extra) - 1
        if extra and full[whole] & mask != sent[whole] & mask:
            return None
        return bytes([full[whole] & ~mask & 0xFF]) + full[whole + 1 :]

    def _confused(self) -> None:
        """ISO 14443-3: an unexpected frame sends a READY/ACTIVE tag back to IDLE (or HALT)."""
        if self.state in (READY, ACTIVE):
            self.state = HALT if self.halted_before else IDLE
        return None


class EmulatedMfrc522:
    """The chip: 64 registers, a 64-byte FIFO, the timer and the RF field over a list of tags."""

    version = 0x92

    def __init__(self, clock: SimClock | None = None, tags: Sequence[EmulatedTag] = (), clone: bool = False):
        self.clock = clock or SimClock()
        self.clone = clone
        self.tags: list[EmulatedTag] = list(tags)
        self.dead = False
        self.stuck = False
        self.regs = [0] * 64
        self.fifo: list[int] = []
        self._pending: tuple[float, int, list[int], int, int] | None = None  # (at, irq, fifo, bits, err)
        self.frames: list[bytes] = []  # every frame sent to tags, for tests
        self.soft_resets = -1  # SoftReset commands so far (the constructor's power-on reset not counted)
        self.soft_reset()

    # --- what a test does ------------------------------------------------------------------------------

    def place(self, tag: EmulatedTag) -> None:
        """Put a tag on the antenna. It powers up IDLE if the field is on."""
        tag.power_off()
        if self.field_on:
            tag.powered_at = self.clock.now()
        self.tags.append(tag)

    def lift(self, tag: EmulatedTag) -> None:
        self.tags.remove(tag)

    @property
    def field_on(self) -> bool:
        return bool(self.regs[r.TX_CONTROL] & r.ANTENNA_BITS) and not self.regs[r.COMMAND] & r.POWER_DOWN

    # --- registers -------------------------------------------------------------------------------------

    def soft_reset(self) -> None:
        self.soft_resets += 1
        self.regs = [0] * 64
        self.regs[r.VERSION] = self.version
        self.regs[r.TX_CONTROL] = 0x80  # reset value: antenna off
        self.regs[r.MODE] = 0x3F
        self.regs[r.COLL] = 0xA0  # reset value: ValuesAfterColl = 1, CollPosNotValid = 1
        self.regs[r.RF_CFG] = r.RF_CFG_RESET
        self.regs[r.FIFO_LEVEL] = 0
        self.fifo = []
        self._pending = None
        for tag in self.tags:
            tag.power_off()

    def read_reg(self, reg: int) -> int:
        self._settle()
        if reg == r.FIFO_DATA:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == r.FIFO_LEVEL:
            return len(self.fifo)
        return self.regs[reg]

    def write_reg(self, reg: int, value: int) -> None:
        self._settle()
        if reg == r.FIFO_DATA:
            if len(self.fifo) < 64:
                self.fifo.append(value)
            else:
                self.regs[r.ERROR] |= r.ERR_BUFFER_OVERFLOW
            return
        if reg == r.FIFO_LEVEL:
            if value & r.FLUSH_FIFO:
                self.fifo = []
            return
        if reg in (r.COM_IRQ, r.DIV_IRQ):  # bit 7 Set1/Set2: 1 sets the marked bits, 0 clears them
            mask = value & 0x7F
            self.regs[reg] = self.regs[reg] | mask if value & 0x80 else self.regs[reg] & ~mask
            return
        if reg in (r.TX_MODE, r.RX_MODE) and value & r.TX_CRC_EN:
            raise NotImplementedError("the emulator does not do TxCRCEn/RxCRCEn: use CalcCRC or the host")
        if reg == r.TX_CONTROL:
            was_on = self.field_on
            self.regs[reg] = value
            if was_on and not self.field_on:
                for tag in self.tags:
                    tag.power_off()
            elif self.field_on and not was_on:
                for tag in self.tags:
                    tag.powered_at = self.clock.now()
            return
        if reg == r.COMMAND:
            self.regs[reg] = value & 0x1F
            command = value & 0x0F
            if command == r.CMD_SOFT_RESET:
                self.soft_reset()
            elif command == r.CMD_IDLE:
                self._pending = None
            elif command == r.CMD_CALC_CRC:
                self._calc_crc()
            return
        self.regs[reg] = value
        if reg == r.BIT_FRAMING and value & r.START_SEND and self.regs[r.COMMAND] & 0x0F == r.CMD_TRANSCEIVE:
            self._start_transceive(value & 0x07)

    # --- CRC coprocessor --------------------------------------------------------------------------------

    def _calc_crc(self) -> None:
        """CalcCRC: the FIFO's bytes go through the coprocessor (preset ModeReg CRCPreset, 01 = 0x6363 for
        CRC_A); CRCResultReg holds the result, CRCIRq and CRCReady are set. The command stays active
        until another is written, as on the chip; the FIFO is empty afterwards."""
        if self.regs[r.MODE] & 0x03 != 0x01:
            raise NotImplementedError("only the CRC_A preset 0x6363 (ModeReg CRCPreset = 01) is emulated")
        crc = r.crc_a(bytes(self.fifo))  # low byte first
        self.fifo = []
        self.regs[r.CRC_RESULT_L], self.regs[r.CRC_RESULT_H] = crc[0], crc[1]
        self.regs[r.DIV_IRQ] |= r.DIV_IRQ_CRC
        self.regs[r.STATUS1] |= r.STATUS1_CRC_READY

    # --- transceive ------------------------------------------------------------------------------------

    def _timer_period(self) -> float:
        prescaler = ((self.regs[r.T_MODE] & 0x0F) << 8) | self.regs[r.T_PRESCALER]
        reload = (self.regs[r.T_RELOAD_H] << 8) | self.regs[r.T_RELOAD_L]
        return (reload + 1) * (2 * prescaler + 1) / r.TIMER_HZ

    def _start_transceive(self, tx_last_bits: int) -> None:
        frame = bytes(self.fifo)
        self.fifo = []
        self.frames.append(frame)
        now = self.clock.now()
        tx_bits = (len(frame) - 1) * 8 + (tx_last_bits or 8)
        sent = now + tx_bits * BIT_TIME * 9 / 8  # parity bits
        if self.stuck:
            self._pending = None
            return
        answers = []
        if self.field_on:
            powered = [tag for tag in self.tags if tag.ready(now)]  # still powering up: deaf
            answers = [a for tag in powered if (a := tag.receive(frame, tx_last_bits)) is not None]
        if not answers:
            if self.regs[r.T_MODE] & r.T_AUTO:
                self._pending = (sent + self._timer_period(), r.IRQ_TIMER, [], 0, 0)
            return
        # the timer stops once the answer's fifth bit is in (a clone: only when the whole answer is in);
        # too short a timer fires first
        heard = max(len(a) for a in answers) * 9 if self.clone else 5
        if self.regs[r.T_MODE] & r.T_AUTO and self._timer_period() < FRAME_DELAY + heard * BIT_TIME:
            self._pending = (sent + self._timer_period(), r.IRQ_TIMER, [], 0, 0)
            return
        first, error = self._superpose(answers, (self.regs[r.BIT_FRAMING] >> 4) & 0x07)
        ready = sent + FRAME_DELAY + len(first) * 9 * BIT_TIME
        irq = r.IRQ_RX | (r.IRQ_ERR if error else 0)  # Transceive goes on receiving: no IdleIRq
        self._pending = (ready, irq, list(first), 0, error)

    def _superpose(self, answers: list[bytes], rx_align: int) -> tuple[bytes, int]:
        """What the receiver makes of several tags answering at once: bits they agree on arrive; at the
        first bit where they differ the chip flags CollErr and notes CollPos (its index in the FIFO
        bytes, counted from bit 0 of the first byte, 1-based, 32 -> 0: our reading of the datasheet);
        later bits arrive cleared (CollReg ValuesAfterColl = 0) or as the OR of the answers."""
        first = answers[0]
        if all(a == first for a in answers[1:]):
            self.regs[r.COLL] = (self.regs[r.COLL] & r.VALUES_AFTER_COLL) | r.COLL_POS_NOT_VALID
            return first, 0
        length = max(len(a) for a in answers)
        padded = [a + bytes(length - len(a)) for a in answers]
        merged = bytearray(length)
        collision = None
        for index in range(rx_align, length * 8):
            byte, bit = divmod(index, 8)
            values = {a[byte] >> bit & 1 for a in padded}
            if len(values) > 1 and collision is None:
                collision = index
            keep = collision is None or self.regs[r.COLL] & r.VALUES_AFTER_COLL
            if keep and 1 in values:
                merged[byte] |= 1 << bit
        assert collision is not None
        position = collision + 1
        coll = self.regs[r.COLL] & r.VALUES_AFTER_COLL
        coll |= (position & r.COLL_POS_MASK) if position <= 32 else r.COLL_POS_NOT_VALID
        self.regs[r.COLL] = coll
        return bytes(merged), r.ERR_COLLISION

    def _settle(self) -> None:
        """Deliver a pending answer or timer expiry once simulated time has reached it."""
        if self._pending is None or self.clock.now() < self._pending[0]:
            return
        _, irq, data, last_bits, error = self._pending
        self._pending = None
        self.fifo = data
        self.regs[r.COM_IRQ] |= irq
        self.regs[r.ERROR] = error
        self.regs[r.CONTROL] = (self.regs[r.CONTROL] & ~0x07) | last_bits


class FakeSpiDevice:
    """A spidev-like device wired to an emulated chip; each transfer costs simulated time.

    ``hz`` is the SPI clock; ``overhead`` the fixed cost of one ``xfer2`` (an ioctl and Python on a Pi 4,
    about 25-40 us); ``select`` what the chip select adds per transfer on a shared bus
    (:mod:`hauntable.table.mfrc522.costs`). ``transfers`` counts calls, for tests that bound a driver's
    traffic.
    """

    def __init__(
        self, chip: EmulatedMfrc522, hz: int = 4_000_000, overhead: float = 30e-6, select: float = 0.0
    ):
        self.chip = chip
        self.max_speed_hz = hz
        self.overhead = overhead + select
        self.transfers = 0
        self.closed = False

    def xfer2(self, data: Sequence[int]) -> list[int]:
        if self.closed:
            raise OSError("SPI device closed")
        self.transfers += 1
        clock = self.chip.clock
        clock.advance(self.overhead + len(data) * 8 / self.max_speed_hz)
        if self.chip.dead:
            return [0] * len(data)
        out = [0]
        first = data[0]
        if first & 0x80:  # read: each following byte returns the register named by the byte before it
            for i in range(1, len(data)):
                out.append(self.chip.read_reg((data[i - 1] >> 1) & 0x3F))
        else:
            reg = (first >> 1) & 0x3F
            for value in data[1:]:
                self.chip.write_reg(reg, value)
                out.append(0)
        return out

    def close(self) -> None:
        self.closed = True


def emulated_reader(
    *tags: EmulatedTag, clock: SimClock | None = None
) -> tuple[EmulatedMfrc522, FakeSpiDevice]:
    """A chip with ``tags`` on its antenna and the fake SPI device that reaches it."""
    chip = EmulatedMfrc522(clock or SimClock(), tags)
    return chip, FakeSpiDevice(chip)
