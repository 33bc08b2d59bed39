"""Omens, items and the item rules (C1-C11 in docs/rules.md), named after the card or the rule.

Zoe (seat 0) starts with Speed 4, Might 3, Sanity 5, Knowledge 3 (track steps 3, 3, 2, 2).
"""

from __future__ import annotations

import shlex

import pytest

from gamekit import CONTENT, arrange, choices, do, refused, start, texts
from hauntable.games.betrayal.prompts import ChooseOption, SplitDamage
from hauntable.games.betrayal.rules import _run
from hauntable.games.betrayal.world import World


def table():
    return start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table")


def drawn(card: str):
    """Zoe discovers the room of the card's deck east of the Entrance Hall and draws it."""
    deck = CONTENT.cards[card].deck
    tile = {"omen": "Kitchen ground 1 0 rotation=3", "item": "'Bloody Room' ground 1 0 rotation=0"}[deck]
    return do(table(), "move E", f"place {tile}", f"card {shlex.quote(card)}")


def holding(*cards: str, seat: int = 0, others: dict | None = None, **kw):
    """A table game where ``seat`` already holds ``cards`` (their gains applied), everyone in the Hall."""
    step = arrange(table(), **kw)
    s = step.state
    w = World(s, CONTENT)
    from hauntable.games.betrayal.cards.holding import get_card

    s.awaiting = None
    for c in cards:
        get_card(w, seat, c)
    for other, names in (others or {}).items():
        for c in names:
            get_card(w, other, c)
    _run(w)
    return step


def idx(step, trait: str, seat: int = 0) -> int:
    return step.state.explorers[seat].traits[trait]


# --- lasting trait changes (C5) and the excess above the top (C6) -----------------------------------------


def test_Holy_Symbol_and_Madman_and_Dog():
    assert idx(drawn("Holy Symbol"), "sanity") == 4
    step = drawn("Madman")
    assert (idx(step, "might"), idx(step, "sanity")) == (5, 1)
    step = drawn("Dog")
    assert (idx(step, "might"), idx(step, "sanity")) == (4, 3)


def test_Amulet_of_the_Ages_gains_1_and_loses_3():
    step = drawn("Amulet of the Ages")
    assert [idx(step, t) for t in ("speed", "might", "sanity", "knowledge")] == [4, 4, 3, 3]
    step = do(step, "drop 'Amulet of the Ages'")
    assert [idx(step, t) for t in ("speed", "might", "sanity", "knowledge")] == [1, 1, 0, 0]


def test_Bell_gives_sanity_while_held():
    step = drawn("Bell")
    assert idx(step, "sanity") == 3
    assert idx(do(step, "drop Bell"), "sanity") == 2


def test_C6_a_gain_above_the_top_is_noted_and_lost_first():
    step = holding(traits={0: {"knowledge": 6}})
    step = holding("Book", traits={0: {"knowledge": 6}})
    e = step.state.explorers[0]
    assert e.traits["knowledge"] == 7 and e.excess == {"knowledge": 1}
    assert step.state.to_json()["explorers"][0]["excess"] == {"knowledge": 1}
    step = do(step, "drop Book")
    e = step.state.explorers[0]
    assert e.traits["knowledge"] == 6 and e.excess == {}


def test_C6_damage_takes_the_excess_first():
    step = holding("Madman", traits={0: {"might": 7}})
    assert step.state.explorers[0].excess == {"might": 2}
    from hauntable.games.betrayal.damage import apply_split

    w = World(step.state, CONTENT)
    apply_split(w, 0, "physical", {"might": 1})
    assert step.state.explorers[0].traits["might"] == 7 and step.state.explorers[0].excess == {"might": 1}


def test_C6_event_gains_stop_at_the_top():
    step = holding(traits={0: {"sanity": 7}})
    w = World(step.state, CONTENT)
    w.gain(0, "sanity", 1)
    assert step.state.explorers[0].excess == {}


def test_Candle_Bell_and_Book_together_give_2_in_every_trait_once():
    step = holding("Bell", "Book", "Candle")
    e = step.state.explorers[0]
    assert (e.traits["speed"], e.traits["might"], e.traits["sanity"], e.traits["knowledge"]) == (5, 5, 5, 6)
    step = do(step, "drop Candle")
    e = step.state.explorers[0]
    assert (e.traits["speed"], e.traits["sanity"]) == (3, 3)
    step = do(step, "end", "end", "end", "take Candle")
    assert step.state.explorers[0].traits["speed"] == 3  # only once


def test_Candle_adds_a_die_to_event_trait_rolls():
    step = holding("Candle")
    step = do(step, "move E", "place Gardens ground 1 0 rotation=1", "card 'Night View'")
    assert step.awaiting.dice == 4


# --- item rules -------------------------------------------------------------------------------------------


def test_C4_dropped_items_lie_in_the_room_for_anyone():
    step = do(drawn("Axe"), "drop Axe")
    assert step.state.tokens["item:Axe"] == "Bloody Room" and step.state.explorers[0].items == []
    assert "take Axe" not in choices(step)  # once per turn per item
    assert refused(step, "take Axe").rule == "C2"
    step = do(step, "end", "move E")
    assert "take Axe" in choices(step)
    step = do(step, "take Axe")
    assert step.state.explorers[1].items == ["Axe"] and "item:Axe" not in step.state.tokens


def test_C4_a_dropped_card_is_still_in_play():
    step = do(drawn("Axe"), "drop Axe", "end", "move W")
    assert step.awaiting.kind == "tile"


def test_C3_trade_needs_the_receiver_to_agree():
    step = holding("Axe")
    assert "give Axe 1" in choices(step) and "give Axe 2" in choices(step)
    step = do(step, "give Axe 1")
    assert isinstance(step.awaiting, ChooseOption) and step.awaiting.player == 1
    step = do(step, "choose refuse")
    assert step.state.explorers[0].items == ["Axe"]
    assert refused(step, "give Axe 2").rule == "C2"
    step = holding("Book")
    step = do(step, "give Book 1", "choose accept")
    assert step.state.explorers[1].omens == ["Book"]
    assert idx(step, "knowledge") == 2 and idx(step, "knowledge", 1) == 4


def test_C3_trades_happen_in_one_room():
    step = holding("Axe", at={1: "Foyer"})
    assert "give Axe 1" not in choices(step)
    assert refused(step, "give Axe 1").rule == "C3"


@pytest.mark.parametrize("companion", ["Dog", "Girl", "Madman", "Bite"])
def test_C3_companions_and_the_Bite_cannot_be_traded_or_dropped(companion):
    step = holding(companion)
    assert not [c for c in choices(step) if companion in c]
    assert refused(step, f"drop {companion}").rule == "C3"
    assert refused(step, f"give {companion} 1").rule == "C3"


def test_C3_the_Blood_Dagger_cannot_be_traded_or_dropped():
    step = holding("Blood Dagger")
    assert refused(step, "drop 'Blood Dagger'").rule == "C3"


def test_C2_an_item_you_do_not_hold_is_refused():
    assert refused(table(), "drop Axe").rule == "C2"
    assert refused(table(), "use 'Medical Kit'").rule == "C2"


def test_C1_no_carrying_limit():
    names = ["Axe", "Bell", "Candle", "Armor", "Idol", "Revolver", "Dynamite", "Bottle", "Lucky Stone"]
    assert holding(*names).state.explorers[0].items == names


# --- items and omens with effects -------------------------------------------------------------------------


def test_Bite_is_a_Might_4_attack_on_drawing():
    step = drawn("Bite")
    assert step.awaiting.player == 2 and step.awaiting.dice == 4
    step = do(step, "roll 2,2,0,0", "roll 0,0,0")
    assert isinstance(step.awaiting, SplitDamage) and step.awaiting.amount == 4


def test_Armor_takes_1_off_physical_damage():
    step = holding("Armor")
    s = step.state
    s.awaiting, s.pending = None, [("damage", dict(seat=0, kind="physical", amount=1))]
    w = World(s, CONTENT)
    _run(w)
    assert any("Armor" in o.text for o in w.out) and idx(step, "might") == 3


def test_Skull_offers_to_take_mental_damage_as_physical():
    step = holding("Skull")
    s = step.state
    s.awaiting, s.pending = None, [("damage", dict(seat=0, kind="mental", amount=2))]
    _run(World(s, CONTENT))
    assert choices(step) == ["choose mental", "choose physical"]
    assert do(step, "choose physical").awaiting.damage == "physical"


def test_Medallion_ignores_the_Crypt_and_exit_rolls():
    step = holding(
        "Medallion", rooms={"Pentagram Chamber": ("basement", -1, 0, 0)}, at={0: "Pentagram Chamber"}
    )
    step = do(step, "move E")
    assert step.state.explorers[0].room == "Basement Landing"
    assert any("Medallion" in t for t in texts(step))


def test_Mask_on_and_off():
    step = holding("Mask")
    step = do(step, "use Mask", "roll 2,2,0,0,0")
    assert (idx(step, "knowledge"), idx(step, "sanity")) == (4, 0)
    assert step.state.explorers[0].marks["Mask"] == 1
    assert "use Mask" not in choices(step)


def test_Medical_Kit_heals_up_to_the_starting_values():
    step = holding("Medical Kit", traits={0: {"might": 1, "speed": 2, "knowledge": 5}})
    step = do(step, "use 'Medical Kit'")
    assert isinstance(step.awaiting, ChooseOption)  # whom: Zoe or the others in the Hall
    step = do(step, "choose 'Zoe Ingstrom'", "roll 2,2,2,2,0")
    step = do(step, "choose might", "choose might")  # the last step can only go to Speed
    assert (idx(step, "might"), idx(step, "speed")) == (3, 3)
    assert "use 'Medical Kit'" not in choices(step)


def test_Medical_Kit_not_offered_when_nobody_is_hurt():
    assert "use 'Medical Kit'" not in choices(holding("Medical Kit"))


def test_Healing_Salve_and_Smelling_Salts_restore_and_are_used_up():
    step = holding(
        "Healing Salve",
        "Smelling Salts",
        traits={0: {"might": 0, "knowledge": 0}},
        at={1: "Foyer", 2: "Foyer"},
    )
    step = do(step, "use 'Healing Salve'", "use 'Smelling Salts'")
    assert (idx(step, "might"), idx(step, "knowledge")) == (3, 2)
    assert step.state.explorers[0].items == []


def test_Puzzle_Box_opens_on_knowledge_6():
    step = holding("Puzzle Box", traits={0: {"knowledge": 7}})
    step = do(step, "use 'Puzzle Box'", "roll 2,2,2,0,0")
    assert step.awaiting.deck == "item"
    step = do(step, "card Axe", "card Bell")
    assert step.state.explorers[0].items == ["Axe", "Bell"]


def test_Dark_Dice_zero_drops_every_trait():
    step = do(holding("Dark Dice"), "use 'Dark Dice'", "roll 0,0,0")
    assert all(v == 0 for v in step.state.explorers[0].traits.values())
    assert step.state.explorers[0].items == []


def test_Dark_Dice_gain_a_physical_trait():
    step = do(holding("Dark Dice"), "use 'Dark Dice'", "roll 2,2,0", "choose speed")
    assert idx(step, "speed") == 4


def test_Pickpockets_Gloves_take_an_item_but_not_a_companion():
    step = holding("Pickpocket's Gloves", others={1: ["Axe", "Dog"]})
    step = do(step, 'use "Pickpocket\'s Gloves"')
    assert choices(step) == ["choose 'Ox Bellows: Axe'"]
    step = do(step, "choose 'Ox Bellows: Axe'")
    assert step.state.explorers[0].items == ["Axe"]


def test_Bottle_only_after_the_haunt():
    step = holding("Bottle")
    assert "use Bottle" not in choices(step)


def test_Spirit_Board_shows_the_top_room_tile_to_its_holder_only():
    step = start("zoe", "ox", "vivian", today="11-05", seed=5)
    s = step.state
    w = World(s, CONTENT)
    from hauntable.games.betrayal.cards.holding import get_card

    s.awaiting = None
    get_card(w, 0, "Spirit Board")
    _run(w)
    step = do(step, "use 'Spirit Board'")
    assert not any(s.stack[0] in t for t in texts(step))  # not on the shared screen
    prompt = step.state.awaiting
    assert prompt.player == 0 and prompt.private and s.stack[0] in prompt.text
    assert choices(step) == ["choose seen"]
    step = do(step, "choose seen")
    assert step.state.awaiting.kind == "action" and "use 'Spirit Board'" not in choices(step)


# --- cards that change a roll (C12) -----------------------------------------------------------------------


def night_view(*cards: str, **kw):
    """Zoe holds ``cards`` and draws Night View (a Knowledge roll, 5+ gains 1 Knowledge)."""
    step = holding(*cards, **kw)
    return do(step, "move E", "place Gardens ground 1 0 rotation=1", "card 'Night View'")


def test_Idol_adds_2_dice_for_1_sanity():
    step = night_view("Idol")
    assert choices(step) == ["use Idol"] and step.awaiting.dice == 3
    step = do(step, "use Idol")
    assert step.awaiting.dice == 5 and idx(step, "sanity") == 1
    assert choices(step) == []
    assert idx(do(step, "roll 2,2,1,0,0"), "knowledge") == 3


def test_Adrenaline_Shot_adds_4_and_is_used_up():
    step = do(night_view("Adrenaline Shot"), "use 'Adrenaline Shot'", "roll 1,0,0")
    assert idx(step, "knowledge") == 3 and step.state.explorers[0].items == []


def test_Angel_Feather_names_the_result():
    step = do(night_view("Angel Feather"), "use 'Angel Feather'")
    assert len(choices(step)) == 9
    step = do(step, "choose 8")
    assert idx(step, "knowledge") == 3 and "Angel Feather" in step.state.card_discards["item"]


def test_It_is_Meant_to_Be_kept_roll_replaces_a_later_roll():
    step = holding()
    step.state.explorers[0].marks["It is Meant to Be"] = 6
    step = do(step, "move E", "place Gardens ground 1 0 rotation=1", "card 'Night View'")
    step = do(step, "use 'It is Meant to Be'")
    assert idx(step, "knowledge") == 3 and "It is Meant to Be" not in step.state.explorers[0].marks


def test_Lucky_Stone_rerolls_chosen_dice():
    step = do(night_view("Lucky Stone"), "roll 2,0,0")
    assert choices(step) == ["choose keep", "choose 'Lucky Stone'"]
    step = do(step, "choose 'Lucky Stone'", "choose 'the 0s'")
    assert step.awaiting.dice == 2
    step = do(step, "roll 2,1")
    assert idx(step, "knowledge") == 3 and step.state.explorers[0].items == []


def test_Rabbits_Foot_rerolls_one_die_once_a_turn():
    step = do(night_view("Rabbit's Foot"), "roll 2,1,0", 'choose "Rabbit\'s Foot"', "choose 'a 0'")
    assert step.awaiting.dice == 1
    step = do(step, "roll 2")
    assert idx(step, "knowledge") == 3 and "item:Rabbit's Foot" in step.state.turn.tried


def test_Lucky_Stone_keep_changes_nothing():
    step = do(night_view("Lucky Stone"), "roll 2,2,0", "choose keep")
    assert idx(step, "knowledge") == 2 and step.state.explorers[0].items == ["Lucky Stone"]


def test_Music_Box_open_mesmerizes_whoever_enters_its_room():
    step = holding("Music Box", at={0: "Foyer"})
    step = do(step, "use 'Music Box'")
    assert step.state.marks["Music Box open"] is True
    step = do(step, "end")  # Ox, in the Entrance Hall, walks into the Foyer
    step = do(step, "move N")
    assert step.awaiting.trait == "sanity" and step.awaiting.target == 4
    step = do(step, "roll 1,0,0")
    assert step.state.turn.seat == 2 and step.state.explorers[1].room == "Foyer"


def test_Music_Box_mesmerized_holder_drops_it_at_the_start_of_a_turn():
    step = do(holding("Music Box", at={1: "Foyer", 2: "Foyer"}), "use 'Music Box'", "end", "end", "end")
    assert step.awaiting.trait == "sanity" and step.awaiting.player == 0
    step = do(step, "roll 0,0,0,0,0")
    assert step.state.tokens["item:Music Box"] == "Entrance Hall" and step.state.turn.seat == 1
    assert step.state.marks["Music Box open"] is True


def test_Dog_fetches_an_item_lying_within_6_spaces():
    step = holding("Dog", at={1: "Foyer"}, others={1: ["Axe"]})
    step.state.explorers[1].items.remove("Axe")
    step.state.tokens["item:Axe"] = "Foyer"
    step = arrange(step)
    assert "use Dog" in choices(step)
    step = do(step, "use Dog")
    assert "choose 'fetch Axe from the Foyer'" in choices(step)
    step = do(step, "choose 'fetch Axe from the Foyer'")
    assert step.state.explorers[0].items == ["Axe"] and "item:Axe" not in step.state.tokens
    assert "use Dog" not in choices(step) and "drop Axe" not in choices(step)


def test_Dog_leaves_an_item_in_a_room_nearby():
    step = do(holding("Dog", "Bell"), "use Dog", "choose 'leave Bell in the Foyer'")
    assert step.state.tokens["item:Bell"] == "Foyer" and idx(step, "sanity") == 3  # Dog +1, Bell gone


def test_Pickpockets_Gloves_need_someone_with_a_stealable_item_in_the_room():
    step = holding("Pickpocket's Gloves", others={1: ["Bite", "Armor"]})
    assert 'use "Pickpocket\'s Gloves"' not in choices(step)
    assert refused(step, 'use "Pickpocket\'s Gloves"').rule == "C2"


def test_C2_once_per_turn_each_item():
    step = do(holding("Axe", "Bell"), "drop Axe")
    assert "drop Bell" in choices(step) and "take Axe" not in choices(step)
