"""The firmware's main loop in a subprocess behind a real pty, the host's DiceTower on the other end.

Every fault the issue names: dropped, corrupted, duplicated and truncated frames, a lost ACK, a tower
reset before and after a roll is written and while dice settle, the pty closed and reopened. In each,
every roll reaches the consumer exactly once, in order. The basic exchange also runs under the
MicroPython unix port, so the loop itself is proven on MicroPython.
"""

from __future__ import annotations

import threading
import time

import pytest

from hauntable.table.dice_link.link import LinkState
from hauntable.table.dice_link.simulated import SimulatedDiceTower, micropython_binary
from hauntable.table.dice_link.tower import DiceTower

INTERPRETERS = ["cpython"] + (["micropython"] if micropython_binary() else [])


class Referee:
    """Records every roll it is offered; takes them all unless told otherwise."""

    def __init__(self, take: bool = True):
        self.rolls: list[tuple[tuple[int, ...], str]] = []
        self.take = take
        self.lock = threading.Lock()

    def __call__(self, faces: tuple[int, ...], source: str) -> bool:
        with self.lock:
            self.rolls.append((faces, source))
        return self.take

    def faces(self) -> list[tuple[int, ...]]:
        return [f for f, _s in self.rolls]


def wait_until(predicate, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


@pytest.fixture
def sim_factory(tmp_path):
    made: list[SimulatedDiceTower] = []

    def make(**kwargs) -> SimulatedDiceTower:
        sim = SimulatedDiceTower(tmp_path / f"sim{len(made)}", **kwargs)
        made.append(sim)
        return sim

    yield make
    for sim in made:
        sim.close()


def open_tower(sim: SimulatedDiceTower, referee: Referee, **kwargs) -> DiceTower:
    tower = DiceTower(sim.path, referee, **kwargs)
    assert tower.wait_for_state(LinkState.READY, timeout=5), repr(tower)
    return tower


def throw_and_wait(sim: SimulatedDiceTower, tower: DiceTower, faces: tuple[int, ...], timeout: float = 5.0):
    sim.throw(*faces)
    roll = tower.wait_for_roll(timeout=timeout)
    assert roll is not None, f"no roll for {faces}: {tower!r}, tower stderr {sim.stderr[-5:]}"
    sim.clear()
    time.sleep(0.01)  # the tray reads empty before the next throw
    return roll


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_a_roll_crosses_the_pty_once(sim_factory, interpreter):
    sim = sim_factory(interpreter=interpreter)
    referee = Referee()
    with open_tower(sim, referee) as tower:
        seen = []
        tower.when_rolled = seen.append
        roll = throw_and_wait(sim, tower, (2, 1, 0))
        assert roll.faces == (2, 1, 0) and roll.taken and seen == [roll]
        assert roll.source == f"tower:1#{tower.info.boot}.1"
        assert tower.info.fw == "sim" and tower.info.wells == 8
        throw_and_wait(sim, tower, (0, 2))
        time.sleep(0.3)  # long enough for a resend, had an ACK gone missing
        assert referee.faces() == [(2, 1, 0), (0, 2)]
        assert wait_until(lambda: sim.pending_in_flash() == [])
        assert tower.health().bad_frames == 0 and tower.health().duplicates == 0


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_damaged_frames_are_survived_exactly_once_in_order(sim_factory, interpreter):
    faults = ["tx1:drop", "tx3:bad_crc", "tx5:dup", "tx6:truncate", "tx8:noise"]
    sim = sim_factory(faults=faults, interpreter=interpreter)
    referee = Referee()
    rolls = [(1,), (2, 2), (0, 1, 2), (1, 1), (2,)]
    with open_tower(sim, referee) as tower:
        for faces in rolls:
            throw_and_wait(sim, tower, faces)
        time.sleep(0.3)
        assert referee.faces() == rolls
        health = tower.health()
        assert health.bad_frames >= 3 and health.duplicates >= 1
        assert {"crc", "not_ascii"} <= set(health.bad_by_reason)  # a truncated line runs into the next: crc
        assert [int(s.rpartition(".")[2]) for _f, s in referee.rolls] == [1, 2, 3, 4, 5]


def test_a_lost_ack_brings_a_resend_that_is_dropped(sim_factory):
    sim = sim_factory(faults=["rx1:drop"])
    referee = Referee()
    with open_tower(sim, referee) as tower:
        throw_and_wait(sim, tower, (2, 2))
        assert wait_until(lambda: tower.health().duplicates == 1)
        assert wait_until(lambda: sim.pending_in_flash() == [])
        assert referee.faces() == [(2, 2)]


def test_a_refused_roll_is_acked_and_not_resent_forever(sim_factory):
    sim = sim_factory()
    referee = Referee(take=False)
    with open_tower(sim, referee) as tower:
        roll = throw_and_wait(sim, tower, (1,))
        assert not roll.taken
        assert wait_until(lambda: sim.pending_in_flash() == [])
        time.sleep(0.3)
        assert len(sim.sent) == 1 and referee.faces() == [(1,)]


def test_a_reset_before_the_roll_is_written_resends_it_from_flash(sim_factory):
    sim = sim_factory(faults=["tx1:reset_before"])
    referee = Referee()
    with open_tower(sim, referee) as tower:
        first_boot = tower.info.boot
        roll = throw_and_wait(sim, tower, (2, 0, 1))
        assert roll.source == f"tower:1#{first_boot}.1"  # the identity it was given before the reset
        assert sim.exits[:1] == [3] and wait_until(lambda: tower.health().tower_resets == 1)
        throw_and_wait(sim, tower, (1,))
        assert referee.faces() == [(2, 0, 1), (1,)]
        assert referee.rolls[1][1] == f"tower:1#{tower.info.boot}.1" and tower.info.boot != first_boot


def test_a_reset_after_the_roll_is_written_does_not_apply_it_twice(sim_factory):
    sim = sim_factory(faults=["tx1:reset"])
    referee = Referee()
    with open_tower(sim, referee) as tower:
        throw_and_wait(sim, tower, (1, 2))
        assert wait_until(lambda: tower.health().tower_resets == 1)
        # resent from flash by the new boot and ACKed "dup" (or, if our ACK beat the reboot's drain, taken
        # off by it): either way forgotten, and handed to the referee once
        assert wait_until(lambda: sim.pending_in_flash() == [])
        throw_and_wait(sim, tower, (0,))
        assert referee.faces() == [(1, 2), (0,)]


def test_a_reset_while_dice_settle_is_reported_not_guessed(sim_factory):
    sim = sim_factory(settle_ms=300)
    referee = Referee()
    with open_tower(sim, referee) as tower:
        sim.throw(2, 2)
        time.sleep(0.05)
        sim.reset(lying=(2, 2))  # the dice still lie there; the rebooted tower never saw them come down
        assert wait_until(lambda: any(f.code == "stale" for f in tower.faults))
        time.sleep(0.5)
        assert referee.rolls == [] and sim.sent == []  # neither guessed nor sent
        sim.clear()
        time.sleep(0.02)
        throw_and_wait(sim, tower, (0, 1))
        assert referee.faces() == [(0, 1)]


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_the_pty_closed_and_reopened_with_a_roll_pending(sim_factory, interpreter):
    sim = sim_factory(faults=["tx1:drop"], resend_ms=400, interpreter=interpreter)
    referee = Referee()
    states: list[LinkState] = []
    with open_tower(sim, referee) as tower:
        tower.when_state_changed = states.append
        first_boot = tower.info.boot
        sim.throw(2, 1)
        assert sim.wait_sent(1)  # written (and lost on the wire), kept in flash
        sim.unplug()
        assert wait_until(lambda: tower.state is LinkState.LOST, timeout=3)
        time.sleep(0.2)
        sim.replug()
        assert tower.wait_for_state(LinkState.READY, timeout=3), repr(tower)
        assert tower.info.boot != first_boot
        roll = tower.wait_for_roll(timeout=3)
        assert roll is not None and roll.source == f"tower:1#{first_boot}.1"
        time.sleep(0.3)
        assert referee.faces() == [(2, 1)]
        assert LinkState.LOST in states and states[-1] is LinkState.READY
        assert tower.health().reconnects >= 1


def test_raw_traffic_goes_to_its_own_log(sim_factory, tmp_path):
    sim = sim_factory()
    log_path = tmp_path / "dice-serial.log"
    with open_tower(sim, Referee(), raw_log=log_path) as tower:
        throw_and_wait(sim, tower, (1,))
        time.sleep(0.05)
    text = log_path.read_text()
    assert ">>> b'HELLO 0 00000000 role=host" in text and "<<< b'ROLL 1 " in text and ">>> b'ACK 1 " in text


def test_a_missing_port_keeps_retrying_and_closes_cleanly(tmp_path):
    tower = DiceTower(str(tmp_path / "no-such-tty"))
    time.sleep(0.3)
    assert tower.state is LinkState.OPENING and "no-such-tty" in tower.health().last_error
    assert "state=opening" in repr(tower)
    tower.close()
    tower.close()  # idempotent
    assert tower.closed and "closed" in repr(tower)


def test_a_probe_checks_the_tower_but_leaves_its_rolls_for_the_game(sim_factory):
    sim = sim_factory(faults=["tx1:drop"], resend_ms=150)
    sim.throw(1, 2)
    assert sim.wait_sent(1)
    with DiceTower(sim.path, probe=True) as probe:  # the selftest
        assert probe.wait_for_state(LinkState.READY, timeout=5)
        assert sim.wait_sent(2)  # the resend reached the probe
        time.sleep(0.05)
        assert probe.wait_for_roll(timeout=0) is None
    assert len(sim.pending_in_flash()) == 1  # not acknowledged
    referee = Referee()
    with open_tower(sim, referee) as tower:
        assert tower.wait_for_roll(timeout=3).faces == (1, 2)
    assert referee.faces() == [(1, 2)]


def test_calibration_reaches_the_towers_flash_and_a_bad_one_is_a_fault(sim_factory):
    sim = sim_factory()
    with open_tower(sim, Referee()) as tower:
        faults = []
        tower.when_fault = faults.append
        tower.calibrate(2, 1)
        calibration = sim.state_dir / "calibration.txt"
        assert wait_until(calibration.exists)
        assert len(calibration.read_text().splitlines()) == 8  # one line per well
        tower.calibrate(9, 1)
        assert wait_until(lambda: [f.code for f in faults] == ["calibrate"])
        assert "no such well" in faults[0].sentence


def test_rolls_the_game_log_already_has_are_not_delivered_again(sim_factory):
    sim = sim_factory(faults=["tx1:drop"], resend_ms=150, boot="0000aaaa")
    sim.throw(2, 2)
    assert sim.wait_sent(1)
    referee = Referee()
    # a host restarted after applying roll 0000aaaa.1: the log says so, the link is told before opening
    with DiceTower(sim.path, referee, delivered=[("0000aaaa", 1)]) as tower:
        assert wait_until(lambda: tower.health().duplicates >= 1)
        assert wait_until(lambda: sim.pending_in_flash() == [])
    assert referee.rolls == []


def test_a_tower_with_another_protocol_version_is_a_clear_error(sim_factory):
    sim = sim_factory(proto=2)
    referee = Referee()
    with DiceTower(sim.path, referee) as tower:
        assert tower.wait_for_state(LinkState.INCOMPATIBLE, timeout=5)
        assert "speaks dice protocol 2, this table speaks 1" in tower.health().last_error
        sim.throw(1, 1)
        time.sleep(0.3)
        assert referee.rolls == [] and len(sim.pending_in_flash()) == 1  # kept for a compatible host
