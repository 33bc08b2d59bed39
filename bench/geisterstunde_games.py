"""How many complete random-legal Geisterstunde games the engine plays per second on one core.

Why: the property tests play whole games, and a table replays a game from its log after a power cut; a
game is short (a few hundred inputs), so games per second is the figure that matters (goal >= 200/s).
Each game, 2 to 4 players by turns, is played by ``RandomBot`` from a new game to the escape (timed
whole: games per second, bot included), then its inputs are applied again from a new game in a tight
loop (timed alone: inputs per second, apply only). CPU time of this process, wall clock beside it.
Seeds are fixed (0, 1, 2, ...), so two runs play the same games.

    .venv/bin/python bench/geisterstunde_games.py [--seconds 10] [--cpu N] [--games N]

``--games N`` plays exactly seeds 0 to N-1 instead: a fixed workload whose instruction count
(``valgrind --tool=callgrind``) compares two versions even on a busy machine (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

from hauntable.engine.bots import RandomBot
from hauntable.engine.inputs import Input
from hauntable.games.geisterstunde import GAME, GameConfig

GOAL_GAMES_PER_S = 200
MAX_INPUTS = 50_000


def config(seed: int) -> GameConfig:
    return GameConfig.quick(2 + seed % 3, ghost=seed % (2 + seed % 3), seed=seed)


def _no_dice(faces, source):
    raise AssertionError("Geisterstunde has no dice")


def play_one(seed: int) -> tuple[list[Input], bool]:
    step = GAME.new_game(config(seed))
    bot = RandomBot(seed, _no_dice)
    inputs: list[Input] = []
    apply, choose = GAME.apply, bot.choose
    while step.awaiting is not None and len(inputs) < MAX_INPUTS:
        inp = choose(step)
        step = apply(step.state, inp)
        inputs.append(inp)
    return inputs, step.awaiting is None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="stop starting new games after this")
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU (Linux)")
    parser.add_argument("--games", type=int, default=None, help="play exactly seeds 0..N-1 (fixed workload)")
    args = parser.parse_args(argv)
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})
    GAME.new_game(config(0))  # load the content outside the clock
    play_one(0)  # and list the ghost's plans once

    games: list[tuple[int, list[Input]]] = []
    unfinished = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while len(games) < args.games if args.games is not None else time.process_time() - c0 < args.seconds:
        seed = len(games)
        inputs, finished = play_one(seed)
        games.append((seed, inputs))
        unfinished += not finished
    play_cpu, play_wall = time.process_time() - c0, time.perf_counter() - w0

    apply = GAME.apply
    n_inputs = 0
    c0, w0 = time.process_time(), time.perf_counter()
    for seed, inputs in games:
        state = GAME.new_game(config(seed)).state
        for inp in inputs:
            state = apply(state, inp).state
        n_inputs += len(inputs)
    apply_cpu, apply_wall = time.process_time() - c0, time.perf_counter() - w0

    lengths = [len(i) for _, i in games]
    n = len(games)
    if not n:
        print("no games played")
        return 0
    print(f"python {platform.python_version()} on {platform.machine()}, one thread")
    print(
        f"complete games per second (bot included): {n / play_cpu:,.1f} CPU  "
        f"({n / play_wall:,.1f} wall)  goal >= {GOAL_GAMES_PER_S}"
    )
    print(
        f"inputs applied per second (apply only):   {n_inputs / apply_cpu:,.0f} CPU  "
        f"({n_inputs / apply_wall:,.0f} wall)"
    )
    print(f"games replayed per second (apply only):   {n / apply_cpu:,.1f} CPU")
    print(
        f"games: {n}, unfinished: {unfinished}; inputs per game: mean {statistics.mean(lengths):.0f}, "
        f"median {statistics.median(lengths):.0f}, longest {max(lengths)}"
    )
    if play_cpu < 0.95 * play_wall:
        print(f"note: the process got {play_cpu / play_wall:.0%} of a CPU; wall figures read low")
    return 0


if __name__ == "__main__":
    sys.exit(main())
