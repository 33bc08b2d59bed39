"""Haunt 48, Stacked Like Cordwood, refereed from its file (data/haunts/48.toml) and hook (hooks/h48.py)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, fight, roll, turn, until_turn_of

ROOMS = ("Library", "Chapel", "Gymnasium", "Dining Room", "Kitchen")
JACK = "'Crimson Jack'"


def jack():
    return begin(48, *ROOMS, revealer=0)


def test_h48_beaten_jack_leaves_and_comes_back_stronger_at_the_traitors_next_turn():
    step = jack()
    assert step.state.haunt.monsters["Crimson Jack"].room == "Entrance Hall"
    step = fight(do(turn(step, 2, "Entrance Hall"), f"attack {JACK}"), hero=2, hero_wins=True)
    assert "Crimson Jack" not in step.state.haunt.monsters
    step = until_turn_of(step, 1)  # the traitor's next turn begins
    jack_now = step.state.haunt.monsters["Crimson Jack"]
    assert (jack_now.room, jack_now.might, jack_now.sanity, jack_now.speed) == ("Entrance Hall", 4, 4, 4)


def test_h48_stacked_like_cordwood_heroes_win_with_the_cursed_weapon_after_the_study():
    step = jack()
    step = roll(do(turn(step, 2, "Library"), "act find_axe option=knowledge"), 2)
    assert "Axe" in step.state.explorers[2].items
    for _ in range(4):
        step = roll(do(turn(step, 2, "Library"), "act study option=knowledge"), 2)
    assert step.state.haunt.vars["study"] == 4
    step = fight(do(turn(step, 2, "Entrance Hall"), f"attack {JACK} weapon=Axe"), hero=2, hero_wins=True)
    assert step.state.haunt.winner == "heroes"


def test_h48_without_the_study_the_cursed_weapon_only_sends_him_away():
    step = jack()
    step = roll(do(turn(step, 2, "Library"), "act find_axe option=knowledge"), 2)
    step = fight(do(turn(step, 2, "Entrance Hall"), f"attack {JACK} weapon=Axe"), hero=2, hero_wins=True)
    assert step.state.haunt.winner is None and step.state.haunt.vars.get("_jack_out") == 1


def test_h48_starting_a_turn_in_jacks_room_asks_for_a_sanity_roll():
    step = jack()
    step.state.explorers[2].room = "Entrance Hall"
    step = until_turn_of(step, 2)
    assert step.awaiting.kind == "roll" and step.awaiting.player == 2 and "fear" in step.awaiting.text


def test_h48_finding_a_weapon_outside_the_four_rooms_is_refused():
    rej = refused(turn(jack(), 2, "Gymnasium"), "act find_axe option=knowledge")
    assert "Library" in rej.sentence and "haunt 48" in rej.sentence


def test_h48_the_traitor_wins_when_every_hero_is_dead():
    step = jack()
    for e in step.state.explorers:
        if e.seat != step.state.haunt.traitor:
            e.alive = False
    step = do(turn(step, 1), "end")
    assert step.state.haunt.winner == "traitor"


def test_h48_the_vault_must_be_open_to_search_it_for_the_weapon():
    step = begin(48, *ROOMS, "Vault", revealer=0)
    step.state.explorers[2].traits["knowledge"] = 7
    assert "open Vault" in refused(turn(step, 2, "Vault"), "act find_axe option=knowledge").sentence
    step.state.tokens["Vault Empty"] = "Vault"  # what opening it leaves (rooms.cross_result)
    step = do(turn(step, 2, "Vault"), "act find_axe option=knowledge")
    assert step.awaiting.kind == "roll"
