"""Haunt 12, Fleshwalkers: every hero's Evil Twin has that hero's printed starting traits (one source; the
other reads the values at the reveal: the file's gap). The set-up makes one Twin per explorer in the
Entrance Hall and remembers whose it is (``_twins``: id -> seat, ``owner_of(id)``); ``twin_here()`` is the
actor's own Twin in their room, ``slay`` (the file's action) a contest against that Twin's Might."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.haunts.printed.vocab_extra import NAMES, ExtraHaunt, bind
from hauntable.games.betrayal.world import World

KIND, TWINS = "Evil Twin", "_twins"


def twin_of(w: World, seat: int) -> str:
    twins: dict[str, int] = w.haunt.vars.get(TWINS, {})
    return next((mid for mid, owner in twins.items() if owner == seat and mid in w.haunt.monsters), "")


class Fleshwalkers(ExtraHaunt):
    extra_names = (*NAMES, "twin_here", "owner_of")

    def extra(self, c: Ctx) -> dict[str, Any]:
        def twin_here() -> str:
            mid = twin_of(c.w, c.me) if c.me >= 0 else ""
            return mid if mid and c.w.haunt.monsters[mid].room == c.here() else ""

        def owner_of(mid: str) -> int:
            """The seat whose Twin ``mid`` is (-1: none)."""
            return int(c.w.haunt.vars.get(TWINS, {}).get(mid, -1))

        return {**bind(c), "twin_here": twin_here, "owner_of": owner_of}

    def setup(self, w: World) -> None:
        super().setup(w)
        twins: dict[str, int] = {}
        for e in w.s.explorers:
            mid = KIND if not twins else f"{KIND} {len(twins) + 1}"
            character = w.content.characters[e.character]
            speed, might, sanity, knowledge = (character.value(t) for t in TRAITS)
            ops.new_monster(
                w,
                mid,
                KIND,
                "Entrance Hall",
                speed=speed,
                might=might,
                sanity=sanity,
                knowledge=knowledge,
                name=KIND,
            )
            twins[mid] = e.seat
        w.haunt.vars[TWINS] = twins

    def contest_dice(self, w: World, seat: int, action: str) -> int | None:
        if action == "slay":
            mid = twin_of(w, seat)
            might = w.haunt.monsters[mid].might if mid else 0
            return max(0, min(8, might or 0))
        return super().contest_dice(w, seat, action)
