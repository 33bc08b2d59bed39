"""Haunt 16, The Phantom's Embrace, refereed from its file (data/haunts/16.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, roll, turn
from printedplay import act, last_hero_killed, settle, strong

ROOMS = ("Catacombs", "Crypt", "Chapel")


def phantom():
    return begin(16, *ROOMS, revealer=0, omen="Girl")


def hero(step):
    return next(s for s in (1, 2, 3) if s != step.state.haunt.traitor)


def rescue(step, me):
    step = act(step, me, "Catacombs", "appear")
    assert step.state.haunt.monsters["Phantom"].room == "Catacombs"
    strong(step, me)
    return settle(
        do(turn(step, me, "Catacombs"), "act fight option=might"), by={me: 2, step.state.haunt.traitor: 0}
    )


def test_h16_the_phantoms_embrace_heroes_win_by_rescuing_the_girl_and_defusing_the_bomb():
    step = phantom()
    me = hero(step)
    step = rescue(step, me)
    h = step.state.haunt
    assert "Phantom" not in h.monsters and "Girl" in step.state.explorers[me].omens
    assert h.vars["_rescued"] == 1
    step = act(step, me, "Catacombs", "defuse", "knowledge")
    assert step.state.haunt.winner == "heroes"


def test_h16_the_phantoms_embrace_heroes_win_by_leaving_with_the_girl():
    step = phantom()
    me = hero(step)
    step = rescue(step, me)
    step = do(act(step, me, "Entrance Hall", "door", "knowledge"), "end")
    step = act(step, me, "Entrance Hall", "leave")
    assert step.state.haunt.winner == "heroes"


def test_h16_the_phantom_flees_with_the_girl_when_it_wins():
    step = phantom()
    me = hero(step)
    step = act(step, me, "Catacombs", "appear")
    step = settle(
        do(turn(step, me, "Catacombs"), "act fight option=might"), by={me: 0, step.state.haunt.traitor: 2}
    )
    h = step.state.haunt
    assert "Phantom" not in h.monsters and "Girl" not in h.tokens and not h.vars.get("_rescued")
    rej = refused(turn(step, me, "Catacombs"), "act appear")
    assert "not appeared yet" in rej.sentence and "haunt 16" in rej.sentence


def test_h16_the_phantoms_embrace_traitor_wins_when_the_bomb_goes_off():
    step = phantom()
    traitor = step.state.haunt.traitor
    step = do(turn(step, traitor, "Chapel"), "end")
    assert step.state.haunt.track("turn") == 1 and step.awaiting.kind == "roll" and step.awaiting.dice == 1
    step = roll(step, 0)
    assert not step.state.haunt.winner
    for _ in range(3):
        step = do(turn(step, traitor, "Chapel"), "end")
        step = roll(step, 2)
    assert (
        step.state.haunt.track("turn") == 4 and step.state.haunt.winner == "traitor"
    )  # 8 >= 7 with 4 players


def test_h16_the_phantoms_embrace_traitor_wins_when_every_hero_is_dead():
    step = phantom()
    assert last_hero_killed(step, step.state.haunt.traitor).state.haunt.winner == "traitor"


def test_h16_defusing_before_the_rescue_is_refused():
    step = phantom()
    rej = refused(turn(step, hero(step), "Catacombs"), "act defuse option=knowledge")
    assert "haunt 16" in rej.sentence
