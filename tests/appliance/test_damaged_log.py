"""A damaged or truncated game log is set aside with its name shown, and never crashes the start."""

from __future__ import annotations

from hauntable.gamelog import GameLog
from hauntable.gamelog.opening import open_table_log
from hauntable.games.betrayal import GameConfig
from hauntable.games.betrayal.inputs import Move
from hauntable.session import Session


def logged_game(path):
    with GameLog(path) as log:
        session = Session.new("betrayal", GameConfig.quick("zoe", "ox", "vivian", today="11-05"), log=log)
        session.submit(Move("N"))
        return session.state_hash


def test_a_healthy_log_opens_with_no_notice(tmp_path):
    path = tmp_path / "table.sqlite3"
    digest = logged_game(path)
    opened = open_table_log(path)
    log, notice = opened.log, opened.notice
    with log:
        assert notice == ""
        assert Session.resume(log, 1).state_hash == digest


def test_garbage_in_the_log_file_is_set_aside_and_a_new_log_started(tmp_path):
    path = tmp_path / "table.sqlite3"
    path.write_bytes(b"this is not a database" * 200)
    opened = open_table_log(path)
    log, notice = opened.log, opened.notice
    with log:
        assert notice and "table.sqlite3.damaged-" in notice
        assert log.games() == []
    aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")


def test_a_truncated_log_file_is_set_aside(tmp_path):
    path = tmp_path / "table.sqlite3"
    logged_game(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    opened = open_table_log(path)
    log, notice = opened.log, opened.notice
    with log:
        assert notice is not None
        log.new_game("betrayal", GameConfig.quick("zoe", "ox", "vivian").to_json())


def test_the_terminal_game_starts_on_a_damaged_log_and_names_the_file(tmp_path):
    import subprocess
    import sys

    (tmp_path / "table.sqlite3").write_bytes(b"\x00garbage" * 100)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "hauntable.cli",
            "play",
            "--seed",
            "1",
            "--today",
            "11-30",
            "--data-dir",
            str(tmp_path),
        ],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "The damaged file is kept as table.sqlite3.damaged-" in result.stderr
