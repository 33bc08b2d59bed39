"""Issue 17: rules of the seeds the engine broke. Each test names the rule and cites the seed line."""

from __future__ import annotations

from gamekit import choices, do, start


def test_B6_2_a_turn_never_ends_in_the_coal_chute_also_after_an_effect_put_the_explorer_there():
    """de l.162 (ru l.145): no turn of an explorer or a monster ends on the Coal Chute; the figure lands
    in the Basement Landing. Here The Walls lays the Coal Chute and puts Vivian in it (the issue's game)."""
    step = start("zoe", "ox", "vivian", seed=884248, today="12-01")
    step = do(step, choices(step)[1])  # east: the Conservatory, whose event is The Walls
    step = do(step, choices(step)[2])  # The Walls lays the Coal Chute at ground 1,1
    codes = [o.code for o in step.outcomes]
    assert "room.slide" in codes
    assert step.state.current.room == "Basement Landing"
    step = do(step, "end")
    assert all(e.room != "Coal Chute" for e in step.state.explorers)


# --- readings that are house rules now (docs/house-rules.md) ---------------------------------------------

import pytest  # noqa: E402

from gamekit import CONTENT, arrange, in_haunt, refused  # noqa: E402
from hauntable.engine.prompts import RollDice  # noqa: E402
from hauntable.games.betrayal import HouseRules  # noqa: E402
from hauntable.games.betrayal.config import GameConfig  # noqa: E402
from hauntable.games.betrayal.prompts import ChooseOption, ChooseTarget  # noqa: E402
from hauntable.games.betrayal.turns import first_seat  # noqa: E402


def _birthday(character: str) -> str:
    month, day = CONTENT.characters[character].birthday
    return f"{month:02d}-{day:02d}"


@pytest.mark.parametrize("reading", ["counts", "after_today"])
def test_B1_4_house_rule_birthday_today_counts_or_comes_next_year(reading):
    """de l.51, ru l.75: whose birthday comes next starts; silent on a birthday today."""
    config = GameConfig.quick(
        "zoe", "ox", "vivian", today=_birthday("ox"), house_rules=HouseRules(birthday_today=reading)
    )
    seat = first_seat(config, CONTENT)
    assert (seat == 1) == (reading == "counts")


CHASM_EAST = {"Chasm": ("ground", 1, 0, 0)}  # doors E, W; west meets the Entrance Hall


@pytest.mark.parametrize("reading", ["per_turn", "per_room"])
def test_H5_1_house_rule_leave_minimum_per_turn_or_per_room(reading):
    """de l.352: whatever the movement, one can always go at least one room; per turn or per room left."""
    step = start("zoe", "ox", "vivian", today="11-05", house_rules=HouseRules(leave_minimum=reading))
    step = in_haunt(arrange(step, rooms=CHASM_EAST), traitor=1, seat=0)  # the traitor shares the hall
    step.state.turn.moved = 3  # Speed 4: one space left, and leaving past the traitor costs two
    step = arrange(step, seat=0)
    if reading == "per_room":
        assert do(step, "move E").state.current.room == "Chasm"
    else:
        assert refused(step, "move E").rule == "H5.1"


@pytest.mark.parametrize("reading", ["roll", "free"])
def test_B6_1_house_rule_traitor_barriers_roll_or_cross_freely(reading):
    """de l.190: the traitor must roll to open the Vault; silent on the Chasm, Catacombs and Tower."""
    step = start("zoe", "ox", "vivian", today="11-05", house_rules=HouseRules(traitor_barriers=reading))
    step = in_haunt(arrange(step, rooms=CHASM_EAST, at={0: "Chasm"}), traitor=0, seat=0)
    step.state.explorers[0].side = "W"
    step = do(arrange(step, seat=0), "cross")
    if reading == "roll":
        assert isinstance(step.awaiting, RollDice) and step.awaiting.trait == "speed"
    else:
        assert step.state.current.side == "E" and not isinstance(step.awaiting, RollDice)


@pytest.mark.parametrize("reading", ["roll", "free"])
def test_B6_5_the_traitor_rolls_for_the_vault_whatever_the_barrier_house_rule(reading):
    """de l.190: the traitor does not open the Vault automatically."""
    step = start("zoe", "ox", "vivian", today="11-05", house_rules=HouseRules(traitor_barriers=reading))
    vault = {"Vault": ("basement", 0, -1, 0)}
    step = in_haunt(arrange(step, rooms=vault, at={0: "Vault"}), traitor=0, seat=0)
    step = do(arrange(step, seat=0), "cross")
    assert isinstance(step.awaiting, RollDice) and step.awaiting.trait == "knowledge"


def _over_the_hole(**rules):
    step = start("zoe", "ox", "vivian", today="11-05", house_rules=HouseRules(**rules))
    step = arrange(
        step,
        rooms={"Collapsed Room": ("ground", 1, 0, 0), "Wine Cellar": ("basement", 0, 1, 0)},
        at={1: "Collapsed Room"},
        seat=1,
    )
    step.state.tokens["Below Collapsed Room"] = "Wine Cellar"
    return arrange(step)


@pytest.mark.parametrize("reading", ["choose", "roll"])
def test_B6_3_house_rule_collapse_later_choose_to_fall_or_roll_and_risk_it(reading):
    """de l.166: later explorers may ignore the room or take its roll, with the damage; ru l.151: use it."""
    step = do(_over_the_hole(collapse_later=reading), "fall")
    if reading == "choose":
        assert step.state.current.room == "Wine Cellar"
    else:
        assert isinstance(step.awaiting, RollDice) and step.awaiting.trait == "speed"
        assert do(step, "roll 2,2,1,0").state.current.room == "Collapsed Room"  # it held
        fell = do(step, "roll 0,0,1,0")
        assert fell.state.current.room == "Wine Cellar"


@pytest.mark.parametrize("reading", ["drawn", "chosen"])
def test_B6_3_house_rule_collapse_tile_next_drawn_or_chosen_from_the_stack(reading):
    """de l.168 / ru l.151: the first faller lays a basement tile (the next drawn, or one chosen)."""
    step = start("zoe", "ox", "vivian", today="11-05", house_rules=HouseRules(collapse_tile=reading))
    step.state.stack = ["Collapsed Room", "Attic", "Wine Cellar", "Furnace Room"]
    step = do(arrange(step), "move E", "roll 0,0,1,0")
    if reading == "drawn":
        assert isinstance(step.awaiting, ChooseTarget)
        step = do(step, choices(step)[0])
        assert step.state.tokens["Below Collapsed Room"] == "Wine Cellar"
    else:
        assert isinstance(step.awaiting, ChooseOption)
        assert set(step.awaiting.options) == {"Wine Cellar", "Furnace Room"}
        step = do(step, "choose 'Furnace Room'")
        assert isinstance(step.awaiting, ChooseTarget)
        step = do(step, choices(step)[0])
        while step.awaiting.kind == "rotation":  # the Furnace Room has three doors: how it is turned
            step = do(step, choices(step)[0])
        assert step.state.tokens["Below Collapsed Room"] == "Furnace Room"
        assert "Furnace Room" not in step.state.stack and "Wine Cellar" in step.state.stack


def test_new_house_rules_at_their_default_leave_the_config_json_as_before():
    """A game logged before these options resumes: its state hashes do not change (hashing.rules_json)."""
    assert "birthday_today" not in GameConfig.quick("zoe", "ox", "vivian").to_json()["house_rules"]
    changed = GameConfig.quick("zoe", "ox", "vivian", house_rules=HouseRules(leave_minimum="per_room"))
    assert GameConfig.from_json(changed.to_json()) == changed
