"""The haunt banner and end screen of this version: the haunt number, the omen and room, who revealed it,
the book to open, and a short summary of the exploration."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen

from hauntable.ui.i18n import tr


class HauntScreen(Screen):
    def refresh(self) -> None:
        app = App.get_running_app()
        state = app.channel.step.state if app and app.channel else None
        if state is None or state.haunt is None:
            return
        h = state.haunt
        revealer = state.explorers[h["revealer"]]
        explored = sum(1 for n in state.house if app.content.rooms[n].explorable)
        self.ids.title.text = tr("haunt.title")
        self.ids.number.text = tr("haunt.number", n=h["number"])
        self.ids.omen.text = tr("haunt.omen", omen=h["omen"], room=h["room"])
        self.ids.revealed.text = tr("haunt.revealed", who=f"{revealer.name} ({revealer.player})")
        self.ids.book.text = tr("haunt.book", n=h["number"])
        self.ids.summary.text = tr(
            "haunt.summary", rooms=explored, rounds=state.round, omens=state.omens_drawn
        )
