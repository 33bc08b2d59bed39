"""Haunt 13, Perchance to Dream, refereed from its file (data/haunts/13.toml)."""

from __future__ import annotations

from gamekit import do, refused
from hauntable.games.betrayal.prompts import MonsterTurn
from printedkit import begin, turn
from printedplay import act, strong

ROOMS = ("Library", "Chapel")


def dream():
    return begin(13, *ROOMS, revealer=0, omen="Holy Symbol")


def test_h13_perchance_to_dream_set_up_the_body_sleeps_among_one_nightmare_per_player():
    step = dream()
    h = step.state.haunt
    body = h.traitor
    assert h.vars["_body"] == body and h.vars["_needed"] == 1  # the Entrance Hall only
    assert [m.room for m in h.monsters.values()] == [step.state.explorers[body].room] * 4


def test_h13_perchance_to_dream_heroes_win_when_the_dreamer_wakes():
    step = dream()
    body = step.state.haunt.traitor
    room = step.state.explorers[body].room
    heroes = [s for s in range(4) if s != body]
    strong(step, *heroes)
    step.state.explorers[heroes[0]].omens.append("Holy Symbol")
    for seat in (*heroes, heroes[0]):
        step.state.explorers[heroes[0]].room = room
        step = act(step, seat, room, "wake", "sanity")
    assert step.state.haunt.winner == "heroes"


def test_h13_perchance_to_dream_traitor_wins_when_enough_nightmares_escape():
    step = dream()
    h = step.state.haunt
    nightmare = sorted(h.monsters)[0]
    h.monsters[nightmare].room = "Entrance Hall"
    for _ in range(40):
        a = step.awaiting
        if a is None or step.state.haunt.winner:
            break
        if isinstance(a, MonsterTurn) and a.monster == nightmare:
            assert "act monster_escape" in [str(c) for c in a.choices()]
            step = do(step, "act monster_escape")
        elif a.kind == "roll":
            step = do(step, "roll " + ",".join(["0"] * a.dice))
        else:
            step = do(step, "end")
    h = step.state.haunt
    assert h.winner == "traitor" and h.vars["_escaped"] == 1 and len(h.monsters) == 4


def test_h13_waking_without_the_holy_symbol_is_refused():
    step = dream()
    body = step.state.haunt.traitor
    hero = next(s for s in range(4) if s != body)
    rej = refused(turn(step, hero, step.state.explorers[body].room), "act wake option=sanity")
    assert "Holy Symbol" in rej.sentence and "haunt 13" in rej.sentence
