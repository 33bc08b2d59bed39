"""``hauntable selftest``: check every reader, tower, button and LED of a table and print a table.

Readers: VersionReg must name a known chip and one read must complete. Towers: the backend's HELLO check.
Buttons: not stuck pressed. LEDs: switch on and off. Exit 0 when everything passes, 1 on any fault,
2 when the layout or the backend cannot be loaded. Works on the mock backend (``--backend mock`` or
``HAUNTABLE_BACKEND=mock``), where faults come from the layout's ``[mock]`` section.
"""

from __future__ import annotations

import argparse
import sys

from hauntable.engine.rejections import HauntableError
from hauntable.table.backends import BACKENDS, load_backend
from hauntable.table.layout import default_layout_path, load_layout
from hauntable.table.selftest import check


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
