"""Player set-up: 3 to 6 seats clockwise around the table, each with a name and one side of a card.

Each character card is shown with both of its sides (name, age and starting traits), because choosing
one side rules out the other; that rule is the engine's (``GameConfig.validate``), so a clash is shown
as its sentence when Start is tapped, while a side taken by another seat is only drawn dimmed.
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput
from kivy.uix.togglebutton import ToggleButton

from hauntable.games.betrayal.config import DEFAULT_CHARACTERS
from hauntable.games.betrayal.content import TRAITS
from hauntable.ui.i18n import tr
from hauntable.ui.viewmodel import SEAT_COLORS
from hauntable.ui.widgets.namekeys import NameKeys, typed

MIN_SEATS, MAX_SEATS = 3, 6
CARD_TINTS = {  # the colour printed on each character card, to pair its two sides at a glance
    "red": (0.7, 0.15, 0.15),
    "blue": (0.15, 0.3, 0.7),
    "green": (0.15, 0.55, 0.2),
    "purple": (0.45, 0.2, 0.6),
    "white": (0.6, 0.6, 0.6),
    "yellow": (0.7, 0.6, 0.1),
}


class SetupScreen(Screen):
    names = ListProperty([f"Player {i + 1}" for i in range(MIN_SEATS)])
    characters = ListProperty(list(DEFAULT_CHARACTERS[:MIN_SEATS]))
    selected = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._fields: list[TextInput] = []
        self.keys: NameKeys | None = None  # the on-screen keyboard while a name is being typed
        self.typing: int | None = None  # the seat whose name it types into

    def on_pre_enter(self, *_args) -> None:
        self.refresh()

    def on_leave(self, *_args) -> None:
        self.close_keys()

    def show_keys(self, seat: int) -> None:
        """A tap on a name opens the on-screen keyboard for it (a kiosk table has no keyboard)."""
        self.typing = seat
        if self.keys is None:
            lang = App.get_running_app().lang
            self.keys = NameKeys(lang, self.type_key, self.close_keys)
            self.keys.size_hint = (0.58, 0.42)
            self.keys.pos_hint = {"right": 1, "y": 0}
            self.add_widget(self.keys)
        self._mark_typing()

    def _focused(self, seat: int, focused: bool) -> None:
        if focused:
            self.show_keys(seat)

    def type_key(self, key: str) -> None:
        if self.typing is None or self.typing >= len(self.names):
            return
        text = typed(self.names[self.typing], key)
        self.names[self.typing] = text
        self._fields[self.typing].text = text

    def close_keys(self) -> None:
        if self.keys is not None:
            self.remove_widget(self.keys)
        self.keys, self.typing = None, None
        self._mark_typing()

    def _mark_typing(self) -> None:
        for i, field in enumerate(self._fields):
            field.background_color = (1, 0.93, 0.6, 1) if i == self.typing else (1, 1, 1, 1)

    def add_seat(self) -> None:
        if len(self.names) < MAX_SEATS:
            taken = {self._color(c) for c in self.characters}
            free = next(c for c in DEFAULT_CHARACTERS if self._color(c) not in taken)
            self.names.append(f"Player {len(self.names) + 1}")
            self.characters.append(free)
            self.refresh()

    def remove_seat(self) -> None:
        if len(self.names) > MIN_SEATS:
            if self.typing == len(self.names) - 1:
                self.close_keys()
            self.names.pop()
            self.characters.pop()
            self.selected = min(self.selected, len(self.names) - 1)
            self.refresh()

    def choose(self, cid: str) -> None:
        self.characters[self.selected] = cid
        self.selected = (self.selected + 1) % len(self.names)
        self.refresh()

    def start(self) -> None:
        app = App.get_running_app()
        problem = app.controller.start_game(list(zip(self.names, self.characters, strict=True)))
        self.ids.message.text = problem or ""

    def _color(self, cid: str) -> str:
        return App.get_running_app().controller.content.characters[cid].color

    def refresh(self) -> None:
        app = App.get_running_app()
        if app is None or "seats" not in self.ids:
            return
        self.ids.title.text = tr("setup.title")
        self._seats()
        self._cards(app.controller.content)

    def _seats(self) -> None:
        box = self.ids.seats
        box.clear_widgets()
        self._fields = []
        chars = App.get_running_app().controller.content.characters
        for i, (name, cid) in enumerate(zip(self.names, self.characters, strict=True)):
            row = BoxLayout(size_hint_y=None, height=54, spacing=6)
            seat = ToggleButton(
                text=tr("setup.seat", n=i + 1),
                group="seat",
                state="down" if i == self.selected else "normal",
                size_hint_x=0.3,
                background_color=(*SEAT_COLORS[i], 1),
            )
            seat.bind(on_release=lambda _b, i=i: self._select(i))
            field = TextInput(text=name, multiline=False, font_size=20, size_hint_x=0.35)
            field.bind(text=lambda _w, text, i=i: self.names.__setitem__(i, text))
            field.bind(focus=lambda _w, focused, i=i: self._focused(i, focused))
            field.name = f"name-{i}"
            self._fields.append(field)
            row.add_widget(seat)
            row.add_widget(field)
            row.add_widget(Label(text=chars[cid].name, font_size=16, size_hint_x=0.35))
            box.add_widget(row)
        self._mark_typing()

    def _select(self, i: int) -> None:
        self.selected = i
        self.refresh()

    def _cards(self, content) -> None:
        """A card per colour with both sides: name, age and the four tracks, the start step in gold."""
        grid = self.ids.cards
        grid.clear_widgets()
        by_color: dict[str, list[str]] = {}
        for cid, ch in content.characters.items():
            by_color.setdefault(ch.color, []).append(cid)
        mine = self.characters[self.selected] if self.selected < len(self.characters) else None
        for color, sides in by_color.items():
            card = BoxLayout(spacing=2, padding=3)
            tint = CARD_TINTS.get(color, (0.5, 0.5, 0.5))
            for cid in sides:
                ch = content.characters[cid]
                taken_by = [i for i, c in enumerate(self.characters) if c == cid]
                mark = f"  [{', '.join(str(i + 1) for i in taken_by)}]" if taken_by else ""
                tracks = "\n".join(
                    f"{tr('trait.' + t)[:3]} "
                    + " ".join(
                        f"[color=ffcc33][b]{v}[/b][/color]" if i == ch.start[t] else str(v)
                        for i, v in enumerate(ch.tracks[t])
                    )
                    for t in TRAITS
                )
                b = Button(
                    text=f"[b]{ch.name}[/b]{mark}\n{tr('setup.age', age=ch.age)}\n{tracks}",
                    markup=True,
                    font_size=15,
                    halign="center",
                )
                b.name = f"char-{cid}"
                strength = 1.0 if cid == mine else (0.35 if taken_by else 0.6)
                b.background_color = (*(c * strength + 0.15 for c in tint), 1)
                b.bind(on_release=lambda _b, cid=cid: self.choose(cid))
                card.add_widget(b)
            grid.add_widget(card)
