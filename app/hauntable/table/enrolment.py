"""Enrolment: which pieces a game has, and the walk that records each piece's tag from the enrol pad.

A table service: ``hauntable enroll`` (the terminal), the admin screen's enrol desk (``kiosk/enrol.py``)
and tests all drive the same :func:`walk` and :class:`PadWatch`, so a tag is settled the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hauntable.games.betrayal.content import load_content
from hauntable.games.geisterstunde.content import load_content as load_castle
from hauntable.table.backends.base import ReaderFault, RfidReader
from hauntable.table.clock import Clock
from hauntable.table.layout import Layout, ReaderSpec
from hauntable.table.registry import RegistryError, TagRegistry

PAD_SLOTS = ("enrol", "draw")  # the enrol pad, else the draw pad (the bench table has no enrol pad)


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
