"""House geometry, written once: doors after rotation, what lies through a door, stairs, the ways a walker
(an explorer, the Dog, a monster) goes from room to room and how far rooms are, open doorways and legal tile
placements. It reads a state and the content only (no ``World``), so every rule module may ask it.

Rules cited (docs/rules.md): B3.1 doors meet door to door, the rest are false doors; B3.2 a floor may never be
closed; B3.3 the front door stays locked; B2.4 stairs; H5.4 how monsters move.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable

from hauntable.games.betrayal.config import BOARDS, Board
from hauntable.games.betrayal.content import DIRECTIONS, Content, Room
from hauntable.games.betrayal.state import Placed, State

STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
DOOR_ORDER = ("N", "E", "S", "W")  # the order doors are tried in, so ties are met the same way every time
FLOOR_ORDER = {"basement": 0, "ground": 1, "upper": 2}  # lowest first
BELOW_COLLAPSED = "Below Collapsed Room"  # token on the basement room under the Collapsed Room
SECRET_PAIRS = (("Secret Passage", "Secret Passage 2"), ("Secret Stairs", "Secret Stairs 2"))
WALL_SWITCHES = ("Wall Switch", "Wall Switch 2")  # the two faces of the Revolving Wall
Cell = tuple[str, int, int]


def rotate(direction: str, quarter_turns: int) -> str:
    """The world direction of a canonical door after turning the tile clockwise."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + quarter_turns) % 4]


def doors_of(room: Room, rotation: int) -> tuple[str, ...]:
    return _turned(room.doors, rotation)


@functools.cache
def _turned(doors: tuple[str, ...], rotation: int) -> tuple[str, ...]:
    return tuple(rotate(d, rotation) for d in doors)


@functools.cache
def _distinct_turns(doors: tuple[str, ...]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """(rotation, doors) for each way of turning a tile that gives other doors: a symmetric tile has
    fewer than four."""
    out: list[tuple[int, tuple[str, ...]]] = []
    for rotation in range(4):
        turned = _turned(doors, rotation)
        if all(set(turned) != set(seen) for _, seen in out):
            out.append((rotation, turned))
    return tuple(out)


def neighbour(floor: str, x: int, y: int, direction: str) -> Cell:
    dx, dy = STEP[direction]
    return (floor, x + dx, y + dy)


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
    doors = doors_of(content.rooms[room], state.house[room].rotation)
    out = []
    for d in DOOR_ORDER:
        if d in doors:
            _, other, meets = door_leads(state, content, room, d)
            if meets:
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
    spec = content.rooms[room]
    return bool(spec.barrier or spec.exit_roll or spec.slide_to or spec.elevator or spec.collapse)


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
    out += [o for o in stair_links(content).get(room, ()) if o in house]
    if walker.secret:
        out += secret_exits(state, room)
    if not walker.rolls:
        out = [o for o in out if not needs_roll(content, o)]
    return list(dict.fromkeys(out))


def _monster_steps(state: State, content: Content, room: str, secret: bool) -> list[str]:
    house, rooms = state.house, content.rooms
    out: list[str] = []
    for d in doors_of(rooms[room], house[room].rotation):
        _, other, meets = door_leads(state, content, room, d)
        if meets:
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


def board_of(state: State) -> Board:
    return BOARDS[state.config.board]


class HouseView:
    """Questions about the house in one state. Cheap to build; holds no state of its own."""

    def __init__(self, state: State, content: Content):
        self.state = state
        self.content = content
        self.board = board_of(state)
        self._lifted: tuple[object, dict[tuple[str, str], list[Cell]]] | None = None  # see doorways_without

    def room_at(self, cell: Cell) -> str | None:
        return self.state.cells.get(cell)

    def doors(self, name: str) -> tuple[str, ...]:
        return doors_of(self.content.rooms[name], self.state.house[name].rotation)

    def cell(self, name: str) -> Cell:
        p = self.state.house[name]
        return (p.floor, p.x, p.y)

    def connected(self, name: str, direction: str) -> str | None:
        """The room through this room's door in ``direction``, if that door meets a door (B3.1)."""
        return through(self.state, self.content, name, direction)

    def open_doorways(self, floor: str, ignore: str | None = None) -> list[tuple[str, str, Cell]]:
        """Doors on ``floor`` leading to an empty cell on the board: (room, direction, empty cell)."""
        out = []
        for name, p in self.state.house.items():
            if p.floor != floor or name == ignore:
                continue
            for d in self.doors(name):
                target = neighbour(floor, p.x, p.y, d)
                occupant = self.room_at(target)
                if (occupant is None or occupant == ignore) and self.board.inside(target[1], target[2]):
                    out.append((name, d, target))
        return out

    def floor_open_after(
        self, floor: str, name: str, placed: Placed | None, ignore: str | None = None
    ) -> bool:
        """Whether ``floor`` still has an open doorway once ``name`` stands at ``placed`` (B3.2)."""
        cell = (placed.floor, placed.x, placed.y) if placed is not None else None
        doors = doors_of(self.content.rooms[name], placed.rotation) if placed is not None else ()
        opens = self._tile_opens(floor, cell, doors, ignore)
        return opens or self._rest_open(floor, name, cell, doors, ignore)

    def _free_after(self, new: Cell | None, ignore: str | None):
        """A test of whether a cell is empty once tile ``ignore`` is lifted and a tile laid at ``new``."""
        cells, inside = self.state.cells, self.board.inside
        gone = self.cell(ignore) if ignore is not None and ignore in self.state.house else None

        def free(target: Cell) -> bool:
            return target != new and (target == gone or target not in cells) and inside(target[1], target[2])

        return free, gone

    def _tile_opens(self, floor: str, cell: Cell | None, doors: tuple[str, ...], ignore: str | None) -> bool:
        """Whether a tile laid at ``cell`` with ``doors`` has a doorway to an empty cell of ``floor``."""
        if cell is None or cell[0] != floor:
            return False
        free, _ = self._free_after(cell, ignore)
        return any(free(neighbour(*cell, d)) for d in doors)

    def _rest_open(
        self, floor: str, name: str, cell: Cell | None, doors: tuple[str, ...], ignore: str | None
    ) -> bool:
        """Whether a room other than the one laid at ``cell`` keeps a doorway of ``floor`` open (its own
        earlier cell, if it is in the house and not lifted, counts with ``doors``)."""
        cells = self.state.cells
        if ignore is None and name not in self.state.house and cell not in cells:
            return self._floor_open_besides(floor, cell)  # the common case: a new tile, asked per tile drawn
        if name == ignore and (cell not in cells or cells[cell] == ignore):
            # a tile lifted and laid again (the Mystic Elevator, asked for every doorway it may go to)
            return any(t != cell for t in self.doorways_without(floor, ignore))
        return self._rest_open_scan(floor, name, cell, doors, ignore)

    def doorways_without(self, floor: str, lifted: str) -> list[Cell]:
        """The empty cells doors of ``floor`` lead to once tile ``lifted`` is lifted: found once per view
        and house (the house may change while a view is held)."""
        cells = self.state.cells
        if self._lifted is None or self._lifted[0] is not cells:
            self._lifted = (cells, {})
        found = self._lifted[1]
        if (floor, lifted) not in found:
            found[(floor, lifted)] = [t for _, _, t in self.open_doorways(floor, ignore=lifted)]
        return found[(floor, lifted)]

    def _floor_open_besides(self, floor: str, cell: Cell | None) -> bool:
        """Whether a door on ``floor`` leads to an empty cell of the board other than ``cell``."""
        cells, house = self.state.cells, self.state.house
        rooms, inside = self.content.rooms, self.board.inside
        for (f, x, y), room in cells.items():
            if f != floor:
                continue
            for d in doors_of(rooms[room], house[room].rotation):
                dx, dy = STEP[d]
                target = (f, x + dx, y + dy)
                if target != cell and target not in cells and inside(x + dx, y + dy):
                    return True
        return False

    def _rest_open_scan(
        self, floor: str, name: str, cell: Cell | None, doors: tuple[str, ...], ignore: str | None
    ) -> bool:
        """``_rest_open`` room by room: for a tile lifted or moved (a test checks the two agree)."""
        free, gone = self._free_after(cell, ignore)
        for (f, x, y), room in self.state.cells.items():
            if f != floor or (f, x, y) == gone or (f, x, y) == cell:
                continue
            for d in doors if room == name and cell is not None else self.doors(room):
                if free(neighbour(f, x, y, d)):
                    return True
        return False

    def placements(
        self,
        name: str,
        cell: Cell,
        entry: str | None,
        rules_free: bool,
        ignore: str | None = None,
        need_link: bool = True,
    ) -> list[tuple[int, int]]:
        """Legal rotations for tile ``name`` at ``cell`` as (rotation, doors connected), best first.

        ``entry`` is the world direction, seen from the new tile, of the door it must meet (None when any
        door may meet). Rotations that would close the floor are left out (B3.2). Unless ``rules_free``,
        only the rotations connecting the most doorways are kept (B3.1, house rule door_matching).
        """
        rooms, cells, house = self.content.rooms, self.state.cells, self.state.house
        floor, x, y = cell
        facing = []  # (direction, whether the neighbour there has a door facing this cell)
        for d in DIRECTIONS:
            dx, dy = STEP[d]
            other = cells.get((floor, x + dx, y + dy))
            if other is not None and other != ignore:
                facing.append((d, OPPOSITE[d] in doors_of(rooms[other], house[other].rotation)))
        # whether the rest of the floor stays open does not depend on the rotation, unless the tile is
        # already in the house somewhere else
        moving = name in house and name != ignore
        rest_open = None if moving else self._rest_open(floor, name, cell, (), ignore)
        found = []
        for rotation, doors in _distinct_turns(rooms[name].doors):
            if entry is not None and entry not in doors:
                continue
            links = sum(1 for d, meets in facing if meets and d in doors)
            if entry is None and links == 0 and need_link:
                continue  # a room laid by an effect joins the house through a door (unless behind a wall)
            if moving:
                if not self.floor_open_after(floor, name, Placed(floor, x, y, rotation), ignore):
                    continue
            elif not (rest_open or self._tile_opens(floor, cell, doors, ignore)):
                continue
            found.append((rotation, links))
        if found and not rules_free:
            best = max(links for _, links in found)
            found = [f for f in found if f[1] == best]
        return sorted(found, key=lambda f: (-f[1], f[0]))

    def closing_rotation(self, name: str, cell: Cell, entry: str) -> int:
        """The rotation to use when every placement closes the floor: meets the entry, most connections."""
        room = self.content.rooms[name]
        floor, x, y = cell
        best = None
        for rotation in range(4):
            doors = doors_of(room, rotation)
            if entry not in doors:
                continue
            links = sum(
                1
                for d in doors
                if (o := self.room_at(neighbour(floor, x, y, d))) and OPPOSITE[d] in self.doors(o)
            )
            if best is None or links > best[1]:
                best = (rotation, links)
        assert best is not None, "every tile has a door to meet the entry"
        return best[0]

    def tiles_left_for(self, floor: str) -> list[str]:
        """Tiles still to come (stack and discards) that may be laid on ``floor``."""
        return [
            t
            for t in (*self.state.stack, *self.state.stack_discards)
            if floor in self.content.rooms[t].floors
        ]

    def has_tiles_for(self, floor: str) -> bool:
        fits = self.content.tiles_by_floor[floor]  # set tests in C: every move to an empty cell asks
        return not (fits.isdisjoint(self.state.stack) and fits.isdisjoint(self.state.stack_discards))

    def explorers_in(self, room: str) -> Iterable[int]:
        return (e.seat for e in self.state.explorers if e.room == room and e.alive)
