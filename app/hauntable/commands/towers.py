"""``hauntable towers``: the USB serial boards plugged in, which one each layout tower is, and the udev
rule that gives each tower a name of its own (``/dev/hauntable/tower-N``) whatever port it lands on.

    hauntable towers [--layout FILE] [--rule NAME=SERIAL ...]

Stock MicroPython Picos all say USB id 2e8a:0005; their serial numbers differ (table/dice_link/identity.py).
"""

from __future__ import annotations

import argparse

from hauntable.engine.rejections import HauntableError
from hauntable.table.dice_link.identity import PICO, find_port, plugged, udev_rule
from hauntable.table.layout import default_layout_path, load_layout


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "towers",
        help="list the dice towers plugged in and print their udev rule",
        description="List the USB serial boards plugged in (device, USB id, serial number), say which "
        "board each [[tower]] of the layout is, and print the udev rule naming each Pico.",
    )
    parser.add_argument(
        "--layout", metavar="FILE", help=f"the table's layout (default {default_layout_path()})"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    boards = plugged()
    print(f"{len(boards)} USB serial board(s):")
    for board in boards:
        print(
            f"  {board.device}  usb {board.usb or '-'}  serial {board.serial or '-'}  {board.product or ''}"
        )
    status = 0
    try:
        layout = load_layout(args.layout)
    except HauntableError as exc:
        print(f"layout: {exc}")
        return 2
    for spec in layout.towers:
        try:
            port = find_port(spec, boards)
        except HauntableError as exc:
            print(f"{spec.id}: {exc}")
            status = 1
            continue
        print(f"{spec.id}: {port or 'not plugged in'}")
    picos = [(b, b.serial) for b in boards if b.usb == PICO and b.serial]
    if picos:
        print("\n# /etc/udev/rules.d/99-hauntable-dice.rules (then: udevadm control --reload; replug)")
        for n, (_board, serial) in enumerate(picos, 1):
            print(udev_rule(serial, f"tower-{n}"))
    return status
