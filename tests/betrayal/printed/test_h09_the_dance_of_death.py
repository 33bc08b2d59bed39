"""Haunt 9, The Dance of Death, refereed from its file (app/hauntable/games/betrayal/data/haunts/09.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, roll, turn, until_turn_of
from printedplay import act, strong

ROOMS = ("Pentagram Chamber", "Ballroom", "Furnace Room")


def dance():
    return begin(9, *ROOMS, revealer=0, omen="Holy Symbol")


def test_h09_the_dance_of_death_starts_with_no_traitor():
    h = dance().state.haunt
    assert h.traitor is None and h.mode == "scripted"


def test_h09_the_dance_of_death_heroes_win_by_banishing_the_fiddler():
    step = strong(dance(), 0, 1, 2, 3)
    step.state.explorers[0].omens.append("Holy Symbol")
    step = act(step, 0, "Pentagram Chamber", "symbol")
    assert step.state.haunt.vars["_symbol"] == 1
    for seat in (1, 2, 3, 0):
        assert not step.state.haunt.winner
        step = act(step, seat, "Pentagram Chamber", "defy", "sanity")
    assert step.state.haunt.vars["_defy"] == 4 and step.state.haunt.winner == "heroes"


def lured(step, seat: int, room: str, each: int):
    """Play on (every other roll passing) until ``seat``'s turn starts in ``room``; the lure roll shows
    ``each`` on every die."""
    step.state.explorers[seat].room = room
    step = until_turn_of(step, seat, each=2)
    assert step.awaiting.kind == "roll" and step.awaiting.player == seat  # asked at the turn's start
    return roll(step, each)


def test_h09_the_dance_of_death_a_traitor_wins_by_destroying_the_holy_symbol():
    step = lured(dance(), 2, "Ballroom", 0)
    assert step.state.haunt.side_of(2) == "traitor" and not step.state.haunt.winner
    step.state.explorers[2].omens.append("Holy Symbol")
    step = act(step, 2, "Furnace Room", "destroy")
    assert step.state.haunt.winner == "traitor"
    said = [o for o in step.outcomes if o.code == "haunt.victory"]
    assert said[0].text == "The traitor wins: the Holy Symbol is destroyed"  # a turned hero, not the house


def victory(step):
    return next(o for o in step.outcomes if o.code == "haunt.victory")


def test_h09_when_every_hero_has_fallen_to_the_dance_the_traitors_win_not_the_house():
    """No hero is left to banish the Fiddler (H6.1): the side they all joined wins, said as theirs."""
    step = dance()
    for seat in (1, 2, 3):
        step = lured(step, seat, "Ballroom", 0)
        assert step.state.haunt.side_of(seat) == "traitor" and not step.state.haunt.winner
    step = lured(step, 0, "Ballroom", 0)
    said = victory(step)
    assert step.state.haunt.winner == "traitor" and dict(said.params)["variant"] == "traitors"
    assert said.text == "The traitors win: no hero is left on the heroes' side"
    assert all(e.alive for e in step.state.explorers)


def test_h09_defying_needs_the_holy_symbol_still_in_the_pentagram_chamber():
    """Step 2 needs the Holy Symbol there (the roller need not carry it): its carrier walked off with it."""
    step = strong(dance(), 0, 1)
    step.state.explorers[0].omens.append("Holy Symbol")
    step = act(step, 0, "Pentagram Chamber", "symbol")
    step = do(turn(step, 0, "Ballroom"), "end")  # the carrier leaves with it
    rej = refused(turn(step, 1, "Pentagram Chamber"), "act defy option=sanity")
    assert "Holy Symbol" in rej.sentence
    step.state.explorers[0].room = "Pentagram Chamber"  # back with it: the next hero may defy
    step = act(step, 1, "Pentagram Chamber", "defy", "sanity")
    assert step.state.haunt.vars["_defy"] == 1


def test_h09_defying_before_the_holy_symbol_is_brought_is_refused():
    rej = refused(turn(dance(), 1, "Pentagram Chamber"), "act defy option=sanity")
    assert "Holy Symbol" in rej.sentence and "haunt 9" in rej.sentence


def test_h09_a_failed_lure_outside_the_ballroom_costs_1_sanity():
    step = dance()
    before = step.state.explorers[2].traits["sanity"]
    step = lured(step, 2, "Furnace Room", 0)
    assert step.state.haunt.side_of(2) == "heroes"
    assert step.state.explorers[2].traits["sanity"] == before - 1


def test_h09_the_holy_symbol_shields_its_carrier_from_the_lure():
    step = dance()
    step.state.explorers[2].omens.append("Holy Symbol")
    step = until_turn_of(step, 2, each=2)
    assert step.awaiting.kind == "action"


def test_h09_lure_damage_that_would_reach_the_skull_makes_a_traitor_instead():
    step = dance()
    step.state.explorers[2].traits["sanity"] = 1  # the lowest step above the skull
    step = lured(step, 2, "Furnace Room", 0)
    assert step.state.explorers[2].alive and step.state.haunt.side_of(2) == "traitor"
