"""Issue 17: rules of the seeds the engine broke. Each test names the rule and cites the seed line."""

from __future__ import annotations

from gamekit import choices, do, start


def test_B6_2_a_turn_never_ends_in_the_coal_chute_also_after_an_effect_put_the_explorer_there():
    """de l.162 (ru l.145): no turn of an explorer or a monster ends on the Coal Chute; the figure lands
    in the Basement Landing. Here The Walls lays the Coal Chute and puts Vivian in it (the issue's game)."""
    step = start("zoe", "ox", "vivian", seed=884248, today="12-01")
    step = do(step, choices(step)[1])  # east: the Conservatory, whose event is The Walls
    step = do(step, choices(step)[2])  # The Walls lays the Coal Chute at ground 1,1
    codes = [o.code for o in step.outcomes]
    assert "room.slide" in codes
    assert step.state.current.room == "Basement Landing"
    step = do(step, "end")
    assert all(e.room != "Coal Chute" for e in step.state.explorers)
