"""A turn's answers grouped, with End turn always in the same place.

In the haunt a turn can offer 15-20 answers (moves, attacks, items, a scripted haunt's own actions, book
mode's tools). Shown as one grid they were ~30 px rows with text spilling out. Here the moves stay on the
first page; every other group (attacks, items and omens, the haunt's actions, the rest) is shown there
directly when it holds at most ``DIRECT`` answers, else as one button ("Haunt (7)") that opens the group's
own page; a turn of at most ``ALL_DIRECT`` answers shows them all at once. A victory claim is never on the
first page (issue 18: a mistap among the moves at a walk-up table asks the other side to concede): its
group is always behind its button. A monster's turn keeps its own answers (moves, attacks, its haunt
actions) on the first page and the claims (or book mode's one Haunt tools button) in the haunt group. The
right-hand column is fixed: Back (on a group's page) above, End turn (when offered) below.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from hauntable.engine.inputs import Input
from hauntable.games.betrayal.prompts import HAUNT_ACTIONS, TOOL_GROUPS, TOOL_KINDS
from hauntable.ui.i18n import tr

GROUPS = ("move", "attack", "cards", "haunt", "other")
KINDS = {
    "move": ("move", "go", "cross", "fall", "ride"),
    "attack": ("attack",),
    "cards": ("use", "drop", "take", "give", "free"),
    "haunt": HAUNT_ACTIONS,
}
MONSTER_GROUPS = ("move", "attack", "monster", "haunt")  # a monster's turn: its own answers, then the haunt's
TUCKED = ("claim",)  # kinds never on the first page: their group always stands behind its button
DIRECT = 2  # a group of at most this many answers is shown on the first page itself
ALL_DIRECT = 6  # ... and every answer when there are at most this many (two rows)
END_KINDS = ("end",)


def group_of(inp: Input) -> str:
    for group, kinds in KINDS.items():
        if inp.kind in kinds:
            return group
    return "other"


def monster_group(inp: Input) -> str:
    """A monster's turn: moves, attacks and actions (``act``) are its own; claims and tools the haunt's."""
    if inp.kind in (*TOOL_KINDS, "tools"):
        return "haunt"
    return {"go": "move", "attack": "attack"}.get(inp.kind, "monster")


def tool_group(inp: Input) -> str:
    """The haunt tools' group of an answer (prompts.TOOL_GROUPS)."""
    return next((g for g, kinds in TOOL_GROUPS.items() if inp.kind in kinds), "other")


def grouped(
    choices: tuple[Input, ...],
    by: Callable[[Input], str] = group_of,
    order: tuple[str, ...] = GROUPS,
    end_kinds: tuple[str, ...] = END_KINDS,
) -> tuple[dict[str, list[Input]], Input | None]:
    """The answers by group (in ``order``, empty groups left out) and the End turn answer (for the haunt
    tools: Back)."""
    end = next((c for c in choices if c.kind in end_kinds), None)
    groups: dict[str, list[Input]] = {g: [] for g in order}
    for c in choices:
        if c is not end:
            groups.setdefault(by(c), []).append(c)
    return {g: v for g, v in groups.items() if v}, end


class ActionArea(BoxLayout):
    """The answers to a turn prompt. ``button(inp)`` makes one answer's button (the prompt bar's)."""

    def __init__(
        self,
        choices: tuple[Input, ...],
        button: Callable[[Input], Button],
        tools: bool = False,
        monster: bool = False,
        **kwargs,
    ):
        """``tools``: the haunt tools' own prompt, grouped by prompts.TOOL_GROUPS, Back where End turn is;
        ``monster``: a monster's turn, every group but the haunt's on the first page, End its turn."""
        kwargs.setdefault("spacing", 6)
        super().__init__(**kwargs)
        self._button = button
        self._direct: tuple[str, ...] = ("move",)
        self._tucked: tuple[str, ...] = () if tools else TUCKED  # the tools' own prompt is one tap away
        if tools:
            self.groups, end = grouped(choices, tool_group, (*TOOL_GROUPS, "other"), ("back",))
        elif monster:
            self.groups, end = grouped(choices, monster_group, MONSTER_GROUPS)
            self._direct = MONSTER_GROUPS[:-1]
        else:
            self.groups, end = grouped(choices)
        self.page = BoxLayout()
        side = BoxLayout(orientation="vertical", spacing=6, size_hint_x=0.22)
        self.back_slot = BoxLayout(size_hint_y=0.4)
        side.add_widget(self.back_slot)
        end_button = button(end) if end is not None else Widget()
        end_button.size_hint_y = 0.6
        if end is not None:
            end_button.name = "end-turn"
            end_button.bold = True
        side.add_widget(end_button)
        self.add_widget(self.page)
        self.add_widget(side)
        self.show_main()

    def show_main(self, *_args) -> None:
        """Moves and small groups as buttons, each larger group (or one with a claim) as one button opening
        its page."""
        self.page.clear_widgets()
        self.back_slot.clear_widgets()
        cells: list[Widget] = []
        few = sum(len(a) for a in self.groups.values()) <= ALL_DIRECT
        for group, answers in self.groups.items():
            tucked = any(a.kind in self._tucked for a in answers)
            if group in self._direct or (not tucked and (few or len(answers) <= DIRECT)):
                cells += [self._button(a) for a in answers]
            else:
                opener = Button(
                    text=tr("group.open", group=tr(f"group.{group}"), n=len(answers)),
                    font_size=18,
                    halign="center",
                )
                opener.background_color = (0.45, 0.3, 0.6, 1) if group == "haunt" else (0.35, 0.4, 0.5, 1)
                opener.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 8, None)))
                opener.bind(on_release=lambda _b, g=group: self.show_group(g))
                opener.name = f"group-{group}"
                cells.append(opener)
        self.page.add_widget(grid(cells))

    def show_group(self, group: str) -> None:
        """One group's answers on their own page, Back above End turn."""
        self.page.clear_widgets()
        self.page.add_widget(grid([self._button(a) for a in self.groups[group]]))
        back = Button(text=tr("group.back"), font_size=18)
        back.name = "group-back"
        back.bind(on_release=self.show_main)
        self.back_slot.clear_widgets()
        self.back_slot.add_widget(back)


def grid(cells: list[Widget]) -> GridLayout:
    """Up to 4 columns for 8 cells, 5 for more; rows share the height."""
    cols = max(1, min(len(cells), 4 if len(cells) <= 8 else 5))
    g = GridLayout(cols=cols, spacing=6)
    for c in cells:
        g.add_widget(c)
    return g
