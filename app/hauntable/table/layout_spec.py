"""What a validated table layout holds (``hardware/<table>.toml``): its buses, readers, towers, buttons
and LEDs, and the error that names the file and line of a layout that cannot describe a table. Read by
``table/layout.py``, checked by ``table/layout_check.py``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from hauntable.engine.rejections import HauntableError

FLOORS = ("ground", "upper", "basement")
BACKENDS = ("mock", "pi")
SLOT_PATTERN = re.compile(r"^(draw|key|enrol|seat:[1-6]|ghost:[1-4]|figure:[1-9][0-9]?)$")
SPI_PINS = {9, 10, 11}  # SPI0 MISO, MOSI, SCLK: never usable as GPIO lines on a table


class LayoutError(HauntableError, ValueError):
    """A layout file that cannot describe a table. The message starts with ``file:line:``."""

    code = "layout/invalid"

    def __init__(self, path: str, line: int | None, message: str):
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")
        self.path, self.line, self.problem = path, line, message


@dataclasses.dataclass(frozen=True)
class Bus:
    """One SPI bus. ``device`` is (bus, chip) for /dev/spidevB.C; selects are ours (spidev no_cs)."""

    id: str
    device: tuple[int, int]
    select: str  # "gpio" | "decoder"
    hz: int = 1_000_000
    address_pins: tuple[int, ...] = ()
    strobe_pin: int | None = None
    reset_pin: int | None = None

    @property
    def capacity(self) -> int:
        return 1 << len(self.address_pins) if self.select == "decoder" else 0


@dataclasses.dataclass(frozen=True)
class ReaderSpec:
    """One reader: its bus and select (decoder ``address`` or GPIO ``cs_pin``), and what lies above it.

    Exactly one of ``cell`` (floor, x, y) and ``slot`` ("draw", "seat:2", "ghost:1", "key", ...) is set.
    """

    id: str
    bus: str
    address: int | None = None
    cs_pin: int | None = None
    cell: tuple[str, int, int] | None = None
    slot: str | None = None
    line: int = 0

    @property
    def wiring(self) -> str:
        return (
            f"{self.bus} dec {self.address}"
            if self.address is not None
            else f"{self.bus} cs GPIO{self.cs_pin}"
        )

    @property
    def place(self) -> str:
        if self.cell is not None:
            floor, x, y = self.cell
            return f"{floor} {x},{y}"
        return f"slot {self.slot}"


@dataclasses.dataclass(frozen=True)
class TowerSpec:
    """A dice tower: by ``port`` (a path), or by ``usb`` id plus its ``serial`` number (table/dice_link/
    identity.py: two Picos share the USB id, never the serial)."""

    id: str
    port: str | None = None
    usb: str | None = None
    serial: str | None = None


@dataclasses.dataclass(frozen=True)
class PinSpec:
    """A button or LED on a GPIO pin (BCM numbering)."""

    name: str
    pin: int


@dataclasses.dataclass(frozen=True)
class Layout:
    """A validated table description. Look readers up by id, by cell or by slot."""

    path: str
    name: str
    backend: str
    board: str | None
    buses: tuple[Bus, ...]
    readers: tuple[ReaderSpec, ...]
    towers: tuple[TowerSpec, ...] = ()
    buttons: tuple[PinSpec, ...] = ()
    leds: tuple[PinSpec, ...] = ()
    mock: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {rd.id: rd for rd in self.readers})
        object.__setattr__(self, "_by_cell", {rd.cell: rd for rd in self.readers if rd.cell})
        object.__setattr__(self, "_by_slot", {rd.slot: rd for rd in self.readers if rd.slot})

    def reader(self, reader_id: str) -> ReaderSpec:
        return self._by_id[reader_id]  # type: ignore[attr-defined]

    def cell_reader(self, floor: str, x: int, y: int) -> ReaderSpec | None:
        return self._by_cell.get((floor, x, y))  # type: ignore[attr-defined]

    def slot_reader(self, slot: str) -> ReaderSpec | None:
        return self._by_slot.get(slot)  # type: ignore[attr-defined]

    def bus(self, bus_id: str) -> Bus:
        return next(b for b in self.buses if b.id == bus_id)
