"""Haunt 7, Carnivorous Ivy: a Creeper is a Root token and a Tip monster laid together (Root N with the N-th
Tip), so spraying either one kills the pair. ``spray_here()`` finds the pair from whichever of its two
pieces stands in the actor's room."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.haunts.printed.vocab_extra import NAMES, ExtraHaunt, bind

TIP, ROOT = "Creeper Tip", "Root"


def tip_id(n: int) -> str:
    """The id vocab's spawn gives the n-th Tip: the kind, then 'kind 2', 'kind 3'..."""
    return TIP if n == 1 else f"{TIP} {n}"


def spray_here(c: Ctx) -> None:
    h, room = c.w.haunt, c.here()
    pairs = sorted(
        int(t.split()[-1]) for t in h.tokens if t.startswith(ROOT + " ") and h.token_room(t) == room
    )
    if not pairs:
        pairs = sorted(
            1 if mid == TIP else int(mid.split()[-1])
            for mid, m in h.monsters.items()
            if m.kind == TIP and m.room == room
        )
    if not pairs:
        return
    n = pairs[0]
    if f"{ROOT} {n}" in h.tokens:
        ops.remove_token(c.w, f"{ROOT} {n}")
    if tip_id(n) in h.monsters:
        ops.kill_monster(c.w, tip_id(n))


class CarnivorousIvy(ExtraHaunt):
    extra_names = (*NAMES, "spray_here")

    def extra(self, c: Ctx) -> dict[str, Any]:
        return {**bind(c), "spray_here": lambda: spray_here(c)}
