"""Haunt 30, Tomb of Dracula: a hero's Spear attack that beats a Vampire (Dracula or the Bride) kills it;
any other defeat only stuns it (monster_beaten). ``far_room_from_explorers(rooms)`` is Dracula's resting
place when neither the Crypt nor the Graveyard is in the house."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.hooks.places import farthest_from_explorers
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.world import World

VAMPIRES = ("Dracula", "The Bride")


class TombOfDracula(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("far_room_from_explorers",)

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w
        return {"far_room_from_explorers": lambda rooms: farthest_from_explorers(w, rooms) or w.haunt.room}

    def monster_beaten(self, w: World, mid: str, fight: dict[str, Any]) -> bool:
        m = w.haunt.monsters.get(mid)
        if m is None or m.kind not in VAMPIRES or fight.get("weapon") != "Spear":
            return False
        ops.kill_monster(w, mid)
        return True
