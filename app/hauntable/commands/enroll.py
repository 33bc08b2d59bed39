"""``hauntable enroll``: walk through the pieces, scan each tag on the enrol pad, confirm, record it.

Also ``--list``, ``--export FILE`` and ``--import FILE`` for the registry (JSON, see docs/table.md).
The registry lives in the table's SQLite database (``table.sqlite3`` in the data directory).

The walk itself is the table service :mod:`hauntable.table.enrolment`, which the admin screen drives too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hauntable.engine.rejections import HauntableError
from hauntable.paths import add_data_dir_argument, db_path
from hauntable.table.backends import BACKENDS, load_backend
from hauntable.table.enrolment import enrol_pad, pieces, walk
from hauntable.table.layout import default_layout_path, load_layout
from hauntable.table.registry import RegistryError, TagRegistry


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "enroll",
        help="enrol tile, card and figure tags into the table's registry",
        description="Walk through the pieces not yet enrolled: lay each on the enrol pad, confirm its "
        "name, and it is recorded. Or list, export or import the registry.",
    )
    parser.add_argument(
        "--kind", choices=("tile", "card"), default="tile", help="what to enrol (default tile)"
    )
    parser.add_argument(
        "--names", help="only these pieces, comma separated (default: every one not enrolled)"
    )
    parser.add_argument(
        "--layout", metavar="FILE", help=f"the table's layout (default {default_layout_path()})"
    )
    parser.add_argument(
        "--backend", choices=sorted(BACKENDS), help="override the layout and $HAUNTABLE_BACKEND"
    )
    parser.add_argument("--timeout", type=float, default=30.0, metavar="S", help="seconds to wait per tag")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--list", action="store_true", help="print the registry")
    which.add_argument("--export", metavar="FILE", help="write the registry as JSON")
    which.add_argument("--import", dest="import_file", metavar="FILE", help="add the tags of an export")
    add_data_dir_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with TagRegistry(db_path(args.data_dir)) as registry:
        try:
            if args.list:
                for tag in registry.all():
                    print(f"{tag.uid}\t{tag.kind}\t{tag.name}")
                return 0
            if args.export:
                Path(args.export).write_text(registry.export() + "\n", encoding="utf-8")
                print(f"enroll: wrote {len(registry.all())} tags to {args.export}", file=sys.stderr)
                return 0
            if args.import_file:
                added = registry.import_json(Path(args.import_file).read_text(encoding="utf-8"))
                print(f"enroll: imported {added} tags", file=sys.stderr)
                return 0
        except (RegistryError, OSError) as exc:
            print(f"enroll: {exc}", file=sys.stderr)
            return 2
        copies = pieces(args.kind)
        if args.names:
            names = [n.strip() for n in args.names.split(",")]
            unknown = [n for n in names if n not in copies]
            if unknown:
                print(f"enroll: no {args.kind} called {', '.join(unknown)}", file=sys.stderr)
                return 2
        else:
            names = [n for n in copies if len(registry.tags_of(args.kind, n)) < copies[n]]
        try:
            layout = load_layout(args.layout)
            backend = load_backend(layout, name=args.backend)
        except HauntableError as exc:
            print(f"enroll: {exc}", file=sys.stderr)
            return 2
        with backend:
            pad = enrol_pad(layout)
            if pad is None:
                print("enroll: the layout has no enrol or draw pad", file=sys.stderr)
                return 2
            enrolled = walk(
                registry,
                backend.reader(pad.id),
                backend.clock,
                args.kind,
                names,
                copies,
                input,
                print,
                args.timeout,
            )
        print(f"enroll: {enrolled} of {len(names)} enrolled")
        return 0 if enrolled == len(names) else 1
