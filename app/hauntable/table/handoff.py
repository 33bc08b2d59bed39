"""The one hop from a device's thread (the scanner's, the dice tower's) to the thread that owns the session.

The session, its SQLite log and the screen belong to one thread (Kivy's main loop in the app). A device
thread hands its work over with ``post(job)`` (the app passes ``Clock.schedule_once``; a test a queue):
:meth:`Handoff.send` for a reading nobody waits on, :meth:`Handoff.ask` for a question the device must
answer (the tower ACKs a roll only once the game took or refused it). Without ``post`` the job runs on
the caller's thread (the CLI, tests).

The late-answer guard: a question not answered within ``timeout`` is answered ``default`` for the device,
and the job, should it run later, does nothing, so the game never applies what the device was told was
refused. After :meth:`close` posted jobs are dropped (a reading must not reach a closed registry).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
Post = Callable[[Callable[[], None]], None]


class Handoff:
    """Carries jobs to the owner's thread through ``post``; ``name`` says whose, in the warnings."""

    def __init__(self, post: Post | None, timeout: float = 5.0, name: str = "device"):
        self._post = post
        self.timeout = timeout
        self.name = name
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    def send(self, job: Callable[[], None]) -> None:
        """Run ``job`` on the owner's thread soon, unless this hand-off is closed by then."""
        if self._post is None:
            if not self._closed:
                job()
            return
        self._post(lambda: None if self._closed else job())

    def ask(self, question: Callable[[], T], default: T) -> T:
        """``question()`` run on the owner's thread, waited for; ``default`` if it is not answered within
        ``timeout`` (and then it never runs) or the hand-off is closed."""
        if self._post is None:
            return default if self._closed else question()
        done = threading.Event()
        lock = threading.Lock()
        answer: dict = {"value": default, "late": False}

        def on_owner() -> None:
            with lock:  # held while answering, so a timeout cannot refuse what the game is applying
                if answer["late"]:
                    return  # the device gave up and was told ``default``: do not apply it now
                try:
                    if not self._closed:
                        answer["value"] = question()
                finally:
                    done.set()

        self._post(on_owner)
        if not done.wait(self.timeout):
            with lock:
                if not done.is_set():
                    answer["late"] = True
                    log.warning(
                        "%s: not answered within %.1f s; answered %r", self.name, self.timeout, default
                    )
                    return default
        return answer["value"]

    def close(self) -> None:
        """Jobs posted before and after this do nothing (idempotent)."""
        self._closed = True
