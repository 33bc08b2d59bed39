"""``hauntable admin-pin``: set or reset the table's admin PIN at its console (ssh or a keyboard on the Pi).

The touch screen lets the first person choose a PIN only on a table that never had one; a lost or damaged
PIN record keeps the admin menu locked until someone with the Pi in hand resets it here.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from hauntable.kiosk.pin import PinError, PinStore
from hauntable.paths import add_data_dir_argument, db_path


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "admin-pin",
        help="set or reset the admin PIN of the table's touch screen",
        description="Set the admin PIN (asked twice, not echoed). --reset replaces a lost, damaged or "
        "forgotten PIN without the old one.",
    )
    parser.add_argument("--reset", action="store_true", help="replace the PIN without knowing the old one")
    parser.add_argument(
        "--pin-file", metavar="FILE", help="the PIN record (default: admin-pin.json beside the log)"
    )
    add_data_dir_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    path = args.pin_file or db_path(args.data_dir).with_name("admin-pin.json")
    pins = PinStore(path)
    if pins.is_set and not args.reset:
        print("admin-pin: a PIN is set; change it in the admin menu, or use --reset", file=sys.stderr)
        return 2
    read = getpass.getpass if sys.stdin.isatty() else (lambda prompt: sys.stdin.readline().strip())
    first, second = read("New admin PIN (4-8 digits): "), read("Again: ")
    if first != second:
        print("admin-pin: the two PINs differ; nothing changed", file=sys.stderr)
        return 2
    try:
        pins.set(first, reset=True)
    except PinError as exc:
        print(f"admin-pin: {exc}", file=sys.stderr)
        return 2
    print(f"admin-pin: the admin PIN is set ({path})")
    return 0
