"""The dice model and seeded virtual dice.

Betrayal dice have faces 0, 0, 1, 1, 2, 2 and there are 8 in the box. A roll reaches the engine as a tuple
of faces, whatever its source (a dice tower, the virtual tower, entry by hand).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from hauntable.engine.rng import Rng

BETRAYAL_FACES: tuple[int, ...] = (0, 0, 1, 1, 2, 2)
BETRAYAL_DICE_IN_BOX = 8


@dataclasses.dataclass(frozen=True)
class DiceKind:
    """A kind of die: the faces it shows, and how many the box holds."""

    name: str
    faces: tuple[int, ...]
    in_box: int

    @property
    def values(self) -> frozenset[int]:
        return frozenset(self.faces)


BETRAYAL_DIE = DiceKind("betrayal", BETRAYAL_FACES, BETRAYAL_DICE_IN_BOX)
SIX_SIDED_DIE = DiceKind("d6", (1, 2, 3, 4, 5, 6), 1)


class VirtualDice:
    """A seeded dice tower stand-in. Each roll's source names the seed and the roll number.

    >>> d = VirtualDice(seed=7)
    >>> faces, source = d.roll(3)
    >>> len(faces), source
    (3, 'virtual:seed=7#1')
    >>> VirtualDice(seed=7).roll(3)[0] == faces
    True
    """

    def __init__(self, seed: int, kind: DiceKind = BETRAYAL_DIE, name: str = "virtual"):
        self.seed = seed
        self.kind = kind
        self.name = name  # the source's first word: "virtual", the simulator's "virtual-tower"
        self.count = 0
        self._rng = Rng(seed)

    @property
    def prefix(self) -> str:
        """What every roll's source starts with, up to its number."""
        return f"{self.name}:seed={self.seed}#"

    def roll(self, n: int) -> tuple[tuple[int, ...], str]:
        self.count += 1
        faces = tuple(self.kind.faces[self._rng.below(len(self.kind.faces))] for _ in range(n))
        return faces, f"{self.prefix}{self.count}"

    def wind_past(self, rolls: Iterable[tuple[str, int]]) -> VirtualDice:
        """Roll on past the rolls of these dice already made (``(source, number of dice)`` as logged), so
        dice made again for a resumed game throw new faces, never the ones replayed; rolls from other
        sources are skipped. The next roll is numbered after the highest one logged.

        >>> d = VirtualDice(7)
        >>> _, source = d.roll(3)
        >>> again = VirtualDice(7).wind_past([(source, 3)])
        >>> again.roll(3) == d.roll(3)
        True
        """
        prefix = self.prefix
        for source, n in rolls:
            if source.startswith(prefix):
                self.roll(n)
                number = source[len(prefix) :]
                if number.isdigit():
                    self.count = max(self.count, int(number))
        return self


class FixedDice:
    """Dice for tests: hands out the given faces in order, as many as each roll asks for."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)

    def roll(self, n: int) -> tuple[tuple[int, ...], str]:
        if len(self._faces) < n:
            raise IndexError(f"FixedDice ran out: {n} faces asked, {len(self._faces)} left")
        out, self._faces = tuple(self._faces[:n]), self._faces[n:]
        return out, "fixed"
