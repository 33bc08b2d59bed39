"""The house on the play screen: one floor large, the other two small beside it.

A full house of ~45 rooms does not fit three floors side by side at a legible size on a 1280x800 screen,
so one floor is shown large (its names at ``floor_text.MIN_NAME_PX`` px or more) and the others small, as
shapes with pawns and monsters. The play screen chooses the large floor as play moves (the floor where a
tile or a target is awaited, else the floor of the explorer or monster whose turn it is); a tap on a small
floor shows it large until play moves to another floor.
"""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty
from kivy.uix.widget import Widget

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
