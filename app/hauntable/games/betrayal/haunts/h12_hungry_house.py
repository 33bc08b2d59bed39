"""Haunt 12, "The hungry house" (our scenario): no traitor. Candle tokens placed by the haunt must be carried
to the Entrance Hall while a Shade the table moves chills whoever it finds."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.haunts.script import (
    Scenario,
    heroes_here,
    hvars,
    pick_rooms,
    roll,
    scripted,
)
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.monsters import add_monster, monsters
from hauntable.games.betrayal.world import World

CANDLES = 3
LAST_ROUND = 11
HALL = "Entrance Hall"


@scripted
class HungryHouse(Scenario):
    number = 12
    name = "The hungry house"
    covers = ("no traitor", "item tokens placed by the haunt")
    heroes_goal = (
        f"Carry the {CANDLES} Candle tokens to the {HALL} (pick one up in its room, put it down in the "
        f"hall) before round {LAST_ROUND} begins."
    )
    traitor_goal = (
        f"(The house) the Shade chills the heroes it meets; the house wins when round {LAST_ROUND} begins."
    )

    def setup(self, w: World) -> None:
        for i, room in enumerate(pick_rooms(w, CANDLES), 1):
            w.haunt.put(f"Candle {i}", room)
            w.say(f"A Candle token is put in the {room}", "haunt.token", token=f"Candle {i}", room=room)
        add_monster(w, "Shade", "Shade", "Basement Landing", might=None, speed=4, sanity=3, knowledge=None)
        hvars(w).update(lit=0, chilled=False)

    def actions(self, w: World, seat: int) -> list[Any]:
        room = w.s.explorers[seat].room
        out: list[Any] = [Act("pick", c) for c in sorted(w.haunt.tokens_in(room))]
        if room == HALL:
            out.extend(Act("light", c) for c in sorted(w.haunt.carried_by(seat)))
        return out

    def act(self, w: World, seat: int, inp: Act) -> None:
        if inp.action == "pick":
            w.haunt.carry(inp.option, seat)
            w.say(f"{w.who(seat)} picks up {inp.option}", "haunt.pick", token=inp.option, who=w.who(seat))
        else:
            w.haunt.remove(inp.option)
            hvars(w)["lit"] += 1
            w.say(
                f"{w.who(seat)} lights {inp.option} in the {HALL}",
                "haunt12.lit",
                token=inp.option,
                who=w.who(seat),
                room=HALL,
            )

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        if action == "chill" and not success:
            w.lose(seat, "sanity", 1)

    def monster_actions(self, w: World, mid: str) -> list[Any]:
        if hvars(w)["chilled"] or not heroes_here(w, monsters(w)[mid].room):
            return []
        return [Act("chill")]

    def monster_act(self, w: World, mid: str, inp: Act) -> None:
        hvars(w)["chilled"] = True
        for seat in heroes_here(w, monsters(w)[mid].room):
            roll(w, seat, "chill", "sanity", 4, task=False)

    def end_monster_turn(self, w: World) -> None:
        hvars(w)["chilled"] = False
        for e in w.s.explorers:  # a dead hero's candle falls where they lay
            if not e.alive:
                w.haunt.drop_all(e.seat, e.room)

    def check(self, w: World) -> tuple[str, str] | None:
        if hvars(w)["lit"] >= CANDLES:
            return "heroes", "every Candle burns in the Entrance Hall and the house sleeps"
        if w.haunt.round >= LAST_ROUND:
            return "traitor", f"round {LAST_ROUND} begins and the house swallows its guests"
        return None
