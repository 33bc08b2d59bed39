"""What Betrayal is made of, as frozen records: explorers, room tiles, cards, haunts and the haunt chart, and
the names the rules use for traits, floors, directions and decks. content_files.py reads them from the data
files; ``content.load_content`` is the way in.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

TRAITS = ("speed", "might", "sanity", "knowledge")
PHYSICAL = ("might", "speed")
MENTAL = ("sanity", "knowledge")
FLOORS = ("basement", "ground", "upper")
DIRECTIONS = ("N", "E", "S", "W")
SYMBOLS = ("omen", "item", "event", "none")
DECKS = ("omen", "item", "event")
BASE_DECK_SIZES = {"omen": 13, "item": 22, "event": 45}
BASE_EXPLORABLE_ROOMS = 42


@dataclasses.dataclass(frozen=True)
class Character:
    """One side of a character card: who the explorer is and the four printed trait tracks."""

    id: str
    name: str
    color: str
    age: int
    birthday: tuple[int, int]  # (month, day)
    hobbies: tuple[str, ...]
    tracks: dict[str, tuple[int, ...]]
    start: dict[str, int]

    def value(self, trait: str, index: int | None = None) -> int:
        """The printed value at ``index`` on the trait's track (the starting index by default)."""
        return self.tracks[trait][self.start[trait] if index is None else index]


@dataclasses.dataclass(frozen=True)
class TraitRoll:
    trait: str
    target: int


@dataclasses.dataclass(frozen=True)
class Room:
    """A room tile (or one of the three rooms of the entrance tile) and its printed rules as data."""

    name: str
    kind: str  # start | landing | explore
    floors: tuple[str, ...]
    doors: tuple[str, ...]
    symbol: str
    windows: str
    confidence: str
    expansion: str | None = None
    front_door: str | None = None
    room_group: str | None = None
    stairs_to: str | None = None
    slide_to: str | None = None
    exit_roll: dict[str, Any] | None = None
    once_per_game_bonus: dict[str, Any] | None = None
    end_turn_damage: dict[str, Any] | None = None
    barrier: dict[str, Any] | None = None
    collapse: dict[str, Any] | None = None
    fall_to: dict[str, Any] | None = None
    elevator: dict[str, Any] | None = None

    @property
    def explorable(self) -> bool:
        return self.kind == "explore"


@dataclasses.dataclass(frozen=True)
class Card:
    name: str
    deck: str
    copies: int = 1
    subtype: str | None = None


TRAITOR_RULES = (
    "haunt_revealer",
    "left_of_haunt_revealer",
    "highest_trait",
    "lowest_trait",
    "oldest",
    "youngest",
    "character_else",
    "hidden_traitor",
    "none",
    "none_at_first",
)
HAUNT_MODES = ("scripted", "book")


@dataclasses.dataclass(frozen=True)
class HauntSpec:
    """One haunt: who becomes the traitor (rule keywords, see haunts.toml) and how the table runs it."""

    number: int
    name: str
    traitor: str
    mode: str
    trait: str | None = None
    except_revealer: bool = False
    character: str | None = None
    fallback: str | None = None
    fallback_trait: str | None = None


@dataclasses.dataclass(frozen=True)
class Content:
    characters: dict[str, Character]
    rooms: dict[str, Room]
    cards: dict[str, Card]
    haunt_chart: dict[str, dict[str, int]]  # room -> omen -> haunt number
    haunts: dict[int, HauntSpec] = dataclasses.field(default_factory=dict)  # haunt number -> spec

    def deck(self, deck: str) -> tuple[str, ...]:
        """Every card of one deck, one entry per physical copy (a name repeats for each copy)."""
        return tuple(n for c in self.cards.values() if c.deck == deck for n in [c.name] * c.copies)

    @functools.cached_property
    def tiles_by_floor(self) -> dict[str, frozenset[str]]:
        """Floor -> the names of the room tiles that may be laid on it."""
        return {f: frozenset(n for n, r in self.rooms.items() if f in r.floors) for f in FLOORS}

    @functools.cached_property
    def roll_rooms(self) -> frozenset[str]:
        """Rooms that ask a roll to enter, cross or leave them, or move whoever is in them (the Dog never
        enters one): a set, as walks over the house ask it of every room they reach."""
        return frozenset(
            n
            for n, r in self.rooms.items()
            if r.barrier or r.exit_roll or r.slide_to or r.elevator or r.collapse
        )

    @functools.cached_property
    def start_tiles(self) -> tuple[str, ...]:
        """The rooms that are not explored (the entrance tile's rooms, the landings): never moved."""
        return tuple(n for n, r in self.rooms.items() if not r.explorable)

    def room_tiles(self, expansions: frozenset[str] = frozenset()) -> tuple[str, ...]:
        """The names of the explorable tiles that go into the room stack."""
        return tuple(
            r.name
            for r in self.rooms.values()
            if r.explorable and (r.expansion is None or r.expansion in expansions)
        )
