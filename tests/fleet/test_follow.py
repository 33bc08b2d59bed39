"""The companion reads the table's files without ever being in the app's way: real SQLite, real files."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

import pytest

from hauntable.engine.bots import seq_seeded_choice
from hauntable.fleet.follow import LogFollower, ReadOnlyLog
from hauntable.fleet.health import HealthWatch
from hauntable.fleet.public import GAME_STARTED, GAME_WON
from hauntable.gamelog.store import GameLog, LogWriteError
from hauntable.kiosk.status import StatusWriter, read_status, status_path
from hauntable.session import Session


def test_a_missing_log_is_a_problem_to_report_and_is_never_created(tmp_path):
    follower = LogFollower(tmp_path / "table.sqlite3")
    assert follower.poll() == [] and "game log" in follower.problem
    assert list(tmp_path.iterdir()) == []


def test_the_read_only_log_refuses_every_write(tmp_path):
    GameLog(tmp_path / "table.sqlite3").close()
    with ReadOnlyLog(tmp_path / "table.sqlite3") as log, pytest.raises(LogWriteError, match="readonly"):
        log.new_game("betrayal", {})
    with GameLog(tmp_path / "table.sqlite3") as log:
        assert log.games() == []


def test_the_follower_tracks_a_game_as_it_is_played_and_never_holds_up_a_durable_append(tmp_path):
    """The app appends with fsync per input while the companion polls as fast as it can: no append waits
    on the reader (an append's worst case stays far under the log's 10 s busy timeout), and the follower
    ends on the same state, with the game's events."""
    path = tmp_path / "table.sqlite3"
    follower = LogFollower(path)
    stop = threading.Event()
    events: list[dict] = []

    def poll_hard() -> None:
        while not stop.is_set():
            events.extend(follower.poll())
        follower.close()  # its connection belongs to this thread; the next poll opens another

    with GameLog(path) as log:
        session = Session.new("geisterstunde", {"players": ["Anna", "Ben", "Cleo"], "seed": 2}, log=log)
        reader = threading.Thread(target=poll_hard)
        reader.start()
        worst = 0.0
        try:
            while not session.over:
                inp = seq_seeded_choice(session.game, session.step, 2)
                t0 = time.perf_counter()
                session.submit(inp, source="bot")
                worst = max(worst, time.perf_counter() - t0)
        finally:
            stop.set()
            reader.join()
        events.extend(follower.poll())
        assert follower.public["seq"] == session.step.state.seq
        assert follower.public["status"] == "over" and follower.problem is None
    assert [e["kind"] for e in events] == [GAME_STARTED, GAME_WON]
    assert worst < 1.0, f"an append waited {worst:.3f} s"


def test_a_companion_restarted_on_the_same_log_finds_the_same_events(tmp_path):
    path = tmp_path / "table.sqlite3"
    with GameLog(path, durable=False) as log:
        session = Session.new(
            "betrayal",
            {
                "players": [
                    {"name": "A", "character": "zoe"},
                    {"name": "B", "character": "ox"},
                    {"name": "C", "character": "vivian"},
                ],
                "seed": 1,
            },
            log=log,
        )
        while not session.over:
            session.submit(seq_seeded_choice(session.game, session.step, 1), source="bot")
    first, second = LogFollower(path).poll(), LogFollower(path).poll()
    assert [e["id"] for e in first] == [e["id"] for e in second] == ["1:start", "1:haunt", "1:won"]


def test_the_status_file_is_whole_for_a_reader_at_any_moment(tmp_path):
    path = status_path(tmp_path / "table.sqlite3")
    writer = StatusWriter(path)
    stop = threading.Event()
    bad: list[str] = []

    def read_hard() -> None:
        while not stop.is_set():
            if path.exists() and read_status(path) is None:
                bad.append(path.read_text())

    reader = threading.Thread(target=read_hard)
    reader.start()
    for i in range(500):
        writer.update({"screen": "play", "readers_failed": [f"c{i}"], "padding": "x" * 5000})
    stop.set()
    reader.join()
    assert bad == [] and read_status(path)["readers_failed"] == ["c499"]
    assert [p.name for p in tmp_path.iterdir()] == ["status.json"]  # no temporary file left


def test_health_turns_the_status_file_into_fault_codes(tmp_path):
    watch = HealthWatch(tmp_path, tmp_path / "status.json")
    assert watch.check(time.time())["faults"] == ["app:absent"]
    writer = StatusWriter(tmp_path / "status.json")
    writer.update({"readers_failed": ["c3"], "tower": "lost", "last_error": "boom\nsecond line"})
    health = watch.check(time.time(), log_problem="game log: locked")
    assert health["faults"] == ["reader:c3", "tower:lost", "log:unreadable"]
    assert health["app"] == "running" and health["app_starts_seen"] == 1
    data = json.loads((tmp_path / "status.json").read_text())
    assert watch.check(data["at"] + 60)["faults"][0] == "app:stale"


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to play two users")
def test_another_user_with_only_read_access_follows_the_live_log():
    """As installed: the app's files are 0640 in a 0750 directory (UMask=0027), and the companion's user
    is only in the app's group, so it cannot write even SQLite's -shm index. It still follows the game."""
    nobody = 65534
    top = Path(tempfile.mkdtemp(prefix="fleet-perm-"))  # pytest's tmp_path is not open to another user
    top.chmod(0o711)
    data = top / "data"
    data.mkdir(mode=0o750)
    os.chown(data, 0, nobody)
    old = os.umask(0o027)
    try:
        log = GameLog(data / "table.sqlite3")
        session = Session.new("geisterstunde", {"players": ["A", "B", "C"], "seed": 1}, log=log)
        session.submit(seq_seeded_choice(session.game, session.step, 1))
    finally:
        os.umask(old)
    for f in data.iterdir():
        os.chown(f, 0, nobody)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the companion's side: no thread runs in this test, so forking is safe
        try:
            os.setgroups([])
            os.setgid(nobody)
            os.setuid(nobody)
            follower = LogFollower(data / "table.sqlite3")
            seen = [(follower.poll() and follower.problem, follower.public["seq"])]
            time.sleep(1.0)
            follower.poll()
            seen.append((follower.problem, follower.public["seq"]))
            os.write(write, json.dumps(seen).encode())
        finally:
            os._exit(0)
    os.close(write)
    time.sleep(0.3)
    for _ in range(4):
        session.submit(seq_seeded_choice(session.game, session.step, 1))
    os.waitpid(pid, 0)
    log.close()
    modes = {oct(f.stat().st_mode & 0o777) for f in data.iterdir()}
    shutil.rmtree(top)
    assert json.loads(os.read(read, 10_000) or b"null") == [[None, 1], [None, 5]]
    assert modes <= {"0o640"}
