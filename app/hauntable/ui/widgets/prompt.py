"""The awaited prompt as big touch targets, plus the dice pad for rolls and the monster pad.

Buttons are exactly ``prompt.choices()``; each carries the input it stands for and the ``seq`` of the
state it was built for, and a tap hands both to one callback (the app's channel). Nothing here checks
whether an answer is legal: the engine refuses, and the refusal is shown at the seat.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from hauntable.engine.inputs import Input
from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal.content import Content
from hauntable.games.betrayal.inputs import PlaceMonster, Roll
from hauntable.games.betrayal.prompts import (
    AwaitCard,
    AwaitTile,
    ChooseAction,
    HauntTools,
    MonsterTurn,
    RearrangeFloor,
)
from hauntable.games.betrayal.state import State
from hauntable.ui.button_labels import choice_label
from hauntable.ui.i18n import tr
from hauntable.ui.prompt_heading import heading
from hauntable.ui.widgets.actions import ActionArea

Submit = Callable[[Input, int], object]

ANSWERS_MIN = 64  # px the answers always keep under a long heading (a printed haunt's whole rules card)


class ChoiceButton(Button):
    """A button standing for one legal input, stamped with the seq of the prompt it was built for."""

    inp: Input = ObjectProperty(None)
    seq = NumericProperty(-1)


class DicePad(BoxLayout):
    """Tower, virtual dice, or faces entered by hand: one die button per die, tap cycles 0 -> 1 -> 2.

    ``tower`` is the real tower's status line (the players throw and the roll arrives by itself); None
    without one, when the simulator's "throw into the tower" button (``throw``) stands in for it, if there
    is a simulator.
    """

    faces = ListProperty([])
    seq = NumericProperty(-1)

    def __init__(
        self,
        dice: int,
        seq: int,
        submit: Submit,
        throw: Callable[[], object] | None,
        roll_virtual: Callable[[], object],
        tower: str | None = None,
        **kwargs,
    ):
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", 6)
        super().__init__(**kwargs)
        self.seq, self.faces, self._submit = seq, [0] * dice, submit
        top = BoxLayout(spacing=6)
        if tower is None and throw is not None:  # no tower: the simulator's hands throw into a virtual one
            top.add_widget(_big(tr("dice.throw_tower"), lambda *_: throw(), name="dice-tower"))
        elif tower is not None:  # the real tower: the players throw, the roll arrives by itself
            status = Label(text=tower, font_size=18, bold=True, halign="center", color=(0.6, 0.9, 0.6, 1))
            status.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 8, None)))
            top.add_widget(status)
        top.add_widget(_big(tr("dice.roll_virtual"), lambda *_: roll_virtual(), name="dice-virtual"))
        self.add_widget(top)
        self.add_widget(Label(text=tr("dice.manual"), font_size=14, size_hint_y=None, height=22))
        row = BoxLayout(spacing=4)
        self._dice: list[Button] = []
        for i in range(dice):
            b = Button(text="0", font_size=26, bold=True)
            b.bind(on_release=lambda _b, i=i: self.cycle(i))
            self._dice.append(b)
            row.add_widget(b)
        enter = _big(tr("dice.enter"), lambda *_: self.enter(), name="dice-enter")
        enter.size_hint_x = max(1.0, dice / 2)
        row.add_widget(enter)
        self.add_widget(row)

    def cycle(self, i: int) -> None:
        self.faces[i] = (self.faces[i] + 1) % 3
        self._dice[i].text = str(self.faces[i])

    def enter(self) -> None:
        self._submit(Roll(tuple(self.faces), source="hand"), self.seq)


MONSTER_TRAITS = ("speed", "might", "sanity", "knowledge")


class MonsterPad(BoxLayout):
    """Book mode: a new monster's traits from the haunt book, entered by touch before it is placed.

    One row per trait with - and + (0 to 8, the range ``PlaceMonster`` takes; 0: the monster has no such
    trait, or for Speed rolls no dice). "Place it" submits the monster choice with these values, the way
    the terminal's ``monster Zombie Kitchen speed=2 might=5`` does; "Back" returns to the choices.
    """

    seq = NumericProperty(-1)

    def __init__(self, inp: PlaceMonster, seq: int, submit: Submit, back: Callable[[], object], **kwargs):
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", 4)
        super().__init__(**kwargs)
        self.inp, self.seq, self._submit = inp, seq, submit
        self.values = {t: getattr(inp, t) for t in MONSTER_TRAITS}
        self._shown: dict[str, Label] = {}
        title = Label(
            text=tr("monster.pad", name=inp.name, room=inp.room), font_size=15, size_hint_y=None, height=24
        )
        title.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 8, None)))
        self.add_widget(title)
        grid = GridLayout(cols=8, spacing=4)
        for trait in MONSTER_TRAITS:  # two traits a row: name, -, value, +
            grid.add_widget(Label(text=tr(f"trait.{trait}"), font_size=17, halign="right"))
            grid.add_widget(_big("-", lambda *_a, t=trait: self.step(t, -1), name=f"monster-{trait}-minus"))
            self._shown[trait] = Label(text=self._value(trait), font_size=24, bold=True)
            grid.add_widget(self._shown[trait])
            grid.add_widget(_big("+", lambda *_a, t=trait: self.step(t, 1), name=f"monster-{trait}-plus"))
        self.add_widget(grid)
        row = BoxLayout(spacing=6, size_hint_y=0.45)
        row.add_widget(_big(tr("monster.back"), lambda *_: back(), name="monster-back"))
        row.add_widget(_big(tr("monster.place"), lambda *_: self.place(), name="monster-place"))
        self.add_widget(row)

    def _value(self, trait: str) -> str:
        return str(self.values[trait]) if self.values[trait] else "–"  # noqa: RUF001 (a dash: none)

    def step(self, trait: str, delta: int) -> None:
        self.values[trait] = min(8, max(0, self.values[trait] + delta))
        self._shown[trait].text = self._value(trait)

    def place(self) -> None:
        self._submit(dataclasses.replace(self.inp, **self.values), self.seq)


def _note(text: str, name: str = "") -> Label:
    """A line telling the players what to do with their hands (no button: the table reads it)."""
    note = Label(text=text, font_size=20, bold=True, halign="center", color=(0.6, 0.9, 0.6, 1))
    note.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 8, None)))
    note.name = name
    return note


def _big(text: str, on_release, name: str = "") -> Button:
    b = Button(text=text, font_size=18, halign="center")
    b.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 8, None)))
    b.bind(on_release=on_release)
    b.name = name
    return b


class PromptBar(BoxLayout):
    """Heading, the refusal at this seat (if any), a notice, and the answers as buttons."""

    refusal = StringProperty("")
    notice = StringProperty("")

    def __init__(self, **kwargs):
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("padding", 8)
        kwargs.setdefault("spacing", 4)
        super().__init__(**kwargs)
        self.heading = Label(
            font_size=20, bold=True, size_hint_y=None, height=32, halign="left", valign="middle"
        )
        # a long heading (a rearranged floor, a card's question in German) wraps and the bar makes room, up
        # to what leaves the answers ANSWERS_MIN; longer (a haunt's rules card at the hand-off) it scrolls
        self.heading.bind(
            width=lambda w, v: setattr(w, "text_size", (v, None)),
            texture_size=lambda w, ts: setattr(w, "height", max(32, ts[1])),
            height=self._fit_heading,
        )
        self.heading_scroll = ScrollView(size_hint_y=None, height=32, do_scroll_x=False, bar_width=6)
        self.heading_scroll.add_widget(self.heading)
        self.message = Label(
            markup=True, font_size=15, size_hint_y=None, height=24, halign="left", valign="middle"
        )
        self.message.bind(size=lambda w, s: setattr(w, "text_size", s))
        self.area = BoxLayout()
        for w in (self.heading_scroll, self.message, self.area):
            self.add_widget(w)
        self.bind(refusal=self._message, notice=self._message, height=self._fit_heading)

    def _fit_heading(self, *_args) -> None:
        room = self.height - self.padding[1] - self.padding[3] - 2 * self.spacing - self.message.height
        self.heading_scroll.height = max(32, min(self.heading.height, room - ANSWERS_MIN))

    def _message(self, *_args) -> None:
        parts = []
        if self.refusal:
            parts.append(f"[color=ff6666][b]{self.refusal}[/b][/color]")
        if self.notice:
            parts.append(f"[color=aaccff]{self.notice}[/color]")
        self.message.text = "   ".join(parts)

    def show(
        self,
        state: State,
        content: Content,
        submit: Submit,
        sim: dict[str, Callable[[], object]],
        roll_virtual: Callable[[], object],
        tower: str | None = None,
    ) -> None:
        """Rebuild for ``state.awaiting``; ``sim`` holds the simulator actions table prompts wait for."""
        self.area.clear_widgets()
        prompt = state.awaiting
        if prompt is None:
            self.heading.text = ""
            return
        self.heading.text = heading(state, prompt)
        self.heading_scroll.scroll_y = 1  # a new heading is read from its start
        if isinstance(prompt, RollDice):
            self.area.add_widget(
                DicePad(prompt.dice, state.seq, submit, sim.get("throw"), roll_virtual, tower)
            )
            return
        if isinstance(prompt, AwaitTile | AwaitCard):
            tile = isinstance(prompt, AwaitTile)
            action, name = ("place_tile", "sim-tile") if tile else ("draw_card", "sim-card")
            if action in sim:  # the simulator's hands
                do = sim[action]
                self.area.add_widget(_big(tr(f"sim.{action}"), lambda *_: do(), name=name))
            else:  # a live table: the players' own hands, on the readers
                self.area.add_widget(_note(tr("live.lay_tile" if tile else "live.draw_card"), "live-hands"))
            return
        if isinstance(prompt, RearrangeFloor) and "rearrange" in sim:  # B3.3: the hands move the tiles first
            move = _big(tr("sim.rearrange"), lambda *_: sim["rearrange"](), name="sim-rearrange")
            self.area.add_widget(move)
        choices = prompt.choices()
        placed = set(state.haunt.monsters) if state.haunt else set()
        rebuild = lambda: self.show(state, content, submit, sim, roll_virtual, tower)  # noqa: E731

        def button(inp: Input) -> Button:
            b = ChoiceButton(
                text=choice_label(state, content, prompt, inp),
                inp=inp,
                seq=state.seq,
                font_size=18,
                halign="center",
            )
            b.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 8, None)))
            if isinstance(inp, PlaceMonster) and inp.name not in placed:  # a new monster: its traits first
                b.bind(on_release=lambda btn: self._monster_pad(btn.inp, btn.seq, submit, rebuild))
            else:
                b.bind(on_release=lambda btn: submit(btn.inp, btn.seq))
            return b

        if isinstance(prompt, ChooseAction | MonsterTurn):  # grouped, End turn always at the right
            self.area.add_widget(ActionArea(choices, button, monster=isinstance(prompt, MonsterTurn)))
            return
        if isinstance(prompt, HauntTools):  # the haunt tools by group, Back where End turn stands
            self.area.add_widget(ActionArea(choices, button, tools=True))
            return
        grid = GridLayout(cols=min(4, max(1, len(choices))), spacing=6)
        for inp in choices:
            grid.add_widget(button(inp))
        self.area.add_widget(grid)

    def _monster_pad(self, inp: PlaceMonster, seq: int, submit: Submit, back: Callable[[], object]) -> None:
        self.area.clear_widgets()
        self.area.add_widget(MonsterPad(inp, seq, submit, back))
