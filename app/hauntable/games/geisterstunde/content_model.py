"""Geisterstunde's content as frozen records: the castle's rooms and the :class:`Content` every rule reads.

Apart from the loading (``content.py``) and the checking of the files (``content_files.py``) because the
rules, the referee and the screens read these records and never the files; the derived tables (every legal
ghost plan from each room, door colours, a key card's colour) are computed once per content and cached.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools

EXIT = "exit"  # where an exit door leads


@dataclasses.dataclass(frozen=True)
class Room:
    """One room of the castle: where it lies, its crest, and its doors (key colour -> room id or ``exit``)."""

    id: str
    row: int
    col: int
    crest: str | None
    doors: dict[str, str]
    name: str = ""

    @property
    def label(self) -> str:
        """How sentences name the room: "room 42" or "the Schatzkammer"."""
        return f"the {self.name}" if self.name else f"room {self.id}"


@dataclasses.dataclass(frozen=True)
class Content:
    """The castle and the cards. ``ghost_steps[room][crest]`` is the room a ghost card leads to."""

    crests: tuple[str, ...]
    crest_names: dict[str, dict[str, str]]  # crest -> language -> name
    colours: tuple[str, ...]
    rooms: dict[str, Room]
    treasury: str
    dungeon: str
    exits: dict[str, str]  # room -> colour
    keys: tuple[str, ...]  # the 45 key card ids, "colour-crest", in a fixed order
    ghost_cards: tuple[str, ...]
    ghost_steps: dict[str, dict[str, str]]
    rows: int
    cols: int

    def step(self, room: str, crest: str) -> str | None:
        """Where the ghost floats from ``room`` with the card ``crest`` (None: no neighbour shows it)."""
        return self.ghost_steps[room].get(crest)

    def room(self, room: str) -> Room:
        return self.rooms[room]

    def label(self, room: str) -> str:
        """How sentences name a room: "room 42", "the Schatzkammer", "the Verlies"."""
        return self.labels[room]

    @functools.cached_property
    def labels(self) -> dict[str, str]:
        return {self.dungeon: "the Verlies", **{r.id: r.label for r in self.rooms.values()}}

    @functools.cached_property
    def crest_en(self) -> dict[str, str]:
        """Crest id -> English name, for the outcome sentences."""
        return {k: v.get("en", k) for k, v in self.crest_names.items()}

    @functools.cached_property
    def plans(self) -> dict[str, tuple[tuple[str, ...], ...]]:
        """Every legal ghost plan from each room (G2.1, G2.2): 1-4 different crests, each one step on."""
        out: dict[str, tuple[tuple[str, ...], ...]] = {}
        for start in (self.dungeon, *self.rooms):
            found: list[tuple[str, ...]] = []
            todo: list[tuple[str, tuple[str, ...]]] = [(start, ())]
            while todo:
                room, path = todo.pop(0)
                if path:
                    found.append(path)
                if len(path) < 4:
                    for crest, nxt in self.ghost_steps[room].items():
                        if crest not in path:
                            todo.append((nxt, (*path, crest)))
            out[start] = tuple(found)
        return out

    @functools.cached_property
    def all_plans(self) -> tuple[tuple[str, ...], ...]:
        """Every sequence of 1-4 different crests, possible or not (house rule impossible_plan=stop)."""
        return tuple(p for n in range(1, 5) for p in itertools.permutations(self.crests, n))

    @functools.cached_property
    def door_colours(self) -> dict[str, tuple[str, ...]]:
        """Room -> the colours of its doors, in the order of ``colours`` (the order choices are listed in)."""
        return {r.id: tuple(col for col in self.colours if col in r.doors) for r in self.rooms.values()}

    @functools.cached_property
    def colour_of(self) -> dict[str, str]:
        """Key card -> its colour (``"red-lion"`` -> ``"red"``); any other ``colour-...`` text is split."""
        return _ColourOf({k: card_parts(k)[0] for k in self.keys})

    @functools.cached_property
    def plan_sets(self) -> dict[str, frozenset[tuple[str, ...]]]:
        """``plans`` as sets: checking a laid plan is then one look-up (the bots lay one every round)."""
        return {room: frozenset(plans) for room, plans in self.plans.items()}

    @functools.cached_property
    def all_plan_set(self) -> frozenset[tuple[str, ...]]:
        return frozenset(self.all_plans)


class _ColourOf(dict[str, str]):
    """The deck's cards by colour; a card not in the deck (a test's made-up hand) is split on the fly."""

    def __missing__(self, card: str) -> str:
        return card.partition("-")[0]


def card_parts(card: str) -> tuple[str, str]:
    """``"red-lion"`` -> ``("red", "lion")``."""
    colour, _, crest = card.partition("-")
    return colour, crest
