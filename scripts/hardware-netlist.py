"""Writes the reference table's netlist, cable plan and block schematic from one description of the boards.

    .venv/bin/python scripts/hardware-netlist.py        # hardware/netlist.csv, cables.csv, schematic.svg/.png

The boards (hardware/wiring.md explains them): a MAIN board on the Pi's header (74HC139 module select,
two 74HC244 fan-out buffers), four MODULE distribution boards (ground, upper, basement floors and the
edge strip of slots; each a 74HC244 re-driver, a first-level 74HC138 picking the row, a 74HC125 driving
MISO back only while its module is selected), and one ROW board per row of readers (a second-level
74HC138 whose outputs are the readers' NSS). tests/table/test_hardware.py simulates the netlist's logic
for every reader address of the layout and checks that exactly the reader the layout names is selected,
and that cables.csv counts the wires the netlist puts through each connector.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "app"))

from hauntable.table.layout import load_layout  # noqa: E402

HW = ROOT / "hardware"
# BCM GPIO -> 40-pin header pin
HEADER = {
    4: 7,
    5: 29,
    6: 31,
    9: 21,
    10: 19,
    11: 23,
    12: 32,
    13: 33,
    16: 36,
    17: 11,
    19: 35,
    20: 38,
    21: 40,
    22: 15,
    23: 16,
    24: 18,
    26: 37,
    27: 13,
}
MODULES = ("ground", "upper", "basement", "edge")  # 74HC139 output n selects module n (A7 A6 = n)
# 74HC138 pins: A0 A1 A2 = 1 2 3, /E1 /E2 E3 = 4 5 6, /Y0../Y7 = 15 14 13 12 11 10 9 7
Y138 = (15, 14, 13, 12, 11, 10, 9, 7)
# 74HC139 half 1: /1E 1, 1A0 2, 1A1 3, /1Y0../1Y3 4 5 6 7
# 74HC244: /1OE 1, 1A1-4 = 2 4 6 8 -> 1Y1-4 = 18 16 14 12; /2OE 19, 2A1-4 = 11 13 15 17 -> 2Y1-4 = 9 7 5 3
A244 = (2, 4, 6, 8, 11, 13, 15, 17)
Y244 = (18, 16, 14, 12, 9, 7, 5, 3)
# 74HC125 gate 1: /1OE 1, 1A 2, 1Y 3
# RC522 module header: SDA(NSS) 1, SCK 2, MOSI 3, MISO 4, IRQ 5, GND 6, RST 7, 3.3V 8
MODULE_RIBBON = 26  # conductors: 11 signals, each beside a ground
ROW_RIBBON = 14  # 8 signals, 2 x 3.3 V, 4 x GND


class Netlist:
    def __init__(self):
        self.rows: list[tuple[str, str, int, str]] = []  # net, ref, pin, part

    def add(self, net: str, ref: str, pin: int, part: str) -> None:
        self.rows.append((net, ref, pin, part))


def build(layout) -> tuple[Netlist, list[dict]]:
    bus = layout.buses[0]
    a = list(bus.address_pins)  # A0..A7 GPIOs
    n = Netlist()
    cables: list[dict] = []
    pi = ("MAIN.J1", "Raspberry Pi 40-pin header")
    for bit, gpio in enumerate(a):
        n.add(f"A{bit}", *pi[:1], HEADER[gpio], pi[1])
    n.add("STROBE", pi[0], HEADER[bus.strobe_pin], pi[1])
    n.add("NRSTPD", pi[0], HEADER[bus.reset_pin], pi[1])
    for sig, gpio in (("MOSI", 10), ("MISO", 9), ("SCLK", 11)):
        n.add(sig, pi[0], HEADER[gpio], pi[1])
    for pin in (6, 9, 14, 20, 25, 30, 34, 39):
        n.add("GND", pi[0], pin, pi[1])
    # main board: 74HC139 (A6, A7, /STROBE) -> module selects; two 244s fan MOSI SCLK NRSTPD A0-A5 out
    u = ("MAIN.U1", "74HC139")
    n.add("STROBE", u[0], 1, u[1])
    n.add("A6", u[0], 2, u[1])
    n.add("A7", u[0], 3, u[1])
    for m, name in enumerate(MODULES):
        n.add(f"{name}:/E", u[0], 4 + m, u[1])
    fan = ["MOSI", "SCLK", "NRSTPD", "A0", "A1", "A2", "A3", "A4", "A5"]
    for k, sig in enumerate(fan):
        ref = "MAIN.U2" if k < 8 else "MAIN.U3"
        n.add(sig, ref, A244[k % 8], "74HC244")
        n.add(f"BUS:{sig}", ref, Y244[k % 8], "74HC244")
    for ref in ("MAIN.U2", "MAIN.U3"):
        n.add("GND", ref, 1, "74HC244")
        n.add("GND", ref, 19, "74HC244")
    # modules
    for m, name in enumerate(MODULES):
        rows = module_rows(layout, name)
        main_j, mod_j = f"MAIN.J{2 + m}", f"{name}.J1"
        ribbon = [*[f"BUS:{s}" for s in fan], f"{name}:/E", "MISO"]
        pinmap = {2 * k + 1: net for k, net in enumerate(ribbon)}
        pinmap |= {pin: "GND" for pin in range(2, MODULE_RIBBON + 1, 2)}
        length = 1.5 if name != "edge" else 1.0
        cable(
            n, cables, f"W{1 + m}", f"MAIN -> {name} module", (main_j, mod_j), MODULE_RIBBON, pinmap, length
        )
        # module board: 244 re-drives MOSI SCLK NRSTPD A0-A2 to its rows; 138 picks the row; 125 MISO
        buf = f"{name}.U1"
        for k, sig in enumerate(["MOSI", "SCLK", "NRSTPD", "A0", "A1", "A2"]):
            n.add(f"BUS:{sig}", buf, A244[k], "74HC244")
            n.add(f"{name}:{sig}", buf, Y244[k], "74HC244")
        n.add("GND", buf, 1, "74HC244")
        n.add("GND", buf, 19, "74HC244")
        dec = f"{name}.U2"
        for k, sig in enumerate(["A3", "A4", "A5"]):
            n.add(f"BUS:{sig}", dec, 1 + k, "74HC138")
        n.add(f"{name}:/E", dec, 4, "74HC138")
        n.add("GND", dec, 5, "74HC138")
        n.add("3V3", dec, 6, "74HC138")
        for r in rows:
            n.add(f"{name}:ROW{r}/E", dec, Y138[r], "74HC138")
        miso = f"{name}.U3"
        n.add(f"{name}:/E", miso, 1, "74HC125")
        n.add(f"{name}:MISO", miso, 2, "74HC125")
        n.add("MISO", miso, 3, "74HC125")
        # row ribbons and row boards
        for r, readers in rows.items():
            jm, jr = f"{name}.J{2 + r}", f"{name}.R{r}.J1"
            sigs = [f"{name}:{s}" for s in ("MOSI", "SCLK", "MISO", "NRSTPD", "A0", "A1", "A2")]
            sigs.append(f"{name}:ROW{r}/E")
            pins = [1, 3, 5, 7, 9, 11, 13, 2]  # signals; 4 6 8 10 GND, 12 14 3V3
            pinmap = dict(zip(pins, sigs, strict=True)) | dict.fromkeys((4, 6, 8, 10), "GND")
            pinmap |= dict.fromkeys((12, 14), "3V3")
            cable(
                n,
                cables,
                f"W{1 + m}.{r}",
                f"{name} module -> row board {r}",
                (jm, jr),
                ROW_RIBBON,
                pinmap,
                0.5,
            )
            rdec = f"{name}.R{r}.U1"
            for k, sig in enumerate(("A0", "A1", "A2")):
                n.add(f"{name}:{sig}", rdec, 1 + k, "74HC138")
            n.add(f"{name}:ROW{r}/E", rdec, 4, "74HC138")
            n.add("GND", rdec, 5, "74HC138")
            n.add("3V3", rdec, 6, "74HC138")
            for k, reader in readers.items():
                ref = f"{name}.R{r}.RD{k}"
                part = f"RC522 module: {reader}"
                n.add(f"{name}.R{r}:NSS{k}", rdec, Y138[k], "74HC138")
                n.add(f"{name}.R{r}:NSS{k}", ref, 1, part)
                for sig, pin in (("SCLK", 2), ("MOSI", 3), ("MISO", 4), ("NRSTPD", 7)):
                    n.add(f"{name}:{sig}", ref, pin, part)
                n.add("GND", ref, 6, part)
                n.add("3V3", ref, 8, part)
    return n, cables


def cable(n: Netlist, cables: list[dict], name: str, carries: str, ends, ways: int, pinmap, length) -> None:
    """A ribbon: the same net on the same pin at both ends, and its row in the cable plan."""
    for pin, net in pinmap.items():
        for ref in ends:
            n.add(net, ref, pin, f"IDC {ways}-way")
    nets = list(pinmap.values())
    signals = [net for net in nets if net not in ("GND", "3V3")]
    cables.append(
        dict(
            cable=name,
            carries=carries,
            conductors=ways,
            signals=len(signals),
            grounds=nets.count("GND"),
            power=nets.count("3V3"),
            spare=ways - len(nets),
            nets=" ".join(signals),
            length_m=length,
            from_ref=ends[0],
            to_ref=ends[1],
        )
    )


def module_rows(layout, name: str) -> dict[int, dict[int, str]]:
    """Row board -> {decoder output: reader id} for one module (address bits 7-6 = the module)."""
    m = MODULES.index(name)
    rows: dict[int, dict[int, str]] = {}
    for rd in layout.readers:
        if rd.address is not None and rd.address >> 6 == m:
            rows.setdefault(rd.address >> 3 & 7, {})[rd.address & 7] = rd.id
    return dict(sorted(rows.items()))


def svg(cables: list[dict], layout) -> str:
    """A block schematic: boards, cables with their wire counts, the decoder tree's address bits."""
    w, h = 1510, 880
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        'font-family="DejaVu Sans" font-size="14">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
    ]

    def box(x, y, bw, bh, title, lines, fill="#eef3fb"):
        out.append(
            f'<rect x="{x}" y="{y}" width="{bw}" height="{bh}" fill="{fill}" '
            'stroke="black" stroke-width="2"/>'
        )
        out.append(f'<text x="{x + 8}" y="{y + 20}" font-weight="bold">{title}</text>')
        for i, line in enumerate(lines):
            out.append(f'<text x="{x + 8}" y="{y + 40 + 18 * i}">{line}</text>')

    def wire(x1, y1, x2, y2):
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#b03030" stroke-width="3"/>')

    bus = layout.buses[0]
    a = ",".join(map(str, bus.address_pins))
    box(
        20,
        40,
        300,
        200,
        "Raspberry Pi 4/5 (J1 header)",
        [
            "SPI0: MOSI 10, MISO 9, SCLK 11",
            f"A0-A7: GPIO {a}",
            f"/STROBE: GPIO {bus.strobe_pin}",
            f"NRSTPD: GPIO {bus.reset_pin}",
            "buttons 17, 27; LEDs 22, 23, 24",
            "no 3.3 V taken from the Pi",
        ],
    )
    box(
        380,
        40,
        330,
        200,
        "MAIN board",
        [
            "U1 74HC139: A7 A6 + /STROBE",
            "   -> /E of module 0-3",
            "U2, U3 74HC244: fan-out of",
            "   MOSI SCLK NRSTPD A0-A5",
            "MISO: the four ribbons joined",
            "(one 74HC125 drives at a time)",
            "J2-J5: ribbons W1-W4",
        ],
    )
    wire(320, 140, 380, 140)
    ys = [40, 250, 460, 670]
    for m, name in enumerate(MODULES):
        rows = module_rows(layout, name)
        n_readers = sum(len(v) for v in rows.values())
        c = next(c for c in cables if c["cable"] == f"W{1 + m}")
        box(
            860,
            ys[m],
            330,
            190,
            f"{name} module (addresses {m * 64}-{m * 64 + 63})",
            [
                f"in: {c['cable']}, {c['conductors']}-way, {c['signals']} signals + GND",
                "U1 74HC244: MOSI SCLK NRSTPD A0-A2",
                "U2 74HC138: A5-A3 -> row /E",
                "U3 74HC125: MISO while its /E is low",
                f"{len(rows)} row boards, {n_readers} readers",
                "3.3 V / 3 A buck, 1.5 A polyfuse",
            ],
            fill="#f4f8ee",
        )
        wire(710, 60 + 45 * m, 860, ys[m] + 175)
        sizes = ", ".join(str(len(v)) for v in rows.values())
        box(
            1260,
            ys[m] + 20,
            230,
            150,
            f"row boards x{len(rows)}",
            [
                f"in: {ROW_RIBBON}-way each",
                "(8 signals, 3.3 V, GND)",
                "U1 74HC138: A2-A0,",
                "   /E = its row",
                f"readers: {sizes}",
            ],
            fill="#fbf3e8",
        )
        wire(1190, ys[m] + 175, 1260, ys[m] + 150)
    notes = (
        "Address (8 bits, A0 = LSB): A7-A6 module, A5-A3 row board, A2-A0 reader on it.",
        "/STROBE high while the address changes: no NSS low; low for each transfer.",
        "Power: 5 V / 4 A supply, 4 A fuse, one 3.3 V / 3 A buck + 1.5 A PTC per module.",
        "Generated by scripts/hardware-netlist.py from hardware/reference.toml.",
    )
    for i, note in enumerate(notes):
        out.append(f'<text x="20" y="{320 + 20 * i}" font-size="13">{note}</text>')
    out.append("</svg>")
    return "\n".join(out)


def main() -> int:
    layout = load_layout(HW / "reference.toml")
    netlist, cables = build(layout)
    with open(HW / "netlist.csv", "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["net", "ref", "pin", "part"])
        out.writerows(sorted(set(netlist.rows), key=lambda r: (r[0], r[1], r[2])))
    with open(HW / "cables.csv", "w", newline="") as f:
        out = csv.DictWriter(f, fieldnames=list(cables[0]))
        out.writeheader()
        out.writerows(cables)
    (HW / "schematic.svg").write_text(svg(cables, layout))
    if shutil.which("rsvg-convert"):  # apt-get install librsvg2-bin
        subprocess.run(
            ["rsvg-convert", "-o", str(HW / "schematic.png"), str(HW / "schematic.svg")], check=True
        )
    else:
        print("rsvg-convert not found (apt-get install librsvg2-bin): schematic.png not redrawn")
    print(f"{len(netlist.rows)} pin connections, {len(cables)} cables -> hardware/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
