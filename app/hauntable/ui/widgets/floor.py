"""One floor of the house drawn on a canvas from a :class:`~hauntable.ui.viewmodel.FloorModel`.

Drawn with canvas instructions, not a widget per tile, into an offscreen framebuffer (Fbo) that is
repainted only when the floor's model or size changes; panning and zooming just move and scale that one
texture, so a house of 40+ tiles costs one draw call per floor a frame (``bench/ui_house_fps.py``;
drawing every tile each frame ran at ~3 fps under software GL).
A tap on an offered cell (where the game waits for a tile, or a target)
dispatches ``on_cell``; a one-finger drag pans, the mouse wheel zooms, a double tap fits the floor again.
"""

from __future__ import annotations

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
    StencilPop,
    StencilPush,
    StencilUnUse,
    StencilUse,
)
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from hauntable.ui.fonts import FONT_NAME
from hauntable.ui.viewmodel import SEAT_COLORS, FloorModel

FLOOR_COLORS = {"basement": (0.27, 0.24, 0.22), "ground": (0.33, 0.27, 0.20), "upper": (0.24, 0.26, 0.33)}
# Text is rendered once at these pixel sizes and scaled to the cell: a floor whose extent grows changes its
# cell size, and rendering every name again at the new size made each new tile cost ~100 ms.
NAME_PX, QMARK_PX, LETTER_PX = 18, 28, 16
_textures: dict[tuple[str, int, str], object] = {}


def text_texture(text: str, size: int, font: str = FONT_NAME):
    """A cached label texture: tile names repeat on every redraw, rendering them once keeps fps up."""
    key = (text, size, font)
    if key not in _textures:
        try:
            label = CoreLabel(text=text, font_size=size, font_name=font, halign="center")
        except OSError:
            label = CoreLabel(text=text, font_size=size, halign="center")
        label.refresh()
        _textures[key] = label.texture
    return _textures[key]


def scaled(size: tuple[int, int], factor: float) -> tuple[float, float]:
    return size[0] * factor, size[1] * factor


def wrap_name(name: str, width: int = 11) -> str:
    """A room name on at most two centred lines."""
    words, lines = name.split(), [""]
    for w in words:
        if lines[-1] and len(lines[-1]) + 1 + len(w) > width and len(lines) < 2:
            lines.append(w)
        else:
            lines[-1] = f"{lines[-1]} {w}".strip()
    return "\n".join(lines)


class FloorView(Widget):
    """Draws ``model``; ``tags`` maps seat -> letter shown on the explorer's pawn."""

    model: FloorModel = ObjectProperty(None, allownone=True)
    title = StringProperty("")
    tags = ListProperty([])
    zoom = NumericProperty(1.0)
    pan = ListProperty([0.0, 0.0])
    font_name = StringProperty(FONT_NAME)

    __events__ = ("on_cell",)

    def __init__(self, **kwargs):
        self._fbo: Fbo | None = None
        self._painted_for: tuple | None = None
        super().__init__(**kwargs)
        self.bind(
            model=self.redraw,
            size=self.redraw,
            pos=self.redraw,
            zoom=self.redraw,
            pan=self.redraw,
            title=self.redraw,
            tags=self.redraw,
        )

    def on_cell(self, floor: str, x: int, y: int) -> None:
        """A tap on an offered cell (the screen turns it into an input)."""

    # --- geometry -----------------------------------------------------------------------------------

    def cell_size(self) -> float:
        if self.model is None:
            return 1.0
        x0, y0, x1, y1 = self.model.bounds
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        return max(8.0, min(self.width / cols, (self.height - 24) / rows) * self.zoom)

    def cell_origin(self, x: int, y: int) -> tuple[float, float]:
        x0, y0, x1, y1 = self.model.bounds
        s = self.cell_size()
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        left = self.x + (self.width - cols * s) / 2 + self.pan[0]
        bottom = self.y + (self.height - 24 - rows * s) / 2 + self.pan[1]
        return left + (x - x0) * s, bottom + (y - y0) * s

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

    # --- drawing ------------------------------------------------------------------------------------

    def redraw(self, *_args) -> None:
        """Place the floor's texture (repainting it first if the model or size changed)."""
        key = (self.model, tuple(self.size), tuple(self.tags), self.title)
        if key != self._painted_for:
            self._painted_for = key
            self._paint()
        self.canvas.clear()
        with self.canvas:
            StencilPush()
            Rectangle(pos=self.pos, size=self.size)
            StencilUse()
            Color(0.08, 0.08, 0.10)
            Rectangle(pos=self.pos, size=self.size)
            if self.model is not None and self._fbo is not None:
                x0, y0, x1, y1 = self.model.bounds
                s = self.cell_size()
                Color(1, 1, 1)
                Rectangle(
                    texture=self._fbo.texture,
                    pos=self.cell_origin(x0, y0),
                    size=((x1 - x0 + 1) * s, (y1 - y0 + 1) * s),
                )
            tex = text_texture(self.title, 16, self.font_name)
            Color(0.85, 0.8, 0.7)
            Rectangle(texture=tex, size=tex.size, pos=(self.x + 6, self.top - tex.size[1] - 2))
            StencilUnUse()
            Rectangle(pos=self.pos, size=self.size)
            StencilPop()

    def _paint(self) -> None:
        """Draw every tile, doorway and pawn once, at zoom 1, into the floor's framebuffer."""
        if self.model is None:
            self._fbo = None
            return
        x0, y0, x1, y1 = self.model.bounds
        zoom, self.zoom = self.zoom, 1.0
        s = self.cell_size()
        self.zoom = zoom
        size = (max(1, int((x1 - x0 + 1) * s)), max(1, int((y1 - y0 + 1) * s)))
        if self._fbo is None or tuple(self._fbo.size) != size:
            self._fbo = Fbo(size=size)  # a new texture only when the floor's extent changes
        fbo = self._fbo
        fbo.clear()
        org = lambda x, y: ((x - x0) * s, (y - y0) * s)  # noqa: E731  (cell origin inside the fbo)
        base = FLOOR_COLORS.get(self.model.floor, (0.3, 0.3, 0.3))
        quads = Batch()  # one mesh per colour: llvmpipe pays per draw call, not per vertex
        with fbo:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
            for x, y in self.model.doorways:
                ox, oy = org(x, y)
                quads.outline("doorway", ox + s * 0.15, oy + s * 0.15, s * 0.7, s * 0.7)
            for x, y in self.model.offered:
                ox, oy = org(x, y)
                quads.rect("offered", ox + 2, oy + 2, s - 4, s - 4)
                for i in range(3):  # a thick outline from three nested ones
                    quads.outline("offered-edge", ox + 2 + i, oy + 2 + i, s - 4 - 2 * i, s - 4 - 2 * i)
            pad, gap = s * 0.04, s * 0.28
            for t in self.model.tiles:
                ox, oy = org(t.x, t.y)
                quads.rect("tile", ox + pad, oy + pad, s - 2 * pad, s - 2 * pad)
                quads.outline("wall", ox + pad, oy + pad, s - 2 * pad, s - 2 * pad)
                doors = {
                    "N": (ox + (s - gap) / 2, oy + s - pad - 3, gap, 6),
                    "S": (ox + (s - gap) / 2, oy + pad - 3, gap, 6),
                    "E": (ox + s - pad - 3, oy + (s - gap) / 2, 6, gap),
                    "W": (ox + pad - 3, oy + (s - gap) / 2, 6, gap),
                }
                for d in t.doors:  # a door is a gap in the wall, the floor colour showing through
                    quads.rect("door", *doors[d])
            colours = {
                "doorway": (0.6, 0.6, 0.6, 0.5),
                "offered": (1.0, 0.85, 0.2, 0.35),
                "offered-edge": (1.0, 0.85, 0.2, 1),
                "tile": (*base, 1),
                "wall": (0.85, 0.78, 0.6, 1),
                "door": (*base, 1),
            }
            for key in ("doorway", "offered", "offered-edge", "tile", "wall", "door"):
                quads.draw(key, colours[key])
            Color(0.6, 0.6, 0.6, 0.5)
            for x, y in self.model.doorways:
                ox, oy = org(x, y)
                q = text_texture("?", QMARK_PX, self.font_name)
                qw, qh = scaled(q.size, s * 0.3 / QMARK_PX)
                Rectangle(texture=q, size=(qw, qh), pos=(ox + (s - qw) / 2, oy + (s - qh) / 2))
            for t in self.model.tiles:
                self._draw_tile(t, s, *org(t.x, t.y))
        fbo.draw()

    def _draw_tile(self, t, s: float, ox: float, oy: float) -> None:
        """A tile's name, pawns and tokens (the box, walls and doors are in the batched meshes)."""
        pad = s * 0.04
        tex = text_texture(wrap_name(t.name), NAME_PX, self.font_name)
        Color(0.97, 0.93, 0.85)
        tw, th = scaled(tex.size, s * 0.13 / NAME_PX)
        if tw > s * 0.9:  # scale long names down rather than spill over the walls
            th, tw = th * s * 0.9 / tw, s * 0.9
        Rectangle(texture=tex, size=(tw, th), pos=(ox + (s - tw) / 2, oy + s - pad - th - s * 0.06))
        r = s * 0.16
        for i, seat in enumerate(t.explorers):
            cx = ox + s * 0.18 + (i % 3) * (r + 3)
            cy = oy + s * 0.12 + (i // 3) * (r + 3)
            Color(*SEAT_COLORS[seat % len(SEAT_COLORS)])
            Ellipse(pos=(cx, cy), size=(r, r), segments=16)
            if seat < len(self.tags):
                letter = text_texture(self.tags[seat], LETTER_PX, self.font_name)
                lw, lh = scaled(letter.size, r * 0.7 / LETTER_PX)
                Color(0, 0, 0)
                Rectangle(texture=letter, size=(lw, lh), pos=(cx + (r - lw) / 2, cy + (r - lh) / 2))
        for i, _token in enumerate(t.tokens):
            Color(0.7, 0.2, 0.8)
            Line(circle=(ox + s * 0.8, oy + s * 0.2 + i * s * 0.12, s * 0.05), width=1.5)

    # --- touch --------------------------------------------------------------------------------------

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos) or self.model is None:
            return False
        if touch.is_mouse_scrolling:
            self.zoom = max(0.4, min(3.0, self.zoom * (1.1 if touch.button == "scrolldown" else 0.9)))
            return True
        if touch.is_double_tap:
            self.zoom, self.pan = 1.0, [0.0, 0.0]
            return True
        touch.grab(self)
        touch.ud[f"floor-{id(self)}"] = (touch.x, touch.y, False)
        return True

    def on_touch_move(self, touch):
        if touch.grab_current is not self:
            return False
        key = f"floor-{id(self)}"
        sx, sy, moved = touch.ud.get(key, (touch.x, touch.y, False))
        if moved or abs(touch.x - sx) + abs(touch.y - sy) > 12:
            self.pan = [self.pan[0] + touch.dx, self.pan[1] + touch.dy]
            touch.ud[key] = (sx, sy, True)
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        _, _, moved = touch.ud.get(f"floor-{id(self)}", (0, 0, False))
        if not moved:
            cell = self.cell_at(*touch.pos)
            if cell is not None and (cell in self.model.offered or cell in self.model.doorways):
                self.dispatch("on_cell", self.model.floor, *cell)
        return True


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
