"""``hauntable backup FILE``: one consistent copy of the whole game log, WAL included, in one file.

Copying ``table.sqlite3`` alone can miss the newest inputs (they may still be in ``table.sqlite3-wal``);
this goes through SQLite's backup API, so the copy holds everything committed, even while the table plays.
"""

from __future__ import annotations

import argparse
import sys

from hauntable.gamelog import GameLog, LogError
from hauntable.paths import add_data_dir_argument, db_path


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "backup",
        help="copy the whole game log (WAL included) to one file",
        description="Write a consistent copy of the table's game log, WAL included, to FILE (written to "
        "FILE.partial, synced, then renamed). Safe while the table is playing.",
    )
    parser.add_argument(
        "file", metavar="FILE", help="where the copy goes (e.g. /media/usb/table-backup.sqlite3)"
    )
    add_data_dir_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    path = db_path(args.data_dir, create=False)
    if not path.exists():
        print(f"backup: no game log at {path}", file=sys.stderr)
        return 2
    try:
        with GameLog(path, timeout=30.0) as log:
            log.backup(args.file)
            games = log.games()
    except (LogError, OSError) as exc:
        print(f"backup: {exc}", file=sys.stderr)
        return 1
    inputs = sum(g.inputs for g in games)
    print(f"backup: {len(games)} games, {inputs} inputs written to {args.file}")
    return 0
