"""Which floor the play screen shows large, and which cell it centres on. Kivy-free and pure.

What the game is about right now: the cells a tile or a target is awaited on, the tile being turned, the
floor being rearranged, the monster acting in the monster turn, else the explorer whose turn it is.
"""

from __future__ import annotations

from hauntable.games.betrayal.inputs import Target
from hauntable.games.betrayal.prompts import (
    AwaitTile,
    ChooseRotation,
    ChooseTarget,
    MonsterTurn,
    RearrangeFloor,
)
from hauntable.games.betrayal.state import State

Focus = tuple[str, tuple[int, int] | None]


def map_focus(state: State) -> Focus | None:
    """(floor, cell or None) the map should show large and centre on; None when nothing says."""
    prompt = state.awaiting
    if isinstance(prompt, AwaitTile) and prompt.cells:
        return prompt.floor, tuple(prompt.cells[0])  # type: ignore[return-value]
    if isinstance(prompt, ChooseTarget) and prompt.targets:
        t = prompt.targets[0]
        if isinstance(t, Target):
            return t.floor, (t.x, t.y)
    if isinstance(prompt, ChooseRotation):
        return prompt.floor, (prompt.x, prompt.y)
    if isinstance(prompt, RearrangeFloor):
        return prompt.floor, None
    room = None
    if isinstance(prompt, MonsterTurn) and state.haunt is not None and prompt.monster in state.haunt.monsters:
        room = state.haunt.monsters[prompt.monster].room
    elif state.explorers and 0 <= state.turn.seat < len(state.explorers):
        unseen = state.haunt is not None and state.turn.seat in state.haunt.unseen  # haunt 41: off the board
        room = None if unseen else state.explorers[state.turn.seat].room
    placed = state.house.get(room) if room else None
    if placed is None:
        return None
    return placed.floor, (placed.x, placed.y)
