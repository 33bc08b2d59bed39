"""Invariants of random legal play after the haunt (rules K1-K9): every listed choice, attacks included, is
accepted; an attack not listed is refused and changes nothing; the dead hold nothing and never take a
turn; replaying the accepted inputs gives the same state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit import in_haunt
from hauntable.engine.bots import RandomBot
from hauntable.engine.hashing import state_hash
from hauntable.engine.rejections import Rejection
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.games.betrayal.inputs import Attack, Roll
from hauntable.games.betrayal.prompts import ChooseAction

CHARACTERS = ("zoe", "ox", "vivian", "peter", "longfellow", "heather")


def to_the_haunt(config: GameConfig, bot: RandomBot, traitor: int):
    """Explore with the bot until the haunt roll starts it (or 300 inputs), then set the haunt up with a
    traitor, the way the haunt rules will, at a turn prompt."""
    step = GAME.new_game(config)
    for _ in range(300):
        if step.awaiting is None or step.state.phase == "haunt":
            break
        step = GAME.apply(step.state, bot.choose(step))
    while step.state.phase != "haunt" and not isinstance(step.awaiting, ChooseAction):
        step = GAME.apply(step.state, bot.choose(step))
    step.state.pending.clear()
    living = [e.seat for e in step.state.explorers if e.alive]  # a scripted set-up may have killed someone
    seat = step.state.turn.seat if step.state.current.alive else living[0]
    return in_haunt(step, traitor % len(step.state.explorers), seat=seat)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 6), st.integers(0, 2**32), st.integers(0, 2**16), st.integers(0, 5))
def test_K_random_fights_after_the_haunt_stay_legal(players, seed, bot_seed, traitor):
    config = GameConfig.quick(*CHARACTERS[:players], seed=seed)
    bot = RandomBot(bot_seed, Roll, end_bias=0.05)
    step = to_the_haunt(config, bot, traitor)
    start, inputs = step.state, []
    for _ in range(600):
        if step.awaiting is None:
            break
        prompt = step.awaiting
        s = step.state
        unchanged = state_hash(s)
        for e in s.explorers:
            if not e.alive:
                assert e.items == [] and e.omens == [] and e.kept == []
        if isinstance(prompt, ChooseAction):
            assert s.current.alive
            listed = prompt.choices()
            for c in listed:
                GAME.apply(s, c)
            for other in range(len(s.explorers)):
                inp = Attack(str(other))
                if inp not in listed:
                    try:
                        GAME.apply(s, inp)
                        raise AssertionError(f"{inp} was not listed but accepted")
                    except Rejection:
                        pass
        inp = bot.choose(step)
        step = GAME.apply(s, inp)
        assert state_hash(s) == unchanged, "applying an input changed the state it was given"
        inputs.append(inp)
    replayed = start
    for inp in inputs:
        replayed = GAME.apply(replayed, inp).state
    assert state_hash(replayed) == state_hash(step.state)
