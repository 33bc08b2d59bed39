"""``hauntable export GAME_ID``: write one logged game as JSON Lines, to share it or paste it into a test.

The format is in docs/game-log.md; ``hauntable replay`` reads it back. A file given with ``-o`` is written
whole or not at all (temporary file, then rename), so a failed export never leaves half a game behind.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from hauntable.engine.log import GameLog, LogError, export_jsonl
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


def write_atomically(path: Path, text: str) -> None:
    """Write to a temporary file beside ``path`` and rename it over: readers see all of it or none."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
