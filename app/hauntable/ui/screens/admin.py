"""The admin menu, behind a PIN: language, seat rotation, idle time, resume or abandon the game, quit,
and eight tools on pages of their own, each a module and a ``.kv`` file: tag enrolment (``admin_enrol``),
log export to a USB drive (``admin_export``), house rules for the next game (``admin_rules``), the
hardware self-test (``admin_selftest``), the table layout (``admin_layout``), the dice tower
(``admin_dice``), the Geisterstunde castle board (``admin_board``) and the printed haunts' numbers
(``admin_haunts``);
the menu itself is ``admin_menu``, the parts they share ``admin_page``. A new page is a
:class:`~hauntable.ui.screens.admin_page.ToolPage` subclass with its kv file, named in ``PAGES``.

Resuming continues the latest unfinished logged game.
The PIN is kept as a salted slow hash with a lockout (``hauntable.kiosk.pin``); on first run the first PIN
typed becomes the PIN, and the unlocked menu can change it.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from hauntable.kiosk.pin import AdminLock, PinError, PinStore
from hauntable.paths import db_path
from hauntable.ui.i18n import tr
from hauntable.ui.screens.admin_board import BoardPage
from hauntable.ui.screens.admin_dice import DicePage
from hauntable.ui.screens.admin_enrol import EnrolPage
from hauntable.ui.screens.admin_export import ExportPage
from hauntable.ui.screens.admin_haunts import HauntsPage
from hauntable.ui.screens.admin_layout import LayoutPage
from hauntable.ui.screens.admin_menu import MenuPage
from hauntable.ui.screens.admin_page import AdminPage
from hauntable.ui.screens.admin_rules import RulesPage
from hauntable.ui.screens.admin_selftest import SelftestPage

# the admin menu's pages by name: each a module and a kv file (admin_<name>.py, admin_<name>.kv)
PAGES: dict[str, type[AdminPage]] = {
    "menu": MenuPage,
    "enrol": EnrolPage,
    "export": ExportPage,
    "rules": RulesPage,
    "selftest": SelftestPage,
    "layout": LayoutPage,
    "dice": DicePage,
    "board": BoardPage,
    "haunts": HauntsPage,
}


class AdminScreen(Screen):
    unlocked = BooleanProperty(False)
    changing = BooleanProperty(False)  # the next PIN typed replaces the PIN
    entered = StringProperty("")
    page = StringProperty("menu")  # a name in PAGES
    message = StringProperty("")  # the last tool's result, shown on its page

    @staticmethod
    def pins() -> PinStore:
        path = App.get_running_app().controller.settings.pin_file or db_path().with_name("admin-pin.json")
        return PinStore(path)

    lock = None  # the AdminLock: an unlocked menu locks itself after 2 idle minutes (kiosk/pin.py)
    LOCK_CHECK_S = 5.0

    def on_pre_enter(self, *_args) -> None:
        self.lock = self.lock or AdminLock()
        self.lock.lock()
        Clock.unschedule(self._check_lock)
        Clock.schedule_interval(self._check_lock, self.LOCK_CHECK_S)
        self.unlocked, self.changing, self.entered = False, False, ""
        self.pages["enrol"].closed()
        self.page, self.message = "menu", ""
        self.ids.pin_message.text = ""
        self.refresh()

    def on_touch_down(self, touch) -> bool:
        if self.lock is not None:
            self.lock.touched()
        return super().on_touch_down(touch)

    def on_unlocked(self, _screen, unlocked: bool) -> None:
        if self.lock is not None:
            self.lock.unlock() if unlocked else self.lock.lock()

    def _check_lock(self, *_args) -> None:
        """Left open and untouched, during a game too: locked again, and back to the game or attract."""
        if self.lock is not None and self.lock.expired():
            self.unlocked, self.changing, self.entered = False, False, ""
            self.leave()

    def key(self, digit: str) -> None:
        self.entered = (self.entered + digit)[-8:]

    def submit_pin(self) -> None:
        pins, entered = self.pins(), self.entered
        self.entered = ""
        if pins.damaged and not self.changing:  # never "first run": only the console may set it now
            self.ids.pin_message.text = tr("admin.pin_damaged")
            return
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
        channel = app.controller.channel
        game = channel.session.game.name if channel is not None else None
        app.go(
            ("castle" if game == "geisterstunde" else "play") if app.controller.game_running else "attract"
        )

    def turn_seat(self, seat: int) -> None:
        App.get_running_app().controller.choices.turn_seat(seat)
        self.refresh()

    def idle(self, delta: int) -> None:
        App.get_running_app().controller.choices.change_idle(delta)
        self.refresh()

    @property
    def pages(self) -> dict[str, AdminPage]:
        """One widget per page (``PAGES``), made on first use and kept: a page keeps its state (the enrol
        desk, the export drive, the self-test's rows, the dice tower) while another is shown."""
        if "_pages" not in self.__dict__:
            self.__dict__["_pages"] = {name: page(screen=self) for name, page in PAGES.items()}
        made: dict[str, AdminPage] = self.__dict__["_pages"]
        return made

    def refresh(self) -> None:
        app = App.get_running_app()
        if app is None or "menu" not in self.ids:
            return
        pins = self.pins()
        first_run = not pins.is_set
        key = "admin.new_pin" if self.changing else "admin.choose_pin" if first_run else "admin.pin"
        if pins.damaged and not self.changing and not self.unlocked:
            self.ids.pin_message.text = tr("admin.pin_damaged")
        self.ids.pin_title.text = tr(key)
        self.ids.pin_shown.text = "•" * len(self.entered)
        menu = self.ids.menu
        menu.clear_widgets()
        if not self.unlocked:
            return
        page = self.pages[self.page]
        page.show(app)
        menu.add_widget(page)

    def open_page(self, page: str) -> None:
        """Show ``page``; the others let go of what they hold (the enrol pad, the dice tower's port)."""
        for name, other in self.pages.items():
            if name != page:
                other.closed()
        self.page, self.message = page, ""
        self.pages[page].opened(App.get_running_app())
        self.refresh()

    def on_leave(self, *_args: Any) -> None:
        Clock.unschedule(self._check_lock)
        if self.lock is not None:
            self.lock.lock()
        for page in self.pages.values():
            page.closed()

    @property
    def dice(self) -> DicePage:
        """The dice tower page (admin_dice.py)."""
        page = self.pages["dice"]
        assert isinstance(page, DicePage)
        return page

    def run_selftest(self) -> None:
        """The self-test page, its checks started (admin_selftest.py)."""
        page = self.pages["selftest"]
        assert isinstance(page, SelftestPage)
        page.run(App.get_running_app())

    @property
    def selftest_rows(self) -> list[tuple[str, str, str, bool]] | None:
        """The last self-test's rows (device, wiring, detail, ok); None while none has finished."""
        page = self.pages["selftest"]
        assert isinstance(page, SelftestPage)
        return page.rows_found

    def on_entered(self, *_args: Any) -> None:
        """Show one dot per digit typed (the PIN itself is never drawn)."""
        if "pin_shown" in self.ids:
            self.ids.pin_shown.text = "•" * len(self.entered)
