"""``hauntable selftest``: check every reader, tower, button and LED of a table and print a table.

Readers: VersionReg must name a known chip and one read must complete. Towers: the backend's HELLO check.
Buttons: not stuck pressed. LEDs: switch on and off. Exit 0 when everything passes, 1 on any fault,
2 when the layout or the backend cannot be loaded. Works on the mock backend (``--backend mock`` or
``HAUNTABLE_BACKEND=mock``), where faults come from the layout's ``[mock]`` section.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from hauntable.engine.rejections import HauntableError
from hauntable.table.backends import BACKENDS, load_backend
from hauntable.table.backends.base import Backend, ReaderFault
from hauntable.table.devices import Button, Led
from hauntable.table.layout import default_layout_path, load_layout
from hauntable.table.mfrc522.registers import KNOWN_VERSIONS

Row = tuple[str, str, str, bool]  # device, wiring, detail, ok


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "selftest",
        help="check every reader, tower, button and LED of the table",
        description="Check every reader (version register and one read), tower (hello), button and LED "
        "of the table and print a table. Exit 1 on any fault.",
    )
    parser.add_argument(
        "--layout", metavar="FILE", help=f"the table's layout (default {default_layout_path()})"
    )
    parser.add_argument(
        "--backend", choices=sorted(BACKENDS), help="override the layout and $HAUNTABLE_BACKEND"
    )
    parser.add_argument("--faults-only", action="store_true", help="print only the rows that fail")
    parser.set_defaults(run=run)


def check(backend: Backend, towers: bool = True) -> Iterator[Row]:
    """One row per device; never raises for a device fault. ``towers=False`` leaves the towers out (the
    table app holds its tower's port open and reports that link itself)."""
    for spec in backend.layout.readers:
        reader = backend.reader(spec.id)
        try:
            version = reader.version()
            if version not in KNOWN_VERSIONS:
                yield (f"reader {spec.id}", spec.wiring, f"no chip (version 0x{version:02X})", False)
                continue
            seen = reader.read()
        except (ReaderFault, OSError) as exc:
            yield (f"reader {spec.id}", spec.wiring, str(exc), False)
            continue
        detail = f"{KNOWN_VERSIONS[version]}, " + (f"tag {min(seen)}" if seen else "empty")
        yield (f"reader {spec.id}", spec.wiring, detail, True)
    for tower in backend.layout.towers if towers else ():
        ok, detail = backend.check_tower(tower)
        yield (f"tower {tower.id}", tower.port or f"usb {tower.usb}", detail, ok)
    for spec in backend.layout.buttons:
        try:
            with Button(spec.pin, backend=backend) as button:
                stuck = button.is_pressed
            yield (
                f"button {spec.name}",
                f"GPIO{spec.pin}",
                "stuck pressed" if stuck else "released",
                not stuck,
            )
        except Exception as exc:  # a pin already in use, a missing pin factory: a fault row, not a crash
            yield (f"button {spec.name}", f"GPIO{spec.pin}", str(exc), False)
    for spec in backend.layout.leds:
        try:
            with Led(spec.pin, backend=backend) as led:
                led.on()
                lit = led.is_lit
                led.off()
                ok = lit and not led.is_lit
            yield (f"led {spec.name}", f"GPIO{spec.pin}", "on/off" if ok else "does not switch", ok)
        except Exception as exc:
            yield (f"led {spec.name}", f"GPIO{spec.pin}", str(exc), False)


def run(args: argparse.Namespace) -> int:
    try:
        layout = load_layout(args.layout)
        backend = load_backend(layout, name=args.backend)
    except HauntableError as exc:
        print(f"selftest: {exc}", file=sys.stderr)
        return 2
    with backend:
        rows = list(check(backend))
    faults = [row for row in rows if not row[3]]
    shown = faults if args.faults_only else rows
    width = max((len(r[0]) for r in shown), default=6)
    wiring = max((len(r[1]) for r in shown), default=6)
    print(f"{'device':<{width}}  {'wiring':<{wiring}}  result  detail")
    for name, wire, detail, ok in shown:
        print(f"{name:<{width}}  {wire:<{wiring}}  {'ok' if ok else 'FAULT':<6}  {detail}")
    print(f"{layout.name} on the {backend.name} backend: {len(rows)} devices, {len(faults)} fault(s)")
    return 1 if faults else 0
