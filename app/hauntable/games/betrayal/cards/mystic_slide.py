"""Mystic Slide: slide down a floor, or use the slide's token later."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.cards.language import damage_dice, go, new_room, op, roll
from hauntable.games.betrayal.world import World, effect_op


@effect_op("slide")
def _slide(w: World, seat: int, card: str) -> list[Any] | None:
    """The Slide's token goes in the drawer's room; an explorer in the basement hands the roll to the next
    explorer to the left not in the basement (nobody: the card is discarded)."""
    room = w.s.explorers[seat].room
    w.own("tokens")["Slide"] = room
    w.say(f"{card}: a Slide token is put in the {room}", "card.token", card=card, token="Slide", room=room)
    who = next((s for s in w.seats_from(seat) if w.s.house[w.s.explorers[s].room].floor != "basement"), None)
    if who is None:
        w.say(f"{card}: everybody is in the basement; the card is discarded", "card.nothing", card=card)
        return None
    return [("effects", dict(seat=who, card=card, effects=[op("slide_roll")]))]


@effect_op("slide_roll")
def _slide_roll(w: World, seat: int, card: str) -> list[Any]:
    return [
        (
            "effects",
            dict(
                seat=seat,
                card="Mystic Slide",
                effects=[
                    roll(
                        "might",
                        (5, None, [go("below")]),
                        (
                            0,
                            4,
                            [new_room(("basement",), card=seat == w.s.turn.seat), damage_dice("physical", 1)],
                        ),
                    )
                ],
            ),
        )
    ]
