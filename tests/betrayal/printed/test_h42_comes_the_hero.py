"""Haunt 42, Comes the Hero, refereed from its file (data/haunts/42.toml) and hook (hooks/h42.py)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, roll, spaces_to_leave, turn, until_turn_of

ROOMS = ("Library", "Chapel", "Gymnasium", "Dining Room", "Pentagram Chamber")


def hero_game():
    return begin(42, *ROOMS, revealer=0, room="Dining Room")


def test_h42_the_traitor_cannot_be_attacked():
    step = hero_game()
    t = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    step = turn(step, hero, step.state.explorers[t].room)
    rej = refused(step, f"attack {t}")
    assert "cannot be attacked" in rej.sentence and "Comes the Hero" in rej.sentence


def test_h42_comes_the_hero_heroes_win_when_the_statue_wears_the_traitor_down():
    step = hero_game()
    h = step.state.haunt
    t = h.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    step.state.explorers[hero].items.append("Axe")
    step = do(turn(step, hero, "Dining Room"), "act arm_warrior")
    assert "Axe" not in step.state.explorers[hero].items
    statue = step.state.haunt.monsters["Animated Statue"]
    assert statue.side == "heroes" and step.state.haunt.vars["_form"] == "might"
    step.state.haunt.monsters["Animated Statue"].room = step.state.explorers[t].room
    step.state.explorers[t].traits["might"] = 0  # one more step down is the skull
    step = until_turn_of(step, t)
    assert not step.state.explorers[t].alive
    assert step.state.haunt.winner == "heroes"


def test_h42_moving_the_statue_takes_it_toward_the_traitor():
    step = hero_game()
    t = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    step.state.explorers[hero].omens.append("Book")
    step = do(turn(step, hero, "Dining Room"), "act arm_wizard")
    step.state.explorers[t].room = "Entrance Hall"
    step = roll(do(turn(step, hero, "Dining Room"), "act move_statue option=knowledge"), 2)
    assert step.state.haunt.monsters["Animated Statue"].room != "Dining Room"


def test_h42_the_traitor_wins_by_opening_the_gate_with_a_body():
    step = hero_game()
    t = step.state.haunt.traitor
    victim = next(e.seat for e in step.state.explorers if e.seat != t)
    step.state.explorers[victim].room = "Pentagram Chamber"
    step.state.explorers[victim].traits.update(might=0, speed=0)
    step = do(turn(step, t, "Pentagram Chamber"), f"attack {victim}")
    while step.awaiting is not None and step.awaiting.kind in ("roll", "split", "choose"):
        if step.awaiting.kind == "roll":
            step = roll(step, 2 if step.awaiting.player == t else 0)
        else:
            step = do(step, str(step.awaiting.choices()[0]))
    assert not step.state.explorers[victim].alive
    assert any(k.startswith("Body of") for k in step.state.haunt.tokens)
    step = do(step, "act take_body")
    step = roll(do(step, "act gate option=sanity"), 2)
    assert step.state.haunt.winner == "traitor"


def test_h42_the_gate_needs_a_body():
    step = turn(hero_game(), 1, "Pentagram Chamber")
    t = step.state.haunt.traitor
    step = turn(step, t, "Pentagram Chamber")
    assert "body" in refused(step, "act gate option=sanity").sentence


def test_h42_explorers_do_not_slow_the_traitor_but_a_carried_body_does():
    step = hero_game()
    t = step.state.haunt.traitor
    for e in step.state.explorers:
        e.room = "Library"
    assert spaces_to_leave(step, t, "Library") == 1  # three heroes there, no cost
    step.state.haunt.put("Body 1", "Library")
    step = do(turn(step, t, "Library"), "act take_body")
    assert spaces_to_leave(step, t, "Library") == 2
