"""How a table thread tells the watchdog it is in trouble, without knowing about systemd.

A thread the table needs (the readers' scanner, a dice tower's I/O) answers ``health()`` with None while
it works, or a :class:`Trouble`: ``fatal`` when it is dead or stuck (only a restart brings it back, so
the watchdog stops vouching for the app), not fatal when it runs but its device keeps failing (a restart
would not help; the screen says so and it keeps retrying).
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable

STALL = 10.0  # seconds without a finished round: the thread is stuck


@dataclasses.dataclass(frozen=True)
class Trouble:
    sentence: str
    fatal: bool


class Heartbeat:
    """One thread's pulse: ``beat()`` after each round, ``failed(exc)`` after one that raised."""

    def __init__(self, what: str, clock: Callable[[], float] = time.monotonic, stall: float = STALL):
        self.what = what
        self._clock = clock
        self.stall = stall
        self.last = clock()
        self.fault: str | None = None
        self.faults = 0
        self.thread: threading.Thread | None = None

    def alive(self) -> None:
        """The thread is going round (a failure it reported stays until :meth:`beat`)."""
        self.last = self._clock()

    def beat(self) -> None:
        self.last, self.fault = self._clock(), None

    def failed(self, exc: BaseException) -> None:
        self.last, self.fault = self._clock(), f"{type(exc).__name__}: {exc}"
        self.faults += 1

    def health(self) -> Trouble | None:
        if self.thread is None:
            return None  # not started, or stopped on purpose
        if not self.thread.is_alive():
            return Trouble(f"{self.what} stopped", True)
        if self._clock() - self.last > self.stall:
            return Trouble(
                f"{self.what} is stuck (no sign of life for {self._clock() - self.last:.0f} s)", True
            )
        if self.fault is not None:
            return Trouble(f"{self.what} keeps failing ({self.fault}); retrying", False)
        return None
