"""Geisterstunde (Ravensburger, 2002): the castle, the key deck, the ghost's plan, and the game definition.

One player is the ghost and plans a secret path through the walls; the others spend keys to walk through
doors of matching colours towards an exit. Whoever the ghost finds becomes the ghost. See
docs/geisterstunde.md.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.game import Step
from hauntable.games.geisterstunde import take_back
from hauntable.games.geisterstunde.config import GameConfig, HouseRules
from hauntable.games.geisterstunde.inputs import INPUTS
from hauntable.games.geisterstunde.rules import apply, new_game
from hauntable.games.geisterstunde.state import State, public_json


class Geisterstunde:
    """The game definition the engine, the log and the front-ends use."""

    name = "geisterstunde"
    inputs = INPUTS

    def config_from_json(self, data: dict[str, Any]) -> GameConfig:
        return GameConfig.from_json(data)

    def new_game(self, config: GameConfig) -> Step:
        return new_game(config)

    # the rules' own function, not a method calling it: one call less for every input applied
    apply = staticmethod(apply)

    # what a take back may undo (rule E3, engine/takeback.py)
    turn_of = staticmethod(take_back.turn_of)
    revealed = staticmethod(take_back.revealed)


GAME = Geisterstunde()

__all__ = ["GAME", "GameConfig", "HouseRules", "State", "apply", "new_game", "public_json"]
