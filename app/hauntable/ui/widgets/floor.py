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
"""

from __future__ import annotations

import math
from collections import OrderedDict

from kivy.core.text import Label as CoreLabel
from kivy.graphics import (
    ClearBuffers,
    ClearColor,
    Color,
    Ellipse,
    Fbo,
    Line,
    Mesh,
    Rectangle,
    ScissorPop,
    ScissorPush,
)
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from hauntable.ui.fonts import FONT_NAME
from hauntable.ui.hauntview import EMPTY, HauntLayer, MonsterMark
from hauntable.ui.viewmodel import SEAT_COLORS, FloorModel, TileModel

FLOOR_COLORS = {"basement": (0.27, 0.24, 0.22), "ground": (0.33, 0.27, 0.20), "upper": (0.24, 0.26, 0.33)}
MIN_NAME_PX = 12  # a room name, a monster's or a token's label is never drawn smaller (docs/ui.md)
NAME_PX_MAX = 17
MIN_CELL = 92  # the large floor's smallest cell: a 12-letter name at 12 px, a row of pawns, two tag rows
MAX_CELL = 170
TITLE_H = 24
QMARK_PX, LETTER_PX, TITLE_PX = 28, 14, 16
MONSTER = (0.78, 0.12, 0.12)
MONSTER_HEROES = (0.10, 0.50, 0.55)  # a monster on the heroes' side
STUNNED = (0.30, 0.30, 0.30)
HAUNT_TOKEN = (0.55, 0.25, 0.70)
CARD_TOKEN = (0.15, 0.45, 0.35)
DOOR = (0.95, 0.70, 0.25, 1)
TEXTURES_KEPT = 800  # rendered names and labels kept for the next repaint (least recently used go)
_textures: OrderedDict[tuple[str, int, str], object] = OrderedDict()
_measures: dict[tuple[int, str], CoreLabel] = {}


def _label(size: int, font: str) -> CoreLabel:
    try:
        return CoreLabel(font_size=size, font_name=font, halign="center")
    except OSError:
        return CoreLabel(font_size=size, halign="center")


def text_texture(text: str, size: int, font: str = FONT_NAME):
    """A cached label texture at ``size`` px: names repeat on every repaint, rendering them once keeps the
    repaint cheap. At most ``TEXTURES_KEPT`` are kept (each holds its pixels: an unbounded cache grew the
    app by ~100 MB over an evening of games)."""
    key = (text, size, font)
    tex = _textures.get(key)
    if tex is None:
        label = _label(size, font)
        label.text = text
        label.refresh()
        tex = _textures[key] = label.texture
        if len(_textures) > TEXTURES_KEPT:
            _textures.popitem(last=False)
    else:
        _textures.move_to_end(key)
    return tex


def text_width(text: str, size: int, font: str = FONT_NAME) -> float:
    """The widest line of ``text`` at ``size`` px, measured without rendering a texture."""
    label = _measures.get((size, font))
    if label is None:
        label = _measures[(size, font)] = _label(size, font)
    return max(label.get_extents(line)[0] for line in text.split("\n"))


def wrap_name(name: str, width: int = 11, lines: int = 2) -> str:
    """A room name on at most ``lines`` centred lines of about ``width`` characters."""
    words, out = name.split(), [""]
    for w in words:
        if out[-1] and len(out[-1]) + 1 + len(w) > width and len(out) < lines:
            out.append(w)
        else:
            out[-1] = f"{out[-1]} {w}".strip()
    return "\n".join(out)


def name_px(cell: float) -> int:
    """The font size of room names in a cell of ``cell`` px: grows with the cell, never below the minimum."""
    return max(MIN_NAME_PX, min(NAME_PX_MAX, int(cell * 0.14)))


def fitted_name(name: str, px: int, room: float, font: str = FONT_NAME):
    """The name's texture at ``px``, wrapped onto 1-3 lines so that it fits ``room`` px where it can
    (the fewest lines that fit; else the narrowest). Only the chosen wrapping is rendered."""
    best, best_w = name, math.inf
    for lines in (1, 2, 3):
        for width in (24, 14, 11, 9, 7):
            text = wrap_name(name, width, lines)
            w = text_width(text, px, font)
            if w <= room:
                return text_texture(text, px, font)
            if w < best_w:
                best, best_w = text, w
    return text_texture(best, px, font)


def fitted_label(text: str, px: int, room: float, font: str = FONT_NAME):
    """The label's texture at ``px``, cut with an ellipsis to fit ``room`` px (never scaled down)."""
    cut, shown = len(text), text
    while text_width(shown, px, font) > room and cut > 1:
        cut -= 1
        shown = text[:cut] + "…"
    return text_texture(shown, px, font)


class FloorView(Widget):
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
        self._fbo: Fbo | None = None
        self._painted_for: tuple | None = None
        self._pinch: dict[int, tuple[float, float]] = {}
        self._pinch_start: tuple[float, float] | None = None
        self.drawn: list[tuple[str, int]] = []  # (text, px) of every name and label in the last repaint
        self.hidden: list[str] = []  # labels that did not fit their room, counted there as "+n"
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
            self._paint()
        self.canvas.clear()
        wx, wy = self.to_window(self.x, self.y)
        with self.canvas:
            # a frame, not a filled background: the window's clear colour shows through (a filled
            # rectangle is one more layer of pixels for a software renderer to fill every frame)
            Color(0.2, 0.2, 0.24)
            Line(rectangle=(self.x + 0.5, self.y + 0.5, self.width - 1, self.height - 1), width=1)
            ScissorPush(x=int(wx), y=int(wy), width=int(self.width), height=int(self.height - TITLE_H))
            if self.model is not None and self._fbo is not None:
                x0, y0, x1, y1 = self.model.bounds
                Color(1, 1, 1)
                Rectangle(
                    texture=self._fbo.texture,
                    pos=self.cell_origin(x0, y0),
                    size=((x1 - x0 + 1) * s, (y1 - y0 + 1) * s),
                )
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

    def _paint(self) -> None:
        """Draw every tile, door, doorway, pawn, monster and token once into the floor's framebuffer."""
        if self.model is None:
            self._fbo = None
            return
        x0, y0, x1, y1 = self.model.bounds
        s = self.cell_size()
        size = (max(1, math.ceil((x1 - x0 + 1) * s)), max(1, math.ceil((y1 - y0 + 1) * s)))
        if self._fbo is None or tuple(self._fbo.size) != size:
            self._fbo = Fbo(size=size)  # a new texture only when the floor's extent or cell size changes
        fbo = self._fbo
        fbo.clear()
        self.drawn, self.hidden = [], []
        org = lambda x, y: ((x - x0) * s, (y - y0) * s)  # noqa: E731  (cell origin inside the fbo)
        base = FLOOR_COLORS.get(self.model.floor, (0.3, 0.3, 0.3))
        quads = Batch()  # one mesh per colour: llvmpipe pays per draw call, not per vertex
        pad, wall = s * 0.05, max(1.5, s * 0.03)
        gap, depth = s * 0.28, max(3.0, s * 0.05)
        for x, y in self.model.doorways:
            ox, oy = org(x, y)
            quads.outline("doorway", ox + s * 0.15, oy + s * 0.15, s * 0.7, s * 0.7)
        for x, y in self.model.offered:
            ox, oy = org(x, y)
            quads.rect("offered", ox + 2, oy + 2, s - 4, s - 4)
            for i in range(3):  # a thick outline from three nested ones
                quads.outline("offered-edge", ox + 2 + i, oy + 2 + i, s - 4 - 2 * i, s - 4 - 2 * i)
        for t in self.model.tiles:
            ox, oy = org(t.x, t.y)
            quads.rect("tile", ox + pad, oy + pad, s - 2 * pad, s - 2 * pad)
            inner = s - 2 * pad
            for wx, wy, ww, wh in (
                (ox + pad, oy + pad, inner, wall),
                (ox + pad, oy + s - pad - wall, inner, wall),
                (ox + pad, oy + pad, wall, inner),
                (ox + s - pad - wall, oy + pad, wall, inner),
            ):
                quads.rect("wall", wx, wy, ww, wh)
            doors = {  # an amber bar across the wall, reaching into the gap between tiles
                "N": (ox + (s - gap) / 2, oy + s - pad - wall - depth / 2, gap, depth + pad + 1),
                "S": (ox + (s - gap) / 2, oy - 1, gap, depth + pad + 1),
                "E": (ox + s - pad - wall - depth / 2, oy + (s - gap) / 2, depth + pad + 1, gap),
                "W": (ox - 1, oy + (s - gap) / 2, depth + pad + 1, gap),
            }
            for d in t.doors:
                quads.rect("door", *doors[d])
        colours = {
            "doorway": (0.6, 0.6, 0.6, 0.5),
            "offered": (1.0, 0.85, 0.2, 0.35),
            "offered-edge": (1.0, 0.85, 0.2, 1),
            "tile": (*base, 1),
            "wall": (0.85, 0.78, 0.6, 1),
            "door": DOOR,
        }
        with fbo:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
            for key in ("doorway", "offered", "offered-edge", "tile", "wall", "door"):
                quads.draw(key, colours[key])
            if not self.mini:
                Color(0.6, 0.6, 0.6, 0.5)
                q = text_texture("?", QMARK_PX, self.font_name)
                for x, y in self.model.doorways:
                    ox, oy = org(x, y)
                    qw, qh = q.size[0] * s * 0.3 / QMARK_PX, q.size[1] * s * 0.3 / QMARK_PX
                    Rectangle(texture=q, size=(qw, qh), pos=(ox + (s - qw) / 2, oy + (s - qh) / 2))
            for t in self.model.tiles:
                if self.mini:
                    self._draw_mini(t, s, *org(t.x, t.y))
                else:
                    self._draw_tile(t, s, *org(t.x, t.y))
        fbo.draw()

    def _draw_mini(self, t: TileModel, s: float, ox: float, oy: float) -> None:
        """A small floor's tile: pawns as dots, monsters as red squares, tokens as purple dots."""
        r = max(3.0, s * 0.18)
        for i, seat in enumerate(t.explorers):
            Color(*SEAT_COLORS[seat % len(SEAT_COLORS)])
            Ellipse(pos=(ox + s * 0.12 + (i % 3) * r, oy + s * 0.12 + (i // 3) * r), size=(r, r), segments=8)
        marks = self.haunt.monsters.get(t.name, ())
        for i, m in enumerate(marks):
            Color(*(STUNNED if m.stunned else MONSTER))
            m_r = r * 1.4
            Rectangle(pos=(ox + s * 0.5 + (i % 2) * m_r, oy + s * 0.45 + (i // 2) * m_r), size=(m_r, m_r))
        if self.haunt.tokens.get(t.name) or t.tokens:
            Color(*HAUNT_TOKEN)
            Ellipse(pos=(ox + s * 0.6, oy + s * 0.15), size=(r, r), segments=8)

    def _draw_tile(self, t: TileModel, s: float, ox: float, oy: float) -> None:
        """A tile's name, pawns, monsters and tokens (the box, walls and doors are in the batched meshes)."""
        pad = s * 0.05 + max(1.5, s * 0.03) + 2
        px = name_px(s)
        tex = fitted_name(t.name, px, s - 2 * pad, self.font_name)
        self.drawn.append((t.name, px))
        Color(0.97, 0.93, 0.85)
        tw, th = tex.size
        top = oy + s - pad - th
        Rectangle(texture=tex, size=(tw, th), pos=(ox + (s - tw) / 2, top))
        # pawns along the bottom
        r = max(14.0, min(24.0, s * 0.2))
        bottom = oy + pad
        for i, seat in enumerate(t.explorers):
            cx = ox + pad + (i % 4) * (r + 2)
            cy = bottom + (i // 4) * (r + 2)
            Color(*SEAT_COLORS[seat % len(SEAT_COLORS)])
            Ellipse(pos=(cx, cy), size=(r, r), segments=20)
            if seat < len(self.tags):
                letter = text_texture(self.tags[seat], LETTER_PX, self.font_name)
                Color(0, 0, 0)
                Rectangle(
                    texture=letter,
                    size=letter.size,
                    pos=(cx + (r - letter.size[0]) / 2, cy + (r - letter.size[1]) / 2),
                )
            if seat in self.carrying:  # carries a haunt token
                Color(*HAUNT_TOKEN)
                Ellipse(pos=(cx + r * 0.62, cy + r * 0.62), size=(r * 0.45, r * 0.45), segments=10)
        graves = [letter for room, letter in self.graves if room == t.name]
        for j, letter in enumerate(graves):  # the dead, grey, where they died
            i = len(t.explorers) + j
            cx, cy = ox + pad + (i % 4) * (r + 2), bottom + (i // 4) * (r + 2)
            Color(0.7, 0.7, 0.7)
            Ellipse(pos=(cx, cy), size=(r, r), segments=20)
            mark = text_texture(f"{letter}†", LETTER_PX, self.font_name)
            Color(0.35, 0, 0)
            Rectangle(
                texture=mark, size=mark.size, pos=(cx + (r - mark.size[0]) / 2, cy + (r - mark.size[1]) / 2)
            )
        rows_of_pawns = math.ceil((len(t.explorers) + len(graves)) / 4)
        # tags: monsters, then the haunt's tokens, then card tokens, in rows above the pawns
        tags: list[tuple[str, tuple[float, float, float], bool]] = []
        for m in self.haunt.monsters.get(t.name, ()):
            tags.append((monster_text(m), monster_colour(m), m.stunned))
        tags += [(name, HAUNT_TOKEN, False) for name in self.haunt.tokens.get(t.name, ())]
        if not self.overview:  # the end screen's house: the haunt's pieces only
            tags += [(name.split(":", 1)[-1], CARD_TOKEN, False) for name in t.tokens]  # item:, companion:
        if tags:
            self._draw_tags(tags, ox + pad, bottom + rows_of_pawns * (r + 2), s - 2 * pad, top - 2)

    def _draw_tags(self, tags, left: float, low: float, room: float, high: float) -> None:
        """Labels in coloured boxes, in rows from ``low`` up to ``high``; what does not fit is "+n"."""
        h = MIN_NAME_PX + 5
        x, y = left, low
        for i, (text, colour, struck) in enumerate(tags):
            tex = fitted_label(text, MIN_NAME_PX, room - 6, self.font_name)
            self.drawn.append((text, MIN_NAME_PX))
            w = min(room, tex.size[0] + 6)
            if x > left and x + w > left + room:
                x, y = left, y + h + 2
            if y + h > high or (i < len(tags) - 1 and y + 2 * h + 2 > high and x + w > left + room * 0.7):
                self.hidden += [text for text, _c, _s in tags[i:]]
                more = text_texture(f"+{len(tags) - i}", MIN_NAME_PX, self.font_name)
                Color(0.9, 0.9, 0.9)
                Rectangle(texture=more, size=more.size, pos=(left + room - more.size[0], max(low, y - h - 2)))
                return
            Color(*colour)
            Rectangle(pos=(x, y), size=(w, h))
            Color(1, 1, 1) if not struck else Color(0.75, 0.75, 0.75)
            tw = min(tex.size[0], w - 4)
            Rectangle(texture=tex, size=(tw, tex.size[1]), pos=(x + 3, y + (h - tex.size[1]) / 2))
            if struck:  # stunned: grey, struck through, a red edge
                Color(1, 0.3, 0.3)
                Line(points=[x + 2, y + h / 2, x + w - 2, y + h / 2], width=1.2)
                Line(rectangle=(x, y, w, h), width=1.2)
            x += w + 3

    # --- touch --------------------------------------------------------------------------------------

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos) or self.model is None:
            return False
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


def monster_text(m: MonsterMark) -> str:
    return f"{m.label} · {', '.join(m.carries)}" if m.carries else m.label


def monster_colour(m: MonsterMark) -> tuple[float, float, float]:
    if m.stunned:
        return STUNNED
    return MONSTER_HEROES if m.side == "heroes" else MONSTER


class Batch:
    """Rectangles and outlines collected by colour key, drawn as one Mesh per key."""

    def __init__(self):
        self.tris: dict[str, tuple[list[float], list[int]]] = {}
        self.lines: dict[str, tuple[list[float], list[int]]] = {}

    def rect(self, key: str, x: float, y: float, w: float, h: float) -> None:
        verts, idx = self.tris.setdefault(key, ([], []))
        n = len(verts) // 4
        verts += [x, y, 0, 0, x + w, y, 0, 0, x + w, y + h, 0, 0, x, y + h, 0, 0]
        idx += [n, n + 1, n + 2, n, n + 2, n + 3]

    def outline(self, key: str, x: float, y: float, w: float, h: float) -> None:
        verts, idx = self.lines.setdefault(key, ([], []))
        n = len(verts) // 4
        verts += [x, y, 0, 0, x + w, y, 0, 0, x + w, y + h, 0, 0, x, y + h, 0, 0]
        idx += [n, n + 1, n + 1, n + 2, n + 2, n + 3, n + 3, n]

    def draw(self, key: str, rgba: tuple[float, ...]) -> None:
        """Add the key's meshes to the current canvas (call inside a ``with canvas``)."""
        Color(*rgba)
        for store, mode in ((self.tris, "triangles"), (self.lines, "lines")):
            if key in store:
                verts, idx = store[key]
                Mesh(vertices=verts, indices=idx, mode=mode)
