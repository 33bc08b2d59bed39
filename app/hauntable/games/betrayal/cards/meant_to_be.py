"""It is Meant to Be: reorder a deck's top cards, or keep a roll for later (used by cards/aids.py)."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from hauntable.games.betrayal.cards.language import op, roll
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("meant_reorder")
def _meant_reorder(w: World, seat: int, card: str) -> list[Any] | None:
    if w.s.config.cards == "table" or w.s.config.rooms == "table":
        w.say(
            f"{card}: look at the top 3 of one stack and put them back in any order",
            "card.say",
            card=card,
            variant="top3",
        )
        return None
    return [("meant_deck", dict(seat=seat, card=card))]


@task("meant_deck")
def meant_deck(w: World, seat: int, card: str) -> None:
    options = tuple(d for d in ("rooms", "item", "event", "omen") if len(_pile(w, d)) > 1)
    if not options:
        return
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - which stack?",
            card,
            options,
            code="meant_stack",
            params=(("card", card),),
        ),
        on="meant_order",
        seat=seat,
        card=card,
    )


def _pile(w: World, deck: str) -> list[str]:
    return w.own("stack") if deck == "rooms" else w.deck(deck)


@task("meant_order")
def meant_order(w: World, seat: int, card: str, option: str) -> None:

    top = _pile(w, option)[:3]
    orders = tuple(dict.fromkeys(" / ".join(p) for p in permutations(top)))
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)} only: {card} - put the top of the {option} stack in this order",
            card,
            orders,
            private=True,
            code="meant_order",
            params=(("card", card), ("deck", option)),
        ),
        on="meant_done",
        seat=seat,
        card=card,
        deck=option,
    )


@task("meant_done")
def meant_done(w: World, seat: int, card: str, deck: str, option: str) -> None:
    pile = _pile(w, deck)
    order = option.split(" / ")
    pile[: len(order)] = order
    w.say(f"{w.who(seat)} rearranges the top of a stack", "card.reorder", card=card, who=w.who(seat))


@effect_op("meant_roll")
def _meant_roll(w: World, seat: int, card: str) -> list[Any]:
    return [("effects", dict(seat=seat, card=card, effects=[roll("dice:4", (0, None, [op("meant_store")]))]))]


@effect_op("meant_store")
def _meant_store(w: World, seat: int, card: str) -> None:
    total = w.s.explorers[seat].marks.get(card)
    w.say(
        f"{card}: {w.who(seat)} keeps the total {total} for a later roll",
        "card.say",
        card=card,
        who=w.who(seat),
        total=total,
        variant="keep",
    )
