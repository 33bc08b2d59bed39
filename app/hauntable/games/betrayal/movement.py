"""Movement on an explorer's turn (B2, B6, H5.1): how far they may still go, what a move, a crossing, a
fall or a ride is refused for, and the moves the turn prompt offers (the engine's hot path)."""

from __future__ import annotations

from typing import Any

from hauntable.engine.inputs import Input
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.config import BOARDS
from hauntable.games.betrayal.discovery import FLOOR_NAMES
from hauntable.games.betrayal.house import (
    DOOR_ORDER,
    OPPOSITE,
    HouseView,
    door_leads,
    doors_of,
    stair_links,
    stairs,
)
from hauntable.games.betrayal.inputs import Move
from hauntable.games.betrayal.predicates import lights_out, scenario, stuck, unseen
from hauntable.games.betrayal.rooms import ELEVATOR
from hauntable.games.betrayal.world import World


def movement_left(w: World) -> int:
    """Speed minus rooms entered; Lights Out allows 1 space a turn, and Webs or Debris none (C10)."""
    seat = w.s.turn.seat
    speed = w.value(seat, "speed")
    if w.s.explorers[seat].kept:
        if stuck(w, seat):
            return 0
        if lights_out(w, seat):
            speed = min(speed, 1)
    if w.s.phase == "haunt" and (hook := w.rules.move_hook) is not None:
        cap = hook(w, seat)[1]
        if cap is not None:
            speed = min(speed, cap)
    return max(0, speed - w.s.turn.moved)


def leave_cost(w: World) -> int:
    """H5.1: after the haunt each opponent in the room costs one more space to leave it (stunned monsters
    do not count); 1 before the haunt."""
    if w.s.phase != "haunt" or (hook := w.rules.move_hook) is None:
        return 1
    return 1 + hook(w, w.s.turn.seat)[0]


def can_leave(w: World, left: int) -> bool:
    """Enough movement to pay for leaving; H5.1: at least one room can always be reached, the first of a
    turn (house rule leave_minimum=per_turn) or out of every room left (per_room)."""
    if left <= 0:
        return False
    return left >= leave_cost(w) or w.s.turn.moved == 0 or w.s.config.house_rules.leave_minimum == "per_room"


def _not_stuck(w: World) -> None:
    card = stuck(w, w.s.turn.seat) if w.s.current.kept else None
    if card:
        raise IllegalAction(
            f"{w.s.current.name} is stuck in the {card} and can do nothing until freed.", "C10"
        )


def check_move(w: World, to: str) -> tuple[str, dict[str, Any]]:
    """Where a move goes: ('room', {...}) or ('discover', {...}). Raises IllegalAction saying why not."""
    s = w.s
    e = s.explorers[s.turn.seat]  # State.current, written out (every move)
    if unseen(s, str(e.seat)):  # a figure off the board moves in private (haunt 41)
        raise IllegalAction(f"{e.name} moves in secret, with the haunt's own action.", "H7.1")
    if s.turn.movement_over:
        raise IllegalAction(f"{e.name} cannot move again this turn.", "B2.3")
    if e.kept:
        _not_stuck(w)
    left = movement_left(w)
    if left <= 0:
        speed = w.value(e.seat, "speed")
        moved = s.turn.moved
        raise IllegalAction(f"{e.name} has no movement left (Speed {speed}, {moved} rooms entered).", "B2.1")
    if s.phase == "haunt" and not can_leave(w, left):  # before the haunt leaving costs 1 (H5.1)
        raise IllegalAction(
            f"{e.name} needs {leave_cost(w)} spaces to get past the opponents in the {e.room}.", "H5.1"
        )
    found = move_target(w, HouseView(s, w.content), to)
    if isinstance(found, IllegalAction):
        raise found
    return found


def move_target(w: World, view: HouseView, to: str) -> tuple[str, dict[str, Any]] | IllegalAction:
    """Where a move from the current room leads, or the rejection saying why it cannot (B2, B3.4, B6.1)."""
    e = w.s.explorers[w.s.turn.seat]
    here = w.content.rooms[e.room]
    if to in ("up", "down"):
        target = stairs(w.s, w.content, e.room, to)
        if target is None:
            return IllegalAction(f"There are no stairs {to} from the {e.room}.", "B2.4")
        return _barred(w, target) or ("room", dict(room=target, entry=None))
    house = w.s.house  # looked up directly, not through the view: every move asks these
    placed = house[e.room]
    if to not in doors_of(here, placed.rotation):
        if here.front_door == to:
            return IllegalAction("The front door is locked: nobody leaves the house.", "B2.7")
        return IllegalAction(f"The {e.room} has no door to the {_DIR_NAMES[to]}.", "B2.6")
    if here.barrier and e.side is not None and to != e.side:
        b = here.barrier
        return IllegalAction(
            f"{e.name} must cross the {e.room} first ({b['trait'].capitalize()} roll {b['target']}+).", "B6.1"
        )
    floor = placed.floor
    cell, other, meets = door_leads(w.s, w.content, e.room, to)
    if other is not None:
        if not meets:
            return IllegalAction(f"That door of the {e.room} is a false door: it opens onto a wall.", "B2.6")
        return _barred(w, other) or ("room", dict(room=other, entry=OPPOSITE[to]))
    if not view.board.inside(cell[1], cell[2]):
        return IllegalAction("That door leads off the edge of the table.", "B2.6")
    if not view.has_tiles_for(floor):
        return IllegalAction(f"The {FLOOR_NAMES[floor]} is complete: no room tiles are left for it.", "B3.4")
    return "discover", dict(floor=floor, x=cell[1], y=cell[2], entry=OPPOSITE[to])


_DIR_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _barred(w: World, room: str) -> IllegalAction | None:
    """A printed haunt may keep explorers out of a room (haunt 26: heroes never enter the Pentagram
    Chamber); the refusal names the haunt."""
    if w.s.phase != "haunt":
        return None
    sc = scenario(w)
    if sc is None or not sc.bars_rooms or sc.explorer_may_enter(w, w.s.turn.seat, room):
        return None
    who = w.s.current.name
    return IllegalAction(
        f"{who} may not enter the {room} (haunt {sc.number}, {sc.name}).", f"haunt{sc.number}"
    )


def check_cross(w: World) -> None:
    e = w.s.current
    spec = w.content.rooms[e.room]
    if not spec.barrier:
        raise IllegalAction(f"There is no barrier to cross in the {e.room}.", "B6.1")
    _not_stuck(w)
    if len(spec.doors) == 1 and w.s.tokens.get("Vault Empty") == e.room:
        raise IllegalAction(f"The {e.room} is already open and empty.", "B6.5")
    if f"barrier:{e.room}" in w.s.turn.tried:
        raise IllegalAction(f"{e.name} already tried the {e.room} this turn; try again next turn.", "B5.2")
    if len(spec.doors) > 1 and w.s.turn.movement_over:
        raise IllegalAction(f"{e.name} cannot move again this turn.", "B2.3")


def check_fall(w: World) -> None:
    e = w.s.current
    spec = w.content.rooms[e.room]
    if spec.fall_to:
        if spec.fall_to["room"] not in w.s.house:
            raise IllegalAction(
                f"The {spec.fall_to['room']} is not in the house yet: nowhere to fall.", "B6.6"
            )
    elif not spec.collapse:
        raise IllegalAction(f"There is nowhere to fall from the {e.room}.", "B6.3")
    _not_stuck(w)
    if w.s.turn.movement_over:
        raise IllegalAction(f"{e.name} cannot move again this turn.", "B2.3")


def check_ride(w: World) -> None:
    e = w.s.current
    if e.room != ELEVATOR:
        raise IllegalAction(f"{e.name} is not in the {ELEVATOR}.", "B6.4")
    if w.s.turn.elevator_moved:
        raise IllegalAction(f"The {ELEVATOR} already moved this turn.", "B6.4")
    _not_stuck(w)


_MOVES = {d: Move(d) for d in ("N", "E", "S", "W", "up", "down")}


def legal_moves(w: World) -> list[Input]:
    """The moves ``check_move`` accepts, found without building a rejection for each refused one.

    The turn prompt is rebuilt after nearly every input, so this is the engine's hot path; a property test
    checks it against ``check_move`` on random games.
    """
    s, e = w.s, w.s.current
    if s.phase == "haunt" and (not can_leave(w, movement_left(w)) or unseen(s, str(e.seat))):
        return []
    here = s.house[e.room]
    spec = w.content.rooms[e.room]
    board = BOARDS[s.config.board]
    out: list[Input] = []
    left_for: dict[str, bool] = {}
    doors = doors_of(spec, here.rotation)
    for d in DOOR_ORDER:
        if d not in doors:
            continue
        if spec.barrier and e.side is not None and d != e.side:
            continue
        cell, other, meets = door_leads(s, w.content, e.room, d)
        if other is not None:
            if meets:
                out.append(_MOVES[d])
        elif board.inside(cell[1], cell[2]):
            if here.floor not in left_for:
                left_for[here.floor] = HouseView(s, w.content).has_tiles_for(here.floor)
            if left_for[here.floor]:
                out.append(_MOVES[d])
    if e.room in stair_links(w.content):
        for to in ("up", "down"):
            if stairs(s, w.content, e.room, to) is not None:
                out.append(_MOVES[to])
    if s.phase == "haunt" and (sc := scenario(w)) is not None and sc.bars_rooms:
        view = HouseView(s, w.content)
        out = [
            m
            for m in out
            if isinstance(m, Move) and not isinstance(move_target(w, view, m.to), IllegalAction)
        ]
    return out
