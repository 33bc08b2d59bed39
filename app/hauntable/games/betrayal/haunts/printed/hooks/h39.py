"""Haunt 39, The Heir: hidden Assassins. The traitor would write their rooms down in secret; on a shared
screen the table draws them itself and keeps them in the haunt's silent memory (``_assassins``), telling
nobody. ``hide_assassins(n)`` hides ``n`` more in unoccupied rooms without one (never the Statuary
Corridor); ``strike()``, checked after every input, lets each Assassin whose room a hero has entered strike
once (2 dice of physical damage, no defence) and die of its poison."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.engine.rng import Rng
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house

HIDDEN, THRONE = "_assassins", "Statuary Corridor"


class TheHeir(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("hide_assassins", "strike")

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def hide_assassins(n: int) -> None:
            hidden: list[str] = w.haunt.vars.setdefault(HIDDEN, [])
            taken = {e.room for e in w.s.explorers if in_house(e)}
            free = sorted(r for r in w.s.house if r not in taken and r not in hidden and r != THRONE)
            rng = Rng(w.s.rng, raw=True)
            hidden.extend(rng.shuffled(free)[: max(0, n)])
            w.s.rng = rng.state

        def strike() -> None:
            hidden: list[str] = w.haunt.vars.get(HIDDEN, [])
            ex = w.s.explorers
            for seat in c.heroes():
                if in_house(ex[seat]) and ex[seat].room in hidden:
                    hidden.remove(ex[seat].room)
                    c.tell("strike")
                    c.roll_damage([seat], 2)

        return {"hide_assassins": hide_assassins, "strike": strike}
