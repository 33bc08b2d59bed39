"""Set-up rules B1.*: players, explorers, start tiles, first player and turn order."""

from __future__ import annotations

import pytest

from gamekit import choices, do, start
from hauntable.engine.rejections import BadConfig


def test_B1_1_three_to_six_players():
    with pytest.raises(BadConfig, match="3 to 6 players"):
        start("zoe", "ox")
    with pytest.raises(BadConfig, match="3 to 6 players"):
        start("zoe", "ox", "vivian", "peter", "longfellow", "heather", "zoe")
    assert len(start("zoe", "ox", "vivian", "peter", "longfellow", "heather").state.explorers) == 6


def test_B1_2_only_one_side_of_each_character_card():
    with pytest.raises(BadConfig, match="two sides of one card"):
        start("zoe", "missy", "ox")
    with pytest.raises(BadConfig, match="Unknown explorer"):
        start("zoe", "ox", "dracula")


def test_B1_3_everyone_starts_in_the_entrance_hall_at_the_green_values():
    step = start("zoe", "ox", "vivian")
    s = step.state
    assert {e.room for e in s.explorers} == {"Entrance Hall"}
    zoe = s.explorers[0]
    assert zoe.traits == {"speed": 3, "might": 3, "sanity": 2, "knowledge": 2}
    assert set(s.house) == {"Entrance Hall", "Foyer", "Grand Staircase", "Upper Landing", "Basement Landing"}
    assert (s.house["Foyer"].y, s.house["Grand Staircase"].y) == (1, 2)
    assert len(s.stack) == 42 and "Revolving Wall" not in s.stack


@pytest.mark.parametrize(
    ("today", "first"),
    [
        ("11-30", "Vivian Lopez"),  # Jan 11 is next after 30 Nov (Zoe Nov 5 and Ox Oct 18 are past)
        ("11-05", "Zoe Ingstrom"),  # a birthday today counts as the next one
        ("11-06", "Vivian Lopez"),
        ("06-01", "Ox Bellows"),
    ],
)
def test_B1_4_first_player_has_the_next_birthday(today, first):
    step = start("zoe", "ox", "vivian", today=today)
    assert step.state.current.name == first
    assert step.awaiting.player == step.state.turn.seat


def test_B1_4_turns_go_clockwise_by_seat():
    step = start("zoe", "ox", "vivian", today="11-05")  # Zoe (seat 0) first
    seats = []
    for _ in range(4):
        seats.append(step.state.turn.seat)
        step = do(step, "end")
    assert seats == [0, 1, 2, 0]
    assert step.state.round == 2


def test_the_turn_prompt_lists_only_legal_actions():
    step = start()
    assert choices(step) == ["move N", "move E", "move W", "end"]
