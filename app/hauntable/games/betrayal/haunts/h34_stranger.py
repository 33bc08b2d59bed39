"""Haunt 34, "A stranger among us" (our scenario): a hidden traitor (H4). Explorers accuse each other (a
Knowledge task roll in the same room); the traitor hides until revealed, then tries to summon."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.haunts.script import Scenario, hvars, roll, scripted, task_options
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.world import World

LAST_ROUND = 8
SUMMONS = 2


@scripted
class Stranger(Scenario):
    number = 34
    name = "A stranger among us"
    covers = ("hidden traitor",)
    heroes_goal = (
        "Unmask the traitor: accuse an explorer in your room (Knowledge 4+, a task roll) to see their "
        "token; unmasking token 1 wins. Once the traitor reveals, banish them in their room (Sanity 5+) "
        "to win."
    )
    traitor_goal = (
        f"Stay hidden until round {LAST_ROUND} begins, or reveal yourself and summon in the room where the"
        f" haunt began (Knowledge 4+, a task roll) {SUMMONS} times."
    )

    def setup(self, w: World) -> None:
        hvars(w).update(unmasked=False, summons=0, banished=False)

    def actions(self, w: World, seat: int) -> list[Any]:
        h = w.haunt
        me = w.s.explorers[seat]
        if h.hidden:
            if "task" in w.s.turn.tried:
                return []
            shown = set(h.revealed)
            return [
                Act("accuse", str(e.seat))
                for e in w.s.explorers
                if e.seat != seat and in_house(e) and e.room == me.room and e.seat not in shown
            ]
        traitor = h.traitor
        if traitor is None:
            return []
        if seat == traitor:
            return task_options(w, seat, "summon", ("knowledge",)) if me.room == h.room else []
        if w.s.explorers[traitor].room == me.room and w.s.explorers[traitor].alive:
            return task_options(w, seat, "banish", ("sanity",))
        return []

    def act(self, w: World, seat: int, inp: Act) -> None:
        if inp.action == "accuse":
            roll(w, seat, "accuse", "knowledge", 4, option=inp.option)
        else:
            roll(w, seat, inp.action, inp.option, 4 if inp.action == "summon" else 5)

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        h = w.haunt
        if not success:
            w.say(f"{w.who(seat)}'s {action} fails", "haunt34.failed", who=w.who(seat))
            return
        if action == "accuse":
            other = int(option)
            if other not in h.revealed:
                h.revealed.append(other)
            token = (h.secret or [])[other]
            w.say(
                f"{w.who(other)} must show their token: {token}",
                "haunt34.shown",
                who=w.who(other),
                token=token,
            )
            if token == 1:
                h.traitor, h.hidden = other, False
                hvars(w)["unmasked"] = True
        elif action == "summon":
            hvars(w)["summons"] += 1
            w.say(
                f"The summoning grows ({hvars(w)['summons']} of {SUMMONS})",
                "haunt34.summon",
                n=hvars(w)["summons"],
                of=SUMMONS,
            )
        elif action == "banish":
            hvars(w)["banished"] = True

    def check(self, w: World) -> tuple[str, str] | None:
        v = hvars(w)
        if v["unmasked"]:
            return "heroes", "the traitor is unmasked"
        if v["banished"]:
            return "heroes", "the traitor is banished"
        if v["summons"] >= SUMMONS:
            return "traitor", "the summoning is complete"
        if w.haunt.round >= LAST_ROUND:
            return "traitor", f"round {LAST_ROUND} begins and the stranger is still among you"
        return None
