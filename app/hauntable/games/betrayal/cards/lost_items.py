"""An explorer losing an item to a card: Shrieking Wind blows one into the Entrance Hall, Whoops! loses one
picked at random, the Image in the Mirror hands one back; the pick of which item, asked of a player."""

from __future__ import annotations

from typing import Any

from hauntable.engine.rng import Rng
from hauntable.games.betrayal.cards.hands import lose_card
from hauntable.games.betrayal.cards.language import gain
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("item_to_entrance")
def _item_to_entrance(w: World, seat: int, card: str) -> list[Any] | None:
    items = w.s.explorers[seat].items
    if not items:
        return None
    if len(items) == 1:
        _put_in_entrance(w, seat, items[0])
        return None
    return [
        (
            "card_pick_item",
            dict(
                seat=seat,
                chooser=seat,
                card=card,
                then="entrance",
                text="choose an item to put in the Entrance Hall",
            ),
        )
    ]


def _put_in_entrance(w: World, seat: int, item: str) -> None:

    w.say(
        f"{w.who(seat)}'s {item} is blown into the Entrance Hall",
        "card.item_moved",
        card=item,
        who=w.who(seat),
    )
    lose_card(w, seat, item, "room", room="Entrance Hall")


@task("card_pick_item")
def card_pick_item(w: World, seat: int, chooser: int, card: str, then: str, text: str) -> None:
    items = tuple(w.s.explorers[seat].items)
    w.ask(
        ChooseOption(
            chooser,
            f"{w.who(chooser)}: {card} - {text}",
            card,
            items,
            code=f"pick_item.{then}",
            params=(("card", card), ("owner", w.who(seat))),
        ),
        on="card_picked_item",
        seat=seat,
        card=card,
        then=then,
    )


@task("card_picked_item")
def card_picked_item(w: World, seat: int, card: str, then: str, option: str) -> None:

    if then == "entrance":
        _put_in_entrance(w, seat, option)
    elif then == "discard":
        w.say(f"{w.who(seat)} loses the {option}", "card.item_lost", card=option, who=w.who(seat))
        lose_card(w, seat, option, "discard")
    elif then == "stack":
        w.say(
            f"{w.who(seat)} hands the {option} through the mirror",
            "card.item_back",
            card=option,
            who=w.who(seat),
        )
        lose_card(w, seat, option, "stack")
        w.then(("effects", dict(seat=seat, card=card, effects=[gain("knowledge")])))


@effect_op("whoops")
def _whoops(w: World, seat: int, card: str) -> list[Any] | None:
    """The right-hand player picks one of the drawer's items at random: with a virtual deck the engine's
    generator picks; at a table the player draws one face down and the engine is told which."""
    items = w.s.explorers[seat].items
    if not items:
        w.say(f"{card}: {w.who(seat)} has no items", "card.nothing", card=card)
        return None
    if w.s.config.cards == "virtual" or len(items) == 1:
        rng = Rng(w.s.rng, raw=True)
        item = items[rng.below(len(items))]
        w.s.rng = rng.state

        w.say(f"{w.who(seat)} loses the {item}", "card.item_lost", card=item, who=w.who(seat))
        lose_card(w, seat, item, "discard")
        return None
    text = f"draw one of {w.who(seat)}'s items face down and say which it is"
    return [
        ("card_pick_item", dict(seat=seat, chooser=w.right_of(seat), card=card, then="discard", text=text))
    ]
