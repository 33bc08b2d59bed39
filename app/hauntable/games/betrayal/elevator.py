"""The Mystic Elevator (B6.4): a ride rolls for the floors it may go to and moves the tile, riders and all."""

from __future__ import annotations

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.games.betrayal.content import FLOORS
from hauntable.games.betrayal.discovery import FLOOR_NAMES
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.inputs import Target
from hauntable.games.betrayal.prompts import ChooseTarget
from hauntable.games.betrayal.rooms import ELEVATOR
from hauntable.games.betrayal.sides import is_traitor
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.world import World, task

ELEVATOR_FLOORS = {4: FLOORS, 3: ("upper",), 2: ("ground",), 1: ("basement",), 0: ("basement",)}


@task("ride")
def ride(w: World, seat: int) -> None:
    w.s.turn.elevator_moved = True
    if is_traitor(w.s, seat):  # H3.3: the traitor chooses where the elevator goes, no roll, no fall
        w.say(
            f"{w.who(seat)} is the traitor and sends the {ELEVATOR} where they like",
            "traitor.elevator",
            who=w.who(seat),
        )
        w.then(("elevator_choose", dict(seat=seat)))
        return
    w.ask(
        RollDice(
            seat,
            f"{w.who(seat)}: roll 2 dice for the {ELEVATOR}",
            2,
            "elevator",
            purpose_text=OptionText.of("elevator"),
        ),
        on="elevator_result",
        seat=seat,
    )


def elevator_targets(w: World, floors: tuple[str, ...]) -> list[Target]:
    """Free doorways the elevator can join on ``floors`` without closing that floor (ru: B6.4)."""
    view = HouseView(w.s, w.content)
    out = []
    for floor in floors:
        for cell in sorted(set(view.doorways_without(floor, ELEVATOR))):
            if view.placements(ELEVATOR, cell, None, True, ignore=ELEVATOR):
                out.append(Target(*cell))
    return out


@task("elevator_choose")
def elevator_choose(w: World, seat: int) -> None:
    elevator_result(w, seat, 4, said=True)


@task("elevator_result")
def elevator_result(w: World, seat: int, total: int, said: bool = False) -> None:
    floors = ELEVATOR_FLOORS[min(total, 4)]
    here = w.s.house[ELEVATOR]
    targets = elevator_targets(w, floors)
    label = "any floor" if len(floors) > 1 else f"the {FLOOR_NAMES[floors[0]]}"
    if not said:
        w.say(
            f"The {ELEVATOR} rolls {total}: {label}",
            "elevator.roll",
            total=total,
            floor="any" if len(floors) > 1 else floors[0],
        )
    if total == 0:
        inside = sorted(HouseView(w.s, w.content).explorers_in(ELEVATOR))
        if w.s.config.house_rules.elevator_zero_damage == "each":
            w.then(*[("damage_roll", dict(seats=[s], dice=1, kind="physical")) for s in inside])
        else:
            w.then(("damage_roll", dict(seats=inside, dice=1, kind="physical")))
    stay = Target(here.floor, here.x, here.y)
    if here.floor in floors:
        targets = [stay, *(t for t in targets if t != stay)]
    if not targets or targets == [stay]:
        w.say(f"No free doorway there: the {ELEVATOR} stays where it is", "elevator.stays")
        return
    w.ask(
        ChooseTarget(
            seat, f"{w.who(seat)}: choose the doorway the {ELEVATOR} moves to", "elevator", tuple(targets)
        ),
        on="elevator_move",
        seat=seat,
    )


@task("elevator_move")
def elevator_move(w: World, seat: int, floor: str, x: int, y: int) -> None:
    here = w.s.house[ELEVATOR]
    if (floor, x, y) == (here.floor, here.x, here.y):
        w.say(f"The {ELEVATOR} stays where it is", "elevator.stays")
        return
    view = HouseView(w.s, w.content)
    rotation = view.placements(ELEVATOR, (floor, x, y), None, True, ignore=ELEVATOR)[0][0]
    w.place(ELEVATOR, Placed(floor, x, y, rotation))
    w.say(f"The {ELEVATOR} moves to {floor} {x},{y}", "elevator.moved", floor=floor, x=x, y=y)
