"""A Betrayal game answered by dice thrown in the simulated tower, over a real pty, through a Session.

The referee here is ``rolls.submit_to(session)``: each roll becomes ``roll F,F,F source=tower:1#boot.seq``
and is submitted; the engine decides. A roll nobody asked for is refused (NotAwaited) and still ACKed,
so the tower forgets it instead of resending it forever.
"""

from __future__ import annotations

import time

import pytest

from gamekit import arrange, start
from hauntable.engine.hashing import state_hash
from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal import GAME
from hauntable.session import Session
from hauntable.table.dice_link.link import LinkState
from hauntable.table.dice_link.rolls import submit_to
from hauntable.table.dice_link.simulated import SimulatedDiceTower
from hauntable.table.dice_link.tower import DiceTower


@pytest.fixture
def table(tmp_path):
    """A session standing next to the Chasm, a simulated tower, and the DiceTower feeding the session."""
    step = arrange(start("zoe", "ox", "vivian", today="11-05"), rooms={"Chasm": ("ground", 1, 0, 0)})
    session = Session(GAME, step)
    sim = SimulatedDiceTower(tmp_path / "sim")
    tower = DiceTower(sim.path, submit_to(session))
    assert tower.wait_for_state(LinkState.READY, timeout=5)
    yield session, sim, tower
    tower.close()
    sim.close()


def throw(sim: SimulatedDiceTower, tower: DiceTower, *faces: int):
    sim.throw(*faces)
    roll = tower.wait_for_roll(timeout=5)
    assert roll is not None
    sim.clear()
    time.sleep(0.01)
    return roll


def test_a_roll_prompt_is_answered_by_the_tower(table):
    session, sim, tower = table
    session.submit(GAME.inputs.parse("move E"))
    session.submit(GAME.inputs.parse("cross"))
    prompt = session.step.awaiting
    assert isinstance(prompt, RollDice) and prompt.dice == 4
    seq = session.step.state.seq
    roll = throw(sim, tower, *([1] * prompt.dice))
    assert roll.taken
    assert session.step.state.seq == seq + 1
    assert any(f"(cross the Chasm, {roll.source})" in o.text for o in session.step.outcomes)
    assert roll.source.startswith("tower:1#")
    time.sleep(0.3)
    assert sim.pending_in_flash() == [] and len(sim.sent) == 1  # ACKed once, never resent


def test_a_roll_nobody_asked_for_is_refused_and_still_acked(table):
    session, sim, tower = table
    before = state_hash(session.step.state)
    roll = throw(sim, tower, 2, 2)
    assert not roll.taken
    assert state_hash(session.step.state) == before
    time.sleep(0.3)
    assert sim.pending_in_flash() == [] and len(sim.sent) == 1  # refused, not retried forever
    assert tower.health().rolls_refused == 1


def test_the_wrong_number_of_dice_is_refused_then_the_right_roll_taken(table):
    session, sim, tower = table
    session.submit(GAME.inputs.parse("move E"))
    session.submit(GAME.inputs.parse("cross"))
    assert not throw(sim, tower, 1, 1, 1).taken  # four dice were asked for
    assert isinstance(session.step.awaiting, RollDice)
    assert throw(sim, tower, 2, 2, 2, 2).taken
    assert not isinstance(session.step.awaiting, RollDice)
