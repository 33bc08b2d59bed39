"""The app's health for the companion service: ``status.json`` beside the game log, written whole and renamed.

The kiosk app has no network (its unit has ``PrivateNetwork=yes``); what only it knows (reader faults, the
dice tower's link, the screen shown, the last error) reaches the operator through this file, which the
companion (``hauntable companion``, docs/fleet.md) reads as another user. A reader sees the old file or the
new one, never half of one; no fsync, since losing the last second of health to a power cut is harmless
and an SD card should not be synced every second. Writing is cheap and never raises into the UI.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / STATUS_NAME
>>> writer = StatusWriter(path, clock=lambda: 100.0)
>>> writer.update({"screen": "attract", "readers_failed": []})
True
>>> writer.update({"screen": "attract", "readers_failed": []})    # unchanged and fresh: not rewritten
False
>>> status = read_status(path)
>>> status["screen"], status["at"], status["pid"] > 0
('attract', 100.0, True)
>>> read_status(path.with_name("missing.json")) is None
True
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

STATUS_NAME = "status.json"
HEARTBEAT = 5.0  # seconds: rewritten at least this often, so a stale ``at`` means a hung or dead app
FORMAT = 1
log = logging.getLogger(__name__)


def status_path(db_file: str | os.PathLike[str]) -> Path:
    """The status file beside the table's database (``paths.db_path``)."""
    return Path(db_file).with_name(STATUS_NAME)


class StatusWriter:
    """Writes the app's health when it changes and at least every ``HEARTBEAT`` seconds.

    ``started`` (wall clock, fixed for this process) lets the companion count restarts; ``at`` is when the
    file was written.
    """

    def __init__(self, path: str | os.PathLike[str], clock: Callable[[], float] = time.time):
        self.path = Path(path)
        self._clock = clock
        self.started = clock()
        self._last: dict[str, Any] | None = None
        self._written = float("-inf")

    def update(self, health: dict[str, Any]) -> bool:
        """Write ``health`` (JSON-able) if it changed or the heartbeat is due; True when written."""
        now = self._clock()
        if health == self._last and now - self._written < HEARTBEAT:
            return False
        data = {"format": FORMAT, "pid": os.getpid(), "started": self.started, "at": now, **health}
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:  # a full or read-only disk must not stop the game
            log.warning("cannot write %s: %s", self.path, exc)
            return False
        self._last, self._written = dict(health), now
        return True


def read_status(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The last status written, or None when there is none (app not started) or it does not read."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


class LastError(logging.Handler):
    """Keeps the last ERROR (or worse) record logged, as one short line, for the status file."""

    def __init__(self, limit: int = 200):
        super().__init__(logging.ERROR)
        self.limit = limit
        self.text: str | None = None
        self.at: float | None = None

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = record.getMessage().splitlines()[0] if record.getMessage() else record.levelname
        except Exception:  # a bad format string in someone's log call
            line = str(record.msg)
        self.text, self.at = line[: self.limit], record.created
