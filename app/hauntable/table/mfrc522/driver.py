"""A register-level MFRC522 driver: wake tags, read whole UIDs (4, 7 and 10 bytes), halt them.

It talks to anything with ``xfer2(list[int]) -> list[int]`` (a ``spidev.SpiDevice``, a reader port on a
shared bus from ``bus.py``, or the emulator's fake SPI device) and reads time from an injected clock.
The chip's registers, timer, field and frames are ``chip.py``; the ISO 14443-A tag commands are here.

>>> from hauntable.table.mfrc522.emulator import EmulatedTag, emulated_reader
>>> chip, spi = emulated_reader(EmulatedTag.ntag("04:A2:5B:1C:7F:80:00"))
>>> reader = Mfrc522(spi, clock=chip.clock); reader.init()
>>> reader.poll().hex(":").upper()
'04:A2:5B:1C:7F:80:00'
"""

from __future__ import annotations

from hauntable.table.mfrc522 import registers as r
from hauntable.table.mfrc522.chip import (
    ChipTimeout,
    Collision,
    FrameError,
    Mfrc522Chip,
    NoTag,
    ReaderError,
    SpiDevice,
)

__all__ = ["ChipTimeout", "Collision", "FrameError", "Mfrc522", "NoTag", "ReaderError", "SpiDevice"]


class Mfrc522(Mfrc522Chip):
    """One MFRC522 chip and the tags in its field: :meth:`poll` per scan after :meth:`init` (see
    :class:`~hauntable.table.mfrc522.chip.Mfrc522Chip` for the field and timeout settings)."""

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
