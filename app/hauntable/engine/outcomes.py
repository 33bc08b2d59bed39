"""Outcomes: what a player should see or hear after an accepted input."""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class Outcome:
    """One thing that happened, as an English sentence plus a stable ``code`` and ``params`` for translation.

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
