"""Prompts: the one thing a game waits for next, typed, with who may answer it and how.

Every state carries exactly one prompt (``state.awaiting``), or ``None`` when the game is over. A prompt
lists the input kinds it accepts and, where the answers are finite, the legal inputs themselves, so the
UI can draw buttons, a bot can pick one and the text front-end can print them.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from hauntable.engine.inputs import Input


@dataclasses.dataclass(frozen=True)
class OptionText:
    """How a front-end words one option of a choice in its language: the catalog key ``option.<code>``
    and the names and numbers it needs (``steal`` with ``card=Axe``). The option itself, what the engine
    receives, stays the English text."""

    code: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, code: str, **params: Any) -> OptionText:
        return cls(code, tuple(params.items()))


def for_the_view(default: Any = ()) -> Any:
    """A prompt field that only says how to word the prompt: derived from the rest, so it is left out of
    ``to_json`` (and of the state's hash, which stays what it was without it)."""
    return dataclasses.field(default=default, metadata={"view": True})


@dataclasses.dataclass(frozen=True)
class Prompt:
    """Base of every prompt. Subclasses set ``kind`` and ``accepts`` and may override ``choices()``.

    ``player`` is the seat that must answer (None: whoever is at the table, e.g. a tile placement read
    by the table). ``text`` is the English sentence shown to players.
    """

    kind: ClassVar[str] = ""
    accepts: ClassVar[tuple[str, ...]] = ()

    player: int | None
    text: str

    def choices(self) -> tuple[Input, ...]:
        """Every legal answer when they can be listed; empty when the answer is open (dice faces)."""
        return ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"prompt": self.kind}
        for f in dataclasses.fields(self):
            if not f.metadata.get("view"):
                out[f.name] = _jsonable(getattr(self, f.name))
        out["choices"] = [str(c) for c in self.choices()]
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, Input):
        return str(value)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


@dataclasses.dataclass(frozen=True)
class RollDice(Prompt):
    """Roll ``dice`` dice for ``purpose``. Answered by a roll input with exactly that many faces.

    ``target`` is the total needed to succeed, when there is one (a trait roll of 4+ has target 4);
    ``trait`` names the trait a trait roll uses. ``purpose_text``: how a front-end words a rule's purpose
    (``purpose.<code>`` with its names); without it (a card's or a room's name) the purpose is shown as is.
    """

    kind: ClassVar[str] = "roll"
    accepts: ClassVar[tuple[str, ...]] = ("roll",)

    dice: int = 0
    purpose: str = ""
    trait: str | None = None
    target: int | None = None
    purpose_text: OptionText | None = dataclasses.field(default=None, metadata={"view": True})  # for_the_view
