"""An explorer's panel: who, where, the four trait tracks (skull, current, start) and cards held.

Six panels must fit the right-hand column of a 1280x800 screen, so every panel but the one whose turn it
is shows the compact form: its name, room and the four trait values on one line (a value one step above
the skull in red), and its cards and carried haunt tokens on a third line. The explorer whose turn it is
shows the full printed tracks.
"""

from __future__ import annotations

from kivy.graphics import Color, Rectangle
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from hauntable.ui.i18n import tr
from hauntable.ui.viewmodel import SEAT_COLORS, ExplorerModel, TraitModel

SKULL = "†"  # the death step below the track; ☠ is not in WenQuanYi
NAME_PX, TRACK_PX, CARDS_PX = 15, 13, 12
PADDING_Y = 3


def track_markup(t: TraitModel) -> str:
    """The printed track, current step in bold gold, start step underlined, the skull before step 0."""
    parts = [f"[color=aa3333]{SKULL}[/color]"]
    for i, v in enumerate(t.track):
        cell = str(v)
        if i == t.start:
            cell = f"[u]{cell}[/u]"
        cell = f"[b][color=ffcc33]{cell}[/color][/b]" if i == t.index else f"[color=999999]{cell}[/color]"
        parts.append(cell)
    return "  ".join(parts)


def value_markup(t: TraitModel) -> str:
    """A trait's word and value for the compact line; the last step above the skull in red."""
    colour = "ff5555" if t.index == 0 else "ffcc33"
    return f"{tr('trait.' + t.trait)} [b][color={colour}]{t.value}[/color][/b]"


def panel_lines(
    m: ExplorerModel, compact: bool, carried: tuple[str, ...], refusal: str
) -> list[tuple[str, int]]:
    """(markup, font px) per line of one panel."""
    star = "▶ " if m.current else ""
    where = tr("play.dead") if not m.alive else tr("play.here", room=m.room)
    lines = [(f"[b]{star}{m.name}[/b] ({m.player}) · {where}", NAME_PX)]
    if compact:
        lines.append(("  ·  ".join(value_markup(t) for t in m.traits), TRACK_PX))
    else:
        for t in m.traits:
            lines.append((f"{tr('trait.' + t.trait)} [b]{t.value}[/b]   {track_markup(t)}", TRACK_PX))
    cards = []
    if m.items:
        cards.append(f"{tr('play.items')}: {', '.join(m.items)}")
    if m.omens:
        cards.append(f"{tr('play.omens_held')}: {', '.join(m.omens)}")
    if carried:
        cards.append(f"[color=ff99ff]{tr('play.carries')}: {', '.join(carried)}[/color]")
    if cards:
        lines.append((" · ".join(cards), CARDS_PX))
    if refusal:
        lines.append((f"[color=ff6666]{refusal}[/color]", TRACK_PX))
    return lines


def line_height(px: int) -> int:
    return px + 5


class ExplorerPanel(BoxLayout):
    """Shows one :class:`ExplorerModel`; ``refusal`` is the last sentence refused from this seat,
    ``carried`` the haunt tokens the explorer carries, ``compact`` the short form."""

    model: ExplorerModel = ObjectProperty(None, allownone=True)
    refusal = StringProperty("")
    compact = BooleanProperty(False)
    carried = ListProperty([])

    def __init__(self, **kwargs):
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("padding", (10, PADDING_Y, 4, PADDING_Y))
        kwargs.setdefault("spacing", 0)
        super().__init__(**kwargs)
        self.bind(
            model=self.refresh,
            refusal=self.refresh,
            compact=self.refresh,
            carried=self.refresh,
            pos=self._bg,
            size=self._bg,
        )

    def _bg(self, *_args) -> None:
        self.canvas.before.clear()
        if self.model is None:
            return
        r, g, b = SEAT_COLORS[self.model.seat % len(SEAT_COLORS)]
        with self.canvas.before:
            Color(0.13, 0.12, 0.14) if not self.model.current else Color(0.22, 0.19, 0.14)
            Rectangle(pos=self.pos, size=self.size)
            Color(r, g, b, 1 if self.model.alive else 0.35)
            Rectangle(pos=(self.x, self.y), size=(6, self.height))

    def refresh(self, *_args) -> None:
        """Set the lines' texts; labels are kept and only re-rendered when their text changes."""
        m = self.model
        if m is None:
            return
        lines = panel_lines(m, self.compact, tuple(self.carried), self.refusal)
        while len(self.children) > len(lines):
            self.remove_widget(self.children[0])
        while len(self.children) < len(lines):
            self.add_widget(self._label())
        for label, (markup, size) in zip(reversed(self.children), lines, strict=True):
            label.font_size, label.height, label.text = size, line_height(size), markup
        self.height = 2 * PADDING_Y + sum(line_height(size) for _, size in lines)
        self._bg()

    @staticmethod
    def _label() -> Label:
        # one line each: a long line is cut with an ellipsis rather than pushing the next panel away
        label = Label(markup=True, halign="left", valign="middle", size_hint_y=None, shorten=True)
        label.shorten_from = "right"
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
        return label
