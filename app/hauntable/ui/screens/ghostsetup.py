"""Geisterstunde set-up: 2 to 4 seats clockwise with names, who is the first ghost ("the bravest"), the
house rules, and whether to play by touch or on the simulated table.

The rules on players and names are the engine's (``GameConfig.validate``): a bad set-up is shown as its
sentence when Start is tapped; nothing here decides them.
"""

from __future__ import annotations

from kivy.app import App
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput
from kivy.uix.togglebutton import ToggleButton

from hauntable.games.geisterstunde.config import HouseRules
from hauntable.ui.i18n import tr

MIN_SEATS, MAX_SEATS = 2, 4


class GhostSetupScreen(Screen):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.names: list[str] = []
        self.ghost = 0
        self.rules: dict[str, str] = {}
        self.reset()

    def reset(self) -> None:
        self.names = [tr("setup.seat", n=i + 1) for i in range(3)]
        self.ghost = 0
        self.rules = {name: choices[0] for name, choices in HouseRules._CHOICES.items()}

    def on_pre_enter(self, *_args) -> None:
        self.reset()  # a fresh set-up each time, with default names in the language now chosen
        self.refresh()

    def add_seat(self) -> None:
        if len(self.names) < MAX_SEATS:
            self.names.append(tr("setup.seat", n=len(self.names) + 1))
            self.refresh()

    def remove_seat(self) -> None:
        if len(self.names) > MIN_SEATS:
            self.names.pop()
            self.ghost = min(self.ghost, len(self.names) - 1)
            self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        live = app is not None and app.controller.table_kind() == "live"  # the readers play it
        self.ids.start.text = tr("ghostsetup.start_live" if live else "ghostsetup.start")
        seats = self.ids.seats
        seats.clear_widgets()
        for i, name in enumerate(self.names):
            row = BoxLayout(spacing=8, size_hint_y=None, height=44)
            row.add_widget(Label(text=tr("setup.seat", n=i + 1), font_size=18, size_hint_x=0.2))
            field = TextInput(text=name, multiline=False, font_size=20, size_hint_x=0.45)
            field.bind(text=lambda _w, text, i=i: self.names.__setitem__(i, text))
            row.add_widget(field)
            ghost = ToggleButton(text=tr("ghostsetup.ghost"), group="first-ghost", font_size=17)
            ghost.state = "down" if i == self.ghost else "normal"
            ghost.allow_no_selection = False
            ghost.name = f"ghost-{i}"
            ghost.bind(on_release=lambda _b, i=i: setattr(self, "ghost", i))
            row.add_widget(ghost)
            seats.add_widget(row)
        rules = self.ids.rules
        rules.clear_widgets()
        rules.height = 44 * len(HouseRules._CHOICES)  # every rule a row: none spills over the seats' buttons
        for name, choices in HouseRules._CHOICES.items():
            row = BoxLayout(spacing=6, size_hint_y=None, height=40)
            label = Label(text=tr(f"ghostsetup.rule.{name}"), font_size=15, size_hint_x=0.4, halign="right")
            label.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 8, None)))
            row.add_widget(label)
            for value in choices:
                b = ToggleButton(
                    text=tr(f"ghostsetup.rule.{name}.{value}"), group=f"rule-{name}", font_size=15
                )
                b.state = "down" if self.rules[name] == value else "normal"
                b.allow_no_selection = False
                b.name = f"rule-{name}-{value}"
                b.bind(on_release=lambda _b, n=name, v=value: self.rules.__setitem__(n, v))
                row.add_widget(b)
            rules.add_widget(row)
        self.ids.error.text = ""

    def start(self, table: bool = False) -> None:
        app = App.get_running_app()
        error = app.controller.start_geisterstunde(
            tuple(n.strip() for n in self.names), ghost=self.ghost, house_rules=dict(self.rules), table=table
        )
        if error:
            self.ids.error.text = error
