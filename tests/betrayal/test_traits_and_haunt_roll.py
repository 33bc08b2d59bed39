"""Traits and damage (B4.*), dice (B5.*) and the haunt roll (B7.*)."""

from __future__ import annotations

import pytest

from gamekit import CONTENT, arrange, choices, do, refused, start, texts, value
from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal import HouseRules
from hauntable.games.betrayal.prompts import SplitDamage

CRYPT = {"Crypt": ("basement", 0, 1, 2)}


def in_crypt(**kw):
    return arrange(start("zoe", "ox", "vivian", today="11-05", **kw), rooms=CRYPT, at={0: "Crypt"})


def test_B4_1_a_gain_stops_at_the_top_of_the_track():
    step = arrange(
        start("zoe", "ox", "vivian", today="11-05"),
        rooms={"Library": ("ground", 1, 0, 1)},
        at={0: "Library"},
        traits={0: {"knowledge": 7}},
    )
    step = do(step, "end")
    assert step.state.explorers[0].traits["knowledge"] == 7
    assert any("already at the top" in t for t in texts(step))


def test_B4_2_nobody_dies_before_the_haunt():
    step = do(in_crypt(), "end")
    step.state.explorers[0].traits["sanity"] = 0
    step = do(step, "split sanity=1")
    assert step.state.explorers[0].traits["sanity"] == 0
    assert step.state.explorers[0].alive
    assert value(step, 0, "sanity") == CONTENT.characters["zoe"].tracks["sanity"][0]


def test_B4_3_mental_damage_is_split_between_sanity_and_knowledge_only():
    step = do(in_crypt(), "end")
    assert isinstance(step.awaiting, SplitDamage)
    assert choices(step) == ["split knowledge=1", "split sanity=1"]
    assert refused(step, "split might=1").rule == "B4.3"
    assert refused(step, "split sanity=1 knowledge=1").rule == "B4.3"
    step = do(step, "split knowledge=1")
    assert step.state.explorers[0].traits["knowledge"] == 1


def test_B4_3_house_rule_must_drop_sends_damage_to_a_trait_that_can_still_drop():
    step = in_crypt(house_rules=HouseRules(damage_at_lowest="must_drop"))
    step.state.explorers[0].traits["sanity"] = 0
    step = do(step, "end")  # only Knowledge can drop: no question asked
    assert step.state.explorers[0].traits["knowledge"] == 1
    assert step.state.turn.seat == 1


def test_B4_4_a_trait_roll_uses_as_many_dice_as_the_trait_value():
    step = arrange(start("zoe", "ox", "vivian", today="11-05"), rooms={"Chasm": ("ground", 1, 0, 0)})
    step = do(step, "move E", "cross")
    assert step.awaiting.dice == value(step, 0, "speed") == 4


def test_B5_1_rolls_must_have_the_asked_number_of_betrayal_dice():
    step = arrange(start("zoe", "ox", "vivian", today="11-05"), rooms={"Chasm": ("ground", 1, 0, 0)})
    step = do(step, "move E", "cross")
    assert refused(step, "roll 1,1").rule == "B5.1"
    assert refused(step, "roll 1,1,1,3").rule == "B5.1"
    assert refused(step, "move W").code == "input/not_awaited"
    step = do(step, "roll 1,1,1,1 source=tower:1")
    assert any("(cross the Chasm, tower:1)" in t for t in texts(step))


def test_B5_1_a_roll_nobody_asked_for_is_not_awaited():
    exc = refused(start(), "roll 2,2")
    assert exc.code == "input/not_awaited" and "No roll expected now" in exc.sentence


def omen_drawn(**kw):
    step = start("zoe", "ox", "vivian", today="11-05", **kw)
    step.state.stack = ["Kitchen"]
    step.state.decks["omen"] = ["Skull", "Dog"]
    return do(arrange(step), "move E", "rotate 3", "end")


def test_B7_1_a_turn_with_an_omen_ends_with_a_haunt_roll_of_six_dice():
    step = omen_drawn()
    assert isinstance(step.awaiting, RollDice)
    assert (step.awaiting.purpose, step.awaiting.dice) == ("haunt", 6)


def test_B7_1_a_total_at_least_the_omen_count_keeps_exploring():
    step = do(omen_drawn(), "roll 1,0,0,0,0,0")
    assert step.state.phase == "explore" and step.state.turn.seat == 1
    assert "end" in choices(step)


def test_B7_2_a_total_below_the_omen_count_starts_the_haunt_from_the_chart():
    step = do(omen_drawn(), "roll 0,0,0,0,0,0")
    assert step.state.phase == "haunt" and step.awaiting.kind == "handoff"  # the haunt's set-up (H2.2)
    haunt = step.state.haunt
    assert (haunt.revealer, haunt.omen, haunt.room) == (0, "Skull", "Kitchen")
    assert haunt.number == CONTENT.haunt_chart["Kitchen"]["Skull"]
    assert any("the haunt begins" in t for t in texts(step))
    assert refused(step, "end").code == "input/not_awaited"
    assert refused(step, "roll 0,0,0,0,0,0").code == "input/not_awaited"  # no more haunt rolls


def test_B7_1_no_haunt_roll_after_a_turn_without_an_omen():
    step = do(start(), "end")
    assert not isinstance(step.awaiting, RollDice)


@pytest.mark.parametrize("rule", ["per_omen"])
def test_B7_1_house_rule_one_die_per_omen(rule):
    step = omen_drawn(house_rules=HouseRules(haunt_roll_dice=rule))
    assert step.awaiting.dice == 1
