"""A tile laid on the table's readers (B3.1, B3.2): is it where and how the rules allow, and when every way
closes the floor, the rotations to lay it with before the floor is rearranged (B3.3)."""

from __future__ import annotations

from hauntable.engine.rejections import IllegalAction, UnreadableInput
from hauntable.games.betrayal.discovery import FLOOR_NAMES
from hauntable.games.betrayal.house import OPPOSITE, Cell, HouseView, doors_of, neighbour
from hauntable.games.betrayal.world import World


def check_table_tile(
    w: World,
    tile: str,
    floor: str,
    x: int,
    y: int,
    rotation: int | None,
    cells: tuple[tuple[int, int], ...],
    entry: str | None,
    need_link: bool = True,
) -> tuple[list[int], bool]:
    """Check a tile laid on the table; return its legal rotations and whether the floor must then be
    rearranged (the tile closes it and no tile still out of the house could avoid that, B3.3).

    Raises IllegalAction saying why not.
    """
    room = w.content.rooms.get(tile)
    if room is None:
        raise UnreadableInput(f"{tile!r} is not a room tile of this game.", "E1")
    if tile in w.s.house:
        where = w.s.house[tile]
        raise IllegalAction(
            f"The {tile} is already in the house ({where.floor} {where.x},{where.y}).", "B3.1"
        )
    if not room.explorable or tile not in w.s.stack:
        raise IllegalAction(f"The {tile} is not in the room stack.", "B3.1")
    if floor not in room.floors:
        raise IllegalAction(
            f"The {tile} cannot go on the {FLOOR_NAMES[floor]}: set it aside face down and draw again.",
            "B3.1",
        )
    if (x, y) not in cells:
        spots = ", ".join(f"{floor} {cx},{cy}" for cx, cy in cells)
        raise IllegalAction(f"Lay the tile at {spots}, beyond the door that was used.", "B3.2")
    free = w.s.config.house_rules.door_matching == "free"
    view = HouseView(w.s, w.content)
    legal = [r for r, _ in view.placements(tile, (floor, x, y), entry, free, need_link=need_link)]
    rearrange = not legal
    if rearrange:
        legal = _closing_table_tile(w, view, tile, (floor, x, y), cells, entry, free, need_link)
    if rotation is not None and rotation not in legal:
        if entry is not None and entry not in doors_of(room, rotation):
            raise IllegalAction(
                f"Turned that way, no door of the {tile} meets the door you came through.", "B3.2"
            )
        raise IllegalAction(
            f"Turned that way the {tile} leaves doorways apart that could meet; turn it so more doors meet.",
            "B3.2",
        )
    return legal, rearrange


def _closing_table_tile(
    w: World,
    view: HouseView,
    tile: str,
    cell: Cell,
    cells: tuple[tuple[int, int], ...],
    entry: str | None,
    free: bool,
    need_link: bool,
) -> list[int]:
    """A table tile that would close its floor in every turn (B3.3): refused while another tile still out
    of the house could be laid at one of ``cells`` without closing it (the players draw again); else
    accepted, in the turns that join the most doors, and the floor is rearranged after it is laid."""
    floor = cell[0]
    rotations = closing_rotations(view, tile, cell, entry, free, need_link)
    if not rotations:
        raise IllegalAction(f"No way of turning the {tile} joins it to the house here.", "B3.2")
    rooms = w.content.rooms
    for other in w.s.stack:  # table mode: every tile not in the house
        if other == tile or floor not in rooms[other].floors:
            continue
        for cx, cy in cells:
            if view.placements(other, (floor, cx, cy), entry, free, need_link=need_link):
                raise IllegalAction(
                    f"The {tile} would close the {FLOOR_NAMES[floor]} in every turn, and a tile still in "
                    "the stack can keep it open: set it aside and draw again (B3.3).",
                    "B3.3",
                )
    return rotations


def closing_rotations(
    view: HouseView, tile: str, cell: Cell, entry: str | None, free: bool, need_link: bool = True
) -> list[int]:
    """The turns of ``tile`` at ``cell`` that join the house, whether or not they close the floor: a door
    meets ``entry`` (or, with no entry, some door meets when ``need_link``); unless ``free``, only those
    joining the most doors (B3.2). Symmetric turns are listed once."""
    room = view.content.rooms[tile]
    floor, x, y = cell
    found: list[tuple[int, int]] = []
    seen: set[frozenset[str]] = set()
    for rotation in range(4):
        doors = doors_of(room, rotation)
        if frozenset(doors) in seen:
            continue
        seen.add(frozenset(doors))
        if entry is not None and entry not in doors:
            continue
        links = sum(
            1
            for d in doors
            if (o := view.room_at(neighbour(floor, x, y, d))) and OPPOSITE[d] in view.doors(o)
        )
        if entry is None and need_link and not links:
            continue
        found.append((rotation, links))
    if found and not free:
        best = max(links for _, links in found)
        found = [f for f in found if f[1] == best]
    return [r for r, _ in sorted(found, key=lambda f: (-f[1], f[0]))]


def entry_for(view: HouseView, cell: Cell) -> str | None:
    """For a cell picked by an effect: the direction of the one doorway it faces, or None if several."""
    found = [d for d in OPPOSITE if (o := view.room_at(neighbour(*cell, d))) and OPPOSITE[d] in view.doors(o)]
    return found[0] if len(found) == 1 else None
