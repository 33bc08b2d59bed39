"""The dice tower's half of the controller: opening the configured tower, taking its rolls through the one
channel, and the dice pad's line about it. A part of :class:`~hauntable.ui.controller.TableController`.

Apart from the game life cycle because the tower lives longer than a game (it is opened with the first
and kept) and talks on its own thread: its rolls arrive on the view's thread through ``AppTower``.
"""

from __future__ import annotations

from hauntable.engine.prompts import RollDice
from hauntable.session import Session
from hauntable.table.channel import Channel
from hauntable.table.dice_link.rolls import delivered_in
from hauntable.ui import i18n
from hauntable.ui.settings import UiSettings
from hauntable.ui.tower import AppTower, count_text, fault_text
from hauntable.ui.view import View


class TowerControl:
    """The tower half of the controller; the controller supplies the settings, the view and the channel."""

    view: View
    settings: UiSettings
    channel: Channel | None
    tower: AppTower | None
    tower_state: str
    tower_fault: str

    def _open_tower(self, session: Session) -> None:
        """Open the configured tower with the first game; the log's tower rolls count as delivered."""
        if self.settings.tower_port is None or self.tower is not None:
            return
        delivered = []
        if session.log is not None:
            assert session.game_id is not None  # a logged game has its id
            games = {session.game_id}
            latest = session.log.games(latest=2)  # a game set aside at start-up may own the tower's resend
            games.update(g.id for g in latest)
            for game_id in sorted(games):
                rows = session.log.inputs(game_id)
                delivered += delivered_in(e.payload for e in rows if e.payload is not None)
        self.tower = AppTower(
            self.settings.tower_port,
            take=self.take_tower_roll,
            post=self.view.post,
            on_state=self._tower_state_changed,
            delivered=delivered,
            raw_log=self.settings.tower_raw_log,
            on_fault=self._tower_fault,
        )

    def take_tower_roll(self, faces: tuple[int, ...], source: str) -> bool:
        """A roll from the tower, on the view's thread: through the one channel; True if the game took it."""
        if self.channel is None:
            return False  # between games: refused, so the tower forgets it
        asked = self.channel.step.awaiting
        if isinstance(asked, RollDice) and asked.dice != len(faces):  # checked here to say it plainly
            self.tower_fault = count_text(asked.dice, len(faces))
            self.view.redraw()
            return False
        inp = self.channel.session.game.inputs.parse(f"roll {','.join(map(str, faces))} source={source}")
        taken = self.channel.submit(inp, self.channel.seq, source="tower") is not None
        if taken and self.tower_fault:
            self.tower_fault = ""
            self.view.redraw()
        return taken

    def _tower_state_changed(self, state) -> None:
        self.tower_state = str(state)
        self.view.changed()
        self.view.redraw()

    def _tower_fault(self, fault) -> None:
        """A fault the tower reported: the dice pad says what to do until the next roll is taken."""
        self.tower_fault = fault_text(fault)
        self.view.redraw()

    def tower_text(self) -> str | None:
        """The dice pad's line about the tower; None without a tower (the simulator's button is shown)."""
        if self.tower is None:
            return None
        if self.tower_state == "ready" and self.tower_fault:
            return self.tower_fault
        if self.tower_state == "ready":
            return i18n.tr("tower.ready", source=self.tower.source)
        return i18n.tr("tower.not_ready", state=self.tower_state or "opening")
