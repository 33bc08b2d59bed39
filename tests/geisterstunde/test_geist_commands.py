"""``hauntable bot --game geisterstunde``, ``export`` and ``replay`` as real subprocesses over a real log."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hauntable.gamelog import GameLog
from hauntable.paths import DB_NAME
from hauntable.session import Session


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    env.pop("HAUNTABLE_DATA_DIR", None)
    return subprocess.run(
        [sys.executable, "-m", "hauntable.cli", *args], cwd=cwd, env=env, capture_output=True, timeout=120
    )


def test_G7_a_bot_game_is_logged_to_its_end_exported_and_replayed_to_the_same_hash(tmp_path: Path):
    data = tmp_path / "data"
    played = cli("bot", "--game", "geisterstunde", "--seed", "4", "--data-dir", str(data), cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    rows = [line.split("\t") for line in played.stdout.decode().splitlines()]
    assert [int(r[0]) for r in rows] == list(range(1, len(rows) + 1))
    assert rows[0][1].startswith("plan lily")  # Anna, the first ghost, leaves the Verlies

    with GameLog(data / DB_NAME) as log:
        session = Session.resume(log, 1)
    assert session.game.name == "geisterstunde" and session.over
    assert session.step.state.winner is not None and session.state_hash == rows[-1][2]

    out = tmp_path / "game.jsonl"
    assert cli("export", "1", "-o", str(out), "--data-dir", str(data), cwd=tmp_path).returncode == 0
    header = json.loads(out.read_text().splitlines()[0])
    assert header["game"] == "geisterstunde" and header["config"]["players"] == ["Anna", "Ben", "Cleo"]
    replayed = cli("replay", str(out), cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["state_hash"] == rows[-1][2]


def test_G1_1_a_bad_player_list_is_refused_before_anything_is_logged(tmp_path: Path):
    data = tmp_path / "data"
    bad = cli(
        "bot",
        "--game",
        "geisterstunde",
        "--players",
        "Solo",
        "--seed",
        "1",
        "--data-dir",
        str(data),
        cwd=tmp_path,
    )
    assert bad.returncode == 2 and b"2 to 4 players" in bad.stderr
