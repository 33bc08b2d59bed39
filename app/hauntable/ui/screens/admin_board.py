"""The admin menu's castle board page (``admin_board.kv``): the operator enters or checks the crest of each
room and the colour of each door and exit of the table's printed Geisterstunde board, by touch.

The published board's crests and door colours are not known to us (docs/geisterstunde.md), so a table that
plays on a printed board learns it here. The page shows the castle as a grid: a tap on a room moves its
crest on, a tap on the bar between two rooms moves that door on (wall, red, green, blue), a tap on a bar
under the south row moves that exit on (none, red, green, blue). Every change is checked at once by the
loader the packaged board goes through (``content_of``: a ghost card must name one room, a key one door,
every room reachable, no dead end, an exit), and the page says which rule a room breaks. Saved, the board
is kept in ``admin-settings.json`` and every Geisterstunde game started from then on is played on it (it
travels in the game's config, so a logged game replays on its board); the proposed board stays the
default.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.button import Button
from kivy.uix.widget import Widget

from hauntable.engine.rejections import ContentError
from hauntable.games.geisterstunde.content import BoardLayout, content_of
from hauntable.games.geisterstunde.content_model import Content
from hauntable.ui.castle_view import COLOURS, colour_name, crest_name
from hauntable.ui.i18n import tr
from hauntable.ui.screens.admin_page import ToolPage

ROOM_W, ROOM_H, BAR = 118, 52, 22  # a room's button, and the bars between rooms (px)
WALL = (0.22, 0.2, 0.26, 1)


def _door_key(a: str, b: str) -> str:
    return "-".join(sorted((a, b)))


class BoardPage(ToolPage):
    """The draft board (``crests``, ``doors``, ``exits``) and whether it holds (``problem``)."""

    crests: dict[str, str]
    doors: dict[str, str]
    exits: dict[str, str]
    problem: str | None = None  # the rule the draft breaks, worded; None: it holds

    def opened(self, app: Any) -> None:
        """Start from the board in use: the table's own, or ours."""
        self._start_from(app.controller.choices.castle_board)

    def _start_from(self, layout: BoardLayout | None) -> None:
        layout = layout or BoardLayout.of(content_of(None))
        self.crests, self.doors, self.exits = dict(layout.crests), dict(layout.doors), dict(layout.exits)
        self._check()

    @property
    def ours(self) -> Content:
        return content_of(None)

    def draft(self) -> BoardLayout:
        return BoardLayout.make(self.crests, self.doors, self.exits)

    def _check(self) -> None:
        try:
            content_of(self.draft())
        except ContentError as exc:
            self.problem = problem_text(exc)
        else:
            self.problem = None

    # --- taps ----------------------------------------------------------------------------------------

    def next_crest(self, room: str) -> None:
        crests = self.ours.crests
        self.crests[room] = crests[(crests.index(self.crests[room]) + 1) % len(crests)]
        self._changed()

    def next_door(self, key: str) -> None:
        self._cycle(self.doors, key)

    def next_exit(self, room: str) -> None:
        self._cycle(self.exits, room)

    def _cycle(self, table: dict[str, str], key: str) -> None:
        """None (a wall, or no exit) -> each colour in turn -> None."""
        order: list[str | None] = [None, *self.ours.colours]
        now = order.index(table.get(key))
        nxt = order[(now + 1) % len(order)]
        if nxt is None:
            table.pop(key, None)
        else:
            table[key] = nxt
        self._changed()

    def _changed(self) -> None:
        self.screen.message = ""
        self._check()
        self.screen.refresh()

    def save(self, app: Any) -> None:
        """Keep the draft for every game started from now on (the proposed board itself is kept as None)."""
        if self.problem is not None:
            return
        draft = self.draft()
        app.controller.choices.keep_castle_board(None if draft == BoardLayout.of(self.ours) else draft)
        self.screen.message = tr("board.saved")
        self.screen.refresh()

    def proposed(self, app: Any) -> None:
        """Back to the proposed board: the draft and the table's choice."""
        app.controller.choices.keep_castle_board(None)
        self._start_from(None)
        self.screen.message = tr("board.in_use_ours")
        self.screen.refresh()

    # --- drawing -------------------------------------------------------------------------------------

    def fill(self, app: Any) -> None:
        if not hasattr(self, "crests"):
            self._start_from(app.controller.choices.castle_board)
        own = app.controller.choices.castle_board is not None
        self.ids.in_use.text = tr("board.in_use_own" if own else "board.in_use_ours")
        self.ids.verdict.text = self.problem or tr("board.ok")
        self.ids.verdict.color = (1, 0.5, 0.45, 1) if self.problem else (0.5, 1, 0.6, 1)
        self.ids.save.disabled = self.problem is not None
        self.put(self.ids.grid, self._cells())
        self.arrange(*self.no_message())

    def _cells(self) -> list[Widget]:
        """Row by row: rooms with the bars between them, the bars under them, the exits under the south
        row; corners are empty."""
        c = self.ours
        at = {(r.row, r.col): r.id for r in c.rooms.values()}
        cells: list[Widget] = []
        for row in range(c.rows):
            for col in range(c.cols):
                room = at[row, col]
                cells.append(self._room(room, c))
                if col < c.cols - 1:
                    cells.append(self._bar(_door_key(room, at[row, col + 1]), vertical=True))
            if row < c.rows - 1:
                for col in range(c.cols):
                    cells.append(self._bar(_door_key(at[row, col], at[row + 1, col]), vertical=False))
                    if col < c.cols - 1:
                        cells.append(_blank(BAR, BAR))
        for col in range(c.cols):
            cells.append(self._exit(at[c.rows - 1, col]))
            if col < c.cols - 1:
                cells.append(_blank(BAR, ROOM_H))
        return cells

    def _room(self, room: str, c: Content) -> Button:
        name = tr("castle.treasury") if room == c.treasury else room
        b = Button(text=f"{crest_name(self.crests[room])}\n{name}", font_size=15, halign="center")
        b.size_hint, b.size = (None, None), (ROOM_W, ROOM_H)
        b.background_normal, b.background_color = "", (0.32, 0.28, 0.36, 1)
        if room == c.treasury:
            b.background_color = (0.45, 0.38, 0.2, 1)
        b.name = f"board-room-{room}"
        b.bind(on_release=lambda *_: self.next_crest(room))
        return b

    def _bar(self, key: str, vertical: bool) -> Button:
        colour = self.doors.get(key)
        b = Button(text="", font_size=12)
        b.size_hint = (None, None)
        b.size = (BAR, ROOM_H) if vertical else (ROOM_W, BAR)
        b.background_normal = ""
        b.background_color = (*COLOURS[colour], 1) if colour else WALL
        b.name = f"board-door-{key}"
        b.bind(on_release=lambda *_: self.next_door(key))
        return b

    def _exit(self, room: str) -> Button:
        colour = self.exits.get(room)
        b = Button(text=tr("board.exit", colour=colour_name(colour)) if colour else "", font_size=14)
        b.size_hint, b.size = (None, None), (ROOM_W, ROOM_H)
        b.background_normal = ""
        b.background_color = (*COLOURS[colour], 1) if colour else (0.12, 0.12, 0.15, 1)
        b.name = f"board-exit-{room}"
        b.bind(on_release=partial(lambda r, *_: self.next_exit(r), room))
        return b


def _blank(width: int, height: int) -> Widget:
    return Widget(size_hint=(None, None), size=(width, height))


def problem_text(exc: ContentError) -> str:
    """The rule a draft board breaks, in the current language (the loader's English when it has no
    wording of its own)."""
    if not exc.reason:
        return str(exc)
    params = dict(exc.params)
    if "crest" in params:
        params["crest"] = crest_name(params["crest"])
    if "colour" in params:
        params["colour"] = colour_name(params["colour"])
    text = tr(f"board.error.{exc.reason}", **params)
    return str(exc) if text == f"board.error.{exc.reason}" else text
