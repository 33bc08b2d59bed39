"""Item cards. Numbers from the printed cards (checked against the TK transcription); wording ours."""

from __future__ import annotations

from hauntable.games.betrayal.cards.language import (
    CardRules,
    card_table,
    choose,
    draw,
    gain,
    gain_any,
    go,
    lose,
    op,
    roll,
)
from hauntable.games.betrayal.content import TRAITS

PHYSICAL = ("might", "speed")
MENTAL = ("sanity", "knowledge")

CARDS: dict[str, CardRules] = {}
card = card_table(CARDS)


card(
    "Amulet of the Ages",
    "+1 in every trait on gaining it; losing it costs 3 in every trait.",
    on_gain=[gain(t) for t in TRAITS],
    on_lose=[lose(t, 3) for t in TRAITS],
)
card(
    "Bell",
    "+1 Sanity while you hold it; once a turn after the haunt begins, a Sanity roll: 5+ any heroes not held "
    "back by an opponent come 1 space closer; 0-4 the traitor may bring monsters 1 space closer.",
    on_gain=[gain("sanity")],
    on_lose=[lose("sanity")],
    use=[roll("sanity", (5, None, [op("bell_heroes")]), (0, 4, [op("monsters_closer")]))],
    use_when="haunt",
)
card(
    "Candle",
    "1 extra die on an event's trait rolls; holding the Bell, Book and Candle gives +2 in every trait (the "
    "first loss of one of them takes it back).",
)
card("Armor", "Take 1 less physical damage each time; it cannot be stolen.", stealable=False)
card("Axe", "Weapon: 1 extra die on Might attacks (from the haunt on).")
card(
    "Blood Dagger",
    "Weapon: 3 extra dice on Might attacks, costing 1 Speed (from the haunt on); it cannot be traded or "
    "dropped.",
    tradeable=False,
    droppable=False,
)
card(
    "Revolver",
    "Weapon: attack with Speed (1 extra die) in your room or in line of sight (from the haunt on).",
)
card(
    "Sacrificial Dagger",
    "Weapon: 3 extra dice on Might attacks after a Knowledge roll that can hurt you (from the haunt on).",
)
card(
    "Healing Salve",
    "One use: Might and Speed of an explorer in your room (you too) go back up to their starting values.",
    use=[op("patient", [op("restore", list(PHYSICAL))])],
    use_when="needs:might,speed",
    one_use=True,
)
card(
    "Smelling Salts",
    "One use: Knowledge of an explorer in your room (you too) goes back up to its starting value.",
    use=[op("patient", [op("restore", ["knowledge"])])],
    use_when="needs:knowledge",
    one_use=True,
)
card(
    "Medical Kit",
    "Once a turn, a Knowledge roll heals an explorer in your room (you too) up to their starting values: 8+ "
    "3 physical steps, 6-7 2, 4-5 1.",
    use=[
        op(
            "patient",
            [
                roll(
                    "knowledge",
                    (8, None, [op("heal", 3)]),
                    (6, 7, [op("heal", 2)]),
                    (4, 5, [op("heal", 1)]),
                    (0, 3, []),
                )
            ],
        )
    ],
    use_when="needs:might,speed",
)
card(
    "Puzzle Box",
    "Once a turn, Knowledge 6+ opens it: draw 2 items and discard the box.",
    use=[roll("knowledge", (6, None, [op("discard_self"), draw("item"), draw("item")]), (0, 5, []))],
)
card(
    "Dark Dice",
    "Once a turn, roll 3 dice: 6 go to another explorer's room; 5 push an explorer in your room next door; "
    "4 gain 1 in a physical trait; 3 step into a room next door; 2 gain 1 in a mental trait; 1 draw an "
    "event; 0 every trait to its lowest step and the Dark Dice are discarded.",
    use=[
        roll(
            "dice:3",
            (6, None, [op("to_explorer")]),
            (5, 5, [op("push")]),
            (4, 4, [gain_any(1, PHYSICAL)]),
            (3, 3, [op("step")]),
            (2, 2, [gain_any(1, MENTAL)]),
            (1, 1, [draw("event")]),
            (0, 0, [*(op("bottom", t) for t in TRAITS), op("discard_self")]),
        )
    ],
)
card(
    "Pickpocket's Gloves",
    "One use: take any item an explorer in your room holds (not one that cannot be stolen).",
    use=[op("pickpocket")],
    use_when="pickable",
    one_use=True,
)
card(
    "Music Box",
    "Open or close it once a turn; while open, whoever enters or starts a turn in its room rolls Sanity 4+ "
    "or ends the turn there (a mesmerized holder drops it, still open).",
    use=[op("music_toggle")],
)
card(
    "Bottle",
    "One use after the haunt begins: roll 3 dice for a move to any room or a trait gain or loss.",
    use=[
        roll(
            "dice:3",
            (6, None, [go("any")]),
            (5, 5, [gain("might", 2), gain("speed", 2)]),
            (4, 4, [gain("knowledge", 2), gain("sanity", 2)]),
            (3, 3, [gain("knowledge"), lose("might")]),
            (2, 2, [lose("knowledge", 2), lose("sanity", 2)]),
            (1, 1, [lose("might", 2), lose("speed", 2)]),
            (0, 0, [lose(t, 2) for t in TRAITS]),
        )
    ],
    use_when="haunt",
    one_use=True,
)
card(
    "Dynamite",
    "One use instead of the turn's attack (from the haunt on): thrown through a door into a room next door, "
    "where everyone rolls Speed 5+ or takes 4 physical damage.",
    use=[op("dynamite")],
    use_when="attack_free",
    one_use=True,
)
card("Adrenaline Shot", "One use: add 4 to the result of a trait roll.")
card("Angel Feather", "One use: name a number 0-8 as the result of a roll instead of rolling.")
card("Lucky Stone", "One use: reroll any of the dice of one roll.")
card("Rabbit's Foot", "Once a turn, reroll one die.")
card("Idol", "Once a turn, 2 extra dice on a roll, costing 1 Sanity.")


# --- item effects -----------------------------------------------------------------------------------------


__all__ = ["choose"]
