"""The admin menu, behind a PIN: language, seat rotation, idle time, resume or abandon the game, quit,
and five tools on pages of their own: tag enrolment on the enrol pad (the registry ``hauntable enroll``
writes, through :mod:`hauntable.kiosk.enrol`), log export to a USB drive, house rules for the next game,
the hardware self-test (the same checks as ``hauntable selftest``), and the table layout: the one in use
drawn per floor with the reader under each cell, and a choice among the packaged layouts and those in the
data directory's ``layouts/`` (:mod:`hauntable.kiosk.layouts`), used from the next start. Layouts are
chosen, not edited: the layout file does that.

Resuming continues the latest unfinished logged game.
The PIN is kept as a salted slow hash with a lockout (``hauntable.kiosk.pin``); on first run the first PIN
typed becomes the PIN, and the unlocked menu can change it.
"""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from hauntable.gamelog import LogError
from hauntable.games.betrayal.config import HouseRules
from hauntable.kiosk.media import export_game, removable_drives
from hauntable.kiosk.pin import AdminLock, PinError, PinStore
from hauntable.paths import db_path
from hauntable.ui.i18n import LANGUAGE_NAMES, ntr, tr
from hauntable.ui.screens.admin_dice import DicePage, health_row


class AdminScreen(Screen):
    unlocked = BooleanProperty(False)
    changing = BooleanProperty(False)  # the next PIN typed replaces the PIN
    entered = StringProperty("")
    page = StringProperty("menu")  # menu | enrol | export | rules | layout | selftest
    drive_index = NumericProperty(0)  # which removable drive an export goes to, when several are mounted
    message = StringProperty("")  # the last tool's result, shown on its page
    selftest_rows = None  # list of (device, wiring, detail, ok) once a self-test finished; None: not run
    desk = None  # the enrol page's EnrolDesk (kiosk/enrol.py) while that page is open
    enrol_category = ("betrayal", "tile")  # the (game, kind) whose pieces the enrol page lists
    enrol_said = None  # the desk's last answer (a Said), shown on the enrol page
    POLL_S = 0.05  # how often the enrol page reads the pad while a piece is picked

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
        self.close_desk()
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
        menu.cols = 2 if self.page == "menu" else 1  # a tool's page: one long line per row
        if not self.unlocked:
            return
        pages = {"menu": self._menu, "enrol": self._enrol_page, "export": self._export_page}
        pages.update(rules=self._rules_page, layout=self._layout_page, dice=self._dice_page)
        pages.get(self.page, self._selftest_page)(app, menu)

    def open_page(self, page: str) -> None:
        if page != "enrol":
            self.close_desk()
        if page != "dice":
            self.dice.close()
        self.page, self.message = page, ""
        self.refresh()

    def on_leave(self, *_args) -> None:
        Clock.unschedule(self._check_lock)
        if self.lock is not None:
            self.lock.lock()
        self.close_desk()
        self.dice.close()

    @property
    def dice(self) -> DicePage:
        """The dice tower page's state (admin_dice.py), made on first use."""
        if "_dice" not in self.__dict__:
            self.__dict__["_dice"] = DicePage(self)
        return self.__dict__["_dice"]

    def _dice_page(self, app, menu) -> None:
        self.dice.build(app, menu)

    @staticmethod
    def app_tower():
        """The app's AppTower while a game holds the tower (None otherwise)."""
        return App.get_running_app().controller.tower

    def _menu(self, app, menu) -> None:
        for lang, name in LANGUAGE_NAMES.items():
            keep = lambda lang=lang: app.controller.set_language(lang, keep=True)  # noqa: E731
            menu.add_widget(self._button(f"{tr('admin.language')}: {name}", keep))
        for seat in range(6):
            text = tr("admin.rotation", n=seat + 1, deg=app.controller.settings.seat_angles[seat])
            menu.add_widget(self._button(text, lambda seat=seat: self.turn_seat(seat)))
        menu.add_widget(
            self._button(
                tr("admin.idle", n=int(app.controller.settings.idle_seconds)) + "  +30", lambda: self.idle(30)
            )
        )
        menu.add_widget(
            self._button(
                tr("admin.idle", n=int(app.controller.settings.idle_seconds)) + "  -30",
                lambda: self.idle(-30),
            )
        )
        if not app.controller.game_running and app.controller.log is not None:
            menu.add_widget(self._button(tr("admin.resume_logged"), app.controller.resume_latest))
        if app.controller.game_running:
            menu.add_widget(self._button(tr("admin.resume"), lambda: app.go("play")))
            menu.add_widget(self._button(tr("admin.abandon"), app.controller.abandon_game))
        menu.add_widget(self._button(tr("admin.enrol"), self.open_enrol))
        menu.add_widget(self._button(tr("admin.export"), lambda: self.open_page("export")))
        menu.add_widget(self._button(tr("admin.house_rules"), lambda: self.open_page("rules")))
        menu.add_widget(self._button(tr("admin.selftest"), self.run_selftest))
        menu.add_widget(self._button(tr("admin.layout"), lambda: self.open_page("layout")))
        menu.add_widget(self._button(tr("admin.dice"), lambda: self.open_page("dice")))
        menu.add_widget(self._button(tr("admin.change_pin"), self.change_pin))
        menu.add_widget(self._button(tr("admin.quit"), app.stop))

    def _page_head(self, menu, title: str) -> None:
        menu.add_widget(self._button(tr("admin.back"), lambda: self.open_page("menu")))
        menu.add_widget(self._label(title, bold=True))
        if self.message:
            menu.add_widget(self._label(self.message, wide=True))

    # --- tag enrolment ---------------------------------------------------------------------------------

    def open_enrol(self) -> None:
        """The enrol page: opens the table's enrol pad (the configured layout and backend) and registry."""
        from hauntable.engine.rejections import HauntableError
        from hauntable.kiosk.enrol import EnrolDesk, Said

        app = App.get_running_app()
        self.close_desk()
        self.enrol_said = None
        try:
            self.desk = EnrolDesk(
                app.controller.registry_path(),
                app.controller.settings.layout,
                app.controller.settings.backend,
            )
        except (HauntableError, OSError) as exc:
            self.enrol_said = Said("enrol.fault", {"error": str(exc)}, done=True)
        self.page, self.message = "enrol", ""
        self.refresh()

    def close_desk(self) -> None:
        Clock.unschedule(self._enrol_poll)
        if self.desk is not None:
            self.desk.close()
            self.desk = None

    def enrol_pick(self, name: str) -> None:
        """A tap on a piece: lay its tag on the pad now (the page reads the pad until it has an answer)."""
        game, kind = self.enrol_category
        self.enrol_said, self.message = self.desk.pick(game, kind, name), ""
        Clock.unschedule(self._enrol_poll)
        if self.desk.waiting():
            Clock.schedule_interval(self._enrol_poll, self.POLL_S)
        self.refresh()

    def _enrol_poll(self, _dt: float) -> bool | None:
        if self.desk is None or not self.desk.waiting():
            return False
        said = self.desk.poll()
        if said is not None:
            self.enrol_said = said
            self.refresh()
        return False if said is not None and said.done else None

    def enrol_forget(self, name: str) -> None:
        self.enrol_said = self.desk.forget(self.enrol_category[1], name)
        self.refresh()

    def enrol_show(self, category: tuple[str, str]) -> None:
        self.enrol_category = category
        self.refresh()

    def sim_lay(self) -> None:
        """The simulator's hand lays a tag no piece has on the enrol pad (mock backend)."""
        uid = self.desk.sim_lay_new_tag()
        self.message = tr("enrol.sim_laid", uid=uid)
        self.refresh()

    def sim_lift(self) -> None:
        self.desk.sim_lift()
        self.message = tr("enrol.sim_lifted")
        self.refresh()

    def _enrol_page(self, app, menu) -> None:
        from hauntable.table.enrolment import CATEGORIES, pieces

        self._page_head(menu, tr("admin.enrol"))
        said = self.enrol_said
        if said is not None:
            menu.add_widget(self._label(_said_text(said), bold=True, wide=True))
        if self.desk is None:
            return
        game, kind = self.enrol_category
        target = self.desk.target
        if said is not None and said.key == "enrol.full" and target is None:
            full = said.params["name"]
            menu.add_widget(self._button(tr("enrol.forget", name=full), lambda: self.enrol_forget(full)))
        if target is None and said is None:
            menu.add_widget(self._label(tr("enrol.pick"), wide=True))
        if self.desk.simulated:
            row = self._grid(2)
            row.add_widget(self._button(tr("enrol.sim_lay"), self.sim_lay))
            row.add_widget(self._button(tr("enrol.sim_lift"), self.sim_lift))
            menu.add_widget(row)
        cats = self._grid(len(CATEGORIES))
        for category in CATEGORIES:
            text = tr(f"enrol.cat.{category[0]}.{category[1]}")
            button = self._button(text, lambda c=category: self.enrol_show(c))
            if category == self.enrol_category:
                button.background_color = (0.3, 0.5, 0.8, 1)
            cats.add_widget(button)
        menu.add_widget(cats)
        copies, held = pieces(kind, game), self.desk.held(game, kind)
        done = sum(1 for name, n in copies.items() if held[name] >= n)
        menu.add_widget(self._label(tr("enrol.count", n=done, total=len(copies))))
        grid = self._grid(3)
        for name, n in copies.items():
            shown = tr("enrol.figure_name", name=name) if kind == "figure" else name
            text = f"{shown}  {held[name]}/{n}"
            button = self._button(text, lambda name=name: self.enrol_pick(name))
            if target is not None and target.name == name:
                button.background_color = (0.3, 0.6, 0.3, 1)
            elif held[name] >= n:
                button.background_color = (0.45, 0.45, 0.5, 1)
            grid.add_widget(button)
        menu.add_widget(grid)

    @staticmethod
    def _grid(cols: int):
        from kivy.uix.gridlayout import GridLayout

        grid = GridLayout(cols=cols, spacing=6, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        return grid

    # --- log export ------------------------------------------------------------------------------------

    def drives(self) -> list[Path]:
        return removable_drives(App.get_running_app().controller.settings.export_dir)

    def _export_page(self, app, menu) -> None:
        self._page_head(menu, tr("admin.export"))
        if app.controller.log is None:
            menu.add_widget(self._label(tr("export.no_log"), wide=True))
            return
        drives = self.drives()
        if not drives:
            menu.add_widget(self._label(tr("export.no_drive"), wide=True))
            menu.add_widget(self._button(tr("export.look_again"), self.refresh))
            return
        drive = drives[int(self.drive_index) % len(drives)]
        menu.add_widget(self._button(tr("export.drive", drive=str(drive)), self.next_drive))
        menu.add_widget(self._label(tr("export.pick") if len(drives) == 1 else tr("export.pick_many")))
        games = app.controller.log.games()[-12:][::-1]  # the newest first: the current game is usually wanted
        if not games:
            menu.add_widget(self._label(tr("export.no_games"), wide=True))
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
            menu.add_widget(self._button(text, lambda gid=record.id: self.export(gid)))

    def next_drive(self) -> None:
        self.drive_index += 1
        self.refresh()

    def export(self, game_id: int) -> None:
        """Write one game onto the chosen drive; the page says where, or why not."""
        app = App.get_running_app()
        drives = self.drives()
        if not drives:
            self.message = tr("export.no_drive")
        else:
            drive = drives[int(self.drive_index) % len(drives)]
            try:
                path = export_game(app.controller.log, game_id, drive)
            except (OSError, LogError) as exc:
                detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self.message = tr("export.failed", drive=str(drive), error=detail)
            else:
                self.message = tr("export.done", id=game_id, path=str(path))
        self.refresh()

    # --- house rules -----------------------------------------------------------------------------------

    def _rules_page(self, app, menu) -> None:
        self._page_head(menu, tr("admin.house_rules"))
        menu.add_widget(self._label(tr("rules.next_game"), wide=True))
        rules = app.controller.choices.house_rules()
        for field in dataclasses.fields(HouseRules):
            if field.name.startswith("_"):
                continue
            value = getattr(rules, field.name)
            shown = _rule_text(f"rulev.{field.name}.{value}", _rule_text(f"rulev.{value}", value))
            text = f"{_rule_text('rule.' + field.name, field.name)}: {shown}"
            menu.add_widget(self._button(text, lambda name=field.name: self.next_rule(name)))
        menu.add_widget(self._button(tr("rules.defaults"), self.default_rules))

    def next_rule(self, name: str) -> None:
        """A tap moves a rule to its next value (bools flip); the next game started uses it."""
        App.get_running_app().controller.choices.next_house_rule(name)
        self.refresh()

    def default_rules(self) -> None:
        App.get_running_app().controller.choices.default_house_rules()
        self.refresh()

    # --- table layout ----------------------------------------------------------------------------------

    def _layout_page(self, app, menu) -> None:
        """The layout in use (its readers per floor and its card slots, to check the wiring against the
        table) and the layouts on offer; a choice is saved and used from the next start, so a game in
        progress and the readers already open keep theirs."""
        from hauntable.kiosk.layouts import available
        from hauntable.table.layout import LayoutError, default_layout_path, load_layout

        self._page_head(menu, tr("admin.layout"))
        path = (
            Path(app.controller.settings.layout) if app.controller.settings.layout else default_layout_path()
        )
        try:
            layout = load_layout(path)
        except LayoutError as exc:
            layout = None
            menu.add_widget(self._label(tr("layout.load_failed", error=str(exc)), wide=True))
        else:
            text = tr(
                "layout.in_use",
                name=layout.name,
                file=Path(layout.path).name,
                backend=layout.backend,
                board=layout.board or "-",
                n=len(layout.readers),
            )
            menu.add_widget(self._label(text, bold=True, wide=True))
        menu.add_widget(self._label(tr("layout.choose"), wide=True))
        for choice in available(app.controller.settings.data_dir):  # above the grids: no scrolling to choose
            where = tr("layout.packaged" if choice.packaged else "layout.data")
            if choice.layout is None:
                text = tr("layout.broken", file=choice.path.name, where=where, error=choice.error)
                label = self._label(text, wide=True)
                label.color = (1, 0.55, 0.5, 1)
                menu.add_widget(label)
                continue
            text = tr("layout.option", name=choice.layout.name, file=choice.path.name, where=where)
            if choice.key == app.controller.choices.layout:
                text += "  —  " + tr("layout.chosen")
            button = self._button(text, lambda key=choice.key: self.choose_layout(key))
            if choice.key == app.controller.choices.layout:
                button.background_color = (0.3, 0.6, 0.3, 1)
            menu.add_widget(button)
        if layout is not None:
            self._layout_shown(layout, menu)

    def _layout_shown(self, layout, menu) -> None:
        """Per floor a grid of the reader under each cell (north at the top, like the board), then the
        slot readers."""
        from hauntable.games.betrayal.config import BOARDS
        from hauntable.table.layout import FLOORS

        cells = [r for r in layout.readers if r.cell is not None]
        board = BOARDS.get(layout.board or "")
        many_buses = len(layout.buses) > 1
        for floor in FLOORS:
            here = [r for r in cells if r.cell[0] == floor]
            if not here:
                continue
            width = max([board.width or 0 if board else 0] + [r.cell[1] + 1 for r in here])
            height = max([board.height or 0 if board else 0] + [r.cell[2] + 1 for r in here])
            menu.add_widget(self._label(tr("layout.floor", floor=tr(f"floor.{floor}"), n=len(here))))
            grid = self._grid(width + 1)
            grid.add_widget(self._cell(""))
            for x in range(width):
                grid.add_widget(self._cell(f"x{x}", dim=True))
            for y in reversed(range(height)):
                grid.add_widget(self._cell(f"y{y}", dim=True))
                for x in range(width):
                    spec = layout.cell_reader(floor, x, y)
                    grid.add_widget(self._cell(_reader_text(spec, many_buses) if spec else "·", dim=not spec))
            menu.add_widget(grid)
        slots = [r for r in layout.readers if r.slot is not None]
        if not slots:
            menu.add_widget(self._label(tr("layout.no_slots")))
            return
        menu.add_widget(self._label(tr("layout.slots", n=len(slots))))
        grid = self._grid(4)
        for spec in slots:
            grid.add_widget(self._cell(f"{_slot_text(spec.slot)}: {_reader_text(spec, many_buses)}"))
        menu.add_widget(grid)

    def choose_layout(self, key: str) -> None:
        """Keep ``key`` (kiosk/layouts.py) in admin-settings.json; the next start opens the table with it."""
        from hauntable.kiosk.layouts import resolve

        app = App.get_running_app()
        app.controller.choices.choose_layout(key)
        name = resolve(key, app.controller.settings.data_dir)
        self.message = tr("layout.saved", file=name.name if name else key)
        self.refresh()

    @staticmethod
    def _cell(text: str, dim: bool = False) -> Label:
        label = Label(text=text, font_size=14, size_hint_y=None, height=24)
        if dim:
            label.color = (0.55, 0.55, 0.6, 1)
        return label

    # --- self-test -------------------------------------------------------------------------------------

    def run_selftest(self) -> None:
        """The checks of ``hauntable selftest`` on the configured backend, off the UI thread (a real
        tower's HELLO may take seconds); the page shows the faults and a count per kind of device.

        During a game on the readers the app's own backend is checked (a second one on the same pins
        fails with "pin in use"): its scanner waits between two reads meanwhile, and the reset pulse,
        buttons and LEDs, which the game holds, are left for a self-test between games."""
        self.page, self.message, self.selftest_rows = "selftest", tr("selftest.running"), None
        self.refresh()
        controller = App.get_running_app().controller
        settings = controller.settings
        live = controller.live_table
        threading.Thread(
            target=self._selftest_thread,
            args=(settings.layout, settings.backend, controller.tower, live),
            daemon=True,
        ).start()

    def _selftest_thread(self, layout_path: str | None, backend_name: str | None, tower, live=None) -> None:
        from hauntable.engine.rejections import HauntableError
        from hauntable.table.backends import load_backend
        from hauntable.table.layout import load_layout
        from hauntable.table.selftest import check

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
        Clock.schedule_once(lambda _dt: self._selftest_done(rows, summary), 0)

    def _selftest_done(self, rows: list, summary: str) -> None:
        self.selftest_rows, self.message = rows, summary
        if self.page == "selftest":
            self.refresh()

    def _selftest_page(self, app, menu) -> None:
        self._page_head(menu, tr("admin.selftest"))
        rows = self.selftest_rows or []
        kinds: dict[str, int] = {}
        for name, wiring, detail, ok in rows:
            kind = name.split(" ", 1)[0]
            if ok:
                kinds[kind] = kinds.get(kind, 0) + 1
            else:
                menu.add_widget(self._label(tr("selftest.fault", device=name, wiring=wiring, detail=detail)))
        for kind, n in kinds.items():
            menu.add_widget(self._label(tr("selftest.ok", kind=_rule_text(f"device.{kind}", kind), n=n)))
        if self.selftest_rows is not None:
            menu.add_widget(self._button(tr("selftest.again"), self.run_selftest))

    @staticmethod
    def _label(text: str, bold: bool = False, wide: bool = False) -> Label:
        size = 20 if bold else 16
        label = Label(text=text, font_size=size, bold=bold, size_hint_y=None, height=44, halign="left")
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
        label.bind(texture_size=lambda w, size: setattr(w, "height", max(44, size[1] + 8)))
        return label

    @staticmethod
    def _button(text: str, action) -> Button:
        b = Button(text=text, font_size=17, size_hint_y=None, height=52, halign="center")
        b.bind(size=lambda w, size: setattr(w, "text_size", (size[0] - 12, None)))
        b.bind(on_release=lambda *_: action())
        return b

    def on_entered(self, *_args) -> None:
        """Show one dot per digit typed (the PIN itself is never drawn)."""
        if "pin_shown" in self.ids:
            self.ids.pin_shown.text = "•" * len(self.entered)


def _said_text(said) -> str:
    """An enrol desk's answer in the current language; the piece's kind word translated, its name not."""
    params = dict(said.params)
    if "kind" in params:
        name = params.get("name", "")
        shown = tr("enrol.figure_name", name=name) if params["kind"] == "figure" else name
        params["piece"] = tr(f"enrol.piece.{params['kind']}", name=shown)
    return tr(said.key, **params)


def _reader_text(spec, many_buses: bool) -> str:
    """A reader's select in a few characters: decoder address ``#12`` or ``GPIO8`` (bus named if several)."""
    select = f"#{spec.address}" if spec.address is not None else f"GPIO{spec.cs_pin}"
    return f"{spec.bus} {select}" if many_buses else select


def _slot_text(slot: str) -> str:
    """A slot's name in the current language: "draw pad", "seat 2", ... (the layout's id if unknown)."""
    kind, _, n = slot.partition(":")
    text = tr(f"layout.slot.{kind}", n=n)
    return slot if text.startswith("layout.slot.") else text


def _rule_text(key: str, fallback: str | bool) -> str:
    """A house rule's name or value (or a kind of device) in the current language; the identifier itself
    if untranslated."""
    text = tr(key)
    return str(fallback) if text == key else text
