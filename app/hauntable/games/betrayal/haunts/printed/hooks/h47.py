"""Haunt 47, Worm Ouroboros: the Heads leave a Body token in each room they step out of (one a room), laid
at each step of their move (``monster_moved``)."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.world import World

HEAD, BODY = "Ouroboros Head", "Body"


class WormOuroboros(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("weaken_here",)

    def extra(self, c: Ctx) -> dict[str, Any]:
        def weaken_here() -> None:
            """The weakening spell: the first unweakened Head in the actor's room can now be fought."""
            w = c.w
            for mid, m in w.haunt.monsters.items():
                if m.kind == HEAD and m.room == c.here() and m.immune != ("speed",):
                    m.immune, m.might = ("speed",), 5
                    w.say(f"{mid} is weakened: Might 5", "printed.weakened", monster=mid)
                    return

        return {"weaken_here": weaken_here}

    def monster_moved(self, w: World, mid: str, left: str) -> None:
        """A Head leaves a Body in every room it steps out of (one a room)."""
        m = w.haunt.monsters.get(mid)
        if m is not None and m.kind == HEAD and left in w.s.house and not w.haunt.tokens_in(left):
            laid = sum(1 for t in w.haunt.tokens if t.startswith(BODY))
            ops.put_token(w, f"{BODY} {laid + 1}", left)
        super().monster_moved(w, mid, left)
