"""One floor of the house drawn on a canvas from a :class:`~hauntable.ui.viewmodel.FloorModel`.

Drawn with canvas instructions, not a widget per tile, into an offscreen framebuffer (Fbo) that is
repainted only when the floor's model, its haunt layer or its cell size changes; panning just moves that
one texture, so a house of 40+ tiles costs one draw call per floor a frame (``bench/ui_house_fps.py``).

Legibility: the large floor's cells are never smaller than ``MIN_CELL`` px, so a room name is drawn at
``MIN_NAME_PX`` px or more (text is rendered at its real pixel size, never scaled down). A floor that does
not fit at that size is shown in part, centred on what the game is about (the lit cells, the explorer whose
turn it is) and panned by a finger; a pinch or the mouse wheel zooms in, never below ``MIN_CELL``. A small
floor (``mini``) shows only the shapes, pawns and monsters, and a tap on it asks to make it the large one
(``on_focus``). Doors are amber bars across the walls; two doors that meet make one bridge.
A tap on an offered cell (where the game waits for a tile, or a target) dispatches ``on_cell``.
What the texture shows is painted by ``floor_paint.py``; names and labels come from ``floor_text.py``.
"""

from __future__ import annotations

import math

from kivy.graphics import Color, Line, Rectangle, ScissorPop, ScissorPush
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from hauntable.ui.fonts import FONT_NAME
from hauntable.ui.hauntview import EMPTY, HauntLayer
from hauntable.ui.viewmodel import FloorModel
from hauntable.ui.widgets.floor_paint import FloorPainter
from hauntable.ui.widgets.floor_text import MIN_NAME_PX, text_texture

MIN_CELL = 92  # the large floor's smallest cell: a 12-letter name at 12 px, a row of pawns, two tag rows
MAX_CELL = 170
TITLE_H = 24
TITLE_PX = 16


class FloorView(FloorPainter, Widget):
    """Draws ``model`` and its ``haunt`` layer; ``tags`` maps seat -> letter on the explorer's pawn,
    ``carrying`` the seats that carry a haunt token (a dot on their pawn)."""

    model: FloorModel = ObjectProperty(None, allownone=True)
    haunt: HauntLayer = ObjectProperty(EMPTY)
    title = StringProperty("")
    legend = ListProperty([])  # (colour, words) drawn after the title on the large floor in a haunt
    tags = ListProperty([])
    carrying = ListProperty([])
    zoom = NumericProperty(1.0)
    pan = ListProperty([0.0, 0.0])
    center_on = ObjectProperty(None, allownone=True)  # the cell the view centres on when it cannot fit
    mini = BooleanProperty(False)
    overview = BooleanProperty(False)  # the end screen's house: the whole floor fitted, names as large as fit
    graves = ListProperty([])  # (room, letter) of the dead, drawn where they died (the end screen)
    floor_id = StringProperty("")  # which floor this view is for (the house map arranges by it)
    font_name = StringProperty(FONT_NAME)

    __events__ = ("on_cell", "on_focus")

    def __init__(self, **kwargs):
        self._fbo = None  # (its type is declared by FloorPainter)
        self._used = (1, 1)
        self._painted_for: tuple | None = None
        self._pinch: dict[int, tuple[float, float]] = {}
        self._pinch_start: tuple[float, float] | None = None
        self.drawn: list[tuple[str, int]] = []  # (text, px) of every name and label in the last repaint
        self.hidden: list[str] = []  # labels that did not fit their room, counted there as "+n"
        self.cramped: list[str] = []  # room names wider than their room or reaching its pawns
        super().__init__(**kwargs)
        self.bind(
            model=self.redraw,
            haunt=self.redraw,
            size=self.redraw,
            pos=self.redraw,
            zoom=self.redraw,
            pan=self.redraw,
            title=self.redraw,
            legend=self.redraw,
            tags=self.redraw,
            carrying=self.redraw,
            mini=self.redraw,
            graves=self.redraw,
            center_on=self._recentre,
        )

    def on_cell(self, floor: str, x: int, y: int) -> None:
        """A tap on an offered cell (the screen turns it into an input)."""

    def on_focus(self, floor: str) -> None:
        """A tap on a small floor: show it large."""

    def _recentre(self, *_args) -> None:
        self.pan = [0.0, 0.0]  # what the game is about moved: the finger's pan is dropped
        self.redraw()

    # --- geometry -----------------------------------------------------------------------------------

    def fit_size(self) -> float:
        """The cell size at which the whole floor fits the view."""
        x0, y0, x1, y1 = self.model.bounds
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        return min(self.width / cols, (self.height - TITLE_H) / rows)

    def cell_size(self) -> float:
        if self.model is None:
            return 1.0
        fit = self.fit_size()
        if self.mini:
            return max(2.0, min(fit, MAX_CELL / 2))
        if self.overview:
            return max(2.0, min(fit, MAX_CELL))
        return max(MIN_CELL, min(MAX_CELL * self.zoom, fit * self.zoom))

    def cell_origin(self, x: int, y: int) -> tuple[float, float]:
        x0, y0, x1, y1 = self.model.bounds
        s = self.cell_size()
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        left = self._start(self.x, self.width, cols * s, s, x0, 0)
        bottom = self._start(self.y, self.height - TITLE_H, rows * s, s, y0, 1)
        return left + (x - x0) * s, bottom + (y - y0) * s

    def _start(self, lo: float, room: float, content: float, s: float, first: int, axis: int) -> float:
        """Where the floor begins on one axis: centred when it fits, else around ``center_on`` with its
        edges kept at the view's edges; plus the finger's pan."""
        if content <= room:
            start = lo + (room - content) / 2
        else:
            target = self.center_on[axis] if self.center_on is not None else first + content / s / 2 - 0.5
            start = lo + room / 2 - (target - first + 0.5) * s
            start = min(lo, max(lo + room - content, start))
        return start + self.pan[axis]

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        if self.model is None:
            return None
        x0, y0, _, _ = self.model.bounds
        ox, oy = self.cell_origin(x0, y0)
        s = self.cell_size()
        return x0 + int((px - ox) // s), y0 + int((py - oy) // s)

    def cell_center(self, x: int, y: int) -> tuple[float, float]:
        """Window-independent centre of a cell, in this widget's parent coordinates (tests tap here)."""
        ox, oy = self.cell_origin(x, y)
        s = self.cell_size()
        return ox + s / 2, oy + s / 2

    def visible(self, x: int, y: int) -> bool:
        """Whether the whole cell is inside the view (below the title)."""
        ox, oy = self.cell_origin(x, y)
        s = self.cell_size()
        return (
            self.x - 1 <= ox
            and ox + s <= self.right + 1
            and self.y - 1 <= oy
            and oy + s <= self.top - TITLE_H + 1
        )

    # --- drawing ------------------------------------------------------------------------------------

    def redraw(self, *_args) -> None:
        """Place the floor's texture (repainting it first if what it shows or its cell size changed)."""
        s = self.cell_size()
        key: tuple = (self.model, self.haunt, tuple(self.tags), tuple(self.carrying), tuple(self.graves))
        key += (self.mini, round(s, 2))
        if key != self._painted_for:
            self._painted_for = key
            self._paint(s)
        self.canvas.clear()
        wx, wy = self.to_window(self.x, self.y)
        with self.canvas:
            # a frame, not a filled background: the window's clear colour shows through (a filled
            # rectangle is one more layer of pixels for a software renderer to fill every frame)
            Color(0.2, 0.2, 0.24)
            Line(rectangle=(self.x + 0.5, self.y + 0.5, self.width - 1, self.height - 1), width=1)
            # the whole floor fits an overview's box: no scissor there (its window position goes stale
            # when the end screen's ScrollView scrolls or slides in, and would cut the floor away)
            clip = not self.overview
            if clip:
                ScissorPush(x=int(wx), y=int(wy), width=int(self.width), height=int(self.height - TITLE_H))
            if self.model is not None and self._fbo is not None:
                x0, y0, x1, y1 = self.model.bounds
                Color(1, 1, 1)
                Rectangle(
                    texture=self.painting(),
                    pos=self.cell_origin(x0, y0),
                    size=((x1 - x0 + 1) * s, (y1 - y0 + 1) * s),
                )
            if clip:
                ScissorPop()
            tex = text_texture(self.title, TITLE_PX, self.font_name)
            Color(0.85, 0.8, 0.7)
            left = self.x + 6
            Rectangle(texture=tex, size=tex.size, pos=(left, self.top - tex.size[1] - 2))
            left += tex.size[0] + 16
            for colour, words in [] if self.mini else self.legend:
                Color(*colour)
                Rectangle(pos=(left, self.top - 17), size=(12, 12))
                tex = text_texture(words, MIN_NAME_PX, self.font_name)
                Color(0.8, 0.8, 0.8)
                Rectangle(texture=tex, size=tex.size, pos=(left + 16, self.top - tex.size[1] - 4))
                left += tex.size[0] + 30

    # --- touch --------------------------------------------------------------------------------------

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos) or self.model is None or self.overview:
            return False  # the end screen's house: a finger scrolls the whole house, not one floor
        if self.mini:
            self.dispatch("on_focus", self.model.floor)
            return True
        if touch.is_mouse_scrolling:
            self.zoom = max(0.5, min(2.5, self.zoom * (1.1 if touch.button == "scrolldown" else 0.9)))
            return True
        if touch.is_double_tap:
            self.zoom, self.pan = 1.0, [0.0, 0.0]
            return True
        touch.grab(self)
        self._pinch[touch.uid] = touch.pos
        if len(self._pinch) == 2:  # a second finger: a pinch from here
            (ax, ay), (bx, by) = self._pinch.values()
            self._pinch_start = (math.hypot(ax - bx, ay - by) or 1.0, self.zoom)
        touch.ud[f"floor-{id(self)}"] = (touch.x, touch.y, False)
        return True

    def on_touch_move(self, touch):
        if touch.grab_current is not self:
            return False
        key = f"floor-{id(self)}"
        sx, sy, moved = touch.ud.get(key, (touch.x, touch.y, False))
        if len(self._pinch) >= 2 and self._pinch_start is not None:
            self._pinch[touch.uid] = touch.pos
            (ax, ay), (bx, by) = list(self._pinch.values())[:2]
            distance, zoom = self._pinch_start
            self.zoom = max(0.5, min(2.5, zoom * math.hypot(ax - bx, ay - by) / distance))
            touch.ud[key] = (sx, sy, True)
            return True
        if moved or abs(touch.x - sx) + abs(touch.y - sy) > 12:
            self.pan = [self.pan[0] + touch.dx, self.pan[1] + touch.dy]
            touch.ud[key] = (sx, sy, True)
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        self._pinch.pop(touch.uid, None)
        if len(self._pinch) < 2:
            self._pinch_start = None
        _, _, moved = touch.ud.get(f"floor-{id(self)}", (0, 0, False))
        if not moved:
            cell = self.cell_at(*touch.pos)
            if cell is not None and (cell in self.model.offered or cell in self.model.doorways):
                self.dispatch("on_cell", self.model.floor, *cell)
        return True
