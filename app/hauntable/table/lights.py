"""The table's LEDs as the referee uses them: where the game waits, and a flash where it refused.

LEDs are found by name in the layout's ``[[led]]`` entries, so a table lights what it has:

- an LED named like a reader (``"draw"``, ``"seat:2"``, ``"ground:3,4"``) is lit while the game waits
  for a tag there (the cell an awaited tile goes to, the draw pad while a card is awaited, the cell a
  lifted tile must go back to), and flashes when something laid there is refused;
- an LED named like a tower (``"tower:1"``) or ``"roll"`` is lit while a roll is awaited;
- ``"fault"`` flashes on every refusal; ``"status"`` is lit while a game runs and blinks while play is
  paused (a tile off the table).

>>> from hauntable.table.backends.mock import MockBackend
>>> from hauntable.table.layout import load_layout
>>> backend = MockBackend(load_layout("hardware/reference.toml"))
>>> lights = Lights.from_backend(backend)
>>> lights.show({"draw"})
>>> backend.led_state("draw"), backend.led_state("fault")
(True, False)
>>> lights.close(); backend.close()
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from hauntable.table.devices import Led

if TYPE_CHECKING:
    from hauntable.table.backends.base import Backend

FAULT = "fault"
STATUS = "status"
ROLL = "roll"


class Lights:
    """Named LEDs driven from the set of places the game waits at. Thread-safe (scanner and tower
    threads both reach it through the referee)."""

    FLASH_ON = 0.08  # s: a refusal flashes three times in half a second
    FLASH_OFF = 0.08
    FLASHES = 3

    def __init__(self, leds: Mapping[str, Led]):
        self.leds = dict(leds)
        self.wanted: frozenset[str] = frozenset()
        self.paused = False
        self.flashes: list[str] = []  # every flash, in order (the screen and tests can follow them)
        self._flashing: dict[str, threading.Timer] = {}
        self._lock = threading.Lock()

    @classmethod
    def from_backend(cls, backend: Backend) -> Lights:
        """One :class:`Led` per ``[[led]]`` of the backend's layout."""
        return cls({spec.name: Led(spec.name, backend=backend) for spec in backend.layout.leds})

    def show(self, wanted: Iterable[str], paused: bool = False) -> None:
        """Light the LEDs named in ``wanted`` (and ``status``), put out the rest; flashing ones finish
        their flash and then follow."""
        with self._lock:
            self.wanted = frozenset(wanted)
            self.paused = paused
            for name in self.leds:
                if name not in self._flashing:
                    self._set(name)

    def _set(self, name: str) -> None:
        led = self.leds[name]
        if name == STATUS:
            led.blink(0.5, 0.5) if self.paused else led.on()
        elif name in self.wanted:
            led.on()
        else:
            led.off()

    def flash(self, *names: str) -> None:
        """Flash ``fault`` and the named LEDs (those the layout has), then restore what they show."""
        with self._lock:
            for name in dict.fromkeys((FAULT, *names)):
                led = self.leds.get(name)
                if led is None:
                    continue
                self.flashes.append(name)
                if name in self._flashing:
                    self._flashing.pop(name).cancel()
                led.blink(self.FLASH_ON, self.FLASH_OFF, n=self.FLASHES)
                length = self.FLASHES * (self.FLASH_ON + self.FLASH_OFF)
                timer = threading.Timer(length, self._restore, [name])
                timer.daemon = True
                self._flashing[name] = timer
                timer.start()

    def _restore(self, name: str) -> None:
        with self._lock:
            self._flashing.pop(name, None)
            if not self.leds[name].closed:
                self._set(name)

    def is_lit(self, name: str) -> bool:
        return self.leds[name].is_lit

    def close(self) -> None:
        with self._lock:
            for timer in self._flashing.values():
                timer.cancel()
            self._flashing.clear()
            for led in self.leds.values():
                led.close()
