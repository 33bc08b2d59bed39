"""The Kivy table app: screens, the one channel to the game, the simulator, language and seat rotation.

Everything a tap does goes through :meth:`HauntableApp.submit` -> :class:`~hauntable.ui.channel.Channel`.
The channel's step listener only schedules a redraw on the next frame (``Clock.create_trigger``), so a
burst of inputs (a simulator placing a tile then the engine asking for a rotation) redraws once.
"""

from __future__ import annotations

import dataclasses
import datetime
import signal
import time
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.logger import Logger
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from hauntable.engine.dice import VirtualDice
from hauntable.engine.inputs import Input
from hauntable.gamelog import GameLog
from hauntable.games.betrayal.config import GameConfig, HouseRules, PlayerSpec
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import Roll
from hauntable.kiosk import settings as admin_settings
from hauntable.kiosk.watchdog import Watchdog
from hauntable.paths import db_path
from hauntable.session import Session
from hauntable.ui import fonts, i18n
from hauntable.ui.channel import Channel, Refusal
from hauntable.ui.health import HealthReport
from hauntable.ui.simulator import SimResult, TableSimulator, sim_text

SCREENS = ("attract", "setup", "play", "haunt", "admin", "castle", "ghostsetup", "secret")
KV_DIR = Path(__file__).parent / "screens"


@dataclasses.dataclass
class UiSettings:
    """What the admin menu changes. ``seat_angles[seat]`` turns that seat's prompts (0/90/180/270)."""

    language: str | None = None  # None: the admin menu's saved choice, else English
    seat_angles: list[int] = dataclasses.field(default_factory=lambda: [0] * 6)
    idle_seconds: int = 120
    pin_file: str | None = None  # the admin PIN store (kiosk/pin.py); None: admin-pin.json beside the log
    kiosk: bool = False
    house_rules: dict[str, str | bool] = dataclasses.field(default_factory=dict)  # for the next game
    export_dir: str | None = None  # log export goes here instead of a detected USB drive (kiosk/media.py)
    layout: str | None = None  # the table's layout file (default: $HAUNTABLE_LAYOUT or hardware/reference)
    backend: str | None = "mock"  # the self-test's and a live table's; None: $HAUNTABLE_BACKEND or layout's
    # Betrayal's table: "live" (the readers, ui/live_table.py) or "simulated" (the simulator panel's hands);
    # None: live on the pi backend, simulated on the mock
    table: str | None = None
    tower_port: str | None = None  # the dice tower's serial port (ui/tower.py); None: virtual dice only
    tower_raw_log: str | None = None  # the tower's raw serial traffic goes here (dice-serial.log)
    # the table's data directory (paths.data_dir): the tag registry, and the admin menu's choices, which
    # are loaded at start and saved on every change (kiosk/settings.py); None: nothing is saved
    data_dir: str | None = None


class HauntableApp(App):
    """The table app. ``log`` (optional) records every game; ``seed`` fixes the simulator and dice."""

    lang = StringProperty("en")
    seat_angles = ListProperty([0] * 6)
    channel = ObjectProperty(None, allownone=True)
    simulator = ObjectProperty(None, allownone=True)
    sim_message = StringProperty("")
    idle_seconds = NumericProperty(120)
    game_running = BooleanProperty(False)
    haunt_shown = False  # the haunt banner was shown for this game
    notice = StringProperty("")  # shown on the attract screen for the operator (a damaged log set aside)
    castle_table = ObjectProperty(None, allownone=True)  # a simulated Geisterstunde table, when chosen
    live_table = ObjectProperty(None, allownone=True)  # Betrayal on the real readers (ui/live_table.py)
    resume_offer = StringProperty("")  # who was playing the unfinished logged game and how far it got
    tower_state = StringProperty("")  # the dice tower's link state ("ready", "lost", ...); "" without one
    tower_fault = StringProperty("")  # what the dice pad says about the tower's last fault (a re-throw)

    def __init__(
        self,
        settings: UiSettings | None = None,
        log: GameLog | None = None,
        seed: int | None = None,
        today: str | None = None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.settings = settings or UiSettings()
        self._load_settings()
        self.log = log
        self.seed = seed
        self.today = today
        self.content = load_content()
        self.dice: VirtualDice | None = None
        self.tower = None  # an AppTower once a game is attached, when settings.tower_port names one
        self.font_path = ""
        self.last_touch = time.monotonic()
        self._redraw = Clock.create_trigger(self._on_step_frame)
        # the rest of the play screen, on the frame after the map (a positive timeout: after this draw)
        self._redraw_rest = Clock.create_trigger(lambda _dt: self.refresh(), 0.001)
        self.title = "Hauntable"

    # --- building ---------------------------------------------------------------------------------

    def build(self) -> ScreenManager:
        from hauntable.ui.screens import admin, attract, castle, ghostsetup, haunt, play, secret, setup

        self.font_path = fonts.register()
        self.lang = self.settings.language
        i18n.set_language(self.lang)
        self.seat_angles = list(self.settings.seat_angles)
        self.idle_seconds = self.settings.idle_seconds
        for name in SCREENS:
            path = str(KV_DIR / f"{name}.kv")
            Builder.unload_file(path)  # a second app in one process (tests) must not apply rules twice
            Builder.load_file(path)
        sm = ScreenManager(transition=NoTransition())
        sm.add_widget(attract.AttractScreen(name="attract"))
        sm.add_widget(setup.SetupScreen(name="setup"))
        sm.add_widget(play.PlayScreen(name="play"))
        sm.add_widget(haunt.HauntScreen(name="haunt"))
        sm.add_widget(admin.AdminScreen(name="admin"))
        sm.add_widget(castle.CastleScreen(name="castle"))
        sm.add_widget(ghostsetup.GhostSetupScreen(name="ghostsetup"))
        sm.add_widget(secret.SecretScreen(name="secret"))
        from kivy.core.window import Window

        Window.bind(on_touch_down=self._touched)
        if self.settings.kiosk:
            Window.fullscreen = "auto"
            Window.borderless = True
            Window.bind(on_request_close=lambda *_a, **_k: True)  # no way out but the admin menu
            # SDL turns SIGTERM into a close request, which kiosk mode refuses; systemd must still stop us
            signal.signal(signal.SIGTERM, lambda *_a: Clock.schedule_once(lambda _dt: self.stop()))
        Clock.schedule_interval(self._check_idle, 5)
        self.offer_resume()
        # under systemd (Type=notify, WatchdogSec): ready once drawn, then pinged from this main loop, so a
        # hung UI gets the app restarted; without NOTIFY_SOCKET every call is a no-op
        self.watchdog = Watchdog(require=("ui",))
        Clock.schedule_once(lambda _dt: self.watchdog.ready("attract screen"), 0)
        Clock.schedule_interval(self._ping_watchdog, 1)
        # the health the companion service publishes (docs/fleet.md): status.json beside the log
        self.health = HealthReport(self.registry_path()) if self.settings.data_dir is not None else None
        return sm

    def _ping_watchdog(self, *_args) -> None:
        self.watchdog.alive("ui")
        self.watchdog.ping()
        if self.health is not None:
            self.health.update(self)

    def t(self, key: str, _lang: str = "", **params) -> str:
        """For kv: ``app.t('setup.title', app.lang)`` re-evaluates when the language changes."""
        return i18n.tr(key, **params)

    def set_language(self, lang: str, keep: bool = False) -> None:
        """Show the app in ``lang``; ``keep`` (the admin menu): it is also the table's language from now on,
        kept across restarts. The players' choice on the attract and set-up screens is not kept."""
        i18n.set_language(lang)
        self.settings.language = lang
        self.lang = lang
        if keep:
            self.table_language = lang
            self.save_settings()
        if self.resume_offer:
            self.offer_resume()  # in the new language
        self.refresh()

    def go(self, screen: str) -> None:
        self.root.current = screen
        self.root.current_screen.refresh()

    def play_the_haunt(self) -> None:
        """The banner's "Play the haunt": in a hidden-traitor haunt every living explorer first looks at
        their token in private (the secret screen), then play goes on."""
        from hauntable.ui.screens.secret import is_hidden_haunt

        state = self.channel.step.state if self.channel else None
        if is_hidden_haunt(state):
            self.root.get_screen("secret").start([e.seat for e in state.explorers if e.alive])
            self.go("secret")
        else:
            self.go("play")

    def look_at_tokens(self) -> None:
        """The play screen's "Secret tokens": one player looks again (or the traitor reveals)."""
        self.root.get_screen("secret").start([])
        self.go("secret")

    # --- a game -----------------------------------------------------------------------------------

    def start_game(self, players: list[tuple[str, str]], seed: int | None = None) -> str | None:
        """Start a table-mode game; returns the refusal sentence (bad set-up) or None when started."""
        from hauntable.engine.rejections import BadConfig

        seed = (
            seed if seed is not None else (self.seed if self.seed is not None else time.time_ns() % 1_000_000)
        )
        config = GameConfig(
            players=tuple(PlayerSpec(n, c) for n, c in players),
            today=self.today or datetime.date.today().strftime("%m-%d"),
            seed=seed,
            rooms="table",
            cards="table",
            house_rules=self.house_rules(),
            board="table7",  # the table's 7x7 floors: every cell has a reader (the simulator's too)
        )
        try:
            config.validate(self.content)
        except BadConfig as exc:
            return str(exc)
        self._attach(Session.new("betrayal", config, log=self.log))
        return None

    def start_geisterstunde(
        self,
        names: tuple[str, ...] = (),
        seed: int | None = None,
        table: bool = False,
        ghost: int = 0,
        house_rules: dict[str, str] | None = None,
    ) -> str | None:
        """Start a Geisterstunde game (virtual key deck), seat ``ghost`` the first ghost; a sentence if the
        set-up is refused (the engine's ``GameConfig.validate``).

        ``table``: play it through a simulated table (:class:`~hauntable.ui.castle_sim.CastleTable`):
        taps lay tags on mock readers and the Geisterstunde referee turns them into inputs.
        """
        from hauntable.engine.rejections import BadConfig
        from hauntable.games.geisterstunde import GameConfig as GhostConfig

        seed = (
            seed if seed is not None else (self.seed if self.seed is not None else time.time_ns() % 1_000_000)
        )
        from hauntable.games.geisterstunde import HouseRules as GhostRules

        names = names or tuple(i18n.tr("setup.seat", n=i) for i in (1, 2, 3))
        try:
            config = GhostConfig(
                players=tuple(names), ghost=ghost, seed=seed, house_rules=GhostRules(**(house_rules or {}))
            )
            config.validate()
        except BadConfig as exc:
            return str(exc)
        session = Session.new("geisterstunde", config, log=self.log)
        if self.castle_table is not None:
            self.castle_table.close()
        self.castle_table = None
        if table:
            from hauntable.ui.castle_sim import CastleTable

            self.castle_table = CastleTable(session)
        self._attach(session)
        return None

    def _settings_file(self) -> Path | None:
        if self.settings.data_dir is None:
            return None
        return admin_settings.settings_path(db_path(self.settings.data_dir, create=False))

    def _load_settings(self) -> None:
        """The admin menu's saved choices over the defaults; a language given on the command line wins."""
        path = self._settings_file()
        saved = admin_settings.load(path) if path is not None else {}
        if self.settings.language is None:
            self.settings.language = saved.get("language", "en")
        self.table_language = saved.get("language", self.settings.language)  # what save_settings keeps
        for name in ("seat_angles", "idle_seconds", "house_rules"):
            if name in saved:
                setattr(self.settings, name, saved[name])
        # the admin's layout choice (kiosk/layouts.py) applies from a start on; --layout wins over it
        self.table_layout, path = admin_settings.saved_layout(self.settings.data_dir)
        if self.settings.layout is None and path is not None:
            self.settings.layout = str(path)

    def save_settings(self) -> None:
        """Keep the admin menu's choices for the next start (called on every change)."""
        path = self._settings_file()
        if path is None:
            return
        values = {
            "language": self.table_language,
            "seat_angles": list(self.settings.seat_angles),
            "idle_seconds": int(self.settings.idle_seconds),
            "house_rules": dict(self.settings.house_rules),
        }
        if self.table_layout is not None:
            values["layout"] = self.table_layout
        try:
            admin_settings.save(path, values)
        except OSError as exc:  # a full or read-only card: the choice holds until the next restart
            Logger.warning("Hauntable: admin settings not saved to %s: %s", path, exc)

    def registry_path(self) -> Path:
        """The tag registry's file: the table's database in the data directory (as ``hauntable enroll``)."""
        return db_path(self.settings.data_dir)

    def house_rules(self) -> HouseRules:
        """The house rules the next game starts with (chosen in the admin menu; defaults otherwise)."""
        return HouseRules(**self.settings.house_rules)

    def table_kind(self) -> str:
        """``live`` or ``simulated`` (see UiSettings.table); live when the layout that would decide cannot
        be read, so that the play screen names the error (``_open_live_table``)."""
        from hauntable.engine.rejections import HauntableError
        from hauntable.ui.live_table import table_kind

        try:
            return table_kind(self.settings.table, self.settings.backend, self.settings.layout)
        except HauntableError:
            return "live"

    def _open_live_table(self) -> None:
        """Play on the readers; if the backend cannot start, say why and let the simulator panel stand in
        (out loud: the play screen's notice names the error)."""
        from hauntable.engine.rejections import HauntableError
        from hauntable.ui.live_table import AppTable

        try:
            self.live_table = AppTable(
                self.channel,
                layout=self.settings.layout,
                backend=self.settings.backend,
                registry=self.registry_path(),
                post=lambda fn: Clock.schedule_once(lambda _dt: fn(), 0),
                on_change=self._redraw,
            )
        except (HauntableError, OSError) as exc:
            Logger.error("Hauntable: the table's readers cannot start: %s", exc)
            self.sim_message = i18n.tr("live.unavailable", error=str(exc))

    def _close_live_table(self) -> None:
        if self.live_table is not None:
            self.live_table.close()
            self.live_table = None

    def table_notice(self) -> str:
        """The line under the prompt: the live referee's latest message, else the simulator's."""
        if self.live_table is not None and self.live_table.message:
            return self.live_table.message
        return self.sim_message

    def _attach(self, session: Session) -> None:
        self._close_live_table()
        self.channel = Channel(session)
        self.channel.bind(on_step=lambda _s: self._redraw(), on_refusal=self._refused)
        if session.game.name == "geisterstunde":
            self.simulator = None  # the table simulator stands in for Betrayal's readers only
            self.sim_message = ""
            self.game_running = True
            self.go("castle")
            self.refresh()
            return
        seed = session.step.state.config.seed
        self.sim_message = ""
        self.simulator = None
        if self.table_kind() == "live":
            self._open_live_table()
        if self.live_table is None:
            self.simulator = TableSimulator(self.channel, seed, self.content)
        self.dice = VirtualDice(seed + 1)
        self.game_running = True
        self.haunt_shown = session.step.state.haunt is not None  # a resumed haunt goes straight on
        self._open_tower(session)
        self.go("play")
        self.refresh()

    # --- the dice tower ----------------------------------------------------------------------------

    def _open_tower(self, session: Session) -> None:
        """Open the configured tower with the first game; the log's tower rolls count as delivered."""
        from hauntable.table.dice_link.rolls import delivered_in
        from hauntable.ui.tower import AppTower

        if self.settings.tower_port is None or self.tower is not None:
            return
        delivered = []
        if session.log is not None:
            games = {session.game_id}
            latest = session.log.games()[-2:]  # a game set aside at start-up may own the tower's resend
            games.update(g.id for g in latest)
            for game_id in sorted(games):
                delivered += delivered_in(e.payload for e in session.log.inputs(game_id))
        self.tower = AppTower(
            self.settings.tower_port,
            take=self._take_tower_roll,
            post=lambda fn: Clock.schedule_once(lambda _dt: fn(), 0),
            on_state=self._tower_state_changed,
            delivered=delivered,
            raw_log=self.settings.tower_raw_log,
            on_fault=self._tower_fault,
        )

    def _take_tower_roll(self, faces: tuple[int, ...], source: str) -> bool:
        """A roll from the tower, on the main loop: through the one channel; True if the game took it."""
        if self.channel is None:
            return False  # between games: refused, so the tower forgets it
        from hauntable.engine.prompts import RollDice
        from hauntable.ui.tower import count_text

        game = self.channel.session.game
        asked = self.channel.step.awaiting
        if isinstance(asked, RollDice) and asked.dice != len(faces):  # checked here to say it plainly
            self.tower_fault = count_text(asked.dice, len(faces))
            self._redraw()
            return False
        inp = game.inputs.parse(f"roll {','.join(str(f) for f in faces)} source={source}")
        taken = self.channel.submit(inp, self.channel.seq, source="tower") is not None
        if taken and self.tower_fault:
            self.tower_fault = ""
            self._redraw()
        return taken

    def _tower_state_changed(self, state) -> None:
        self.tower_state = str(state)
        self._redraw()

    def _tower_fault(self, fault) -> None:
        """A fault the tower reported: the dice pad says what to do until the next roll is taken."""
        from hauntable.ui.tower import fault_text

        self.tower_fault = fault_text(fault)
        self._redraw()

    def tower_text(self) -> str | None:
        """The dice pad's line about the tower; None without a tower (the simulator's button is shown)."""
        if self.tower is None:
            return None
        if self.tower_state == "ready" and self.tower_fault:
            return self.tower_fault
        if self.tower_state == "ready":
            return i18n.tr("tower.ready", source=self.tower.source)
        return i18n.tr("tower.not_ready", state=self.tower_state or "opening")

    def on_stop(self) -> None:
        self._close_live_table()
        if self.tower is not None:
            self.tower.close()
            self.tower = None
        if getattr(self, "health", None) is not None:  # None until built
            self.health.close()

    def resume_latest(self) -> str | None:
        """Continue the latest unfinished logged game (after a crash or power cut); a sentence if none."""
        from hauntable.session import ResumeError

        record = self.unfinished()
        if record is None:
            return i18n.tr("admin.nothing_to_resume")
        try:
            session = Session.resume(self.log, record.id)
        except ResumeError as exc:
            return str(exc)
        self._attach(session)
        # the simulator's virtual stack and decks start afresh; what is in the house stays out of them
        return None

    def unfinished(self):
        """The log's latest unfinished game this app can draw (Betrayal), or None."""
        record = self.log.latest_unfinished() if self.log is not None else None
        return record if record is not None and record.game == "betrayal" else None

    def offer_resume(self) -> None:
        """After a crash or power cut, the attract screen offers the log's unfinished game (or a new one)."""
        record = self.unfinished()
        self.resume_offer = "" if record is None else self._describe(record)

    def _describe(self, record) -> str:
        """Who was playing and how far it got, from the log alone (no replay: start-up stays fast)."""
        players = []
        for p in record.config.get("players", []):
            character = self.content.characters.get(p.get("character"))
            players.append(f"{p.get('name')} ({character.name if character else p.get('character')})")
        started = record.created[11:16] if len(record.created) >= 16 else record.created
        return i18n.tr("attract.unfinished", players=", ".join(players), n=record.inputs, started=started)

    def resume_offered(self) -> None:
        """The attract screen's "Resume this game"."""
        problem = self.resume_latest()
        if problem is not None:
            self.notice = problem
        self.resume_offer = ""

    def set_aside_unfinished(self) -> None:
        """The attract screen's "Start a new game": the unfinished game is marked abandoned, then set-up."""
        from hauntable.gamelog import ABANDONED

        record = self.unfinished()
        if record is not None:
            self.log.mark(record.id, ABANDONED)
        self.resume_offer = ""
        self.go("setup")

    def abandon_game(self) -> None:
        """The admin menu's "Abandon the game": logged as abandoned, so start-up will not offer it again."""
        from hauntable.gamelog import ABANDONED

        session = self.channel.session if self.channel is not None else None
        if session is not None and session.log is not None and not session.over:
            session.log.mark(session.game_id, ABANDONED)
        if self.castle_table is not None:
            self.castle_table.close()
        self.castle_table = None
        self._close_live_table()
        self.channel = self.simulator = None
        self.game_running = False
        self.go("attract")

    def submit(self, inp: Input, seq: int) -> None:
        """The one channel: every tap's input goes through here, stamped with its prompt's seq."""
        if self.channel is not None:
            self.channel.submit(inp, seq)

    def roll_virtual(self) -> None:
        prompt = self.channel.step.awaiting if self.channel else None
        if self.dice is None or prompt is None or not hasattr(prompt, "dice"):
            return
        faces, source = self.dice.roll(prompt.dice)
        self.submit(Roll(faces, source=source), self.channel.seq)

    def sim(self, action: str) -> SimResult | None:
        """A simulator panel button: place_tile, draw_card, throw, pull, unplug, flicker or rearrange."""
        if self.simulator is None:
            return None
        method = {
            "place_tile": self.simulator.place_next_tile,
            "draw_card": self.simulator.put_card_on_draw_pad,
            "throw": self.simulator.throw_dice,
            "pull": self.simulator.pull_tile,
            "unplug": self.simulator.unplug_tower,
            "flicker": self.simulator.flicker_reader,
            "rearrange": self.simulator.rearrange_floor,
        }[action]
        result = method()
        self.sim_message = sim_text(result)
        self._redraw()  # coalesced with the step's own redraw: one refresh per frame
        return result

    def place_at(self, floor: str, x: int, y: int) -> None:
        """A tap on a map cell: the tile lands there (simulator) or the cell is the chosen target."""
        from hauntable.games.betrayal.inputs import Target
        from hauntable.games.betrayal.prompts import AwaitTile, ChooseTarget

        prompt = self.channel.step.awaiting if self.channel else None
        if isinstance(prompt, AwaitTile):
            self.sim("place_tile") if (x, y) in prompt.cells else self._place_elsewhere(x, y)
        elif isinstance(prompt, ChooseTarget):
            self.submit(Target(floor, x, y), self.channel.seq)

    def _place_elsewhere(self, x: int, y: int) -> None:
        result = self.simulator.place_next_tile((x, y))
        self.sim_message = sim_text(result)
        self._redraw()

    # --- redraw -----------------------------------------------------------------------------------

    def _refused(self, refusal: Refusal) -> None:
        self._redraw()

    def _on_step_frame(self, *_args) -> None:
        """A new step: on the play screen the floors are redrawn in this frame and everything else in the
        next, so a tile laid on the table shows on the map without waiting for the prompt bar's new
        buttons, the panels and the outcome lines (each costs a texture upload under software GL)."""
        screen = self.root.current_screen if self.root is not None else None
        if self.channel is not None and hasattr(screen, "refresh_map"):
            screen.refresh_map()
            self._redraw_rest()
        else:
            self.refresh()

    def refresh(self) -> None:
        """Redraw the screens that show the game; go to the haunt screen once the haunt has begun."""
        if self.root is None:
            return
        self.root.current_screen.refresh()  # the others refresh when they are entered
        state = self.channel.step.state if self.channel else None
        if state is not None and getattr(state, "haunt", None) is not None and self.root.current == "play":
            # the banner once when the haunt begins ("Play the haunt" comes back here), again at the end
            won = state.haunt.winner is not None
            if won or not self.haunt_shown:
                self.haunt_shown = True
                self.game_running = not won
                self.go("haunt")

    # --- kiosk ------------------------------------------------------------------------------------

    def _touched(self, *_args) -> None:
        self.last_touch = time.monotonic()

    def _check_idle(self, *_args) -> None:
        idle = time.monotonic() - self.last_touch
        if (
            not self.game_running
            and idle > self.idle_seconds
            and self.root.current not in ("attract", "play")
        ):
            self.go("attract")
