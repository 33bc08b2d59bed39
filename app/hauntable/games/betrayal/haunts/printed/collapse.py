"""A house falling room by room (haunt 2's collapse; the words are shared so haunts 18 and 22 can use them):
the fallen rooms, in order, are the public counter ``_collapsed``; a room falls with every explorer in it
(killed, the traitor too); a file bars the fallen rooms with its ``[rules]`` (``not collapsed(room)``).
Which room falls next is chosen among the standing rooms orthogonally next to a fallen one on the same floor
(doors not needed), a floor at a time in the file's order, each floor from its start room once it begins.

Words (``hooks = "extra"``): ``collapse(room)``, ``collapsed(room)``, ``collapsible(floors)`` and
``ask_collapse(floors, seat=-1, n=1, first=[], starts=True, jump=False)``: the explorer picks the next room
among ``collapsible``, ``n`` times (asked after the turn's end, before the next explorer acts; with one
candidate it falls at once); ``first``: the rooms the very first fall may take (haunt 22's Abyss);
``starts=False``: a floor begins anywhere; ``jump``: everyone in a falling room rolls Speed 4+ to jump
into a room joined to it that still stands (the explorer picks), or dies (haunt 22); ``fall_in()``: an
explorer sent into a fallen room dies (haunt 22, checked after every input).
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText
from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.house import adjacent
from hauntable.games.betrayal.predicates import trait_roll
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

COLLAPSED = "_collapsed"
# where a floor begins to fall (haunt 2: the Attic, or without one any unoccupied upper room)
START = {"upper": "Attic", "ground": "Grand Staircase", "basement": "Basement Landing"}


def fallen(w: World) -> list[str]:
    """The fallen rooms, in order. Asking changes nothing: the move checks ask it on a state they only read
    (test_H6_1 found the empty list written into it)."""
    return list(w.haunt.vars.get(COLLAPSED, []))


JUMP = 4  # haunt 22: Speed 4+ jumps clear of a falling room


def collapse(w: World, room: str, jump: bool = False) -> None:
    """``room`` falls: turned face down; every explorer in it dies, or with ``jump`` rolls to jump clear."""
    if room not in w.s.house or room in fallen(w):
        return
    w.haunt.vars[COLLAPSED] = [*fallen(w), room]  # a new list: the state before keeps its own
    w.say(f"The {room} collapses", "printed.collapsed", room=room)
    for e in w.s.explorers:
        if e.alive and e.room == room:
            if jump:
                w.then(("printed_collapse_jump", dict(seat=e.seat, room=room)))
            else:
                kill(w, e.seat, f"{e.name} falls with the {room}")


def collapsible(
    w: World, floors: list[str], first: list[str] | None = None, starts: bool = True
) -> list[str]:
    """The rooms that may fall next: on the first floor of ``floors`` with rooms standing, those next to a
    fallen room of that floor (its start room when none has fallen there yet, with ``starts``; ``first``:
    the rooms the very first fall may take)."""
    down = set(fallen(w))
    if first and not down:  # on the first floor named, empty ones if any
        rooms = [r for r in first if r in w.s.house and w.s.house[r].floor == floors[0]]
        empty = [r for r in rooms if not any(e.alive and e.room == r for e in w.s.explorers)]
        if empty or rooms:
            return sorted(empty or rooms)
    for floor in floors:
        standing = {r: p for r, p in w.s.house.items() if p.floor == floor and r not in down}
        if not standing:
            continue
        cells = {(p.x, p.y) for r, p in w.s.house.items() if p.floor == floor and r in down}
        if not cells:
            start = START.get(floor) if starts else None
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

    def ask_collapse(
        floors: list[str],
        seat: int = -1,
        n: int = 1,
        first: Any = (),
        starts: bool = True,
        jump: bool = False,
    ) -> None:
        who = c.actor() if seat < 0 else seat
        ask = dict(seat=who, floors=list(floors), first=list(first), starts=starts, jump=jump)
        w.then(*[("printed_collapse_ask", ask)] * max(0, n))

    return {
        "collapse": lambda room, jump=False: collapse(w, room, jump),
        "collapsed": lambda room: room in fallen(w),
        "collapsible": lambda floors, first=(), starts=True: collapsible(
            w, list(floors), list(first), starts
        ),
        "ask_collapse": ask_collapse,
        "fall_in": lambda: fall_in(w),
    }


NAMES = ("collapse", "collapsed", "collapsible", "ask_collapse", "fall_in")


def fall_in(w: World) -> None:
    """Haunt 22: an explorer sent into a fallen room (an event, the Mystic Elevator) falls and dies."""
    down = fallen(w)
    for e in w.s.explorers:
        if e.alive and e.room in down and not jumping(w, e.seat):
            kill(w, e.seat, f"{e.name} falls with the {e.room}")


def jumping(w: World, seat: int) -> bool:
    """``seat`` is still to jump clear of a falling room (queued, or its roll or landing asked)."""
    s = w.s
    if (
        s.ctx.get("on") in ("printed_collapse_jumped", "printed_collapse_landed")
        and s.ctx.get("seat") == seat
    ):
        return True
    return any(name == "printed_collapse_jump" and p.get("seat") == seat for name, p in s.pending)


@task("printed_collapse_ask")
def collapse_ask(w: World, seat: int, floors: list[str], first: list[str], starts: bool, jump: bool) -> None:
    if w.haunt.winner:
        return
    rooms = collapsible(w, floors, first, starts)
    if len(rooms) <= 1:
        for room in rooms:
            collapse(w, room, jump)
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
        jump=jump,
    )


@task("printed_collapse_chosen")
def collapse_chosen(w: World, option: str, jump: bool = False) -> None:
    collapse(w, option, jump)


@task("printed_collapse_jump")
def collapse_jump(w: World, seat: int, room: str) -> None:
    """Haunt 22: Speed 4+ to jump into a room joined to the falling one that still stands, or die."""
    if not w.s.explorers[seat].alive:
        return
    worded = OptionText.of("collapse_jump", room=room)
    trait_roll(
        w,
        seat,
        "speed",
        JUMP,
        f"jump clear of the {room}",
        on="printed_collapse_jumped",
        worded=worded,
        room=room,
    )


@task("printed_collapse_jumped")
def collapse_jumped(w: World, seat: int, trait: str, target: int, total: int, room: str) -> None:
    down = fallen(w)
    ways = sorted(r for r in adjacent(w.s, w.content, room) if r not in down)
    if total < target or not ways:
        kill(w, seat, f"{w.who(seat)} falls with the {room}")
        return
    if len(ways) == 1:
        collapse_landed(w, seat, ways[0])
        return
    who = w.who(seat)
    w.ask(
        ChooseOption(
            seat,
            f"{who}: choose the room you jump into",
            "jump",
            tuple(ways),
            code="jump_room",
            params=(("who", who),),
        ),
        on="printed_collapse_landed",
        seat=seat,
    )


@task("printed_collapse_landed")
def collapse_landed(w: World, seat: int, option: str) -> None:
    w.move_explorer(seat, option)
    w.say(f"{w.who(seat)} jumps into the {option}", "printed.jumped", who=w.who(seat), room=option)
