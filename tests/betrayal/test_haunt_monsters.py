"""Monsters after the haunt (H5): the monster turn, speed rolls, stuns, leaving past opponents, movement."""

from __future__ import annotations

import dataclasses

import pytest

from gamekit import CONTENT, arrange, choices, do, haunt, start, texts
from haunt_fixtures import Beast, Horde
from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal import HouseRules
from hauntable.games.betrayal.monsters import add_monster, neighbours, stun
from hauntable.games.betrayal.prompts import MonsterTurn
from hauntable.games.betrayal.ruleset import RULES
from hauntable.games.betrayal.world import World

THREE = ("zoe", "ox", "vivian")


@pytest.fixture(autouse=True)
def plain_monsters(monkeypatch):
    """Haunts 4 and 6 are printed haunts (tests/betrayal/printed); these generic monster tests run on a
    plain horde and a plain beast (tests/haunt_fixtures.py) set on those numbers."""
    monkeypatch.setitem(RULES.scenarios, 4, Horde())
    monkeypatch.setitem(RULES.scenarios, 6, Beast())


def to_monster_turn(step):
    """End explorer turns until the monster turn asks for something."""
    while step.awaiting.kind == "action":
        step = do(step, "end")
    return step


def horde():
    """Haunt 4 with three players: four Crawlers in the traitor's room (the Entrance Hall); then the
    explorers other than the one whose turn it is step aside to the Grand Staircase."""
    step = do(haunt(start(*THREE), 4, revealer=0), "ready")
    for e in step.state.explorers:
        if e.seat != step.state.turn.seat:
            e.room = "Grand Staircase"
    return step


def test_H5_2_one_speed_roll_for_all_monsters_of_a_type_then_each_moves_in_turn():
    step = to_monster_turn(horde())
    assert isinstance(step.awaiting, RollDice) and step.awaiting.purpose == "Crawler speed"
    assert step.awaiting.dice == 2 and step.awaiting.player == step.state.haunt.traitor
    step = do(step, "roll 1,1")
    seen = []
    while isinstance(step.awaiting, MonsterTurn):
        assert step.awaiting.movement_left == 2  # every Crawler moves with the one roll
        seen.append(step.awaiting.monster)
        step = do(step, "end")
    assert seen == ["Crawler 1", "Crawler 2", "Crawler 3", "Crawler 4"]
    assert step.awaiting.kind == "action" and step.state.haunt.round == 2


def test_H5_2_a_monster_moves_room_by_room_through_meeting_doors():
    step = do(to_monster_turn(horde()), "roll 1,0")
    assert "go Foyer" in choices(step)
    step = do(step, "go Foyer")
    assert step.state.haunt.monsters["Crawler 1"].room == "Foyer"
    assert step.awaiting.movement_left == 0 and not any(c.startswith("go") for c in choices(step))


def test_H5_1_a_monster_always_moves_one_room_even_on_a_speed_roll_of_0():
    step = do(to_monster_turn(horde()), "roll 0,0")
    assert step.awaiting.movement_left == 0 and "go Foyer" in choices(step)


def test_H5_3_a_stunned_monster_skips_its_next_turn_and_recovers_at_its_end():
    step = horde()
    w = World(step.state, CONTENT)
    for mid in ("Crawler 2", "Crawler 3", "Crawler 4"):
        del step.state.haunt.monsters[mid]
    stun(w, "Crawler 1")
    for _ in range(2):
        step = do(step, "end")
    assert step.state.haunt.monsters["Crawler 1"].stunned
    step = do(step, "end")  # the last explorer's turn ends; the monster turn passes with nothing to do
    said = texts(step)
    assert any("skips this turn" in t for t in said) and any("recovers" in t for t in said)
    assert step.awaiting.kind == "action" and step.state.haunt.round == 2
    assert not step.state.haunt.monsters["Crawler 1"].stunned


def test_H5_1_a_hero_pays_one_more_space_per_awake_monster_to_leave():
    step = horde()
    hero = step.state.turn.seat
    assert step.state.explorers[hero].room == "Entrance Hall"
    for mid in ("Crawler 3", "Crawler 4"):
        del step.state.haunt.monsters[mid]
    stun(World(step.state, CONTENT), "Crawler 2")  # a stunned monster does not hold anyone back
    step = do(arrange(step), "move N")
    assert step.state.turn.moved == 2
    assert any("Getting past the opponents" in t for t in texts(step))


def test_H5_1_the_first_room_of_a_turn_is_always_reachable():
    step = horde()  # four Crawlers: leaving costs 5, more than Speed 4
    step = arrange(step)
    assert step.awaiting.movement_left == 4 and "move N" in choices(step)
    step = do(step, "move N")
    assert step.state.turn.moved == 5 and step.awaiting.movement_left == 0


def test_H5_1_the_traitor_is_not_held_back_by_monsters():
    step = horde()
    traitor = step.state.haunt.traitor
    step = arrange(step, at={traitor: "Entrance Hall", step.state.turn.seat: "Foyer"}, seat=traitor)
    step = do(step, "move N")
    assert step.state.turn.moved == 1


def test_H5_1_heroes_and_the_traitor_hold_each_other_back():
    step = horde()
    step.state.haunt.monsters.clear()
    traitor = step.state.haunt.traitor
    step = do(arrange(step, at={traitor: "Entrance Hall"}), "move N")
    assert step.state.turn.moved == 2


HOUSE = {
    "Coal Chute": ("ground", 1, 0, 3),
    "Gallery": ("upper", 0, 1, 0),
    "Ballroom": ("ground", -1, 0, 0),
}


def test_H5_4_monsters_use_the_coal_chute_and_the_gallery_both_ways_and_discover_nothing():
    step = arrange(start(*THREE), rooms=HOUSE)
    w = World(step.state, CONTENT)
    assert "Basement Landing" in neighbours(w, "Coal Chute")
    assert "Coal Chute" in neighbours(w, "Basement Landing")
    assert "Ballroom" in neighbours(w, "Gallery") and "Gallery" in neighbours(w, "Ballroom")
    assert set(neighbours(w, "Entrance Hall")) <= set(step.state.house)


def test_H5_4_secret_passages_follow_the_house_rule():
    for rule, expected in (("allowed", True), ("forbidden", False)):
        step = start(*THREE, house_rules=HouseRules(monster_secret_passages=rule))
        step.state.tokens.update({"Secret Passage": "Foyer", "Secret Passage 2": "Basement Landing"})
        w = World(step.state, CONTENT)
        assert ("Basement Landing" in neighbours(w, "Foyer")) is expected


def test_H5_monsters_have_plain_traits_for_combat():
    step = horde()
    w = World(step.state, CONTENT)
    add_monster(w, "Wraith", "Wraith", "Foyer", might=None, speed=3, sanity=6, knowledge=2)
    m = step.state.haunt.monsters["Wraith"]
    assert (m.might, m.speed, m.sanity, m.knowledge, m.stunned) == (None, 3, 6, 2, False)


def test_H5_3_a_monster_stunned_during_its_own_turn_skips_the_next_one():
    step = do(to_monster_turn(horde()), "roll 1,1")
    stun(World(step.state, CONTENT), "Crawler 1")  # stunned while it acts
    while isinstance(step.awaiting, MonsterTurn):
        step = do(step, "end")
    assert step.state.haunt.monsters["Crawler 1"].stunned  # not recovered at the end of this turn
    step = do(to_monster_turn(step), "roll 1,1")
    assert step.awaiting.monster == "Crawler 2"  # it skips the next one
    while isinstance(step.awaiting, MonsterTurn):
        step = do(step, "end")
    assert not step.state.haunt.monsters["Crawler 1"].stunned  # and recovers at its end


def test_H5_3_a_stunned_monster_drops_what_it_carries():
    step = horde()
    step.state.haunt.monsters["Crawler 1"].items = ["Axe"]
    stun(World(step.state, CONTENT), "Crawler 1")
    assert step.state.tokens["item:Axe"] == "Entrance Hall"
    assert step.state.haunt.monsters["Crawler 1"].items == []


def test_H5_6_the_traitor_lays_the_stairs_from_basement_for_a_trapped_monster():
    step = do(haunt(start(*THREE), 6, revealer=0), "ready")  # the Beast waits in the Basement Landing
    traitor = step.state.haunt.traitor
    assert "Stairs from Basement" not in step.state.house
    hero = step.state.turn.seat
    if hero != traitor:
        assert "act search_stairs" not in choices(step)
    step = arrange(step, seat=traitor)
    assert "act search_stairs" in choices(step)
    step = do(step, "act search_stairs")
    step = do(step, choices(step)[0])  # the doorway (test_seed_stairs: the traitor chooses it)
    placed = step.state.house["Stairs from Basement"]
    assert placed.floor == "basement" and "Stairs from Basement" not in step.state.stack
    assert "Foyer" in neighbours(World(step.state, CONTENT), "Stairs from Basement")
    assert "act search_stairs" not in choices(step)


def test_H5_4_a_monster_entering_the_coal_chute_slides_to_the_basement_landing():
    step = arrange(horde(), rooms={"Coal Chute": ("ground", 1, 0, 3)})  # east of the Entrance Hall
    step = do(to_monster_turn(step), "roll 2,2")
    assert "go 'Coal Chute'" in choices(step)
    step = do(step, "go 'Coal Chute'")
    assert step.state.haunt.monsters["Crawler 1"].room == "Basement Landing"
    assert any("slides down" in t for t in texts(step))
    step = do(step, "go 'Coal Chute'")  # and climbs back up
    assert step.state.haunt.monsters["Crawler 1"].room == "Coal Chute"


def test_H5_4_monsters_pass_the_revolving_walls_switch_without_a_roll_whatever_the_passage_rule():
    for rule in ("allowed", "forbidden"):
        step = start(*THREE, house_rules=HouseRules(monster_secret_passages=rule))
        step.state.tokens.update({"Wall Switch": "Foyer", "Wall Switch 2": "Upper Landing"})
        w = World(step.state, CONTENT)
        assert "Upper Landing" in neighbours(w, "Foyer") and "Foyer" in neighbours(w, "Upper Landing")


def _two_kinds(step, **rules):
    """The horde with the Crawlers 3 and 4 turned into a second kind (speed 3), and ``rules`` set."""
    step.state.config = dataclasses.replace(step.state.config, house_rules=HouseRules(**rules))
    for mid in ("Crawler 3", "Crawler 4"):
        m = step.state.haunt.monsters[mid]
        m.kind, m.speed = "Ghoul", 3
    return step


def test_H5_2_house_rule_monster_speed_roll_turn_start_rolls_every_kind_before_any_moves():
    step = to_monster_turn(_two_kinds(horde(), monster_speed_roll="turn_start"))
    assert step.awaiting.purpose == "Crawler speed"
    step = do(step, "roll 1,1")
    assert isinstance(step.awaiting, RollDice) and step.awaiting.purpose == "Ghoul speed"
    step = do(step, "roll 1,1,1")
    assert isinstance(step.awaiting, MonsterTurn) and step.awaiting.monster == "Crawler 1"


def test_H5_2_house_rule_monster_speed_roll_per_group_rolls_each_kind_as_its_first_monster_acts():
    step = to_monster_turn(_two_kinds(horde(), monster_speed_roll="per_group"))
    assert step.awaiting.purpose == "Crawler speed"
    step = do(step, "roll 1,1")
    assert step.awaiting.monster == "Crawler 1" and step.awaiting.movement_left == 2  # no Ghoul roll yet
    step = do(step, "end", "end")
    assert isinstance(step.awaiting, RollDice) and step.awaiting.purpose == "Ghoul speed"
    step = do(step, "roll 1,0,1")
    assert step.awaiting.monster == "Crawler 3" and step.awaiting.movement_left == 2
    step = do(step, "end")
    assert step.awaiting.monster == "Crawler 4" and step.awaiting.movement_left == 2  # one roll a kind


def test_H5_2_house_rule_monster_speed_roll_per_group_a_kind_stunned_before_its_turn_never_rolls():
    step = to_monster_turn(_two_kinds(horde(), monster_speed_roll="per_group"))
    step = do(step, "roll 1,1")
    w = World(step.state, CONTENT)
    stun(w, "Crawler 3")
    stun(w, "Crawler 4")
    step = do(step, "end", "end")
    assert step.awaiting.kind == "action" and "monster.speed" not in [o.code for o in step.outcomes]


def test_H5_3_house_rule_monster_stunned_in_turn_skip_next_keeps_it_stunned_for_the_next_turn():
    step = horde()
    step.state.config = dataclasses.replace(
        step.state.config, house_rules=HouseRules(monster_stunned_in_turn="skip_next")
    )
    step = do(to_monster_turn(step), "roll 1,1")
    stun(World(step.state, CONTENT), "Crawler 1")
    while isinstance(step.awaiting, MonsterTurn):
        step = do(step, "end")
    assert step.state.haunt.monsters["Crawler 1"].stunned
    assert not any("Crawler 1 recovers" in t for t in texts(step))


def test_H5_3_house_rule_monster_stunned_in_turn_recover_now_recovers_at_the_end_of_this_turn():
    step = horde()
    step.state.config = dataclasses.replace(
        step.state.config, house_rules=HouseRules(monster_stunned_in_turn="recover_now")
    )
    step = do(to_monster_turn(step), "roll 1,1")
    stun(World(step.state, CONTENT), "Crawler 1")  # stunned while it acts
    while isinstance(step.awaiting, MonsterTurn):
        step = do(step, "end")
    assert not step.state.haunt.monsters["Crawler 1"].stunned
    assert "Crawler 1 recovers" in texts(step)
    step = do(to_monster_turn(step), "roll 1,1")
    assert step.awaiting.monster == "Crawler 1"  # it acts in the next monster turn
