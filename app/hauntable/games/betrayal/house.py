"""House geometry, written once: what lies through a door, stairs, the floor order, the ways a walker (an
explorer, the Dog, a monster) goes from room to room and how far rooms are, and ``HouseView``, the questions
about one state's house. It reads a state and the content only (no ``World``), so every rule module may ask
it. A tile's doors after rotation are doors.py; open doorways and legal tile placements are tiling.py
(``HouseView`` is a ``TileView``); ``doors_of``, ``OPPOSITE``, ``STEP``, ``neighbour`` and ``Cell`` may be
imported from here too.

Rules cited (docs/rules.md): B3.1 doors meet door to door, the rest are false doors; B2.4 stairs; H5.4 how
monsters move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from hauntable.games.betrayal.content import Content
from hauntable.games.betrayal.doors import (  # re-exported, as the module docstring says
    DOOR_ORDER as DOOR_ORDER,
)
from hauntable.games.betrayal.doors import (
    OPPOSITE as OPPOSITE,
)
from hauntable.games.betrayal.doors import (
    STEP as STEP,
)
from hauntable.games.betrayal.doors import (
    Cell as Cell,
)
from hauntable.games.betrayal.doors import (
    doors_of as doors_of,
)
from hauntable.games.betrayal.doors import (
    neighbour as neighbour,
)
from hauntable.games.betrayal.state import State
from hauntable.games.betrayal.tiling import TileView, board_of

FLOOR_ORDER = {"basement": 0, "ground": 1, "upper": 2}  # lowest first
BELOW_COLLAPSED = "Below Collapsed Room"  # token on the basement room under the Collapsed Room
SECRET_PAIRS = (("Secret Passage", "Secret Passage 2"), ("Secret Stairs", "Secret Stairs 2"))
WALL_SWITCHES = ("Wall Switch", "Wall Switch 2")  # the two faces of the Revolving Wall


def door_leads(state: State, content: Content, room: str, direction: str) -> tuple[Cell, str | None, bool]:
    """What lies through the door of ``room`` facing ``direction`` (the caller knows the door is there):
    the cell, the room on it (None: an empty cell) and whether that room has a door meeting this one
    (B3.1; a room without one makes this a false door)."""
    house = state.house
    p = house[room]
    dx, dy = STEP[direction]
    cell = (p.floor, p.x + dx, p.y + dy)
    other = state.cells.get(cell)
    if other is None:
        return cell, None, False
    return cell, other, OPPOSITE[direction] in doors_of(content.rooms[other], house[other].rotation)


def through(state: State, content: Content, room: str, direction: str) -> str | None:
    """The room through this room's door in ``direction``, if that door meets a door (B3.1)."""
    if direction not in doors_of(content.rooms[room], state.house[room].rotation):
        return None
    _, other, meets = door_leads(state, content, room, direction)
    return other if meets else None


def adjacent(state: State, content: Content, room: str) -> list[str]:
    """Rooms through this room's doors that meet doors, in door order."""
    house, cells, rooms = state.house, state.cells, content.rooms
    p = house[room]
    doors = doors_of(rooms[room], p.rotation)
    out = []
    for d in DOOR_ORDER:  # door_leads, written out: walks over the house ask this of every room they reach
        if d in doors:
            dx, dy = STEP[d]
            other = cells.get((p.floor, p.x + dx, p.y + dy))
            if other is not None and OPPOSITE[d] in doors_of(rooms[other], house[other].rotation):
                out.append(other)
    return out


_STAIR_LINKS: dict[int, dict[str, tuple[str, ...]]] = {}


def stair_links(content: Content) -> dict[str, tuple[str, ...]]:
    """Room -> rooms its stairs reach, both ways (computed once per content)."""
    links = _STAIR_LINKS.get(id(content))
    if links is None:
        pairs: dict[str, list[str]] = {}
        for r in content.rooms.values():
            if r.stairs_to:
                pairs.setdefault(r.name, []).append(r.stairs_to)
                pairs.setdefault(r.stairs_to, []).append(r.name)
        links = _STAIR_LINKS[id(content)] = {k: tuple(dict.fromkeys(v)) for k, v in pairs.items()}
    return links


def stairs(state: State, content: Content, room: str, to: str) -> str | None:
    """B2.4: the room the stairs of ``room`` reach going ``to`` ("up" or "down"), if it is in the house
    (Grand Staircase <-> Upper Landing; Foyer <-> Stairs from Basement once it is discovered)."""
    house = state.house
    here = FLOOR_ORDER[house[room].floor]
    for other in stair_links(content).get(room, ()):
        if other in house:
            there = FLOOR_ORDER[house[other].floor]
            if (to == "up" and there > here) or (to == "down" and there < here):
                return other
    return None


def secret_exits(state: State, room: str) -> list[str]:
    """Rooms a Secret Passage or Secret Stairs token here leads to."""
    out = []
    for a, b in SECRET_PAIRS:
        ra, rb = state.tokens.get(a), state.tokens.get(b)
        if ra and rb and ra != rb:
            if ra == room:
                out.append(rb)
            elif rb == room:
                out.append(ra)
    return out


def needs_roll(content: Content, room: str) -> bool:
    """A room that asks a roll to enter, cross or leave it, or moves whoever is in it."""
    return room in content.roll_rooms


def apart(content: Content, room: str, side: str | None, other: str | None) -> bool:
    """B6.1 (de l.151, ru l.161): two figures in a barrier room on different sides of its barrier, who
    neither attack nor deal with each other. A side is the door direction of that side; None (not yet
    known, or a monster that has not stopped there) is on both."""
    return side is not None and other is not None and side != other and bool(content.rooms[room].barrier)


@dataclasses.dataclass(frozen=True)
class Walker:
    """The ways someone goes from a room to the next, one space at a time (never into a new room).

    ``secret``: through the Secret Passage and Secret Stairs tokens. ``rolls``: into rooms that need a roll
    (the Dog never enters one). ``monster``: the monsters' ways too (H5.4): the Coal Chute and the Gallery
    both ways, the Collapsed Room and the room below it both ways, the Revolving Wall without a roll; a
    monster tries a room's doors in the tile's own door order.
    """

    secret: bool = True
    rolls: bool = True
    monster: bool = False


EXPLORER = Walker()
DOG = Walker(secret=False, rolls=False)
MONSTER = Walker(secret=False, monster=True)
MONSTER_SECRET = Walker(secret=True, monster=True)  # house rule monster_secret_passages=allowed


def monster_walker(state: State) -> Walker:
    return MONSTER_SECRET if state.config.house_rules.monster_secret_passages == "allowed" else MONSTER


def steps(state: State, content: Content, room: str, walker: Walker = EXPLORER) -> list[str]:
    """The rooms one space from ``room`` for ``walker``, each once, in the order they are tried: doors,
    stairs, then the walker's other ways."""
    if walker.monster:
        return _monster_steps(state, content, room, walker.secret)
    house = state.house
    out = adjacent(state, content, room)
    links = stair_links(content).get(room)
    if links:
        out += [o for o in links if o in house]
    if walker.secret and state.tokens:
        out += secret_exits(state, room)
    if not walker.rolls:
        rolls = content.roll_rooms
        out = [o for o in out if o not in rolls]
    return list(dict.fromkeys(out))


def _monster_steps(state: State, content: Content, room: str, secret: bool) -> list[str]:
    house, rooms = state.house, content.rooms
    out: list[str] = []
    for d in doors_of(rooms[room], house[room].rotation):
        _, other, meets = door_leads(state, content, room, d)
        if meets and other is not None:  # meets implies a room there
            out.append(other)
    out.extend(r for r in stair_links(content).get(room, ()) if r in house)
    for r in rooms.values():  # the Coal Chute and the Gallery, both ways
        for a, b in ((r.name, r.slide_to), (r.name, (r.fall_to or {}).get("room"))):
            if b and a in house and b in house:
                if room == a:
                    out.append(b)
                elif room == b:
                    out.append(a)
    below = state.tokens.get(BELOW_COLLAPSED)
    if below:
        collapsed = next((r.name for r in rooms.values() if r.collapse and r.name in house), None)
        if collapsed == room:
            out.append(below)
        elif below == room and collapsed:
            out.append(collapsed)
    elif rooms[room].collapse:  # de l.170: a monster may be the first through the hole, to any basement room
        out.extend(sorted(n for n, p in house.items() if p.floor == "basement"))
    pairs = [WALL_SWITCHES, *(SECRET_PAIRS if secret else ())]
    for a, b in pairs:
        ra, rb = state.tokens.get(a), state.tokens.get(b)
        if ra and rb and room in (ra, rb):
            out.append(rb if room == ra else ra)
    return [r for r in dict.fromkeys(out) if r != room]


def distances(
    state: State, content: Content, start: str, walker: Walker = EXPLORER, limit: int | None = None
) -> dict[str, int]:
    """Rooms ``walker`` can reach from ``start`` and how many spaces away (``limit``: at most that far),
    breadth first, in the order ``steps`` tries the ways, so ties are met in door order."""
    dist = {start: 0}
    level, depth = [start], 0
    while level and (limit is None or depth < limit):
        depth += 1
        reached = []
        for room in level:
            for other in steps(state, content, room, walker):
                if other not in dist:
                    dist[other] = depth
                    reached.append(other)
        level = reached
    return dist


def wall_cells(state: State, content: Content, room: str) -> list[tuple[str, str]]:
    """(direction, room or '') behind each wall of ``room`` with no door, on the board: the Revolving Wall."""
    p = state.house[room]
    doors = doors_of(content.rooms[room], p.rotation)
    board = board_of(state)
    out = []
    for d in DOOR_ORDER:
        if d in doors:
            continue
        cell = neighbour(p.floor, p.x, p.y, d)
        other = state.cells.get(cell)
        if other is not None or board.inside(cell[1], cell[2]):
            out.append((d, other or ""))
    return out


class HouseView(TileView):
    """Questions about the house in one state: its tiles (tiling.py) and what lies through a door."""

    def connected(self, name: str, direction: str) -> str | None:
        """The room through this room's door in ``direction``, if that door meets a door (B3.1)."""
        return through(self.state, self.content, name, direction)

    def explorers_in(self, room: str) -> Iterable[int]:
        return (e.seat for e in self.state.explorers if e.room == room and e.alive)
