"""``hauntable enroll``: walk through the pieces, scan each tag on the enrol pad, confirm, record it.

Also ``--list``, ``--export FILE`` and ``--import FILE`` for the registry (JSON, see docs/table.md).
The registry lives in the table's SQLite database (``table.sqlite3`` in the data directory).

The walk (:func:`walk`) is separate from the terminal so the admin screen can drive it the same way.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from hauntable.engine.rejections import HauntableError
from hauntable.games.betrayal.content import load_content
from hauntable.paths import add_data_dir_argument, db_path
from hauntable.table.backends import BACKENDS, load_backend
from hauntable.table.backends.base import ReaderFault, RfidReader
from hauntable.table.clock import Clock
from hauntable.table.layout import Layout, ReaderSpec, default_layout_path, load_layout
from hauntable.table.registry import RegistryError, TagRegistry

PAD_SLOTS = ("enrol", "draw")  # the enrol pad, else the draw pad (the bench table has no enrol pad)


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


# what can be enrolled, per game: (game, kind); the CLI walks Betrayal's, the admin screen offers all
CATEGORIES = (
    ("betrayal", "tile"),
    ("betrayal", "card"),
    ("geisterstunde", "card"),
    ("geisterstunde", "figure"),
)


def pieces(kind: str, game: str = "betrayal") -> dict[str, int]:
    """Every piece of ``kind`` in a game's content with its number of physical copies.

    Geisterstunde's cards are the ghost's crest cards (``ghost-lily``, ...) and the key cards; its figures
    are named after their seat ("1" to "4"), as its referee reads them.
    """
    if game == "geisterstunde":
        from hauntable.games.geisterstunde.content import load_content as load_castle

        castle = load_castle()
        if kind == "figure":
            return {str(seat): 1 for seat in range(1, 5)}
        if kind == "card":
            keys = {key: castle.keys.count(key) for key in sorted(set(castle.keys))}
            return {**{f"ghost-{crest}": 1 for crest in castle.crests}, **keys}
        return {}
    content = load_content()
    if kind == "tile":
        return dict.fromkeys(content.rooms, 1)
    if kind == "card":
        return {name: card.copies for name, card in content.cards.items()}
    return {}


class PadWatch:
    """Turns a pad's reads into settled answers: the same set of tags read twice running.

    One read at a time (:meth:`feed`), so the terminal's blocking loop and the admin screen's clock
    callback share it. A failed read (None) is never settled.

    >>> watch = PadWatch()
    >>> watch.feed(frozenset({"04:A1"})), watch.feed(frozenset({"04:A1"}))
    (None, frozenset({'04:A1'}))
    """

    def __init__(self) -> None:
        self.last: frozenset[str] | None = None

    def feed(self, seen: frozenset[str] | None) -> frozenset[str] | None:
        """The settled set of tags on the pad, or None while it is still changing."""
        settled = seen if seen is not None and seen == self.last else None
        self.last = seen
        return settled


def wait_for_tag(reader: RfidReader, clock: Clock, timeout: float, present: bool = True) -> str | None:
    """Read until one tag is seen twice running (``present``) or the pad reads empty twice.

    Returns the UID ("" for an empty pad), or None on timeout.
    """
    end = clock.now() + timeout
    watch = PadWatch()
    while clock.now() < end:
        try:
            seen: frozenset[str] | None = reader.read()
        except ReaderFault:
            seen = None
        settled = watch.feed(seen)
        if settled is not None and bool(settled) == present and len(settled) <= 1:
            return min(settled) if settled else ""
        clock.sleep(0.01)
    return None


def enrol_pad(layout: Layout) -> ReaderSpec | None:
    """The reader tags are enrolled on: the layout's enrol pad, else its draw pad."""
    return next((s for s in (layout.slot_reader(p) for p in PAD_SLOTS) if s is not None), None)


def walk(
    registry: TagRegistry,
    reader: RfidReader,
    clock: Clock,
    kind: str,
    names: Iterable[str],
    copies: dict[str, int],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    timeout: float,
) -> int:
    """Enrol ``names`` one by one; returns how many were enrolled. Stops on "q"."""
    enrolled = 0
    for name in names:
        say(f"Lay the {name} on the enrol pad ({kind}).")
        uid = wait_for_tag(reader, clock, timeout)
        if not uid:
            say(f"No tag seen for the {name}; skipped.")
            continue
        answer = ask(f"Tag {uid}: is this the {name}? [y/n/q] ").strip().lower()
        if answer == "q":
            break
        if answer == "y":
            try:
                registry.enrol(uid, kind, name, copies.get(name, 1))
                enrolled += 1
                say(f"Enrolled {uid} as the {kind} {name}.")
            except RegistryError as exc:
                say(f"Refused: {exc}.")
        say("Lift it off the pad.")
        wait_for_tag(reader, clock, timeout, present=False)
    return enrolled


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
