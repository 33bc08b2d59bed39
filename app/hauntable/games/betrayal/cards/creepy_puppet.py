"""Creepy Puppet: whoever holds the Spear gains 2 Might after the puppet's attack."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.cards.language import gain
from hauntable.games.betrayal.world import World, effect_op


@effect_op("spear_gains")
def _spear_gains(w: World, seat: int, card: str) -> list[Any] | None:
    holder = w.holder("Spear")
    if holder is None or holder == seat:
        return None
    return [("effects", dict(seat=holder, card=card, effects=[gain("might", 2)]))]
