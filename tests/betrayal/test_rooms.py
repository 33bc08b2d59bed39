"""Rooms with printed rules, B6.*: barriers, the Vault, Coal Chute, Collapsed Room, Gallery, Mystic
Elevator, exit rolls, the Junk Room, end-of-turn damage and once-per-game bonuses."""

from __future__ import annotations

from gamekit import arrange, choices, do, refused, start, texts, value
from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal import HouseRules
from hauntable.games.betrayal.prompts import ChooseTarget, SplitDamage

CHASM_EAST = {"Chasm": ("ground", 1, 0, 0)}  # doors E, W; west meets the Entrance Hall


def zoe_first(**kw):
    return start("zoe", "ox", "vivian", today="11-05", **kw)


def test_B6_1_a_barrier_must_be_crossed_before_leaving_by_the_far_door():
    step = do(arrange(zoe_first(), rooms=CHASM_EAST), "move E")
    assert step.state.current.side == "W"
    exc = refused(step, "move E")
    assert exc.rule == "B6.1" and "Speed roll 3+" in exc.sentence
    assert "cross" in choices(step)
    step = do(step, "cross")
    assert isinstance(step.awaiting, RollDice)
    assert (step.awaiting.dice, step.awaiting.trait, step.awaiting.target) == (4, "speed", 3)
    step = do(step, "roll 1,1,1,0")
    assert step.state.current.side == "E"
    assert "move E" in choices(step) and "move W" not in choices(step)


def test_B6_1_a_failed_barrier_roll_stops_movement_and_is_once_per_turn():
    step = do(arrange(zoe_first(), rooms=CHASM_EAST), "move E", "cross", "roll 1,1,0,0")
    assert step.state.turn.movement_over
    assert choices(step) == ["end"]
    assert refused(step, "cross").rule in ("B5.2", "B2.3")
    assert any("must stop moving" in t for t in texts(step))


def test_B6_1_house_rule_go_elsewhere_after_a_failed_barrier_roll():
    step = arrange(zoe_first(house_rules=HouseRules(barrier_failure="go_elsewhere")), rooms=CHASM_EAST)
    step = do(step, "move E", "cross", "roll 0,0,0,0")
    assert not step.state.turn.movement_over
    assert "move W" in choices(step) and "cross" not in choices(step)
    assert refused(step, "cross").rule == "B5.2"


def test_B6_5_the_vault_opens_on_knowledge_6_and_gives_two_items_once():
    step = arrange(
        zoe_first(), rooms={"Vault": ("basement", 0, -1, 0)}, at={0: "Vault"}, traits={0: {"knowledge": 7}}
    )
    step = do(step, "cross")
    assert (step.awaiting.trait, step.awaiting.target, step.awaiting.dice) == ("knowledge", 6, 5)
    step = do(step, "roll 2,2,2,0,0")
    assert len(step.state.explorers[0].items) == 2
    assert step.state.tokens["Vault Empty"] == "Vault"
    assert refused(step, "cross").rule == "B6.5"


def test_B6_5_a_failed_vault_roll_can_be_tried_again_next_turn():
    step = arrange(zoe_first(), rooms={"Vault": ("basement", 0, -1, 0)}, at={0: "Vault"})
    step = do(step, "cross", "roll 2,2,1")
    assert step.state.explorers[0].items == []
    assert refused(step, "cross").rule == "B5.2"
    step = do(step, "end", "end", "end")
    assert step.state.turn.seat == 0 and "cross" in choices(step)


def test_B6_2_the_coal_chute_slides_to_the_basement_landing():
    step = do(arrange(zoe_first(), rooms={"Coal Chute": ("ground", 1, 0, 3)}), "move E")
    assert step.state.current.room == "Basement Landing"
    assert step.state.turn.moved == 1
    assert any("slides down the Coal Chute" in t for t in texts(step))


def test_B6_3_the_collapsed_room_holds_on_speed_5():
    step = zoe_first()
    step.state.stack = ["Collapsed Room"]
    step = do(arrange(step), "move E")
    assert (step.awaiting.trait, step.awaiting.target) == ("speed", 5)
    step = do(step, "roll 2,2,1,0")
    assert step.state.current.room == "Collapsed Room"


def test_B6_3_B3_7_the_first_faller_lays_the_next_basement_tile_draws_its_card_and_takes_damage():
    step = zoe_first()
    step.state.stack = ["Collapsed Room", "Attic", "Wine Cellar"]
    step = do(arrange(step), "move E", "roll 0,0,1,0")
    assert isinstance(step.awaiting, ChooseTarget)
    assert "target basement 0 1" in choices(step)
    items_before = len(step.state.decks["item"])
    step = do(step, "target basement 0 1")
    assert step.state.house["Wine Cellar"].floor == "basement"
    assert step.state.tokens["Below Collapsed Room"] == "Wine Cellar"
    assert step.state.current.room == "Wine Cellar"
    assert len(step.state.decks["item"]) == items_before - 1  # an effect drew the room: its card too
    assert isinstance(step.awaiting, RollDice) and step.awaiting.purpose == "physical damage"
    step = do(step, "roll 2")
    assert isinstance(step.awaiting, SplitDamage) and step.awaiting.amount == 2
    step = do(step, "split might=1 speed=1")
    assert value(step, 0, "might") == 3 and value(step, 0, "speed") == 4  # Zoe's tracks repeat low values


def test_B6_3_later_explorers_may_choose_to_fall_to_the_marked_room():
    step = arrange(
        zoe_first(),
        rooms={"Collapsed Room": ("ground", 1, 0, 0), "Wine Cellar": ("basement", 0, 1, 0)},
        at={1: "Collapsed Room"},
        seat=1,
    )
    step.state.tokens["Below Collapsed Room"] = "Wine Cellar"
    step = do(arrange(step), "fall")
    assert step.state.current.room == "Wine Cellar"
    assert isinstance(step.awaiting, RollDice)
    step = do(step, "roll 0")
    assert any("takes no physical damage" in t for t in texts(step))


def test_B6_6_the_gallery_drops_to_the_ballroom_only_when_it_is_in_the_house():
    gallery = {"Gallery": ("upper", 0, 1, 0)}
    step = arrange(zoe_first(), rooms=gallery, at={0: "Gallery"})
    assert refused(step, "fall").rule == "B6.6"
    step = arrange(zoe_first(), rooms={**gallery, "Ballroom": ("ground", 1, 1, 0)}, at={0: "Gallery"})
    step = do(step, "fall")
    assert step.state.current.room == "Ballroom"
    assert step.awaiting.purpose == "physical damage"


ELEVATOR_EAST = {"Mystic Elevator": ("ground", 1, 0, 3)}  # its one door turned west, meeting the hall


def test_B6_4_the_mystic_elevator_moves_when_entered():
    step = do(arrange(zoe_first(), rooms=ELEVATOR_EAST), "move E")
    assert step.awaiting.purpose == "elevator" and step.awaiting.dice == 2
    step = do(step, "roll 1,0")  # 1: the basement
    assert isinstance(step.awaiting, ChooseTarget)
    assert all(t.floor == "basement" for t in step.awaiting.targets)
    step = do(step, "target basement 1 0")
    assert step.state.house["Mystic Elevator"].floor == "basement"
    assert step.state.current.room == "Mystic Elevator"
    assert "ride" not in choices(step)
    assert refused(step, "ride").rule == "B6.4"
    assert do(step, "move W").state.current.room == "Basement Landing"


def test_B6_4_rolling_the_floor_it_is_on_lets_it_stay():
    step = do(arrange(zoe_first(), rooms=ELEVATOR_EAST), "move E", "roll 1,1")
    assert "target ground 1 0" in choices(step)
    step = do(step, "target ground 1 0")
    assert (
        step.state.house["Mystic Elevator"]
        == arrange(zoe_first(), rooms=ELEVATOR_EAST).state.house["Mystic Elevator"]
    )


def test_B6_4_a_zero_sends_it_to_the_basement_and_everyone_inside_takes_a_die():
    step = arrange(zoe_first(), rooms=ELEVATOR_EAST, at={1: "Mystic Elevator"})
    step = do(step, "move E", "roll 0,0", "target basement 0 1")
    assert step.state.house["Mystic Elevator"].floor == "basement"
    assert step.awaiting.purpose == "physical damage" and step.awaiting.player == 0
    step = do(step, "roll 1", "split might=1")
    assert step.awaiting.purpose == "physical damage" and step.awaiting.player == 1  # each rolls


def test_B6_4_ending_the_turn_in_the_elevator_without_riding_it_moves_it():
    step = arrange(zoe_first(), rooms=ELEVATOR_EAST, at={0: "Mystic Elevator"})
    assert "ride" in choices(step)
    step = do(step, "end")
    assert step.awaiting.purpose == "elevator"


def test_B6_7_leaving_the_attic_takes_a_speed_roll_or_a_might():
    attic = {"Attic": ("upper", 0, 1, 0)}
    step = arrange(zoe_first(), rooms=attic, at={0: "Attic"})
    step = do(step, "move S")
    assert (step.awaiting.trait, step.awaiting.target) == ("speed", 3)
    step = do(step, "roll 0,1,0,0")
    assert value(step, 0, "might") == 3 and step.state.explorers[0].traits["might"] == 2
    assert step.state.current.room == "Upper Landing"
    step = do(arrange(zoe_first(), rooms=attic, at={0: "Attic"}), "move S", "roll 2,1,0,0")
    assert step.state.explorers[0].traits["might"] == 3


def test_B6_10_the_junk_room_lets_you_out_even_when_its_loss_leaves_no_movement():
    step = zoe_first()
    step.state.turn.moved = 4
    step = arrange(
        step, rooms={"Junk Room": ("ground", 1, 0, 0)}, at={0: "Junk Room"}, traits={0: {"speed": 4}}
    )
    assert step.awaiting.movement_left == 1
    step = do(step, "move W", "roll 0,0,0")  # Might 3 dice, 3+ needed: lose 1 Speed
    assert step.state.current.room == "Entrance Hall"
    assert step.state.explorers[0].traits["speed"] == 3
    assert step.awaiting.movement_left == 0


def test_B6_8_ending_a_turn_in_the_crypt_costs_one_mental_damage():
    step = arrange(zoe_first(), rooms={"Crypt": ("basement", 0, 1, 2)}, at={0: "Crypt"})
    step = do(step, "end")
    assert isinstance(step.awaiting, SplitDamage)
    assert (step.awaiting.damage, step.awaiting.amount) == ("mental", 1)
    step = do(step, "split sanity=1")
    assert step.state.explorers[0].traits["sanity"] == 1
    assert step.state.turn.seat == 1


def test_B6_8_ending_a_turn_in_the_furnace_room_costs_one_physical_damage():
    step = arrange(zoe_first(), rooms={"Furnace Room": ("basement", 0, 1, 0)}, at={0: "Furnace Room"})
    step = do(step, "end")
    assert step.awaiting.damage == "physical" and step.awaiting.traits == ("might", "speed")


def test_B6_9_once_per_game_bonus_for_each_explorer():
    library = {"Library": ("ground", 1, 0, 1)}
    step = arrange(zoe_first(), rooms=library, at={0: "Library", 1: "Library"})
    step = do(step, "end")
    assert step.state.explorers[0].traits["knowledge"] == 3
    step = do(step, "end")  # Ox ends there too: his own first time
    assert step.state.explorers[1].traits["knowledge"] == 3
    step = do(step, "end", "end")  # Zoe again: nothing more
    assert step.state.explorers[0].traits["knowledge"] == 3


def test_B6_9_house_rule_once_per_game_for_the_whole_room():
    rules = HouseRules(once_per_game_bonus="per_room")
    step = arrange(
        zoe_first(house_rules=rules), rooms={"Library": ("ground", 1, 0, 1)}, at={0: "Library", 1: "Library"}
    )
    step = do(step, "end", "end")
    assert step.state.explorers[0].traits["knowledge"] == 3
    assert step.state.explorers[1].traits["knowledge"] == 2


def test_B6_11_the_revolving_wall_is_optional_content():
    assert "Revolving Wall" not in zoe_first().state.stack
    step = zoe_first(house_rules=HouseRules(revolving_wall=True))
    assert "Revolving Wall" in step.state.stack
    step = arrange(step, rooms={"Revolving Wall": ("ground", 1, 1, 1)}, at={0: "Foyer"})
    step = do(step, "move E")
    assert refused(step, "move E").rule == "B6.1"
    step = do(step, "cross")
    assert (step.awaiting.trait, step.awaiting.target) == ("knowledge", 3)
