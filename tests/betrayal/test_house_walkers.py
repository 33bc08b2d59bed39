"""The one house geometry (house.py) and its walkers on houses grown by random games: an explorer's step
goes through two doors that meet, by stairs or by a secret passage; the Dog never steps into a room that
needs a roll; the monsters' ways include the explorer's doors and stairs; and ``distances`` is a breadth-first
walk of ``steps`` (every room reached at distance d has a way back from a room at d - 1)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit import CONTENT
from hauntable.engine.bots import RandomBot
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.games.betrayal.house import (
    DOG,
    DOOR_ORDER,
    EXPLORER,
    OPPOSITE,
    adjacent,
    distances,
    door_leads,
    doors_of,
    monster_walker,
    needs_roll,
    secret_exits,
    stair_links,
    stairs,
    steps,
    through,
)
from hauntable.games.betrayal.inputs import Roll

CHARACTERS = ("zoe", "ox", "vivian", "peter")


def grown_house(seed: int, inputs: int):
    step = GAME.new_game(GameConfig.quick(*CHARACTERS, seed=seed))
    bot = RandomBot(seed, Roll)
    for _ in range(inputs):
        if step.awaiting is None:
            break
        step = GAME.apply(step.state, bot.choose(step))
    return step.state


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.integers(20, 300))
def test_the_walkers_go_only_where_the_house_lets_them(seed, inputs):
    s = grown_house(seed, inputs)
    for room in s.house:
        doors = doors_of(CONTENT.rooms[room], s.house[room].rotation)
        for d in DOOR_ORDER:
            other = through(s, CONTENT, room, d)
            if other is not None:  # a door that meets a door, seen from both sides (B3.1)
                assert d in doors and through(s, CONTENT, other, OPPOSITE[d]) == room
            if d in doors:
                cell, there, meets = door_leads(s, CONTENT, room, d)
                assert there == s.cells.get(cell) and (other == there if meets else other is None)
        by_stairs = [o for o in stair_links(CONTENT).get(room, ()) if o in s.house]
        ways = steps(s, CONTENT, room, EXPLORER)
        assert set(ways) == set(adjacent(s, CONTENT, room)) | set(by_stairs) | set(secret_exits(s, room))
        assert len(ways) == len(set(ways))
        for to in ("up", "down"):
            assert stairs(s, CONTENT, room, to) in (None, *by_stairs)
        dog = steps(s, CONTENT, room, DOG)
        assert set(dog) <= set(ways) and not any(needs_roll(CONTENT, o) for o in dog)
        monster = steps(s, CONTENT, room, monster_walker(s))
        assert set(adjacent(s, CONTENT, room)) | set(by_stairs) <= set(monster) and room not in monster


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16), st.integers(20, 300), st.sampled_from(["explorer", "dog", "monster"]))
def test_distances_walk_the_steps_breadth_first(seed, inputs, who):
    s = grown_house(seed, inputs)
    walker = {"explorer": EXPLORER, "dog": DOG, "monster": monster_walker(s)}[who]
    dist = distances(s, CONTENT, "Entrance Hall", walker)
    assert dist["Entrance Hall"] == 0
    for room, d in dist.items():
        for other in steps(s, CONTENT, room, walker):
            assert other in dist and dist[other] <= d + 1
        if d:
            assert any(dist.get(o) == d - 1 and room in steps(s, CONTENT, o, walker) for o in dist)
    near = distances(s, CONTENT, "Entrance Hall", walker, limit=2)
    assert near == {r: d for r, d in dist.items() if d <= 2}
