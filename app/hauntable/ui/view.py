"""The controller's front-end as the controller sees it: the Kivy app, or a test's recorder."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class View(Protocol):
    """What the controller asks of its front-end (the Kivy app, or a test's recorder)."""

    def post(self, job: Callable[[], None]) -> None:
        """Run ``job`` soon on the view's own thread (the scanner's and the tower's threads hop here)."""

    def redraw(self) -> None:
        """Redraw the current screen soon; several calls in one frame draw once."""

    def go(self, screen: str) -> None:
        """Show ``screen`` (attract, setup, play, castle, ...)."""

    def changed(self) -> None:
        """Something the screens show outside the game changed (language, notice, resume offer, tower)."""
