"""Game log benchmarks: replaying ~1,000 logged inputs, resuming from SQLite, and the append rate.

Goals (docs/game-log.md): replay of 1,000 inputs < 100 ms, resume < 1 s. Prints figures, asserts nothing.
Betrayal games end (the haunt won) after 40-1,200 inputs, so the "1,000-input log"
is several bot games in one SQLite file, replayed back to back.

    .venv/bin/python bench/log_replay.py [--inputs 1000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.takeback import replay
from hauntable.gamelog import GameLog
from hauntable.gamelog.jsonl import export_jsonl, replay_jsonl
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.paths import DB_NAME
from hauntable.session import Session


def build(path: Path, total: int) -> list[int]:
    """Bot games (seed 1, 2, ...) logged in ``path`` until they hold ``total`` inputs; returns game ids."""
    ids: list[int] = []
    count, seed = 0, 0
    with GameLog(path, durable=False) as log:
        while count < total:
            seed += 1
            session = Session.new("betrayal", GameConfig.quick("zoe", "ox", "vivian", seed=seed), log=log)
            while not session.over and count < total:
                session.submit(seq_seeded_choice(GAME, session.step, seed), source="bench")
                count += 1
            ids.append(session.game_id)  # type: ignore[arg-type]
    return ids


def best(repeat: int, fn: Callable[[], object]) -> tuple[float, float]:
    """(fastest, median) wall time of ``fn`` in seconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def ms(t: tuple[float, float]) -> str:
    return f"{t[0] * 1000:8.1f} ms (median {t[1] * 1000:.1f})"


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:8.0f} inputs/s ({seconds / count * 1e3:.2f} ms each)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / DB_NAME
        ids = build(db, args.inputs)
        with GameLog(db) as log:
            games = [(log.game(i), log.inputs(i)) for i in ids]
            jsonl = [list(export_jsonl(log, i)) for i in ids]
        n = sum(len(rows) for _, rows in games)
        lengths = ", ".join(str(len(rows)) for _, rows in games)
        print(f"log: {n} inputs in {len(ids)} games ({lengths})")
        configs = [GAME.config_from_json(rec.config) for rec, _ in games]
        inputs = [[GAME.inputs.from_json(r.payload) for r in rows] for _, rows in games]

        def fold() -> None:
            for config, inps in zip(configs, inputs, strict=True):
                replay(GAME, config, inps)

        def from_jsonl() -> None:
            for lines in jsonl:
                replay_jsonl(lines)

        def resume(check: str) -> Callable[[], None]:
            def run() -> None:
                with GameLog(db) as log:
                    for i in ids:
                        Session.resume(log, i, check=check)

            return run

        print(f"(a) replay, fold of apply (goal < 100 ms)      {ms(best(args.repeat, fold))}")
        print(f"    replay of the JSONL export, every hash     {ms(best(args.repeat, from_jsonl))}")
        print(f"(b) resume: open db + Session.resume (< 1 s)   {ms(best(args.repeat, resume('every')))}")
        print(f"    resume with check='last'                   {ms(best(args.repeat, resume('last')))}")

        # (c) appends alone (the inputs and hashes precomputed), then the whole Session.submit path
        rows = [r for _, rs in games for r in rs][: min(n, 300)]
        flat = [GAME.inputs.from_json(r.payload) for r in rows]
        for durable in (True, False):
            with GameLog(Path(tmp) / f"append-{durable}.sqlite3", durable=durable) as log:
                gid = log.new_game("betrayal", games[0][0].config)
                t = time.perf_counter()
                for seq, (inp, row) in enumerate(zip(flat, rows, strict=True), start=1):
                    log.append(gid, seq, inp, row.state_hash, source="bench")
                dt = time.perf_counter() - t
            sync = "FULL, fsync each" if durable else "NORMAL"
            print(f"(c) append rate, synchronous={sync:17} {rate(len(rows), dt)}")
        with GameLog(Path(tmp) / "submit.sqlite3") as log:
            session = Session.new("betrayal", GameConfig.quick("zoe", "ox", "vivian", seed=3), log=log)
            t = time.perf_counter()
            while not session.over and session.step.state.seq < len(rows):
                session.submit(seq_seeded_choice(GAME, session.step, 3), source="bench")
            dt = time.perf_counter() - t
            print(f"    Session.submit (apply + hash + append)     {rate(session.step.state.seq, dt)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
