"""What Geisterstunde tells the take-back timeline (rule E3, :mod:`hauntable.engine.takeback`)."""

from __future__ import annotations

from collections.abc import Hashable

from hauntable.engine.inputs import Input
from hauntable.engine.rejections import IllegalAction
from hauntable.games.geisterstunde.state import State

REVEALING = ("reveal", "catch")  # the ghost's next plan card turned over, the ghost found (G5)


def turn_of(state: State) -> Hashable:
    """One value per turn: round, phase and the seat acting."""
    return (state.round, state.phase, state.turn)


def revealed(before: State, inp: Input, after: State) -> IllegalAction | None:
    """Why ``inp`` stays: a key card drawn or the pile shuffled (E3.3), a plan card turned over or the
    ghost's catch (E3.4). None: it revealed nothing."""
    if before.pile != after.pile or before.rng != after.rng:
        return IllegalAction("A card was drawn from a virtual deck: it cannot be taken back.", "E3.3")
    if inp.kind in REVEALING:
        return IllegalAction("A secret was revealed: it cannot be taken back.", "E3.4")
    return None
