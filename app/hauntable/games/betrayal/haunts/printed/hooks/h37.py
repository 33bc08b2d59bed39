"""Haunt 37, Checkmate: Death plays chess against the explorer in its room with the highest Knowledge, and
a lost game costs every hero a trait. The file language has no loop over explorers nor a 'highest of', so
``chess_player()`` names the seat that plays (-1: nobody in Death's room) and ``heroes_lose(trait, n)``
lowers the trait of every hero in the house."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house

DEATH = "Death"


class Checkmate(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("chess_player", "heroes_lose")

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def chess_player() -> int:
            death = w.haunt.monsters.get(DEATH)
            if death is None:
                return -1
            ex = w.s.explorers
            here = [s for s in c.heroes() if in_house(ex[s]) and ex[s].room == death.room]
            return max(here, key=lambda s: w.value(s, "knowledge"), default=-1)

        def heroes_lose(trait: str, n: int = 1) -> None:
            for s in c.heroes():
                if in_house(w.s.explorers[s]):
                    ops.shift_trait(w, s, trait, -n)

        return {"chess_player": chess_player, "heroes_lose": heroes_lose}
