"""One generic event mixin for table devices, in the manner of gpiozero's ``EventsMixin``.

A device declares the event names it fires (``_events = ("tag_placed", "tag_removed")``); callers set
``device.when_tag_placed = callback`` and the device calls ``self._fire("tag_placed", uid)``. Per-device
aliases (``when_card_placed`` on a card slot) are plain properties over the same slot, so there is one
place where callbacks are stored and called.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, ClassVar

from hauntable.engine.rejections import HauntableError

log = logging.getLogger(__name__)

Callback = Callable[..., Any]


class DeviceClosed(HauntableError, RuntimeError):
    """A device (a reader, an LED, a dice tower) was used after ``close()``; it cannot be used again."""

    code = "table/device_closed"


class EventsMixin:
    """Stores ``when_<event>`` callbacks and lets code wait for an event.

    Subclasses must set ``_events``. A callback that raises is logged and does not stop the scanner:
    one broken screen handler must not blind the whole table.
    """

    _events: ClassVar[tuple[str, ...]] = ()

    def _callbacks(self) -> dict[str, Callback | None]:
        if "_event_callbacks" not in self.__dict__:
            self.__dict__["_event_callbacks"] = dict.fromkeys(self._events)
            self.__dict__["_event_flags"] = {name: threading.Event() for name in self._events}
        return self.__dict__["_event_callbacks"]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("when_") and name[5:] in type(self)._events:
            return self._callbacks()[name[5:]]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("when_") and name[5:] in type(self)._events:
            if value is not None and not callable(value):
                raise TypeError(f"{name} must be callable or None")
            self._callbacks()[name[5:]] = value
            return
        super().__setattr__(name, value)

    def _fire(self, event: str, *args: Any) -> None:
        callbacks = self._callbacks()
        self.__dict__["_event_flags"][event].set()
        callback = callbacks[event]
        if callback is None:
            return
        try:
            callback(*args)
        except Exception:  # a broken handler is logged, never allowed to stop the scan loop
            log.exception("%r: when_%s handler failed", self, event)

    def _wait_for(self, event: str, timeout: float | None) -> bool:
        """Block until ``event`` fires (after this call) or ``timeout`` passes; True if it fired."""
        self._callbacks()
        flag: threading.Event = self.__dict__["_event_flags"][event]
        flag.clear()
        return flag.wait(timeout)
