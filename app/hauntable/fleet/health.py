"""The table's health as the companion publishes it: the app's status file plus what the companion sees.

The app writes ``status.json`` (kiosk/status.py); the companion adds whether that file is fresh (a hung or
stopped app), how often the app has started, the disk's free space and whether the game log reads. Each
problem is a fault code, so the operator page, Home Assistant and the fault events all name it the same way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hauntable.kiosk.status import HEARTBEAT, read_status

STALE_AFTER = 3 * HEARTBEAT  # seconds without a rewrite: the app is hung or gone
DISK_LOW_MB = 200  # less than this free beside the log: the table will soon fail to log inputs


class HealthWatch:
    """Reads the status file and the disk; :meth:`check` returns the health and its fault codes."""

    def __init__(self, data_dir: str | os.PathLike[str], status_file: str | os.PathLike[str]):
        self.data_dir = Path(data_dir)
        self.status_file = Path(status_file)
        self.starts: list[float] = []  # the app's start times seen (one per process)

    def check(self, now: float, log_problem: str | None = None) -> dict[str, Any]:
        status = read_status(self.status_file)
        faults: list[str] = []
        if status is None:
            app = "absent"
        elif now - float(status.get("at", 0)) > STALE_AFTER:
            app = "stale"
        else:
            app = "running"
        if app != "running":
            faults.append(f"app:{app}")
        status = status or {}
        started = status.get("started")
        if isinstance(started, int | float) and started not in self.starts:
            self.starts.append(started)
            del self.starts[:-100]
        readers = [str(r) for r in status.get("readers_failed") or []]
        faults += [f"reader:{r}" for r in readers]
        tower = status.get("tower")
        if tower not in (None, "ready", "opening"):
            faults.append(f"tower:{tower}")
        free_mb = _free_mb(self.data_dir)
        if free_mb is not None and free_mb < DISK_LOW_MB:
            faults.append("disk:low")
        if log_problem:
            faults.append("log:unreadable")
        return {
            "app": app,
            "app_started": started,
            "app_starts_seen": len(self.starts),
            "screen": status.get("screen"),
            "table": status.get("table"),
            "readers_failed": readers,
            "tower": tower,
            "last_error": _short(status.get("last_error")),
            "last_error_at": status.get("last_error_at"),
            "notice": _short(status.get("notice")),
            "disk_free_mb": free_mb,
            "log_problem": _short(log_problem),
            "faults": faults,
        }


def _free_mb(path: Path) -> int | None:
    try:
        st = os.statvfs(path)
    except OSError:
        return None
    return st.f_bavail * st.f_frsize // 1_000_000


def _short(text: Any, limit: int = 200) -> str | None:
    return None if text is None else str(text)[:limit]
