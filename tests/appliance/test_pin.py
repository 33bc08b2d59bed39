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


# --- issue 19 item 9: a monotonic clock, decay, a lost or damaged record, a full card ----------------


def booted(tmp_path, clock, boot):
    return PinStore(tmp_path / "admin-pin.json", clock=lambda: clock[0], boot=lambda: boot[0])


def lock_out(pins):
    for _ in range(MAX_FAILURES):
        result = pins.check("0000")
    return result


def test_a_reboot_restarts_the_monotonic_clock_but_not_the_lockout(tmp_path, clock):
    boot = ["boot-a"]
    pins = booted(tmp_path, clock, boot)
    pins.set("2468")
    assert lock_out(pins).locked_for == LOCKOUT
    boot[0], clock[0] = "boot-b", 3.0  # a reboot: monotonic time starts near zero again
    assert booted(tmp_path, clock, boot).check("2468").locked_for == pytest.approx(LOCKOUT)
    clock[0] += LOCKOUT + 1
    assert booted(tmp_path, clock, boot).check("2468").ok


def test_the_wall_clock_stepping_back_an_hour_changes_nothing(tmp_path, clock, monkeypatch):
    import time as real_time

    pins = store(tmp_path, clock)
    pins.set("2468")
    lock_out(pins)
    monkeypatch.setattr(real_time, "time", lambda: 0.0)  # NTP steps the wall clock: the PIN never reads it
    clock[0] += LOCKOUT + 1
    assert pins.check("2468").ok


def test_wrong_tries_are_forgotten_after_a_quiet_quarter_of_an_hour(tmp_path, clock):
    from hauntable.kiosk.pin import FAILURE_DECAY

    pins = store(tmp_path, clock)
    pins.set("2468")
    for _ in range(MAX_FAILURES - 1):
        pins.check("0000")
    clock[0] += FAILURE_DECAY + 1
    assert pins.check("0000").tries_left == MAX_FAILURES - 1  # counted afresh, not locked


def test_an_hour_of_wrong_tries_does_not_lock_the_operator_out_for_the_next_hour(tmp_path, clock):
    from hauntable.kiosk.pin import MAX_LOCKOUT

    pins = store(tmp_path, clock)
    pins.set("2468")
    end = clock[0] + 3600
    longest = 0.0
    while clock[0] < end:  # a player trying every 10 s for an hour, waiting out each lockout
        result = pins.check("0000")
        longest = max(longest, result.locked_for)
        clock[0] += max(10.0, result.locked_for)
    assert longest <= MAX_LOCKOUT
    clock[0] += MAX_LOCKOUT + 1  # the operator arrives: at most one capped lockout to wait
    assert pins.check("2468").ok
    assert lock_out(pins).locked_for == LOCKOUT  # the right PIN starts the doubling afresh


def test_the_doubling_steps_down_after_quiet_hours(tmp_path, clock):
    from hauntable.kiosk.pin import LOCKOUT_DECAY

    pins = store(tmp_path, clock)
    pins.set("2468")
    for _ in range(3):
        clock[0] += lock_out(pins).locked_for + 1
    assert lock_out(pins).locked_for == 8 * LOCKOUT
    clock[0] += 8 * LOCKOUT + 4 * LOCKOUT_DECAY
    assert lock_out(pins).locked_for == LOCKOUT


@pytest.mark.parametrize("damage", ["missing", "garbage", "empty", "wrong types"])
def test_a_lost_or_damaged_record_never_lets_the_next_person_choose_the_pin(tmp_path, clock, damage):
    from hauntable.kiosk.pin import PinError

    pins = store(tmp_path, clock)
    pins.set("2468")
    for path in (tmp_path / "admin-pin.json", tmp_path / "admin-pin.json.bak"):
        if damage == "missing":
            path.unlink()
        else:
            path.write_text(
                {"garbage": "\x00{{{", "empty": "", "wrong types": '{"salt": 1, "hash": []}'}[damage]
            )
    again = store(tmp_path, clock)
    assert again.is_set and again.damaged  # not "first run"
    check = again.check("2468")
    assert not check.ok and check.damaged and "hauntable admin-pin --reset" in check.sentence
    with pytest.raises(PinError, match="damaged"):
        again.set("1111")  # what the touch screen would do
    again.set("1357", reset=True)  # what the console does
    assert store(tmp_path, clock).check("1357").ok


def test_one_damaged_copy_is_survived_by_the_other(tmp_path, clock):
    pins = store(tmp_path, clock)
    pins.set("2468")
    (tmp_path / "admin-pin.json").write_text("{broken")
    assert store(tmp_path, clock).check("2468").ok


def test_a_full_card_never_crashes_a_try_and_the_lockout_still_holds(tmp_path, clock):
    from faultkit import fill, small_disk

    with small_disk(tmp_path / "disk", 512) as disk:
        if disk is None:
            pytest.skip("cannot mount a tmpfs here (needs root)")
        pins = PinStore(disk / "admin-pin.json", clock=lambda: clock[0])
        pins.set("2468")
        filler = fill(disk, 0)
        (disk / "admin-pin.json").unlink()  # what the card still holds is the backup copy
        assert lock_out(pins).locked_for == LOCKOUT  # every failed save kept in memory, no exception
        assert not pins.check("2468").ok
        filler.unlink()


def test_the_console_command_resets_a_damaged_pin(tmp_path):
    import subprocess
    import sys

    pins = PinStore(tmp_path / "admin-pin.json")
    pins.set("2468")
    (tmp_path / "admin-pin.json").write_text("x")
    (tmp_path / "admin-pin.json.bak").write_text("x")
    command = [sys.executable, "-m", "hauntable.cli", "admin-pin", "--reset", "--data-dir", str(tmp_path)]
    done = subprocess.run(command, input="9753\n9753\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert PinStore(tmp_path / "admin-pin.json").check("9753").ok


def test_the_unlocked_menu_locks_itself_after_two_idle_minutes_even_mid_game():
    from hauntable.kiosk.pin import AdminLock

    now = [0.0]
    lock = AdminLock(clock=lambda: now[0])
    lock.unlock()
    now[0] += 100
    lock.touched()
    now[0] += 100
    assert lock.unlocked and not lock.expired()
    now[0] += AdminLock.IDLE
    assert not lock.unlocked and lock.expired() and not lock.expired()  # told once
    now[0] += 8 * 3600
    assert not lock.unlocked
