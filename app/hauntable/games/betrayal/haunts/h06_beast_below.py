"""Haunt 6, "The beast below" (our scenario): one big monster. The heroes chain it (a Might task roll in its
room) or stun it in combat; its roar shakes the heroes' nerve."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.haunts.script import (
    Scenario,
    heroes_here,
    hvars,
    players,
    roll,
    scripted,
    task_options,
)
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.monsters import add_monster, monsters
from hauntable.games.betrayal.world import World

CHAINS = 3
LAST_ROUND = 10


@scripted
class BeastBelow(Scenario):
    number = 6
    name = "The beast below"
    covers = ("one big monster",)
    heroes_goal = (
        f"Bind the Beast: {CHAINS} chains (in its room, Might 5+, a task roll) or stunning it in combat "
        "count one each."
    )
    traitor_goal = (
        "The Beast (Might 8, Speed 3, Sanity 4) roars once a turn at the heroes in its room (Sanity 3+ "
        "each to stand firm); win when the roars have broken the players' number of times, or when round "
        f"{LAST_ROUND} begins."
    )

    def setup(self, w: World) -> None:
        room = "Basement Landing"
        add_monster(w, "Beast", "Beast", room, might=8, speed=3, sanity=4, knowledge=None)
        hvars(w).update(chains=0, terror=0, roared=False)

    def actions(self, w: World, seat: int) -> list[Any]:
        beast = monsters(w)["Beast"]
        if seat == w.haunt.traitor or w.s.explorers[seat].room != beast.room:
            return []
        return task_options(w, seat, "chain", ("might",))

    def act(self, w: World, seat: int, inp: Act) -> None:
        roll(w, seat, "chain", inp.option, 5)

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        if action == "chain" and success:
            hvars(w)["chains"] += 1
            w.say(
                f"{w.who(seat)} chains the Beast ({hvars(w)['chains']} of {CHAINS})",
                "haunt6.chain",
                who=w.who(seat),
                n=hvars(w)["chains"],
                of=CHAINS,
            )
        elif action == "stand" and not success:
            hvars(w)["terror"] += 1
            w.say(f"{w.who(seat)} breaks before the roar", "haunt6.terror", who=w.who(seat))

    def monster_actions(self, w: World, mid: str) -> list[Any]:
        if hvars(w)["roared"] or not heroes_here(w, monsters(w)[mid].room):
            return []
        return [Act("roar")]

    def monster_act(self, w: World, mid: str, inp: Act) -> None:
        hvars(w)["roared"] = True
        for seat in heroes_here(w, monsters(w)[mid].room):
            roll(w, seat, "stand", "sanity", 3, task=False)

    def end_monster_turn(self, w: World) -> None:
        hvars(w)["roared"] = False

    def check(self, w: World) -> tuple[str, str] | None:
        if hvars(w)["chains"] + monsters(w)["Beast"].stuns >= CHAINS:
            return "heroes", "the Beast is bound"
        if hvars(w)["terror"] >= players(w):
            return "traitor", "the Beast's roar has broken the heroes"
        if w.haunt.round >= LAST_ROUND:
            return "traitor", f"round {LAST_ROUND} begins and the Beast is free"
        return None
