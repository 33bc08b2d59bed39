"""The admin menu's dice tower page: calibrate a camera tower in two taps, and check its reader.

1. *Empty tray*: the operator takes every die out and taps; the tower keeps the empty tray's picture
   under its ring (what every later picture is divided by) and finds the tray's floor.
2. *Dice thrown*: the operator throws all the tower's dice in, apart, and taps; the tower measures the
   die's size, each kind's body and marks, reads them back, and shows the faces it read for the
   operator to compare with the tray. Both steps take seconds: the whole calibration well under a minute.

*Check the reader* asks the tower for its health (the ring's light against calibration, the hall's
light, focus, glare) and judges it (``dice_camera/health.py``); the self-test page adds the same row.
The page uses the tower the game holds, or opens the configured port for itself (a probe: rolls are
neither taken nor acknowledged meanwhile) and closes it when the page is left.
"""

from __future__ import annotations

import threading
from typing import Any

from kivy.app import App
from kivy.clock import Clock

from hauntable.table.dice_camera.health import judge
from hauntable.ui.i18n import tr
from hauntable.ui.screens.admin_page import ToolPage


class DicePage(ToolPage):
    """The dice page (``admin_dice.kv``): the tower it talks to and the last answer."""

    own: Any = None  # a DiceTower this page opened (no game holds the tower)
    said = ""
    busy = False
    _shown_state: Any = None  # the link state the page shows; redrawn when it changes

    def tower(self, app: Any) -> Any:
        """The DiceTower to calibrate: the game's, or one opened for this page; None without a tower."""
        if app.controller.tower is not None:
            return app.controller.tower.tower
        if self.own is None and app.controller.settings.tower_port:
            from hauntable.table.dice_link.tower import DiceTower  # why: the serial stack, only for this page

            self.own = DiceTower(app.controller.settings.tower_port, probe=True)
        return self.own

    def closed(self) -> None:
        Clock.unschedule(self._poll)
        if self.own is not None:
            self.own.close()
            self.own = None

    close = closed

    def fill(self, app: Any) -> None:
        ids = self.ids
        tower = self.tower(app)
        if tower is None:
            self.arrange(*self.no_message(), ids.intro, ids.link, ids.empty, ids.dice, ids.check, ids.said)
            return
        self._shown_state = tower.state
        ids.link.text = tr("dicecal.link", port=tower.port, state=str(tower.state))
        Clock.unschedule(self._poll)
        Clock.schedule_interval(self._poll, 0.25)
        ids.said.text = self.said
        self.arrange(*self.no_message(), ids.no_tower, *(() if self.said else (ids.said,)))

    def _poll(self, _dt: float) -> None:
        held = App.get_running_app().controller.tower
        tower = self.own if self.own is not None else getattr(held, "tower", None)
        if tower is not None and tower.state is not self._shown_state:
            self.screen.refresh()

    def run(self, app: Any, step: str) -> None:
        """Send one step to the tower off the UI thread; the page shows the answer when it comes."""
        tower = self.tower(app)
        if tower is None or self.busy:
            return
        self.busy, self.said = True, tr("dicecal.waiting")
        self.screen.refresh()

        def ask() -> None:
            ok, fields = tower.calibrate_step(step, timeout=10)
            Clock.schedule_once(lambda _dt: self.answered(app, step, ok, fields), 0)

        threading.Thread(target=ask, daemon=True).start()

    def answered(self, app: Any, step: str, ok: bool, fields: dict[str, str]) -> None:
        self.busy = False
        if not ok:
            self.said = tr("dicecal.refused", why=fields.get("why", "?"))
        elif step == "check":
            healthy, text = judge(fields)
            self.said = tr("dicecal.healthy" if healthy else "dicecal.unhealthy", detail=text)
        elif step == "empty":
            self.said = tr("dicecal.empty_done", light=fields.get("light", "?"))
        else:
            faces = " ".join(fields.get("faces", ""))
            self.said = tr(
                "dicecal.dice_done", n=int(fields.get("dice", "0")), side=fields.get("side", "?"), faces=faces
            )
            app.controller.tower_fault = ""  # "not calibrated" no longer holds
        self.screen.refresh()


def health_row(tower: Any) -> tuple[str, str, str, bool] | None:
    """The self-test row of a camera tower the app holds (None for a well tower: no camera to check)."""
    info = tower.tower.info
    if info is None or not info.fw.startswith("camera-"):
        return None
    ok, fields = tower.tower.calibrate_step("check", timeout=5)
    healthy, text = judge(fields) if ok else (False, fields.get("why", "no answer"))
    return (f"tower {tower.source} reader", tower.port, text, healthy)
