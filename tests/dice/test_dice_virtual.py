"""The virtual tower and the fallback to it: same consumer path, a source that says ``virtual:``."""

from __future__ import annotations

import pytest

from hauntable.table.clock import SimClock
from hauntable.table.dice_link.supply import DiceSupply, open_dice
from hauntable.table.dice_link.virtual import VirtualTower
from hauntable.table.events import DeviceClosed


class FakeTower:
    def __init__(self, ready: bool):
        self.is_ready = ready
        self.source = "tower:1"
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_virtual_rolls_are_seeded_and_say_where_they_came_from():
    offered = []
    v = VirtualTower(seed=7, on_roll=lambda faces, source: offered.append((faces, source)) or True)
    a, b = v.throw(3), v.throw(2)
    assert (a.source, b.source) == ("virtual:seed=7#1", "virtual:seed=7#2")
    assert offered == [(a.faces, a.source), (b.faces, b.source)]
    assert VirtualTower(seed=7).throw(3).faces == a.faces
    assert all(f in (0, 1, 2) for f in a.faces + b.faces) and len(a.faces) == 3


def test_virtual_tower_reports_the_verdict_and_fires_when_rolled():
    v = VirtualTower(seed=1, on_roll=lambda faces, source: False)
    seen = []
    v.when_rolled = seen.append
    roll = v.throw(2)
    assert not roll.taken and seen == [roll] and v.wait_for_roll(timeout=0) == roll
    assert v.wait_for_roll(timeout=0) is None


def test_a_closed_virtual_tower_refuses_to_roll():
    with VirtualTower(seed=1) as v:
        pass
    with pytest.raises(DeviceClosed):
        v.throw(1)
    assert "closed" in repr(v)


def test_without_a_tower_every_requested_roll_is_virtual():
    supply = open_dice(None, seed=3)
    assert supply.source == "virtual:seed=3"
    roll = supply.roll_requested(2)
    assert roll is not None and roll.source == "virtual:seed=3#1"


def test_a_ready_tower_answers_and_a_dead_one_falls_back_after_a_grace_period():
    clock = SimClock()
    tower = FakeTower(ready=True)
    supply = DiceSupply(tower, VirtualTower(seed=5), clock=clock.now)
    assert supply.roll_requested(3) is None and supply.source == "tower:1"
    tower.is_ready = False  # unplugged: give the replug a moment before computing dice
    assert supply.roll_requested(3) is None
    clock.advance(supply.FALLBACK_AFTER)
    roll = supply.roll_requested(3)
    assert (
        roll is not None and roll.source.startswith("virtual:seed=5#") and supply.source == "virtual:seed=5"
    )
    tower.is_ready = True
    assert supply.roll_requested(1) is None
    supply.close()
    assert tower.closed


def test_a_configured_but_missing_tower_falls_back_to_virtual(tmp_path):
    supply = open_dice(str(tmp_path / "ttyACM9"), seed=2)
    try:
        supply.FALLBACK_AFTER = 0.0
        assert not supply.using_tower
        assert supply.roll_requested(2).source == "virtual:seed=2#1"
    finally:
        supply.close()
    assert supply.tower.closed
