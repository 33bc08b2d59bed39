"""Haunt 4, "The crawling horde" (our scenario): a horde of Crawlers, one more than the players; the heroes
barricade rooms (a Might task roll) that the horde cannot enter."""

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
    traitor,
)
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.monsters import add_monster, monsters
from hauntable.games.betrayal.world import World

LAST_ROUND = 10


@scripted
class CrawlingHorde(Scenario):
    number = 4
    name = "The crawling horde"
    covers = ("monster horde", "monsters kept out of rooms")
    heroes_goal = (
        "Barricade rooms with no awake Crawler in them (Might 4+, a task roll); win with as many "
        "barricaded rooms as there are players minus one. Crawlers cannot enter a barricaded room."
    )
    traitor_goal = (
        "Your Crawlers (one more than the players) grab heroes they meet (Speed 4+ to slip away, once per"
        f" Crawler turn); win when they hold the players' number in grabs, or when round {LAST_ROUND} "
        "begins."
    )

    def setup(self, w: World) -> None:
        room = w.s.explorers[traitor(w)].room
        for i in range(players(w) + 1):
            add_monster(w, f"Crawler {i + 1}", "Crawler", room, might=3, speed=2, sanity=None, knowledge=None)
        hvars(w).update(barricades=[], grabs=0, grabbed=[])

    def actions(self, w: World, seat: int) -> list[Any]:
        if seat == w.haunt.traitor:
            return []
        room = w.s.explorers[seat].room
        if room in hvars(w)["barricades"]:
            return []
        if any(m.room == room and not m.stunned for m in monsters(w).values()):
            return []
        return task_options(w, seat, "barricade", ("might",))

    def act(self, w: World, seat: int, inp: Act) -> None:
        roll(w, seat, "barricade", inp.option, 4)

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        if action == "barricade" and success:
            room = w.s.explorers[seat].room
            if room not in hvars(w)["barricades"]:
                hvars(w)["barricades"].append(room)
                w.say(f"{w.who(seat)} barricades the {room}", "haunt4.barricade", room=room, who=w.who(seat))
        elif action == "slip" and not success:
            hvars(w)["grabs"] += 1
            w.say(
                f"A Crawler grabs {w.who(seat)} (grabs: {hvars(w)['grabs']})",
                "haunt4.grab",
                who=w.who(seat),
                n=hvars(w)["grabs"],
            )

    def monster_actions(self, w: World, mid: str) -> list[Any]:
        if mid in hvars(w)["grabbed"] or not heroes_here(w, monsters(w)[mid].room):
            return []
        return [Act("grab")]

    def monster_act(self, w: World, mid: str, inp: Act) -> None:
        hvars(w)["grabbed"].append(mid)
        seat = heroes_here(w, monsters(w)[mid].room)[0]
        roll(w, seat, "slip", "speed", 4, task=False)

    def end_monster_turn(self, w: World) -> None:
        hvars(w)["grabbed"] = []

    def monster_may_enter(self, w: World, mid: str, room: str) -> bool:
        return room not in hvars(w)["barricades"]

    def check(self, w: World) -> tuple[str, str] | None:
        if len(hvars(w)["barricades"]) >= players(w) - 1:
            return "heroes", "the house is barricaded against the horde"
        if hvars(w)["grabs"] >= players(w):
            return "traitor", "the horde has dragged the heroes down"
        if w.haunt.round >= LAST_ROUND:
            return "traitor", f"round {LAST_ROUND} begins and the horde overruns the house"
        return None
