"""Geisterstunde's data files read and checked at load (rule G8): the castle in ``board.toml`` (crests,
rooms, doors, exits, treasury, dungeon) and the decks in ``cards.toml``.

Apart from the records (``content_model.py``) because this is the one place that trusts nothing: every
field is checked for its type and every rule of a playable board (no dead end, every room reachable, no
ghost card naming two rooms, one door of a colour per room) before a :class:`Content` exists, and each
refusal is a ContentError naming the file, the entry and the field.
"""

from __future__ import annotations

import tomllib
from collections import deque
from pathlib import Path
from typing import Any

from hauntable.engine.rejections import ContentError
from hauntable.games.geisterstunde.content_model import EXIT, Content, Room

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W


def read_data(name: str, data_dir: Path) -> dict[str, Any]:
    """One data file of ``data_dir`` as parsed TOML; a syntax error is a ContentError naming the file."""
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


def build_content(board: dict[str, Any], cards: dict[str, Any]) -> Content:
    """The castle and the cards from the parsed ``board.toml`` and ``cards.toml``, checked (G8): raises
    ContentError naming the file, the entry and the field that break a rule."""
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
