"""Game-agnostic engine core: inputs, prompts, rejections, outcomes, dice and the reducer contract.

Every game implements :class:`~hauntable.engine.game.GameDefinition`::

    step = game.new_game(config)          # Step(state, outcomes, awaiting)
    step = game.apply(step.state, inp)    # raises a Rejection and changes nothing, or returns a new Step

The engine does no I/O, reads no clock and never imports :mod:`random`; chance arrives as inputs
(dice faces) or from the seeded generator kept inside the state (virtual decks and room stack).
"""

from hauntable.engine.game import GameDefinition, Step, find_game
from hauntable.engine.hashing import state_hash
from hauntable.engine.inputs import Input, InputRegistry
from hauntable.engine.outcomes import Outcome
from hauntable.engine.prompts import Prompt
from hauntable.engine.rejections import (
    BadConfig,
    ContentError,
    HauntableError,
    IllegalAction,
    NotAwaited,
    Rejection,
    UnreadableInput,
)
from hauntable.engine.takeback import replay

__all__ = [
    "BadConfig",
    "ContentError",
    "GameDefinition",
    "HauntableError",
    "IllegalAction",
    "Input",
    "InputRegistry",
    "NotAwaited",
    "Outcome",
    "Prompt",
    "Rejection",
    "Step",
    "UnreadableInput",
    "find_game",
    "replay",
    "state_hash",
]
