"""The app tells the companion how it is (docs/fleet.md): status.json beside the log, from the real app on
a live mock table, read the way the companion reads it: the screen, a reader that died, the last error."""

from __future__ import annotations

import time

from kivy.logger import Logger

from hauntable.fleet.health import HealthWatch
from hauntable.gamelog import GameLog
from hauntable.kiosk.status import read_status


def frames_until(h, done, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            return False
        h.frames(1)
    return True


def test_the_app_reports_its_screen_a_dead_reader_and_its_last_error(make_app, tmp_path):
    path = tmp_path / "status.json"
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(seed=3, log=log, table="live", backend="mock", data_dir=str(tmp_path))
        assert frames_until(h, lambda: (read_status(path) or {}).get("screen") == "attract")
        h.tap_text("Touch to play")
        h.tap_text("Start the game")
        assert frames_until(h, lambda: read_status(path)["screen"] == "play")
        assert read_status(path)["table"] == "live" and read_status(path)["readers_failed"] == []
        h.app.controller.live_table.backend.reader("ground:4,0").dead = True
        assert frames_until(h, lambda: read_status(path)["readers_failed"] == ["ground:4,0"])
        Logger.error("Hauntable: the tower's port vanished\nTraceback ...")
        assert frames_until(
            h, lambda: read_status(path)["last_error"] == "Hauntable: the tower's port vanished"
        )
        health = HealthWatch(tmp_path, path).check(time.time())
        assert health["faults"] == ["reader:ground:4,0"] and health["app"] == "running"
