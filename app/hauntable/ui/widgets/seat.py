"""A box whose content turns to face one seat of the table (0, 90, 180 or 270 degrees).

People sit on every side of the table, so a prompt is turned toward the person it addresses. The content
lives in a :class:`~kivy.uix.scatter.Scatter` (which also turns touches), sized so that after the turn it
fills the box: at 90 and 270 degrees its width and height swap. The transform is set as one matrix on the
next frame, after layout has settled (setting pos and rotation separately raced the parent's layout).
"""

from __future__ import annotations

from math import radians

from kivy.clock import Clock
from kivy.graphics.transformation import Matrix
from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.scatter import Scatter


class SeatBox(FloatLayout):
    """Holds one ``content`` widget turned by ``angle`` (degrees, counter-clockwise as Kivy turns)."""

    angle = NumericProperty(0)
    content = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        self._scatter = Scatter(
            do_rotation=False, do_scale=False, do_translation=False, size_hint=(None, None)
        )
        super().__init__(**kwargs)
        super().add_widget(self._scatter)
        self._trigger = Clock.create_trigger(self.fit)
        self.bind(size=self._trigger, pos=self._trigger, angle=self._trigger, content=self._set_content)

    def _set_content(self, *_args) -> None:
        self._scatter.clear_widgets()
        if self.content is not None:
            self.content.size_hint = (None, None)
            self._scatter.add_widget(self.content)
        self._trigger()

    def fit(self, *_args) -> None:
        """Size the content for the turn and place it: centre, turn, then offset by half its size."""
        turned = int(self.angle) % 180 == 90
        w, h = (self.height, self.width) if turned else (self.width, self.height)
        s = self._scatter
        s.size = (w, h)
        if self.content is not None:
            self.content.size = (w, h)
            self.content.pos = (0, 0)
        m = Matrix().translate(self.center_x, self.center_y, 0)
        m = m.multiply(Matrix().rotate(radians(self.angle), 0, 0, 1))
        s.transform = m.multiply(Matrix().translate(-w / 2, -h / 2, 0))
