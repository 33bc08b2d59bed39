"""Haunt 42, Comes the Hero: the heroes' Animated Statue. Armed with a fitting item it takes a form (Judge,
Warrior, Seer, Wizard) that fixes the trait it lowers; it never moves on its own (the heroes move it with a
roll, toward the traitor) and, at the start of the traitor's turn in the traitor's room, lowers that trait
by one, unless the traitor beat it since. A dead hero leaves a Body the traitor may carry to a gate room."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.house import distances, monster_walker, steps
from hauntable.games.betrayal.world import World

STATUE = "Animated Statue"
FORMS = {"Holy Symbol": "speed", "Axe": "might", "Crystal Ball": "sanity", "Book": "knowledge"}
FORM, DAZED, BODIES = "_form", "_statue_dazed", "_bodies"


class ComesTheHero(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("animate", "move_statue", "statue_strikes", "lay_bodies")

    def monster_beaten(self, w: World, mid: str, fight: dict[str, Any]) -> bool:
        if mid != STATUE:
            return False
        w.haunt.vars[DAZED] = 1
        w.say(f"{STATUE} is beaten: it cannot strike next turn", "printed.statue_dazed", monster=STATUE)
        return True

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w
        h = w.haunt

        def animate(card: str) -> None:
            """The actor puts ``card`` in the Statue's hand: it is discarded and the Statue takes its form."""
            room = h.token_room("Statue") or c.here()
            c.discard(card)
            ops.remove_token(w, "Statue")
            c.spawn(STATUE, room)
            h.vars[FORM] = FORMS[card]

        def move_statue(total: int) -> None:
            """Up to ``total`` rooms toward the traitor, by the shortest way the house allows."""
            t = h.traitor
            if STATUE not in h.monsters or t is None:
                return
            goal = w.s.explorers[t].room
            dist = distances(w.s, w.content, goal, monster_walker(w.s))
            m = h.monsters[STATUE]
            for _ in range(max(0, total)):
                here = dist.get(m.room)
                nearer = [
                    r
                    for r in steps(w.s, w.content, m.room, monster_walker(w.s))
                    if dist.get(r, 99) < (here or 99)
                ]
                if not nearer:
                    break
                m.room = nearer[0]
            w.say(f"{STATUE} moves to the {m.room}", "monster.move", monster=STATUE, room=m.room)

        def statue_strikes() -> None:
            t = h.traitor
            if t is None or STATUE not in h.monsters or h.monsters[STATUE].room != w.s.explorers[t].room:
                return
            if h.vars.get(DAZED):
                h.vars[DAZED] = 0
                return
            ops.shift_trait(w, t, str(h.vars[FORM]), -1)

        def lay_bodies() -> None:
            laid: list[int] = h.vars.setdefault(BODIES, [])
            for e in w.s.explorers:
                if not e.alive and e.seat != h.traitor and e.seat not in laid:
                    laid.append(e.seat)
                    ops.put_token(w, f"Body of {e.name}", e.room)

        return {
            "animate": animate,
            "move_statue": move_statue,
            "statue_strikes": statue_strikes,
            "lay_bodies": lay_bodies,
        }
