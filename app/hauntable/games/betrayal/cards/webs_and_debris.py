"""Webs and Debris: an explorer in the same room may try to free the one stuck (C10)."""

from __future__ import annotations

from hauntable.engine.prompts import RollDice
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.cards.hands import discard_kept, in_room
from hauntable.games.betrayal.predicates import stuck
from hauntable.games.betrayal.world import World, task


def check_free(w: World, seat: int, stuck_seat: int) -> None:
    if not 0 <= stuck_seat < len(w.s.explorers) or stuck(w, stuck_seat) is None:
        raise IllegalAction("Nobody there is stuck.", "C10")
    if stuck_seat != seat and stuck_seat not in in_room(w, seat, across=True):
        raise IllegalAction(f"{w.who(stuck_seat)} is not in this room.", "C10")
    if stuck_seat != seat and stuck_seat not in in_room(w, seat):
        raise IllegalAction(f"{w.who(stuck_seat)} is on the other side of this room's barrier.", "B6.1")
    if f"free:{stuck_seat}" in w.s.turn.tried:
        raise IllegalAction(f"{w.who(seat)} already tried to free {w.who(stuck_seat)} this turn.", "C10")


@task("free_roll")
def free_roll(w: World, seat: int, stuck_seat: int) -> None:
    card = stuck(w, stuck_seat)
    if card is None:  # freed meanwhile: nothing left to roll for (as in free_result)
        return
    dice = w.dice_for(seat, "might")

    w.ask(
        RollDice(
            seat,
            f"{w.who(seat)}: Might roll (4+) to free {w.who(stuck_seat)} from the {card}",
            dice,
            card,
            "might",
            4,
        ),
        on="free_result",
        seat=seat,
        stuck_seat=stuck_seat,
    )


@task("free_result")
def free_result(w: World, seat: int, stuck_seat: int, total: int) -> None:
    card = stuck(w, stuck_seat)
    if card is None:
        return
    if total >= 4:
        discard_kept(w, stuck_seat, card, f"{w.who(stuck_seat)} is free")
        return
    e = w.explorer(stuck_seat)
    e.marks[card] = e.marks.get(card, 0) + 1
    w.say(
        f"{w.who(stuck_seat)} is still stuck ({e.marks[card]} failed attempt(s))",
        "card.still_stuck",
        who=w.who(stuck_seat),
        n=e.marks[card],
    )
    if card == "Webs":  # whoever fails cannot move for the rest of the turn
        w.s.turn.movement_over = True
