"""The ghost's plan (G2): 1-4 different crest cards, each one step on, through walls, kept secret."""

from __future__ import annotations

import pytest

from geistkit import arrange, choices, do, refused, start, texts
from hauntable.games.geisterstunde import HouseRules, public_json

SHORT = {1: ("red-lion",), 2: ("blue-lion",)}  # room in hand for a skip's card


def test_G2_1_one_to_four_cards_no_crest_twice():
    step = start()
    assert refused(step, "plan -").rule == "G2.1"
    assert refused(step, "plan lily,tower,dragon,eagle,lion").rule == "G2.1"
    assert refused(step, "plan lily,tower,lily").rule == "G2.1"
    assert refused(step, "plan lily,unicorn").code == "input/unreadable"


def test_G2_2_from_the_dungeon_the_only_first_step_is_the_treasurys_lily():
    step = start()
    err = refused(step, "plan tower")
    assert err.rule == "G2.2" and err.code == "rule/illegal"
    assert "next to the Verlies" in err.sentence
    assert all(c.startswith("plan lily") for c in choices(step))


def test_G2_2_each_card_is_one_orthogonal_step_and_the_ghost_floats_through_walls():
    # 12 (dragon) and 22 (eagle) have a solid wall between them; the ghost passes it
    step = arrange(start(), ghost_at="12", at={1: "44", 2: "44"}, hands=SHORT)
    assert "plan eagle" in choices(step)
    step = do(step, "plan eagle,lion", "skip", "skip", "reveal")
    assert step.state.rooms[0] == "22"
    assert "floats into room 22" in texts(step)[0]
    step = do(step, "reveal")
    assert step.state.rooms[0] == "21"  # west of 22: the lion
    # a diagonal or two-room jump is refused when laid
    corner = arrange(start(), ghost_at="00")
    assert refused(corner, "plan tower").rule == "G2.2"  # 11 (tower) is diagonal to 00
    assert refused(corner, "plan lily,eagle").rule == "G2.2"  # from 10 no neighbour shows the eagle


def test_G2_2_the_legal_plans_are_listed_and_all_accepted():
    step = arrange(start(), ghost_at="22")
    listed = choices(step)
    assert len(listed) == len(set(listed)) > 4
    assert {c.split()[1].split(",")[0] for c in listed} == {"dragon", "lily", "tower", "lion"}
    for text in listed:
        do(step, text)


def test_G2_3_with_stop_the_ghost_halts_at_the_impossible_card_and_the_round_ends():
    step = arrange(
        start(house_rules=HouseRules(impossible_plan="stop")),
        ghost_at="00",
        at={1: "44", 2: "44"},
        hands=SHORT,
    )
    step = do(step, "plan eagle,dragon", "skip", "skip", "reveal")  # 00 -> 01; no dragon next to 01
    assert step.state.rooms[0] == "01"
    step = do(step, "reveal")
    assert "no room next to room 01 shows it" in texts(step)[0] and "G2.3" in texts(step)[0]
    assert step.state.rooms[0] == "01" and step.awaiting.kind == "plan" and step.state.round == 2


def test_G2_4_the_plan_stays_secret_until_revealed():
    step = arrange(start(), ghost_at="22", at={1: "44", 2: "44"}, hands=SHORT)
    step = do(step, "plan tower,dragon,lion")
    assert texts(step) == ["The ghost lays 3 cards face down (G2.4)"]
    view = public_json(step.state)
    assert view["plan"] == {"cards": 3, "revealed": []}
    assert "tower" not in str(view["awaiting"]) and "dragon" not in str(view["plan"])
    assert step.state.plan == ("tower", "dragon", "lion")  # the engine keeps the truth
    step = do(step, "skip", "skip", "reveal")
    assert public_json(step.state)["plan"] == {"cards": 3, "revealed": ["tower"]}


@pytest.mark.parametrize("text", ["reveal", "catch 1", "key red", "discard red-lion"])
def test_E2_only_the_plan_is_awaited_at_the_start_of_a_round(text: str):
    assert refused(start(), text).code == "input/not_awaited"


def test_G4_2_the_public_view_shows_the_top_cards_crest_but_not_its_colour_nor_a_hand():
    from hauntable.games.geisterstunde import GAME, GameConfig

    step = GAME.new_game(GameConfig.quick(3, house_rules=HouseRules(crest_refill="ask")))
    step = arrange(do(step, "plan lily"), hands={1: ("green-lion", "red-eagle")}, pile=["red-dragon"])
    step = do(step, "key green", "end")  # room 12 shows the dragon: the top card is offered
    view = public_json(step.state)
    assert view["pile_top_last"] == {"cards": 1, "top_crest": "dragon"}
    assert "red-dragon" not in str(view) and view["hands"] == [0, 1, 4]
