"""The admin menu's self-test page (``admin_selftest.kv``): the checks of ``hauntable selftest`` on the
configured layout and backend, run off the UI thread; the summary, one line per fault and a count of good
devices per kind."""

from __future__ import annotations

import threading
from typing import Any

from kivy.clock import Clock

from hauntable.engine.rejections import HauntableError
from hauntable.table.backends import load_backend
from hauntable.table.layout import load_layout
from hauntable.table.selftest import check
from hauntable.ui.i18n import ntr, tr
from hauntable.ui.screens.admin_dice import health_row
from hauntable.ui.screens.admin_page import ToolPage, label
from hauntable.ui.screens.admin_rules import worded

Row = tuple[str, str, str, bool]  # device, wiring, detail, ok


class SelftestPage(ToolPage):
    rows_found: list[Row] | None = None  # once a self-test finished; None: not run (or running)

    def run(self, app: Any) -> None:
        """The checks of ``hauntable selftest`` on the configured backend, off the UI thread (a real
        tower's HELLO may take seconds); the page shows the faults and a count per kind of device.

        During a game on the readers the app's own backend is checked (a second one on the same pins
        fails with "pin in use"): its scanner waits between two reads meanwhile, and the reset pulse,
        buttons and LEDs, which the game holds, are left for a self-test between games."""
        screen = self.screen
        screen.open_page("selftest")
        screen.message, self.rows_found = tr("selftest.running"), None
        screen.refresh()
        controller = app.controller
        settings = controller.settings
        threading.Thread(
            target=self._thread,
            args=(settings.layout, settings.backend, controller.tower, controller.live_table),
            daemon=True,
        ).start()

    def _thread(self, layout_path: str | None, backend_name: str | None, tower: Any, live: Any) -> None:
        rows: list[Row]
        try:
            if live is not None:  # the game's backend, not a second one on its pins
                backend = live.backend
                layout = backend.layout
                with live.table.scanner.hold():
                    rows = list(check(backend, towers=tower is None, gpio=False))
            else:
                layout = load_layout(layout_path)
                with load_backend(layout, name=backend_name) as backend:
                    rows = list(check(backend, towers=tower is None))
            if tower is not None:  # the app holds the port: a probe would fight it; report its link
                ok = str(tower.state) == "ready"
                rows.append((f"tower {tower.source}", tower.port, f"open in the app, link {tower.state}", ok))
                reader = health_row(tower) if ok else None  # a camera tower: its reader's health too
                if reader is not None:
                    rows.append(reader)
            faults = sum(1 for r in rows if not r[3])
            summary = tr(
                "selftest.summary",
                layout=layout.name,
                backend=backend.name,
                devices=ntr("selftest.devices", len(rows)),
                faults=ntr("selftest.faults", faults),
            )
        except (HauntableError, OSError) as exc:
            rows, summary = [], tr("selftest.failed", error=str(exc))
        except Exception as exc:  # never leave the page on "running": say what broke
            rows, summary = [], tr("selftest.failed", error=f"{type(exc).__name__}: {exc}")
        if live is not None and rows:
            summary += "\n" + tr("selftest.in_game")
        Clock.schedule_once(lambda _dt: self._done(rows, summary), 0)

    def _done(self, rows: list[Row], summary: str) -> None:
        self.rows_found, self.screen.message = rows, summary
        if self.screen.page == "selftest":
            self.screen.refresh()

    def fill(self, app: Any) -> None:
        kinds: dict[str, int] = {}
        made = []
        for name, wiring, detail, ok in self.rows_found or []:
            kind = name.split(" ", 1)[0]
            if ok:
                kinds[kind] = kinds.get(kind, 0) + 1
            else:
                made.append(label(tr("selftest.fault", device=name, wiring=wiring, detail=detail)))
        for kind, n in kinds.items():
            made.append(label(tr("selftest.ok", kind=worded(f"device.{kind}", kind), n=n)))
        self.put(self.ids.results, made)
        left_out = [self.ids.again] if self.rows_found is None else []
        if not made:
            left_out.append(self.ids.results)
        self.arrange(*self.no_message(), *left_out)
