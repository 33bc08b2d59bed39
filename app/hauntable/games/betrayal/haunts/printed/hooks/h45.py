"""Haunt 45, Tick, Tick, Tick: the heroes' time bombs. A bomb that goes off kills its carrier and every
other hero in that room, their cards destroyed with them; the traitor's bomb roll picks the armed hero
nearest its left, and from its first turn on an armed hero in or beside its room (no door needed) goes off."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal.cards.hands import lose_card
from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.world import World

BOMB = "Time Bomb"


def armed(w: World) -> list[int]:
    """Heroes in the house still carrying a bomb, clockwise from the traitor's left."""
    h = w.haunt
    start = h.traitor if h.traitor is not None else 0
    return [
        seat
        for seat in w.seats_from((start + 1) % len(w.s.explorers))
        if in_house(w.s.explorers[seat]) and any(t.startswith(BOMB) for t in h.carried_by(seat))
    ]


def beside(w: World, a: str, b: str) -> bool:
    """The same room, or rooms on touching cells of one floor (doors not needed)."""
    if a == b:
        return True
    pa, pb = w.s.house.get(a), w.s.house.get(b)
    return (
        pa is not None
        and pb is not None
        and pa.floor == pb.floor
        and abs(pa.x - pb.x) + abs(pa.y - pb.y) == 1
    )


def explode(w: World, seat: int) -> None:
    if seat < 0 or not in_house(w.s.explorers[seat]):
        return
    room = w.s.explorers[seat].room
    w.say(f"{w.who(seat)}'s bomb goes off in the {room}!", "printed.bomb", who=w.who(seat), room=room)
    h = w.haunt
    for other in [e.seat for e in w.s.explorers if in_house(e) and e.room == room and e.seat != h.traitor]:
        e = w.s.explorers[other]
        for card in [*e.items, *e.omens]:
            lose_card(w, other, card, "discard")
        for token in h.carried_by(other):
            if token.startswith(BOMB):
                h.remove(token)
        kill(w, other, f"{e.name} dies in the blast")


class TickTickTick(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = (
        "arm_heroes",
        "explode",
        "bomb_target",
        "blow_near_traitor",
        "armed_with_me",
    )

    def dynamite_own_room(self, w: World, seat: int) -> bool:
        return seat == w.haunt.traitor  # it never leaves its room, and the blast spares it

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def arm_heroes() -> None:
            for seat in [e.seat for e in w.s.explorers if in_house(e) and e.seat != w.haunt.traitor]:
                w.haunt.carry(f"{BOMB} {seat + 1}", seat)
                w.say(f"{w.who(seat)} carries a Time Bomb", "haunt.token_carry", who=w.who(seat), token=BOMB)

        def bomb_target() -> int:
            seats = armed(w)
            return seats[0] if seats else -1

        def blow_near_traitor() -> None:
            t = w.haunt.traitor
            if t is None or not in_house(w.s.explorers[t]):
                return
            for seat in armed(w):
                if in_house(w.s.explorers[seat]) and beside(
                    w, w.s.explorers[seat].room, w.s.explorers[t].room
                ):
                    explode(w, seat)

        def armed_with_me() -> int:
            """The first other armed hero in the actor's room (clockwise from the traitor's left), or -1."""
            here = w.s.explorers[c.me].room if c.me >= 0 else ""
            return next((s for s in armed(w) if s != c.me and w.s.explorers[s].room == here), -1)

        return {
            "arm_heroes": arm_heroes,
            "armed_with_me": armed_with_me,
            "explode": lambda seat: explode(w, seat),
            "bomb_target": bomb_target,
            "blow_near_traitor": blow_near_traitor,
        }
