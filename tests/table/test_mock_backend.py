"""The mock backend: hands, the timing model, faults, gpiozero's MockFactory, and backend selection."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import BENCH, REFERENCE

from hauntable.table.backends import BackendError, backend_name, load_backend
from hauntable.table.backends.base import ReaderFault
from hauntable.table.backends.mock import MockBackend
from hauntable.table.layout import parse_layout

TAG = "04:A2:5B:1C:7F:80:00"


def test_hands_place_and_lift_now_or_at_a_time():
    backend = MockBackend(BENCH)
    reader = backend.reader("draw")
    reader.place("04a25b1c7f8000")
    assert reader.read() == {TAG}
    reader.lift(TAG, at=backend.clock.now() + 0.050)
    assert reader.read() == {TAG}
    backend.clock.advance(0.050)
    assert reader.read() == frozenset()


def test_flicker_alternates_then_returns_to_the_truth():
    reader = MockBackend(BENCH).reader("draw")
    reader.flicker(TAG, times=2)
    assert [bool(reader.read()) for _ in range(6)] == [True, False, True, False, False, False]


def test_each_read_costs_simulated_time_by_the_timing_model():
    backend = MockBackend(BENCH)
    reader = backend.reader("draw")
    t = backend.clock.now()
    reader.read()
    assert backend.clock.now() - t == pytest.approx(0.0022)
    reader.place(TAG)
    t = backend.clock.now()
    reader.read()
    assert backend.clock.now() - t == pytest.approx(0.0082)


def test_dead_and_slow_readers_come_from_the_layout():
    text = (
        Path(BENCH.path)
        .read_text()
        .replace("[mock]", '[mock]\ndead = ["draw"]\nslow = ["ground:4,0"]\nslow_factor = 3')
    )
    backend = MockBackend(parse_layout(text, "bench.toml"))
    with pytest.raises(ReaderFault, match="draw"):
        backend.reader("draw").read()
    assert backend.reader("draw").version() == 0
    t = backend.clock.now()
    backend.reader("ground:4,0").read()
    assert backend.clock.now() - t == pytest.approx(3 * 0.0022)


def test_buttons_and_leds_run_on_gpiozeros_mock_factory():
    backend = MockBackend(BENCH)
    presses = []
    button = backend.make_button(17)
    button.when_pressed = lambda: presses.append(1)
    backend.press("admin")
    assert button.is_pressed
    backend.release("admin")
    assert not button.is_pressed
    led = backend.make_led(22)
    led.on()
    assert backend.led_state("status")
    backend.close()
    backend.close()  # idempotent


def test_the_environment_overrides_the_layout():
    assert REFERENCE.backend == "pi"
    assert backend_name(REFERENCE, env={"HAUNTABLE_BACKEND": "mock"}) == "mock"
    assert backend_name(REFERENCE, env={}) == "pi"
    assert isinstance(load_backend(REFERENCE, env={"HAUNTABLE_BACKEND": "mock"}), MockBackend)


def test_an_unknown_or_failing_backend_is_an_error_with_a_warning_never_a_silent_switch():
    with pytest.raises(BackendError, match="unknown table backend 'arduino'"):
        load_backend(REFERENCE, name="arduino")
    try:
        import spidev  # noqa: F401
    except ImportError:
        with pytest.warns(RuntimeWarning, match="table backend 'pi' failed"), pytest.raises(BackendError):
            load_backend(BENCH, name="pi")
    else:  # spidev present (a Pi, or installed): no /dev/spidev on a PC still fails loudly
        with pytest.warns(RuntimeWarning), pytest.raises(BackendError):
            load_backend(BENCH, name="pi")
