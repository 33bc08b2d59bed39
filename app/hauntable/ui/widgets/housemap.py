"""The house on the play screen (one floor large, the other two small beside it) and on the end screen
(all three at one size).

A full house of ~45 rooms does not fit three floors side by side at a legible size on a 1280x800 screen,
so one floor is shown large (its names at ``floor_text.MIN_NAME_PX`` px or more) and the others small, as
shapes with pawns and monsters. The play screen chooses the large floor as play moves (the floor where a
tile or a target is awaited, else the floor of the explorer or monster whose turn it is); a tap on a small
floor shows it large until play moves to another floor.
"""

from __future__ import annotations

from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

from hauntable.ui.widgets.floor import MAX_CELL, TITLE_H

FLOOR_IDS = ("ground", "upper", "basement")


class HouseMap(Widget):
    """Holds the three :class:`~hauntable.ui.widgets.floor.FloorView` children; ``focus`` is the large one."""

    focus = StringProperty("ground")
    side = NumericProperty(0.24)  # the small floors' column, as a part of the width
    spacing = NumericProperty(4)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self.arrange, size=self.arrange, focus=self.arrange)

    def add_widget(self, widget, *args, **kwargs):
        super().add_widget(widget, *args, **kwargs)
        widget.bind(floor_id=self.arrange)
        self.arrange()

    def arrange(self, *_args) -> None:
        """The focused floor fills the left part; the others share the right column, top to bottom in
        the house's order (upper above basement, or ground between them)."""
        views = {getattr(v, "floor_id", ""): v for v in self.children}
        if self.focus not in views:
            return
        side_w = int(self.width * self.side)
        big = views[self.focus]
        big.mini = False
        big.pos = (self.x, self.y)
        big.size = (self.width - side_w - self.spacing, self.height)
        small = [views[f] for f in ("upper", "ground", "basement") if f != self.focus and f in views]
        h = (self.height - self.spacing * (len(small) - 1)) / max(1, len(small))
        for i, view in enumerate(small):
            view.mini = True
            view.size = (side_w, h)
            view.pos = (self.right - side_w, self.top - (i + 1) * h - i * self.spacing)


OVERVIEW_MIN_CELL = 80  # the end screen's smallest cell: each room's name at MIN_NAME_PX above its pawns


def overview_layout(
    extents: dict[str, tuple[int, int]], width: float, height: float, title: float, gap: float, top: float
) -> tuple[float, dict[str, tuple[float, float, float, float]]]:
    """The three floors at one cell size, arranged (in a row, a column, one beside the other two stacked,
    or one above the other two) so that the cell is as large as ``width`` x ``height`` allows, capped at
    ``top``. ``extents`` is {floor: (columns, rows)}; returns the cell and {floor: (x, y, w, h)} from the
    area's top left, each box ``title`` px taller than its floor. Below ``OVERVIEW_MIN_CELL`` the cell
    stays at that size and the boxes reach past the area (the end screen scrolls them)."""
    floors = [f for f in FLOOR_IDS if f in extents]
    if not floors:
        return top, {}

    def box(f: str, s: float) -> tuple[float, float]:
        cols, rows = extents[f]
        return cols * s, rows * s + title

    def place(shape: str, order: list[str], s: float) -> dict[str, tuple[float, float, float, float]]:
        out: dict[str, tuple[float, float, float, float]] = {}
        if shape == "row" or shape == "column":
            at = 0.0
            for f in order:
                w, h = box(f, s)
                out[f] = (at, 0.0, w, h) if shape == "row" else (0.0, at, w, h)
                at += (w if shape == "row" else h) + gap
            return out
        first, rest = order[0], order[1:]
        w0, h0 = box(first, s)
        out[first] = (0.0, 0.0, w0, h0)
        at = 0.0
        for f in rest:
            w, h = box(f, s)
            out[f] = (w0 + gap, at, w, h) if shape == "side" else (at, h0 + gap, w, h)
            at += (h if shape == "side" else w) + gap
        return out

    def extent(boxes: dict[str, tuple[float, float, float, float]]) -> tuple[float, float]:
        return max(x + w for x, _, w, _ in boxes.values()), max(y + h for _, y, _, h in boxes.values())

    def largest(shape: str, order: list[str]) -> float:
        lo, hi = 1.0, float(top)
        for _ in range(40):  # every extent grows with the cell: bisect for the largest that fits
            mid = (lo + hi) / 2
            w, h = extent(place(shape, order, mid))
            lo, hi = (mid, hi) if w <= width and h <= height else (lo, mid)
        return lo

    candidates = [("row", floors), ("column", floors)]
    if len(floors) == 3:
        for first in floors:
            rest = [f for f in floors if f != first]
            candidates += [("side", [first, *rest]), ("below", [first, *rest])]
    cell, shape, order = 0.0, "row", floors
    for sh, od in candidates:  # the first of equals wins: ground, upper, basement in that order
        s = largest(sh, od)
        if s > cell + 0.01:
            cell, shape, order = s, sh, od
    if cell >= OVERVIEW_MIN_CELL:
        return cell, place(shape, order, cell)

    # too big to show whole at a legible size: the arrangement that fits the width and is the shortest
    # (scrolled up and down), else the one that reaches least far past the area
    def overflow(candidate: tuple[str, list[str]]) -> tuple[float, float]:
        w, h = extent(place(*candidate, OVERVIEW_MIN_CELL))
        return (0.0, h) if w <= width else (w - width, h)

    shape, order = min(candidates, key=overflow)
    return OVERVIEW_MIN_CELL, place(shape, order, OVERVIEW_MIN_CELL)


class HouseOverview(Widget):
    """The end screen's house: the three FloorView children (``overview``) at one cell size, arranged by
    :func:`overview_layout` to fill ``area`` (the visible part, a ScrollView's size). When even the best
    arrangement is below ``OVERVIEW_MIN_CELL`` this widget grows past ``area`` and its ScrollView pans it,
    so no floor is squeezed and no name is drawn below ``floor_text.MIN_NAME_PX`` or over its neighbour."""

    area = ListProperty([100, 100])
    spacing = NumericProperty(6)
    cell = NumericProperty(0)  # the cell size chosen (tests read it)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(area=self.arrange, pos=self.arrange)

    def add_widget(self, widget, *args, **kwargs):
        super().add_widget(widget, *args, **kwargs)
        widget.bind(model=self.arrange)
        self.arrange()

    def arrange(self, *_args) -> None:
        views = {v.floor_id: v for v in self.children if getattr(v, "model", None) is not None}
        extents = {}
        for f, v in views.items():
            x0, y0, x1, y1 = v.model.bounds
            extents[f] = (x1 - x0 + 1, y1 - y0 + 1)
        aw, ah = self.area
        cell, boxes = overview_layout(extents, aw, ah, TITLE_H, self.spacing, MAX_CELL)
        if not boxes:
            return
        used_w = max(x + w for x, _, w, _ in boxes.values())
        used_h = max(y + h for _, y, _, h in boxes.values())
        self.size = (max(aw, used_w), max(ah, used_h))
        left = self.x + (self.width - used_w) / 2
        top = self.top - (self.height - used_h) / 2
        self.cell = cell
        for f, (x, y, w, h) in boxes.items():
            views[f].size = (w, h)
            views[f].pos = (left + x, top - y - h)
