"""Event cards. Numbers from the printed cards (checked against the TK transcription); wording ours.

An event goes to the discard pile when drawn unless its effects reach ``keep`` (Webs, Debris, Grave Dirt,
Lights Out stay in front of the player). Tokens an event leaves in the house are used with ``use NAME``;
``tokens.TOKEN_USES`` says what each does. An ``op(...)`` effect is carried out by the module named after
its card (mirror.py, meant_to_be.py, revolving_wall.py, ...).
"""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.cards.language import (
    CardRules,
    Effect,
    attack,
    card_table,
    choose,
    damage_dice,
    draw,
    each,
    gain,
    gain_any,
    go,
    keep,
    lose,
    lose_any,
    mark,
    nearest,
    new_room,
    op,
    place,
    roll,
    say,
    to_room,
    token,
    unmark,
    when,
)
from hauntable.games.betrayal.content import TRAITS

MENTAL_TABLE: tuple[tuple[int, int | None, list[Effect]], ...] = (
    (4, None, []),
    (1, 3, [damage_dice("mental", 1)]),
    (0, 0, [damage_dice("mental", 2)]),
)

# --- trait rolls with outcome tables ---------------------------------------------------------------------

CARDS: dict[str, CardRules] = {}
card = card_table(CARDS)


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
    on_draw=[roll("knowledge", (5, None, [gain("knowledge")]), (0, 4, []))],
)
card(
    "Something Hidden",
    "If you want, a Knowledge roll: 4+ draw an item; 0-3 lose 1 Sanity.",
    on_draw=[
        choose(
            "look for what is odd? (Knowledge roll: 4+ an item, lower loses 1 Sanity)",
            ("yes", [roll("knowledge", (4, None, [draw("item")]), (0, 3, [lose("sanity")]))]),
            ("no", []),
            question="odd",
        )
    ],
)
card(
    "The Voice",
    "Knowledge roll: 4+ draw an item.",
    on_draw=[roll("knowledge", (4, None, [draw("item")]), (0, 3, []))],
)
card(
    "Something Slimy",
    "Speed roll: 4+ gain 1 Speed; 1-3 lose 1 Might; 0 lose 1 Might and 1 Speed.",
    on_draw=[
        roll(
            "speed",
            (4, None, [gain("speed")]),
            (1, 3, [lose("might")]),
            (0, 0, [lose("might"), lose("speed")]),
        )
    ],
)
card(
    "Rotten",
    "Sanity roll: 5+ gain 1 Sanity; 2-4 lose 1 Might; 1 lose 1 Might and 1 Speed; 0 lose 1 from every trait.",
    on_draw=[
        roll(
            "sanity",
            (5, None, [gain("sanity")]),
            (2, 4, [lose("might")]),
            (1, 1, [lose("might"), lose("speed")]),
            (0, 0, [lose("might"), lose("speed"), lose("knowledge"), lose("sanity")]),
        )
    ],
)
card(
    "Bloody Vision",
    "Sanity roll: 4+ gain 1 Sanity; 2-3 lose 1 Sanity; 0-1 you must attack an explorer or monster in or "
    "next to your room, your choice (attacks exist only after the haunt begins).",
    on_draw=[
        roll(
            "sanity",
            (4, None, [gain("sanity")]),
            (2, 3, [lose("sanity")]),
            (
                0,
                1,
                [
                    when(
                        "haunt",
                        [op("bloody_attack")],
                        [say("no attacks before the haunt: nothing happens")],
                    )
                ],
            ),
        )
    ],
)
card(
    "Burning Man",
    "Sanity roll: 4+ gain 1 Sanity; 2-3 go to the Entrance Hall; 0-1 take 1 die of physical, then 1 die of "
    "mental damage.",
    on_draw=[
        roll(
            "sanity",
            (4, None, [gain("sanity")]),
            (2, 3, [to_room("Entrance Hall")]),
            (0, 1, [damage_dice("physical", 1), damage_dice("mental", 1)]),
        )
    ],
)
card(
    "Funeral",
    "Sanity roll: 4+ gain 1 Sanity; 2-3 lose 1 Sanity; 0-1 lose 1 Sanity and 1 Might and, if the Graveyard "
    "or Crypt is in the house, go to one of them.",
    on_draw=[
        roll(
            "sanity",
            (4, None, [gain("sanity")]),
            (2, 3, [lose("sanity")]),
            (
                0,
                1,
                [lose("sanity"), lose("might"), when("found:Graveyard,Crypt", [go("rooms:Graveyard,Crypt")])],
            ),
        )
    ],
)
card(
    "Phone Call",
    "Roll 2 dice: 4 gain 1 Sanity; 3 gain 1 Knowledge; 1-2 take 1 die of mental damage; 0 take 2 dice of "
    "physical damage.",
    on_draw=[
        roll(
            "dice:2",
            (4, None, [gain("sanity")]),
            (3, 3, [gain("knowledge")]),
            (1, 2, [damage_dice("mental", 1)]),
            (0, 0, [damage_dice("physical", 2)]),
        )
    ],
)
card(
    "Spider",
    "A Speed or a Sanity roll, your choice: 4+ gain 1 in that trait; 1-3 take 1 die of physical damage; 0 "
    "take 2 dice.",
    on_draw=[
        choose(
            "brush it away (Speed) or stand still (Sanity)?",
            *(
                (
                    t,
                    [
                        roll(
                            t,
                            (4, None, [gain(t)]),
                            (1, 3, [damage_dice("physical", 1)]),
                            (0, 0, [damage_dice("physical", 2)]),
                        )
                    ],
                )
                for t in ("speed", "sanity")
            ),
            question="brush",
        )
    ],
)
card(
    "Possession",
    "Roll a trait of your choice: 4+ gain 1 in any trait; 0-3 that trait drops to its lowest step (another "
    "trait of your choice if it is already there).",
    on_draw=[
        choose(
            "choose a trait to roll",
            *((t, [roll(t, (4, None, [gain_any()]), (0, 3, [op("possession_drop", t)]))]) for t in TRAITS),
            question="trait_roll",
        )
    ],
)
card(
    "Groundskeeper",
    "Knowledge roll (2 fewer dice in the Gardens): 4+ draw an item; 0-3 the player on your right makes a "
    "Might 4 attack on you.",
    on_draw=[
        when(
            "in:Gardens",
            [roll("knowledge", (4, None, [draw("item")]), (0, 3, [attack(4)]), extra=-2)],
            [roll("knowledge", (4, None, [draw("item")]), (0, 3, [attack(4)]))],
        )
    ],
)
card(
    "Creepy Puppet",
    "The player on your right makes a Might 4 attack on you; if it hurts you, whoever holds the Spear (not "
    "you) gains 2 Might.",
    on_draw=[attack(4, [op("spear_gains")])],
)
card(
    "Disquieting Sounds",
    "Roll 6 dice: at least the number of omens drawn gains 1 Sanity; less takes 1 die of mental damage.",
    on_draw=[roll("dice:6", ("omens", None, [gain("sanity")]), (0, "omens-1", [damage_dice("mental", 1)]))],
)
_FOOTSTEPS: tuple[tuple[Any, Any, list[Effect]], ...] = (
    (4, None, [gain("might"), nearest([gain("might")])]),
    (3, 3, [gain("might"), nearest([lose("sanity")])]),
    (2, 2, [lose("sanity")]),
    (1, 1, [lose("speed")]),
    (0, 0, [each("all", [lose_any()])]),
)
card(
    "Footsteps",
    "Roll 1 die (2 in the Chapel): 4 you and the nearest explorer gain 1 Might; 3 you gain 1 Might and the "
    "nearest explorer loses 1 Sanity; 2 lose 1 Sanity; 1 lose 1 Speed; 0 everyone loses 1 in a trait of "
    "their choice.",
    on_draw=[when("in:Chapel", [roll("dice:2", *_FOOTSTEPS)], [roll("dice:1", *_FOOTSTEPS)])],
)
card(
    "Hanged Men",
    "Roll each trait: 0-1 loses 1 from that trait; 2+ on all four gains 1 in a trait of your choice.",
    on_draw=[
        *(roll(t, (2, None, []), (0, 1, [lose(t), mark("Hanged Men")])) for t in TRAITS),
        when("mark:Hanged Men", [unmark("Hanged Men")], [gain_any()]),
    ],
)

# --- everyone somewhere ------------------------------------------------------------------------------------

card(
    "Hideous Shriek",
    "Every explorer rolls Sanity: 4+ nothing; 1-3 take 1 die of mental damage; 0 take 2 dice.",
    on_draw=[each("all", [roll("sanity", *MENTAL_TABLE)])],
)
card(
    "Silence",
    "Every explorer in the basement rolls Sanity: 4+ nothing; 1-3 take 1 die of mental damage; 0 take 2 "
    "dice.",
    on_draw=[each("floor:basement", [roll("sanity", *MENTAL_TABLE)])],
)
card(
    "Mists from the Walls",
    "Every explorer in the basement rolls Sanity: 4+ nothing; 1-3 take 1 die of mental damage (2 in a room "
    "with an event symbol); 0 take 1 die (3 in an event room).",
    on_draw=[
        each(
            "floor:basement",
            [
                roll(
                    "sanity",
                    (4, None, []),
                    (1, 3, [when("event_room", [damage_dice("mental", 2)], [damage_dice("mental", 1)])]),
                    (0, 0, [when("event_room", [damage_dice("mental", 3)], [damage_dice("mental", 1)])]),
                )
            ],
        )
    ],
)
card(
    "Shrieking Wind",
    "Every explorer outdoors or by an outside window rolls Might: 5+ nothing; 3-4 take 1 die of physical "
    "damage; 1-2 take 1 die of mental damage; 0 take 1 die of physical damage and put an item in the "
    "Entrance Hall.",
    on_draw=[
        each(
            "outdoors",
            [
                roll(
                    "might",
                    (5, None, []),
                    (3, 4, [damage_dice("physical", 1)]),
                    (1, 2, [damage_dice("mental", 1)]),
                    (0, 0, [damage_dice("physical", 1), op("item_to_entrance")]),
                )
            ],
        )
    ],
)
card(
    "The Beckoning",
    "Every explorer outdoors or by an outside window rolls Sanity: 3+ nothing; 0-2 jump to the Patio "
    "(found in the stack if need be) and take 1 die of physical damage.",
    on_draw=[
        each(
            "outdoors",
            [
                roll(
                    "sanity",
                    (3, None, []),
                    (0, 2, [new_room(("ground",), search="Patio"), damage_dice("physical", 1)]),
                )
            ],
        )
    ],
)

# --- moving -----------------------------------------------------------------------------------------------

card(
    "The Lost One",
    "Knowledge roll: 5+ gain 1 Knowledge; lower, roll 3 dice: 6 go to the Entrance Hall; 4-5 the Upper "
    "Landing; 2-3 a new upper floor room; 0-1 a new basement room (the Entrance Hall if none can be laid).",
    on_draw=[
        roll(
            "knowledge",
            (5, None, [gain("knowledge")]),
            (
                0,
                4,
                [
                    roll(
                        "dice:3",
                        (6, None, [to_room("Entrance Hall")]),
                        (4, 5, [to_room("Upper Landing")]),
                        (2, 3, [new_room(("upper",), or_room="Entrance Hall")]),
                        (0, 1, [new_room(("basement",), or_room="Entrance Hall")]),
                    )
                ],
            ),
        )
    ],
)
card(
    "The Walls",
    "Lay the next room tile and go into it (drawing its card).",
    on_draw=[new_room()],
)

# --- lingering: kept in front of the player ------------------------------------------------------------

card(
    "Grave Dirt",
    "Might roll: 4+ gain 1 Might; 0-3 keep this card: 1 physical damage at the start of each of your turns "
    "until an item raises one of your traits or you end a turn in the Balcony, Gardens, Graveyard, "
    "Gymnasium, Larder, Patio or Tower.",
    on_draw=[roll("might", (4, None, [gain("might")]), (0, 3, [keep()]))],
)
card(
    "Webs",
    "Might roll: 4+ gain 1 Might; 0-3 you are stuck (keep this card) until someone in your room, or you, "
    "rolls Might 4+ (once per turn each; a failure stops that explorer's movement); free after 3 failures.",
    on_draw=[roll("might", (4, None, [gain("might")]), (0, 3, [keep()]))],
)
card(
    "Debris",
    "Speed roll: 3+ gain 1 Speed; 1-2 take 1 die of physical damage, 0 take 2 dice, and you are buried (keep "
    "this card) until someone in your room, or you, rolls Might 4+; free after 3 failures.",
    on_draw=[
        roll(
            "speed",
            (3, None, [gain("speed")]),
            (1, 2, [damage_dice("physical", 1), keep()]),
            (0, 0, [damage_dice("physical", 2), keep()]),
        )
    ],
)
card(
    "Lights Out",
    "Keep this card: you move only 1 space a turn until you end a turn with another explorer (or in the "
    "Furnace Room); the Candle ends it at once.",
    on_draw=[when("has:Candle", [say("the Candle lights the way: no effect")], [keep()])],
)

# --- tokens that stay in the house ----------------------------------------------------------------------

card(
    "A Moment of Hope",
    "Blessing token here: heroes roll 1 extra die (8 at most) on trait rolls in this room.",
    on_draw=[token("Blessing")],
)
card(
    "Drip... Drip... Drip...",
    "Drip token here: 1 fewer die (at least 1) on trait rolls in this room.",
    on_draw=[token("Drip")],
)
card(
    "Smoke",
    "Smoke token here: 2 fewer dice (at least 1) on trait rolls in this room; it blocks line of sight.",
    on_draw=[token("Smoke")],
)
card(
    "Closet Door",
    "Closet token here; once a turn, an explorer here may roll 2 dice: 4 draw an item; 2-3 draw an event; "
    "0-1 draw an event and the Closet is gone.",
    on_draw=[token("Closet")],
)
card(
    "Skeletons",
    "Skeletons token here; take 1 die of mental damage. Once a turn an explorer here may search them: Sanity "
    "5+ draws an item and removes them; lower takes 1 die of mental damage.",
    on_draw=[token("Skeletons"), damage_dice("mental", 1)],
)
card(
    "Locked Safe",
    "Safe token here; once a turn an explorer here may roll Knowledge: 5+ draw 2 items and the Safe is gone; "
    "2-4 take 1 die of physical damage; 0-1 take 2 dice.",
    on_draw=[token("Safe")],
)
card(
    "Secret Passage",
    "Secret Passage tokens here and in a room picked by 3 dice (6 any, 4-5 upper, 2-3 ground, 0-1 basement); "
    "going between them costs 1 space; you may use it now even without movement.",
    on_draw=[
        token("Secret Passage"),
        roll(
            "dice:3",
            (6, None, [place("Secret Passage 2", "any")]),
            (4, 5, [place("Secret Passage 2", "floor:upper")]),
            (2, 3, [place("Secret Passage 2", "floor:ground")]),
            (0, 1, [place("Secret Passage 2", "floor:basement")]),
        ),
        op("free_walk", "Secret Passage"),
    ],
)
card(
    "Secret Stairs",
    "Secret Stairs tokens here and in a room on another floor; going between them costs 1 space; taking them "
    "now, even without movement, draws an event card in the new room.",
    on_draw=[
        token("Secret Stairs"),
        place("Secret Stairs 2", "other_floor"),
        op("free_walk", "Secret Stairs"),
    ],
)
card(
    "Mystic Slide",
    "Slide token here (if you are in the basement, the next explorer to your left not in the basement is "
    "affected); Might roll to use it, now and later: 5+ go to a room on a floor below; 0-4 fall to a new "
    "basement room and take 1 die of physical damage.",
    on_draw=[op("slide")],
)
card(
    "Revolving Wall",
    "Wall Switch on a wall of this room without a door; the room behind it (laid now if need be) gets the "
    "other side and you go there. Once a turn, Knowledge 3+ passes it (no movement spent).",
    on_draw=[op("revolving_wall")],
)

# --- cards and items -------------------------------------------------------------------------------------

card(
    "Image in the Mirror",
    "Two different cards: one gives you an item; the other takes one of your items back into the item "
    "stack and gives you 1 Knowledge.",
    on_draw=[op("mirror")],
)
card(
    "Jonah's Turn",
    "Whoever holds the Puzzle Box swaps it for a new item and you gain 1 Sanity; if nobody does, take 1 die "
    "of mental damage.",
    on_draw=[when("held:Puzzle Box", [op("puzzle_swap"), gain("sanity")], [damage_dice("mental", 1)])],
)
card(
    "Whoops!",
    "The player on your right discards one of your items at random.",
    on_draw=[op("whoops")],
)
card(
    "It is Meant to Be",
    "Either reorder the top 3 cards of a deck, or roll 4 dice and keep the total to use for a later roll.",
    on_draw=[
        choose(
            "reorder the top of a deck, or keep a roll for later?",
            ("reorder", [op("meant_reorder")]),
            ("keep a roll", [op("meant_roll")]),
            question="meant",
        )
    ],
)
card(
    "What the...?",
    "Move the room you are in (with everything in it) to another open doorway on its floor.",
    on_draw=[op("what_the")],
)
