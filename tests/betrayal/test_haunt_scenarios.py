"""The scripted haunts (docs/haunts.md), one or more tests each, and random play of each to its end."""

from __future__ import annotations

import pytest

from gamekit import CONTENT, arrange, choices, do, haunt, start, texts
from hauntable.engine.bots import RandomBot
from hauntable.games.betrayal import GAME
from hauntable.games.betrayal.haunts import SCENARIOS
from hauntable.games.betrayal.haunts.h01_bound_spirit import BoundSpirit
from hauntable.games.betrayal.haunts.h04_crawling_horde import CrawlingHorde
from hauntable.games.betrayal.haunts.h06_beast_below import BeastBelow
from hauntable.games.betrayal.haunts.h12_hungry_house import HungryHouse
from hauntable.games.betrayal.haunts.h13_exorcism import Exorcism
from hauntable.games.betrayal.haunts.h21_locked_door import LockedDoor
from hauntable.games.betrayal.haunts.h34_stranger import Stranger
from hauntable.games.betrayal.haunts.h37_rising_water import RisingWater
from hauntable.games.betrayal.inputs import Roll
from hauntable.games.betrayal.monsters import stun
from hauntable.games.betrayal.prompts import MonsterTurn
from hauntable.games.betrayal.ruleset import RULES
from hauntable.games.betrayal.state import Turn
from hauntable.games.betrayal.world import World

FOUR = ("zoe", "ox", "vivian", "peter")


def scripted(number: int, revealer: int = 0, **kwargs):
    return do(haunt(start(*FOUR, **kwargs), number, revealer=revealer), "ready")


def roll_high(step):
    return do(step, "roll " + ",".join(["2"] * step.awaiting.dice))


def roll_low(step):
    return do(step, "roll " + ",".join(["0"] * step.awaiting.dice))


def hero_turn(step, seat: int, room: str | None = None):
    """A fresh turn for ``seat`` (standing in ``room``)."""
    step.state.turn = Turn(seat)
    return arrange(step, at={seat: room} if room else None, seat=seat)


def end_round(step):
    """End turns until the next haunt round begins (monsters pass)."""
    start_round = step.state.haunt.round
    while step.awaiting is not None and step.state.haunt.round == start_round:
        if isinstance(step.awaiting, MonsterTurn) or step.awaiting.kind == "action":
            step = do(step, "end")
        else:
            step = roll_low(step)
    return step


# --- 1: the bound spirit (traitor wins while dead, tokens placed by the haunt) -----------------------------
# Haunt 1 is now the printed Mummy Walks (tests/betrayal/printed); our scenario is tested on the number it
# was written for until it is offered under its own name.


@pytest.fixture
def bound_spirit(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 1, BoundSpirit())


def test_haunt_1_the_traitor_dies_and_the_spirit_obeys_the_dead_traitor(bound_spirit):
    step = scripted(1, revealer=0)
    h = step.state.haunt
    assert h.traitor == 0 and not step.state.explorers[0].alive
    assert h.monsters["Spirit"].might is None
    assert sorted(h.tokens) == ["Bone 1", "Bone 2", "Bone 3"]
    assert all(room in step.state.house for room in h.tokens.values())
    while not isinstance(step.awaiting, MonsterTurn):
        step = do(step, "end") if step.awaiting.kind == "action" else roll_low(step)
    assert step.awaiting.player == 0  # H3.5: the dead traitor still moves the monsters


def test_K9_haunt_1_the_traitor_dies_by_the_death_rule_and_their_cards_stay_in_the_room(bound_spirit):
    step = start(*FOUR)
    step.state.explorers[0].items.append("Axe")
    step.state.explorers[0].omens.append("Ring")
    step = do(haunt(step, 1, revealer=0), "ready")
    room = step.state.explorers[0].room
    assert step.state.explorers[0].items == [] and step.state.explorers[0].omens == []
    assert step.state.tokens["item:Axe"] == room and step.state.tokens["item:Ring"] == room
    assert step.state.turn.seat == 1 and step.awaiting.kind == "action"  # play starts left of the traitor


def test_haunt_1_burning_every_bone_wins_for_the_heroes(bound_spirit):
    step = scripted(1, revealer=0)
    items = step.state.haunt.tokens
    items.pop("Bone 1")
    items.pop("Bone 2")
    step = hero_turn(step, 1, items["Bone 3"])
    step = roll_high(do(step, "act burn option=knowledge"))
    assert step.state.haunt.winner == "heroes" and step.awaiting is None


def test_H6_3_haunt_1_the_dead_traitor_wins_when_the_last_round_begins(bound_spirit):
    step = scripted(1, revealer=0)
    step.state.haunt.round = 8
    step = end_round(step)
    assert step.state.haunt.winner == "traitor" and not step.state.explorers[0].alive
    assert any(t.startswith("The traitor wins") for t in texts(step))


# --- 4: the crawling horde ---------------------------------------------------------------------------------
# Haunt 4 is now the printed The Web of Destiny (tests/betrayal/printed); our scenario is
# tested on the number it was written for until it is offered under its own name.


@pytest.fixture
def crawling_horde(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 4, CrawlingHorde())


def test_haunt_4_barricades_keep_the_horde_out_and_win(crawling_horde):
    step = scripted(4, revealer=0)  # traitor: highest Might except Zoe = Ox
    assert step.state.haunt.traitor == 1
    step = hero_turn(step, 2, "Grand Staircase")
    assert "act barricade option=might" in choices(step)
    step = roll_high(do(step, "act barricade option=might"))
    assert "Grand Staircase" in step.state.haunt.vars["barricades"]
    assert "act barricade option=might" not in choices(step)  # once per turn (H7.2)
    step.state.haunt.vars["barricades"] += ["Upper Landing"]
    step = hero_turn(step, 3, "Basement Landing")
    step = roll_high(do(step, "act barricade option=might"))
    assert step.state.haunt.winner == "heroes"


def test_haunt_4_crawlers_cannot_enter_a_barricaded_room(crawling_horde):
    step = scripted(4, revealer=0)
    step.state.haunt.vars["barricades"] = ["Foyer"]
    for e in step.state.explorers:
        e.room = "Upper Landing"
    while not isinstance(step.awaiting, MonsterTurn):
        step = do(step, "end") if step.awaiting.kind == "action" else roll_high(step)
    assert "go Foyer" not in choices(step)


# --- 6: the beast below ------------------------------------------------------------------------------------
# Haunt 6 is now the printed The Floating Eye (tests/betrayal/printed); our scenario is
# tested on the number it was written for until it is offered under its own name.


@pytest.fixture
def beast_below(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 6, BeastBelow())


def test_haunt_6_one_big_monster_bound_by_chains_and_stuns(beast_below):
    step = scripted(6, revealer=0)
    beast = step.state.haunt.monsters["Beast"]
    assert len(step.state.haunt.monsters) == 1 and beast.might == 8
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    stun(World(step.state, CONTENT), "Beast")
    stun(World(step.state, CONTENT), "Beast")  # stunned twice in combat counts twice
    step = hero_turn(step, hero, "Basement Landing")
    step = roll_high(do(step, "act chain option=might"))
    assert step.state.haunt.winner == "heroes"


# --- 12: the hungry house (no traitor) -------------------------------------------------------------------
# Haunt 12 is now the printed Fleshwalkers (tests/betrayal/printed); our scenario is
# tested on the number it was written for until it is offered under its own name.


@pytest.fixture
def hungry_house(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 12, HungryHouse())


def test_haunt_12_no_traitor_candles_carried_to_the_hall_win(hungry_house):
    step = scripted(12, revealer=0)
    h = step.state.haunt
    assert h.traitor is None and "Shade" in h.monsters
    for name in ("Candle 2", "Candle 3"):
        h.tokens[name] = "seat:1"
    room = h.tokens["Candle 1"]
    step = hero_turn(step, 1, room)
    step = do(step, "act pick option='Candle 1'")
    assert step.state.haunt.tokens["Candle 1"] == "seat:1"
    step = arrange(step, at={1: "Entrance Hall"})
    step = do(step, "act light option='Candle 1'", "act light option='Candle 2'")
    assert step.state.haunt.winner is None
    step = do(step, "act light option='Candle 3'")
    assert step.state.haunt.winner == "heroes"
    assert any("The heroes win" in t for t in texts(step))


def test_haunt_12_the_table_moves_the_monsters_when_there_is_no_traitor(hungry_house):
    step = scripted(12, revealer=0)
    while not isinstance(step.awaiting, MonsterTurn):
        step = do(step, "end") if step.awaiting.kind == "action" else roll_low(step)
    assert step.awaiting.player is None


# --- 13: exorcism (a task-roll ritual) ---------------------------------------------------------------------
# Haunt 13 is now the printed Perchance to Dream (tests/betrayal/printed); our scenario is
# tested on the number it was written for until it is offered under its own name.


@pytest.fixture
def exorcism(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 13, Exorcism())


def test_H7_2_haunt_13_either_trait_qualifies_but_only_one_task_roll_a_turn(exorcism):
    step = scripted(13, revealer=0)
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    step = hero_turn(step, hero, "Entrance Hall")  # the haunt began in the Entrance Hall
    assert {"act exorcise option=sanity", "act exorcise option=knowledge"} <= set(choices(step))
    step = roll_low(do(step, "act exorcise option=sanity"))
    assert not any(c.startswith("act exorcise") for c in choices(step))
    assert step.state.haunt.vars["rites"] == 0


def test_haunt_13_enough_rites_win_and_the_traitor_can_undo_one(exorcism):
    step = scripted(13, revealer=0)
    traitor = step.state.haunt.traitor
    hero = next(s for s in range(4) if s != traitor)
    step.state.haunt.vars["rites"] = 1
    step = roll_high(do(hero_turn(step, traitor, "Entrance Hall"), "act desecrate option=knowledge"))
    assert step.state.haunt.vars["rites"] == 0
    step.state.haunt.vars["rites"] = 2
    step = roll_high(do(hero_turn(step, hero, "Entrance Hall"), "act exorcise option=knowledge"))
    assert step.state.haunt.winner == "heroes"


# --- 21: the locked door (escaping the house) ------------------------------------------------------------
# Haunt 21 is now the printed House of the Living Dead (tests/betrayal/printed); our scenario is
# tested on the number it was written for until it is offered under its own name.


@pytest.fixture
def locked_door(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 21, LockedDoor())


def test_haunt_21_take_the_key_unlock_and_escape(locked_door):
    step = scripted(21, revealer=0)
    h = step.state.haunt
    traitor = h.traitor
    heroes = [s for s in range(4) if s != traitor]
    step = hero_turn(step, heroes[0], h.tokens["Key"])
    step = do(step, "act take option=Key")
    step = arrange(step, at={heroes[0]: "Entrance Hall"})
    assert "act escape" not in choices(step)  # the door is still locked
    step = do(step, "act unlock", "act escape")
    assert step.state.explorers[heroes[0]].marks["escaped"]
    assert step.state.haunt.winner is None
    step = do(hero_turn(step, heroes[1], "Entrance Hall"), "act escape")
    assert step.state.haunt.winner == "heroes"


def test_haunt_21_an_escaped_hero_takes_no_more_turns(locked_door):
    step = scripted(21, revealer=0)
    order = [s for s in step.state.haunt.order if s >= 0]
    step.state.explorers[order[1]].marks["escaped"] = True
    step = do(step, "end")
    assert step.state.turn.seat == order[2]


# --- 34: a stranger among us (a hidden traitor) ----------------------------------------------------------
# Haunt 34 is now the printed Guillotines (tests/betrayal/printed); our scenario is tested on the number it
# was written for until it is offered under its own name.


@pytest.fixture
def stranger(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 34, Stranger())


def test_haunt_34_accusing_the_hidden_traitor_unmasks_them_and_wins(stranger):
    step = scripted(34, revealer=0)
    h = step.state.haunt
    t = h.secret.index(1)
    accuser = next(s for s in range(4) if s != t)
    step = hero_turn(step, accuser)
    for e in step.state.explorers:
        e.room = "Entrance Hall"
    step = arrange(step)
    step = roll_high(do(step, f"act accuse option={t}"))
    assert step.state.haunt.winner == "heroes" and step.state.haunt.traitor == t


def test_haunt_34_accusing_an_innocent_shows_their_token_only(stranger):
    step = scripted(34, revealer=0)
    t = step.state.haunt.secret.index(1)
    accuser, innocent = [s for s in range(4) if s != t][:2]
    step = arrange(step, at={s: "Foyer" for s in range(4)}, seat=accuser)
    step = roll_high(do(step, f"act accuse option={innocent}"))
    assert innocent in step.state.haunt.revealed and step.state.haunt.hidden
    assert step.state.haunt.winner is None


# --- 37: rising water (a haunt that changes movement) -----------------------------------------------------
# Haunt 37 is now the printed Checkmate (tests/betrayal/printed); our scenario is tested on the number it
# was written for until it is offered under its own name.


@pytest.fixture
def rising_water(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 37, RisingWater())


def test_haunt_37_heroes_wade_two_rooms_a_turn_in_flooded_rooms_the_traitor_swims(rising_water):
    step = scripted(37, revealer=0)
    traitor = step.state.haunt.traitor
    hero = next(s for s in range(4) if s != traitor)
    assert hero_turn(step, hero, "Basement Landing").awaiting.movement_left == 2
    assert hero_turn(step, hero, "Entrance Hall").awaiting.movement_left == 4
    assert hero_turn(step, traitor, "Basement Landing").awaiting.movement_left > 2


def test_haunt_37_the_ground_floor_floods_in_round_5_and_the_sluice_wins(rising_water):
    step = scripted(37, revealer=0)
    step.state.haunt.round = 4
    step = end_round(step)
    assert "ground" in step.state.haunt.vars["flooded"]
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    step.state.haunt.vars["closed"] = 1
    step = roll_high(do(hero_turn(step, hero, "Basement Landing"), "act close option=might"))
    assert step.state.haunt.winner == "heroes"


# --- every scripted haunt ends --------------------------------------------------------------------------


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_H6_1_random_play_of_each_scripted_haunt_ends_in_a_victory(number):
    for seed in range(3):
        step = haunt(start(*FOUR, seed=seed), number, revealer=seed)
        bot = RandomBot(seed, Roll)
        for _ in range(3000):
            if step.awaiting is None:
                break
            step = GAME.apply(step.state, bot.choose(step))
        assert step.awaiting is None and step.state.haunt.winner in ("heroes", "traitor")
