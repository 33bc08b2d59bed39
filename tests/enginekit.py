"""Test helpers for any game on the engine contract: apply inputs given as text, expect a refusal.

The per-game kits (``gamekit`` for Betrayal, ``geistkit`` for Geisterstunde) bind these to their game.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.game import Step
from hauntable.engine.hashing import state_hash
from hauntable.engine.rejections import Rejection


def do_with(game: Any, step: Step, *texts: str) -> Step:
    """Apply inputs given as text, in order."""
    for text in texts:
        step = game.apply(step.state, game.inputs.parse(text))
    return step


def refused_with(game: Any, step: Step, text: str) -> Rejection:
    """Apply an input that must be refused; check the state is untouched and return the rejection."""
    before = state_hash(step.state)
    try:
        game.apply(step.state, game.inputs.parse(text))
    except Rejection as exc:
        assert state_hash(step.state) == before
        return exc
    raise AssertionError(f"{text!r} was accepted")
