"""Omen cards. Numbers from the printed cards; wording ours."""

from __future__ import annotations

from hauntable.games.betrayal.cards import card
from hauntable.games.betrayal.cards.effects import gain, lose

card(
    "Book", "+2 Knowledge while you hold it.", on_draw=[gain("knowledge", 2)], on_lose=[lose("knowledge", 2)]
)
card("Holy Symbol", "+2 Sanity while you hold it.", on_draw=[gain("sanity", 2)], on_lose=[lose("sanity", 2)])
card(
    "Girl",
    "Companion: +1 Sanity and +1 Knowledge while she is with you.",
    on_draw=[gain("sanity"), gain("knowledge")],
    on_lose=[lose("sanity"), lose("knowledge")],
)
card(
    "Dog",
    "Companion: +1 Might and +1 Sanity while it is with you.",
    on_draw=[gain("might"), gain("sanity")],
    on_lose=[lose("might"), lose("sanity")],
)
card(
    "Madman",
    "Companion: +2 Might and -1 Sanity while he is with you.",
    on_draw=[gain("might", 2), lose("sanity")],
    on_lose=[lose("might", 2), gain("sanity")],
)
