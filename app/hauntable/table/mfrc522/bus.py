"""Many MFRC522 readers on one SPI bus: chip selects through GPIO lines or a 74HC138 decoder tree.

The Pi has two hardware chip selects on SPI0; a table has ~160 readers. So spidev runs with ``no_cs``
and we select readers ourselves, one at a time:

- :class:`GpioSelect`: one GPIO line per reader (the 4-reader bench table).
- :class:`DecoderSelect`: address lines into 74HC138 decoders (a first-level 138 enables one of eight
  second-level 138s through /E1, each of which pulls one reader's NSS low): 6 address lines and one
  active-low strobe reach 64 readers, 9 lines reach 512. The strobe goes high while the address lines
  change, so no reader sees a glitch select.

What a select costs is what limits a scan (issue 21): the MFRC522 needs NSS high between register
accesses, so the strobe toggles on every transfer, but the address only changes when the bus moves to
another reader. :class:`DecoderSelect` keeps the address it last wrote and writes it again only when it
changes, as one group write (``lgpio.group_write`` on the Pi, :class:`LineGroup` elsewhere): 2 pin writes
per transfer and 1 group write per reader visit, where writing every line each time took 11.

Output lines are anything with ``on()``/``off()`` (a gpiozero ``DigitalOutputDevice`` or an lgpio line on
the Pi, a recording fake in tests); a group is anything with ``write(value)``. :class:`ReaderPort` is a
spidev-like object for one reader, so the driver does not know it shares a bus.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Protocol

from hauntable.table.mfrc522.driver import SpiDevice


class OutputLine(Protocol):
    def on(self) -> None: ...

    def off(self) -> None: ...


class ChipSelect(Protocol):
    """Selects one reader address on a bus. Subclasses implement ``select`` and ``release``."""

    def select(self, address: int) -> None: ...

    def release(self) -> None: ...


class OutputGroup(Protocol):
    def write(self, value: int) -> None:
        """Set line ``i`` to bit ``i`` of ``value``, all at once where the hardware can."""
        ...


class LineGroup:
    """A group write over single lines (the gpiozero and mock path): only the lines whose bit changed."""

    def __init__(self, lines: Sequence[OutputLine]):
        self.lines = list(lines)
        self.value: int | None = None  # unknown until the first write

    def write(self, value: int) -> None:
        changed = ~0 if self.value is None else value ^ self.value
        for bit, line in enumerate(self.lines):
            if changed >> bit & 1:
                line.on() if value >> bit & 1 else line.off()
        self.value = value


class GpioSelect:
    """One active-low NSS line per reader: ``lines[address]``."""

    def __init__(self, lines: Sequence[OutputLine]):
        self.lines = list(lines)
        for line in self.lines:
            line.on()  # NSS high: not selected

    def select(self, address: int) -> None:
        self.lines[address].off()

    def release(self) -> None:
        for line in self.lines:
            line.on()


class DecoderSelect:
    """Binary address on ``address`` (a group, or lines LSB first) behind an active-low ``strobe``.

    The address is written only when it differs from the last one (once per reader visit, not per
    transfer); the strobe is high whenever it changes, so no reader sees a glitch select.
    """

    def __init__(
        self, address: OutputGroup | Sequence[OutputLine], strobe: OutputLine, width: int | None = None
    ):
        if isinstance(address, Sequence):
            width, address = len(address), LineGroup(address)
        if width is None:
            raise ValueError("a group of address lines needs its width")
        self.address_group = address
        self.width = width
        self.strobe = strobe
        self.strobe.on()  # decoders disabled: every NSS high
        self._strobe_low = False
        self.address: int | None = None  # what the address lines hold now
        self.address_writes = 0  # group writes so far (the benchmark and tests count them)

    @property
    def capacity(self) -> int:
        return 1 << self.width

    def select(self, address: int) -> None:
        if address != self.address:
            if not 0 <= address < self.capacity:
                raise ValueError(f"decoder address {address} out of range 0..{self.capacity - 1}")
            if self._strobe_low:
                self.strobe.on()
            self.address_group.write(address)
            self.address = address
            self.address_writes += 1
        self.strobe.off()
        self._strobe_low = True

    def release(self) -> None:
        self.strobe.on()
        self._strobe_low = False


class SharedBus:
    """One SPI device shared by many readers; a lock keeps one reader selected at a time."""

    def __init__(self, spi: SpiDevice, chip_select: ChipSelect):
        self.spi = spi
        self.chip_select = chip_select
        self.lock = threading.Lock()

    def port(self, address: int) -> ReaderPort:
        return ReaderPort(self, address)

    def transfer(self, address: int, data: Sequence[int]) -> list[int]:
        with self.lock:
            self.chip_select.select(address)
            try:
                return self.spi.xfer2(list(data))
            finally:
                self.chip_select.release()


class ReaderPort:
    """A spidev-like view of one reader on a shared bus."""

    def __init__(self, bus: SharedBus, address: int):
        self.bus = bus
        self.address = address

    def xfer2(self, data: Sequence[int]) -> list[int]:
        return self.bus.transfer(self.address, data)

    def __repr__(self) -> str:
        return f"ReaderPort(address={self.address})"
