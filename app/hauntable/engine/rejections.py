"""Typed errors. A rejection says in one sentence what was wrong and which rule it enforces.

The UI shows ``.sentence``; tests match ``.code`` and ``.rule`` (rule ids are numbered in docs/rules.md).
A rejection is raised before anything changes: the caller still holds the untouched state.
"""

from __future__ import annotations


class HauntableError(Exception):
    """Base of every error this project raises on purpose."""

    code = "error"


class Rejection(HauntableError, ValueError):
    """An input the game refuses. Carries ``code``, a human ``sentence`` and the ``rule`` id it enforces."""

    code = "rejected"

    def __init__(self, sentence: str, rule: str | None = None):
        super().__init__(sentence)
        self.sentence = sentence
        self.rule = rule

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.sentence!r}, rule={self.rule!r})"

    def to_json(self) -> dict[str, str | None]:
        return {"code": self.code, "sentence": self.sentence, "rule": self.rule}


class UnreadableInput(Rejection):
    """The input cannot be understood at all: malformed text, unknown kind, unknown name or tag."""

    code = "input/unreadable"


class NotAwaited(Rejection):
    """A well-formed input the game is not waiting for now (a roll nobody asked for, a stale tap)."""

    code = "input/not_awaited"


class IllegalAction(Rejection):
    """An awaited kind of input that breaks a rule (a tile on the wrong floor, a move past a false door)."""

    code = "rule/illegal"


class BadConfig(HauntableError, ValueError):
    """A game configuration that cannot start a game (2 players, an unknown character, ...)."""

    code = "config/invalid"


class ContentError(HauntableError, ValueError):
    """A game data file that fails validation. The message names the file, the entry and the field."""

    code = "content/invalid"

    def __init__(self, file: str, entry: str, field: str, problem: str, reason: str = "", **params: str):
        super().__init__(f"{file}: {entry}: {field}: {problem}")
        self.file, self.entry, self.field, self.problem = file, entry, field, problem
        # a check a screen words in its own language (the castle board editor): its name and its names
        self.reason, self.params = reason, params
