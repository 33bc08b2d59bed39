"""Betrayal at House on the Hill (2nd edition base game): content, rules and the game definition."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.games.betrayal import take_back
from hauntable.games.betrayal.config import GameConfig, HouseRules, PlayerSpec
from hauntable.games.betrayal.inputs import INPUTS
from hauntable.games.betrayal.rules import apply, new_game
from hauntable.games.betrayal.state import State


class Betrayal:
    """The game definition the engine, the log and the front-ends use."""

    name = "betrayal"
    inputs = INPUTS

    def config_from_json(self, data: dict[str, Any]) -> GameConfig:
        return GameConfig.from_json(data)

    def new_game(self, config: GameConfig) -> Step:
        return new_game(config)

    # the rules' apply itself (no method in between: a replay calls it for every input)
    apply: Callable[[State, Input], Step] = staticmethod(apply)

    # what a take back may undo (rule E3, engine/takeback.py)
    turn_of = staticmethod(take_back.turn_of)
    revealed = staticmethod(take_back.revealed)


GAME = Betrayal()

__all__ = ["GAME", "GameConfig", "HouseRules", "PlayerSpec", "State", "apply", "new_game"]
