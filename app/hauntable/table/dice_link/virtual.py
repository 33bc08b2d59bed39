"""The virtual tower: seeded dice with the same API and the same consumer path as a real tower.

Used when no tower is configured or the configured one is not answering (see :class:`DiceSupply`).
Its rolls say so: ``source="virtual:seed=7#12"`` (the seed and the roll number), so a game log shows
which rolls were thrown and which were computed, and a replay reproduces them.

>>> v = VirtualTower(seed=7)
>>> v.throw(3).source
'virtual:seed=7#1'
"""

from __future__ import annotations

import queue
from typing import Any

from hauntable.engine.dice import BETRAYAL_DIE, DiceKind, VirtualDice
from hauntable.table.dice_link.rolls import DiceRoll, RollConsumer
from hauntable.table.events import DeviceClosed, EventsMixin


class VirtualTower(EventsMixin):
    """Rolls on demand: ``throw(count)`` hands the faces to ``on_roll`` and returns the delivered roll."""

    _events = ("rolled",)

    def __init__(self, seed: int, on_roll: RollConsumer | None = None, kind: DiceKind = BETRAYAL_DIE):
        self.seed = seed
        self.on_roll = on_roll
        self._dice = VirtualDice(seed, kind)
        self._rolls: queue.Queue[DiceRoll] = queue.Queue()
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def is_ready(self) -> bool:
        return not self._closed

    @property
    def source(self) -> str:
        return f"virtual:seed={self.seed}"

    def throw(self, count: int) -> DiceRoll:
        """Roll ``count`` dice and deliver them like a tower would.

        Raises:
            DeviceClosed: the virtual tower was closed.
        """
        if self._closed:
            raise DeviceClosed(f"{self!r} is closed")
        faces, source = self._dice.roll(count)
        taken = True if self.on_roll is None else bool(self.on_roll(faces, source))
        roll = DiceRoll(faces, source, taken)
        self._fire("rolled", roll)
        self._rolls.put(roll)
        return roll

    def wait_for_roll(self, timeout: float | None = None) -> DiceRoll | None:
        try:
            return self._rolls.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self._closed = True

    def __enter__(self) -> VirtualTower:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else f"rolls={self._dice.count}"
        return f"<VirtualTower seed={self.seed} {state}>"
