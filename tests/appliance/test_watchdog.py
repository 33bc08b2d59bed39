"""The systemd notify protocol, spoken to a real unix datagram socket standing in for systemd."""

from __future__ import annotations

import os
import socket

import pytest

from hauntable.kiosk.watchdog import Watchdog


@pytest.fixture
def systemd(tmp_path):
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(path)
        sock.settimeout(1)
        yield path, sock


def received(sock) -> list[str]:
    out = []
    sock.setblocking(False)
    try:
        while True:
            out.append(sock.recv(1024).decode())
    except BlockingIOError:
        return out
    finally:
        sock.setblocking(True)


def test_ready_and_status_reach_systemd(systemd):
    path, sock = systemd
    dog = Watchdog({"NOTIFY_SOCKET": path})
    assert dog.ready("waiting for players")
    assert received(sock) == ["READY=1\nSTATUS=waiting for players"]


def test_pings_only_when_every_required_loop_checked_in_and_at_most_twice_a_period(systemd):
    path, sock = systemd
    now = [0.0]
    dog = Watchdog(
        {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())},
        require=["ui", "hardware"],
        clock=lambda: now[0],
    )
    assert dog.interval == 15
    dog.alive("ui")
    assert not dog.ping()  # the hardware loop has not checked in: a hung reader loop gets us restarted
    dog.alive("hardware")
    assert dog.ping()
    dog.alive("ui"), dog.alive("hardware")
    now[0] = 10
    assert not dog.ping()  # too soon
    now[0] = 16
    assert dog.ping()
    assert received(sock) == ["WATCHDOG=1", "WATCHDOG=1"]


def test_a_watchdog_meant_for_another_process_is_ignored():
    dog = Watchdog({"NOTIFY_SOCKET": "/nowhere", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"})
    assert dog.interval is None and not dog.ping()
