"""Haunt 46, The Feast: the Victims. A Victim (a monster on the heroes' side) killed turns into a Corpse
token the traitor may feast on; a hero who starts a turn with Victims in the room may lead them along (up to
two spaces, to where the hero stands); Victims taken out through the open front door have escaped."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.house import distances
from hauntable.games.betrayal.world import World

VICTIM, LED = "Victim", "_led"


class TheFeast(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("note_led", "lead", "led_here", "victims_out")

    def monster_beaten(self, w: World, mid: str, fight: dict[str, Any]) -> bool:
        m = w.haunt.monsters.get(mid)
        if m is None or m.kind != VICTIM:
            return False
        room = m.room
        ops.kill_monster(w, mid)
        ops.put_token(w, f"Corpse of {mid}", room)
        return True

    def extra(self, c: Ctx) -> dict[str, Any]:
        w, h = c.w, c.w.haunt

        def note_led() -> None:
            """At a hero's turn start: the Victims in the room are the ones the hero may lead this turn."""
            h.vars[LED] = [mid for mid, m in h.monsters.items() if m.kind == VICTIM and m.room == c.here()]

        def led_here() -> bool:
            """Victims this hero may lead that are not with them yet and are at most 2 spaces away."""
            here = c.here()
            near = distances(w.s, w.content, here, limit=2)
            return any(
                mid in h.monsters and h.monsters[mid].room != here and h.monsters[mid].room in near
                for mid in h.vars.get(LED, [])
            )

        def lead() -> None:
            here = c.here()
            near = distances(w.s, w.content, here, limit=2)
            for mid in h.vars.get(LED, []):
                if mid in h.monsters and h.monsters[mid].room in near and h.monsters[mid].room != here:
                    c.move_monster(mid, here)

        def victims_out() -> None:
            """Every Victim with the escaping hero in the Entrance Hall leaves the house with them."""
            for mid in [mid for mid, m in h.monsters.items() if m.kind == VICTIM and m.room == c.here()]:
                ops.remove_monster(w, mid)
                c.count_add("victims_escaped")

        return {"note_led": note_led, "lead": lead, "led_here": led_here, "victims_out": victims_out}
