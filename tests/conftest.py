"""Shared fixtures: a Betrayal game factory and a helper that applies text inputs."""

from __future__ import annotations

import pytest

from hauntable.engine.game import Step
from hauntable.games.betrayal import GAME, GameConfig


def start(*characters: str, **kwargs) -> Step:
    kwargs.setdefault("today", "11-30")
    return GAME.new_game(GameConfig.quick(*(characters or ("zoe", "ox", "vivian")), **kwargs))


def do(step: Step, *texts: str) -> Step:
    for text in texts:
        step = GAME.apply(step.state, GAME.inputs.parse(text))
    return step


@pytest.fixture
def game():
    return start
