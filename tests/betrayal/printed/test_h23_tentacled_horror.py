"""Haunt 23, Tentacled Horror, refereed from its file (data/haunts/23.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, finish_round, roll, turn
from printedplay import monster_kills_last_hero, settle, strong

ROOMS = ("Kitchen", "Conservatory", "Gardens", "Furnace Room")


def horror():
    return begin(23, *ROOMS, revealer=0, omen="Crystal Ball")


def test_h23_tentacled_horror_set_up_a_tentacle_in_each_tentacle_room_of_the_house():
    step = horror()
    h = step.state.haunt
    assert not step.state.explorers[h.traitor].alive and h.track("turn") == 1
    arms = {h.token_room(t) for t in h.tokens if t.startswith("Arm")}
    suckers = {m.room for m in h.monsters.values() if m.kind == "Sucker"}
    assert arms == suckers == {"Conservatory", "Gardens", "Furnace Room"}


def test_h23_tentacled_horror_heroes_find_the_head_and_destroy_it():
    step = horror()
    h = step.state.haunt
    hero = next(s for s in range(4) if s != h.traitor)
    strong(step, hero).state.explorers[hero].omens.append("Crystal Ball")
    step = turn(step, hero, "Library" if "Library" in step.state.house else "Entrance Hall")
    step = roll(do(step, "act locate option=knowledge"), 2)
    assert step.awaiting.kind == "roll" and step.awaiting.dice == 4
    step = roll(step, 0)  # a total of 0: the Larder... not in the house
    assert "Head" not in step.state.haunt.monsters
    step.state.explorers[hero].omens.append("Crystal Ball")
    step.state.haunt.vars["_located"] = 0
    step = turn(step, hero, "Entrance Hall")
    step = roll(do(step, "act locate option=knowledge"), 2)
    step = do(step, "roll 1,0,0,0")  # a total of 1: the Kitchen
    assert step.state.haunt.monsters["Head"].room == "Kitchen"
    for _ in range(3):
        step = turn(step, hero, "Kitchen")
        step = settle(do(step, "act strike option=might"), by={hero: 2, h.traitor: 0})
    assert step.state.haunt.winner == "heroes"


def test_h23_tentacled_horror_traitor_wins_when_every_hero_is_dead():
    step = horror()
    sucker = next(mid for mid, m in step.state.haunt.monsters.items() if m.kind == "Sucker")
    assert monster_kills_last_hero(step, sucker).state.haunt.winner == "traitor"


def test_h23_locating_the_head_without_the_crystal_ball_is_refused():
    step = horror()
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    rej = refused(turn(step, hero, "Kitchen"), "act locate option=knowledge")
    assert "Crystal Ball" in rej.sentence and "haunt 23" in rej.sentence


def test_h23_the_track_moves_on_each_round_and_the_suckers_grow_with_it():
    step = horror()
    for _ in range(4):
        step = finish_round(step)
    h = step.state.haunt
    sucker = next(m for m in h.monsters.values() if m.kind == "Sucker")
    assert h.track("turn") == 5 and (sucker.speed, sucker.might, sucker.sanity) == (3, 7, 7)
