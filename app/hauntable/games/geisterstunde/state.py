"""Geisterstunde game state: plain data, cloned before each input is applied, never changed once returned.

The ghost's plan is in the state (the engine keeps the whole truth), but it is a secret until revealed:
:func:`public_json` is the view any screen, export for a seat or bug report may show.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hauntable.engine.prompts import Prompt
from hauntable.games.geisterstunde.config import GameConfig

# players -> ghost seat -> the runners in turn order (G3.1), for the 2 to 4 players the game allows
_ORDER: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((ghost + i) % n for i in range(1, n)) for ghost in range(n)) for n in (2, 3, 4)
}


@dataclasses.dataclass
class State:
    """The whole truth of one game. ``awaiting`` is the one prompt the game waits for (None: over).

    ``rooms[seat]`` is where that seat's figure stands (the ghost's too, ``dungeon`` at first);
    ``hands[seat]`` its key cards. ``pile`` is the virtual draw pile with its top card LAST (empty in
    table mode, where the pile is on the table). ``turn`` is the seat acting now.
    """

    config: GameConfig
    seq: int
    round: int
    phase: str  # deal | plan | run | ghost | over
    ghost: int
    rooms: list[str]
    hands: list[tuple[str, ...]]
    pile: list[str]
    discards: list[str]
    rng: int
    turn: int
    plan: tuple[str, ...] = ()
    revealed: int = 0
    keys_played: int = 0  # this turn
    dealt: int = 0  # deal phase, table mode: cards the current seat has read so far
    swaps: int = 0  # deal phase: one-colour hands swapped for the current seat
    winner: int | None = None
    awaiting: Prompt | None = None

    def clone(self) -> State:
        """A copy whose ``rooms`` and ``hands`` can be changed in place.

        ``pile`` and ``discards`` stay shared with this state (most inputs leave them alone): the rules
        replace them with new lists, never change them in place.
        """
        new = object.__new__(State)
        new.__dict__ = self.__dict__.copy()
        new.rooms = list(self.rooms)
        new.hands = list(self.hands)
        return new

    @property
    def top(self) -> str | None:
        """The top card of the virtual pile (its back, the crest, is public), None when unknown or empty."""
        return self.pile[-1] if self.pile else None

    def runners(self) -> tuple[int, ...]:
        """The runners in turn order: from the ghost's left, clockwise (G3.1)."""
        return _ORDER[len(self.rooms)][self.ghost]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "geisterstunde",
            "seq": self.seq,
            "round": self.round,
            "phase": self.phase,
            "config": self.config.to_json(),
            "ghost": self.ghost,
            "rooms": list(self.rooms),
            "hands": [list(h) for h in self.hands],
            "pile_top_last": list(self.pile),
            "discards": list(self.discards),
            "rng": self.rng,
            "turn": self.turn,
            "plan": list(self.plan),
            "revealed": self.revealed,
            "keys_played": self.keys_played,
            "dealt": self.dealt,
            "swaps": self.swaps,
            "winner": self.winner,
            "awaiting": self.awaiting.to_json() if self.awaiting else None,
        }


def public_json(state: State) -> dict[str, Any]:
    """``to_json`` with the secrets filtered out: the unrevealed plan cards and the order of the pile.

    What is left is what everyone at the table can see: how many cards the ghost laid, those turned over,
    the crest on the back of the top card, the figures, and how many keys each hand holds.
    """
    data = state.to_json()
    data["plan"] = {"cards": len(state.plan), "revealed": list(state.plan[: state.revealed])}
    top = state.top
    data["pile_top_last"] = {"cards": len(state.pile), "top_crest": top.partition("-")[2] if top else None}
    data["hands"] = [len(h) for h in state.hands]
    data["rng"] = None
    awaiting = data["awaiting"]
    if awaiting is not None and awaiting["prompt"] in ("plan", "discard", "draw"):
        # the ghost's options, a hand's cards and the top card's front are for one seat only
        awaiting["choices"] = []
        awaiting.pop("cards", None)
        if awaiting.get("top"):
            awaiting["top"] = None
    return data
