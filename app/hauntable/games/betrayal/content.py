"""Betrayal content (explorers, room tiles, cards, haunt chart) loaded from TOML and validated at load time.

Data files hold names and numbers only; behaviour lives in the rules modules. A data error raises
:class:`~hauntable.engine.rejections.ContentError` naming the file, the entry and the field.

>>> c = load_content()
>>> len(c.characters), c.rooms["Kitchen"].floors, c.characters["zoe"].value("sanity")
(12, ('basement', 'ground'), 5)
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import tomllib
from pathlib import Path
from typing import Any

from hauntable.engine.rejections import ContentError

DATA_DIR = Path(__file__).with_name("data")
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


@dataclasses.dataclass(frozen=True)
class Content:
    characters: dict[str, Character]
    rooms: dict[str, Room]
    cards: dict[str, Card]
    haunt_chart: dict[str, dict[str, int]]  # room -> omen -> haunt number

    def deck(self, deck: str) -> tuple[str, ...]:
        """Every card of one deck, one entry per physical copy (a name repeats for each copy)."""
        return tuple(n for c in self.cards.values() if c.deck == deck for n in [c.name] * c.copies)

    def room_tiles(self, expansions: frozenset[str] = frozenset()) -> tuple[str, ...]:
        """The names of the explorable tiles that go into the room stack."""
        return tuple(
            r.name
            for r in self.rooms.values()
            if r.explorable and (r.expansion is None or r.expansion in expansions)
        )


# --- loading and validation -----------------------------------------------------------------------------


class _Entries:
    """Reads one TOML table array with helpers that raise ContentError naming file, entry and field."""

    def __init__(self, path: Path, key: str):
        self.file = path.name
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ContentError(self.file, "-", "-", f"cannot be read: {exc}") from None
        self.items = data.get(key)
        if not isinstance(self.items, list) or not self.items:
            raise ContentError(self.file, "-", key, "missing or empty table array")

    def fail(self, entry: Any, field: str, problem: str):
        name = entry.get("name", entry.get("id", entry.get("room", "?"))) if isinstance(entry, dict) else "?"
        raise ContentError(self.file, str(name), field, problem)

    def get(self, entry: dict, field: str, tp: type | tuple, default: Any = ..., choices=None):
        if field not in entry:
            if default is ...:
                self.fail(entry, field, "is missing")
            return default
        value = entry[field]
        if not isinstance(value, tp) or (isinstance(value, bool) and tp is int):
            self.fail(entry, field, f"must be {getattr(tp, '__name__', tp)}, got {value!r}")
        if choices is not None and value not in choices:
            self.fail(entry, field, f"{value!r} is not one of {', '.join(map(str, choices))}")
        return value

    def only(self, entry: dict, allowed: set[str]):
        extra = set(entry) - allowed
        if extra:
            self.fail(entry, sorted(extra)[0], "is not a known field")


def _load_characters(path: Path) -> dict[str, Character]:
    e = _Entries(path, "character")
    out: dict[str, Character] = {}
    for entry in e.items:
        e.only(entry, {"id", "name", "color", "age", "birthday", "hobbies", "sources", *TRAITS})
        cid = e.get(entry, "id", str)
        if cid in out:
            e.fail(entry, "id", "appears twice")
        month, _, day = e.get(entry, "birthday", str).partition("-")
        try:
            birthday = (int(month), int(day))
            _check_date(*birthday)
        except ValueError:
            e.fail(entry, "birthday", f"must be MM-DD, got {entry['birthday']!r}")
        tracks, start = {}, {}
        for t in TRAITS:
            spec = e.get(entry, t, dict)
            track = spec.get("track")
            if not (isinstance(track, list) and len(track) == 8 and all(isinstance(v, int) for v in track)):
                e.fail(entry, f"{t}.track", "must list 8 integers")
            if any(b < a for a, b in itertools.pairwise(track)) or track[0] < 1:
                e.fail(entry, f"{t}.track", "must rise from low to high and start at 1 or more")
            s = spec.get("start")
            if not isinstance(s, int) or not 0 <= s < 8:
                e.fail(entry, f"{t}.start", "must be an index 0..7")
            tracks[t], start[t] = tuple(track), s
        out[cid] = Character(
            id=cid,
            name=e.get(entry, "name", str),
            color=e.get(entry, "color", str),
            age=e.get(entry, "age", int),
            birthday=birthday,
            hobbies=tuple(e.get(entry, "hobbies", list, [])),
            tracks=tracks,
            start=start,
        )
    colors: dict[str, int] = {}
    for c in out.values():
        colors[c.color] = colors.get(c.color, 0) + 1
    for color, n in colors.items():
        if n != 2:
            raise ContentError(path.name, color, "color", f"a card has two sides, found {n} explorers")
    return out


def _check_date(month: int, day: int) -> None:
    days = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    if not (1 <= month <= 12 and 1 <= day <= days[month - 1]):
        raise ValueError("no such date")


_ROLL_RULES = {"exit_roll", "barrier", "collapse"}
_RULE_FIELDS = {
    "exit_roll": {"trait", "target", "lose"},
    "once_per_game_bonus": {"trait", "amount"},
    "end_turn_damage": {"kind", "amount"},
    "barrier": {"trait", "target", "behind", "revolving"},
    "collapse": {"trait", "target", "damage_dice", "to_floor"},
    "fall_to": {"room", "damage_dice"},
    "elevator": {"dice"},
}


def _load_rooms(path: Path) -> dict[str, Room]:
    e = _Entries(path, "room")
    out: dict[str, Room] = {}
    plain = {"name", "kind", "floors", "doors", "symbol", "windows", "confidence", "expansion"}
    refs = {"front_door", "room_group", "stairs_to", "slide_to"}
    for entry in e.items:
        e.only(entry, plain | refs | set(_RULE_FIELDS))
        name = e.get(entry, "name", str)
        if name in out:
            e.fail(entry, "name", "appears twice")
        floors = e.get(entry, "floors", list)
        if not floors or any(f not in FLOORS for f in floors) or len(set(floors)) != len(floors):
            e.fail(entry, "floors", f"must list distinct floors from {', '.join(FLOORS)}")
        doors = e.get(entry, "doors", list)
        if not doors or any(d not in DIRECTIONS for d in doors) or len(set(doors)) != len(doors):
            e.fail(entry, "doors", "must list distinct directions from N, E, S, W")
        rules: dict[str, Any] = {}
        for field, keys in _RULE_FIELDS.items():
            if field in entry:
                spec = e.get(entry, field, dict)
                if set(spec) - keys:
                    e.fail(entry, f"{field}.{sorted(set(spec) - keys)[0]}", "is not a known field")
                for k in ("trait", "lose"):
                    if k in spec and spec[k] not in TRAITS:
                        e.fail(entry, f"{field}.{k}", f"{spec[k]!r} is not a trait")
                if field in _ROLL_RULES and not isinstance(spec.get("target"), int):
                    e.fail(entry, f"{field}.target", "must be an integer")
                rules[field] = spec
        for field in refs:
            if field in entry:
                rules[field] = e.get(entry, field, str)
        out[name] = Room(
            name=name,
            kind=e.get(entry, "kind", str, choices=("start", "landing", "explore")),
            floors=tuple(floors),
            doors=tuple(doors),
            symbol=e.get(entry, "symbol", str, choices=SYMBOLS),
            windows=e.get(entry, "windows", str, choices=("likely", "unknown")),
            confidence=e.get(entry, "confidence", str, choices=("high", "medium", "low")),
            expansion=e.get(entry, "expansion", str, None),
            **rules,
        )
    for room in out.values():
        for field in ("stairs_to", "slide_to"):
            target = getattr(room, field)
            if target is not None and target not in out:
                raise ContentError(path.name, room.name, field, f"names no room: {target!r}")
        if room.fall_to and room.fall_to.get("room") not in out:
            raise ContentError(path.name, room.name, "fall_to.room", "names no room")
    base = [r for r in out.values() if r.explorable and r.expansion is None]
    if len(base) != BASE_EXPLORABLE_ROOMS:
        raise ContentError(path.name, "-", "room", f"{BASE_EXPLORABLE_ROOMS} explorable base rooms expected")
    return out


def _load_cards(path: Path) -> dict[str, Card]:
    out: dict[str, Card] = {}
    for deck in DECKS:
        e = _Entries(path, deck)
        for entry in e.items:
            e.only(entry, {"name", "copies", "subtype"})
            name = e.get(entry, "name", str)
            if name in out:
                e.fail(entry, "name", "appears twice")
            out[name] = Card(
                name=name,
                deck=deck,
                copies=e.get(entry, "copies", int, 1),
                subtype=e.get(entry, "subtype", str, None, choices=("weapon", "companion", None)),
            )
        total = sum(c.copies for c in out.values() if c.deck == deck)
        if total != BASE_DECK_SIZES[deck]:
            raise ContentError(path.name, deck, "copies", f"{BASE_DECK_SIZES[deck]} cards expected, {total}")
    return out


def _load_chart(path: Path, rooms: dict[str, Room], cards: dict[str, Card]) -> dict[str, dict[str, int]]:
    e = _Entries(path, "chart")
    omens = {c.name for c in cards.values() if c.deck == "omen"}
    chart: dict[str, dict[str, int]] = {}
    for entry in e.items:
        room = e.get(entry, "room", str)
        if room not in rooms or rooms[room].symbol != "omen":
            e.fail(entry, "room", "must name an omen room")
        haunts = e.get(entry, "haunts", dict)
        if set(haunts) != omens:
            e.fail(entry, "haunts", "must give a haunt for each of the 13 omens")
        for omen, number in haunts.items():
            if not isinstance(number, int) or not 1 <= number <= 50:
                e.fail(entry, f"haunts.{omen}", "must be a haunt number 1..50")
        chart[room] = dict(haunts)
    missing = {r.name for r in rooms.values() if r.symbol == "omen"} - set(chart)
    if missing:
        raise ContentError(path.name, sorted(missing)[0], "room", "omen room missing from the chart")
    return chart


def load_content(data_dir: Path | None = None) -> Content:
    """Load and validate every Betrayal data file (cached for the packaged data)."""
    if data_dir is None:
        return _packaged()
    return _load(Path(data_dir))


@functools.cache
def _packaged() -> Content:
    return _load(DATA_DIR)


def _load(d: Path) -> Content:
    rooms = _load_rooms(d / "rooms.toml")
    cards = _load_cards(d / "cards.toml")
    return Content(
        characters=_load_characters(d / "characters.toml"),
        rooms=rooms,
        cards=cards,
        haunt_chart=_load_chart(d / "haunt_chart.toml", rooms, cards),
    )
