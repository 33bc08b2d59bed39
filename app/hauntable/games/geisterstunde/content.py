"""Geisterstunde content (the castle board, the key deck, the ghost cards) loaded from TOML and validated.

Data files hold names and numbers; the rules live in ``rules.py``. Validation runs at load and raises
:class:`~hauntable.engine.rejections.ContentError` naming the file, the entry and the field, so a board
where a ghost card could name two rooms, a room no runner can reach or a dead end never starts a game.

>>> c = load_content()
>>> len(c.rooms), len(c.keys), c.rooms["02"].crest, c.step("dungeon", "lily")
(25, 45, 'lily', '02')
>>> c.rooms["02"].doors["green"], c.rooms["40"].doors["red"]
('12', 'exit')

A table playing with a printed board whose crests and door colours differ from ours keeps them as a
:class:`BoardLayout` (entered in the admin menu, carried in the game's config so a logged game replays on
its own board); :func:`content_of` builds and checks it with the same loader:

>>> layout = BoardLayout.of(c)
>>> content_of(layout) is content_of(None) or content_of(layout).rooms == c.rooms
True
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import tomllib
from collections import deque
from pathlib import Path
from typing import Any

from hauntable.engine.rejections import ContentError

DATA_DIR = Path(__file__).with_name("data")
EXIT = "exit"  # where an exit door leads
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W


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


def _read(name: str, data_dir: Path) -> dict[str, Any]:
    path = data_dir / name
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(name, "(file)", "(syntax)", str(exc)) from None


def _need(file: str, entry: str, data: dict[str, Any], field: str, kind: type) -> Any:
    if field not in data:
        raise ContentError(file, entry, field, "missing")
    value = data[field]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ContentError(file, entry, field, f"must be {kind.__name__}, not {value!r}")
    return value


def load_content(data_dir: Path | None = None) -> Content:
    """Load and validate the board and the cards (cached for the packaged data)."""
    if data_dir is None:
        return _packaged()
    return _load(data_dir)


@functools.cache
def _packaged() -> Content:
    return _load(DATA_DIR)


@dataclasses.dataclass(frozen=True)
class BoardLayout:
    """What differs from one printed castle board to another, as the operator reads it off the board: the
    crest of each room, the colour of each door between two rooms (``"00-01"``, a missing pair is a wall)
    and of each exit (room -> colour). The rooms' places, the Schatzkammer and the Verlies stay ours."""

    crests: tuple[tuple[str, str], ...]  # (room, crest), sorted
    doors: tuple[tuple[str, str], ...]  # ("00-01", colour), sorted
    exits: tuple[tuple[str, str], ...]  # (room, colour), sorted

    @classmethod
    def of(cls, content: Content) -> BoardLayout:
        """The layout of a loaded castle."""
        doors = set()
        for r in content.rooms.values():
            for colour, to in r.doors.items():
                if to != EXIT:
                    doors.add(("-".join(sorted((r.id, to))), colour))
        return cls(
            tuple(sorted((r.id, r.crest or "") for r in content.rooms.values())),
            tuple(sorted(doors)),
            tuple(sorted(content.exits.items())),
        )

    @classmethod
    def make(cls, crests: dict[str, str], doors: dict[str, str], exits: dict[str, str]) -> BoardLayout:
        return cls(tuple(sorted(crests.items())), tuple(sorted(doors.items())), tuple(sorted(exits.items())))

    def to_json(self) -> dict[str, dict[str, str]]:
        return {"crests": dict(self.crests), "doors": dict(self.doors), "exits": dict(self.exits)}

    @classmethod
    def from_json(cls, data: Any) -> BoardLayout:
        """Raises ContentError for a shape that is not three tables of names."""
        if not isinstance(data, dict) or set(data) != {"crests", "doors", "exits"}:
            raise ContentError("board", "(layout)", "(table)", "needs crests, doors and exits")
        parts = []
        for name in ("crests", "doors", "exits"):
            part = data[name]
            if not isinstance(part, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in part.items()
            ):
                raise ContentError("board", name, "(table)", "must map names to names")
            parts.append(part)
        return cls.make(*parts)


def content_of(layout: BoardLayout | None) -> Content:
    """The castle a game is played on: ours (None), or a table's own layout, checked as the packaged data
    is at load (raises ContentError naming the room, door or crest that breaks a rule). Cached."""
    if layout is None:
        return _packaged()
    return _with_layout(layout)


@functools.cache
def _with_layout(layout: BoardLayout) -> Content:
    board = _read("board.toml", DATA_DIR)
    crests = dict(layout.crests)
    board["room"] = [{**r, "crest": crests.get(r.get("id"), r.get("crest"))} for r in board.get("room", [])]
    board["doors"] = dict(layout.doors)
    board["exits"] = dict(layout.exits)
    content = _build(board, _read("cards.toml", DATA_DIR))
    return content if content != _packaged() else _packaged()


def _load(data_dir: Path) -> Content:
    return _build(_read("board.toml", data_dir), _read("cards.toml", data_dir))


def _build(board: dict[str, Any], cards: dict[str, Any]) -> Content:
    f = "board.toml"

    crests: list[str] = []
    names: dict[str, dict[str, str]] = {}
    for i, c in enumerate(board.get("crest", [])):
        cid = _need(f, f"crest #{i + 1}", c, "id", str)
        if cid in crests:
            raise ContentError(f, f"crest {cid}", "id", "listed twice")
        crests.append(cid)
        names[cid] = {lang: c[lang] for lang in ("de", "en") if lang in c}
    if len(crests) != 5:
        raise ContentError(f, "crest", "(count)", f"the game has 5 crests, the file lists {len(crests)}")

    castle = board.get("castle")
    if not isinstance(castle, dict):
        raise ContentError(f, "castle", "(table)", "missing")
    rows = _need(f, "castle", castle, "rows", int)
    cols = _need(f, "castle", castle, "cols", int)
    colours = tuple(_need(f, "castle", castle, "colours", list))
    treasury = _need(f, "castle", castle, "treasury", str)
    dungeon = _need(f, "castle", castle, "dungeon", str)
    dungeon_next = _need(f, "castle", castle, "dungeon_next", str)

    raw_rooms: dict[str, dict[str, Any]] = {}
    at: dict[tuple[int, int], str] = {}
    for i, r in enumerate(board.get("room", [])):
        rid = _need(f, f"room #{i + 1}", r, "id", str)
        entry = f"room {rid}"
        if rid in raw_rooms or rid == dungeon:
            raise ContentError(f, entry, "id", "listed twice")
        row, col = _need(f, entry, r, "row", int), _need(f, entry, r, "col", int)
        if not (0 <= row < rows and 0 <= col < cols):
            raise ContentError(f, entry, "row/col", f"({row}, {col}) lies outside the {rows}x{cols} castle")
        if (row, col) in at:
            raise ContentError(f, entry, "row/col", f"room {at[row, col]} already stands there")
        crest = _need(f, entry, r, "crest", str)
        if crest not in crests:
            raise ContentError(f, entry, "crest", f"unknown crest {crest!r}; known: {', '.join(crests)}")
        at[row, col] = rid
        raw_rooms[rid] = {"row": row, "col": col, "crest": crest, "name": r.get("name", ""), "doors": {}}
    if len(raw_rooms) != rows * cols:
        raise ContentError(f, "room", "(count)", f"a {rows}x{cols} castle has {rows * cols} rooms")
    for rid in (treasury, dungeon_next):
        if rid not in raw_rooms:
            raise ContentError(f, "castle", "treasury/dungeon_next", f"unknown room {rid!r}")

    def add_door(entry: str, rid: str, colour: str, to: str) -> None:
        if colour not in colours:
            raise ContentError(f, entry, "colour", f"unknown colour {colour!r}; known: {', '.join(colours)}")
        doors = raw_rooms[rid]["doors"]
        if colour in doors:
            # a key names exactly one door only while no room has two doors of one colour (G3.2)
            raise ContentError(
                f,
                entry,
                "colour",
                f"room {rid} already has a {colour} door",
                "two_doors",
                room=rid,
                colour=colour,
            )
        doors[colour] = to

    for key, colour in board.get("doors", {}).items():
        entry = f"door {key}"
        a, _, b = key.partition("-")
        if a not in raw_rooms or b not in raw_rooms:
            raise ContentError(f, entry, "rooms", "both rooms must be castle rooms, written 'roomA-roomB'")
        ra, rb = raw_rooms[a], raw_rooms[b]
        if abs(ra["row"] - rb["row"]) + abs(ra["col"] - rb["col"]) != 1:
            raise ContentError(f, entry, "rooms", "a door joins two orthogonal neighbours")
        add_door(entry, a, colour, b)
        add_door(entry, b, colour, a)
    exits: dict[str, str] = {}
    for rid, colour in board.get("exits", {}).items():
        entry = f"exit {rid}"
        if rid not in raw_rooms:
            raise ContentError(f, entry, "room", "unknown room")
        r = raw_rooms[rid]
        if not (r["row"] in (0, rows - 1) or r["col"] in (0, cols - 1)):
            raise ContentError(f, entry, "room", "an exit door is in the outer wall")
        add_door(entry, rid, colour, EXIT)
        exits[rid] = colour
    if not exits:
        raise ContentError(f, "exits", "(table)", "the castle needs at least one exit", "no_exit")

    rooms = {
        rid: Room(rid, r["row"], r["col"], r["crest"], dict(r["doors"]), r["name"])
        for rid, r in sorted(raw_rooms.items())
    }

    # G8: no dead ends, every room reachable from the treasury, every exit reachable
    seen, todo = {treasury}, deque([treasury])
    while todo:
        for to in rooms[todo.popleft()].doors.values():
            if to != EXIT and to not in seen:
                seen.add(to)
                todo.append(to)
    missing = sorted(set(rooms) - seen)
    if missing:
        raise ContentError(
            f,
            f"room {missing[0]}",
            "doors",
            "no runner can reach it from the treasury",
            "unreachable",
            room=missing[0],
        )
    for rid, room in rooms.items():
        if len(room.doors) < 2:
            raise ContentError(
                f, f"room {rid}", "doors", "a dead end: a room needs at least two doors", "dead_end", room=rid
            )

    # G2.2/G8: every ghost card names at most one neighbour, so the ghost's path is never ambiguous
    steps: dict[str, dict[str, str]] = {}
    for rid, room in rooms.items():
        steps[rid] = {}
        for dr, dc in STEPS:
            nb = at.get((room.row + dr, room.col + dc))
            if nb is None:
                continue
            crest = rooms[nb].crest
            assert crest is not None
            if crest in steps[rid]:
                raise ContentError(
                    f,
                    f"room {nb}",
                    "crest",
                    f"room {rid} has two neighbours with the crest {crest}",
                    "twin_crests",
                    room=rid,
                    crest=crest,
                    other=steps[rid][crest],
                    nb=nb,
                )
            steps[rid][crest] = nb
    start_crest = rooms[dungeon_next].crest
    assert start_crest is not None
    steps[dungeon] = {start_crest: dungeon_next}

    g = "cards.toml"
    keys_t = cards.get("keys")
    if not isinstance(keys_t, dict):
        raise ContentError(g, "keys", "(table)", "missing")
    total = _need(g, "keys", keys_t, "total", int)
    copies = _need(g, "keys", keys_t, "copies", int)
    key_colours = _need(g, "keys", keys_t, "colours", list)
    key_crests = _need(g, "keys", keys_t, "crests", list)
    if set(key_colours) != set(colours):
        raise ContentError(g, "keys", "colours", f"must be the door colours {', '.join(colours)}")
    if set(key_crests) != set(crests):
        raise ContentError(g, "keys", "crests", f"must be the board's crests {', '.join(crests)}")
    keys = tuple(f"{c}-{k}" for c in key_colours for k in key_crests for _ in range(copies))
    if len(keys) != total:
        raise ContentError(g, "keys", "total", f"{total} stated, {len(keys)} from colours x crests x copies")
    ghost = cards.get("ghost")
    if not isinstance(ghost, dict):
        raise ContentError(g, "ghost", "(table)", "missing")
    ghost_cards = tuple(_need(g, "ghost", ghost, "cards", list))
    if sorted(ghost_cards) != sorted(crests):
        raise ContentError(g, "ghost", "cards", "one ghost card per crest, each exactly once")

    return Content(
        crests=tuple(crests),
        crest_names=names,
        colours=colours,
        rooms=rooms,
        treasury=treasury,
        dungeon=dungeon,
        exits=exits,
        keys=keys,
        ghost_cards=ghost_cards,
        ghost_steps=steps,
        rows=rows,
        cols=cols,
    )
