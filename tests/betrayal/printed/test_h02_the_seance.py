"""Haunt 2, The Séance, refereed from its file (app/hauntable/games/betrayal/data/haunts/02.toml)."""

from __future__ import annotations

import contextlib

from gamekit import CONTENT, choices, do, refused
from hauntable.engine.hashing import state_hash
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.rules import check_move
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.world import World
from printedkit import begin, turn
from printedplay import act, last_hero_killed, settle

ROOMS = ("Pentagram Chamber", "Crypt", "Attic", "Library")


def seance():
    return begin(2, *ROOMS, revealer=0)


def heroes_summon(step):
    step = act(step, 1, "Pentagram Chamber", "seance", "knowledge")
    return act(step, 2, "Pentagram Chamber", "seance", "sanity")


def test_h02_the_seance_heroes_summon_with_half_the_players_then_bury_the_bones_and_win():
    step = heroes_summon(seance())
    h = step.state.haunt
    assert h.vars["_ghost"] == 1 and h.vars["_summoner"] == 2 and h.track("turn") == 1
    step = act(step, 3, "Attic", "bones", "knowledge")
    assert step.state.haunt.carrier("Corpse") == 3
    step = act(step, 3, "Crypt", "bury", "knowledge")
    assert step.state.haunt.winner == "heroes"


def test_h02_the_seance_traitor_summons_with_one_success_of_each_and_heroes_win_by_destroying_the_ghost():
    step = seance()
    step.state.explorers[0].omens.append("Spirit Board")
    step = act(step, 0, "Library", "seance_k", "knowledge")
    assert not step.state.haunt.monsters
    step = act(step, 0, "Library", "seance_s", "sanity")
    h = step.state.haunt
    assert h.vars["_ghost"] == 2 and h.monsters["Ghost"].room == "Library"
    step.state.explorers[1].omens.append("Ring")
    step = turn(step, 1, "Library")
    step = settle(do(step, "act destroy option=sanity"), by={1: 2, 0: 0})
    assert step.state.haunt.winner == "heroes"


def test_h02_the_seance_at_turn_5_the_traitor_takes_the_ghost():
    step = heroes_summon(seance())
    for _ in range(4):
        step = do(turn(step, 2), "end")
    h = step.state.haunt
    assert h.track("turn") == 5 and h.vars["_ghost"] == 2 and h.monsters["Ghost"].room == "Pentagram Chamber"
    step = turn(step, 3, "Crypt")
    assert "act bury option=knowledge" not in [str(c) for c in step.awaiting.choices()]


def test_h02_the_seance_traitor_wins_when_every_hero_is_dead():
    step = last_hero_killed(heroes_summon(seance()), 0)  # attacks only once a séance is complete
    assert step.state.haunt.winner == "traitor"


def test_h02_a_seance_outside_the_pentagram_chamber_is_refused_and_changes_nothing():
    step = turn(seance(), 1, "Library")
    rej = refused(step, "act seance option=knowledge")
    assert "Pentagram Chamber" in rej.sentence and "haunt 2" in rej.sentence


def test_h02_the_traitors_seance_needs_the_spirit_board():
    step = turn(seance(), 0, "Library")
    assert "Spirit Board" in refused(step, "act seance_k option=knowledge").sentence


def test_h02_nobody_may_attack_before_a_seance_is_complete():
    step = seance()
    step.state.explorers[1].room = "Library"
    step = turn(step, 0, "Library")
    assert "cannot be attacked" in refused(step, "attack 1").sentence
    assert "attack 1" not in choices(step)


def traitor_holds_the_ghost():
    """The traitor's séance done: the Ghost in the Library, held by the traitor (seat 0)."""
    step = seance()
    step.state.explorers[0].omens.append("Spirit Board")
    step = act(step, 0, "Library", "seance_k", "knowledge")
    return act(step, 0, "Library", "seance_s", "sanity")


def test_h02_the_attic_collapses_at_the_end_of_the_traitors_first_turn_with_the_ghost_killing_those_in_it():
    step = traitor_holds_the_ghost()
    step.state.explorers[3].room = "Attic"
    step = do(turn(step, 0, "Library"), "end")
    h = step.state.haunt
    assert h.vars["_collapsed"] == ["Attic"] and not step.state.explorers[3].alive


def test_h02_each_explorer_then_drops_a_room_next_to_a_fallen_one_upper_floor_first():
    step = do(turn(traitor_holds_the_ghost(), 0, "Library"), "end")  # the Attic (upper 1,0) falls
    s = step.state
    s.house["Bedroom"], s.house["Master Bedroom"] = Placed("upper", 1, 1, 0), Placed("upper", 2, 0, 0)
    s.house["Gallery"] = Placed("upper", 3, 3, 0)  # on the floor, but not next to a fallen room
    s.house_changed()
    hero = step.state.turn.seat
    step = do(turn(step, hero, "Library"), "end")
    ask = step.awaiting
    assert ask.code == "collapse_room" and ask.player == hero and not ask.private
    assert set(ask.options) == {"Upper Landing", "Bedroom", "Master Bedroom"}  # walls touch, doors or not
    step = do(step, "choose Bedroom")
    assert step.state.haunt.vars["_collapsed"] == ["Attic", "Bedroom"]


def test_h02_no_explorer_may_enter_a_fallen_room():
    step = do(turn(traitor_holds_the_ghost(), 0, "Library"), "end")
    hero = step.state.turn.seat
    assert "move up" in choices(turn(step, hero, "Grand Staircase"))
    step.state.haunt.vars["_collapsed"].append("Upper Landing")  # the landing fallen: no way up
    step = turn(step, hero, "Grand Staircase")
    assert "move up" not in choices(step)
    refused(step, "move up")


def test_h02_checking_a_move_before_any_room_fell_changes_nothing():
    """Found by test_H6_1 (5 players, seed 420, bot 609, derandomized): the move check asked which rooms
    had fallen and wrote an empty list into the state it only read."""
    step = turn(seance(), 1, "Library")
    before = state_hash(step.state)
    w = World(step.state, CONTENT)
    for d in ("N", "E", "S", "W", "up", "down"):
        with contextlib.suppress(IllegalAction):  # a refused move is fine: only the state matters
            check_move(w, d)
    assert state_hash(step.state) == before
