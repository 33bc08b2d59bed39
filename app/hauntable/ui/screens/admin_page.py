"""The parts every admin page is made of (their look in ``admin_page.kv``): a label that wraps, a button
that runs an action, a cell of the layout page's grids, a grid of rows, and :class:`AdminPage`, a page
with its Back button and title. Each page is a subclass in ``admin_<page>.py`` with its own
``admin_<page>.kv``; the screen (``admin.py``) keeps one of each and shows the one open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget


class AdminLabel(Label):
    """A line of text on a page; wraps at the page's width (bold: a heading)."""


class AdminButton(Button):
    """A page's button; ``action`` (no arguments) runs on release."""

    action = ObjectProperty(None, allownone=True)

    def on_release(self) -> None:
        if self.action is not None:
            self.action()


class AdminCell(Label):
    """One cell of the layout page's reader grids (``dim``: an axis label or a cell with no reader)."""

    dim = BooleanProperty(False)


class AdminRows(GridLayout):
    """Rows (or a grid, with ``cols``) that grow to their content inside the page's scroll view."""

    cols = NumericProperty(1, allownone=True)  # one column unless the kv or the caller says more


def label(text: str, bold: bool = False) -> AdminLabel:
    return AdminLabel(text=text, bold=bold)


def button(text: str, action: Callable[[], Any], colour: tuple[float, ...] | None = None) -> AdminButton:
    made = AdminButton(text=text, action=action)
    if colour is not None:
        made.background_color = colour
    return made


class AdminPage(AdminRows):
    """A page of the admin menu. Its parts are declared in its ``admin_<page>.kv``, in the order shown;
    :meth:`fill` fills the parts that list data (pieces, games, rules, readers) and says which parts are
    left out this time (:meth:`arrange`)."""

    screen = ObjectProperty(None)
    _parts: list[Widget]

    def on_kv_post(self, base_widget: Widget) -> None:
        self._parts = list(reversed(self.children))  # every part (held here: left out, it stays alive)

    def arrange(self, *left_out: Widget) -> None:
        """Show the page's parts in their kv order, without ``left_out``."""
        self.clear_widgets()
        hidden = {id(w.proxy_ref) for w in left_out}  # by identity: ids are weak proxies, `in` compares them
        for part in self._parts:
            if id(part.proxy_ref) not in hidden:
                self.add_widget(part)

    def show(self, app: Any) -> None:
        """Redraw the page from the current state."""
        self.fill(app)

    def fill(self, app: Any) -> None:
        """Fill the data rows and arrange the parts; a page with nothing to fill shows all but an empty
        message."""
        self.arrange(*self.no_message())

    def no_message(self) -> tuple[Widget, ...]:
        """The message part, when there is no message to show (a list to pass to :meth:`arrange`)."""
        said = self.ids.get("message")
        return (said,) if said is not None and not self.screen.message else ()

    def opened(self, app: Any) -> None:
        """The page is opened from the menu (before it is shown)."""

    def closed(self) -> None:
        """The page is left (or the admin screen): let go of what it holds (a pad, a port)."""

    @staticmethod
    def put(container: GridLayout, widgets: list[Widget]) -> None:
        """Put ``widgets`` in a data part of the page instead of what it held."""
        container.clear_widgets()
        for widget in widgets:
            container.add_widget(widget)


class ToolPage(AdminPage):
    """A tool's page: Back, the title (``title_key``) and the screen's last message first
    (``admin_page.kv``), then the tool's own parts."""

    title_key = StringProperty("")  # the page's kv sets it

    def on_kv_post(self, base_widget: Widget) -> None:
        """The head first, whichever kv file Kivy read first (it applies a class's rules in that order)."""
        super().on_kv_post(base_widget)
        head = [id(self.ids[name]) for name in ("back", "title", "message")]  # ids hold weak proxies
        by_proxy = {id(w.proxy_ref): w for w in self._parts}
        self._parts = [by_proxy[p] for p in head] + [w for w in self._parts if id(w.proxy_ref) not in head]
