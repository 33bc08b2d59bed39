"""Haunt 35, Small Change: the Cats catch instead of hurting. A Cat that beats a hero holds them
(``_held``: cat -> seat, one at a time, ``_caught``: seat -> the monster turn it happened in); a held hero
is swallowed at the next monster turn unless freed first: by beating the Cat (any attacker: it drops the
hero and is stunned) or by the hero's own escape roll against the Cat's (``free(seat)``)."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.world import World

CAT, HELD, CAUGHT = "Cat", "_held", "_caught"


class SmallChange(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("held", "captor", "free")

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def captor(seat: int) -> str:
            return next((mid for mid, s in w.haunt.vars.get(HELD, {}).items() if s == seat), "")

        def free(seat: int) -> None:
            mid = captor(seat)
            if mid:
                del w.haunt.vars[HELD][mid]
                w.haunt.vars.get(CAUGHT, {}).pop(str(seat), None)
                c.tell("free")

        return {"held": lambda seat: captor(seat) != "", "captor": captor, "free": free}

    def explorer_beaten(self, w: World, mid: str, seat: int, fight: dict[str, Any]) -> bool:
        m = w.haunt.monsters.get(mid)
        if m is None or m.kind != CAT:
            return False
        held: dict[str, int] = w.haunt.vars.setdefault(HELD, {})
        if mid not in held and seat not in held.values():
            held[mid] = seat
            p = w.haunt.mphase
            w.haunt.vars.setdefault(CAUGHT, {})[str(seat)] = p.count if p is not None else 0
            self.names(w).get("tell", lambda k: None)("caught")
        return True  # a Cat deals no damage

    def monster_beaten(self, w: World, mid: str, fight: dict[str, Any]) -> bool:
        held: dict[str, int] = w.haunt.vars.get(HELD, {})
        if mid in held:
            seat = held.pop(mid)
            w.haunt.vars.get(CAUGHT, {}).pop(str(seat), None)
            self.names(w).get("tell", lambda k: None)("free")
        return False  # then stunned as usual (H5.3)

    def end_monster_turn(self, w: World) -> None:
        """A hero held since an earlier monster turn is swallowed now."""
        h = w.haunt
        now = h.mphase.count if h.mphase is not None else 0
        held: dict[str, int] = h.vars.get(HELD, {})
        for mid, seat in list(held.items()):
            if h.vars.get(CAUGHT, {}).get(str(seat), now) < now and in_house(w.s.explorers[seat]):
                del held[mid]
                ops.add_counter(w, "swallowed", 1)
                kill(w, seat, "")
        super().end_monster_turn(w)
