"""The Mask: put on, its holder sees through it; taken off, it undoes that."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.cards.language import gain, lose
from hauntable.games.betrayal.world import World, effect_op


@effect_op("mask")
def _mask(w: World, seat: int, card: str) -> list[Any]:
    e = w.explorer(seat)
    if e.marks.get("Mask"):
        del e.marks["Mask"]
        w.say(f"{e.name} takes off the Mask", "card.mask_off", who=e.name)
        return [("effects", dict(seat=seat, card=card, effects=[gain("sanity", 2), lose("knowledge", 2)]))]
    e.marks["Mask"] = 1
    w.say(f"{e.name} puts on the Mask", "card.mask_on", who=e.name)
    return [("effects", dict(seat=seat, card=card, effects=[gain("knowledge", 2), lose("sanity", 2)]))]


@effect_op("mask_off")
def _mask_off(w: World, seat: int, card: str) -> list[Any] | None:
    """Losing the Mask while wearing it takes it off (our reading: its trait change follows the card)."""
    if not w.s.explorers[seat].marks.get("Mask"):
        return None
    return _mask(w, seat, card)
