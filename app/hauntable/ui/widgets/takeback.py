"""The take-back agreement drawn over a screen (rule E3): what would be taken back, what hands put back on
the table, a button for each other player to agree, then "Take it back". Or why nothing can be taken back.

It lies over the whole screen and swallows every touch, so nothing else is tapped while it is open; the
model comes from ``ui/takeback_view.py`` and the controller carries the take back out.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.app import App
from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton

from hauntable.ui.i18n import tr
from hauntable.ui.takeback_view import TakeBackModel

FONT = 18


def _label(text: str, size: int = FONT, color=(0.92, 0.9, 0.85, 1), bold: bool = False) -> Label:
    label = Label(text=text, font_size=size, color=color, bold=bold, halign="left", valign="middle")
    label.bind(width=lambda w, width: setattr(w, "text_size", (width - 8, None)))
    label.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + 8))
    label.size_hint_y = None
    return label


class TakeBackOverlay(FloatLayout):
    """Open with :meth:`show` over ``parent``; ``confirm(model)`` is called once everyone agreed."""

    def __init__(self, model: TakeBackModel, confirm: Callable[[TakeBackModel], object], **kwargs):
        super().__init__(**kwargs)
        self.model = model
        self.confirm = confirm
        with self.canvas.before:
            Color(0, 0, 0, 0.72)
            self._shade = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._shade_to, size=self._shade_to)
        box = BoxLayout(
            orientation="vertical",
            spacing=8,
            padding=16,
            size_hint=(0.62, None),
            pos_hint={"center_x": 0.5, "center_y": 0.5},
        )
        box.bind(minimum_height=box.setter("height"))
        with box.canvas.before:
            Color(0.16, 0.13, 0.11, 1)
            self._card = Rectangle(pos=box.pos, size=box.size)
        box.bind(
            pos=lambda w, p: setattr(self._card, "pos", p), size=lambda w, s: setattr(self._card, "size", s)
        )
        box.add_widget(_label(tr("takeback.title"), 22, (0.95, 0.8, 0.45, 1), bold=True))
        self.agreed: list[ToggleButton] = []
        self.go: Button | None = None
        if model.offer is None:
            box.add_widget(_label(model.refusal, color=(1, 0.55, 0.5, 1)))
            box.add_widget(self._button(tr("takeback.close"), self.close, name="takeback-close"))
        else:
            ask = tr("takeback.ask", who=model.asker, what=model.what) if model.asker else model.what
            box.add_widget(_label(ask))
            if model.hands:
                box.add_widget(_label(tr("takeback.hands"), 16, (0.6, 0.8, 1, 1)))
                for line in model.hands:
                    box.add_widget(_label(f"• {line}", 16))
            if model.others:
                box.add_widget(_label(tr("takeback.agree"), 16, (0.6, 0.8, 1, 1)))
                row = BoxLayout(spacing=6, size_hint_y=None, height=56)
                for seat, name in model.others:
                    toggle = ToggleButton(text=tr("takeback.agrees", who=name), font_size=15, halign="center")
                    toggle.bind(width=lambda w, width: setattr(w, "text_size", (width - 8, None)))
                    toggle.seat = seat
                    toggle.bind(state=self._agreement)
                    self.agreed.append(toggle)
                    row.add_widget(toggle)
                box.add_widget(row)
            buttons = BoxLayout(spacing=8, size_hint_y=None, height=56)
            self.go = self._button(tr("takeback.confirm"), self._confirm, name="takeback-confirm")
            self.go.disabled = bool(self.agreed)
            buttons.add_widget(self.go)
            buttons.add_widget(self._button(tr("takeback.cancel"), self.close, name="takeback-cancel"))
            box.add_widget(buttons)
        self.add_widget(box)

    @staticmethod
    def _button(text: str, action: Callable[[], object], name: str) -> Button:
        b = Button(text=text, font_size=FONT, size_hint_y=None, height=56)
        b.name = name
        b.bind(on_release=lambda *_: action())
        return b

    def _shade_to(self, *_args) -> None:
        self._shade.pos, self._shade.size = self.pos, self.size

    def _agreement(self, *_args) -> None:
        if self.go is not None:
            self.go.disabled = not all(t.state == "down" for t in self.agreed)

    def _confirm(self) -> None:
        self.close()
        self.confirm(self.model)

    def show(self, parent) -> None:
        self.size_hint = (1, 1)
        parent.add_widget(self)

    def close(self) -> None:
        if self.parent is not None:
            self.parent.remove_widget(self)

    def on_touch_down(self, touch):
        super().on_touch_down(touch)
        return True  # nothing under the overlay is tapped while it is open

    def on_touch_move(self, touch):
        super().on_touch_move(touch)
        return True

    def on_touch_up(self, touch):
        super().on_touch_up(touch)
        return True


def ask_take_back(screen) -> TakeBackOverlay | None:
    """The play screen's Take back button: the agreement (or why not) over ``screen``."""
    app = App.get_running_app()
    model = app.controller.take_back_model() if app is not None else None
    if model is None:
        return None
    overlay = TakeBackOverlay(model, app.controller.take_back)
    overlay.show(screen)
    return overlay
