"""A small deterministic generator (SplitMix64) whose whole state is one integer.

Kept in game state for the virtual room stack and card decks, so a game with no table devices is still a
pure fold of its inputs; the engine never touches :mod:`random` or the clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64. ``state`` can be stored and a new ``Rng(state, raw=True)`` continues the sequence."""

    __slots__ = ("state",)

    def __init__(self, seed: int, raw: bool = False):
        self.state = (seed if raw else seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E5F5) & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n).

        The SplitMix64 step is written out here rather than calling :meth:`next64`: bots and shuffles call
        this for every choice, and the saved call is a tenth of a bot's move. Same sequence either way.
        """
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK - (_MASK % n)
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            v = z ^ (z >> 31)
            if v < limit:
                self.state = state
                return v % n

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A Fisher-Yates shuffled copy of ``items``."""
        out = list(items)
        below = self.below
        for i in range(len(out) - 1, 0, -1):
            j = below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
