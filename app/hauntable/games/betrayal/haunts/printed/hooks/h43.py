"""Haunt 43, The Star-Sickness: a hidden traitor and a disease (H4). The table keeps who is inoculated
(``_inoculated``, public), runs the disease at the end of each of the revealer's turns (the track moves on,
the revealer rolls as many dice as it shows, every explorer in the house not yet inoculated defends with
Might and takes the difference as physical damage) and, knowing the dealt token 1, kills the traitor for
good when the Serum is given to them. The secret token exchanges are left to the players (the file's gaps)."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunts.printed.hooks.h34 import traitor_seat
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.world import World

INOCULATED, PLAGUE = "_inoculated", "_plague"


class StarSickness(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = (
        "inoculate",
        "inoculated",
        "uninoculated_mate",
        "all_inoculated",
        "disease",
        "disease_attack",
        "disease_defend",
        "gather_herbs",
        "make_serum",
    )

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w
        h = w.haunt

        def done() -> list[int]:  # only read: asking must not record an empty list (listing is a read)
            seats: list[int] = h.vars.get(INOCULATED, [])
            return seats

        def living() -> list[int]:
            return [e.seat for e in w.s.explorers if e.alive and in_house(e)]

        def inoculate(seat: int) -> None:
            if seat < 0 or seat in done():
                return
            if seat == traitor_seat(w):  # the Serum kills a traitor for good: no Alien rises
                kill(w, seat, "")
                return
            h.vars.setdefault(INOCULATED, []).append(seat)
            c.restore(seat)

        def uninoculated_mate() -> int:
            ex, me = w.s.explorers, c.me
            mates = [s for s in living() if s != me and s not in done() and ex[s].room == ex[me].room]
            return mates[0] if mates else -1

        def disease() -> None:
            if any(s not in done() for s in living()):
                value = ops.move_track(w, "turn", 1)
                c.roll_for("disease_attack", value, h.revealer, "the Star-Sickness")
            else:
                ops.move_track(w, "turn", 1)

        def disease_attack(total: int) -> None:
            h.vars[PLAGUE] = total
            for s in living():
                if s not in done():
                    c.roll_for("disease_defend", w.dice_for(s, "might"), s, "Might against the Star-Sickness")

        def disease_defend(seat: int, total: int) -> None:
            hit = int(h.vars.get(PLAGUE, 0)) - total
            if hit > 0 and w.s.explorers[seat].alive:
                c.damage(seat, "physical", hit)

        def gather_herbs() -> None:
            ops.carry_token(w, f"Herbs {h.count('_herbs_made')}", c.me)

        def make_serum(needed: int) -> None:
            lab, herbs = int(h.vars.get("_lab", 0)), int(h.vars.get("_herbs_lab", 0))
            if not h.vars.get("_serum") and lab >= 1 and herbs >= 1 and lab + herbs >= needed:
                h.vars["_serum"] = 1
                ops.carry_token(w, "Serum", c.me)
                c.tell("serum")

        return {
            "gather_herbs": gather_herbs,
            "make_serum": make_serum,
            "inoculate": inoculate,
            "inoculated": lambda seat: seat in done(),
            "uninoculated_mate": uninoculated_mate,
            "all_inoculated": lambda: bool(living()) and all(s in done() for s in living()),
            "disease": disease,
            "disease_attack": disease_attack,
            "disease_defend": disease_defend,
        }

    def on_turn_end(self, w: World, seat: int) -> None:
        super().on_turn_end(w, seat)
        if seat == w.haunt.revealer and not w.haunt.winner:
            self.names(w, seat)["disease"]()  # the disease: at each end of the revealer's turn
