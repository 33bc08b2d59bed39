"""What the app tells the companion service about its health (kiosk/status.py writes it, docs/fleet.md).

Only what the operator needs to act on, and no game secret: the screen shown (never its content), the
readers that failed, the dice tower's link, the last error logged and the attract screen's notice.
"""

from __future__ import annotations

import logging
from typing import Any

from hauntable.kiosk.status import LastError, StatusWriter, status_path


class HealthReport:
    """Collects the app's health once a second (from the watchdog ping) into the status file."""

    def __init__(self, db_file):
        self.writer = StatusWriter(status_path(db_file))
        self.errors = LastError()
        logging.getLogger("kivy").addHandler(self.errors)

    def update(self, app) -> None:
        self.writer.update(app_health(app, self.errors))

    def close(self) -> None:
        logging.getLogger("kivy").removeHandler(self.errors)


def app_health(app, errors: LastError) -> dict[str, Any]:
    controller = app.controller
    live = controller.live_table
    if live is not None:
        table = "live"
    elif controller.simulator is not None or controller.castle_table is not None:
        table = "simulated"
    else:
        table = None
    return {
        "screen": app.root.current if app.root is not None else None,
        "game_running": bool(controller.game_running),
        "table": table,
        "readers_failed": live.table.scanner.failed() if live is not None else [],
        "tower": controller.tower_state or None,
        "last_error": errors.text,
        "last_error_at": errors.at,
        "notice": controller.notice or None,
    }
