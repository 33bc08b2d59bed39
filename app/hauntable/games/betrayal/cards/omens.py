"""Omen cards. Numbers from the printed cards (checked against the TK transcription); wording ours.

Lasting trait changes are ``on_gain``/``on_lose`` so they follow the card from holder to holder (C5).
"""

from __future__ import annotations

from hauntable.games.betrayal.cards.language import CardRules, attack, card_table, gain, lose, op, roll, when

COMPANION = dict(tradeable=False, droppable=False, stealable=False)

CARDS: dict[str, CardRules] = {}
card = card_table(CARDS)


card(
    "Book",
    "+2 Knowledge while you hold it.",
    on_gain=[gain("knowledge", 2)],
    on_lose=[lose("knowledge", 2)],
)
card(
    "Holy Symbol",
    "+2 Sanity while you hold it.",
    on_gain=[gain("sanity", 2)],
    on_lose=[lose("sanity", 2)],
)
card(
    "Girl",
    "Companion: +1 Sanity and +1 Knowledge while she is with you; she cannot be traded, dropped or stolen.",
    on_gain=[gain("sanity"), gain("knowledge")],
    on_lose=[lose("sanity"), lose("knowledge")],
    **COMPANION,
)
card(
    "Dog",
    "Companion: +1 Might and +1 Sanity while it is with you; once a turn it runs up to 6 spaces (no rooms "
    "that need a roll) to fetch an item lying there or to leave one of yours; it cannot be traded, dropped "
    "or stolen.",
    on_gain=[gain("might"), gain("sanity")],
    on_lose=[lose("might"), lose("sanity")],
    use=[op("dog")],
    use_when="dog",
    **COMPANION,
)
card(
    "Madman",
    "Companion: +2 Might and -1 Sanity while he is with you; he cannot be traded, dropped or stolen.",
    on_gain=[gain("might", 2), lose("sanity")],
    on_lose=[lose("might", 2), gain("sanity")],
    **COMPANION,
)
card(
    "Bite",
    "On drawing, the player on your right makes a Might 4 attack on you; it cannot be traded, dropped or "
    "stolen.",
    on_draw=[attack(4)],
    **COMPANION,
)
card(
    "Mask",
    "Once a turn, Sanity 4+ puts the Mask on (+2 Knowledge, -2 Sanity) or takes it off (the reverse).",
    use=[roll("sanity", (4, None, [op("mask")]), (0, 3, []))],
    on_lose=[op("mask_off")],
)
card("Medallion", "You ignore the Pentagram Chamber, the Crypt and the Graveyard.")
card("Skull", "You may take mental damage as physical damage instead (asked each time).")
card("Spear", "Weapon: 2 extra dice on Might attacks (from the haunt on).")
card("Ring", "Attack with Sanity instead of Might against an opponent with Sanity (from the haunt on).")
card(
    "Crystal Ball",
    "After the haunt begins, once a turn: Knowledge 4+ puts a card of your choice on top of the item or "
    "event stack; 1-3 lose 1 Sanity; 0 lose 2.",
    use=[
        roll(
            "knowledge",
            (4, None, [op("crystal_ball")]),
            (1, 3, [lose("sanity")]),
            (0, 0, [lose("sanity", 2)]),
        )
    ],
    use_when="haunt",
)
card(
    "Spirit Board",
    "Before moving, look at the top room tile; used after the haunt begins, monsters come 1 space closer.",
    use=[op("spirit_board"), when("haunt", [op("monsters_closer")])],
    use_when="not_moved",
)
