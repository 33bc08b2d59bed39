"""Where a card's effect applies: outdoor rooms and windows (C16), the rooms a ``go`` or ``place`` may choose,
who is at a place, the nearest explorer."""

from __future__ import annotations

from hauntable.games.betrayal.house import FLOOR_ORDER, distances
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

# Rooms the cards call outdoors (Shrieking Wind, The Beckoning); rooms with a window come from rooms.toml.
OUTDOORS = ("Gardens", "Graveyard", "Patio", "Tower", "Balcony")
WINDOWS = "windows"  # state.marks[WINDOWS]: room -> the table's answer, does its tile show an outside window


def is_outdoors(w: World, room: str) -> bool:
    """Outdoor rooms, and rooms with an outside window: the table's answer when it was asked (house rule
    window_rooms=ask), else our data's guess (rooms.toml ``windows = "likely"``; C16)."""
    if room in OUTDOORS:
        return True
    told = w.s.marks.get(WINDOWS, {})
    if room in told:
        return bool(told[room])
    return w.content.rooms[room].windows == "likely"


def windows_to_ask(w: World) -> list[str]:
    """Rooms with a living explorer in them whose window the table has not been asked about yet (only
    under the house rule window_rooms=ask; outdoor rooms need no answer)."""
    if w.s.config.house_rules.window_rooms != "ask":
        return []
    told = w.s.marks.get(WINDOWS, {})
    rooms = {e.room for e in w.s.explorers if e.alive}
    return sorted(r for r in rooms if r not in OUTDOORS and r not in told)


@task("window_ask")
def window_ask(w: World, rooms: list[str], card: str) -> None:
    """C16: ask the table whether a room's printed tile shows an outside window; remembered for the game."""
    w.ask(
        ChooseOption(
            None,
            f"{card}: does the {rooms[0]} tile show an outside window?",
            card,
            ("yes", "no"),
            code="window",
            params=(("card", card), ("room", rooms[0])),
        ),
        on="window_told",
        rooms=rooms,
        card=card,
    )


@task("window_told")
def window_told(w: World, rooms: list[str], card: str, option: str) -> None:
    w.own("marks")[WINDOWS] = {**w.s.marks.get(WINDOWS, {}), rooms[0]: option == "yes"}
    if rooms[1:]:
        w.then(("window_ask", dict(rooms=rooms[1:], card=card)))


def is_at(w: World, seat: int, where: str) -> bool:
    room = w.s.explorers[seat].room
    if where == "all":
        return True
    if where == "outdoors":
        return is_outdoors(w, room)
    if where.startswith("floor:"):
        return w.s.house[room].floor == where[6:]
    raise ValueError(f"unknown place {where!r}")


def rooms_where(w: World, seat: int, where: str) -> list[str]:
    """Rooms in the house (never the explorer's own) for ``go`` and ``place``: ``any``, ``floor:F``,
    ``rooms:A,B``, ``other_floor`` (not this floor), ``below`` (a lower floor)."""
    here = w.s.explorers[seat].room
    floor = w.s.house[here].floor
    out = []
    for name, p in sorted(w.s.house.items(), key=lambda kv: (FLOOR_ORDER[kv[1].floor], kv[1].x, kv[1].y)):
        if name == here:
            continue
        if where == "any":
            ok = True
        elif where.startswith("floor:"):
            ok = p.floor == where[6:]
        elif where.startswith("rooms:"):
            ok = name in where[6:].split(",")
        elif where == "other_floor":
            ok = p.floor != floor
        elif where == "below":
            ok = FLOOR_ORDER[p.floor] < FLOOR_ORDER[floor]
        else:
            raise ValueError(f"unknown rooms {where!r}")
        if ok:
            out.append(name)
    return out


def nearest_explorer(w: World, seat: int) -> int | None:
    """The other explorer fewest spaces away; a tie goes to the first of them clockwise (our choice)."""
    dist = distances(w.s, w.content, w.s.explorers[seat].room)
    best: tuple[int, int] | None = None
    for s in w.seats_from(seat)[1:]:
        e = w.s.explorers[s]
        if e.alive and e.room in dist and (best is None or dist[e.room] < best[0]):
            best = (dist[e.room], s)
    return None if best is None else best[1]
