"""The Crystal Ball: look through a deck and take a card, or lose Sanity."""

from __future__ import annotations

from typing import Any

from hauntable.engine.rng import Rng
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("crystal_ball")
def _crystal_ball(w: World, seat: int, card: str) -> list[Any] | None:
    return [("crystal_ball", dict(seat=seat, card=card))]


@task("crystal_ball")
def crystal_ball(w: World, seat: int, card: str) -> None:
    if w.s.config.cards == "table":
        w.say(
            f"{card}: {w.who(seat)} searches the item or event stack, shuffles it and puts the chosen "
            "card on top",
            "card.say",
            card=card,
            who=w.who(seat),
            variant="search",
        )
        return
    decks = tuple(d for d in ("item", "event") if w.s.decks[d])
    if decks:
        w.ask(
            ChooseOption(
                seat,
                f"{w.who(seat)}: {card} - search which stack?",
                card,
                decks,
                code="crystal_stack",
                params=(("card", card),),
            ),
            on="crystal_deck",
            seat=seat,
            card=card,
        )


@task("crystal_deck")
def crystal_deck(w: World, seat: int, card: str, option: str) -> None:
    """The choices list the deck's cards: a prompt to this seat only (the UI hands the screen over)."""
    names = tuple(sorted(w.s.decks[option]))
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)} only: {card} - which card goes on top?",
            card,
            names,
            private=True,
            code="crystal_card",
            params=(("card", card), ("deck", option)),
        ),
        on="crystal_card",
        seat=seat,
        card=card,
        deck=option,
    )


@task("crystal_card")
def crystal_card(w: World, seat: int, card: str, deck: str, option: str) -> None:
    rest = [c for c in w.s.decks[deck] if c != option]
    rng = Rng(w.s.rng, raw=True)
    w.own("decks")[deck] = [option, *rng.shuffled(rest)]
    w.s.rng = rng.state
    w.say(
        f"{w.who(seat)} shuffles the {deck} stack and puts a card of their choice on top",
        "card.crystal",
        who=w.who(seat),
        deck=deck,
    )
