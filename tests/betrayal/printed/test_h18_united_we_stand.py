"""Haunt 18, United We Stand, refereed from its file (data/haunts/18.toml)."""

from __future__ import annotations

from gamekit import choices, do, refused, texts
from printedkit import begin, turn
from printedplay import act, fight, strong

ROOMS = ("Furnace Room", "Library")


def united():
    return begin(18, *ROOMS, revealer=0, omen="Bite")


def test_h18_united_we_stand_heroes_win_when_the_fire_has_started_and_the_traitor_dies():
    step = strong(united(), 1)
    step = act(step, 1, "Furnace Room", "furnace", "knowledge")
    assert step.state.haunt.vars["_fire"] == 1 and not step.state.haunt.winner
    step.state.explorers[0].alive = False  # the fire's deaths are the players' (a gap): the table sees it
    step = do(turn(step, 1, "Library"), "end")
    assert step.state.haunt.winner == "heroes"


def test_h18_physical_attacks_do_not_hurt_the_traitor():
    """Found by the random-games test (5 players, seed 220): a hero beat the traitor in Might and killed
    them, so the fire could never kill the traitor and neither side could win."""
    step = strong(united(), 1)
    step.state.explorers[0].traits.update(might=1, speed=1)
    before = dict(step.state.explorers[0].traits)
    step = fight(turn(step, 1, step.state.explorers[0].room), 1, "0")
    assert f"{step.state.explorers[0].name} takes no harm" in texts(step)
    assert step.state.explorers[0].alive and step.state.explorers[0].traits == before
    assert step.state.haunt.winner is None


def test_h18_the_traitor_beaten_in_their_own_attack_takes_no_harm_but_still_hurts_when_winning():
    step = strong(united(), 1)
    traitor = step.state.explorers[0]
    traitor.traits.update(might=1, speed=1)
    before = dict(traitor.traits)
    step = fight(turn(step, 0, step.state.explorers[1].room), 0, "1", win=False)
    assert traitor.alive and step.state.explorers[0].traits == before
    hero_before = dict(step.state.explorers[2].traits)
    step.state.explorers[0].traits.update(might=7)
    step = fight(turn(step, 0, step.state.explorers[2].room), 0, "2")
    assert step.state.explorers[2].traits != hero_before


def test_K2_h18_a_hero_who_left_the_house_cannot_be_attacked():
    """Found by the random-games test: the traitor attacked a hero who had left through the front door
    (the hero still stood on the Entrance Hall's cell)."""
    step = strong(united(), 1)
    step = do(act(step, 1, "Entrance Hall", "door", "knowledge"), "end")
    step = act(step, 1, "Entrance Hall", "leave")
    step = turn(step, 0, "Entrance Hall")
    assert "attack 1" not in choices(step)
    rej = refused(step, "attack 1")
    assert "left the house" in rej.sentence


def test_h18_united_we_stand_traitor_wins_when_all_heroes_but_one_are_dead():
    step = united()
    step.state.explorers[1].alive = False
    step.state.explorers[2].traits.update(might=0)
    step = fight(turn(step, 0, step.state.explorers[2].room), 0, "2")
    assert step.state.haunt.winner == "traitor"


def test_h18_heroes_leave_through_the_front_door_opened_on_an_earlier_turn():
    step = strong(united(), 1)
    step = do(act(step, 1, "Entrance Hall", "door", "knowledge"), "end")
    step = act(step, 1, "Entrance Hall", "leave")
    assert step.state.explorers[1].marks.get("escaped")


def test_h18_overheating_away_from_the_furnace_is_refused():
    rej = refused(turn(united(), 1, "Library"), "act furnace option=knowledge")
    assert "Furnace Room" in rej.sentence and "haunt 18" in rej.sentence


def test_h18_a_traitor_dead_before_the_fire_is_the_heroes_win_once_the_furnace_is_overheated():
    """Our reading (a gap): the books name no other death for the traitor; the fire takes them anyway."""
    step = strong(united(), 1)
    step.state.explorers[0].alive = False
    step = do(turn(step, 1, "Library"), "end")
    assert step.state.haunt.winner is None  # not yet: the heroes' goal is the fire
    step = act(step, 1, "Furnace Room", "furnace", "knowledge")
    assert step.state.haunt.winner == "heroes"
