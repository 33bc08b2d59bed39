"""The reducer contract every game implements and the game registry (replay, the fold of ``apply``, is
:func:`hauntable.engine.takeback.replay`: a log may hold take backs)."""

from __future__ import annotations

import importlib
import operator
from typing import Any, NamedTuple, Protocol

from hauntable.engine.inputs import Input, InputRegistry
from hauntable.engine.outcomes import Outcome
from hauntable.engine.prompts import Prompt
from hauntable.engine.rejections import Rejection, UnreadableInput


class GameState(Protocol):
    """What the engine needs of a game's state: a sequence number, the awaited prompt and a JSON form."""

    seq: int
    awaiting: Prompt | None

    def to_json(self) -> dict[str, Any]: ...


class _StepFields(NamedTuple):
    state: Any
    outcomes: tuple[Outcome, ...] = ()


class Step(_StepFields):
    """The result of starting a game or applying one input: the new state, what happened, what comes next.

    A named tuple (immutable, cheap to build): one is made for every input applied."""

    __slots__ = ()

    # a C getter, not a Python method: bot loops ask it once or twice for every input applied
    # (no annotation: in a NamedTuple that would make it a field)
    awaiting = property(
        operator.attrgetter("state.awaiting"), doc="The prompt the game waits for (a Prompt); None when over."
    )

    @property
    def over(self) -> bool:
        return self.state.awaiting is None


class GameDefinition(Protocol):
    """A game: its name, the inputs it reads, how to start it and how to apply one input.

    Must provide ``name``, ``inputs``, ``config_from_json``, ``new_game`` and ``apply``. ``apply`` must not
    mutate the state it is given, must raise a :class:`Rejection` before building anything when the input
    does not fit, and must bump ``seq`` by one for each accepted input.
    """

    name: str
    inputs: InputRegistry

    def config_from_json(self, data: dict[str, Any]) -> Any: ...

    def new_game(self, config: Any) -> Step: ...

    def apply(self, state: Any, inp: Input) -> Step: ...


_GAMES = {
    "betrayal": "hauntable.games.betrayal:GAME",
    "geisterstunde": "hauntable.games.geisterstunde:GAME",
}
_ALIASES = {
    "betrayal-at-house-on-the-hill": "betrayal",
    "bahoth": "betrayal",
    "ghost-hour": "geisterstunde",
}


def game_names() -> list[str]:
    return sorted(_GAMES)


def find_game(name: str) -> GameDefinition:
    """Look a game up by name or alias. Raises UnreadableInput for an unknown name."""
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in _GAMES:
        raise UnreadableInput(f"Unknown game {name!r}; known games: {', '.join(game_names())}.", "E1")
    module, attr = _GAMES[key].split(":")
    game: GameDefinition = getattr(importlib.import_module(module), attr)
    return game


class ReplayError(Rejection):
    """An input in a replayed log was refused; ``index`` is its 0-based position among the inputs."""

    code = "replay/rejected"

    def __init__(self, index: int, inp: Input | str, cause: Rejection):
        super().__init__(f"input {index + 1} ({inp}) was refused: {cause.sentence}", cause.rule)
        self.index = index
        self.cause = cause
