"""A tile's doors: the four directions, a door's direction after the tile is turned, the cell next door.
The lowest piece of the house geometry (house.py, tiling.py build on it)."""

from __future__ import annotations

import functools

from hauntable.games.betrayal.content import DIRECTIONS, Room

STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


DOOR_ORDER = ("N", "E", "S", "W")  # the order doors are tried in, so ties are met the same way every time


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
def distinct_turns(doors: tuple[str, ...]) -> tuple[tuple[int, tuple[str, ...]], ...]:
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
