"""The Dog: it fetches an item lying within 6 spaces, or leaves one of yours there, never through a room that
needs a roll (the Dog walker of house.py)."""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText
from hauntable.games.betrayal.cards.conditions import dog_errands
from hauntable.games.betrayal.cards.hands import PILE, get_card, lose_card
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("dog")
def _dog(w: World, seat: int, card: str) -> None:
    errands = dog_errands(w, seat)
    labels = tuple(
        f"{verb} {item} {'from' if verb == 'fetch' else 'in'} the {room}" for verb, item, room in errands
    )
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: send the Dog to",
            card,
            labels,
            code="dog",
            params=(("card", card),),
            option_texts=tuple(
                OptionText("fetch" if verb == "fetch" else "leave_in", (("card", item), ("room", room)))
                for verb, item, room in errands
            ),
        ),
        on="dog_errand",
        seat=seat,
        errands=[list(e) for e in errands],
        labels=list(labels),
    )


@task("dog_errand")
def dog_errand(w: World, seat: int, errands: list[Any], labels: list[Any], option: str) -> None:
    verb, item, room = errands[labels.index(option)]
    w.s.turn.tried.append(f"item:{item}")
    if verb == "fetch":
        del w.own("tokens")[PILE + item]
        w.say(
            f"The Dog brings {w.who(seat)} the {item} from the {room}",
            "card.dog_fetch",
            card=item,
            who=w.who(seat),
            room=room,
        )
        get_card(w, seat, item)
    else:
        w.say(
            f"The Dog leaves {w.who(seat)}'s {item} in the {room}",
            "card.dog_leave",
            card=item,
            who=w.who(seat),
            room=room,
        )
        lose_card(w, seat, item, "room", room=room)
