"""Haunt 1, "The bound spirit" (our scenario): the traitor dies at once and haunts the house as a spirit that
the traitor's player still moves; the traitor can win while dead (H6.3). Bone tokens placed by the haunt."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunts.script import (
    Scenario,
    heroes_here,
    hvars,
    pick_rooms,
    players,
    roll,
    scripted,
    task_options,
    traitor,
)
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.monsters import add_monster, monsters
from hauntable.games.betrayal.world import World

BONES = 3
LAST_ROUND = 9


@scripted
class BoundSpirit(Scenario):
    number = 1
    name = "The bound spirit"
    covers = ("traitor wins while dead", "item tokens placed by the haunt", "one monster")
    heroes_goal = (
        f"Burn the {BONES} Bone tokens (in the Bone's room: Knowledge 4+, a task roll) before round "
        f"{LAST_ROUND} begins."
    )
    traitor_goal = (
        "You die at once; your Spirit gathers dread: each time it frightens heroes (a Spirit action in a "
        "room with heroes, Sanity 4+ to resist) dread grows. Win at twice the number of players in dread,"
        f" or when round {LAST_ROUND} begins with a Bone unburnt."
    )

    def setup(self, w: World) -> None:
        seat = traitor(w)
        e = w.s.explorers[seat]
        kill(w, seat, f"{e.name} dies, and rises as a Spirit")  # K9: the cards stay in the room
        add_monster(w, "Spirit", "Spirit", e.room, might=None, speed=3, sanity=5, knowledge=4)
        for i, room in enumerate(pick_rooms(w, BONES), 1):
            w.haunt.put(f"Bone {i}", room)
            w.say(f"A Bone token is put in the {room}", "haunt.token", token=f"Bone {i}", room=room)
        hvars(w).update(dread=0, frightened=False)

    def actions(self, w: World, seat: int) -> list[Any]:
        room = w.s.explorers[seat].room
        if w.haunt.tokens_in(room):
            return task_options(w, seat, "burn", ("knowledge",))
        return []

    def act(self, w: World, seat: int, inp: Act) -> None:
        roll(w, seat, "burn", inp.option, 4)

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        if action == "burn":
            room = w.s.explorers[seat].room
            bone = next(iter(w.haunt.tokens_in(room)), None)
            if success and bone:
                w.haunt.remove(bone)
                w.say(f"{w.who(seat)} burns {bone}", "haunt1.burn", who=w.who(seat), token=bone)
            elif bone:
                w.say(
                    f"{w.who(seat)} fails to burn {bone}", "haunt1.burn_failed", who=w.who(seat), token=bone
                )
        elif action == "resist" and not success:
            hvars(w)["dread"] += 1
            w.say(
                f"{w.who(seat)} is terrified: dread {hvars(w)['dread']}",
                "haunt1.dread",
                who=w.who(seat),
                n=hvars(w)["dread"],
            )

    def monster_actions(self, w: World, mid: str) -> list[Any]:
        if hvars(w)["frightened"] or not heroes_here(w, monsters(w)[mid].room):
            return []
        return [Act("frighten")]

    def monster_act(self, w: World, mid: str, inp: Act) -> None:
        hvars(w)["frightened"] = True
        for seat in heroes_here(w, monsters(w)[mid].room):
            roll(w, seat, "resist", "sanity", 4, task=False)

    def end_monster_turn(self, w: World) -> None:
        hvars(w)["frightened"] = False

    def check(self, w: World) -> tuple[str, str] | None:
        if not any(k.startswith("Bone") for k in w.haunt.tokens):
            return "heroes", "every Bone is burnt and the spirit is released"
        if hvars(w)["dread"] >= 2 * players(w):
            return "traitor", "the house is full of dread"
        if w.haunt.round >= LAST_ROUND:
            return "traitor", f"round {LAST_ROUND} begins and the spirit is still bound to the house"
        return None
