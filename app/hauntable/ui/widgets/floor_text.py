"""Room names and labels as textures for the floor view: rendered at their real pixel size, cached.

Apart from the painting because the text is the floor's one costly resource: a name is rendered once and
reused on every repaint, the cache is bounded (``TEXTURES_KEPT``), and a name is measured before it is
rendered, so only the wrapping chosen becomes a texture. ``MIN_NAME_PX`` is the legibility floor
(docs/ui.md): nothing on a floor is drawn smaller.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from kivy.core.text import Label as CoreLabel

from hauntable.ui.fonts import FONT_NAME

MIN_NAME_PX = 12  # a room name, a monster's or a token's label is never drawn smaller (docs/ui.md)
NAME_PX_MAX = 17
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
    (the fewest lines that fit; else a word too wide for the room is hyphenated, "Conser-" "vatory";
    else the narrowest). Only the chosen wrapping is rendered."""
    best, best_w = name, math.inf
    for lines in (1, 2, 3):
        for width in (24, 14, 11, 9, 7):
            text = wrap_name(name, width, lines)
            w = text_width(text, px, font)
            if w <= room:
                return text_texture(text, px, font)
            if w < best_w:
                best, best_w = text, w
    split = hyphenated(name, px, room, font)
    return text_texture(split if text_width(split, px, font) <= room else best, px, font)


def _cuts(word: str) -> list[int]:
    return sorted(range(2, len(word) - 1), key=lambda i: abs(2 * i - len(word)))  # near the middle first


def hyphenated(name: str, px: int, room: float, font: str = FONT_NAME) -> str:
    """The name on as few lines as fit ``room`` px, each word too wide broken near its middle with a
    hyphen (both halves fitting): the end screen's small cells keep every letter at a legible size."""
    pieces: list[str] = []
    for word in name.split():
        if text_width(word, px, font) <= room or len(word) < 4:
            pieces.append(word)
            continue
        cut = next((i for i in _cuts(word) if text_width(f"{word[:i]}-\n{word[i:]}", px, font) <= room), None)
        pieces += [word[:cut] + "-", word[cut:]] if cut else [word]
    lines = [pieces[0]]
    for piece in pieces[1:]:
        joined = f"{lines[-1]} {piece}"
        if not lines[-1].endswith("-") and text_width(joined, px, font) <= room:
            lines[-1] = joined
        else:
            lines.append(piece)
    return "\n".join(lines)


def fitted_label(text: str, px: int, room: float, font: str = FONT_NAME):
    """The label's texture at ``px``, cut with an ellipsis to fit ``room`` px (never scaled down)."""
    cut, shown = len(text), text
    while text_width(shown, px, font) > room and cut > 1:
        cut -= 1
        shown = text[:cut] + "…"
    return text_texture(shown, px, font)
