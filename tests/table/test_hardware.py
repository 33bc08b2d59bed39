"""hardware/ adds up (issue 21): the netlist's logic, simulated gate by gate from the Pi's pins, selects
exactly the reader the layout names for every address, and nothing while the strobe is high; the cable
plan counts the wires the netlist puts through each connector; the BOM orders the chips the netlist uses;
the power budget's reader count is the layout's."""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from pathlib import Path

import pytest
from tablekit import REFERENCE

HW = Path(__file__).resolve().parents[2] / "hardware"
# BCM GPIO -> 40-pin header pin (Raspberry Pi pinout), stated here independently of the netlist script
HEADER = {4: 7, 5: 29, 6: 31, 9: 21, 10: 19, 11: 23, 12: 32, 13: 33, 16: 36, 19: 35, 20: 38, 21: 40, 26: 37}
Y138 = (15, 14, 13, 12, 11, 10, 9, 7)  # 74HC138 /Y0../Y7 (Nexperia 74HC138 pinning)


class Board:
    """The netlist as logic: nets driven by the Pi's header pins, 74HC139/138/244/125 evaluated until
    nothing changes. A net no one drives is None (floating); two drivers on one net fail the test."""

    def __init__(self, rows: list[dict]):
        self.pins: dict[str, dict[int, str]] = defaultdict(dict)
        self.parts: dict[str, str] = {}
        for row in rows:
            self.pins[row["ref"]][int(row["pin"])] = row["net"]
            self.parts[row["ref"]] = row["part"]

    def refs(self, part: str) -> list[str]:
        return [ref for ref, p in self.parts.items() if p == part]

    def evaluate(self, header: dict[int, int]) -> dict[str, int | None]:
        level: dict[str, int | None] = {"GND": 0, "3V3": 1}
        pi = self.pins["MAIN.J1"]
        for pin, value in header.items():
            level[pi[pin]] = value
        for _ in range(8):
            driven: dict[str, int | None] = {}

            def drive(ref: str, pin: int, value: int | None, driven=driven) -> None:
                net = self.pins[ref][pin]
                if value is None:
                    return
                assert driven.get(net, value) == value, f"{net} driven both ways"
                driven[net] = value

            for ref, part in self.parts.items():
                p = {pin: level.get(net) for pin, net in self.pins[ref].items()}
                if part == "74HC139":
                    on = p[1] == 0
                    sel = (p[2] or 0) | (p[3] or 0) << 1
                    for k in range(4):
                        drive(ref, 4 + k, 0 if on and k == sel else 1)
                elif part == "74HC138":
                    on = p[4] == 0 and p[5] == 0 and p[6] == 1
                    sel = (p[1] or 0) | (p[2] or 0) << 1 | (p[3] or 0) << 2
                    for k, y in enumerate(Y138):
                        if y in self.pins[ref]:
                            drive(ref, y, 0 if on and k == sel else 1)
                elif part == "74HC244":
                    for a, y in zip((2, 4, 6, 8, 11, 13, 15, 17), (18, 16, 14, 12, 9, 7, 5, 3), strict=True):
                        if a in self.pins[ref]:
                            drive(ref, y, p[a])
                elif part == "74HC125" and p[1] == 0:
                    drive(ref, 3, p[2])
            changed = any(level.get(net) != value for net, value in driven.items())
            level.update(driven)
            if not changed:
                return level
        raise AssertionError("the logic does not settle")


@pytest.fixture(scope="module")
def board() -> Board:
    with open(HW / "netlist.csv", newline="") as f:
        return Board(list(csv.DictReader(f)))


def header_for(address: int | None, strobe: int) -> dict[int, int]:
    bus = REFERENCE.buses[0]
    out = {HEADER[bus.strobe_pin]: strobe, HEADER[bus.reset_pin]: 1}
    for bit, gpio in enumerate(bus.address_pins):
        out[HEADER[gpio]] = (address or 0) >> bit & 1
    return out


def selected(board: Board, level) -> list[str]:
    readers = [ref for ref, part in board.parts.items() if part.startswith("RC522")]
    return [board.parts[ref].split(": ", 1)[1] for ref in readers if level[board.pins[ref][1]] == 0]


def test_every_layout_address_selects_exactly_the_reader_the_layout_names(board):
    readers = [ref for ref, part in board.parts.items() if part.startswith("RC522")]
    assert len(readers) == len(REFERENCE.readers) == 166
    for spec in REFERENCE.readers:
        level = board.evaluate(header_for(spec.address, strobe=0))
        assert selected(board, level) == [spec.id], f"address {spec.address}"


def test_nothing_is_selected_while_the_strobe_is_high_or_at_an_address_with_no_reader(board):
    for address in (0, 17, 100, 221):
        assert selected(board, board.evaluate(header_for(address, strobe=1))) == []
    used = {spec.address for spec in REFERENCE.readers}
    for address in sorted(set(range(256)) - used)[::7]:
        assert selected(board, board.evaluate(header_for(address, strobe=0))) == [], address


def test_only_the_selected_modules_miso_buffer_drives_the_pis_miso(board):
    for spec in REFERENCE.readers[::20]:
        level = board.evaluate(header_for(spec.address, strobe=0))
        module = ("ground", "upper", "basement", "edge")[spec.address >> 6]
        enabled = [ref for ref in board.refs("74HC125") if level[board.pins[ref][1]] == 0]
        assert enabled == [f"{module}.U3"]


def test_the_layouts_pins_are_the_netlists(board):
    bus = REFERENCE.buses[0]
    pi = board.pins["MAIN.J1"]
    assert [pi[HEADER[g]] for g in bus.address_pins] == [f"A{i}" for i in range(8)]
    assert pi[HEADER[bus.strobe_pin]] == "STROBE" and pi[HEADER[bus.reset_pin]] == "NRSTPD"
    assert (pi[19], pi[21], pi[23]) == ("MOSI", "MISO", "SCLK")


def test_the_cable_plan_counts_the_wires_the_netlist_puts_through_each_connector(board):
    with open(HW / "cables.csv", newline="") as f:
        cables = list(csv.DictReader(f))
    assert len(cables) == 4 + len({spec.address >> 3 for spec in REFERENCE.readers})  # 4 modules + rows
    for cable in cables:
        ends = [board.pins[cable["from_ref"]], board.pins[cable["to_ref"]]]
        assert ends[0] == ends[1], f"{cable['cable']}: the two ends are wired differently"
        nets = list(ends[0].values())
        signals = sorted({n for n in nets if n not in ("GND", "3V3")})
        assert signals == sorted(cable["nets"].split()), cable["cable"]
        assert int(cable["signals"]) == len(signals)
        assert nets.count("GND") == int(cable["grounds"]) and nets.count("3V3") == int(cable["power"])
        used = int(cable["signals"]) + int(cable["grounds"]) + int(cable["power"]) + int(cable["spare"])
        assert used == int(cable["conductors"]) and max(ends[0]) <= int(cable["conductors"])


def test_the_bom_orders_what_the_netlist_uses():
    with open(HW / "netlist.csv", newline="") as f:
        parts = {(r["ref"], r["part"]) for r in csv.DictReader(f)}
    with open(HW / "bom.csv", newline="") as f:
        bom = list(csv.DictReader(f))

    def ordered(pattern: str) -> int:
        return sum(int(row["quantity"]) for row in bom if re.search(pattern, row["part"]))

    for chip in ("74HC138", "74HC139", "74HC244", "74HC125"):
        assert ordered(rf"^{chip}\b") == sum(1 for _, part in parts if part == chip), chip
    readers = sum(1 for _, part in parts if part.startswith("RC522"))
    assert ordered(r"^MFRC522 RC522 module") >= readers
    for ways in (26, 14):
        sockets = sum(1 for _, part in parts if part == f"IDC {ways}-way")
        assert ordered(rf"^IDC {ways}-way socket") == sockets
        assert ordered(rf"^2x{ways // 2} box header") == sockets
    for row in bom:
        assert float(row["total_eur"]) == pytest.approx(int(row["quantity"]) * float(row["unit_price_eur"]))


def test_the_power_budget_counts_the_layouts_readers():
    text = (HW / "power.md").read_text()
    assert f"| {len(REFERENCE.readers)} |" in text
