"""The ``hauntable`` command: ``play``, ``export``, ``replay``, ``bot`` and friends.

Each subcommand lives in ``hauntable/commands/<name>.py`` with ``add_parser(subparsers)`` and ``run(args)``;
this module only wires them together. Exit codes: 0 success, 2 bad input (nothing written), 1 other errors.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = (
    "play", "export", "replay", "bot", "ui", "selftest", "enroll", "towers", "companion", "fleet",
    "admin_pin", "backup",
)  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hauntable", description="The Hauntable smart game table.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"hauntable.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"hauntable.commands.{name}":
                raise
            continue  # a subcommand not written yet
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
