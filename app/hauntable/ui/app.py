"""The Kivy table app: the screens and the frame loop around a :class:`~.controller.TableController`.

The controller holds the game, its devices and the settings, and no Kivy; this app is its view. Everything
a tap does goes through ``app.controller.submit`` -> :class:`~hauntable.table.channel.Channel`. The channel's
step listener only schedules a redraw on the next frame (``Clock.create_trigger``), so a burst of inputs (a
simulator placing a tile then the engine asking for a rotation) redraws once. Jobs from the scanner's and
the tower's threads reach the main loop through :meth:`HauntableApp.post`.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from hauntable.gamelog import GameLog
from hauntable.kiosk.watchdog import Watchdog
from hauntable.ui import fonts, i18n
from hauntable.ui.collector import Collector
from hauntable.ui.controller import TableController, trouble_text
from hauntable.ui.health import HealthReport
from hauntable.ui.screens import admin, attract, castle, ghostsetup, haunt, play, secret, setup
from hauntable.ui.screens.secret import is_hidden_haunt, token_to_tell
from hauntable.ui.settings import UiSettings

__all__ = ["HauntableApp", "UiSettings"]

SCREENS: dict[str, Callable[..., Any]] = {
    "attract": attract.AttractScreen,
    "setup": setup.SetupScreen,
    "play": play.PlayScreen,
    "haunt": haunt.HauntScreen,
    "admin": admin.AdminScreen,
    "castle": castle.CastleScreen,
    "ghostsetup": ghostsetup.GhostSetupScreen,
    "secret": secret.SecretScreen,
}
KV_DIR = Path(__file__).parent / "screens"
BACKGROUND = (0.06, 0.06, 0.08, 1)


class Screens(ScreenManager):
    """The app's screens, each built the first time it is asked for (``get_screen``, ``current``): the
    start builds only the attract screen (its first frame is the start-up goal, issue 18), then
    ``build_next`` builds the others one per frame while the attract screen stays up (idle), so that the
    first visit of each is not slower; once play has begun the rest are built when first shown."""

    def __init__(self, factories: dict[str, Callable[..., Any]], **kwargs):
        self._unbuilt = dict(factories)
        super().__init__(**kwargs)

    def get_screen(self, name: str):
        factory = self._unbuilt.pop(name, None)
        if factory is not None:
            self.add_widget(factory(name=name))
        return super().get_screen(name)

    def has_screen(self, name: str) -> bool:
        return name in self._unbuilt or super().has_screen(name)

    def build_next(self) -> None:
        """Build one screen not built yet, and the next on the next frame."""
        if self._unbuilt and self.current == "attract":
            self.get_screen(next(iter(self._unbuilt)))
            Clock.schedule_once(lambda _dt: self.build_next(), 0)


class HauntableApp(App):
    """The table app's window: ``controller`` (a :class:`TableController`) holds the rest."""

    lang = StringProperty("en")
    notice = StringProperty("")  # the controller's, shown on the attract screen for the operator
    resume_offer = StringProperty("")  # the controller's: the unfinished logged game, described

    def __init__(
        self,
        settings: UiSettings | None = None,
        log: GameLog | None = None,
        seed: int | None = None,
        today: str | None = None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.font_path = ""
        self.last_touch = time.monotonic()
        self.root: Any = None  # the ScreenManager, once built
        self.redraw = Clock.create_trigger(self._on_step_frame)  # View.redraw: once per frame
        # the rest of the play screen, on the frame after the map (a positive timeout: after this draw)
        self._redraw_rest = Clock.create_trigger(lambda _dt: self.refresh(), 0.001)
        self.controller = TableController(self, settings, log=log, seed=seed, today=today)
        self.collector = Collector()
        self._trouble_said = ""
        self.title = "Hauntable"
        self.use_kivy_settings = False

    def _install_settings_keys(self, window) -> None:
        """``App.run`` binds F1 to Kivy's settings panel (rotation, full screen, FPS, logging, by touch):
        not in the kiosk."""
        if not self.controller.settings.kiosk:
            super()._install_settings_keys(window)

    def open_settings(self, *_args) -> bool:
        """Kivy's settings panel never opens over the kiosk, whatever asks for it."""
        if self.controller.settings.kiosk:
            return False
        return super().open_settings(*_args)

    def build(self) -> Screens:
        self.font_path = fonts.register()
        for kv in sorted(KV_DIR.glob("*.kv")):  # a screen's, and its pages' (admin_*.kv)
            path = str(kv)
            Builder.unload_file(path)  # a second app in one process (tests) must not apply rules twice
            Builder.load_file(path)
        sm = Screens(SCREENS, transition=NoTransition())
        sm.get_screen("attract")  # the first screen added is the one shown
        Clock.schedule_once(lambda _dt: sm.build_next(), 2.0)  # the others while the attract screen idles
        from kivy.core.window import Window  # importing it opens the window: not before the app is built

        Window.bind(on_touch_down=self._touched)
        Window.clearcolor = BACKGROUND  # the play screen draws no background of its own (one layer less)
        if self.controller.settings.kiosk:
            Window.fullscreen = "auto"
            Window.borderless = True
            Window.bind(on_request_close=lambda *_a, **_k: True)  # no way out but the admin menu
            # SDL turns SIGTERM into a close request, which kiosk mode refuses; systemd must still stop us
            signal.signal(signal.SIGTERM, lambda *_a: Clock.schedule_once(lambda _dt: self.stop()))
        Clock.schedule_interval(self._check_idle, 5)
        self.controller.offer_resume()
        # under systemd (Type=notify, WatchdogSec): ready once drawn, then pinged from this main loop, so a
        # hung UI gets the app restarted; without NOTIFY_SOCKET every call is a no-op
        self.watchdog = Watchdog(require=("ui",))
        self.watchdog.watch("table", self.controller.trouble)  # the readers' scanner, the tower's link
        Clock.schedule_once(lambda _dt: self.watchdog.ready("attract screen"), 0)
        Clock.schedule_interval(self._ping_watchdog, 1)
        # the health the companion service publishes (docs/fleet.md): status.json beside the log
        data_dir = self.controller.settings.data_dir
        self.health = HealthReport(self.controller.registry_path()) if data_dir is not None else None
        return sm

    def freeze_when_started(self) -> None:
        """Leave what the start made (modules, content, kv rules, the screens built by then) out of the
        garbage collections after the first one (ui/collector.py)."""
        self.collector.freeze_next = True

    def _ping_watchdog(self, *_args) -> None:
        self.watchdog.alive("ui")
        self.watchdog.ping()
        trouble = self.controller.trouble()
        said = trouble_text(trouble) if trouble is not None else ""
        if said != self._trouble_said:  # told on every screen: the attract line and the play screen's
            self._trouble_said = said
            self.notice = said or self.controller.notice
            self.redraw()
        if self.health is not None:
            self.health.update(self)

    def t(self, key: str, _lang: str = "", **params) -> str:
        """For kv: ``app.t('setup.title', app.lang)`` re-evaluates when the language changes."""
        return i18n.tr(key, **params)

    # --- the controller's view ------------------------------------------------------------------------

    def post(self, job: Callable[[], None]) -> None:
        """Run ``job`` on the main loop's next frame (from the scanner's or the tower's thread)."""
        Clock.schedule_once(lambda _dt: job(), 0)

    def changed(self) -> None:
        """The controller's language, notice or resume offer changed: the kv rules bound to them redraw."""
        controller = self.controller
        self.lang, self.notice, self.resume_offer = (
            controller.lang,
            self._trouble_said or controller.notice,
            controller.resume_offer,
        )
        self.refresh()

    def go(self, screen: str) -> None:
        if self.root is None:
            return
        channel = self.controller.channel
        if screen == "play" and channel is not None and channel.session.game.name == "geisterstunde":
            screen = "castle"  # "back to the game" from the admin menu: the game's own screen
        self.root.current = screen
        self.root.current_screen.refresh()

    def play_the_haunt(self) -> None:
        """The banner's "Play the haunt": in a hidden-traitor haunt every living explorer first looks at
        their token in private (the secret screen), then play goes on."""
        channel = self.controller.channel
        state = channel.step.state if channel else None
        if state is not None and is_hidden_haunt(state):
            self.root.get_screen("secret").start([e.seat for e in state.explorers if e.alive])
            self.go("secret")
        else:
            self.go("play")

    def look_at_tokens(self) -> None:
        """The play screen's "Secret tokens": one player looks again (or the traitor reveals)."""
        self.root.get_screen("secret").start([])
        self.go("secret")

    def read_card(self, side: str) -> None:
        """The play screen's card buttons: one side reads its rules card, the other looking away (H2.2)."""
        self.root.get_screen("secret").start_card(side)
        self.go("secret")

    def on_stop(self) -> None:
        self.controller.close()
        health = getattr(self, "health", None)  # None until built
        if health is not None:
            health.close()

    # --- redraw ---------------------------------------------------------------------------------------

    def _on_step_frame(self, *_args) -> None:
        """A new step: on the play screen the floors are redrawn in this frame and everything else in the
        next, so a tile laid on the table shows on the map without waiting for the prompt bar's new
        buttons, the panels and the outcome lines (each costs a texture upload under software GL)."""
        screen = self.root.current_screen if self.root is not None else None
        if self.controller.channel is not None and screen is not None and hasattr(screen, "refresh_map"):
            screen.refresh_map()
            self._redraw_rest()
        else:
            self.refresh()
        if self.controller.channel is not None and self.collector.due(self.controller.channel):
            Clock.schedule_once(self.collector.collect, 0.1)  # after the rest of the screen is redrawn

    def refresh(self) -> None:
        """Redraw the screens that show the game; go to the haunt screen once the haunt has begun."""
        if self.root is None:
            return
        self.root.current_screen.refresh()  # the others refresh when they are entered
        controller = self.controller
        state = controller.channel.step.state if controller.channel else None
        if state is not None and getattr(state, "haunt", None) is not None and self.root.current == "play":
            # the banner once when the haunt begins ("Play the haunt" comes back here), again at the end
            won = state.haunt.winner is not None
            if won or not controller.haunt_shown:
                controller.haunt_shown = True
                if won:
                    controller.haunt_over()
                self.go("haunt")
            elif token_to_tell(state) is not None:  # table tokens: each tells theirs in private (H4.1)
                self.go("secret")

    # --- kiosk ----------------------------------------------------------------------------------------

    def _touched(self, *_args) -> None:
        self.last_touch = time.monotonic()

    def _check_idle(self, *_args) -> None:
        idle = time.monotonic() - self.last_touch
        controller = self.controller
        if (
            not controller.game_running
            and idle > controller.settings.idle_seconds
            and self.root.current not in ("attract", "play")
        ):
            self.go("attract")
