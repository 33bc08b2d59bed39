"""Event cards. Numbers from the printed cards; wording ours."""

from __future__ import annotations

from hauntable.games.betrayal.cards import card
from hauntable.games.betrayal.cards.effects import damage_dice, draw, gain, lose, roll

card(
    "Angry Being",
    "Speed roll: 5+ gain 1 Speed; 2-4 take 1 die of mental damage; 0-1 take 1 die of mental and 1 die of "
    "physical damage.",
    on_draw=[
        roll(
            "speed",
            (5, None, [gain("speed")]),
            (2, 4, [damage_dice("mental", 1)]),
            (0, 1, [damage_dice("mental", 1), damage_dice("physical", 1)]),
        )
    ],
)
card(
    "Creepy Crawlies",
    "Sanity roll: 5+ gain 1 Sanity; 1-4 lose 1 Sanity; 0 lose 2 Sanity.",
    on_draw=[
        roll("sanity", (5, None, [gain("sanity")]), (1, 4, [lose("sanity")]), (0, 0, [lose("sanity", 2)]))
    ],
)
card(
    "Night View",
    "Knowledge roll: 5+ gain 1 Knowledge.",
    on_draw=[roll("knowledge", (5, None, [gain("knowledge")]))],
)
card(
    "Something Hidden",
    "Knowledge roll: 4+ draw an item; 0-3 lose 1 Sanity.",
    on_draw=[roll("knowledge", (4, None, [draw("item")]), (0, 3, [lose("sanity")]))],
)
