"""A simulated table for the fleet's tests, its benchmark and an operator trying the page without a table.

It does what a table's app does as far as the companion can tell: plays games into ``table.sqlite3`` through
a logged :class:`~hauntable.session.Session` (random-legal bot inputs, ``--pace`` seconds apart, so games
last as long as you like) and writes ``status.json`` with :class:`~hauntable.kiosk.status.StatusWriter`.
Faults are injected by writing ``faults.json`` into the data directory (``{"readers_failed": ["c3"],
"tower": "lost", "last_error": "..."}``); removing it clears them.

    python -m hauntable.fleet.simtable --data-dir /tmp/t1 --games betrayal,geisterstunde --seed 3 --pace 0.05
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.game import find_game
from hauntable.gamelog.store import ABANDONED, GameLog
from hauntable.games.betrayal.config import DEFAULT_CHARACTERS
from hauntable.kiosk.status import StatusWriter, status_path
from hauntable.paths import db_path
from hauntable.session import Session


def new_config(game: str, seed: int) -> dict[str, Any]:
    if game == "betrayal":
        seats = DEFAULT_CHARACTERS[:3]
        return {
            "players": [{"name": f"Player {i}", "character": c} for i, c in enumerate(seats, 1)],
            "seed": seed,
        }
    return {"players": ["Anna", "Ben", "Cleo"], "seed": seed}


def health(data_dir: Path, game_running: bool) -> dict[str, Any]:
    try:
        faults = json.loads((data_dir / "faults.json").read_text())
    except (OSError, ValueError):
        faults = {}
    return {
        "screen": "play" if game_running else "attract",
        "game_running": game_running,
        "table": "simulated",
        "readers_failed": faults.get("readers_failed", []),
        "tower": faults.get("tower"),
        "last_error": faults.get("last_error"),
        "last_error_at": None,
        "notice": None,
    }


def play(
    data_dir: Path,
    games: list[str],
    seed: int,
    pace: float,
    max_inputs: int,
    stop: threading.Event,
    rounds: int | None = None,
) -> None:
    """Play ``games`` in turn (each new one with the next seed) until ``stop`` or ``rounds`` games."""
    log = GameLog(db_path(data_dir), durable=False)
    writer = StatusWriter(status_path(log.path))
    counter = itertools.count() if rounds is None else iter(range(rounds))
    try:
        for n in counter:
            game = games[n % len(games)]
            record = log.latest_unfinished()
            if record is not None:  # a simulated table killed mid-game resumes it, as the app offers
                session = Session.resume(log, record.id, check="last")
            else:
                session = Session.new(
                    game, find_game(game).config_from_json(new_config(game, seed + n)), log=log
                )
            while not session.over and session.step.state.seq < max_inputs and not stop.is_set():
                writer.update(health(data_dir, True))
                session.submit(seq_seeded_choice(session.game, session.step, seed + n), source="bot")
                stop.wait(pace)
            if stop.is_set():
                return
            if not session.over:
                assert session.game_id is not None  # a logged game has its id
                log.mark(session.game_id, ABANDONED)
            writer.update(health(data_dir, False))
            stop.wait(pace * 5)
    finally:
        log.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--games", default="betrayal,geisterstunde", help="games to play in turn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between inputs (default 0.5)")
    parser.add_argument(
        "--max-inputs", type=int, default=400, help="a longer game is abandoned (default 400)"
    )
    parser.add_argument("--rounds", type=int, default=None, help="stop after this many games")
    args = parser.parse_args(argv)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_a: stop.set())
    directory = Path(args.data_dir)
    directory.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(KeyboardInterrupt):
        play(directory, args.games.split(","), args.seed, args.pace, args.max_inputs, stop, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
