"""systemd's notify protocol (READY, WATCHDOG, STATUS) without a dependency.

The unit (systemd/hauntable.service) is ``Type=notify`` with ``WatchdogSec``: systemd restarts the app when
the pings stop. Ping from the UI's main loop, and only while the hardware loop has reported in too, so a
hung UI or a hung reader loop both lead to a restart:

    >>> dog = Watchdog(environ={})      # not under systemd: every call is a no-op
    >>> dog.enabled, dog.interval
    (False, None)
    >>> dog.ready(), dog.ping()
    (False, False)
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Iterable, Mapping

from hauntable.table.health import Trouble


class Watchdog:
    """Tells systemd the app is ready and alive. ``require`` names the loops that must check in
    (``alive(name)``) between two pings; a ping is sent only when every one of them has, and when no
    watched thread (``watch(name, health)``: the readers' scanner, a dice tower's I/O) is dead or stuck.
    A thread that runs but keeps failing is only reported (``troubles()``): a restart would not mend it."""

    def __init__(
        self,
        environ: Mapping[str, str] | None = None,
        require: Iterable[str] = (),
        clock: Callable[[], float] = time.monotonic,
    ):
        env = os.environ if environ is None else environ
        self.address = env.get("NOTIFY_SOCKET") or None
        usec = env.get("WATCHDOG_USEC")
        pid = env.get("WATCHDOG_PID")
        mine = pid is None or pid == str(os.getpid())
        self.interval = int(usec) / 1_000_000 / 2 if usec and mine else None  # ping twice per period
        self.required = frozenset(require)
        self._seen: set[str] = set()
        self._watched: dict[str, Callable[[], Trouble | None]] = {}
        self._clock = clock
        self._last = float("-inf")

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def _send(self, message: str) -> bool:
        if self.address is None:
            return False
        address = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
        return True

    def ready(self, status: str = "ready") -> bool:
        return self._send(f"READY=1\nSTATUS={status}")

    def status(self, text: str) -> bool:
        return self._send(f"STATUS={text}")

    def stopping(self) -> bool:
        return self._send("STOPPING=1")

    def watch(self, name: str, health: Callable[[], Trouble | None]) -> None:
        """Vouch for a thread only while ``health()`` says it is not dead or stuck."""
        self._watched[name] = health

    def unwatch(self, name: str) -> None:
        self._watched.pop(name, None)

    def troubles(self) -> dict[str, Trouble]:
        """What the watched threads report now (empty when all is well)."""
        found = {}
        for name, health in list(self._watched.items()):
            trouble = health()
            if trouble is not None:
                found[name] = trouble
        return found

    def alive(self, name: str) -> None:
        """A loop that must be alive (e.g. "hardware") checks in."""
        self._seen.add(name)

    def ping(self) -> bool:
        """Call often from the main loop. Sends WATCHDOG=1 at most every half period, and only when every
        required loop has checked in since the last ping. Returns whether a ping was sent."""
        if self.interval is None or not self.required <= self._seen:
            return False
        if any(t.fatal for t in self.troubles().values()):
            return False  # systemd restarts the app after WatchdogSec; the screen says why meanwhile
        now = self._clock()
        if now - self._last < self.interval:
            return False
        self._last = now
        self._seen.clear()
        return self._send("WATCHDOG=1")
