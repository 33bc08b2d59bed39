"""The haunt banner (the haunt number, the omen and room, who revealed it, the traitor, the book to open,
a short summary of the exploration, and "Play the haunt") and, once a side has won, the end of the game:
the whole house as it was built (the dead where they died, the monsters where they stood), the winner and
why, the traitor unmasked, who died where and the haunt's turning points (``ui/endgame.py``), with a
button that saves the screen as a PNG and the game's log onto the USB stick."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from kivy.app import App
from kivy.uix.screenmanager import Screen

from hauntable.kiosk.media import export_game, export_name, removable_drives
from hauntable.textui.render import explorer_tags
from hauntable.ui.endgame import end_summary, logged_outcomes
from hauntable.ui.hauntview import haunt_layer
from hauntable.ui.i18n import ntr, tr
from hauntable.ui.viewmodel import floor_model


def show(widget, shown: bool) -> None:
    """Show a page of this screen, or move it off screen (a disabled widget still swallows touches)."""
    widget.opacity = 1 if shown else 0
    widget.pos_hint = {"x": 0, "y": 0} if shown else {"x": 2, "y": 0}


class HauntScreen(Screen):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._story_for: tuple | None = None
        self._outcomes: list = []

    def refresh(self) -> None:
        app = App.get_running_app()
        state = app.controller.channel.step.state if app and app.controller.channel else None
        if state is None or state.haunt is None:
            return
        h = state.haunt
        revealer = state.explorers[h.revealer]
        explored = sum(1 for n in state.house if app.controller.content.rooms[n].explorable)
        winner = h.winner
        self.ids.title.text = tr("haunt.over") if winner else tr("haunt.title")
        self.ids.play.opacity = 0 if winner else 1
        self.ids.play.disabled = winner is not None
        self.ids.number.text = tr("haunt.number", n=h.number)
        self.ids.omen.text = tr("haunt.omen", omen=h.omen, room=h.room)
        self.ids.revealed.text = tr("haunt.revealed", who=f"{revealer.name} ({revealer.player})")
        traitor = h.traitor
        lines = [tr("haunt.book", n=h.number)]
        if isinstance(traitor, int):
            lines.insert(0, tr("haunt.traitor", who=state.explorers[traitor].name))
        if winner:
            lines = [tr(f"haunt.won.{winner}")]
        self.ids.book.text = "\n".join(lines)
        self.ids.summary.text = tr(
            "haunt.summary",
            rooms=ntr("haunt.summary.rooms", explored),
            rounds=ntr("haunt.summary.rounds", state.round),
            omens=ntr("haunt.summary.omens", state.omens_drawn),
        )
        show(self.ids.banner, not winner)
        show(self.ids.end, bool(winner))
        if winner:
            self._end(app, state)

    def _end(self, app, state) -> None:
        """The end of the game: the house, the winner and why, the traitor, the dead, the turning points."""
        channel = app.controller.channel
        key = (channel.session.game_id, state.seq)
        if self._story_for != key:
            self._story_for = key
            self._outcomes = logged_outcomes(channel)
            self.ids.end_message.text = ""
        summary = end_summary(state, self._outcomes)
        content = app.controller.content
        self.ids.end_over.text = tr("haunt.over")
        self.ids.end_winner.text = tr(f"haunt.won.{summary.winner}")
        self.ids.end_winner.color = (1, 0.35, 0.3, 1) if summary.winner == "traitor" else (0.5, 0.8, 1, 1)
        self.ids.end_why.text = summary.why
        traitor = tr("end.traitor", who=summary.traitor) if summary.traitor else tr("end.no_traitor")
        self.ids.end_traitor.text = f"[b]{traitor}[/b]"
        deaths = "\n".join(f"· {d}" for d in summary.deaths) or tr("end.none_died")
        self.ids.end_deaths.text = f"[b]{tr('end.deaths')}[/b]\n{deaths}"
        turning = "\n".join(f"· {t}" for t in summary.turning)
        self.ids.end_turning.text = f"[b]{tr('end.turning')}[/b]\n{turning}" if turning else ""
        tags = explorer_tags(state)
        graves = [(e.room, tags[e.seat]) for e in state.explorers if not e.alive]
        layer = haunt_layer(state)
        for floor in ("ground", "upper", "basement"):
            view = self.ids[f"end_{floor}"]
            view.title = tr(f"floor.{floor}")
            view.tags = [tags[e.seat] for e in state.explorers]
            view.graves = graves
            view.haunt = layer
            model = floor_model(state, content, floor)
            view.model = dataclasses.replace(model, doorways=(), offered=())  # the house as it was built

    def export(self) -> None:
        """The end screen as a PNG, and the game's log, onto the first removable drive."""
        app = App.get_running_app()
        drives = removable_drives(app.controller.settings.export_dir)
        if not drives:
            self.ids.end_message.text = tr("export.no_drive")
            return
        # why: importing the window opens it, which must not happen when the screens' module is imported
        from kivy.core.window import Window

        drive = drives[0]
        session = app.controller.channel.session
        log, game_id = session.log, session.game_id
        base = export_name(log, game_id).removesuffix(".jsonl") if log and game_id else "hauntable-game"
        png = Path(drive) / f"{base}-end.png"
        try:
            # the window as drawn (export_to_png would redraw it into a framebuffer, where the floors'
            # scissor boxes, set in window coordinates, do not hold); Kivy adds a counter to the name
            written = Window.screenshot(name=str(png))
            if not written:
                raise OSError(f"no picture written to {png}")
            os.replace(written, png)
            saved = [png.name]
            house, scroll = self.ids.end_house, self.ids.end_scroll
            if house.height > scroll.height + 1:  # the house scrolls: the whole of it as a picture too
                whole = Path(drive) / f"{base}-house.png"
                house.export_to_png(str(whole))
                if not whole.is_file():
                    raise OSError(f"no picture written to {whole}")
                saved.append(whole.name)
            if log is not None and game_id is not None:
                saved.append(export_game(log, game_id, drive).name)
        except OSError as exc:
            self.ids.end_message.text = tr("end.failed", drive=str(drive), error=exc.strerror or str(exc))
            return
        self.ids.end_message.text = tr("end.exported", files=", ".join(saved), drive=str(drive))
