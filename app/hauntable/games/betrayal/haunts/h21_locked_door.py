"""Haunt 21, "The locked door" (our scenario): escaping the house. A Key token lies in the room farthest from
the Entrance Hall; with it a hero unlocks the front door, and heroes in the hall may then escape."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.haunts.script import (
    Scenario,
    heroes_here,
    hvars,
    pick_rooms,
    roll,
    scripted,
    traitor,
)
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.monsters import add_monster, monsters
from hauntable.games.betrayal.world import World

HALL = "Entrance Hall"
LAST_ROUND = 12


@scripted
class LockedDoor(Scenario):
    number = 21
    name = "The locked door"
    covers = ("escaping the house", "item tokens placed by the haunt", "monster pair")
    heroes_goal = (
        "Take the Key, unlock the front door in the Entrance Hall, and escape from there: win when two "
        "heroes have escaped (or every hero still alive, if fewer)."
    )
    traitor_goal = (
        "Two Hounds hunt the Key: a Hound with the Key's carrier makes them roll Speed 4+ or drop it. Win"
        f" when round {LAST_ROUND} begins or no hero is alive."
    )

    def setup(self, w: World) -> None:
        room = pick_rooms(w, 1)[0]
        w.haunt.put("Key", room)
        w.say(f"The Key token is put in the {room}", "haunt.token", token="Key", room=room)
        here = w.s.explorers[traitor(w)].room
        for i in (1, 2):
            add_monster(w, f"Hound {i}", "Hound", here, might=4, speed=4, sanity=None, knowledge=None)
        hvars(w).update(open=False, escaped=0, snapped=[])

    def actions(self, w: World, seat: int) -> list[Any]:
        if seat == w.haunt.traitor:
            return []
        room = w.s.explorers[seat].room
        out: list[Any] = []
        if w.haunt.token_room("Key") == room:
            out.append(Act("take", "Key"))
        if room == HALL:
            if not hvars(w)["open"] and w.haunt.carrier("Key") == seat:
                out.append(Act("unlock"))
            if hvars(w)["open"]:
                out.append(Act("escape"))
        return out

    def act(self, w: World, seat: int, inp: Act) -> None:
        if inp.action == "take":
            w.haunt.carry("Key", seat)
            w.say(f"{w.who(seat)} takes the Key", "haunt21.key", who=w.who(seat))
        elif inp.action == "unlock":
            hvars(w)["open"] = True
            w.haunt.remove("Key")
            w.say(f"{w.who(seat)} unlocks the front door", "haunt21.open", who=w.who(seat))
        else:
            e = w.explorer(seat)
            e.marks["escaped"] = True
            hvars(w)["escaped"] += 1
            w.say(f"{e.name} escapes from the house!", "haunt21.escaped", who=e.name)

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        if action == "hold" and not success and w.haunt.carrier("Key") == seat:
            w.haunt.put("Key", w.s.explorers[seat].room)
            w.say(f"{w.who(seat)} drops the Key", "haunt21.dropped", who=w.who(seat))

    def monster_actions(self, w: World, mid: str) -> list[Any]:
        room = monsters(w)[mid].room
        carrier = w.haunt.carrier("Key")
        if mid in hvars(w)["snapped"] or carrier is None:
            return []
        return [Act("snap")] if carrier in heroes_here(w, room) else []

    def monster_act(self, w: World, mid: str, inp: Act) -> None:
        hvars(w)["snapped"].append(mid)
        carrier = w.haunt.carrier("Key")
        assert carrier is not None  # offered only while a hero carries it
        roll(w, carrier, "hold", "speed", 4, task=False)

    def end_monster_turn(self, w: World) -> None:
        hvars(w)["snapped"] = []
        carrier = w.haunt.carrier("Key")
        if carrier is not None and not w.s.explorers[carrier].alive:
            w.haunt.put("Key", w.s.explorers[carrier].room)

    def check(self, w: World) -> tuple[str, str] | None:
        alive = [e for e in w.s.explorers if e.alive and e.seat != w.haunt.traitor]
        if alive and hvars(w)["escaped"] >= min(2, len(alive)):
            return "heroes", "they have escaped the house"
        if w.haunt.round >= LAST_ROUND:
            return "traitor", f"round {LAST_ROUND} begins and the door stays shut"
        return None
