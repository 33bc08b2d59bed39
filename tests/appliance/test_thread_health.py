"""The watchdog vouches for every thread the table needs: the readers' scanner and a dice tower's I/O
(issue 19, item 7). A thread that dies or sticks stops the pings (systemd restarts the app); one that
keeps failing is retried and reported for the screen; the real threads, on the mock backend."""

from __future__ import annotations

import os
import socket
import threading
import time

import pytest

from hauntable.kiosk.watchdog import Watchdog
from hauntable.table.backends.mock import MockBackend
from hauntable.table.clock import MonotonicClock
from hauntable.table.health import Heartbeat
from hauntable.table.layout import load_layout
from hauntable.table.scanner import Scanner


def wait_for(condition, timeout=5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return False


@pytest.fixture
def scanner():
    backend = MockBackend(load_layout("hardware/bench.toml"), clock=MonotonicClock())
    scanner = Scanner(backend.readers(), backend.clock)
    yield scanner, backend
    scanner.stop()


@pytest.fixture
def systemd(tmp_path):
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(path)
        yield Watchdog(
            {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000", "WATCHDOG_PID": str(os.getpid())}, require=["ui"]
        )


def test_an_oserror_from_the_bus_no_longer_kills_the_scanner_and_is_reported(scanner, systemd):
    scan, backend = scanner
    reader = backend.reader("draw")
    broken = threading.Event()
    real_read = reader.read

    def read():
        if broken.is_set():
            raise OSError(121, "Remote I/O error")  # what spidev raises when the bus fails
        return real_read()

    reader.read = read
    systemd.watch("scanner", scan.heartbeat.health)
    scan.start()
    broken.set()
    assert wait_for(lambda: scan.heartbeat.health() is not None)
    trouble = scan.heartbeat.health()
    assert not trouble.fatal and "Remote I/O error" in trouble.sentence and "retrying" in trouble.sentence
    systemd.alive("ui")
    assert systemd.ping()  # still vouched for: a restart would not mend the bus
    broken.clear()
    assert wait_for(lambda: scan.heartbeat.health() is None)  # the bus came back: reads go on
    backend.reader("draw").place("04:A2:5B:1C:7F:80:00")


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_scanner_thread_that_dies_stops_the_watchdog(scanner, systemd):
    scan, backend = scanner

    def read():
        raise SystemExit("gone")  # not an Exception: nothing can keep the thread alive

    backend.reader("draw").read = read
    systemd.watch("scanner", scan.heartbeat.health)
    scan.start()
    assert wait_for(lambda: scan.heartbeat.health() is not None and scan.heartbeat.health().fatal)
    assert "stopped" in systemd.troubles()["scanner"].sentence
    systemd.alive("ui")
    assert not systemd.ping()  # systemd restarts the app after WatchdogSec


def test_a_stuck_thread_is_fatal_and_a_stopped_one_is_no_trouble():
    now = [0.0]
    beat = Heartbeat("The readers", clock=lambda: now[0], stall=10)
    beat.thread = threading.Thread(target=time.sleep, args=(0.5,))
    beat.thread.start()
    now[0] = 11
    assert beat.health().fatal and "stuck" in beat.health().sentence
    beat.beat()
    assert beat.health() is None
    beat.thread.join()
    assert beat.health().fatal
    beat.thread = None  # stopped on purpose (the game ended)
    assert beat.health() is None


def test_the_dice_tower_thread_reports_through_its_heartbeat(tmp_path):
    from hauntable.table.dice_link.tower import DiceTower

    tower = DiceTower(str(tmp_path / "no-such-port"), lambda faces, source: True)
    try:
        assert wait_for(lambda: tower.heartbeat.health() is None)  # unplugged is not dead: it reopens
        assert tower.heartbeat.thread.is_alive()
    finally:
        tower.close()
    assert tower.heartbeat.health() is None
