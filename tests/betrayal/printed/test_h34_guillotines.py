"""Haunt 34, Guillotines, refereed from its file (data/haunts/34.toml) and its hook (hooks/h34.py): a hidden
traitor, collars the table times, Keys that unlock them."""

from __future__ import annotations

from gamekit import do, refused, texts
from printedkit import begin, roll, turn

ROOMS = ("Attic", "Tower", "Crypt", "Furnace Room", "Library")


def guillotines():
    return begin(34, *ROOMS, revealer=0)


def secret_traitor(step) -> int:
    return step.state.haunt.secret.index(1)


def end_revealers_turn(step, each: int):
    """The revealer (seat 0) ends a turn: the collar timer runs, its rolls show ``each`` on every die."""
    step = do(turn(step, 0), "end")
    while step.awaiting is not None and step.awaiting.kind != "action":
        step = roll(step, each) if step.awaiting.kind == "roll" else do(step, str(step.awaiting.choices()[0]))
    return step


def test_h34_collars_are_dealt_keys_laid_and_the_traitor_stays_hidden():
    step = guillotines()
    h = step.state.haunt
    assert h.hidden and h.traitor is None and sorted(h.secret) == [1, 2, 3, 4]
    assert sorted(h.vars["_collars"]) == [1, 2, 3, 4] and h.vars["_on"] == [0, 1, 2, 3]
    assert {h.token_room(f"Key ({r})") for r in ("Attic", "Tower", "Crypt", "Furnace Room")} == {
        "Attic",
        "Tower",
        "Crypt",
        "Furnace Room",
    }
    public = " ".join(texts(step))
    assert "token 1" not in public and "traitor!" not in public


def test_h34_the_collar_timer_fires_a_low_roll_and_a_high_roll_spares():
    step = guillotines()
    t = secret_traitor(step)
    hero = next(s for s in range(4) if s != t)
    order = [hero] + [s for s in range(4) if s != hero]
    step.state.haunt.vars["_collars"] = [1 + order.index(s) for s in range(4)]  # the hero's collar is 1
    step = end_revealers_turn(step, 2)
    assert step.state.haunt.track("turn") == 1 and step.state.explorers[hero].alive
    step = end_revealers_turn(step, 0)  # 3 blank dice: 0 under 2
    assert not step.state.explorers[hero].alive and hero not in step.state.haunt.vars["_on"]


def test_h34_the_traitors_collar_does_not_kill_it_reveals_them():
    step = guillotines()
    t = secret_traitor(step)
    step.state.haunt.vars["_collars"] = [1 if s == t else 4 for s in range(4)]
    step = end_revealers_turn(step, 0)
    h = step.state.haunt
    assert step.state.explorers[t].alive and not h.hidden and h.traitor == t


def test_h34_guillotines_heroes_win_when_every_collar_is_unlocked():
    step = guillotines()
    h = step.state.haunt
    t = secret_traitor(step)
    heroes = [s for s in range(4) if s != t]
    for i, s in enumerate(heroes):
        h.carry(f"Key {2 * i}", s)
        h.carry(f"Key {2 * i + 1}", s)
    for s in heroes[:-1]:
        step = do(turn(step, s), "act unlock_own")
    assert step.state.haunt.winner is None
    step = do(turn(step, heroes[-1]), "act unlock_own")
    assert step.state.haunt.winner == "heroes"


def test_h34_unlocking_needs_two_keys():
    step = guillotines()
    step.state.haunt.carry("Key (Attic)", 1)
    rej = refused(turn(step, 1), "act unlock_own")
    assert "2 Keys" in rej.sentence and "haunt 34" in rej.sentence


def test_h34_guillotines_traitor_wins_when_more_than_half_the_heroes_are_dead():
    step = guillotines()
    t = secret_traitor(step)
    heroes = [s for s in range(4) if s != t]
    step.state.haunt.vars["_collars"] = [1 if s in heroes[:2] else 4 for s in range(4)]
    step = end_revealers_turn(step, 0)  # two collars at 1 fire at track 1
    assert step.state.haunt.winner == "traitor"
    said = next(o for o in step.outcomes if o.code == "haunt.victory")  # the hidden one wins, not the house
    assert said.text == "The traitor wins: more than half the heroes are dead"
    assert sum(1 for s in heroes if not step.state.explorers[s].alive) == 2


def test_h34_taking_a_key_stops_you():
    step = do(turn(guillotines(), 1, "Attic"), "act take_key")
    assert step.state.haunt.carrier("Key (Attic)") == 1 and step.awaiting.movement_left == 0
