"""Minimal haunts for tests of the generic monster rules (H5): a horde of like monsters and one big one.

Every haunt the table ships is a printed one run from its file; these two stand in for any haunt that
brings such monsters, so the monster tests do not depend on one file's other rules. A test sets one on a
number haunts.toml marks ``scripted`` (``monkeypatch.setitem(RULES.scenarios, 4, Horde())``).
"""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.haunts.script import Scenario
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.monsters import add_monster
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.world import World


class Horde(Scenario):
    """One Crawler more than the players (H2.5: the dead count), in the traitor's room; a Crawler with a
    hero in its room has its own action, ``grab``, beside the attack (H5.7)."""

    number = 4
    name = "Test horde"
    heroes_goal = "Survive."
    traitor_goal = "Overrun the house."

    def setup(self, w: World) -> None:
        assert w.haunt.traitor is not None
        room = w.s.explorers[w.haunt.traitor].room
        for i in range(len(w.s.explorers) + 1):
            add_monster(w, f"Crawler {i + 1}", "Crawler", room, might=3, speed=2, sanity=None, knowledge=None)

    def monster_actions(self, w: World, mid: str) -> list[Any]:
        room = w.haunt.monsters[mid].room
        heroes = [e for e in w.s.explorers if e.room == room and in_house(e) and e.seat != w.haunt.traitor]
        return [Act("grab")] if heroes else []


class Beast(Scenario):
    """One big monster in the Basement Landing (trapped there until the Stairs from Basement, H5.6)."""

    number = 6
    name = "Test beast"
    heroes_goal = "Bind the Beast."
    traitor_goal = "Break the heroes."

    def setup(self, w: World) -> None:
        add_monster(w, "Beast", "Beast", "Basement Landing", might=8, speed=3, sanity=4, knowledge=None)
