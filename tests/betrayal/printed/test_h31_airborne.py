"""Haunt 31, Airborne, refereed from its file (data/haunts/31.toml) and its hook (hooks/h31.py)."""

from __future__ import annotations

from gamekit import CONTENT, do, refused
from hauntable.games.betrayal.ruleset import RULES
from hauntable.games.betrayal.world import World
from printedkit import begin, roll, spaces_to_leave, turn

ROOMS = ("Dining Room", "Kitchen", "Balcony", "Tower", "Furnace Room")


def airborne(**kw):
    return begin(31, *ROOMS, revealer=0, **kw)


def answer(step, each: int):
    while step.awaiting is not None and step.awaiting.kind != "action":
        step = roll(step, each) if step.awaiting.kind == "roll" else do(step, str(step.awaiting.choices()[0]))
    return step


def search(step, seat: int, room: str):
    return roll(do(turn(step, seat, room), "act search option=knowledge"), 2)


def test_h31_no_traitor_two_parachutes_and_the_basement_is_left_behind():
    step = airborne(at={2: "Furnace Room"})
    h = step.state.haunt
    assert h.traitor is None and h.vars["_n"]["parachutes"] == 2
    assert step.state.explorers[2].room != "Furnace Room"


def test_h31_a_found_parachute_stops_the_finder_and_each_room_gives_one():
    step = search(airborne(), 1, "Dining Room")
    assert step.state.haunt.carrier("Parachute 1") == 1 and step.awaiting.movement_left == 0
    rej = refused(turn(step, 2, "Dining Room"), "act search option=knowledge")
    assert "not given a Parachute" in rej.sentence and "haunt 31" in rej.sentence


def test_h31_a_parachute_is_stolen_by_force_when_the_thief_wins():
    step = search(airborne(), 1, "Dining Room")
    step.state.explorers[2].room = "Dining Room"
    step = do(turn(step, 2, "Dining Room"), "act force")
    step = roll(step, 2)  # the thief's Might
    step = roll(step, 0)  # the carrier's Might
    assert step.state.haunt.carrier("Parachute 1") == 2 and step.awaiting.movement_left == 0


def test_h31_airborne_heroes_with_parachutes_jump_and_win_the_rest_die():
    step = search(airborne(), 1, "Dining Room")
    step = search(step, 2, "Balcony")
    assert "carry a Parachute" in refused(turn(step, 3, "Balcony"), "act jump option=knowledge").sentence
    step = roll(do(turn(step, 1, "Balcony"), "act jump option=knowledge"), 2)
    assert step.state.explorers[1].marks.get("escaped") and step.state.haunt.winner is None
    step = roll(do(turn(step, 2, "Tower"), "act jump option=knowledge"), 2)
    step = answer(step, 0)
    s = step.state
    assert s.haunt.winner == "heroes"
    assert not s.explorers[0].alive and not s.explorers[3].alive  # no Parachute: killed
    assert s.explorers[1].alive and s.explorers[2].alive


def test_h31_no_hero_may_enter_the_basement_from_above():
    step = turn(airborne(), 1, "Entrance Hall")
    rules = RULES.scenarios[31]
    w = World(step.state, CONTENT)
    assert not rules.explorer_may_enter(w, 1, "Furnace Room")
    assert rules.explorer_may_enter(w, 1, "Dining Room")
    step.state.explorers[1].room = "Basement Landing"  # fell in: may walk out through the basement
    assert rules.explorer_may_enter(w, 1, "Furnace Room")


def test_h31_heroes_slow_one_another_like_monsters():
    step = airborne()
    for seat in (1, 2):
        step.state.explorers[seat].room = "Kitchen"
    step.state.explorers[3].room = "Dining Room"
    assert spaces_to_leave(step, 0, "Kitchen") == 3  # two other heroes there
    assert spaces_to_leave(step, 3, "Dining Room") == 1
