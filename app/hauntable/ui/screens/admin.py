"""The admin menu, behind a PIN: language, seat rotation, idle time, resume or abandon the game, quit.

Resuming continues the latest unfinished logged game. Not yet here (see docs/ui.md): enrolling tags,
self-test, table layout editing, house rules, log export.
The PIN is kept as a salted slow hash with a lockout (``hauntable.kiosk.pin``); on first run the first PIN
typed becomes the PIN, and the unlocked menu can change it.
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.screenmanager import Screen

from hauntable.kiosk.pin import PinError, PinStore
from hauntable.paths import db_path
from hauntable.ui.i18n import LANGUAGE_NAMES, tr

ANGLES = (0, 90, 180, 270)


class AdminScreen(Screen):
    unlocked = BooleanProperty(False)
    changing = BooleanProperty(False)  # the next PIN typed replaces the PIN
    entered = StringProperty("")

    @staticmethod
    def pins() -> PinStore:
        path = App.get_running_app().settings.pin_file or db_path().with_name("admin-pin.json")
        return PinStore(path)

    def on_pre_enter(self, *_args) -> None:
        self.unlocked, self.changing, self.entered = False, False, ""
        self.ids.pin_message.text = ""
        self.refresh()

    def key(self, digit: str) -> None:
        self.entered = (self.entered + digit)[-8:]

    def submit_pin(self) -> None:
        pins, entered = self.pins(), self.entered
        self.entered = ""
        if self.changing or not pins.is_set:  # first run, or "Change the PIN" after unlocking
            try:
                pins.set(entered)
            except PinError:
                self.ids.pin_message.text = tr("admin.pin_format")
                return
            self.unlocked, self.changing = True, False
            self.ids.pin_message.text = tr("admin.pin_saved")
            self.refresh()
            return
        result = pins.check(entered)
        if result.ok:
            self.unlocked = True
            self.ids.pin_message.text = ""
            self.refresh()
        elif result.locked_for > 0:
            self.ids.pin_message.text = tr("admin.locked", n=int(result.locked_for + 0.999))
        else:
            self.ids.pin_message.text = tr("admin.wrong_pin_left", n=result.tries_left)

    def change_pin(self) -> None:
        self.unlocked, self.changing, self.entered = False, True, ""
        self.refresh()

    def leave(self) -> None:
        app = App.get_running_app()
        app.go("play" if app.game_running else "attract")

    def turn_seat(self, seat: int) -> None:
        app = App.get_running_app()
        angles = list(app.seat_angles)
        angles[seat] = ANGLES[(ANGLES.index(angles[seat]) + 1) % 4]
        app.seat_angles = angles
        app.settings.seat_angles = angles
        self.refresh()

    def idle(self, delta: int) -> None:
        app = App.get_running_app()
        app.idle_seconds = max(30, app.idle_seconds + delta)
        app.settings.idle_seconds = int(app.idle_seconds)
        self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        if app is None or "menu" not in self.ids:
            return
        first_run = not self.pins().is_set
        key = "admin.new_pin" if self.changing else "admin.choose_pin" if first_run else "admin.pin"
        self.ids.pin_title.text = tr(key)
        self.ids.pin_shown.text = "•" * len(self.entered)
        menu = self.ids.menu
        menu.clear_widgets()
        if not self.unlocked:
            return
        for lang, name in LANGUAGE_NAMES.items():
            menu.add_widget(
                self._button(f"{tr('admin.language')}: {name}", lambda lang=lang: app.set_language(lang))
            )
        for seat in range(6):
            text = tr("admin.rotation", n=seat + 1, deg=app.seat_angles[seat])
            menu.add_widget(self._button(text, lambda seat=seat: self.turn_seat(seat)))
        menu.add_widget(
            self._button(tr("admin.idle", n=int(app.idle_seconds)) + "  +30", lambda: self.idle(30))
        )
        menu.add_widget(
            self._button(tr("admin.idle", n=int(app.idle_seconds)) + "  -30", lambda: self.idle(-30))
        )
        if not app.game_running and app.log is not None:
            menu.add_widget(self._button(tr("admin.resume_logged"), app.resume_latest))
        if app.game_running:
            menu.add_widget(self._button(tr("admin.resume"), lambda: app.go("play")))
            menu.add_widget(self._button(tr("admin.abandon"), app.abandon_game))
        menu.add_widget(self._button(tr("admin.change_pin"), self.change_pin))
        menu.add_widget(self._button(tr("admin.quit"), app.stop))

    @staticmethod
    def _button(text: str, action) -> Button:
        b = Button(text=text, font_size=17, size_hint_y=None, height=52)
        b.bind(on_release=lambda *_: action())
        return b

    def on_entered(self, *_args) -> None:
        """Show one dot per digit typed (the PIN itself is never drawn)."""
        if "pin_shown" in self.ids:
            self.ids.pin_shown.text = "•" * len(self.entered)
