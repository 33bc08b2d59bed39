"""Outcomes: what a player should see or hear after an accepted input."""

from __future__ import annotations

from typing import Any, NamedTuple


class Outcome(NamedTuple):
    """One thing that happened, as an English sentence plus a stable ``code`` and ``params`` for translation.

    Immutable; a named tuple rather than a frozen dataclass because a game says a few of these for every
    input applied, and a frozen dataclass costs twice as much to build.

    >>> Outcome("Zoe takes 2 physical damage", "damage", (("who", "Zoe"), ("amount", 2))).text
    'Zoe takes 2 physical damage'
    """

    text: str
    code: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "code": self.code, "params": dict(self.params)}
