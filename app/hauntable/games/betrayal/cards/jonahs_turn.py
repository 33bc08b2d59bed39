"""Jonah's Turn: the Puzzle Box holder swaps it for a gain."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.cards.hands import lose_card
from hauntable.games.betrayal.world import World, effect_op


@effect_op("puzzle_swap")
def _puzzle_swap(w: World, seat: int, card: str) -> list[Any] | None:

    holder = w.holder("Puzzle Box")
    if holder is None:
        return None
    w.say(f"{w.who(holder)} discards the Puzzle Box and draws another item", "card.swap", who=w.who(holder))
    lose_card(w, holder, "Puzzle Box", "discard")
    return [("draw_card", dict(seat=holder, deck="item", ends_move=False))]
