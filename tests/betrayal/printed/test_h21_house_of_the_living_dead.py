"""Haunt 21, House of the Living Dead, refereed from its file (data/haunts/21.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, roll_total, turn
from printedplay import monster_kills_last_hero, settle, strong

ROOMS = ("Crypt", "Graveyard", "Chapel")


def living_dead():
    return begin(21, *ROOMS, revealer=0, omen="Medallion")


def test_h21_living_dead_set_up_the_zombie_lord_and_a_zombie_in_each_listed_room():
    step = living_dead()
    h = step.state.haunt
    assert not step.state.explorers[h.traitor].alive and h.monsters["Zombie Lord"].might == 7
    zombies = sorted(m.room for m in h.monsters.values() if m.kind == "Zombie")
    assert zombies == sorted(
        ["Crypt", "Graveyard", "Entrance Hall", "Chapel"] * 2
    )  # one per player, then doubled


def test_h21_living_dead_heroes_win_by_destroying_the_zombie_lord_with_the_medallion():
    step = living_dead()
    h = step.state.haunt
    hero = next(s for s in range(4) if s != h.traitor)
    strong(step, hero).state.explorers[hero].omens.append("Medallion")
    step = turn(step, hero, h.monsters["Zombie Lord"].room)
    step = settle(do(step, "act lord option=might"), by={hero: 2, h.traitor: 0})
    assert step.state.haunt.winner == "heroes"


def test_h21_living_dead_heroes_win_when_every_zombie_dies_to_a_weapon():
    step = living_dead()
    h = step.state.haunt
    hero = next(s for s in range(4) if s != h.traitor)
    strong(step, hero).state.explorers[hero].items.append("Axe")
    for mid in sorted(m for m in h.monsters if h.monsters[m].kind == "Zombie"):
        step = turn(step, hero, step.state.haunt.monsters[mid].room)
        step = settle(do(step, "act zombie option=might"), by={hero: 2, h.traitor: 0})
    assert step.state.haunt.winner == "heroes"


def test_h21_living_dead_traitor_wins_when_every_hero_is_dead():
    assert monster_kills_last_hero(living_dead(), "Zombie Lord").state.haunt.winner == "traitor"


def test_h21_striking_the_lord_without_the_medallion_is_refused():
    step = living_dead()
    h = step.state.haunt
    hero = next(s for s in range(4) if s != h.traitor)
    rej = refused(turn(step, hero, h.monsters["Zombie Lord"].room), "act lord option=might")
    assert "Medallion" in rej.sentence and "haunt 21" in rej.sentence


def beat_a_zombie(weapon: str):
    step = living_dead()
    h = step.state.haunt
    hero = next(s for s in range(4) if s != h.traitor)
    if weapon:
        step.state.explorers[hero].items.append(weapon)
    mid = sorted(m for m in h.monsters if h.monsters[m].kind == "Zombie")[0]
    step = turn(step, hero, h.monsters[mid].room)
    step = roll_total(roll_total(do(step, f"attack '{mid}' trait=might"), 6), 0)
    return settle(step), mid


def test_h21_a_zombie_beaten_by_a_hero_with_a_might_weapon_dies():
    step, mid = beat_a_zombie("Axe")
    assert mid not in step.state.haunt.monsters


def test_h21_a_zombie_beaten_without_a_might_weapon_is_only_stunned():
    step, mid = beat_a_zombie("")
    assert step.state.haunt.monsters[mid].stunned
