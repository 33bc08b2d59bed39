"""Crash safety: ``hauntable bot`` SIGKILLed at many points and resumed ends exactly where an uninterrupted
run ends, with every input it printed still in the log and the log's seq numbers 1..N."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hauntable.engine.hashing import state_hash
from hauntable.gamelog import GameLog
from hauntable.games.betrayal import GAME
from hauntable.paths import DB_NAME
from hauntable.session import Session

SEED = 8  # a short whole game (about 130 inputs, the haunt at 118): the finished-game test plays it out
MAX_INPUTS = "10000"


def bot(data: Path, *args: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != "HAUNTABLE_DATA_DIR"}
    command = [sys.executable, "-m", "hauntable.cli", "bot", *args, "--seed", str(SEED)]
    command += ["--max-inputs", MAX_INPUTS, "--data-dir", str(data)]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def parse(line: str) -> tuple[int, str, str]:
    seq, text, digest = line.rstrip("\n").split("\t")
    return int(seq), text, digest


def logged(data: Path) -> list[tuple[int, str, str]]:
    """The log's (seq, input text, state hash) rows of its only game, [] if no game was created yet."""
    if not (data / DB_NAME).exists():
        return []
    with GameLog(data / DB_NAME) as log:
        games = log.games()
        assert len(games) <= 1, "a resumed run must not start a second game"
        if not games:
            return []
        return [(r.seq, str(GAME.inputs.from_json(r.payload)), r.state_hash) for r in log.inputs(games[0].id)]


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[int, str, str]]:
    data = tmp_path_factory.mktemp("uninterrupted")
    proc = bot(data, "--new")
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    lines = [parse(line) for line in out.splitlines()]
    assert len(lines) > 60, "pick a seed whose game lasts long enough to interrupt"
    assert lines == logged(data)
    return lines


@pytest.mark.parametrize(
    "kills",
    [
        [0, 0, 1, 0, 2, 5, 0, 10, 25, 3, 40],  # 0: kill right after start, maybe before the game exists
        [1, 1, 1, 1, 1, 1, 1, 1],
        [7, 19, 2, 31],
    ],
    ids=["mixed", "every-line", "few"],
)
def test_killed_and_resumed_bot_ends_like_an_uninterrupted_one(
    tmp_path: Path, uninterrupted, kills: list[int]
):
    data = tmp_path / "data"
    killed = 0
    for k in [*kills, None]:  # None: the last run goes to the end
        existing = logged(data)
        proc = bot(data, *(["--game-id", "1"] if _has_game(data) else ["--new"]))
        printed: list[tuple[int, str, str]] = []
        assert proc.stdout is not None
        while k is None or len(printed) < k:
            line = proc.stdout.readline()
            if not line:
                break  # the bot finished
            printed.append(parse(line))
        if k is not None and proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            killed += 1
        _, err = proc.communicate(timeout=120)
        assert proc.returncode in (0, -signal.SIGKILL), err

        rows = logged(data)
        assert [r[0] for r in rows] == list(range(1, len(rows) + 1)), (
            "seq must be 1..N, no gaps or duplicates"
        )
        assert rows[: len(existing)] == existing, "a resumed run must not change what was logged"
        for row in printed:  # nothing the bot printed as accepted may be lost
            assert rows[row[0] - 1] == row
        if printed:
            assert printed[0][0] == len(existing) + 1, "a resumed run continues at the next seq"

    assert killed >= 2, "the kills should land mid-game"
    rows = logged(data)
    assert rows == uninterrupted, "the same choices as an uninterrupted run"
    with GameLog(data / DB_NAME) as log:
        session = Session.resume(log, 1)
        assert session.over and log.game(1).status == "over"
        assert state_hash(session.step.state) == uninterrupted[-1][2]


def _has_game(data: Path) -> bool:
    if not (data / DB_NAME).exists():
        return False
    with GameLog(data / DB_NAME) as log:
        return bool(log.games())


def test_resuming_a_finished_game_does_nothing(tmp_path: Path, uninterrupted):
    data = tmp_path / "data"
    first = bot(data, "--new")
    first.communicate(timeout=120)  # read its output as it comes: a long game fills the pipe otherwise
    assert first.returncode == 0
    again = bot(data, "--game-id", "1")
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0 and out == "", err
    assert logged(data) == uninterrupted


def test_resuming_an_unknown_game_exits_2(tmp_path: Path):
    proc = bot(tmp_path, "--game-id", "5")
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 2 and out == "" and "No game 5" in err
