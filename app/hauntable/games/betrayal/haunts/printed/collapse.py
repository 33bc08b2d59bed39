"""A house falling room by room (haunt 2's collapse; the words are shared so haunts 18 and 22 can use them):
the fallen rooms, in order, are the public counter ``_collapsed``; a room falls with every explorer in it
(killed, the traitor too); a file bars the fallen rooms with its ``[rules]`` (``not collapsed(room)``).
Which room falls next is chosen among the standing rooms orthogonally next to a fallen one on the same floor
(doors not needed), a floor at a time in the file's order, each floor from its start room once it begins.

Words (``hooks = "extra"``): ``collapse(room)``, ``collapsed(room)``, ``collapsible(floors)`` and
``ask_collapse(floors, seat=-1)``: the explorer picks the next room among ``collapsible`` (asked after the
turn's end, before the next explorer acts; with one candidate it falls at once).
"""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

COLLAPSED = "_collapsed"
# where a floor begins to fall (haunt 2: the Attic, or without one any unoccupied upper room)
START = {"upper": "Attic", "ground": "Grand Staircase", "basement": "Basement Landing"}


def fallen(w: World) -> list[str]:
    rooms: list[str] = w.haunt.vars.setdefault(COLLAPSED, [])
    return rooms


def collapse(w: World, room: str) -> None:
    """``room`` falls: turned face down, every explorer in it dies."""
    if room not in w.s.house or room in fallen(w):
        return
    fallen(w).append(room)
    w.say(f"The {room} collapses", "printed.collapsed", room=room)
    for e in w.s.explorers:
        if e.alive and e.room == room:
            kill(w, e.seat, f"{e.name} falls with the {room}")


def collapsible(w: World, floors: list[str]) -> list[str]:
    """The rooms that may fall next: on the first floor of ``floors`` with rooms standing, those next to a
    fallen room of that floor (its start room when none has fallen there yet)."""
    down = set(fallen(w))
    for floor in floors:
        standing = {r: p for r, p in w.s.house.items() if p.floor == floor and r not in down}
        if not standing:
            continue
        cells = {(p.x, p.y) for r, p in w.s.house.items() if p.floor == floor and r in down}
        if not cells:
            start = START.get(floor)
            if start in standing:
                return [start]
            empty = [r for r in standing if not any(e.alive and e.room == r for e in w.s.explorers)]
            return sorted(empty or standing)
        near = sorted(
            r for r, p in standing.items() if any(abs(p.x - x) + abs(p.y - y) == 1 for x, y in cells)
        )
        if near:
            return near
    return []


def bind(c: Ctx) -> dict[str, Any]:
    w = c.w
    return {
        "collapse": lambda room: collapse(w, room),
        "collapsed": lambda room: room in fallen(w),
        "collapsible": lambda floors: collapsible(w, list(floors)),
        "ask_collapse": lambda floors, seat=-1: w.then(
            ("printed_collapse_ask", dict(seat=c.actor() if seat < 0 else seat, floors=list(floors)))
        ),
    }


NAMES = ("collapse", "collapsed", "collapsible", "ask_collapse")


@task("printed_collapse_ask")
def collapse_ask(w: World, seat: int, floors: list[str]) -> None:
    if w.haunt.winner:
        return
    rooms = collapsible(w, floors)
    if len(rooms) <= 1:
        for room in rooms:
            collapse(w, room)
        return
    who = w.who(seat)
    w.ask(
        ChooseOption(
            seat,
            f"{who}: choose the next room to collapse",
            "collapse",
            tuple(rooms),
            code="collapse_room",
            params=(("who", who),),
        ),
        on="printed_collapse_chosen",
    )


@task("printed_collapse_chosen")
def collapse_chosen(w: World, option: str) -> None:
    collapse(w, option)
