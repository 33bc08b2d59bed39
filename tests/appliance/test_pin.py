"""The admin PIN: salted slow hash, lockout after repeated failures that survives a restart, change."""

from __future__ import annotations

import json

import pytest

from hauntable.kiosk.pin import LOCKOUT, MAX_FAILURES, PinError, PinStore


@pytest.fixture
def clock():
    now = [1000.0]
    return now


def store(tmp_path, clock):
    return PinStore(tmp_path / "admin-pin.json", clock=lambda: clock[0])


def test_first_run_has_no_pin_and_nothing_opens_the_menu(tmp_path, clock):
    pins = store(tmp_path, clock)
    assert not pins.is_set
    assert not pins.check("0000").ok


def test_the_pin_is_stored_salted_and_hashed_never_in_clear(tmp_path, clock):
    pins = store(tmp_path, clock)
    pins.set("2468")
    text = (tmp_path / "admin-pin.json").read_text()
    assert "2468" not in text
    data = json.loads(text)
    assert len(bytes.fromhex(data["salt"])) == 16 and data["n"] >= 2**14
    other = PinStore(tmp_path / "b.json")
    other.set("2468")
    assert json.loads((tmp_path / "b.json").read_text())["hash"] != data["hash"]
    assert pins.check("2468").ok and not pins.check("1357").ok


@pytest.mark.parametrize("bad", ["123", "123456789", "12a4", ""])
def test_a_pin_is_4_to_8_digits(tmp_path, clock, bad):
    with pytest.raises(PinError):
        store(tmp_path, clock).set(bad)


def test_repeated_failures_lock_the_menu_even_across_a_restart(tmp_path, clock):
    pins = store(tmp_path, clock)
    pins.set("2468")
    for i in range(MAX_FAILURES - 1):
        assert pins.check("0000").tries_left == MAX_FAILURES - 1 - i
    locked = pins.check("0000")
    assert locked.locked_for == LOCKOUT and "try again in 60 s" in locked.sentence
    restarted = store(tmp_path, clock)
    assert not restarted.check("2468").ok  # the right PIN is refused while locked
    clock[0] += LOCKOUT + 1
    assert restarted.check("2468").ok


def test_each_further_lockout_lasts_twice_as_long(tmp_path, clock):
    pins = store(tmp_path, clock)
    pins.set("2468")
    for _ in range(MAX_FAILURES):
        pins.check("0000")
    clock[0] += LOCKOUT + 1
    for _ in range(MAX_FAILURES - 1):
        pins.check("0000")
    assert pins.check("0000").locked_for == 2 * LOCKOUT


def test_changing_the_pin_needs_the_old_one(tmp_path, clock):
    pins = store(tmp_path, clock)
    pins.set("2468")
    with pytest.raises(PinError, match="Wrong PIN"):
        pins.change("1111", "9999")
    pins.change("2468", "9999")
    assert pins.check("9999").ok and not pins.check("2468").ok
