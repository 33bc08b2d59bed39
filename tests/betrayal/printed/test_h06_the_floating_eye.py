"""Haunt 6, The Floating Eye, refereed from its file (app/hauntable/games/betrayal/data/haunts/06.toml)."""

from __future__ import annotations

from gamekit import refused
from printedkit import begin, turn
from printedplay import act, monster_kills_last_hero, strong

ROOMS = ("Library", "Chapel")


def eye(characters=("zoe", "ox", "vivian", "peter")):
    return begin(6, *ROOMS, revealer=0, room="Library", characters=characters)


def heroes(step):
    return [e.seat for e in step.state.explorers if e.alive and step.state.haunt.side_of(e.seat) == "heroes"]


def test_h06_the_floating_eye_set_up_aliens_by_player_count_and_the_traitor_taken_away():
    step = eye()
    h = step.state.haunt
    assert not step.state.explorers[h.traitor].alive and h.token_room("Spaceship") == "Library"
    assert [m.kind for m in h.monsters.values()] == ["Alien"] and h.monsters["Alien"].immune == ("speed",)
    five = eye(("zoe", "ox", "vivian", "peter", "longfellow"))
    assert len(five.state.haunt.monsters) == 2


def test_h06_the_floating_eye_heroes_win_by_disabling_the_spaceship():
    step = eye()
    hs = heroes(step)
    strong(step, *hs)
    for n in range(4):
        step = act(step, hs[n % len(hs)], "Library", "ship", "might")
    assert step.state.haunt.vars["_ship"] == 4 and step.state.haunt.winner == "heroes"


def test_h06_the_floating_eye_traitor_wins_when_the_aliens_kill_every_hero():
    step = monster_kills_last_hero(eye(), "Alien")
    assert step.state.haunt.winner == "traitor"


def test_h06_damaging_the_spaceship_away_from_it_is_refused_naming_the_haunt():
    step = eye()
    rej = refused(turn(step, heroes(step)[0], "Chapel"), "act ship option=might")
    assert "Spaceship" in rej.sentence and "haunt 6" in rej.sentence
