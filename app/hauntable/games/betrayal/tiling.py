"""The house as tiles on a board (B3.1, B3.2): which tile is where, its doors, the doorways that lead to an
empty cell, whether a floor stays open, and the legal ways to lay a tile. ``house.HouseView`` adds the
questions of walking the house.

Rules cited (docs/rules.md): B3.1 doors meet door to door, the rest are false doors; B3.2 a floor may never be
closed.
"""

from __future__ import annotations

from collections.abc import Callable

from hauntable.games.betrayal.config import BOARDS, Board
from hauntable.games.betrayal.content import DIRECTIONS, Content
from hauntable.games.betrayal.doors import OPPOSITE, STEP, Cell, distinct_turns, doors_of, neighbour
from hauntable.games.betrayal.state import Placed, State


class TileView:
    """Questions about the tiles of the house in one state. Cheap to build; holds no state of its own."""

    def __init__(self, state: State, content: Content):
        self.state = state
        self.content = content
        self.board = BOARDS[state.config.board]  # board_of, written out: a view is built per move
        self._lifted: tuple[object, dict[tuple[str, str], list[Cell]]] | None = None  # see doorways_without

    def room_at(self, cell: Cell) -> str | None:
        return self.state.cells.get(cell)

    def doors(self, name: str) -> tuple[str, ...]:
        return doors_of(self.content.rooms[name], self.state.house[name].rotation)

    def cell(self, name: str) -> Cell:
        p = self.state.house[name]
        return (p.floor, p.x, p.y)

    def open_doorways(self, floor: str, ignore: str | None = None) -> list[tuple[str, str, Cell]]:
        """Doors on ``floor`` leading to an empty cell on the board: (room, direction, empty cell)."""
        out = []
        cells, rooms, inside = self.state.cells, self.content.rooms, self.board.inside
        for name, p in self.state.house.items():
            if p.floor != floor or name == ignore:
                continue
            for d in doors_of(rooms[name], p.rotation):
                dx, dy = STEP[d]
                target = (floor, p.x + dx, p.y + dy)
                occupant = cells.get(target)
                if (occupant is None or occupant == ignore) and inside(p.x + dx, p.y + dy):
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

    def _free_after(self, new: Cell | None, ignore: str | None) -> tuple[Callable[[Cell], bool], Cell | None]:
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
        meeting = set()  # directions whose neighbour has a door facing this cell
        for d in DIRECTIONS:
            dx, dy = STEP[d]
            other = cells.get((floor, x + dx, y + dy))
            if (
                other is not None
                and other != ignore
                and OPPOSITE[d] in doors_of(rooms[other], house[other].rotation)
            ):
                meeting.add(d)
        # whether the rest of the floor stays open does not depend on the rotation, unless the tile is
        # already in the house somewhere else
        moving = name in house and name != ignore
        rest_open = None if moving else self._rest_open(floor, name, cell, (), ignore)
        found = []
        for rotation, doors in distinct_turns(rooms[name].doors):
            if entry is not None and entry not in doors:
                continue
            links = len(meeting.intersection(doors))  # a tile names each door once
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


def board_of(state: State) -> Board:
    return BOARDS[state.config.board]
