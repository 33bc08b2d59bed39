"""A replay frees each state as soon as the next one exists: no state refers to itself (a turn prompt lists
its actions from a twin of the state), so nothing waits for Python's cyclic garbage collector, whose runs
grow with everything else in memory (a whole log of inputs, the UI) and once took a quarter of a replay."""

from __future__ import annotations

import gc

from gamekit import CONTENT  # noqa: F401  (content loaded before counting)
from hauntable.engine.bots import RandomBot
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.games.betrayal.inputs import Roll


def test_replayed_states_leave_no_cyclic_garbage():
    config = GameConfig.quick("zoe", "ox", "vivian", seed=3)
    step, bot, inputs = GAME.new_game(config), RandomBot(3, Roll), []
    while step.awaiting is not None and len(inputs) < 400:
        inputs.append(bot.choose(step))
        step = GAME.apply(step.state, inputs[-1])
    del step
    gc.collect()
    gc.disable()
    try:
        state = GAME.new_game(config).state
        for inp in inputs:
            state = GAME.apply(state, inp).state
        if state.awaiting is not None:
            state.awaiting.choices()  # a prompt that has listed its actions holds no cycle either
        del state
        unreachable = gc.collect()
    finally:
        gc.enable()
    assert unreachable == 0, f"{unreachable} objects of {len(inputs)} inputs waited for the collector"
