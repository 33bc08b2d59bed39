"""The scripted haunts by number (``SCENARIOS``): one module per haunt the table runs itself, each a
:class:`~hauntable.games.betrayal.haunts.script.Scenario` (docs/haunts.md lists all 50). Their base class
and the helpers they share are in script.py; the rule set (ruleset.py) hands these to the rules.
"""

from __future__ import annotations

from hauntable.games.betrayal.haunts import (
    h01_bound_spirit,
    h04_crawling_horde,
    h06_beast_below,
    h12_hungry_house,
    h13_exorcism,
    h21_locked_door,
    h34_stranger,
    h37_rising_water,
)
from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.games.betrayal.haunts.script import Scenario

SCRIPTS: tuple[type[Scenario], ...] = (
    h01_bound_spirit.BoundSpirit,
    h04_crawling_horde.CrawlingHorde,
    h06_beast_below.BeastBelow,
    h12_hungry_house.HungryHouse,
    h13_exorcism.Exorcism,
    h21_locked_door.LockedDoor,
    h34_stranger.Stranger,
    h37_rising_water.RisingWater,
)


def _by_number(scripts: tuple[type[Scenario], ...]) -> dict[int, Scenario]:
    out: dict[int, Scenario] = {}
    for cls in scripts:
        if cls.number in out:
            raise ValueError(f"haunt {cls.number} scripted twice")
        out[cls.number] = cls()
    return out


# a printed haunt with a file is refereed from it; our own scenarios stand only where no file exists yet
SCENARIOS: dict[int, Scenario] = {**_by_number(SCRIPTS), **PRINTED}

__all__ = ["SCENARIOS", "SCRIPTS", "Scenario"]
