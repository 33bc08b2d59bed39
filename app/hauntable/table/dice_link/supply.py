"""Where the next roll comes from: the tower while its link is up, otherwise the virtual tower.

The referee calls :meth:`DiceSupply.roll_requested` whenever the game awaits a roll. With a working tower
that returns None (the players throw real dice, and the roll arrives through the consumer); with no tower
configured, or one that has not been ready for FALLBACK_AFTER seconds (unplugged, wrong firmware), the
virtual tower throws at once and the roll's source says ``virtual:``. Entry on screen (``source=hand``)
is the UI's third option and needs nothing from here.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from hauntable.table.dice_link.rolls import DiceRoll, RollConsumer
from hauntable.table.dice_link.virtual import VirtualTower

log = logging.getLogger(__name__)


class DiceSupply:
    """A tower (or None) and the virtual tower standing in for it."""

    FALLBACK_AFTER = 2.0  # s a configured tower may be not-ready (a replug) before virtual dice take over

    def __init__(self, tower, virtual: VirtualTower, clock: Callable[[], float] = time.monotonic):
        self.tower = tower
        self.virtual = virtual
        self._clock = clock
        self._not_ready_since: float | None = None

    @property
    def using_tower(self) -> bool:
        """True while rolls should come from the physical tower."""
        if self.tower is None:
            return False
        if self.tower.is_ready:
            self._not_ready_since = None
            return True
        now = self._clock()
        if self._not_ready_since is None:
            self._not_ready_since = now
        return now - self._not_ready_since < self.FALLBACK_AFTER

    @property
    def source(self) -> str:
        """Which device answers the next roll: ``tower:1`` or ``virtual:seed=7``."""
        return self.tower.source if self.using_tower else self.virtual.source

    def roll_requested(self, count: int) -> DiceRoll | None:
        """The game awaits ``count`` dice: None if the tower will answer, else the virtual roll delivered."""
        if self.using_tower:
            return None
        if self.tower is not None:
            log.warning("dice tower %r not ready; rolling virtual dice", self.tower)
        return self.virtual.throw(count)

    def close(self) -> None:
        if self.tower is not None:
            self.tower.close()
        self.virtual.close()


def open_dice(port: str | None, seed: int, on_roll: RollConsumer | None = None, **tower_kwargs) -> DiceSupply:
    """The dice for a table: a DiceTower on ``port`` when one is configured, always with a virtual fallback.

    A configured port that is missing does not raise: the tower keeps trying to open it, and the supply
    falls back to virtual dice (with a warning naming the tower) until it answers.
    """
    virtual = VirtualTower(seed, on_roll)
    if port is None:
        log.info("no dice tower configured: virtual dice (seed %d)", seed)
        return DiceSupply(None, virtual)
    from hauntable.table.dice_link.tower import DiceTower

    return DiceSupply(DiceTower(port, on_roll, **tower_kwargs), virtual)
