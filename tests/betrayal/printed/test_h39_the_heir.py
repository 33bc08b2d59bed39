"""Haunt 39, The Heir, refereed from its file (data/haunts/39.toml) and its hook (hooks/h39.py)."""

from __future__ import annotations

from gamekit import CONTENT, do, refused, texts
from hauntable.games.betrayal.house import adjacent, door_leads
from printedkit import begin, roll, turn

ROOMS = ("Statuary Corridor", "Library", "Chapel", "Kitchen", "Dining Room", "Gymnasium")
STRIKE = "An Assassin strikes from hiding, then dies of its own poison."


def heir():
    return begin(39, *ROOMS, revealer=0)


def heroes(step):
    return [s for s in range(4) if s != step.state.haunt.traitor]


def test_h39_as_many_assassins_as_players_hide_where_nobody_stands_and_nobody_is_told():
    step = heir()
    hidden = step.state.haunt.vars["_assassins"]
    stands = {e.room for e in step.state.explorers}
    assert len(hidden) == 4 and len(set(hidden)) == 4
    assert not set(hidden) & stands and "Statuary Corridor" not in hidden
    assert not any(room in text for room in hidden for text in texts(step))
    assert step.state.haunt.traitor != 0  # the fastest, not the revealer


def test_h39_a_hero_entering_an_assassins_room_takes_two_dice_without_defence_once():
    step = heir()
    hidden = step.state.haunt.vars["_assassins"]
    room = hidden[0]
    nextdoor = next(r for r in adjacent(step.state, CONTENT, room) if r not in hidden)
    way = next(
        f"move {d}"
        for d in ("N", "E", "S", "W")
        if door_leads(step.state, CONTENT, nextdoor, d)[1:] == (room, True)
    )
    hero = heroes(step)[0]
    before = sum(step.state.explorers[hero].traits[t] for t in ("might", "speed"))
    step = do(turn(step, hero, nextdoor), way)
    assert STRIKE in texts(step) and step.awaiting.kind == "roll" and step.awaiting.dice == 2
    step = roll(step, 1)
    while step.awaiting.kind != "action":
        step = do(step, str(step.awaiting.choices()[0]))
    assert sum(step.state.explorers[hero].traits[t] for t in ("might", "speed")) == before - 2
    assert room not in step.state.haunt.vars["_assassins"]


def test_h39_the_heir_heroes_win_claiming_the_throne_with_spear_and_ring():
    step = heir()
    hero = heroes(step)[0]
    step.state.explorers[hero].items.append("Spear")
    rej = refused(turn(step, hero, "Statuary Corridor"), "act claim")
    assert "Spear and the Ring" in rej.sentence and "haunt 39" in rej.sentence
    step.state.explorers[hero].omens.append("Ring")
    step = do(turn(step, hero, "Statuary Corridor"), "act claim")
    assert step.state.haunt.winner == "heroes"


def test_h39_the_heir_traitor_wins_when_the_heroes_own_the_heir_is_dead():
    step = heir()
    hero = heroes(step)[0]
    assert "no hero has died" in refused(turn(step, hero), "act heir_dead").sentence
    step.state.explorers[heroes(step)[1]].alive = False
    step = do(turn(step, hero), "act heir_dead")
    assert step.state.haunt.winner == "traitor"


def test_h39_more_assassins_hide_when_the_track_reaches_three():
    step = heir()
    t = step.state.haunt.traitor
    for _ in range(3):
        step = do(turn(step, t), "end")
        while step.awaiting.kind != "action":
            step = do(step, str(step.awaiting.choices()[0]))
    assert step.state.haunt.track("turn") == 3
    assert len(step.state.haunt.vars["_assassins"]) >= 8 - 1  # 4 more (one may have struck meanwhile)
