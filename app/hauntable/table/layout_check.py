"""Checks a parsed layout file and turns it into a :class:`~hauntable.table.layout_spec.Layout`: every
pin claimed once, every address on its bus, every cell on the board, every reader where a slot or cell can
be. Each error names the line it is about (tomllib keeps no positions, so ``_Lines`` finds them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hauntable.games.betrayal.config import BOARDS
from hauntable.table.layout_spec import (
    BACKENDS,
    FLOORS,
    SLOT_PATTERN,
    SPI_PINS,
    Bus,
    Layout,
    LayoutError,
    PinSpec,
    ReaderSpec,
    TowerSpec,
)


class _Lines:
    """Finds the line of the n-th ``[[section]]`` and of a key inside it (tomllib keeps no positions)."""

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.headers: dict[str, list[int]] = {}
        self.any_header: list[int] = []
        for number, line in enumerate(self.lines, 1):
            match = re.match(r"^\s*\[\[?\s*([A-Za-z0-9_.]+)\s*\]\]?", line)
            if match:
                self.headers.setdefault(match.group(1), []).append(number)
                self.any_header.append(number)

    def entry(self, section: str | None, index: int = 0) -> int | None:
        if section is None:
            return 1
        found = self.headers.get(section, [])
        return found[index] if index < len(found) else None

    def key(self, section: str | None, index: int, key: str) -> int | None:
        start = self.entry(section, index) or 1
        later = [n for n in self.any_header if n > start]
        if section is None:
            start, later = 0, self.any_header
        end = later[0] if later else len(self.lines) + 1
        for number in range(start + 1 if section else 1, end):
            if re.match(rf"^\s*{re.escape(key)}\s*=", self.lines[number - 1]):
                return number
        return start or None


class Validator:
    """Turns parsed TOML into a Layout, remembering lines for every error."""

    TOP_KEYS = {"name", "backend", "board", "bus", "grid", "reader", "tower", "button", "led", "mock"}
    KEYS = {
        "bus": {"id", "device", "select", "hz", "address_pins", "strobe_pin", "reset_pin"},
        "grid": {"floor", "bus", "first_address", "width", "height", "origin", "row_stride"},
        "reader": {"id", "bus", "address", "cs_pin", "cell", "slot"},
        "tower": {"id", "port", "usb", "serial"},
        "button": {"name", "pin"},
        "led": {"name", "pin"},
    }

    def __init__(self, text: str, path: str):
        self.lines = _Lines(text)
        self.path = path
        self.pins: dict[int, tuple[str, int | None]] = {}

    def fail(self, line: int | None, message: str) -> LayoutError:
        return LayoutError(self.path, line, message)

    def need(self, entry: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: tuple) -> Any:
        section, index, label = where
        if key not in entry:
            raise self.fail(self.lines.entry(section, index), f"{label}: missing {key!r}")
        value = entry[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise self.fail(self.lines.key(section, index, key), f"{label}: {key} has the wrong type")
        return value

    def claim_pin(self, pin: Any, owner: str, line: int | None, shared: bool = False) -> int:
        if not isinstance(pin, int) or isinstance(pin, bool) or not 0 <= pin <= 27:
            raise self.fail(line, f"{owner}: GPIO {pin!r} is not a BCM pin 0-27")
        if pin in SPI_PINS:
            raise self.fail(line, f"{owner}: GPIO {pin} is an SPI0 data/clock pin")
        if pin in self.pins and not (shared and self.pins[pin][0].startswith("reset")):
            other, other_line = self.pins[pin]
            raise self.fail(line, f"{owner}: GPIO {pin} is already used by {other} (line {other_line})")
        self.pins.setdefault(pin, (owner, line))
        return pin

    def entries(self, data: Mapping[str, Any], section: str) -> list[dict[str, Any]]:
        value = data.get(section, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(
                self.lines.key(None, 0, section), f"{section} must be a list of [[{section}]] tables"
            )
        for index, entry in enumerate(value):
            for key in entry:
                if key not in self.KEYS[section]:
                    known = ", ".join(sorted(self.KEYS[section]))
                    raise self.fail(
                        self.lines.key(section, index, key),
                        f"[[{section}]]: unknown key {key!r} (known: {known})",
                    )
        return value

    def run(self, data: dict[str, Any]) -> Layout:
        for key in data:
            if key not in self.TOP_KEYS:
                raise self.fail(self.lines.key(None, 0, key), f"unknown top-level key {key!r}")
        name = data.get("name", Path(self.path).stem)
        backend = data.get("backend", "mock")
        if backend not in BACKENDS:
            raise self.fail(
                self.lines.key(None, 0, "backend"), f"backend must be one of {BACKENDS}, not {backend!r}"
            )
        board = data.get("board")
        if board is not None and board not in BOARDS:
            raise self.fail(
                self.lines.key(None, 0, "board"), f"unknown board {board!r}; known: {', '.join(BOARDS)}"
            )
        buses = self.buses(data)
        readers = self.grids(data, buses, board) + self.readers(data, buses, board)
        self.check_unique(readers, buses)
        towers = self.towers(data)
        buttons = self.pin_specs(data, "button")
        leds = self.pin_specs(data, "led")
        mock = data.get("mock", {})
        if not isinstance(mock, dict):
            raise self.fail(self.lines.key(None, 0, "mock"), "[mock] must be a table")
        known_ids = {rd.id for rd in readers}
        for key in ("dead", "slow"):
            for reader_id in mock.get(key, []):
                if reader_id not in known_ids:
                    raise self.fail(self.lines.key("mock", 0, key), f"[mock] {key}: no reader {reader_id!r}")
        return Layout(self.path, name, backend, board, buses, tuple(readers), towers, buttons, leds, mock)

    def buses(self, data: Mapping[str, Any]) -> tuple[Bus, ...]:
        out: list[Bus] = []
        for i, entry in enumerate(self.entries(data, "bus")):
            where = ("bus", i, f"bus {entry.get('id', i + 1)!r}")
            line = self.lines.entry("bus", i)
            bus_id = self.need(entry, "id", str, where)
            if any(b.id == bus_id for b in out):
                raise self.fail(line, f"bus {bus_id!r} is defined twice")
            device = self.need(entry, "device", list, where)
            if len(device) != 2 or not all(isinstance(v, int) for v in device):
                raise self.fail(self.lines.key("bus", i, "device"), f"bus {bus_id!r}: device is [bus, chip]")
            select = self.need(entry, "select", str, where)
            if select not in ("gpio", "decoder"):
                raise self.fail(
                    self.lines.key("bus", i, "select"), f"bus {bus_id!r}: select is 'gpio' or 'decoder'"
                )
            pins: tuple[int, ...] = ()
            strobe = None
            if select == "decoder":
                pins = tuple(self.need(entry, "address_pins", list, where))
                if not 1 <= len(pins) <= 10:
                    raise self.fail(
                        self.lines.key("bus", i, "address_pins"), f"bus {bus_id!r}: 1-10 address pins"
                    )
                pins_line = self.lines.key("bus", i, "address_pins")
                for bit, pin in enumerate(pins):
                    self.claim_pin(pin, f"bus {bus_id!r} address bit {bit}", pins_line)
                strobe = self.claim_pin(
                    self.need(entry, "strobe_pin", int, where),
                    f"bus {bus_id!r} strobe",
                    self.lines.key("bus", i, "strobe_pin"),
                )
            reset = entry.get("reset_pin")
            if reset is not None:
                self.claim_pin(
                    reset, f"reset of bus {bus_id!r}", self.lines.key("bus", i, "reset_pin"), shared=True
                )
            hz = entry.get("hz", 1_000_000)
            if not isinstance(hz, int) or not 10_000 <= hz <= 10_000_000:
                raise self.fail(
                    self.lines.key("bus", i, "hz"), f"bus {bus_id!r}: hz must be 10 kHz to 10 MHz"
                )
            out.append(Bus(bus_id, (device[0], device[1]), select, hz, pins, strobe, reset))
        if not out:
            raise self.fail(None, "a layout needs at least one [[bus]]")
        return tuple(out)

    def check_cell(self, cell: tuple[str, int, int], board: str | None, line: int | None, label: str) -> None:
        floor, x, y = cell
        if floor not in FLOORS:
            raise self.fail(line, f"{label}: {floor!r} is not a floor ({', '.join(FLOORS)})")
        if board is not None and not BOARDS[board].inside(x, y):
            raise self.fail(line, f"{label}: cell {x},{y} is off the {board} board")

    def bus_of(self, buses: tuple[Bus, ...], bus_id: Any, line: int | None, label: str) -> Bus:
        for bus in buses:
            if bus.id == bus_id:
                return bus
        raise self.fail(line, f"{label}: no bus {bus_id!r}")

    def grids(self, data: Mapping[str, Any], buses: tuple[Bus, ...], board: str | None) -> list[ReaderSpec]:
        out = []
        for i, entry in enumerate(self.entries(data, "grid")):
            line = self.lines.entry("grid", i)
            where = ("grid", i, f"grid {i + 1}")
            floor = self.need(entry, "floor", str, where)
            bus = self.bus_of(
                buses, self.need(entry, "bus", str, where), self.lines.key("grid", i, "bus"), where[2]
            )
            if bus.select != "decoder":
                raise self.fail(
                    line, f"grid {i + 1}: a grid needs a decoder bus, {bus.id!r} uses gpio selects"
                )
            first = self.need(entry, "first_address", int, where)
            width, height = self.need(entry, "width", int, where), self.need(entry, "height", int, where)
            stride = entry.get("row_stride", width)  # 8: each row on its own 74HC138 (hardware/wiring.md)
            if not isinstance(stride, int) or stride < width:
                raise self.fail(
                    self.lines.key("grid", i, "row_stride"), f"grid {i + 1}: row_stride must be >= width"
                )
            ox, oy = entry.get("origin", [0, 0])
            for y in range(height):
                for x in range(width):
                    cell = (floor, ox + x, oy + y)
                    self.check_cell(cell, board, line, f"grid {i + 1}")
                    address = first + y * stride + x
                    rid = f"{floor}:{cell[1]},{cell[2]}"
                    out.append(ReaderSpec(rid, bus.id, address=address, cell=cell, line=line or 0))
        return out

    def readers(self, data: Mapping[str, Any], buses: tuple[Bus, ...], board: str | None) -> list[ReaderSpec]:
        out = []
        for i, entry in enumerate(self.entries(data, "reader")):
            line = self.lines.entry("reader", i)
            label = f"reader {entry.get('id', i + 1)!r}"
            where = ("reader", i, label)
            bus = self.bus_of(
                buses, self.need(entry, "bus", str, where), self.lines.key("reader", i, "bus"), label
            )
            if ("cell" in entry) == ("slot" in entry):
                raise self.fail(line, f'{label}: give exactly one of cell = [floor, x, y] or slot = "..."')
            cell = slot = None
            if "cell" in entry:
                value = entry["cell"]
                if not (isinstance(value, list) and len(value) == 3 and isinstance(value[0], str)):
                    raise self.fail(self.lines.key("reader", i, "cell"), f"{label}: cell is [floor, x, y]")
                cell = (value[0], int(value[1]), int(value[2]))
                self.check_cell(cell, board, self.lines.key("reader", i, "cell"), label)
            else:
                slot = self.need(entry, "slot", str, where)
                if not SLOT_PATTERN.match(slot):
                    raise self.fail(
                        self.lines.key("reader", i, "slot"),
                        f"{label}: unknown slot {slot!r} (draw, key, enrol, seat:1-6, ghost:1-4, figure:N)",
                    )
            rid = entry.get("id") or (f"{cell[0]}:{cell[1]},{cell[2]}" if cell else str(slot))
            address = cs_pin = None
            if bus.select == "decoder":
                address = self.need(entry, "address", int, where)
                if not 0 <= address < bus.capacity:
                    raise self.fail(
                        self.lines.key("reader", i, "address"),
                        f"{label}: address {address} is beyond bus {bus.id!r} (0..{bus.capacity - 1})",
                    )
            else:
                cs_pin = self.claim_pin(
                    self.need(entry, "cs_pin", int, where),
                    f"{label} chip select",
                    self.lines.key("reader", i, "cs_pin"),
                )
            out.append(ReaderSpec(rid, bus.id, address, cs_pin, cell, slot, line or 0))
        return out

    def check_unique(self, readers: list[ReaderSpec], buses: tuple[Bus, ...]) -> None:
        seen: dict[Any, ReaderSpec] = {}
        for rd in readers:
            for key, what in (
                (("id", rd.id), f"id {rd.id!r}"),
                (("at", rd.cell or rd.slot), rd.place),
                (("addr", rd.bus, rd.address), f"address {rd.address}")
                if rd.address is not None
                else (None, ""),
            ):
                if key is None:
                    continue
                if key in seen:
                    other = seen[key]
                    raise self.fail(
                        rd.line,
                        f"reader {rd.id!r}: {what} is already used by {other.id!r} (line {other.line})",
                    )
                seen[key] = rd
        if not readers:
            raise self.fail(None, "a layout needs at least one reader ([[grid]] or [[reader]])")

    def towers(self, data: Mapping[str, Any]) -> tuple[TowerSpec, ...]:
        out = []
        for i, entry in enumerate(self.entries(data, "tower")):
            where = ("tower", i, f"tower {entry.get('id', i + 1)!r}")
            tower_id = self.need(entry, "id", str, where)
            if ("port" in entry) == ("usb" in entry):
                raise self.fail(
                    self.lines.entry("tower", i), f"tower {tower_id!r}: give exactly one of port or usb"
                )
            usb = entry.get("usb")
            if usb is not None and not re.match(r"^[0-9a-fA-F]{4}:[0-9a-fA-F]{4}$", usb):
                raise self.fail(
                    self.lines.key("tower", i, "usb"), f"tower {tower_id!r}: usb is 'vid:pid' in hex"
                )
            serial = entry.get("serial")
            if serial is not None and (usb is None or not isinstance(serial, str) or not serial.isalnum()):
                raise self.fail(
                    self.lines.key("tower", i, "serial"),
                    f"tower {tower_id!r}: serial is the board's USB serial number (letters and digits), "
                    "given with usb",
                )
            out.append(TowerSpec(tower_id, entry.get("port"), usb, serial))
        return tuple(out)

    def pin_specs(self, data: Mapping[str, Any], section: str) -> tuple[PinSpec, ...]:
        out = []
        for i, entry in enumerate(self.entries(data, section)):
            where = (section, i, f"{section} {entry.get('name', i + 1)!r}")
            name = self.need(entry, "name", str, where)
            pin = self.claim_pin(
                self.need(entry, "pin", int, where), f"{section} {name!r}", self.lines.key(section, i, "pin")
            )
            out.append(PinSpec(name, pin))
        return tuple(out)
