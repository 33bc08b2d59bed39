"""What the...?: the explorer's room moves, with everything in it, to another open doorway on its floor."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.inputs import Target
from hauntable.games.betrayal.prompts import ChooseTarget
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("what_the")
def _what_the(w: World, seat: int, card: str) -> list[Any] | None:

    room = w.s.explorers[seat].room
    if not w.content.rooms[room].explorable:
        return None
    view = HouseView(w.s, w.content)
    floor = w.s.house[room].floor
    free = w.s.config.house_rules.door_matching == "free"
    here = view.cell(room)
    options: list[Any] = []
    # its own floor first; with no unexplored doorway there, another floor the tile may go on
    for f in (floor, *(f for f in w.content.rooms[room].floors if f != floor)):
        cells = sorted({c for _, _, c in view.open_doorways(f, ignore=room)} - {here})
        options = [c for c in cells if view.placements(room, c, None, free, ignore=room)]
        if options:
            break
    if not options:
        w.say(f"{card}: there is no other open doorway for the {room}; it stays", "card.nothing", card=card)
        return None

    w.ask(
        ChooseTarget(
            seat,
            f"{w.who(seat)}: {card} - choose where the {room} goes",
            card,
            tuple(Target(*c) for c in options),
        ),
        on="what_the_move",
        seat=seat,
        room=room,
    )
    return None


@task("what_the_move")
def what_the_move(w: World, seat: int, room: str, floor: str, x: int, y: int) -> None:

    free = w.s.config.house_rules.door_matching == "free"
    rotation = HouseView(w.s, w.content).placements(room, (floor, x, y), None, free, ignore=room)[0][0]
    w.place(room, Placed(floor, x, y, rotation))
    w.say(f"The {room} moves to {floor} {x},{y}", "card.room_moved", room=room, floor=floor, x=x, y=y)
