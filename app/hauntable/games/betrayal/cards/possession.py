"""Possession: the chosen trait drops to its lowest step, or another one if it already is."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.cards.language import choose, lowest
from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.world import World, effect_op


@effect_op("possession_drop")
def _possession_drop(w: World, seat: int, card: str, trait: str) -> list[Any] | None:
    if w.s.explorers[seat].traits[trait] > 0:
        return [("effects", dict(seat=seat, card=card, effects=[lowest(trait)]))]
    others = tuple(t for t in TRAITS if t != trait and w.s.explorers[seat].traits[t] > 0)
    if not others:
        return None
    return [
        (
            "effects",
            dict(
                seat=seat,
                card=card,
                effects=[
                    choose(
                        f"your {trait.capitalize()} is already lowest: choose another trait to drop",
                        *((t, [lowest(t)]) for t in others),
                        question="lowest",
                        trait=trait,
                    )
                ],
            ),
        )
    ]
