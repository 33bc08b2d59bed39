"""Haunt 18, United We Stand, refereed from its file (data/haunts/18.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, turn
from printedplay import act, fight, strong

ROOMS = ("Furnace Room", "Library")


def united():
    return begin(18, *ROOMS, revealer=0, omen="Bite")


def test_h18_united_we_stand_heroes_win_when_the_fire_has_started_and_the_traitor_dies():
    step = strong(united(), 1)
    step = act(step, 1, "Furnace Room", "furnace", "knowledge")
    assert step.state.haunt.vars["_fire"] == 1 and not step.state.haunt.winner
    step.state.explorers[0].traits.update(might=0)
    step = fight(turn(step, 1, step.state.explorers[0].room), 1, "0")
    assert step.state.haunt.winner == "heroes"


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
