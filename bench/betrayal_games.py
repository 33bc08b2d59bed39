"""Complete random-legal Betrayal games per second: from a new game through the exploration and the haunt to
a victory (issue 4's goal: at least 10 games/s on one core).

Why: the property test, the fuzzers and the soak tests play whole games; this says how many fit in a second
of one core. Seeds are fixed (0, 1, 2, ...) and the player count cycles 3, 4, 5, 6, so two runs play the same
games. Times are CPU time of this process (wall clock beside it). A game that does not end within
``--max-inputs`` is counted and reported: it would mean a haunt without a way to end.

    .venv/bin/python bench/betrayal_games.py [--seconds 10] [--max-inputs 20000] [--cpu N]
"""

from __future__ import annotations

import argparse
import collections
import os
import platform
import sys
import time

from hauntable.engine.bots import RandomBot
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.games.betrayal.inputs import Roll

GOAL_GAMES_PER_S = 10
CHARACTERS = ("zoe", "ox", "vivian", "peter", "longfellow", "heather")


def play(seed: int, max_inputs: int) -> tuple[int, dict | None]:
    """One game by the random bot: (inputs applied, the haunt record at the end)."""
    players = 3 + seed % 4
    step = GAME.new_game(GameConfig.quick(*CHARACTERS[:players], today="11-30", seed=seed))
    bot = RandomBot(seed, Roll)
    n = 0
    while step.awaiting is not None and n < max_inputs:
        step = GAME.apply(step.state, bot.choose(step))
        n += 1
    return n, step.state.haunt if step.awaiting is None else None


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--max-inputs", type=int, default=20_000)
    ap.add_argument("--cpu", type=int, default=None, help="pin to this CPU")
    args = ap.parse_args(argv)
    where = "one thread"
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})
        where = f"pinned to cpu {args.cpu}"
    print(
        f"betrayal complete games: random-legal bot, 3-6 players, {platform.python_implementation()} "
        f"{platform.python_version()}, {where}"
    )
    GAME.new_game(GameConfig.quick(*CHARACTERS[:3]))  # load the content before timing
    c0, w0 = time.process_time(), time.perf_counter()
    games = inputs = unfinished = 0
    winners: collections.Counter = collections.Counter()
    modes: collections.Counter = collections.Counter()
    longest = 0
    while time.process_time() - c0 < args.seconds:
        n, h = play(games, args.max_inputs)
        games += 1
        inputs += n
        longest = max(longest, n)
        if h is None:
            unfinished += 1
        else:
            winners[h.winner] += 1
            modes[h.mode] += 1
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    rate = games / cpu
    print(f"games: {games} in {cpu:.1f} s CPU ({wall:.1f} s wall)")
    print(f"unfinished within {args.max_inputs} inputs: {unfinished}")
    verdict = "met" if rate >= GOAL_GAMES_PER_S else "NOT met"
    print(f"complete games/s (CPU): {rate:.1f}   goal >= {GOAL_GAMES_PER_S}: {verdict}")
    print(f"mean inputs per game: {inputs / max(1, games):.0f}, longest: {longest}")
    print(f"winners: {dict(winners)}; haunt modes: {dict(modes)}")
    return 0 if unfinished == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
