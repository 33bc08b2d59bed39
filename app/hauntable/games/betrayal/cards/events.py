"""Event cards. Numbers from the printed cards (checked against the TK transcription); wording ours.

An event goes to the discard pile when drawn unless its effects reach ``keep`` (Webs, Debris, Grave Dirt,
Lights Out stay in front of the player). Tokens an event leaves in the house are used with ``use NAME``;
``TOKEN_USES`` says what each does.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.rng import Rng
from hauntable.games.betrayal.cards import card
from hauntable.games.betrayal.cards.effects import (
    attack,
    choose,
    damage_dice,
    draw,
    each,
    effect_op,
    gain,
    gain_any,
    go,
    keep,
    lose,
    lose_any,
    lowest,
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
from hauntable.games.betrayal.prompts import AwaitTile, ChooseOption
from hauntable.games.betrayal.world import World, task

MENTAL_TABLE = ((4, None, []), (1, 3, [damage_dice("mental", 1)]), (0, 0, [damage_dice("mental", 2)]))

# --- trait rolls with outcome tables ---------------------------------------------------------------------

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
_FOOTSTEPS: tuple[tuple[Any, Any, list], ...] = (
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
        )
    ],
)
card(
    "What the...?",
    "Move the room you are in (with everything in it) to another open doorway on its floor.",
    on_draw=[op("what_the")],
)


# --- what the tokens do when used (``use NAME``) -----------------------------------------------------------

TOKEN_USES: dict[str, tuple[str, str, list]] = {
    "Secret Passage": ("Secret Passage", "walk", []),
    "Secret Stairs": ("Secret Stairs", "walk", []),
    "Closet": (
        "Closet Door",
        "search",
        [
            roll(
                "dice:2",
                (4, None, [draw("item")]),
                (2, 3, [draw("event")]),
                (0, 1, [op("untoken", "Closet"), draw("event")]),
            )
        ],
    ),
    "Skeletons": (
        "Skeletons",
        "search",
        [
            roll(
                "sanity",
                (5, None, [op("untoken", "Skeletons"), draw("item")]),
                (0, 4, [damage_dice("mental", 1)]),
            )
        ],
    ),
    "Safe": (
        "Locked Safe",
        "search",
        [
            roll(
                "knowledge",
                (5, None, [op("untoken", "Safe"), draw("item"), draw("item")]),
                (2, 4, [damage_dice("physical", 1)]),
                (0, 1, [damage_dice("physical", 2)]),
            )
        ],
    ),
    "Slide": ("Mystic Slide", "search", [op("slide_roll")]),
    "Wall Switch": (
        "Revolving Wall",
        "switch",
        [
            roll(
                "knowledge",
                (3, None, [op("through_switch")]),
                (0, 2, [say("the hidden switch is not found")]),
            )
        ],
    ),
}


# --- card-specific effects ---------------------------------------------------------------------------------


@effect_op("possession_drop")
def _possession_drop(w: World, seat: int, card: str, trait: str) -> list | None:
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
                    )
                ],
            ),
        )
    ]


@effect_op("spear_gains")
def _spear_gains(w: World, seat: int, card: str) -> list | None:
    holder = w.holder("Spear")
    if holder is None or holder == seat:
        return None
    return [("effects", dict(seat=holder, card=card, effects=[gain("might", 2)]))]


@effect_op("free_walk")
def _free_walk(w: World, seat: int, card: str, name: str) -> None:
    """The drawer may take the new passage or stairs at once, even without movement left (C11)."""
    if seat == w.s.turn.seat:
        w.s.turn.tried.append(f"free:{name}")


@effect_op("item_to_entrance")
def _item_to_entrance(w: World, seat: int, card: str) -> list | None:
    items = w.s.explorers[seat].items
    if not items:
        return None
    if len(items) == 1:
        _put_in_entrance(w, seat, items[0])
        return None
    return [
        (
            "card_pick_item",
            dict(
                seat=seat,
                chooser=seat,
                card=card,
                then="entrance",
                text="choose an item to put in the Entrance Hall",
            ),
        )
    ]


def _put_in_entrance(w: World, seat: int, item: str) -> None:
    from hauntable.games.betrayal.cards.holding import lose_card

    w.say(
        f"{w.who(seat)}'s {item} is blown into the Entrance Hall",
        "card.item_moved",
        card=item,
        who=w.who(seat),
    )
    lose_card(w, seat, item, "room", room="Entrance Hall")


@task("card_pick_item")
def card_pick_item(w: World, seat: int, chooser: int, card: str, then: str, text: str) -> None:
    items = tuple(w.s.explorers[seat].items)
    w.ask(
        ChooseOption(
            chooser,
            f"{w.who(chooser)}: {card} - {text}",
            card,
            items,
            code=f"pick_item.{then}",
            params=(("card", card), ("owner", w.who(seat))),
        ),
        on="card_picked_item",
        seat=seat,
        card=card,
        then=then,
    )


@task("card_picked_item")
def card_picked_item(w: World, seat: int, card: str, then: str, option: str) -> None:
    from hauntable.games.betrayal.cards.holding import lose_card

    if then == "entrance":
        _put_in_entrance(w, seat, option)
    elif then == "discard":
        w.say(f"{w.who(seat)} loses the {option}", "card.item_lost", card=option, who=w.who(seat))
        lose_card(w, seat, option, "discard")
    elif then == "stack":
        w.say(
            f"{w.who(seat)} hands the {option} through the mirror",
            "card.item_back",
            card=option,
            who=w.who(seat),
        )
        lose_card(w, seat, option, "stack")
        w.then(("effects", dict(seat=seat, card=card, effects=[gain("knowledge")])))


@effect_op("whoops")
def _whoops(w: World, seat: int, card: str) -> list | None:
    """The right-hand player picks one of the drawer's items at random: with a virtual deck the engine's
    generator picks; at a table the player draws one face down and the engine is told which."""
    items = w.s.explorers[seat].items
    if not items:
        w.say(f"{card}: {w.who(seat)} has no items", "card.nothing", card=card)
        return None
    if w.s.config.cards == "virtual" or len(items) == 1:
        rng = Rng(w.s.rng, raw=True)
        item = items[rng.below(len(items))]
        w.s.rng = rng.state
        from hauntable.games.betrayal.cards.holding import lose_card

        w.say(f"{w.who(seat)} loses the {item}", "card.item_lost", card=item, who=w.who(seat))
        lose_card(w, seat, item, "discard")
        return None
    text = f"draw one of {w.who(seat)}'s items face down and say which it is"
    return [
        ("card_pick_item", dict(seat=seat, chooser=w.right_of(seat), card=card, then="discard", text=text))
    ]


MIRROR_VARIANTS = ("an item for you", "an item from you")


@effect_op("mirror")
def _mirror(w: World, seat: int, card: str) -> list | None:
    """Image in the Mirror is printed twice with different effects. The first copy drawn with virtual cards
    is picked by the generator; at a table the player says which one they read. The second is the other."""
    used = w.s.marks.get("mirror", [])
    left = [v for v in MIRROR_VARIANTS if v not in used]
    if not left:
        left = list(MIRROR_VARIANTS)  # reshuffled back in: both again
        used = []
    if len(left) == 1 or w.s.config.cards == "virtual":
        rng = Rng(w.s.rng, raw=True)
        pick = left[rng.below(len(left))] if len(left) > 1 else left[0]
        w.s.rng = rng.state
        return [("mirror_variant", dict(seat=seat, card=card, option=pick))]
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: which Image in the Mirror is this?",
            card,
            tuple(left),
            code="mirror",
            params=(("card", card),),
        ),
        on="mirror_variant",
        seat=seat,
        card=card,
    )
    return None


@task("mirror_variant")
def mirror_variant(w: World, seat: int, card: str, option: str) -> None:
    w.own("marks")["mirror"] = [*w.s.marks.get("mirror", []), option]
    if option == MIRROR_VARIANTS[0]:
        w.say(f"{card}: your reflection hands you an item", "card.say", card=card, variant="reflection")
        w.then(("draw_card", dict(seat=seat, deck="item")))
        return
    giver = next((s for s in w.seats_from(seat) if w.s.explorers[s].items), None)
    if giver is None:
        w.say(f"{card}: nobody has an item to hand through the mirror", "card.nothing", card=card)
        return
    if len(w.s.explorers[giver].items) == 1:
        card_picked_item(w, giver, card, "stack", w.s.explorers[giver].items[0])
        return
    w.then(
        (
            "card_pick_item",
            dict(
                seat=giver,
                chooser=giver,
                card=card,
                then="stack",
                text="choose an item to hand through the mirror",
            ),
        )
    )


@effect_op("puzzle_swap")
def _puzzle_swap(w: World, seat: int, card: str) -> list | None:
    from hauntable.games.betrayal.cards.holding import lose_card

    holder = w.holder("Puzzle Box")
    if holder is None:
        return None
    w.say(f"{w.who(holder)} discards the Puzzle Box and draws another item", "card.swap", who=w.who(holder))
    lose_card(w, holder, "Puzzle Box", "discard")
    return [("draw_card", dict(seat=holder, deck="item", ends_move=False))]


@effect_op("meant_reorder")
def _meant_reorder(w: World, seat: int, card: str) -> list | None:
    if w.s.config.cards == "table" or w.s.config.rooms == "table":
        w.say(
            f"{card}: look at the top 3 of one stack and put them back in any order",
            "card.say",
            card=card,
            variant="top3",
        )
        return None
    return [("meant_deck", dict(seat=seat, card=card))]


@task("meant_deck")
def meant_deck(w: World, seat: int, card: str) -> None:
    options = tuple(d for d in ("rooms", "item", "event", "omen") if len(_pile(w, d)) > 1)
    if not options:
        return
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - which stack?",
            card,
            options,
            code="meant_stack",
            params=(("card", card),),
        ),
        on="meant_order",
        seat=seat,
        card=card,
    )


def _pile(w: World, deck: str) -> list[str]:
    return w.own("stack") if deck == "rooms" else w.deck(deck)


@task("meant_order")
def meant_order(w: World, seat: int, card: str, option: str) -> None:
    from itertools import permutations

    top = _pile(w, option)[:3]
    orders = tuple(dict.fromkeys(" / ".join(p) for p in permutations(top)))
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)} only: {card} - put the top of the {option} stack in this order",
            card,
            orders,
            private=True,
            code="meant_order",
            params=(("card", card), ("deck", option)),
        ),
        on="meant_done",
        seat=seat,
        card=card,
        deck=option,
    )


@task("meant_done")
def meant_done(w: World, seat: int, card: str, deck: str, option: str) -> None:
    pile = _pile(w, deck)
    order = option.split(" / ")
    pile[: len(order)] = order
    w.say(f"{w.who(seat)} rearranges the top of a stack", "card.reorder", card=card, who=w.who(seat))


@effect_op("meant_roll")
def _meant_roll(w: World, seat: int, card: str) -> list:
    return [("effects", dict(seat=seat, card=card, effects=[roll("dice:4", (0, None, [op("meant_store")]))]))]


@effect_op("meant_store")
def _meant_store(w: World, seat: int, card: str) -> None:
    total = w.s.explorers[seat].marks.get(card)
    w.say(
        f"{card}: {w.who(seat)} keeps the total {total} for a later roll",
        "card.say",
        card=card,
        who=w.who(seat),
        total=total,
        variant="keep",
    )


@effect_op("slide")
def _slide(w: World, seat: int, card: str) -> list | None:
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
def _slide_roll(w: World, seat: int, card: str) -> list:
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


@effect_op("revolving_wall")
def _revolving_wall(w: World, seat: int, card: str) -> list | None:
    from hauntable.games.betrayal.cards.effects import wall_cells

    room = w.s.explorers[seat].room
    walls = wall_cells(w, room)
    if not walls:
        w.say(f"{card}: the {room} has no wall without a door; the card is discarded", "card.nothing")
        return None
    if len(walls) == 1:
        return [("wall_switch", dict(seat=seat, card=card, option=walls[0][0]))]
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - which wall turns?",
            card,
            tuple(d for d, _ in walls),
            code="revolving_wall",
            params=(("card", card),),
        ),
        on="wall_switch",
        seat=seat,
        card=card,
    )
    return None


@task("wall_switch")
def wall_switch(w: World, seat: int, card: str, option: str) -> None:
    from hauntable.games.betrayal.house import HouseView, neighbour

    room = w.s.explorers[seat].room
    view = HouseView(w.s, w.content)
    cell = neighbour(*view.cell(room), option)
    other = view.room_at(cell)
    if other is None:
        if w.s.config.rooms == "table":
            if not view.tiles_left_for(cell[0]):
                w.say(f"{card}: no room is left for this floor; the card is discarded", "card.nothing")
                return
            w.then(("wall_tokens", dict(room=room, other=None, cell=list(cell))))
            w.ask(
                AwaitTile(
                    None,
                    f"{w.who(seat)}: {card} - draw {cell[0]} tiles until one fits and lay it behind the wall",
                    cell[0],
                    ((cell[1], cell[2]),),
                ),
                on="place_tile",
                seat=seat,
                entry=None,
                then_card=True,  # B3.7: a room drawn for an effect gives its card
                purpose="effect",
                need_link=False,
            )
            return
        found = next(
            (
                (t, rs[0][0])
                for t in w.s.stack
                if cell[0] in w.content.rooms[t].floors
                and (rs := view.placements(t, cell, None, True, need_link=False))
            ),
            None,
        )
        if found is None:
            w.say(f"{card}: no room is left for this floor; the card is discarded", "card.nothing")
            return
        tile, rotation = found
        w.own("stack").remove(tile)
        w.then(
            (
                "place_tile",
                dict(
                    seat=seat,
                    tile=tile,
                    floor=cell[0],
                    x=cell[1],
                    y=cell[2],
                    rotation=rotation,
                    entry=None,
                    then_card=True,  # B3.7: a room drawn for an effect gives its card
                    purpose="effect",
                ),
            ),
            ("wall_tokens", dict(room=room, other=tile)),
        )
        return
    wall_tokens(w, room, other)
    w.then(("land", dict(seat=seat, room=other)))


@task("wall_tokens")
def wall_tokens(w: World, room: str, other: str | None, cell: list | None = None) -> None:
    if other is None:  # laid from the table: whatever tile now stands behind the wall
        other = w.s.cells.get(tuple(cell))
        if other is None:
            return
    w.own("tokens")["Wall Switch"] = room
    w.own("tokens")["Wall Switch 2"] = other
    w.say(
        f"Revolving Wall: the wall between the {room} and the {other} turns",
        "card.token",
        token="Wall Switch",
        room=room,
        other=other,
        variant="wall",
    )


@effect_op("what_the")
def _what_the(w: World, seat: int, card: str) -> list | None:
    from hauntable.games.betrayal.house import HouseView

    room = w.s.explorers[seat].room
    if not w.content.rooms[room].explorable:
        return None
    view = HouseView(w.s, w.content)
    floor = w.s.house[room].floor
    free = w.s.config.house_rules.door_matching == "free"
    here = view.cell(room)
    options: list = []
    # its own floor first; with no unexplored doorway there, another floor the tile may go on
    for f in (floor, *(f for f in w.content.rooms[room].floors if f != floor)):
        cells = sorted({c for _, _, c in view.open_doorways(f, ignore=room)} - {here})
        options = [c for c in cells if view.placements(room, c, None, free, ignore=room)]
        if options:
            break
    if not options:
        w.say(f"{card}: there is no other open doorway for the {room}; it stays", "card.nothing", card=card)
        return None
    from hauntable.games.betrayal.inputs import Target
    from hauntable.games.betrayal.prompts import ChooseTarget

    w.ask(
        ChooseTarget(
            seat,
            f"{w.who(seat)}: {card} - choose where the {room} goes",
            card,
            tuple(Target(*c) for c in options),
        ),
        on="what_the_move",
        seat=seat,
        room=room,
    )
    return None


@task("what_the_move")
def what_the_move(w: World, seat: int, room: str, floor: str, x: int, y: int) -> None:
    from hauntable.games.betrayal.house import HouseView
    from hauntable.games.betrayal.state import Placed

    free = w.s.config.house_rules.door_matching == "free"
    rotation = HouseView(w.s, w.content).placements(room, (floor, x, y), None, free, ignore=room)[0][0]
    w.place(room, Placed(floor, x, y, rotation))
    w.say(f"The {room} moves to {floor} {x},{y}", "card.room_moved", room=room, floor=floor, x=x, y=y)
