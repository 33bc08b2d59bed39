"""The admin menu's first page: the table's language, each seat's angle, the idle time, back to or abandon
the game (or resume the log's unfinished one), the tools' pages, a new PIN, quit (``admin_menu.kv``)."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.properties import NumericProperty

from hauntable.ui.i18n import LANGUAGE_NAMES, tr
from hauntable.ui.screens.admin_page import AdminPage, button


class MenuPage(AdminPage):
    """Two columns of buttons; the languages and seats come from the settings, the rest from kv."""

    idle_seconds = NumericProperty(0)

    def fill(self, app: Any) -> None:
        controller = app.controller
        self.idle_seconds = int(controller.settings.idle_seconds)
        first = []
        for lang, name in LANGUAGE_NAMES.items():
            keep = partial(controller.set_language, lang, keep=True)
            first.append(button(f"{tr('admin.language')}: {name}", keep))
        for seat in range(6):
            text = tr("admin.rotation", n=seat + 1, deg=controller.settings.seat_angles[seat])
            first.append(button(text, partial(self.screen.turn_seat, seat)))
        ids = self.ids
        left_out = [ids.resume, ids.abandon] if not controller.game_running else [ids.resume_logged]
        if not controller.game_running and controller.log is None:
            left_out.append(ids.resume_logged)
        self.arrange(*left_out)
        for made in reversed(first):
            self.add_widget(made, index=len(self.children))  # before the kv's parts
