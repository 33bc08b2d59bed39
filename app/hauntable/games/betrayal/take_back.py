"""What Betrayal tells the take-back timeline (rule E3, :mod:`hauntable.engine.takeback`): which turn a
state is in, and which inputs showed something hidden and so can never be taken back."""

from __future__ import annotations

from collections.abc import Hashable

from hauntable.engine.inputs import Input
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.state import State


def turn_of(state: State) -> Hashable:
    """One value per turn: the phase, the round and seat, and during the haunt its round and place in
    the turn order (the monsters' turn is a turn of its own)."""
    haunt = state.haunt
    if haunt is None:
        return (state.phase, state.round, state.turn.seat)
    return (state.phase, state.round, state.turn.seat, haunt.round, haunt.at)


def revealed(before: State, inp: Input, after: State) -> IllegalAction | None:
    """Why ``inp`` stays: dice rolled (E3.1), a tile (E3.2) or card (E3.3) drawn from a virtual source or
    anything else the seeded generator decided, a secret token shown (E3.4). None: it revealed nothing."""
    if inp.kind == "roll":
        return IllegalAction("Dice were rolled: a roll cannot be taken back.", "E3.1")
    config = before.config
    if config.rooms == "virtual" and before.stack is not after.stack and before.stack != after.stack:
        return IllegalAction("A room tile was drawn from the virtual stack: it cannot be taken back.", "E3.2")
    if (config.cards == "virtual" and before.decks is not after.decks and before.decks != after.decks) or (
        before.rng != after.rng
    ):
        return IllegalAction("A card was drawn from a virtual deck: it cannot be taken back.", "E3.3")
    if inp.kind == "reveal":
        return IllegalAction("A secret was revealed: it cannot be taken back.", "E3.4")
    return None
