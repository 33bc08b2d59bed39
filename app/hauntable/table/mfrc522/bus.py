"""Many MFRC522 readers on one SPI bus: chip selects through GPIO lines or a 74HC138 decoder tree.

The Pi has two hardware chip selects on SPI0; a table has ~160 readers. So spidev runs with ``no_cs``
and we select readers ourselves, one at a time:

- :class:`GpioSelect`: one GPIO line per reader (the 4-reader bench table).
- :class:`DecoderSelect`: address lines into 74HC138 decoders (a first-level 138 enables one of eight
  second-level 138s through /E1, each of which pulls one reader's NSS low): 6 address lines and one
  active-low strobe reach 64 readers, 9 lines reach 512. The strobe goes high while the address lines
  change, so no reader sees a glitch select.

Output lines are anything with ``on()``/``off()`` (gpiozero ``DigitalOutputDevice`` on the Pi, a
recording fake in tests). :class:`ReaderPort` is a spidev-like object for one reader, so the driver does
not know it shares a bus.
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
    """Binary address on ``address_lines`` (LSB first) behind an active-low ``strobe`` enable."""

    def __init__(self, address_lines: Sequence[OutputLine], strobe: OutputLine):
        self.address_lines = list(address_lines)
        self.strobe = strobe
        self.strobe.on()  # decoders disabled: every NSS high

    @property
    def capacity(self) -> int:
        return 1 << len(self.address_lines)

    def select(self, address: int) -> None:
        if not 0 <= address < self.capacity:
            raise ValueError(f"decoder address {address} out of range 0..{self.capacity - 1}")
        self.strobe.on()
        for bit, line in enumerate(self.address_lines):
            line.on() if address >> bit & 1 else line.off()
        self.strobe.off()

    def release(self) -> None:
        self.strobe.on()


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
