"""Haunt 10, Family Gathering, refereed from its file (data/haunts/10.toml) and hook h10 (the traps)."""

from __future__ import annotations

from gamekit import do, refused
from hauntable.games.betrayal.prompts import MonsterTurn
from printedkit import begin, roll, roll_total, turn
from printedplay import monster_kills_last_hero

ROOMS = ("Library", "Chapel", "Junk Room", "Gymnasium", "Attic")


def gathering():
    return begin(10, *ROOMS, revealer=0, omen="Madman")


def test_h10_family_gathering_set_up_the_revealer_dies_the_madman_and_a_zombie_per_omen_room():
    step = gathering()
    h = step.state.haunt
    assert h.traitor == 0 and not step.state.explorers[0].alive
    zombies = [m for m in h.monsters.values() if m.kind == "Zombie"]
    omen_rooms = {"Junk Room", "Gymnasium"} & set(step.state.house)
    assert {z.room for z in zombies} == omen_rooms and zombies[0].knowledge == 3
    assert h.monsters["Madman"].might == 5


def test_h10_family_gathering_heroes_win_when_every_zombie_is_trapped():
    step = gathering()
    zombies = [mid for mid, m in step.state.haunt.monsters.items() if m.kind == "Zombie"]
    for mid, room in zip(zombies, ("Library", "Attic"), strict=False):
        step.state.haunt.monsters[mid].room = room  # lured into trap rooms
    for _ in range(80):
        a = step.awaiting
        if a is None or step.state.haunt.winner:
            break
        step = roll(step, 0) if a.kind == "roll" else turn_end(step)
    h = step.state.haunt
    assert h.winner == "heroes" and h.vars["_trapped"] == len(zombies)
    assert {h.token_room(t) for t in h.tokens if t.startswith("Trapped Zombie")} == {"Library", "Attic"}


def turn_end(step):
    from gamekit import do

    a = step.awaiting
    if isinstance(a, MonsterTurn) or a.kind == "action":
        return do(step, "end")
    return do(step, str(a.choices()[0]))


def test_h10_family_gathering_traitor_wins_when_every_hero_is_dead():
    assert monster_kills_last_hero(gathering(), "Madman").state.haunt.winner == "traitor"


def test_h10_the_trap_roll_is_never_an_explorers_action():
    rej = refused(turn(gathering(), 1, "Library"), "act trap")
    assert "haunt 10" in rej.sentence


def test_h10_the_madman_dies_after_5_physical_damage_and_his_death_wins_nothing():
    step = gathering()
    room = step.state.haunt.monsters["Madman"].room
    step = roll_total(roll_total(do(turn(step, 1, room), "attack Madman trait=might"), 3), 0)
    h = step.state.haunt
    assert h.vars["madman_hurt"] == 3 and "Madman" in h.monsters
    step = roll_total(roll_total(do(turn(step, 2, room), "attack Madman trait=might"), 2), 0)
    h = step.state.haunt
    assert h.vars["madman_hurt"] == 5 and "Madman" not in h.monsters and h.winner is None
