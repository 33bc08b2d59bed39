"""The smallest rearrangement that opens a closed floor again (rule B3.3).

When every tile left would close a floor, the closing tile is laid and the floor rearranged. zh asks for the
smallest change and names three ("改变方向、移住隔邻或交换位置": turn a room, move it next door, swap two
rooms); de and ru only say "rearrange". :func:`plan_rearrangement` tries them in that order, each in a fixed
order, and returns the first that opens a doorway, or None:

1. **turn** one laid tile where it lies, keeping every door it has joined (a quarter turn clockwise, a
   quarter turn anticlockwise, then half a turn; rooms by name);
2. **shift** one laid tile to an empty cell next to the one it leaves, turned so one of its doors faces
   the cell it left. On a closed floor no door faces an empty cell, so a moved tile can never meet a door
   at once: it waits beside the gap it left, and the room laid in that gap joins it again. Only a tile
   with nobody and nothing in it (explorers, monsters, tokens, items) moves, and every other room stays
   reachable. Least turning first, then rooms by name, then the cell (N, E, S, W);
3. **swap** two laid tiles, each turned as needed, so that every room reachable before still is. Least
   turning in all first, then the pair by name.

Never moved or turned: the start tiles (landings, the entrance tile) and the tile just laid (it meets the
door the explorer came through). With house rule ``closing_floor=rearrange_first`` the tile is not laid yet:
its cell is held by a stand-in with the one door that meets the door used (``reserve``), so the doorway
opened is another one, whatever way the tile is turned after; the room the explorer stands in is kept too.
Pure functions of the house: no state is changed here.

>>> quarter_words(3)
'a quarter turn anticlockwise'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from hauntable.games.betrayal.config import BOARDS
from hauntable.games.betrayal.content import DIRECTIONS, Content
from hauntable.games.betrayal.house import OPPOSITE, STEP, doors_of
from hauntable.games.betrayal.state import State

TURN_ORDER = (0, 1, 3, 2)  # no turn, a quarter clockwise, a quarter anticlockwise, half a turn
TURN_SIZE = {0: 0, 1: 1, 3: 1, 2: 2}
XY = tuple[int, int]
Tiles = dict[XY, tuple[str, frozenset[str]]]  # one floor: cell -> (room, its doors as laid)


def quarter_words(turn: int) -> str:
    """How a player turns a tile by ``turn`` quarter turns clockwise, in words."""
    return {
        0: "not turned",
        1: "a quarter turn clockwise",
        2: "half a turn",
        3: "a quarter turn anticlockwise",
    }[turn % 4]


@dataclasses.dataclass(frozen=True)
class Change:
    """One tile's change: from (x, y) to (to_x, to_y), turned ``turn`` quarter turns clockwise from how it
    lay, to end at ``rotation``."""

    room: str
    x: int
    y: int
    to_x: int
    to_y: int
    rotation: int
    turn: int

    @property
    def moved(self) -> bool:
        return (self.x, self.y) != (self.to_x, self.to_y)


@dataclasses.dataclass(frozen=True)
class Plan:
    """A rearrangement: ``kind`` is turn, shift or swap (the rule's order); ``changes`` what each tile
    does."""

    kind: str
    changes: tuple[Change, ...]


def plan_rearrangement(
    state: State,
    content: Content,
    floor: str,
    keep: str,
    occupied: Callable[[str], bool],
    unturnable: Callable[[str], bool] = lambda room: False,
    reserve: tuple[XY, str] | None = None,
    fixed: frozenset[str] = frozenset(),
) -> Plan | None:
    """The first of turn, shift, swap that opens ``floor`` (B3.3), which must be closed; None when none
    does.

    ``keep`` is the tile just laid (never changed); ``occupied(room)`` says whether a room holds someone
    or something, which a shift may not strand; ``unturnable(room)``: a room that may move but not turn (an
    explorer stands on one side of its barrier, a door direction that a turn would make wrong).
    ``reserve`` (cell, door): ``keep`` is not laid yet and stands at that cell with that door alone;
    ``fixed``: more rooms never changed.
    """
    board = BOARDS[state.config.board]
    tiles: Tiles = {}
    rotation: dict[str, int] = {}
    for name, p in state.house.items():
        if p.floor == floor:
            tiles[(p.x, p.y)] = (name, frozenset(doors_of(content.rooms[name], p.rotation)))
            rotation[name] = p.rotation
    if reserve is not None:
        tiles[reserve[0]] = (keep, frozenset((reserve[1],)))
    roots = {n for n, _ in tiles.values() if not content.rooms[n].explorable} or {keep}
    before = _reachable(tiles, roots)
    movable = (
        sorted(  # a room cut off from the start tiles (moved by a shift) would open a doorway nobody reaches
            n for n in before if n != keep and n not in fixed and content.rooms[n].explorable
        )
    )
    cell_of = {n: c for c, (n, _) in tiles.items()}

    def inside(c: XY) -> bool:
        return board.inside(*c)

    def opens(c: XY, doors: frozenset[str]) -> bool:
        """Whether a tile at ``c`` with ``doors`` has one facing an empty cell. The floor is closed, so
        after a turn or swap (the same cells taken) only the changed tiles can open it."""
        return any((to := (c[0] + STEP[d][0], c[1] + STEP[d][1])) not in tiles and inside(to) for d in doors)

    def turns(name: str) -> list[tuple[int, frozenset[str]]]:
        """(quarter turns from how it lies, doors) for each distinct way to lay ``name``, least first."""
        out, seen = [], set()
        for t in TURN_ORDER[:1] if unturnable(name) else TURN_ORDER:
            doors = frozenset(doors_of(content.rooms[name], (rotation[name] + t) % 4))
            if doors not in seen:
                seen.add(doors)
                out.append((t, doors))
        return out

    def change(name: str, to: XY, t: int) -> Change:
        (x, y), r = cell_of[name], (rotation[name] + t) % 4
        return Change(name, x, y, to[0], to[1], r, t)

    # 1. turn one tile where it lies, keeping the doors it has joined
    for name in movable:
        c = cell_of[name]
        doors = tiles[c][1]
        linked = {d for d in doors if _meets(tiles, c, d)}
        for t, turned in turns(name)[1:]:
            if linked <= turned and opens(c, turned):
                return Plan("turn", (change(name, c, t),))

    # 2. shift one empty tile next door, facing the gap it leaves
    shifts = []
    for name in movable:
        if occupied(name):
            continue
        c = cell_of[name]
        for i, d in enumerate(DIRECTIONS):
            to = (c[0] + STEP[d][0], c[1] + STEP[d][1])
            if to in tiles or not inside(to):
                continue
            for t, doors in turns(name):
                if OPPOSITE[d] not in doors:
                    continue
                after = {k: v for k, v in tiles.items() if k != c}
                after[to] = (name, doors)
                if _is_open(after, inside) and _reachable(after, roots) >= before - {name}:
                    shifts.append(((TURN_SIZE[t], name, i), change(name, to, t)))
                break  # the least turn that faces the gap, or none for this cell
    if shifts:
        return Plan("shift", (min(shifts, key=lambda s: s[0])[1],))

    # 3. swap two tiles, each turned as needed
    swaps = []
    for i, a in enumerate(movable):
        for b in movable[i + 1 :]:
            ca, cb = cell_of[a], cell_of[b]
            for ta, da in turns(a):
                for tb, db in turns(b):
                    if da == tiles[cb][1] and db == tiles[ca][1]:
                        continue  # the same doors where they were: nothing changes
                    if not (opens(cb, da) or opens(ca, db)):
                        continue
                    after = {**tiles, cb: (a, da), ca: (b, db)}
                    if _reachable(after, roots) >= before:
                        key = (TURN_SIZE[ta] + TURN_SIZE[tb], a, b, TURN_SIZE[ta])
                        swaps.append((key, (change(a, cb, ta), change(b, ca, tb))))
    if swaps:
        return Plan("swap", min(swaps, key=lambda s: s[0])[1])
    return None


def floor_is_open(state: State, content: Content, floor: str, reachable: bool = False) -> bool:
    """Whether some door of ``floor`` leads to an empty cell of the board (B3.3); with ``reachable``, a
    door of a room joined to the floor's start tiles (a room a shift moved may stand cut off until the
    room laid in its gap joins it, and its doors open the floor to nobody)."""
    board = BOARDS[state.config.board]
    if reachable:
        house = state.house
        roots = [
            (p.x, p.y) for n in content.start_tiles if (p := house.get(n)) is not None and p.floor == floor
        ]
        if roots:
            return _open_from(state, content, floor, board.inside, roots)
    tiles: Tiles = {
        (p.x, p.y): (n, frozenset(doors_of(content.rooms[n], p.rotation)))
        for n, p in state.house.items()
        if p.floor == floor
    }
    return _is_open(tiles, lambda c: board.inside(*c))


def _open_from(
    state: State, content: Content, floor: str, inside: Callable[[int, int], bool], roots: list[XY]
) -> bool:
    """Whether a room reached from ``roots`` through doors that meet has a door to an empty cell of the
    board. This runs for every tile laid: the walk reads the state's cell index, looks at the doors of the
    rooms it reaches only, and stops at the first open doorway."""
    cells, house, rooms = state.cells, state.house, content.rooms
    seen, todo = set(roots), list(roots)
    while todo:
        x, y = todo.pop()
        name = cells[(floor, x, y)]
        for d in doors_of(rooms[name], house[name].rotation):
            dx, dy = STEP[d]
            to = (x + dx, y + dy)
            beyond = cells.get((floor, x + dx, y + dy))
            if beyond is None:
                if inside(x + dx, y + dy):
                    return True
            elif to not in seen and OPPOSITE[d] in doors_of(rooms[beyond], house[beyond].rotation):
                seen.add(to)
                todo.append(to)
    return False


def _meets(tiles: Tiles, c: XY, d: str) -> bool:
    """Whether the door of the tile at ``c`` facing ``d`` meets a door of the tile beyond it."""
    beyond = tiles.get((c[0] + STEP[d][0], c[1] + STEP[d][1]))
    return beyond is not None and OPPOSITE[d] in beyond[1]


def _is_open(tiles: Tiles, inside: Callable[[XY], bool], only: set[str] | None = None) -> bool:
    for (x, y), (name, doors) in tiles.items():
        if only is not None and name not in only:
            continue
        for d in doors:
            to = (x + STEP[d][0], y + STEP[d][1])
            if to not in tiles and inside(to):
                return True
    return False


def _reachable(tiles: Tiles, roots: set[str]) -> set[str]:
    """Rooms of the floor reachable from ``roots`` through doors that meet."""
    todo = [c for c, (n, _) in tiles.items() if n in roots]
    seen = set(todo)
    while todo:
        c = todo.pop()
        for d in tiles[c][1]:
            if _meets(tiles, c, d):
                nxt = (c[0] + STEP[d][0], c[1] + STEP[d][1])
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return {tiles[c][0] for c in seen}
