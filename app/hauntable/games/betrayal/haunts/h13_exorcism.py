"""Haunt 13, "Exorcism" (our scenario): a task-roll ritual. Once per turn a hero in the ritual room rolls
Sanity or Knowledge 5+ (either qualifies, only one try a turn, H7.2); the traitor's Demon disturbs it."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.haunts.script import Scenario, hvars, players, roll, scripted, task_options
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.monsters import add_monster
from hauntable.games.betrayal.world import World

LAST_ROUND = 9


def ritual_room(w: World) -> str:
    return "Pentagram Chamber" if "Pentagram Chamber" in w.s.house else w.haunt.room


def needed(w: World) -> int:
    return players(w) // 2 + 1


@scripted
class Exorcism(Scenario):
    number = 13
    name = "Exorcism"
    covers = ("task-roll ritual (once per turn, several traits qualify)",)
    heroes_goal = (
        "In the ritual room (the Pentagram Chamber, or the room where the haunt began), roll Sanity or "
        "Knowledge 5+ as your task roll; win with half the number of players plus one successes."
    )
    traitor_goal = (
        "Your Demon roams the house. In the ritual room, Knowledge 4+ (your task roll) undoes a success; "
        f"win when round {LAST_ROUND} begins."
    )

    def setup(self, w: World) -> None:
        add_monster(w, "Demon", "Demon", ritual_room(w), might=5, speed=3, sanity=5, knowledge=None)
        hvars(w).update(rites=0)

    def actions(self, w: World, seat: int) -> list[Any]:
        if w.s.explorers[seat].room != ritual_room(w):
            return []
        if seat == w.haunt.traitor:
            return task_options(w, seat, "desecrate", ("knowledge",)) if hvars(w)["rites"] else []
        return task_options(w, seat, "exorcise", ("sanity", "knowledge"))

    def act(self, w: World, seat: int, inp: Act) -> None:
        roll(w, seat, inp.action, inp.option, 5 if inp.action == "exorcise" else 4)

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        if not success:
            w.say(f"{w.who(seat)}'s {action} fails", "haunt13.failed", who=w.who(seat))
            return
        hvars(w)["rites"] += 1 if action == "exorcise" else -1
        hvars(w)["rites"] = max(0, hvars(w)["rites"])
        w.say(
            f"The rite stands at {hvars(w)['rites']} of {needed(w)}",
            "haunt13.rites",
            rites=hvars(w)["rites"],
            of=needed(w),
        )

    def check(self, w: World) -> tuple[str, str] | None:
        if hvars(w)["rites"] >= needed(w):
            return "heroes", "the exorcism is complete"
        if w.haunt.round >= LAST_ROUND:
            return "traitor", f"round {LAST_ROUND} begins and the Demon is loose"
        return None
