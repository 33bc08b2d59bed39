"""Start and resume cost against the log's size (issue 19, item 11): the table's start must cost the same
with 1,000 or 100,000 logged inputs, and resuming the longest game must stay <= 60 ms of CPU here.

Builds logs of growing size from finished bot games, then the longest bot game among seeds 1..SEEDS left
unfinished on top (the one the start offers). Measures, in CPU time (process_time) and wall time:
- start: ``open_table_log`` (what the app does before the attract screen) + the resume offer;
- resume: ``Session.resume`` with ``check="last"`` (the default) and ``check="every"`` (the old way).

    .venv/bin/python bench/log_start.py [--sizes 1000,10000,100000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hauntable.engine.bots import seq_seeded_choice
from hauntable.gamelog import GameLog
from hauntable.gamelog.opening import open_table_log
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.session import Session

SEEDS = 150


def config(seed: int) -> GameConfig:
    return GameConfig.quick("zoe", "ox", "vivian", seed=seed)


def longest_seed(seeds: int = SEEDS) -> tuple[int, int]:
    """The bot seed whose game runs longest (pure engine, no log), and its length."""
    best = (0, 0)
    for seed in range(1, seeds + 1):
        step = GAME.new_game(config(seed))
        while not step.over and step.state.seq < 20_000:
            step = GAME.apply(step.state, seq_seeded_choice(GAME, step, seed))
        best = max(best, (step.state.seq, seed))
    return best[1], best[0]


def build(path: Path, total: int, long_seed: int, long_length: int) -> int:
    """Finished games until ``total - long_length`` inputs, then the long game minus its last input."""
    count, seed = 0, 1000
    with GameLog(path, durable=False) as log:
        while count < total - long_length:
            seed += 1
            session = Session.new("betrayal", config(seed), log=log)
            while not session.over:
                session.submit(seq_seeded_choice(GAME, session.step, seed), source="bench")
                count += 1
        session = Session.new("betrayal", config(long_seed), log=log)
        while session.step.state.seq < long_length - 1:
            session.submit(seq_seeded_choice(GAME, session.step, long_seed), source="bench")
        log.checkpoint()
        return session.game_id


def timed(repeat: int, fn: Callable[[], object]) -> tuple[float, float]:
    """Median (CPU seconds, wall seconds) of ``fn``."""
    cpu, wall = [], []
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall)


def start(path: Path) -> None:
    opened = open_table_log(path)
    record = opened.log.latest_unfinished()
    assert record is not None and opened.state == "ok", opened.notices
    opened.log.close()


def resume(path: Path, game_id: int, check: str) -> None:
    with GameLog(path) as log:
        Session.resume(log, game_id, check=check)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=SEEDS, help="look for the longest game among 1..N")
    args = parser.parse_args()
    seed, length = longest_seed(args.seeds)
    print(f"longest bot game among seeds 1..{args.seeds}: seed {seed}, {length} inputs (the unfinished one)")
    heads = ("start CPU", "start wall", "resume last", "resume every")
    print(f"{'log inputs':>10}  " + "  ".join(f"{h:>12}" for h in heads))
    with tempfile.TemporaryDirectory() as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            path = Path(tmp) / f"log-{size}.sqlite3"
            game_id = build(path, size, seed, length)
            s_cpu, s_wall = timed(args.repeat, lambda p=path: start(p))
            r_last = timed(args.repeat, lambda p=path, g=game_id: resume(p, g, "last"))
            r_every = timed(max(1, args.repeat // 2), lambda p=path, g=game_id: resume(p, g, "every"))
            print(
                f"{size:>10}  {s_cpu * 1e3:>9.1f} ms  {s_wall * 1e3:>9.1f} ms  "
                f"{r_last[0] * 1e3:>9.1f} ms  {r_every[0] * 1e3:>9.1f} ms  (CPU; {length - 1} inputs resumed)"
            )


if __name__ == "__main__":
    main()
