"""The Geisterstunde castle drawn from a :class:`~hauntable.ui.castle_view.CastleModel`.

Rooms are squares with their crest and number; a door is a coloured gap in the wall between two rooms,
a wall a dark line (only the ghost passes it); the exits are coloured arrows under the south row; the
Verlies is a box above the Schatzkammer. Figures are discs with the seat's initial; the ghost is white.
The castle is redrawn only when it (a language, a board) or the widget's place changes; the figures
when the model does.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Rectangle
from kivy.properties import ObjectProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from hauntable.ui.castle_view import COLOURS, SEAT_COLOURS, CastleModel
from hauntable.ui.i18n import tr
from hauntable.ui.widgets.floor_text import hyphenated, text_width

WALL = (0.1, 0.08, 0.12)


class CastleBoard(FloatLayout):
    """``on_room(room_id)`` is called for a tap on a room (or the Verlies), when set."""

    model: CastleModel | None = ObjectProperty(None, allownone=True)
    on_room = ObjectProperty(None, allownone=True)

    def room_at(self, x: float, y: float) -> str | None:
        """The room (or the Verlies) under window point (x, y), None between rooms or off the castle."""
        m = self.model
        if m is None:
            return None
        treasury = next(r for r in m.rooms if r.id == m.treasury)
        places = [(r.id, r.row, r.col) for r in m.rooms] + [(m.dungeon, treasury.row - 1, treasury.col)]
        for rid, row, col in places:
            rx, ry, s = self.room_rect(row, col)
            if rx <= x < rx + s and ry <= y < ry + s:
                return rid
        return None

    def on_touch_down(self, touch) -> bool:
        room = self.room_at(*touch.pos) if self.collide_point(*touch.pos) else None
        if room is not None and self.on_room is not None:
            self.on_room(room)
            return True
        return super().on_touch_down(touch)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._static_key: tuple | None = None  # what the rooms, walls and names were last drawn for
        self._static: list[Label] = []
        self._figures: list[Label] = []
        self._figure_canvas = InstructionGroup()
        self.canvas.add(self._figure_canvas)
        self.bind(model=self._draw, size=self._draw, pos=self._draw)

    def geometry(self) -> tuple[float, float, float]:
        """(cell size, left x, top y of row 0): 5 rows of rooms plus the Verlies row and the exit row."""
        cell = min(self.width / 5.4, self.height / 7.2)
        left = self.x + (self.width - 5 * cell) / 2
        top = self.top - 1.2 * cell
        return cell, left, top

    def room_rect(self, row: int, col: int) -> tuple[float, float, float]:
        cell, left, top = self.geometry()
        return left + col * cell, top - (row + 1) * cell, cell

    def _draw(self, *_args) -> None:
        """The castle (rooms, walls, doors, names) only when it or the widget's place changed; the
        figures every time: a move costs a few discs and initials, not 50 labels (each a texture)."""
        m = self.model
        if m is None or self.width < 10:
            self._clear_static()
            self._clear_figures()
            return
        key = (m.rooms, m.dungeon, m.treasury, tuple(self.pos), tuple(self.size))
        if key != self._static_key:
            self._clear_static()
            self._static_key = key
            self._draw_castle(m)
        self._clear_figures()
        self._draw_figures(m)

    def _clear_static(self) -> None:
        self.canvas.before.clear()
        for lab in self._static:
            self.remove_widget(lab)
        self._static, self._static_key = [], None

    def _clear_figures(self) -> None:
        self._figure_canvas.clear()
        for lab in self._figures:
            self.remove_widget(lab)
        self._figures = []

    def _draw_castle(self, m: CastleModel) -> None:
        cell = self.geometry()[0]
        gap = cell * 0.3
        with self.canvas.before:
            for r in m.rooms:
                x, y, s = self.room_rect(r.row, r.col)
                Color(0.32, 0.28, 0.36) if r.id != m.treasury else Color(0.45, 0.38, 0.2)
                Rectangle(pos=(x + 2, y + 2), size=(s - 4, s - 4))
                for side, door in r.doors.items():
                    self._wall(x, y, s, side, door, gap)
            # the Verlies above the Schatzkammer
            treasury = next(r for r in m.rooms if r.id == m.treasury)
            x, y, s = self.room_rect(treasury.row - 1, treasury.col)
            Color(0.15, 0.15, 0.2)
            Rectangle(pos=(x + 6, y + 6), size=(s - 12, s - 12))
        self._static.append(self._label(tr("castle.dungeon"), x + s / 2, y + s * 0.75, 14))
        for r in m.rooms:
            x, y, s = self.room_rect(r.row, r.col)
            self._static.append(self._label(r.crest, x + s / 2, y + s * 0.78, 15))
            text = r.name or r.id  # a name too wide for its room (Schatzkammer, Сокровищница) hyphenated
            text = text if text_width(text, 12) <= s - 8 else hyphenated(text, 12, s - 8)
            cy = y + s * (0.58 if "\n" not in text else 0.5)
            self._static.append(self._label(text, x + s / 2, cy, 12, (0.75, 0.75, 0.8, 1)))

    def _draw_figures(self, m: CastleModel) -> None:
        treasury = next(r for r in m.rooms if r.id == m.treasury)
        initials = [name[:1] for figs in m.figures.values() for _, name, _ in figs]
        unique = len(set(initials)) == len(initials)
        group = self._figure_canvas
        for room, figs in m.figures.items():
            if room == m.dungeon:
                x, y, s = self.room_rect(treasury.row - 1, treasury.col)
            else:
                r = next(r for r in m.rooms if r.id == room)
                x, y, s = self.room_rect(r.row, r.col)
            for i, (seat, name, is_ghost) in enumerate(figs):
                d = s * 0.22
                fx, fy = x + s * 0.12 + i * d * 1.05, y + s * 0.1
                group.add(Color(*((1, 1, 1) if is_ghost else SEAT_COLOURS[seat % 4])))
                group.add(Ellipse(pos=(fx, fy), size=(d, d)))
                mark = name[:1] if unique else str(seat + 1)
                self._figures.append(self._label(mark, fx + d / 2, fy + d / 2, 13, (0, 0, 0, 1)))

    def _wall(self, x: float, y: float, s: float, side: str, door: str | None, gap: float) -> None:
        ends = {
            "N": ((x, y + s), (x + s, y + s)),
            "S": ((x, y), (x + s, y)),
            "W": ((x, y), (x, y + s)),
            "E": ((x + s, y), (x + s, y + s)),
        }[side]
        (x1, y1), (x2, y2) = ends
        Color(*WALL)
        Line(points=[x1, y1, x2, y2], width=3)
        if door is None:
            return
        colour = door.removeprefix("exit:")
        Color(*COLOURS[colour])
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        horizontal = y1 == y2
        if horizontal:
            Line(points=[mx - gap / 2, my, mx + gap / 2, my], width=5)
        else:
            Line(points=[mx, my - gap / 2, mx, my + gap / 2], width=5)
        if door.startswith("exit:"):
            Line(points=[mx, my, mx, my - gap], width=4)  # an arrow out of the castle
            Line(points=[mx - gap / 3, my - gap * 0.6, mx, my - gap, mx + gap / 3, my - gap * 0.6], width=4)

    def _label(self, text: str, cx: float, cy: float, size: int, color=(1, 1, 1, 1)) -> Label:
        lab = Label(
            text=text, font_size=size, color=color, size_hint=(None, None), size=(120, 24), halign="center"
        )
        lab.center = (cx, cy)
        self.add_widget(lab)
        return lab
