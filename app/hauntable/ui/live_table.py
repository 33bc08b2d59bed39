"""The real table under the app: its readers scanned by :class:`~hauntable.table.live.LiveTable`, the
referee's conclusions carried to the app's thread, its messages worded like the simulator panel's.

``hauntable ui`` plays Betrayal and Geisterstunde through a live table when ``--table live`` (the default
on the ``pi`` backend): hands lay tiles, cards and figures on the readers, the scanner thread reads them,
and the referee (the game's own: :class:`~hauntable.table.live.LiveTable` picks it), run on the app's
thread through ``post``, submits what they mean through the game's channel as a tap does.
With ``--table simulated`` (the default on
the ``mock`` backend) the simulator panel's buttons are the hands instead. A live table on the mock
backend runs at a real table's pace (its clock is the monotonic one), which is how it is tested here.

Kivy-free: the app passes ``post`` (``Clock.schedule_once``) and ``on_change`` (a redraw).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hauntable.table.backends import backend_name, load_backend
from hauntable.table.channel import Channel
from hauntable.table.clock import MonotonicClock
from hauntable.table.geisterstunde_referee import GeisterstundeReferee
from hauntable.table.layout import load_layout
from hauntable.table.live import LiveTable
from hauntable.table.refereeing import Verdict
from hauntable.table.registry import TagRegistry
from hauntable.ui.simulator import SimResult, sim_text, told_params

TABLES = ("live", "simulated")


def table_kind(table: str | None, backend: str | None, layout: str | None) -> str:
    """``live`` or ``simulated``: as configured, else live on the ``pi`` backend and simulated on the mock
    (``backend`` None: ``$HAUNTABLE_BACKEND``, else the layout's)."""
    if table is not None:
        if table not in TABLES:
            raise ValueError(f"unknown table {table!r}; known: {', '.join(TABLES)}")
        return table
    if backend is None:
        backend = backend_name(load_layout(layout))
    return "live" if backend == "pi" else "simulated"


class AppTable:
    """Backend, tag registry and live table for one game; the referee's latest message in ``message``.

    Raises what the backend raises when it cannot start (``BackendError``: no SPI, a missing package), so
    the app can say so and fall back to the simulator panel out loud.
    """

    def __init__(
        self,
        channel: Channel,
        *,
        layout: str | None,
        backend: str | None,
        registry: Path | str,
        post: Callable[[Callable[[], None]], None],
        on_change: Callable[[], None],
    ):
        table_layout = load_layout(layout)
        name = backend or backend_name(table_layout)
        clock: dict[str, Any] = {"clock": MonotonicClock()} if name == "mock" else {}
        self.backend = load_backend(table_layout, name, **clock)
        self.channel = channel
        self.message = ""
        self.verdict: Verdict | None = None  # the referee's latest message, for a screen that words its own
        self._on_change = on_change
        self._closed = False
        try:
            self.registry = TagRegistry(registry)
            self.table = LiveTable(
                channel,
                self.backend,
                self.registry,
                post=post,
                on_message=self._told,
                on_private=self._told_ghost,
            )
        except BaseException:
            self.backend.close()
            raise
        channel.bind(on_step=self._stepped)

    def _stepped(self, _step) -> None:
        """The game moved on (by the readers or a tap): the referee's last words are done with."""
        self.message = ""
        self.verdict = None

    def _told(self, _sentence: str) -> None:
        verdict = self.table.referee.told[-1]
        self.verdict = verdict
        if self.channel.session.game.name != "geisterstunde":  # the castle screen words its own verdicts
            self.message = sim_text(SimResult(False, "sim.referee", told_params(verdict)))
        self._on_change()

    def _told_ghost(self, _seat: int, _sentence: str) -> None:
        """Geisterstunde: the referee's words for the ghost alone (a plan card checked on its slot); the
        castle screen shows them worded so that they name no crest (``castle_view.table_line``)."""
        referee = self.table.referee
        assert isinstance(referee, GeisterstundeReferee)
        self.verdict = referee.private_told[-1]
        self._on_change()

    def close(self) -> None:
        """Stop the scanner, put the LEDs out, close the registry and the backend. Idempotent."""
        if self._closed:
            return
        self._closed = True
        self.table.close()
        self.registry.close()
        self.backend.close()
