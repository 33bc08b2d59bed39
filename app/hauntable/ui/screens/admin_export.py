"""The admin menu's log export page (``admin_export.kv``): the USB drive found (a tap switches when several
are mounted) and the log's last 12 games; a tap writes one game onto the drive and says where."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from hauntable.gamelog import LogError
from hauntable.kiosk.media import export_game, removable_drives
from hauntable.ui.i18n import tr
from hauntable.ui.screens.admin_page import ToolPage, button


class ExportPage(ToolPage):
    drive_index = 0  # which removable drive an export goes to, when several are mounted

    def drives(self, app: Any) -> list[Path]:
        return removable_drives(app.controller.settings.export_dir)

    def fill(self, app: Any) -> None:
        ids, log = self.ids, app.controller.log
        parts = (ids.no_log, ids.no_drive, ids.look_again, ids.drive, ids.pick, ids.no_games, ids.games)
        shown: tuple[Any, ...] = (ids.no_log,)
        drives = self.drives(app) if log is not None else []
        if log is not None and not drives:
            shown = (ids.no_drive, ids.look_again)
        elif log is not None:
            drive = drives[self.drive_index % len(drives)]
            ids.drive.text = tr("export.drive", drive=str(drive))
            ids.pick.text = tr("export.pick") if len(drives) == 1 else tr("export.pick_many")
            games = log.games()[-12:][::-1]  # the newest first: the current game is usually wanted
            shown = (ids.drive, ids.pick, ids.games) if games else (ids.drive, ids.pick, ids.no_games)
            made = []
            for record in games:
                players = ", ".join(  # Betrayal lists players as {name, character}, Geisterstunde as names
                    str(p.get("name") if isinstance(p, dict) else p) for p in record.config.get("players", [])
                )
                text = tr(
                    "export.game",
                    id=record.id,
                    started=record.created[:16].replace("T", " "),
                    players=players,
                    n=record.inputs,
                    status=tr(f"status.{record.status}"),
                )
                made.append(button(text, partial(self.export, app, record.id)))
            self.put(ids.games, made)
        self.arrange(*self.no_message(), *(part for part in parts if part not in shown))

    def next_drive(self) -> None:
        self.drive_index += 1
        self.screen.refresh()

    def export(self, app: Any, game_id: int) -> None:
        """Write one game onto the chosen drive; the page says where, or why not."""
        drives = self.drives(app)
        if not drives:
            self.screen.message = tr("export.no_drive")
        else:
            drive = drives[self.drive_index % len(drives)]
            try:
                path = export_game(app.controller.log, game_id, drive)
            except (OSError, LogError) as exc:
                detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self.screen.message = tr("export.failed", drive=str(drive), error=detail)
            else:
                self.screen.message = tr("export.done", id=game_id, path=str(path))
        self.screen.refresh()
