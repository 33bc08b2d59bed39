"""Reading and checking the Betrayal data files (TOML): a data error raises
:class:`~hauntable.engine.rejections.ContentError` naming the file, the entry and the field.
"""

from __future__ import annotations

import functools
import itertools
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

from hauntable.engine.rejections import ContentError
from hauntable.games.betrayal.content_model import (
    BASE_DECK_SIZES,
    BASE_EXPLORABLE_ROOMS,
    DECKS,
    DIRECTIONS,
    FLOORS,
    HAUNT_MODES,
    SYMBOLS,
    TRAITOR_RULES,
    TRAITS,
    Card,
    Character,
    Content,
    HauntSpec,
    Room,
)

# --- loading and validation -----------------------------------------------------------------------------


DATA_DIR = Path(__file__).with_name("data")


class _Entries:
    """Reads one TOML table array with helpers that raise ContentError naming file, entry and field."""

    def __init__(self, path: Path, key: str, tables: tuple[str, ...] | None = None):
        self.file = path.name
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ContentError(self.file, "-", "-", f"cannot be read: {exc}") from None
        unknown = sorted(set(data) - set(tables or (key,)))
        if unknown:
            raise ContentError(self.file, "-", unknown[0], "is not a known table")
        items = data.get(key)
        if not isinstance(items, list) or not items:
            raise ContentError(self.file, "-", key, "missing or empty table array")
        self.items: list[Any] = items
        for i, entry in enumerate(self.items):
            if not isinstance(entry, dict):
                raise ContentError(self.file, f"{key} #{i + 1}", "-", "must be a table")

    def fail(self, entry: Any, field: str, problem: str) -> NoReturn:
        name = entry.get("name", entry.get("id", entry.get("room", "?"))) if isinstance(entry, dict) else "?"
        raise ContentError(self.file, str(name), field, problem)

    def get(
        self,
        entry: dict[str, Any],
        field: str,
        tp: type | tuple[Any, ...],
        default: Any = ...,
        choices: Iterable[Any] | None = None,
    ) -> Any:
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

    def only(self, entry: dict[str, Any], allowed: set[str]) -> None:
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
        text = e.get(entry, "birthday", str)
        try:
            if len(text) != 5 or text[2] != "-" or not (text[:2] + text[3:]).isdigit():
                raise ValueError
            birthday = (int(text[:2]), int(text[3:]))
            _check_date(*birthday)
        except ValueError:
            e.fail(entry, "birthday", f"must be a date MM-DD, got {text!r}")
        hobbies = e.get(entry, "hobbies", list, [])
        if not all(isinstance(h, str) and h for h in hobbies):
            e.fail(entry, "hobbies", "must list names")
        if e.get(entry, "age", int) < 0:
            e.fail(entry, "age", "cannot be negative")
        tracks, start = {}, {}
        for t in TRAITS:
            spec = e.get(entry, t, dict)
            if set(spec) - {"track", "start"}:
                e.fail(entry, f"{t}.{sorted(set(spec) - {'track', 'start'})[0]}", "is not a known field")
            track = spec.get("track")
            if not (isinstance(track, list) and len(track) == 8 and all(isinstance(v, int) for v in track)):
                e.fail(entry, f"{t}.track", "must list 8 integers")
            if any(b < a for a, b in itertools.pairwise(track)) or track[0] < 1:
                e.fail(entry, f"{t}.track", "must rise from low to high and start at 1 or more")
            s = spec.get("start")
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < 8:
                e.fail(entry, f"{t}.start", "must be an index 0..7")
            tracks[t], start[t] = tuple(track), s
        out[cid] = Character(
            id=cid,
            name=e.get(entry, "name", str),
            color=e.get(entry, "color", str),
            age=e.get(entry, "age", int),
            birthday=birthday,
            hobbies=tuple(hobbies),
            tracks=tracks,
            start=start,
        )
    names = [c.name for c in out.values()]
    for name in names:
        if names.count(name) > 1:
            raise ContentError(path.name, name, "name", "two explorers have this name")
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


# Each printed-rule table of rooms.toml: key -> (type, required, allowed values or None).
_INT = (int, True, None)
_RULE_SCHEMA: dict[str, dict[str, tuple[type, bool, tuple[str, ...] | None]]] = {
    "exit_roll": {"trait": (str, True, TRAITS), "target": _INT, "lose": (str, True, TRAITS)},
    "once_per_game_bonus": {"trait": (str, True, TRAITS), "amount": _INT},
    "end_turn_damage": {"kind": (str, True, ("physical", "mental")), "amount": _INT},
    "barrier": {
        "trait": (str, True, TRAITS),
        "target": _INT,
        "behind": (list, False, None),
        "revolving": (bool, False, None),
    },
    "collapse": {
        "trait": (str, True, TRAITS),
        "target": _INT,
        "damage_dice": _INT,
        "to_floor": (str, True, FLOORS),
    },
    "fall_to": {"room": (str, True, None), "damage_dice": _INT},
    "elevator": {"dice": _INT},
}


def _check_rule(e: _Entries, entry: dict[str, Any], field: str) -> dict[str, Any]:
    spec: dict[str, Any] = e.get(entry, field, dict)
    schema = _RULE_SCHEMA[field]
    for key in spec:
        if key not in schema:
            e.fail(entry, f"{field}.{key}", "is not a known field")
    for key, (tp, required, choices) in schema.items():
        if key not in spec:
            if required:
                e.fail(entry, f"{field}.{key}", "is missing")
            continue
        value = spec[key]
        if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
            e.fail(entry, f"{field}.{key}", f"must be {tp.__name__}, got {value!r}")
        if isinstance(value, int) and tp is int and value < 0:
            e.fail(entry, f"{field}.{key}", "cannot be negative")
        if choices is not None and value not in choices:
            e.fail(entry, f"{field}.{key}", f"{value!r} is not one of {', '.join(choices)}")
    if "behind" in spec and any(d not in DECKS for d in spec["behind"]):
        e.fail(entry, f"{field}.behind", f"must list decks from {', '.join(DECKS)}")
    return spec


def _load_rooms(path: Path) -> dict[str, Room]:
    e = _Entries(path, "room")
    out: dict[str, Room] = {}
    plain = {"name", "kind", "floors", "doors", "symbol", "windows", "confidence", "expansion"}
    refs = {"front_door", "room_group", "stairs_to", "slide_to"}
    for entry in e.items:
        e.only(entry, plain | refs | set(_RULE_SCHEMA))
        name = e.get(entry, "name", str)
        if name in out:
            e.fail(entry, "name", "appears twice")
        floors = e.get(entry, "floors", list)
        if not floors or any(f not in FLOORS for f in floors) or len(set(floors)) != len(floors):
            e.fail(entry, "floors", f"must list distinct floors from {', '.join(FLOORS)}")
        doors = e.get(entry, "doors", list)
        if not doors or any(d not in DIRECTIONS for d in doors) or len(set(doors)) != len(doors):
            e.fail(entry, "doors", "must list distinct directions from N, E, S, W")
        rules: dict[str, Any] = {f: _check_rule(e, entry, f) for f in _RULE_SCHEMA if f in entry}
        for field in refs:
            if field in entry:
                rules[field] = e.get(entry, field, str)
        if "front_door" in rules and (rules["front_door"] not in DIRECTIONS or rules["front_door"] in doors):
            e.fail(entry, "front_door", "must be a side with no door (N, E, S or W)")
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
            if target is not None and (target not in out or target == room.name or out[target].expansion):
                raise ContentError(
                    path.name, room.name, field, f"must name another base room, not {target!r}"
                )
        if room.fall_to and room.fall_to.get("room") not in out:
            raise ContentError(path.name, room.name, "fall_to.room", "names no room")
    for start in ("Entrance Hall", "Foyer", "Grand Staircase", "Upper Landing", "Basement Landing"):
        if start not in out or out[start].explorable:
            raise ContentError(path.name, start, "kind", "a start tile is missing or marked explorable")
    base = [r for r in out.values() if r.explorable and r.expansion is None]
    if len(base) != BASE_EXPLORABLE_ROOMS:
        raise ContentError(path.name, "-", "room", f"{BASE_EXPLORABLE_ROOMS} explorable base rooms expected")
    return out


def _load_cards(path: Path) -> dict[str, Card]:
    out: dict[str, Card] = {}
    for deck in DECKS:
        e = _Entries(path, deck, DECKS)
        for entry in e.items:
            e.only(entry, {"name", "copies", "subtype"})
            name = e.get(entry, "name", str)
            if name in out:
                e.fail(entry, "name", "appears twice")
            copies = e.get(entry, "copies", int, 1)
            if copies < 1:
                e.fail(entry, "copies", "must be 1 or more")
            out[name] = Card(
                name=name,
                deck=deck,
                copies=copies,
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
        e.only(entry, {"room", "haunts"})
        room = e.get(entry, "room", str)
        if room not in rooms or rooms[room].symbol != "omen":
            e.fail(entry, "room", "must name an omen room")
        if room in chart:
            e.fail(entry, "room", "has two rows")
        haunts = e.get(entry, "haunts", dict)
        for omen in sorted(set(haunts) - omens):
            e.fail(entry, f"haunts.{omen}", "is not an omen")
        for omen in sorted(omens - set(haunts)):
            e.fail(entry, f"haunts.{omen}", "is missing")
        for omen, number in haunts.items():
            if not isinstance(number, int) or not 1 <= number <= 50:
                e.fail(entry, f"haunts.{omen}", "must be a haunt number 1..50")
        chart[room] = dict(haunts)
    missing = {r.name for r in rooms.values() if r.symbol == "omen"} - set(chart)
    if missing:
        raise ContentError(path.name, sorted(missing)[0], "room", "omen room missing from the chart")
    unused = set(range(1, 51)) - {n for row in chart.values() for n in row.values()}
    if unused:
        raise ContentError(path.name, "-", "haunts", f"haunt {min(unused)} appears nowhere on the chart")
    return chart


def _load_haunts(path: Path, characters: dict[str, Character]) -> dict[int, HauntSpec]:
    e = _Entries(path, "haunt")
    out: dict[int, HauntSpec] = {}
    fields = {"number", "name", "traitor", "mode", "trait", "except_revealer", "character", "fallback"}
    for entry in e.items:
        e.only(entry, fields | {"fallback_trait"})
        number = e.get(entry, "number", int)
        if not 1 <= number <= 50:
            e.fail(entry, "number", "must be a haunt number 1..50")
        if number in out:
            e.fail(entry, "number", "appears twice")
        rule = e.get(entry, "traitor", str, choices=TRAITOR_RULES)
        trait = e.get(entry, "trait", str, None, choices=(*TRAITS, None))
        if (rule in ("highest_trait", "lowest_trait")) != (trait is not None):
            e.fail(entry, "trait", "is needed by highest_trait and lowest_trait, and only by them")
        character = e.get(entry, "character", str, None)
        fallback = e.get(entry, "fallback", str, None, choices=(*TRAITOR_RULES, None))
        fallback_trait = e.get(entry, "fallback_trait", str, None, choices=(*TRAITS, None))
        if rule == "character_else":
            if character not in characters:
                e.fail(entry, "character", f"must name an explorer id, not {character!r}")
            if fallback not in ("highest_trait", "lowest_trait", "left_of_haunt_revealer"):
                e.fail(entry, "fallback", "must be highest_trait, lowest_trait or left_of_haunt_revealer")
            if (fallback != "left_of_haunt_revealer") != (fallback_trait is not None):
                e.fail(entry, "fallback_trait", "is needed by a trait fallback, and only by it")
        elif character is not None or fallback is not None or fallback_trait is not None:
            e.fail(entry, "character", "only character_else names a character and a fallback")
        out[number] = HauntSpec(
            number=number,
            name=e.get(entry, "name", str),
            traitor=rule,
            mode=e.get(entry, "mode", str, choices=HAUNT_MODES),
            trait=trait,
            except_revealer=e.get(entry, "except_revealer", bool, False),
            character=character,
            fallback=fallback,
            fallback_trait=fallback_trait,
        )
    missing = sorted(set(range(1, 51)) - set(out))
    if missing:
        raise ContentError(path.name, str(missing[0]), "number", "haunt missing")
    return out


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
    characters = _load_characters(d / "characters.toml")
    return Content(
        characters=characters,
        rooms=rooms,
        cards=cards,
        haunt_chart=_load_chart(d / "haunt_chart.toml", rooms, cards),
        haunts=_load_haunts(d / "haunts.toml", characters),
    )
