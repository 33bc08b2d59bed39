"""Haunt 37, "Rising water" (our scenario): a haunt that changes movement. The basement floods at once and
the ground floor when round 5 begins; heroes wade at most 2 rooms a turn in a flooded room."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.haunts.script import Scenario, hvars, roll, scripted, task_options
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.world import World

GROUND_FLOODS = 5
LAST_ROUND = 9
WADE = 2
SLUICE = "Basement Landing"


@scripted
class RisingWater(Scenario):
    number = 37
    name = "Rising water"
    covers = ("changes movement",)
    heroes_goal = (
        f"Close the sluice in the {SLUICE}: Might or Speed 5+ as your task roll, twice. In a flooded room "
        f"you move at most {WADE} rooms a turn."
    )
    traitor_goal = (
        f"The basement is flooded; the ground floor floods when round {GROUND_FLOODS} begins. You swim "
        f"freely. Win when round {LAST_ROUND} begins."
    )

    def setup(self, w: World) -> None:
        hvars(w).update(flooded=["basement"], closed=0)
        w.say("Water pours into the basement", "haunt37.flood", floor="basement")

    def on_round(self, w: World, n: int) -> None:
        if n == GROUND_FLOODS and "ground" not in hvars(w)["flooded"]:
            hvars(w)["flooded"].append("ground")
            w.say("The water reaches the ground floor", "haunt37.flood", floor="ground")

    def movement_cap(self, w: World, seat: int) -> int | None:
        e = w.s.explorers[seat]
        if seat == w.haunt.traitor:
            return None
        return WADE if w.s.house[e.room].floor in hvars(w)["flooded"] else None

    def actions(self, w: World, seat: int) -> list[Any]:
        if seat == w.haunt.traitor or w.s.explorers[seat].room != SLUICE:
            return []
        return task_options(w, seat, "close", ("might", "speed"))

    def act(self, w: World, seat: int, inp: Act) -> None:
        roll(w, seat, "close", inp.option, 5)

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        if success:
            hvars(w)["closed"] += 1
            w.say(
                f"{w.who(seat)} turns the sluice wheel ({hvars(w)['closed']} of 2)",
                "haunt37.close",
                who=w.who(seat),
                n=hvars(w)["closed"],
            )

    def check(self, w: World) -> tuple[str, str] | None:
        if hvars(w)["closed"] >= 2:
            return "heroes", "the sluice is shut and the water falls"
        if w.haunt.round >= LAST_ROUND:
            return "traitor", f"round {LAST_ROUND} begins and the house is drowned"
        return None
