"""An explorer's panel: who, where, the four trait tracks (skull, current, start) and cards held."""

from __future__ import annotations

from kivy.graphics import Color, Rectangle
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from hauntable.ui.i18n import tr
from hauntable.ui.viewmodel import SEAT_COLORS, ExplorerModel, TraitModel

SKULL = "†"  # the death step below the track; ☠ is not in WenQuanYi


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


class ExplorerPanel(BoxLayout):
    """Shows one :class:`ExplorerModel`; ``refusal`` is the last sentence refused from this seat."""

    model: ExplorerModel = ObjectProperty(None, allownone=True)
    refusal = StringProperty("")

    def __init__(self, **kwargs):
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("padding", (8, 4))
        kwargs.setdefault("spacing", 1)
        super().__init__(**kwargs)
        self.bind(model=self.refresh, refusal=self.refresh, pos=self._bg, size=self._bg)

    def _bg(self, *_args) -> None:
        self.canvas.before.clear()
        if self.model is None:
            return
        r, g, b = SEAT_COLORS[self.model.seat % len(SEAT_COLORS)]
        with self.canvas.before:
            Color(0.13, 0.12, 0.14) if not self.model.current else Color(0.22, 0.19, 0.14)
            Rectangle(pos=self.pos, size=self.size)
            Color(r, g, b)
            Rectangle(pos=(self.x, self.y), size=(6, self.height))

    def refresh(self, *_args) -> None:
        """Set the lines' texts; labels are kept and only re-rendered when their text changes."""
        m = self.model
        if m is None:
            return
        star = "▶ " if m.current else ""
        lines = [(f"[b]{star}{m.name}[/b] ({m.player}) · {tr('play.here', room=m.room)}", 15)]
        lines += [(f"{tr('trait.' + t.trait)} [b]{t.value}[/b]   {track_markup(t)}", 13) for t in m.traits]
        cards = []
        if m.items:
            cards.append(f"{tr('play.items')}: {', '.join(m.items)}")
        if m.omens:
            cards.append(f"{tr('play.omens_held')}: {', '.join(m.omens)}")
        if cards:
            lines.append((" · ".join(cards), 12))
        if self.refusal:
            lines.append((f"[color=ff6666]{self.refusal}[/color]", 13))
        while len(self.children) > len(lines):
            self.remove_widget(self.children[0])
        while len(self.children) < len(lines):
            self.add_widget(self._label())
        for label, (markup, size) in zip(reversed(self.children), lines, strict=True):
            label.font_size, label.height, label.text = size, size + 7, markup
        self._bg()

    @staticmethod
    def _label() -> Label:
        label = Label(markup=True, halign="left", valign="middle", size_hint_y=None)
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
        return label
