"""Haunt 36, Better with Friends, refereed from its file (data/haunts/36.toml)."""

from __future__ import annotations

from gamekit import do, refused, texts, value
from printedkit import begin, roll, spaces_to_leave, turn

ROOMS = ("Attic", "Balcony", "Tower", "Kitchen", "Wine Cellar")


def sinking():
    return begin(36, *ROOMS, revealer=0)


def heroes(step):
    return [s for s in range(4) if s != step.state.haunt.traitor]


def traitor_turns(step, n: int):
    """``n`` traitor turns, each ended at once (the track moves on at each end)."""
    for _ in range(n):
        step = do(turn(step, step.state.haunt.traitor), "end")
        while step.awaiting is not None and step.awaiting.kind != "action":
            step = do(step, str(step.awaiting.choices()[0]))
    return step


def test_h36_the_rowboat_lies_in_the_attic_and_the_fastest_explorer_is_the_traitor_without_missy():
    step = sinking()
    h = step.state.haunt
    assert h.token_room("Rowboat") == "Attic"
    speeds = [value(step, s, "speed") for s in range(4)]  # Missy is not playing: the fastest
    assert speeds[h.traitor] == max(speeds)


def test_h36_better_with_friends_heroes_win_rowing_away_together_from_the_tower():
    step = sinking()
    first, *rest = heroes(step)
    step = do(turn(step, first, "Attic"), "act take_boat")
    assert step.state.haunt.carrier("Rowboat") == first
    rej = refused(turn(step, first, "Tower"), "act row")
    assert "every living hero" in rej.sentence and "haunt 36" in rej.sentence
    for s in rest:
        step.state.explorers[s].room = "Tower"
    step = do(turn(step, first, "Tower"), "act row")
    assert step.state.haunt.winner == "heroes"


def test_h36_better_with_friends_traitor_wins_by_sinking_the_rowboat():
    step = sinking()
    t = step.state.haunt.traitor
    for n in range(5):
        step = roll(do(turn(step, t, "Attic"), "act hole option=might"), 2)
        if n < 4:
            assert step.state.haunt.vars["rowboat_damage"] == n + 1 and step.state.haunt.winner is None
    assert step.state.haunt.winner == "traitor"


def test_h36_the_rowboat_cannot_be_attacked_from_another_room():
    step = sinking()
    rej = refused(turn(step, step.state.haunt.traitor, "Tower"), "act hole option=might")
    assert "Rowboat's room" in rej.sentence


def test_h36_the_water_rises_each_traitor_turn_and_slows_and_hurts_the_heroes():
    step = traitor_turns(sinking(), 2)
    assert step.state.haunt.track("turn") == 2
    assert "The basement is fully flooded." in texts(step)
    hero = heroes(step)[0]
    e = step.state.explorers[hero]
    e.room = "Wine Cellar"
    before = e.traits["might"] + e.traits["speed"]
    step.state.turn.seat = (hero - 1) % 4
    step = do(turn(step, (hero - 1) % 4), "end")
    while step.state.turn.seat != hero:
        step = do(step, "end")
    while step.awaiting.kind != "action":
        step = do(step, str(step.awaiting.choices()[0]))
    e = step.state.explorers[hero]
    assert e.traits["might"] + e.traits["speed"] == before - 2
    assert step.awaiting.movement_left == 1  # 4 fewer, at least 1


def test_h36_the_medallion_keeps_the_house_from_sinking_once():
    step = traitor_turns(sinking(), 1)
    hero = heroes(step)[0]
    step.state.explorers[hero].omens.append("Medallion")
    assert "flooded room" in refused(turn(step, hero, "Tower"), "act medallion").sentence
    step = do(turn(step, hero, "Wine Cellar"), "act medallion")
    assert "Medallion" not in step.state.explorers[hero].omens
    step = traitor_turns(step, 1)
    assert step.state.haunt.track("turn") == 1
    assert "The Medallion calms the water: the house does not sink this time." in texts(step)
    step = traitor_turns(step, 1)
    assert step.state.haunt.track("turn") == 2


def test_h36_the_rowboats_carrier_pays_one_more_space_to_leave_each_room():
    step = sinking()
    hero = heroes(step)[0]
    assert spaces_to_leave(step, hero, "Kitchen") == 1
    step = do(turn(step, hero, "Attic"), "act take_boat")
    assert spaces_to_leave(step, hero, "Kitchen") == 2


def test_h36_the_fully_flooded_floors_2_damage_cannot_be_reduced_by_the_armor():
    step = traitor_turns(sinking(), 2)
    hero = heroes(step)[0]
    e = step.state.explorers[hero]
    e.room = "Wine Cellar"
    e.items.append("Armor")
    before = e.traits["might"] + e.traits["speed"]
    step = do(turn(step, (hero - 1) % 4), "end")
    while step.state.turn.seat != hero:
        step = do(step, "end")
    while step.awaiting.kind != "action":
        step = do(step, str(step.awaiting.choices()[0]))
    e = step.state.explorers[hero]
    assert e.traits["might"] + e.traits["speed"] == before - 2
    assert not any("Armor takes 1" in x for x in texts(step))
