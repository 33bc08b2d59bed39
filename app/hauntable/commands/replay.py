"""``hauntable replay FILE.jsonl``: re-apply an exported game and print its final state with its hash.

Checks everything a hand-edited or corrupted file can get wrong: malformed JSON, a missing or bad header,
an unknown game or input kind, seq out of order or repeated, an input the engine refuses, a recorded state
hash that differs. Any of these: one message on stderr naming the line, exit code 2, nothing on stdout.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys

from hauntable.engine.hashing import state_hash
from hauntable.gamelog.jsonl import ReplayFileError, read_lines, replay_jsonl


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="re-apply an exported game and print its final state",
        description="Re-apply a JSON Lines game (docs/game-log.md) and print "
        '{"state_hash": ..., "state": {...}} for its final state. Exit 2 if any line is wrong.',
    )
    parser.add_argument("file", metavar="FILE.jsonl", help="the exported game ('-' reads stdin)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        with contextlib.ExitStack() as stack:
            stream = sys.stdin.buffer if args.file == "-" else stack.enter_context(open(args.file, "rb"))
            step = replay_jsonl(read_lines(stream))  # streamed: memory stays flat in the file's size
    except OSError as exc:
        print(f"replay: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except ReplayFileError as exc:
        print(f"replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    out = {"state_hash": state_hash(step.state), "state": step.state.to_json()}
    sys.stdout.write(json.dumps(out, indent=2, ensure_ascii=False) + "\n")
    return 0
