"""The table app without its window: settings, the game life cycle, the live table and the tower.

:class:`TableController` holds what a game on the table needs (the one
:class:`~hauntable.table.channel.Channel`, the simulator panel's hands or the live readers, the dice
tower, the log's unfinished game) and no Kivy: a test drives it with a plain :class:`View` and no window.
The Kivy app (``ui/app.py``) is its view: it draws the screens, carries jobs from other threads to its
main loop (``post``) and coalesces redraws. Resuming a logged game is one of its parts, ``ui/resuming.py``;
the dice tower another, ``ui/tower_control.py``.
"""

from __future__ import annotations

import dataclasses
import datetime
import logging
import time
from pathlib import Path

from hauntable.engine.dice import VirtualDice
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import BadConfig, HauntableError, IllegalAction
from hauntable.gamelog import ABANDONED, GameLog
from hauntable.games import geisterstunde
from hauntable.games.betrayal.config import GameConfig, PlayerSpec
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import Roll, Target
from hauntable.games.betrayal.prompts import AwaitTile, ChooseTarget
from hauntable.paths import db_path
from hauntable.session import Session
from hauntable.table.channel import Channel
from hauntable.table.health import Trouble
from hauntable.ui import i18n
from hauntable.ui.castle_sim import CastleTable
from hauntable.ui.live_table import AppTable, table_kind
from hauntable.ui.resuming import Resuming
from hauntable.ui.settings import AdminChoices, UiSettings
from hauntable.ui.simulator import SimResult, TableSimulator, sim_text
from hauntable.ui.takeback_view import TakeBackModel, refused, take_back_model
from hauntable.ui.tower import AppTower
from hauntable.ui.tower_control import TowerControl
from hauntable.ui.view import View

log = logging.getLogger(__name__)

__all__ = ["TableController", "View", "trouble_text"]


class TableController(Resuming, TowerControl):
    """One table's games and devices. ``log`` (optional) records every game; ``seed`` fixes the simulator
    and the dice; ``today`` (``MM-DD``) the date a game starts on."""

    def __init__(
        self,
        view: View,
        settings: UiSettings | None = None,
        log: GameLog | None = None,
        seed: int | None = None,
        today: str | None = None,
    ):
        self.view = view
        self.settings = settings or UiSettings()
        self.log = log
        self.seed = seed
        self.today = today
        self.content = load_content()
        self.channel: Channel | None = None
        self.simulator: TableSimulator | None = None
        self.live_table: AppTable | None = None  # Betrayal on the real readers (ui/live_table.py)
        self.castle_table: CastleTable | None = None  # a simulated Geisterstunde table, when chosen
        self.tower: AppTower | None = None  # once a game is attached, when settings.tower_port names one
        self.tower_state = ""  # the tower's link state ("ready", "lost", ...); "" without one
        self.tower_fault = ""  # what the dice pad says about the tower's last fault (a re-throw)
        self.dice: VirtualDice | None = None
        self.sim_message = ""
        self.notice = ""  # shown on the attract screen for the operator (a damaged log set aside)
        self.resume_offer = ""  # who was playing the unfinished logged game and how far it got
        self.game_running = False
        self.haunt_shown = False  # the haunt banner was shown for this game
        self.choices = AdminChoices(self.settings)  # the admin menu's, loaded now and saved on change
        i18n.set_language(self.lang)  # AdminChoices has set it (the saved choice, else English)

    @property
    def lang(self) -> str:
        return self.settings.language or "en"

    def set_language(self, lang: str, keep: bool = False) -> None:
        """Show the table in ``lang``; ``keep`` (the admin menu): it is also the table's language from now
        on, kept across restarts. The players' choice on the attract and set-up screens is not kept."""
        i18n.set_language(lang)
        self.settings.language = lang
        if keep:
            self.choices.keep_language(lang)
        if self.resume_offer:
            self.offer_resume()  # in the new language
        self.view.changed()

    def registry_path(self) -> Path:
        """The tag registry's file: the table's database in the data directory (as ``hauntable enroll``)."""
        return db_path(self.settings.data_dir)

    # --- starting a game ------------------------------------------------------------------------------

    def _seed(self, seed: int | None) -> int:
        if seed is not None:
            return seed
        return self.seed if self.seed is not None else time.time_ns() % 1_000_000

    def start_game(self, players: list[tuple[str, str]], seed: int | None = None) -> str | None:
        """Start a Betrayal game at the table; returns the refusal sentence (bad set-up) or None."""
        config = GameConfig(
            players=tuple(PlayerSpec(n, c) for n, c in players),
            today=self.today or datetime.date.today().strftime("%m-%d"),
            seed=self._seed(seed),
            rooms="table",
            cards="table",
            house_rules=self.choices.house_rules(),
            board="table7",  # the table's 7x7 floors: every cell has a reader (the simulator's too)
            haunt_numbers={h: dict(n) for h, n in self.choices.haunt_numbers.items()},
        )
        try:
            config.validate(self.content)
        except BadConfig as exc:
            return str(exc)
        self.attach(Session.new("betrayal", config, log=self.log))
        return None

    def start_geisterstunde(
        self,
        names: tuple[str, ...] = (),
        seed: int | None = None,
        table: bool = False,
        ghost: int = 0,
        house_rules: dict[str, str] | None = None,
    ) -> str | None:
        """Start a Geisterstunde game, seat ``ghost`` the first ghost; a sentence if the set-up is refused.

        On a live table (``table_kind() == "live"``) the readers play it: the key cards are the table's
        (``cards="table"``: every card taken from the pile is read), figures and plan cards are read by
        the Geisterstunde referee. Otherwise the key deck is virtual; ``table``: played through a
        simulated table (taps lay tags on mock readers and the referee turns them into inputs,
        :class:`~hauntable.ui.castle_sim.CastleTable`). A live table whose readers cannot start is named
        on the castle screen and the game is played by touch with a virtual deck instead."""
        names = names or tuple(i18n.tr("setup.seat", n=i) for i in (1, 2, 3))
        live = not table and self.table_kind() == "live"
        try:
            config = geisterstunde.GameConfig(
                players=tuple(names),
                ghost=ghost,
                seed=self._seed(seed),
                cards="table" if live else "virtual",
                house_rules=geisterstunde.HouseRules(**(house_rules or {})),
                board=self.choices.castle_board,  # the table's own board (admin menu), else ours
            )
            config.validate()
        except BadConfig as exc:
            return str(exc)
        session = Session.new("geisterstunde", config, log=self.log)
        self.attach(session, castle_table=table)
        if live and self.live_table is None:  # the readers would not start: touch, with a virtual deck
            notice = self.sim_message
            if session.log is not None and session.game_id is not None:
                session.log.mark(session.game_id, ABANDONED)
            config = dataclasses.replace(config, cards="virtual")
            self.attach(Session.new("geisterstunde", config, log=self.log))
            self.sim_message = notice
            self.view.redraw()
        return None

    def table_kind(self) -> str:
        """``live`` or ``simulated`` (see UiSettings.table); live when the layout that would decide cannot
        be read, so that the play screen names the error (:meth:`_open_live_table`)."""
        try:
            return table_kind(self.settings.table, self.settings.backend, self.settings.layout)
        except HauntableError:
            return "live"

    def attach(self, session: Session, castle_table: bool = False) -> None:
        """Play ``session`` from now on: a new channel, the table's hands (readers or simulator), dice."""
        self._close_tables()
        self.channel = Channel(session)
        self.channel.bind(on_step=lambda _s: self.view.redraw(), on_refusal=lambda _r: self.view.redraw())
        self.sim_message = ""
        self.simulator = None
        self.game_running = True
        self.haunt_shown = getattr(session.step.state, "haunt", None) is not None  # a resumed haunt goes on
        if session.game.name == "geisterstunde":
            if castle_table:
                self.castle_table = CastleTable(self.channel)
            elif session.step.state.config.cards == "table" and self.table_kind() == "live":
                self._open_live_table()  # the readers under the castle, the plan slots, the key slot
            self.view.go("castle")
            return
        seed = session.step.state.config.seed
        if self.table_kind() == "live":
            self._open_live_table()
        if self.live_table is None:
            self.simulator = TableSimulator(self.channel, seed, self.content)
        # a resumed game rolls on from where its log left the dice, never the replayed faces again
        self.dice = VirtualDice(seed + 1).wind_past(session.logged_rolls())
        self._open_tower(session)
        self.view.go("play")

    def take_over(self, channel: Channel, simulator: TableSimulator) -> None:
        """Play on from a Betrayal game already under way on its own channel and simulated hands (the demo
        games of screenshots, tests and benchmarks): the screen follows that channel from now on."""
        self._close_tables()
        self.channel, self.simulator, self.sim_message = channel, simulator, ""
        channel.turn_began = None  # its turns were played by a script, not under a finger: nothing to guard
        channel.bind(on_step=lambda _s: self.view.redraw(), on_refusal=lambda _r: self.view.redraw())
        self.game_running = True
        self.haunt_shown = channel.step.state.haunt is not None
        self.dice = VirtualDice(channel.step.state.config.seed + 1).wind_past(channel.session.logged_rolls())
        self.view.go("play")

    def _open_live_table(self) -> None:
        """Play on the readers; if the backend cannot start, say why and let the simulator panel stand in
        (out loud: the play screen's notice names the error)."""
        assert self.channel is not None
        try:
            self.live_table = AppTable(
                self.channel,
                layout=self.settings.layout,
                backend=self.settings.backend,
                registry=self.registry_path(),
                post=self.view.post,
                on_change=self.view.redraw,
            )
        except (HauntableError, OSError) as exc:
            log.error("Hauntable: the table's readers cannot start: %s", exc)
            self.sim_message = i18n.tr("live.unavailable", error=str(exc))

    def _close_tables(self) -> None:
        if self.live_table is not None:
            self.live_table.close()
            self.live_table = None
        if self.castle_table is not None:
            self.castle_table.close()
            self.castle_table = None

    def table_notice(self) -> str:
        """The line under the prompt: a table thread in trouble, else the live referee's latest message,
        else the simulator's."""
        trouble = self.trouble()
        if trouble is not None:
            return trouble_text(trouble)
        if self.live_table is not None and self.live_table.message:
            return self.live_table.message
        return self.sim_message

    def trouble(self) -> Trouble | None:
        """The worst of what the table's threads report (the readers' scanner, the tower's link): what
        the watchdog judges (``Watchdog.watch``) and the screens say."""
        beats = []
        if self.live_table is not None:
            beats.append(self.live_table.table.scanner.heartbeat)
        if self.tower is not None:
            beats.append(self.tower.tower.heartbeat)
        found = [t for t in (b.health() for b in beats) if t is not None]
        return max(found, key=lambda t: t.fatal) if found else None

    def close(self) -> None:
        """The app stops: the readers, the simulated castle and the tower are closed."""
        self._close_tables()
        if self.tower is not None:
            self.tower.close()
            self.tower = None

    # --- resume and abandon ---------------------------------------------------------------------------

    def abandon_game(self) -> None:
        """The admin menu's "Abandon the game": logged as abandoned, so start-up will not offer it again."""
        session = self.channel.session if self.channel is not None else None
        if session is not None and session.log is not None and not session.over:
            assert session.game_id is not None  # a logged game has its id
            session.log.mark(session.game_id, ABANDONED)
        self._close_tables()
        self.channel = self.simulator = None
        self.game_running = False
        self.view.go("attract")

    def haunt_over(self) -> None:
        """The haunt's winner is known: the idle timer may take the table back to the attract screen."""
        self.game_running = False

    # --- inputs ---------------------------------------------------------------------------------------

    def submit(self, inp: Input, seq: int) -> None:
        """The one channel: every tap's input goes through here, stamped with its prompt's seq."""
        if self.channel is not None:  # a finger's tap: guarded against a double tap across turns
            self.channel.submit(inp, seq, guard=self.settings.turn_guard)

    def take_back_model(self) -> TakeBackModel | None:
        """What a take back would undo now, for the players to agree to (rule E3); None without a game."""
        if self.channel is None or self.channel.session.game.name != "betrayal":
            return None
        try:
            offer = self.channel.session.take_back_offer()
        except IllegalAction as exc:
            return refused(exc)
        return take_back_model(offer, self.channel.step.state, self.content, self.channel.seq)

    def take_back(self, model: TakeBackModel) -> bool:
        """Carry out an agreed take back; the simulator's hands put the table back, at a real table the
        line under the prompt says what to put back. False when refused (the game moved on meanwhile)."""
        if self.channel is None or model.offer is None:
            return False
        if self.channel.submit(model.offer.inp, model.seq) is None:
            return False
        if self.simulator is not None:
            self.simulator.put_back(model.offer)
            self.sim_message = i18n.tr("takeback.sim") if model.hands else ""
        else:
            self.sim_message = " ".join(model.hands)
        self.view.redraw()
        return True

    def roll_virtual(self) -> None:
        """The dice pad's "Roll": virtual dice for the awaited roll."""
        prompt = self.channel.step.awaiting if self.channel else None
        if self.dice is None or prompt is None or not hasattr(prompt, "dice"):
            return
        faces, source = self.dice.roll(prompt.dice)
        assert self.channel is not None  # the prompt is the channel's
        self.submit(Roll(faces, source=source), self.channel.seq)

    def sim(self, action: str) -> SimResult | None:
        """A simulator panel button: place_tile, draw_card, throw, pull, unplug, flicker or rearrange."""
        if self.simulator is None:
            return None
        result = self.simulator.act(action)
        self.sim_message = sim_text(result)
        self.view.redraw()  # coalesced with the step's own redraw: one refresh per frame
        return result

    def place_at(self, floor: str, x: int, y: int) -> None:
        """A tap on a map cell: the tile lands there (simulator) or the cell is the chosen target."""
        prompt = self.channel.step.awaiting if self.channel else None
        if isinstance(prompt, AwaitTile) and self.simulator is not None:
            cell = None if (x, y) in prompt.cells else (x, y)
            self.sim_message = sim_text(self.simulator.place_next_tile(cell))
            self.view.redraw()
        elif isinstance(prompt, ChooseTarget):
            assert self.channel is not None  # the prompt is the channel's
            self.submit(Target(floor, x, y), self.channel.seq)


def trouble_text(trouble: Trouble) -> str:
    """What the screen says about a table thread in trouble (the sentence itself is the operator's)."""
    if trouble.fatal:
        return i18n.tr("trouble.restart", what=trouble.sentence)
    return trouble.sentence
