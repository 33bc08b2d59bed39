"""Haunt 48, Stacked Like Cordwood: Crimson Jack cannot be stunned or hurt. Beaten, he leaves the house for
the moment and comes back in the Entrance Hall at the start of the traitor's next turn, stronger by one in
each trait; only a defeat with the cursed weapon (the Axe, Spear, Blood Dagger or Sacrificial Dagger), once
the heroes' study of it is complete, kills him."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.world import World

JACK = "Crimson Jack"
CURSED = ("Axe", "Spear", "Blood Dagger", "Sacrificial Dagger")
OUT, RETURNS, DEAD = "_jack_out", "_jack_returns", "_jack_dead"


class StackedLikeCordwood(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("jack_returns",)

    def monster_beaten(self, w: World, mid: str, fight: dict[str, Any]) -> bool:
        m = w.haunt.monsters.get(mid)
        if m is None or m.kind != JACK:
            return False
        studied = int(w.haunt.vars.get("study", 0)) >= self.numbers(w).get("study_needed", 0)
        if studied and fight.get("weapon") in CURSED:
            w.haunt.vars[DEAD] = 1
            ops.kill_monster(w, mid)
            return True
        w.haunt.vars[OUT] = 1
        ops.remove_monster(w, mid)
        return True

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def jack_returns() -> None:
            if not w.haunt.vars.get(OUT):
                return
            w.haunt.vars[OUT] = 0
            n = int(w.haunt.vars.get(RETURNS, 0)) + 1
            w.haunt.vars[RETURNS] = n
            base = self.spec.monster(JACK)
            (mid,) = c.spawn(JACK, "Entrance Hall")
            m = w.haunt.monsters[mid]
            for trait in ("speed", "might", "sanity"):
                value = getattr(base, trait)
                m.set_trait(trait, None if value is None else value + n)

        return {"jack_returns": jack_returns}
