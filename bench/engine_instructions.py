"""Instructions per Betrayal input applied: a steady speed figure where wall-clock timing is not.

Why: on a shared VM the same code's inputs/s swing by a third from run to run (bench/engine_throughput.py);
an instruction count under valgrind does not. The script plays the same 30 seeded bot games as
engine_throughput.py (seeds 0..29, explorations to the haunt), then applies their inputs again ``--reps``
times from new games with ``GAME.apply`` alone. Run it twice under callgrind, with ``--reps 0`` and
``--reps 1``, and divide the difference of the two totals by the inputs printed. Fix the string hash seed:
with a random one, dict and set layouts change from run to run and the count by about 2 %:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg0 \
        .venv/bin/python bench/engine_instructions.py --reps 0
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg1 \
        .venv/bin/python bench/engine_instructions.py --reps 1

Without valgrind it prints the inputs and the CPU time of the replays, like any other benchmark here.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import engine_throughput as et  # the same games, configs and bot
from hauntable.games.betrayal import GAME


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--reps", type=int, default=3, help="times each game's inputs are applied again")
    args = parser.parse_args(argv)
    games = [(seed, et.play_one(seed, 5000)[0]) for seed in range(args.games)]
    starts = {seed: GAME.new_game(et.config(seed)).state for seed, _ in games}
    n = sum(len(inputs) for _, inputs in games)
    c0 = time.process_time()
    for _ in range(args.reps):
        for seed, inputs in games:
            state = starts[seed]
            for inp in inputs:
                state = GAME.apply(state, inp).state
    cpu = time.process_time() - c0
    print(f"{args.games} games, {n:,} inputs, applied {args.reps} time(s)")
    if args.reps:
        rate = n * args.reps / cpu
        print(f"  CPU {cpu:.2f} s: {rate:,.0f} inputs/s (the steady figure is callgrind's count)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
