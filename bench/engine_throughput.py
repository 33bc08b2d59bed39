"""How fast the Betrayal engine applies inputs: random-legal exploration games from a new game to the haunt.

Why: fuzz tests, replays and resume after a power cut all fold ``apply`` over many inputs, so its speed on
one core of the Pi bounds them. Each game is played once by the random bot (timed whole: games per
second), then its inputs are applied again from a new game in a tight loop (timed: inputs per second),
so the bot's choosing and the clock reads stay out of the apply figure. Times are CPU time of this
process, which other jobs on a busy machine do not inflate; wall-clock figures are shown beside them.
Seeds are fixed (0, 1, 2, ...), so two runs play the same games; only how many fit in the time differs.

    .venv/bin/python bench/engine_throughput.py [--seconds 10] [--max-inputs 5000] [--cpu N]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

from hauntable.engine.bots import RandomBot
from hauntable.engine.inputs import Input
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.games.betrayal.inputs import Roll

GOAL_INPUTS_PER_S = 20_000
EXPLORERS = ("zoe", "ox", "vivian")


def pin(cpu: int | None) -> str:
    """Optionally keep the process on one CPU (the engine is single-threaded either way)."""
    if cpu is None:
        return "one thread"
    os.sched_setaffinity(0, {cpu})
    return f"pinned to cpu {cpu}"


def config(seed: int) -> GameConfig:
    return GameConfig.quick(*EXPLORERS, today="11-30", seed=seed)


def play_one(seed: int, max_inputs: int) -> tuple[list[Input], bool, float, float]:
    """Play one game with the bot; return (inputs, reached the haunt, CPU seconds, wall seconds)."""
    c0, w0 = time.process_time(), time.perf_counter()
    step = GAME.new_game(config(seed))
    bot = RandomBot(seed, lambda faces, source: Roll(faces, source))
    inputs: list[Input] = []
    # stop when the haunt begins (the game goes on to a victory since issue 4: bench/betrayal_games.py)
    while step.awaiting is not None and step.state.phase == "explore" and len(inputs) < max_inputs:
        inp = bot.choose(step)
        step = GAME.apply(step.state, inp)
        inputs.append(inp)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return inputs, step.state.phase == "haunt", cpu, wall


def apply_all(seed: int, inputs: list[Input]) -> tuple[float, float]:
    """Apply the recorded inputs again from a new game; return (CPU seconds, wall seconds) of the loop."""
    step = GAME.new_game(config(seed))
    state, apply = step.state, GAME.apply
    c0, w0 = time.process_time(), time.perf_counter()
    for inp in inputs:
        state = apply(state, inp).state
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    if state.seq != step.state.seq + len(inputs):
        raise AssertionError(f"seed {seed}: applying the same inputs again ended at another seq")
    return cpu, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="stop starting new games after this")
    parser.add_argument("--max-inputs", type=int, default=5000, help="give up on a game after this many")
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU (Linux)")
    args = parser.parse_args(argv)

    pinned = pin(args.cpu)
    GAME.new_game(config(0))  # load the content outside the clock

    games = finished = inputs = longest = 0
    play_cpu = play_wall = apply_cpu = apply_wall = 0.0
    start, cpu_start = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < args.seconds:
        seed = games
        try:
            played, done, cpu, wall = play_one(seed, args.max_inputs)
            a_cpu, a_wall = apply_all(seed, played)
        except Exception as exc:
            exc.add_note(f"while playing seed {seed}: replay it with RandomBot({seed}) to debug")
            raise
        games += 1
        finished += done
        inputs += len(played)
        longest = max(longest, len(played))
        play_cpu, play_wall = play_cpu + cpu, play_wall + wall
        apply_cpu, apply_wall = apply_cpu + a_cpu, apply_wall + a_wall
    share = (time.process_time() - cpu_start) / (time.perf_counter() - start)

    per_s, per_s_wall = inputs / apply_cpu, inputs / apply_wall
    verdict = "meets" if per_s >= GOAL_INPUTS_PER_S else "BELOW"
    rows = [
        ("games played (seeds)", f"{games} (0..{games - 1})"),
        (
            "games that reached the haunt",
            f"{finished} ({games - finished} stopped at {args.max_inputs} inputs)",
        ),
        ("inputs applied (each twice)", f"{inputs:,}"),
        (
            "(a) inputs/s, apply only",
            f"{per_s:,.0f}  (wall {per_s_wall:,.0f}; {verdict} the goal of {GOAL_INPUTS_PER_S:,}/s)",
        ),
        ("    mean apply time", f"{apply_cpu / inputs * 1e6:.1f} us per input"),
        (
            "(b) games/s to the haunt",
            f"{finished / play_cpu:.1f}  (wall {finished / play_wall:.1f}; new game + bot + apply)",
        ),
        ("(c) mean inputs per game", f"{inputs / games:.1f}  (longest {longest})"),
        ("bot's share of a game", f"{1 - apply_cpu / play_cpu:.0%} of its CPU time (choosing, new game)"),
    ]
    print(f"engine throughput: betrayal, {len(EXPLORERS)} explorers, random-legal exploration to the haunt")
    print(
        f"python {platform.python_version()} on {platform.machine()}, {pinned}, {args.seconds:.0f} s budget"
    )
    if share < 0.95:
        print(
            f"  note: this process got only {share:.0%} of a CPU: the machine is busy, wall figures read low"
        )
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"  {key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
