"""How fast the Betrayal engine applies inputs: random-legal exploration games from a new game to the haunt.

Why: fuzz tests, replays and resume after a power cut all fold ``apply`` over many inputs, so its speed on
one core of the Pi bounds them. First the random bot plays games for about ``--seconds`` (timed whole:
games per second). Then every recorded game is applied again from a new game in one tight loop, as a
replay or a resume does, ``--reps`` times over (timed: inputs per second, apply only), so neither the
bot's choosing nor the clock reads are in that figure. The median of the repetitions is the figure; the
best and the worst show how much the machine disturbed it (on a shared VM the worst can read a third low:
only slowdowns are noise, which is why ``timeit`` reports the best). Times are CPU time of this process;
wall-clock figures are shown beside them. Seeds are fixed (0, 1, 2, ...), so two runs play the same games;
only how many fit in the time differs.

    .venv/bin/python bench/engine_throughput.py [--seconds 10] [--reps 5] [--max-inputs 5000] [--cpu N]
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


def apply_games(games: list[tuple[int, list[Input]]]) -> tuple[float, float]:
    """Apply every game's recorded inputs again, each from a new game made before the clock starts;
    return (CPU seconds, wall seconds) of the loop."""
    starts = [GAME.new_game(config(seed)).state for seed, _ in games]
    apply = GAME.apply
    finals = []
    c0, w0 = time.process_time(), time.perf_counter()
    for state, (_, inputs) in zip(starts, games, strict=True):
        for inp in inputs:
            state = apply(state, inp).state
        finals.append(state)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    for start, final, (seed, inputs) in zip(starts, finals, games, strict=True):
        if final.seq != start.seq + len(inputs):
            raise AssertionError(f"seed {seed}: applying the same inputs again ended at another seq")
    return cpu, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="stop starting new games after this")
    parser.add_argument("--reps", type=int, default=5, help="times every recorded game is applied again")
    parser.add_argument("--max-inputs", type=int, default=5000, help="give up on a game after this many")
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU (Linux)")
    args = parser.parse_args(argv)

    pinned = pin(args.cpu)
    GAME.new_game(config(0))  # load the content outside the clock

    recorded: list[tuple[int, list[Input]]] = []
    finished = longest = 0
    play_cpu = play_wall = 0.0
    start, cpu_start = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < args.seconds:
        seed = len(recorded)
        try:
            played, done, cpu, wall = play_one(seed, args.max_inputs)
        except Exception as exc:
            exc.add_note(f"while playing seed {seed}: replay it with RandomBot({seed}) to debug")
            raise
        recorded.append((seed, played))
        finished += done
        longest = max(longest, len(played))
        play_cpu, play_wall = play_cpu + cpu, play_wall + wall
    inputs = sum(len(played) for _, played in recorded)
    reps = [apply_games(recorded) for _ in range(args.reps)]
    share = (time.process_time() - cpu_start) / (time.perf_counter() - start)

    rates = sorted(inputs / cpu for cpu, _ in reps)
    per_s = statistics.median(rates)
    per_s_wall = statistics.median(inputs / wall for _, wall in reps)
    apply_cpu = sum(cpu for cpu, _ in reps) / len(reps)
    verdict = "meets" if per_s >= GOAL_INPUTS_PER_S else "BELOW"
    games = len(recorded)
    rows = [
        ("games played (seeds)", f"{games} (0..{games - 1})"),
        (
            "games that reached the haunt",
            f"{finished} ({games - finished} stopped at {args.max_inputs} inputs)",
        ),
        ("inputs applied again", f"{inputs:,} x {args.reps}"),
        (
            "(a) inputs/s, apply only",
            f"{per_s:,.0f} median of {args.reps}  (wall {per_s_wall:,.0f}; {verdict} the goal of "
            f"{GOAL_INPUTS_PER_S:,}/s)",
        ),
        ("    best / worst repetition", f"{rates[-1]:,.0f} / {rates[0]:,.0f}"),
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
