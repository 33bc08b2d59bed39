"""Pickpocket's Gloves: take an item from someone in the room."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.cards.conditions import pickable
from hauntable.games.betrayal.cards.hands import get_card, lose_card
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("pickpocket")
def _pickpocket(w: World, seat: int, card: str) -> list[Any] | None:
    options = pickable(w, seat)
    if not options:
        return None
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - take which item?",
            card,
            tuple(f"{w.who(o)}: {n}" for o, n in options),
            code="pickpocket",
            params=(("card", card),),
        ),
        on="pickpocketed",
        seat=seat,
        pairs=[list(p) for p in options],
    )
    return None


@task("pickpocketed")
def pickpocketed(w: World, seat: int, pairs: list[Any], option: str) -> None:

    other, name = next((o, n) for o, n in pairs if f"{w.who(o)}: {n}" == option)
    w.say(
        f"{w.who(seat)} takes the {name} from {w.who(other)}",
        "card.stolen",
        card=name,
        who=w.who(seat),
        victim=w.who(other),
    )
    lose_card(w, other, name, "hand")
    get_card(w, seat, name)
