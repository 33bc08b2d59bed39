"""The Puzzle Box: opened with a Knowledge roll, it is discarded for what is inside."""

from __future__ import annotations

from hauntable.games.betrayal.cards.hands import held, lose_card
from hauntable.games.betrayal.world import World, effect_op


@effect_op("discard_self")
def _discard_self(w: World, seat: int, card: str) -> None:
    if card in held(w, seat):
        w.say(f"{w.who(seat)} discards the {card} after using it", "item.used_up", card=card, who=w.who(seat))
        lose_card(w, seat, card, "discard")
