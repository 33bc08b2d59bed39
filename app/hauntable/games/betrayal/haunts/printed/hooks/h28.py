"""Haunt 28, Ring of King Solomon: only the Ring's carrier can destroy the Demon Lord (a first defeat stuns
it, a second destroys it), and the portal opens in an unoccupied event room as far as possible from the
explorers. ``portal_room()`` picks that room (the first of the farthest); ``monster_beaten`` counts the
Lord's defeats by whoever holds the Ring (the table keeps them as ``lord_defeats``)."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.hooks.places import farthest_from_explorers
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.monsters import stun
from hauntable.games.betrayal.predicates import seat_of
from hauntable.games.betrayal.world import World

LORD, RING, DEFEATS = "Demon Lord", "Ring", "lord_defeats"


class RingOfKingSolomon(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("portal_room",)

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def portal_room(rooms: list[str]) -> str:
            return farthest_from_explorers(w, rooms) or w.haunt.room

        return {"portal_room": portal_room}

    def monster_beaten(self, w: World, mid: str, fight: dict[str, Any]) -> bool:
        m = w.haunt.monsters.get(mid)
        seat = seat_of(fight["attacker"])
        if m is None or m.kind != LORD or seat is None:
            return False
        e = w.s.explorers[seat]
        if RING not in e.omens and RING not in e.items:
            return False  # without the Ring the Lord is only stunned (H5.3)
        n = ops.add_counter(w, DEFEATS, 1)
        if n >= int(self.numbers(w).get("lord_lives", 2)):
            ops.kill_monster(w, mid)
        else:
            stun(w, mid)
        return True
