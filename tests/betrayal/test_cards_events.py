"""Event cards: each tested through its main branches, named after the card.

Zoe (seat 0) starts with Speed 4, Might 3, Sanity 5, Knowledge 3 (track steps 3, 3, 2, 2); she discovers a
room east of the Entrance Hall on a table and draws the named card there.
"""

from __future__ import annotations

import shlex

import pytest

from gamekit import arrange, choices, do, refused, start, texts, value
from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal.prompts import ChooseOption, ChooseTarget, SplitDamage


def drawn(card: str, tile: str = "Gardens", rotation: int = 1, **kwargs):
    step = start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table", **kwargs)
    return do(step, "move E", f"place {tile} ground 1 0 rotation={rotation}", f"card {shlex.quote(card)}")


def idx(step, trait: str, seat: int = 0) -> int:
    return step.state.explorers[seat].traits[trait]


def is_turn(step) -> bool:
    return step.awaiting.kind == "action"


# --- plain roll tables ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("faces", "trait", "change"), [("2,2,1", "might", 0), ("1,0,0", "might", -1)])
def test_Something_Slimy_branches(faces, trait, change):
    step = do(drawn("Something Slimy"), "roll 2,2,0,0" if change == 0 else "roll 1,0,0,0")
    assert idx(step, "speed") == (4 if change == 0 else 3)
    assert idx(step, "might") == 3 + change


def test_Something_Slimy_zero_loses_might_and_speed():
    step = do(drawn("Something Slimy"), "roll 0,0,0,0")
    assert (idx(step, "might"), idx(step, "speed")) == (2, 2)


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ("2,2,1,0,0", {"sanity": 3}),
        ("1,1,0,0,0", {"might": 2}),
        ("1,0,0,0,0", {"might": 2, "speed": 2}),
        ("0,0,0,0,0", {"might": 2, "speed": 2, "sanity": 1, "knowledge": 1}),
    ],
)
def test_Rotten_branches(faces, expected):
    step = do(drawn("Rotten"), f"roll {faces}")
    for trait, i in expected.items():
        assert idx(step, trait) == i


def test_Night_View_and_The_Voice():
    assert idx(do(drawn("Night View"), "roll 2,2,1"), "knowledge") == 3
    assert idx(do(drawn("Night View"), "roll 2,2,0"), "knowledge") == 2
    step = do(drawn("The Voice"), "roll 2,2,0")
    assert step.awaiting.kind == "card" and step.awaiting.deck == "item"
    assert is_turn(do(drawn("The Voice"), "roll 1,1,1"))


def test_Something_Hidden_may_be_left_alone():
    step = drawn("Something Hidden")
    assert choices(step) == ["choose yes", "choose no"]
    step = do(step, "choose no")
    assert is_turn(step) and idx(step, "sanity") == 2


@pytest.mark.parametrize(("faces", "sanity"), [("2,2,0,0,0", 3), ("1,1,0,0,0", 1)])
def test_Bloody_Vision_gain_or_loss(faces, sanity):
    assert idx(do(drawn("Bloody Vision"), f"roll {faces}"), "sanity") == sanity


def test_Bloody_Vision_worst_result_has_no_attack_before_the_haunt():
    step = do(drawn("Bloody Vision"), "roll 1,0,0,0,0")
    assert any("no attacks before the haunt" in t for t in texts(step)) and is_turn(step)


def test_Burning_Man_branches():
    assert idx(do(drawn("Burning Man"), "roll 2,2,0,0,0"), "sanity") == 3
    step = do(drawn("Burning Man"), "roll 1,1,0,0,0")
    assert step.state.explorers[0].room == "Entrance Hall"
    step = do(drawn("Burning Man"), "roll 0,0,0,0,0", "roll 1")
    assert step.awaiting.damage == "physical"
    step = do(step, "split might=1", "roll 2")
    assert step.awaiting.damage == "mental" and step.awaiting.amount == 2


def test_Funeral_sends_you_to_the_Graveyard_or_Crypt_when_found():
    step = start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table")
    step = arrange(step, rooms={"Graveyard": ("ground", -1, 0, 1)})
    step = do(step, "move E", "place Gardens ground 1 0 rotation=1", "card Funeral", "roll 0,0,0,1,0")
    assert (idx(step, "sanity"), idx(step, "might")) == (1, 2)
    assert step.state.explorers[0].room == "Graveyard"
    step = do(drawn("Funeral"), "roll 0,0,0,1,0")
    assert step.state.explorers[0].room == "Gardens"
    assert idx(do(drawn("Funeral"), "roll 2,1,0,0,0"), "sanity") == 1


@pytest.mark.parametrize(
    ("faces", "check"),
    [
        ("2,2", lambda s: idx(s, "sanity") == 3),
        ("2,1", lambda s: idx(s, "knowledge") == 3),
        ("1,0", lambda s: s.awaiting.purpose == "mental damage"),
        ("0,0", lambda s: s.awaiting.purpose == "physical damage" and s.awaiting.dice == 2),
    ],
)
def test_Phone_Call_two_dice(faces, check):
    assert check(do(drawn("Phone Call"), f"roll {faces}"))


def test_Spider_speed_or_sanity():
    step = drawn("Spider")
    assert choices(step) == ["choose speed", "choose sanity"]
    step = do(step, "choose sanity")
    assert step.awaiting.trait == "sanity" and step.awaiting.dice == 5
    assert idx(do(step, "roll 2,2,0,0,0"), "sanity") == 3
    step = do(drawn("Spider"), "choose speed", "roll 0,0,0,0")
    assert step.awaiting.dice == 2 and step.awaiting.purpose == "physical damage"


def test_Possession_failure_drops_the_trait_to_its_lowest_step():
    step = do(drawn("Possession"), "choose might", "roll 1,1,0")
    assert idx(step, "might") == 0


def test_Possession_success_gains_any_trait():
    step = do(drawn("Possession"), "choose knowledge", "roll 2,2,0", "choose speed")
    assert idx(step, "speed") == 4


def test_Possession_on_a_trait_already_lowest_drops_another():
    step = arrange(
        start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table"), traits={0: {"might": 0}}
    )
    step = do(step, "move E", "place Gardens ground 1 0 rotation=1", "card Possession", "choose might")
    step = do(step, "roll 0,0")
    assert "choose sanity" in choices(step) and "choose might" not in choices(step)
    assert idx(do(step, "choose sanity"), "sanity") == 0


def test_Disquieting_Sounds_compares_with_the_omens_drawn():
    step = drawn("Disquieting Sounds")
    assert step.awaiting.dice == 6
    assert idx(do(step, "roll 0,0,0,0,0,0"), "sanity") == 3  # no omens yet: 0 is enough
    step.state.omens_drawn = 3
    assert do(step, "roll 1,1,0,0,0,0").awaiting.purpose == "mental damage"


def test_Hanged_Men_all_four_pass_gains_a_trait():
    step = do(drawn("Hanged Men"), "roll 2,0,0,0", "roll 2,0,0", "roll 2,0,0,0,0", "roll 2,0,0")
    assert isinstance(step.awaiting, ChooseOption)
    assert idx(do(step, "choose might"), "might") == 4


def test_Hanged_Men_a_failed_roll_loses_that_trait_and_no_bonus():
    step = do(drawn("Hanged Men"), "roll 2,0,0,0", "roll 1,0,0", "roll 2,0,0,0,0", "roll 2,0,0")
    assert idx(step, "might") == 2 and is_turn(step)
    assert "Hanged Men" not in step.state.explorers[0].marks


def test_Footsteps_rolls_one_die_and_two_in_the_Chapel():
    step = drawn("Footsteps")
    assert step.awaiting.dice == 1
    assert idx(do(step, "roll 1"), "speed") == 2
    chapel = do(
        start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table"),
        "move E",
        "place Chapel ground 1 0 rotation=3",
        "card Footsteps",
    )
    assert chapel.awaiting.dice == 2


def test_Footsteps_4_you_and_the_nearest_explorer_gain_might():
    step = do(drawn("Footsteps", tile="Chapel", rotation=3), "roll 2,2")
    assert idx(step, "might") == 4
    assert idx(step, "might", 1) == 3  # Ox, in the Entrance Hall next door (first clockwise)


def test_Footsteps_0_everyone_loses_a_trait_of_their_choice():
    step = do(drawn("Footsteps"), "roll 0")
    assert step.awaiting.player == 0
    step = do(step, "choose speed")
    assert step.awaiting.player == 1
    step = do(step, "choose might", "choose sanity")
    assert (idx(step, "speed"), idx(step, "might", 1), idx(step, "sanity", 2)) == (2, 1, 1)


# --- attacks ------------------------------------------------------------------------------------------


def test_Groundskeeper_failure_is_a_Might_4_attack_by_the_player_on_the_right():
    step = drawn("Groundskeeper")
    assert step.awaiting.dice == 1  # Knowledge 3, 2 fewer dice in the Gardens
    step = do(step, "roll 0")
    assert step.awaiting.player == 2 and step.awaiting.dice == 4  # Vivian sits on Zoe's right
    step = do(step, "roll 2,2,2,2", "roll 1,0,0")
    assert isinstance(step.awaiting, SplitDamage) and step.awaiting.amount == 7


def test_Groundskeeper_success_draws_an_item():
    step = do(drawn("Groundskeeper", tile="Chapel", rotation=3), "roll 2,2,0")
    assert step.awaiting.kind == "card"


def test_Creepy_Puppet_hurting_you_gives_the_Spear_holder_2_might():
    step = drawn("Creepy Puppet")
    step.state.explorers[1].omens.append("Spear")
    step = do(step, "roll 2,2,1,0", "roll 1,0,0", "split might=2 speed=2")
    assert idx(step, "might", 1) == 4


def test_Creepy_Puppet_defended_does_nothing():
    step = do(drawn("Creepy Puppet"), "roll 1,0,0,0", "roll 1,0,0")
    assert is_turn(step) and any("fends off" in t for t in texts(step))


# --- everyone somewhere -------------------------------------------------------------------------------


def test_Hideous_Shriek_every_explorer_rolls_sanity():
    step = do(drawn("Hideous Shriek"), "roll 2,2,0,0,0")
    assert step.awaiting.player == 1
    step = do(step, "roll 0,0,0")
    assert step.awaiting.purpose == "mental damage" and step.awaiting.dice == 2
    step = do(step, "roll 0,0", "roll 2,2,0,0")
    assert is_turn(step)


def test_Silence_and_Mists_touch_only_the_basement():
    step = do(drawn("Silence"))
    assert is_turn(step) and any("nobody" in t for t in texts(step))
    step = start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table")
    step = arrange(step, at={1: "Basement Landing"})
    step = do(step, "move E", "place Gardens ground 1 0 rotation=1", "card 'Mists from the Walls'")
    assert step.awaiting.player == 1
    assert do(step, "roll 1,0,0").awaiting.dice == 1  # the landing shows no event symbol


def test_Shrieking_Wind_worst_roll_blows_an_item_to_the_Entrance_Hall():
    step = drawn("Shrieking Wind")
    step.state.explorers[0].items.append("Axe")
    step = do(step, "roll 0,0,0", "roll 0")
    assert step.state.tokens["item:Axe"] == "Entrance Hall" and step.state.explorers[0].items == []


def test_The_Beckoning_pulls_you_to_the_Patio():
    step = start("zoe", "ox", "vivian", today="11-05", cards="table", seed=3)
    step = arrange(step, rooms={"Gardens": ("ground", 1, 0, 1)}, at={0: "Gardens"})
    from gamekit import CONTENT
    from hauntable.games.betrayal.cards import CARD_RULES
    from hauntable.games.betrayal.cards.interpreter import run
    from hauntable.games.betrayal.rules import _run
    from hauntable.games.betrayal.world import World

    s = step.state
    s.awaiting = None
    s.pending = [
        ("effects", dict(seat=0, card="The Beckoning", effects=list(CARD_RULES["The Beckoning"].on_draw)))
    ]
    _run(World(s, CONTENT))
    step = do(step, "roll 0,0,0,0,0")
    while isinstance(step.awaiting, ChooseTarget) or step.awaiting.kind in ("rotation", "card"):
        step = do(step, str(step.awaiting.choices()[0]) if step.awaiting.choices() else "card Webs")
    assert "Patio" in step.state.house and step.state.explorers[0].room == "Patio"
    assert run  # imported for the registry


# --- lingering ----------------------------------------------------------------------------------------


def test_Grave_Dirt_hurts_each_turn_until_a_clean_room():
    step = do(drawn("Grave Dirt"), "roll 1,0,0")
    assert step.state.explorers[0].kept == ["Grave Dirt"]
    assert "Grave Dirt" not in step.state.card_discards["event"]
    step = do(step, "end")  # Gardens is a clean room: the turn ends there and the card goes
    assert step.state.explorers[0].kept == []


def test_Grave_Dirt_damage_at_the_start_of_the_turn():
    step = do(drawn("Grave Dirt", tile="Chapel", rotation=3), "roll 1,0,0", "end", "end", "end")
    assert isinstance(step.awaiting, SplitDamage) and step.awaiting.amount == 1 and step.awaiting.player == 0


def test_Webs_keeps_you_stuck_until_freed():
    step = do(drawn("Webs"), "roll 1,0,0")
    assert choices(step) == ["free 0", "end"]
    assert refused(step, "use Axe").rule == "C10"
    step = do(step, "free 0", "roll 1,0,0")
    assert step.state.explorers[0].marks["Webs"] == 1
    assert refused(step, "free 0").rule == "C10"  # once per turn
    step = do(step, "end", "move E")  # Ox walks over to Zoe
    assert "free 0" in choices(step)
    step = do(step, "free 0", "roll 2,2,0,0,0")
    assert step.state.explorers[0].kept == [] and "Webs" in step.state.card_discards["event"]


def test_Webs_three_failures_free_you_next_turn():
    step = do(drawn("Webs"), "roll 1,0,0")
    step.state.explorers[0].marks["Webs"] = 3
    step = do(step, "end", "end", "end")
    assert step.state.explorers[0].kept == [] and any(c.startswith("move") for c in choices(step))


def test_Debris_buries_and_damages():
    step = do(drawn("Debris"), "roll 1,0,0,0", "roll 1")
    step = do(step, "split speed=1") if isinstance(step.awaiting, SplitDamage) else step
    assert step.state.explorers[0].kept == ["Debris"]
    assert idx(do(drawn("Debris"), "roll 2,1,0,0"), "speed") == 4


def test_Lights_Out_moves_one_space_until_a_turn_ends_with_company():
    step = drawn("Lights Out")
    assert step.state.explorers[0].kept == ["Lights Out"]
    step = do(step, "end", "end", "end")
    assert step.awaiting.movement_left == 1
    step = do(step, "move W")
    assert step.awaiting.movement_left == 0
    step = do(step, "end")  # Ox and Vivian are in the Entrance Hall
    assert step.state.explorers[0].kept == []


# --- tokens -------------------------------------------------------------------------------------------


def test_A_Moment_of_Hope_Drip_and_Smoke_change_the_dice_in_their_room():
    step = drawn("A Moment of Hope")
    assert step.state.tokens["Blessing"] == "Gardens"
    from gamekit import CONTENT
    from hauntable.games.betrayal.world import World

    w = World(step.state, CONTENT)
    assert w.dice_for(0, "might") == 4
    step.state.tokens["Drip"] = "Gardens"
    assert w.dice_for(0, "might") == 3
    step.state.tokens["Smoke"] = "Gardens"
    assert w.dice_for(0, "might") == 1
    assert drawn("Drip... Drip... Drip...").state.tokens["Drip"] == "Gardens"
    assert drawn("Smoke").state.tokens["Smoke"] == "Gardens"


def test_Closet_Door_search_once_a_turn():
    step = drawn("Closet Door")
    assert "use Closet" in choices(step)
    step = do(step, "use Closet", "roll 2,2")
    assert step.awaiting.deck == "item"
    step = do(step, "card Axe")
    assert "use Closet" not in choices(step)


def test_Closet_Door_low_roll_draws_an_event_and_removes_the_closet():
    step = do(drawn("Closet Door"), "use Closet", "roll 1,0")
    assert "Closet" not in step.state.tokens and step.awaiting.deck == "event"


def test_Skeletons_hurt_and_can_be_searched():
    step = drawn("Skeletons")
    assert step.state.tokens["Skeletons"] == "Gardens" and step.awaiting.purpose == "mental damage"
    step = do(step, "roll 0", "use Skeletons", "roll 2,2,1,0,0")
    assert "Skeletons" not in step.state.tokens and step.awaiting.deck == "item"


def test_Locked_Safe_opens_on_knowledge_5():
    step = do(drawn("Locked Safe"), "use Safe", "roll 2,2,1", "card Axe", "card Bell")
    assert step.state.explorers[0].items == ["Axe", "Bell"] and "Safe" not in step.state.tokens
    step = do(drawn("Locked Safe"), "use Safe", "roll 1,0,0")
    assert step.awaiting.dice == 2 and "Safe" in step.state.tokens


def test_Secret_Passage_links_two_rooms_for_one_space():
    step = drawn("Secret Passage")
    step = do(step, "roll 1,1,0")  # 2: a ground floor room
    assert isinstance(step.awaiting, ChooseTarget)
    step = do(step, "target ground 0 1")  # the Foyer
    assert step.state.tokens["Secret Passage 2"] == "Foyer"
    assert "use 'Secret Passage'" in choices(step)  # even though the draw ended her movement
    step = do(step, "use 'Secret Passage'")
    assert step.state.explorers[0].room == "Foyer"
    assert "use 'Secret Passage'" not in choices(step)


def test_Secret_Stairs_taken_at_once_draw_an_event():
    step = drawn("Secret Stairs")
    assert isinstance(step.awaiting, ChooseTarget) and len(choices(step)) == 2  # the two landings
    step = do(step, choices(step)[-1])
    assert step.state.tokens["Secret Stairs 2"] == "Upper Landing"
    step = do(step, "use 'Secret Stairs'")
    assert step.state.explorers[0].room == "Upper Landing"
    assert step.awaiting.kind == "card" and step.awaiting.deck == "event"


def test_Mystic_Slide_5_goes_below_lower_falls():
    step = drawn("Mystic Slide")
    assert step.state.tokens["Slide"] == "Gardens" and step.awaiting.trait == "might"
    step = do(step, "roll 2,2,1")
    assert step.state.explorers[0].room == "Basement Landing"


def test_Revolving_Wall_on_a_table_lays_the_room_behind_the_wall():
    step = drawn("Revolving Wall")  # Gardens turned E-W: walls N and S, nothing behind them
    step = do(step, "choose N")
    assert step.awaiting.kind == "tile" and step.awaiting.cells == ((1, 1),)
    step = do(step, "place Kitchen ground 1 1", "rotate 3")  # meets the Foyer; no door to the Gardens
    assert step.state.explorers[0].room == "Kitchen"
    assert step.awaiting.kind == "card" and step.awaiting.deck == "omen"  # B3.7
    step = do(step, "card Ring")
    assert (step.state.tokens["Wall Switch"], step.state.tokens["Wall Switch 2"]) == ("Gardens", "Kitchen")


def test_Revolving_Wall_with_a_room_behind():
    step = start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table")
    step = arrange(step, rooms={"Chapel": ("ground", 1, 1, 0)})
    step = do(step, "move E", "place Gardens ground 1 0 rotation=1", "card 'Revolving Wall'")
    if isinstance(step.awaiting, ChooseOption):
        step = do(step, "choose N")
    assert step.state.explorers[0].room == "Chapel"
    assert {step.state.tokens["Wall Switch"], step.state.tokens["Wall Switch 2"]} == {"Gardens", "Chapel"}
    step = do(step, "use 'Wall Switch'", "roll 2,1,0")
    assert step.state.explorers[0].room == "Gardens"


# --- cards and the house ------------------------------------------------------------------------------


def test_Image_in_the_Mirror_the_player_says_which_copy():
    step = drawn("Image in the Mirror")
    assert choices(step) == ["choose 'an item for you'", "choose 'an item from you'"]
    assert do(step, "choose 'an item for you'").awaiting.deck == "item"
    step.state.explorers[0].items.append("Axe")
    step = do(step, "choose 'an item from you'")
    assert step.state.explorers[0].items == [] and idx(step, "knowledge") == 3


def test_Jonahs_Turn_swaps_the_Puzzle_Box():
    step = drawn("Jonah's Turn")
    assert step.awaiting.purpose == "mental damage"
    step = start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table")
    step.state.explorers[1].items.append("Puzzle Box")
    step = do(step, "move E", "place Gardens ground 1 0 rotation=1", 'card "Jonah\'s Turn"')
    assert step.awaiting.player == 1 and step.awaiting.deck == "item"
    step = do(step, "card Axe")
    assert step.state.explorers[1].items == ["Axe"] and idx(step, "sanity") == 3


def test_Whoops_the_player_on_the_right_picks_an_item():
    step = drawn("Whoops!")
    assert is_turn(step)
    step = start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table")
    step.state.explorers[0].items.extend(["Axe", "Bell"])
    step = do(step, "move E", "place Gardens ground 1 0 rotation=1", "card Whoops!")
    assert step.awaiting.player == 2 and choices(step) == ["choose Axe", "choose Bell"]
    step = do(step, "choose Bell")
    assert step.state.explorers[0].items == ["Axe"] and "Bell" in step.state.card_discards["item"]


def test_It_is_Meant_to_Be_keeps_a_roll():
    step = do(drawn("It is Meant to Be"), "choose 'keep a roll'", "roll 2,2,1,0")
    assert step.state.explorers[0].marks["It is Meant to Be"] == 5


def test_It_is_Meant_to_Be_reorders_a_virtual_deck():
    step = start("zoe", "ox", "vivian", today="11-05", seed=1)
    from gamekit import CONTENT
    from hauntable.games.betrayal.cards.language import op
    from hauntable.games.betrayal.rules import _run
    from hauntable.games.betrayal.world import World

    s = step.state
    s.awaiting, s.pending = (
        None,
        [("effects", dict(seat=0, card="It is Meant to Be", effects=[op("meant_reorder")]))],
    )
    _run(World(s, CONTENT))
    step = do(step, "choose item")
    assert step.awaiting.player == 0 and step.awaiting.private  # the cards are for the drawer's eyes only
    top = s.decks["item"][:3]
    order = " / ".join(reversed(top))
    step = do(step, f"choose '{order}'")
    assert step.state.decks["item"][:3] == list(reversed(top))
    assert not any(card in text for card in top for text in texts(step))


def test_What_the_moves_the_room():
    step = drawn("What the...?")
    assert isinstance(step.awaiting, ChooseTarget)
    target = step.awaiting.choices()[0]
    step = do(step, str(target))
    p = step.state.house["Gardens"]
    assert (p.floor, p.x, p.y) == (target.floor, target.x, target.y)


def test_The_Walls_lays_the_next_tile_and_puts_you_in_it():
    step = drawn("The Walls")
    assert step.awaiting.kind in ("option", "tile")


def test_The_Lost_One_wanders():
    assert idx(do(drawn("The Lost One"), "roll 2,2,1"), "knowledge") == 3
    step = do(drawn("The Lost One"), "roll 0,0,0", "roll 2,2,2")
    assert step.state.explorers[0].room == "Entrance Hall"
    step = do(drawn("The Lost One"), "roll 0,0,0", "roll 2,2,0")
    assert step.state.explorers[0].room == "Upper Landing"


def test_every_event_has_rules():
    from gamekit import CONTENT
    from hauntable.games.betrayal.cards import CARD_RULES

    assert {n for n, c in CONTENT.cards.items() if c.deck == "event"} <= set(CARD_RULES)


def test_value_helper_reads_tracks():
    assert value(drawn("Night View"), 0, "knowledge") == 3
    assert isinstance(drawn("Night View").awaiting, RollDice)


# --- with virtual tiles: laying new rooms ------------------------------------------------------------------


def run_card(card: str, seat: int = 0, seed: int = 7, room: str = "Gardens"):
    """A virtual-tile game with Zoe in the Gardens (east of the Hall); the card's draw effects start now."""
    from gamekit import CONTENT
    from hauntable.engine.game import Step
    from hauntable.games.betrayal.cards import CARD_RULES
    from hauntable.games.betrayal.rules import _run
    from hauntable.games.betrayal.world import World

    step = start("zoe", "ox", "vivian", today="11-05", seed=seed, cards="table")
    step = arrange(step, rooms={"Gardens": ("ground", 1, 0, 1)}, at={seat: room})
    s = step.state
    s.awaiting = None
    s.pending = [("effects", dict(seat=seat, card=card, effects=list(CARD_RULES[card].on_draw)))]
    w = World(s, CONTENT)
    _run(w)
    return Step(s, tuple(w.out))


def test_The_Walls_with_virtual_tiles_lays_a_room_and_draws_its_card():
    step = run_card("The Walls")
    assert isinstance(step.awaiting, ChooseTarget)
    step = do(step, choices(step)[0])
    new = step.state.explorers[0].room
    assert new not in ("Gardens", "Entrance Hall") and new in step.state.house


def test_Mystic_Slide_failure_falls_to_a_new_basement_room():
    step = do(run_card("Mystic Slide"), "roll 0,0,0")
    if isinstance(step.awaiting, ChooseTarget):
        step = do(step, choices(step)[0])
    room = step.state.explorers[0].room
    assert step.state.house[room].floor == "basement" and room != "Basement Landing"
    assert step.awaiting.purpose == "physical damage"


def test_Mystic_Slide_from_the_basement_passes_to_the_next_explorer_above():
    step = run_card("Mystic Slide", room="Basement Landing")
    assert step.awaiting.player == 1 and step.state.tokens["Slide"] == "Basement Landing"


def test_The_Lost_One_to_a_new_upper_room():
    step = do(run_card("The Lost One"), "roll 0,0,0", "roll 1,1,0")
    if isinstance(step.awaiting, ChooseTarget):
        step = do(step, choices(step)[0])
    assert step.state.house[step.state.explorers[0].room].floor == "upper"


def test_Revolving_Wall_with_virtual_tiles_lays_the_room_behind():
    step = run_card("Revolving Wall")
    step = do(step, "choose N")
    behind = step.state.tokens["Wall Switch 2"]
    assert step.state.explorers[0].room == behind and step.state.tokens["Wall Switch"] == "Gardens"


def test_What_the_moves_the_room_to_another_floor_when_its_floor_is_full(monkeypatch):
    from gamekit import CONTENT
    from hauntable.games.betrayal.house import HouseView
    from hauntable.games.betrayal.rules import _run
    from hauntable.games.betrayal.world import World

    step = start("zoe", "ox", "vivian", today="11-05", seed=7, cards="table")
    step = arrange(step, rooms={"Organ Room": ("ground", 1, 0, 0)}, at={0: "Organ Room"})  # doors S, W
    real = HouseView.open_doorways
    monkeypatch.setattr(  # pretend the ground floor has no unexplored doorway left
        HouseView,
        "open_doorways",
        lambda self, f, ignore=None: [] if f == "ground" else real(self, f, ignore),
    )
    s = step.state
    s.awaiting, s.pending = None, [("effects", dict(seat=0, card="What the...?", effects=[["what_the"]]))]
    _run(World(s, CONTENT))
    assert {t.floor for t in step.awaiting.choices()} == {"basement"}  # the first other floor it allows
    monkeypatch.undo()
    step = do(step, choices(step)[0])
    assert step.state.house["Organ Room"].floor == "basement"


def test_C10_a_failed_try_at_Webs_stops_the_triers_movement():
    step = do(drawn("Webs"), "roll 1,0,0", "end", "move E")  # Ox walks into the Gardens
    step = do(step, "free 0", "roll 1,0,0,0,0")
    assert step.state.turn.movement_over and not [c for c in choices(step) if c.startswith("move")]
    assert step.state.explorers[0].marks["Webs"] == 1


def test_C10_Debris_failure_does_not_stop_the_trier():
    step = do(drawn("Debris"), "roll 1,0,0,0", "roll 0", "end", "move E")
    step = do(step, "free 0", "roll 1,0,0,0,0")
    assert not step.state.turn.movement_over
    assert step.state.explorers[0].kept == ["Debris"]


def test_C10_nobody_frees_from_another_room():
    step = do(drawn("Webs"), "roll 1,0,0", "end")
    assert "free 0" not in choices(step)
    assert refused(step, "free 0").rule == "C10"


def test_Hideous_Shriek_the_Candle_helps_only_the_drawer():
    step = drawn("Hideous Shriek")
    step.state.explorers[1].items.append("Candle")
    step = do(step, "roll 2,2,0,0,0")
    assert step.awaiting.player == 1 and step.awaiting.dice == 3  # Ox's Sanity 3, no extra die


def test_C16_window_rooms_ask_the_table_once_per_room_and_the_answer_decides_who_rolls():
    from hauntable.games.betrayal import HouseRules

    ask = HouseRules(window_rooms="ask")
    step = drawn(
        "Shrieking Wind", house_rules=ask
    )  # Zoe in the Gardens (outdoors), Ox and Vivian in the hall
    prompt = step.awaiting
    assert prompt.player is None and "Entrance Hall tile show an outside window" in prompt.text
    assert choices(step) == ["choose yes", "choose no"]
    yes = do(step, "choose yes")
    assert yes.state.marks["windows"] == {"Entrance Hall": True}
    rollers = []
    while yes.awaiting.kind == "roll" and len(rollers) < 3:
        rollers.append(yes.awaiting.player)
        yes = do(yes, "roll " + ",".join(["2"] * yes.awaiting.dice))  # 5+: nothing happens
    assert rollers == [0, 1, 2]
    no = do(step, "choose no")
    assert no.awaiting.kind == "roll" and no.awaiting.player == 0
    no = do(no, "roll " + ",".join(["2"] * no.awaiting.dice))
    assert no.awaiting.kind != "roll"  # Zoe alone: the hall has no window


def test_C16_by_default_our_window_guess_decides_without_asking():
    step = drawn("Shrieking Wind")
    assert step.awaiting.kind == "roll" and "windows" not in step.state.marks
