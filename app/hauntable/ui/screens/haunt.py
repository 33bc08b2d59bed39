"""The haunt banner (the haunt number, the omen and room, who revealed it, the traitor, the book to open,
a short summary of the exploration, and "Play the haunt") and, once a side has won, the end screen."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen

from hauntable.ui.i18n import ntr, tr


class HauntScreen(Screen):
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
