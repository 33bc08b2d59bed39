"""A fingerprint of seeded bot games: same fingerprint before and after a change = the same games.

Why: a speed-up must not change what the seeded bots play (the property tests, the resume and power-loss
tests and logged bug reports depend on seed -> game). This hashes every input, outcome and prompt of 300
Geisterstunde games (the ``geisterstunde_games.py`` seeds, to the escape) and every input plus the final
state hash of 13 seeded Betrayal bot runs (``RandomBot`` and ``seq_seeded_choice``). Compare the two
lines printed by the old and the new code (old code via ``git archive``, see docs/benchmarks.md).

    PYTHONPATH=app .venv/bin/python bench/bot_games_fingerprint.py [--geist 300] [--betrayal 10]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

from hauntable.engine.bots import RandomBot, seq_seeded_choice
from hauntable.engine.hashing import state_hash
from hauntable.games import geisterstunde
from hauntable.games.betrayal import GAME as BETRAYAL
from hauntable.games.betrayal import GameConfig as BetrayalConfig
from hauntable.games.betrayal.inputs import Roll

sys.path.insert(0, str(Path(__file__).parent))
from geisterstunde_games import config, play_one

CHARACTERS = ("zoe", "ox", "vivian", "peter", "longfellow", "heather")


def geist_fingerprint(games: int) -> str:
    h = hashlib.sha256()
    game = geisterstunde.GAME
    for seed in range(games):
        inputs, _ = play_one(seed)
        step = game.new_game(config(seed))
        for inp in inputs:
            step = game.apply(step.state, inp)
            h.update(str(inp).encode())
            for o in step.outcomes:
                h.update(repr(o).encode())
            h.update(repr(step.state.awaiting).encode())
        h.update(state_hash(step.state).encode())
    return h.hexdigest()


def betrayal_fingerprint(games: int) -> str:
    h = hashlib.sha256()
    for seed in range(games):
        step = BETRAYAL.new_game(BetrayalConfig.quick(*CHARACTERS[: 3 + seed % 4], today="11-30", seed=seed))
        bot = RandomBot(seed, Roll)
        n = 0
        while step.awaiting is not None and n < 3000:
            inp = bot.choose(step)
            step = BETRAYAL.apply(step.state, inp)
            n += 1
            h.update(str(inp).encode())
        h.update(state_hash(step.state).encode())
    for seed in range(3):  # the resume tests' chooser: one fresh bot per (seed, seq)
        step = BETRAYAL.new_game(BetrayalConfig.quick(*CHARACTERS[:3], today="11-30", seed=seed))
        n = 0
        while step.awaiting is not None and n < 1500:
            inp = seq_seeded_choice(BETRAYAL, step, seed)
            step = BETRAYAL.apply(step.state, inp)
            n += 1
            h.update(str(inp).encode())
        h.update(state_hash(step.state).encode())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--geist", type=int, default=300, help="Geisterstunde games (seeds 0..N-1)")
    parser.add_argument("--betrayal", type=int, default=10, help="Betrayal RandomBot runs (seeds 0..N-1)")
    args = parser.parse_args(argv)
    print(f"geisterstunde {args.geist} games: {geist_fingerprint(args.geist)}")
    print(f"betrayal {args.betrayal}+3 runs:  {betrayal_fingerprint(args.betrayal)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
