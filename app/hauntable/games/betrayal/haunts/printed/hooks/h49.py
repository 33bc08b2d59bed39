"""Haunt 49, You Wear It Well: the heroes' bodies. Each hero's body is a Body token where the hero stood when
the haunt began; the traitor may hurt a body in its room (2 dice of mental damage, no defence), and a Soul
destroyed that way leaves a body the Spirit cannot inhabit; any other destroyed Soul's body can be taken."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx

BODIES, BY_TRAITOR = "_bodies", "_harmed_by_traitor"


class YouWearItWell(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = (
        "lay_bodies_of_heroes",
        "harm_body_here",
        "soulless_body_here",
        "start_sanity",
    )

    def extra(self, c: Ctx) -> dict[str, Any]:
        w, h = c.w, c.w.haunt

        def lay_bodies_of_heroes() -> None:
            bodies: dict[str, str] = {}
            for e in w.s.explorers:
                if e.alive and h.side_of(e.seat) == "heroes":
                    token = f"Body of {e.name}"
                    ops.put_token(w, token, e.room)
                    bodies[token] = str(e.seat)
            h.vars[BODIES] = bodies

        def seat_of_body(token: str) -> int:
            return int(h.vars.get(BODIES, {}).get(token, -1))

        def harm_body_here() -> None:
            for token in h.tokens_in(c.here()):
                seat = seat_of_body(token)
                if seat >= 0 and w.s.explorers[seat].alive:
                    h.vars.setdefault(BY_TRAITOR, []).append(seat)  # a death from this is the traitor's
                    c.roll_damage([seat], 2, "mental")
                    return

        def soulless_body_here() -> int:
            """The seat of a body in the actor's room whose Soul is gone, not by the traitor's own attack."""
            for token in h.tokens_in(c.here()):
                seat = seat_of_body(token)
                if seat >= 0 and not w.s.explorers[seat].alive and seat not in h.vars.get(BY_TRAITOR, []):
                    return seat
            return -1

        def start_sanity(seat: int) -> int:
            if seat < 0:
                return 99
            ch = w.content.characters[w.s.explorers[seat].character]
            return ch.value("sanity")

        return {
            "lay_bodies_of_heroes": lay_bodies_of_heroes,
            "harm_body_here": harm_body_here,
            "soulless_body_here": soulless_body_here,
            "start_sanity": start_sanity,
        }
