"""What a floor's framebuffer shows: tiles, walls, doors, pawns, monsters and tokens.

Apart from :mod:`~hauntable.ui.widgets.floor` (the widget: geometry, panning, taps) because what a tile
shows changes for other reasons than how the view handles fingers. ``FloorPainter`` is mixed into
``FloorView`` and reads the view's model, haunt layer and marks; boxes, walls and doors go through
``Batch`` as one mesh per colour, since a software renderer pays per draw call, not per vertex.
"""

from __future__ import annotations

import math

from kivy.graphics import ClearBuffers, ClearColor, Color, Ellipse, Fbo, Line, Mesh, Rectangle

from hauntable.ui.hauntview import HauntLayer, MonsterMark
from hauntable.ui.viewmodel import SEAT_COLORS, FloorModel, TileModel
from hauntable.ui.widgets.floor_text import MIN_NAME_PX, fitted_label, fitted_name, name_px, text_texture

FLOOR_COLORS = {"basement": (0.27, 0.24, 0.22), "ground": (0.33, 0.27, 0.20), "upper": (0.24, 0.26, 0.33)}
QMARK_PX, LETTER_PX = 28, 14
MONSTER = (0.78, 0.12, 0.12)
MONSTER_HEROES = (0.10, 0.50, 0.55)  # a monster on the heroes' side
STUNNED = (0.30, 0.30, 0.30)
HAUNT_TOKEN = (0.55, 0.25, 0.70)
CARD_TOKEN = (0.15, 0.45, 0.35)
DOOR = (0.95, 0.70, 0.25, 1)
FBO_STEP = 128  # px: a floor's framebuffer is allocated in these steps and reused for any smaller painting
FBO_KEPT = 1024 * 1024  # px: a framebuffer up to this size is kept however small the painting (4 MB)


def framebuffer(fbo: Fbo | None, size: tuple[int, int]) -> Fbo:
    """``fbo`` again if ``size`` fits it (unless it is over ``FBO_KEPT`` and ``size`` fills less than a
    quarter of it: a zoomed floor's), else a new one a little larger than ``size`` (``FBO_STEP``). Every new
    Fbo compiles its own shader program, and a dropped one is freed only by Python's cyclic collector (its
    instructions refer to it), which a steady game seldom runs: a new Fbo whenever the large floor changed
    or grew made ~90 a game, held until a collection (issue 18's RSS)."""
    if fbo is not None:
        w, h = fbo.size
        if size[0] <= w and size[1] <= h and (w * h <= FBO_KEPT or 4 * size[0] * size[1] >= w * h):
            return fbo
    return Fbo(size=tuple(FBO_STEP * math.ceil(n / FBO_STEP) for n in size))


class FloorPainter:
    """Paints ``model`` (with the ``haunt`` layer, ``tags``, ``carrying`` and ``graves``) into ``_fbo``;
    ``drawn``, ``hidden`` and ``cramped`` record the last repaint's labels for the legibility tests."""

    model: FloorModel
    haunt: HauntLayer
    tags: list[str]
    carrying: list[int]
    graves: list[tuple[str, str]]
    mini: bool
    overview: bool
    font_name: str
    drawn: list[tuple[str, int]]
    hidden: list[str]
    cramped: list[str]
    _fbo: Fbo | None
    _used: tuple[int, int]  # the part of ``_fbo`` the last painting filled, from its bottom left

    def painting(self):
        """The last painting: its part of the framebuffer (which may be larger, see ``framebuffer``)."""
        assert self._fbo is not None
        return self._fbo.texture.get_region(0, 0, *self._used)

    def _paint(self, s: float) -> None:
        """Draw every tile, door, doorway, pawn, monster and token once into the floor's framebuffer."""
        if self.model is None:
            self._fbo = None
            return
        x0, y0, x1, y1 = self.model.bounds
        size = (max(1, math.ceil((x1 - x0 + 1) * s)), max(1, math.ceil((y1 - y0 + 1) * s)))
        self._fbo = fbo = framebuffer(self._fbo, size)
        self._used = size
        fbo.clear()
        self.drawn, self.hidden, self.cramped = [], [], []
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
        pawns = bool(t.explorers) or any(room == t.name for room, _ in self.graves)
        if tw > s - 2 * pad + 1 or th > s - 2 * pad - (r + 2 if pawns else 0) + 1:
            self.cramped.append(t.name)  # over the walls or under the pawns: the legibility tests fail on it
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
