"""Haunt 44, Death Doth Find Us All: the heroes age. A hero's age is the printed age plus ten years for each
aging token; each new decade entered changes traits once (the aging table, in the card language so a choice
of trait is asked of the hero). The Medallion's carrier ages one decade less on the traitor's turn, and one
decade each time a hero dies; each hero's death also lets the traitor roll 3 dice and share the total
among its traits, one point at a time as it likes."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.world import World

TOKENS, DEAD = "_aging", "_dead_heroes"
PHYSICAL, MENTAL = ["might", "speed"], ["sanity", "knowledge"]
# what entering each decade does (the 70s row holds for every later decade too)
DECADES: dict[int, list[list[Any]]] = {
    2: [["gain", "might", 1], ["gain", "speed", 1]],
    3: [["gain", "sanity", 1], ["gain", "knowledge", 1]],
    4: [["lose", "speed", 1], ["gain", "sanity", 1]],
    5: [["lose_any", 1, PHYSICAL], ["lose_any", 1, MENTAL]],
    6: [["lose", "might", 1], ["lose", "speed", 1], ["lose_any", 1, MENTAL]],
    7: [["lose", t, 1] for t in (*PHYSICAL, *MENTAL)],
}


def age(w: World, c: Ctx, seat: int, decades: int) -> None:
    """``seat`` ages ``decades`` decades: one aging token each, and each decade entered changes traits."""
    if decades <= 0 or not in_house(w.s.explorers[seat]):
        return
    tokens: dict[str, int] = w.haunt.vars.setdefault(TOKENS, {})
    born = w.content.characters[w.s.explorers[seat].character].age
    effects: list[list[Any]] = []
    for _ in range(decades):
        before = (born + 10 * tokens.get(str(seat), 0)) // 10
        tokens[str(seat)] = tokens.get(str(seat), 0) + 1
        after = (born + 10 * tokens[str(seat)]) // 10
        if after != before:
            effects += DECADES.get(min(after, 7), [])
    years = born + 10 * tokens[str(seat)]
    w.say(f"{w.who(seat)} ages to {years}", "printed.ages", who=w.who(seat), years=years)
    if effects:
        c.card_effects(effects, seat)


class DeathDothFindUsAll(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = (
        "age_heroes",
        "age_me",
        "age_medallion_for_the_dead",
        "traitor_gains",
    )

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def heroes() -> list[int]:
            return [e.seat for e in w.s.explorers if in_house(e) and w.haunt.side_of(e.seat) == "heroes"]

        def age_heroes(decades: int) -> None:
            for seat in heroes():
                age(w, c, seat, decades)

        def age_me(decades: int) -> None:
            medallion = "Medallion" in w.s.explorers[c.me].omens
            age(w, c, c.me, decades - 1 if medallion else decades)

        def age_medallion_for_the_dead() -> None:
            dead = sum(1 for e in w.s.explorers if not e.alive and w.haunt.side_of(e.seat) == "heroes")
            new = dead - int(w.haunt.vars.get(DEAD, 0))
            w.haunt.vars[DEAD] = dead
            holder = w.holder("Medallion")
            if new > 0 and holder is not None and holder in heroes():
                age(w, c, holder, new)
            t = w.haunt.traitor
            if new > 0 and t is not None and w.s.explorers[t].alive:
                for _ in range(new):
                    c.roll_for("spoils", 3, t)

        def traitor_gains(total: int) -> None:
            """The traitor shares ``total`` among its traits, choosing a trait for each point."""
            t = w.haunt.traitor
            if total > 0 and t is not None:
                c.card_effects([["gain_any", 1, [*PHYSICAL, *MENTAL]]] * total, t)

        return {
            "age_heroes": age_heroes,
            "age_me": age_me,
            "age_medallion_for_the_dead": age_medallion_for_the_dead,
            "traitor_gains": traitor_gains,
        }

    def on_turn_end(self, w: World, seat: int) -> None:
        super().on_turn_end(w, seat)
        if seat == w.haunt.traitor:
            self._heroes_age(w)

    def dead_traitor_turn(self, w: World, seat: int) -> None:
        super().dead_traitor_turn(w, seat)
        self._heroes_age(w)  # the dead traitor's turn still ends (H2.3)

    def _heroes_age(self, w: World) -> None:
        """At the end of the traitor's turn each hero rolls one die and ages that many decades."""
        c = Ctx(w, self.spec)
        for hero in [e.seat for e in w.s.explorers if in_house(e) and w.haunt.side_of(e.seat) == "heroes"]:
            c.roll_for("age", 1, hero, f"{w.who(hero)} ages")
