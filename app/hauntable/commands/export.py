"""``hauntable export GAME_ID``: write one logged game as JSON Lines, to share it or paste it into a test.

The format is in docs/game-log.md; ``hauntable replay`` reads it back. A file given with ``-o`` is written
whole or not at all (temporary file, then rename), so a failed export never leaves half a game behind.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hauntable.gamelog import GameLog, LogError
from hauntable.gamelog.jsonl import export_jsonl, write_atomically
from hauntable.paths import add_data_dir_argument, db_path


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write a logged game as JSON Lines",
        description="Write a logged game as JSON Lines (docs/game-log.md); `hauntable replay` reads it.",
    )
    parser.add_argument("game_id", type=int, metavar="GAME_ID", help="the game's id in the log")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of to stdout")
    add_data_dir_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    path = db_path(args.data_dir, create=False)
    if not path.exists():
        print(f"export: no game log at {path}", file=sys.stderr)
        return 2
    try:
        with GameLog(path) as log:
            text = "".join(line + "\n" for line in export_jsonl(log, args.game_id))
    except LogError as exc:
        print(f"export: {exc}", file=sys.stderr)
        return 2
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    try:
        write_atomically(Path(args.output), text)
    except OSError as exc:
        print(f"export: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0
