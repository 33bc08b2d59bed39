"""Table devices that read like gpiozero: ``RfidCell``, ``CardSlot``, ``Button``, ``Led``.

>>> from hauntable.table.backends.mock import MockBackend
>>> from hauntable.table.layout import load_layout
>>> backend = MockBackend(load_layout("hardware/bench.toml"))
>>> with RfidCell(floor="ground", x=4, y=0, backend=backend) as cell:
...     cell
<RfidCell ground 4,0 (spi0 cs GPIO23): empty>
>>> backend.close()

Cells and slots learn what lies on them from the :class:`~hauntable.table.scanner.Scanner` (debounced
events dispatched by the backend), so ``cell.tags`` is what the table has *concluded*, not one raw read.
Every device has an idempotent ``close()``, ``closed``, raises :class:`DeviceClosed` when used after
closing, and works as a context manager.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from hauntable.table.backends import default_backend
from hauntable.table.events import DeviceClosed, EventsMixin

if TYPE_CHECKING:
    from hauntable.table.backends.base import Backend
    from hauntable.table.layout import ReaderSpec


class Device(EventsMixin):
    """Base of table devices: backend, ``close()``, ``closed``, context manager.

    Subclasses must implement ``_close()`` (release what they hold) and ``__repr__``.
    """

    def __init__(self, backend: Backend | None = None):
        self._backend = backend if backend is not None else default_backend()
        self._closed = False

    @property
    def backend(self) -> Backend:
        return self._backend

    @property
    def closed(self) -> bool:
        return self._closed

    def _check_open(self) -> None:
        if self._closed:
            raise DeviceClosed(f"{self!r} is closed")

    def close(self) -> None:
        if not self._closed:
            self._close()
            self._closed = True

    def _close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _TagDevice(Device):
    """A reader-backed device: remembers the scanner's debounced tags and fires events on changes."""

    _events: ClassVar[tuple[str, ...]] = ("tag_placed", "tag_removed")

    def __init__(self, spec: ReaderSpec, backend: Backend | None):
        super().__init__(backend)
        self.spec = spec
        self._tags: set[str] = set()
        self.backend.attach(spec.id, self)

    @property
    def reader_id(self) -> str:
        return self.spec.id

    @property
    def tags(self) -> frozenset[str]:
        self._check_open()
        return frozenset(self._tags)

    @property
    def tag(self) -> str | None:
        """The tag lying here, or None (with several, the lowest UID)."""
        tags = self.tags
        return min(tags) if tags else None

    @property
    def is_occupied(self) -> bool:
        return bool(self.tags)

    def wait_for_tag(self, timeout: float | None = None) -> bool:
        """Block until a tag is placed here (needs a running scanner thread); True if one was."""
        self._check_open()
        return self._wait_for("tag_placed", timeout)

    def read_now(self) -> frozenset[str]:
        """One raw read of the reader, bypassing the debouncer (selftest, enrolment)."""
        self._check_open()
        return self.backend.reader(self.spec.id).read()

    def _on_scan_event(self, event: Any) -> None:
        if self._closed:
            return
        if event.kind in ("appeared", "stacked"):
            if event.uid not in self._tags:  # a stacked tag left alone appears again: one placed event
                self._tags.add(event.uid)
                self._fire("tag_placed", event.uid)
        elif event.kind == "removed":
            self._tags.discard(event.uid)
            self._fire("tag_removed", event.uid)

    def _close(self) -> None:
        self.backend.detach(self.spec.id, self)

    def _state(self) -> str:
        if self._closed:
            return "closed"
        return ", ".join(sorted(self._tags)) if self._tags else "empty"


class RfidCell(_TagDevice):
    """The reader under one house cell: ``RfidCell(floor="ground", x=3, y=2)``.

    Raises:
        KeyError: the layout has no reader under that cell.
    """

    def __init__(self, floor: str, x: int, y: int, *, backend: Backend | None = None):
        backend = backend if backend is not None else default_backend()
        spec = backend.layout.cell_reader(floor, x, y)
        if spec is None:
            raise KeyError(f"no reader under {floor} {x},{y} in layout {backend.layout.name!r}")
        super().__init__(spec, backend)

    @property
    def cell(self) -> tuple[str, int, int]:
        assert self.spec.cell is not None
        return self.spec.cell

    def __repr__(self) -> str:
        floor, x, y = self.cell
        return f"<RfidCell {floor} {x},{y} ({self.spec.wiring}): {self._state()}>"


class CardSlot(_TagDevice):
    """A reader under a slot: ``CardSlot("draw")``, ``CardSlot("seat:2")``, ``CardSlot("ghost:1")``.

    ``when_card_placed`` / ``when_card_removed`` are aliases of ``when_tag_placed`` / ``when_tag_removed``.
    """

    def __init__(self, slot: str, *, backend: Backend | None = None):
        backend = backend if backend is not None else default_backend()
        spec = backend.layout.slot_reader(slot)
        if spec is None:
            raise KeyError(f"no reader under slot {slot!r} in layout {backend.layout.name!r}")
        super().__init__(spec, backend)

    @property
    def slot(self) -> str:
        assert self.spec.slot is not None
        return self.spec.slot

    @property
    def card(self) -> str | None:
        return self.tag

    when_card_placed = property(
        lambda self: self.when_tag_placed, lambda self, cb: setattr(self, "when_tag_placed", cb)
    )
    when_card_removed = property(
        lambda self: self.when_tag_removed, lambda self, cb: setattr(self, "when_tag_removed", cb)
    )

    def __repr__(self) -> str:
        return f"<CardSlot {self.slot} ({self.spec.wiring}): {self._state()}>"


def _pin_of(backend: Backend, name_or_pin: str | int, specs: tuple[Any, ...], what: str) -> tuple[str, int]:
    if isinstance(name_or_pin, int):
        names = [s.name for s in specs if s.pin == name_or_pin]
        return (names[0] if names else f"GPIO{name_or_pin}"), name_or_pin
    for spec in specs:
        if spec.name == name_or_pin:
            return spec.name, spec.pin
    raise KeyError(f"no {what} named {name_or_pin!r} in layout {backend.layout.name!r}")


class Button(Device):
    """A push button to ground on a GPIO pin (``Button(17)`` or by layout name, ``Button("admin")``)."""

    _events: ClassVar[tuple[str, ...]] = ("pressed", "released")

    def __init__(self, pin: str | int, *, backend: Backend | None = None, bounce_time: float | None = None):
        super().__init__(backend)
        self.name, self.pin = _pin_of(self.backend, pin, self.backend.layout.buttons, "button")
        self._device = self.backend.make_button(self.pin, bounce_time=bounce_time)
        self._device.when_pressed = lambda: self._fire("pressed")
        self._device.when_released = lambda: self._fire("released")

    @property
    def is_pressed(self) -> bool:
        self._check_open()
        return bool(self._device.is_pressed)

    def wait_for_press(self, timeout: float | None = None) -> bool:
        self._check_open()
        return bool(self._device.wait_for_press(timeout))

    def _close(self) -> None:
        self._device.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("pressed" if self._device.is_pressed else "released")
        return f"<Button {self.name} on GPIO{self.pin}: {state}>"


class Led(Device):
    """An LED on a GPIO pin (``Led(22)`` or ``Led("status")``)."""

    def __init__(self, pin: str | int, *, backend: Backend | None = None):
        super().__init__(backend)
        self.name, self.pin = _pin_of(self.backend, pin, self.backend.layout.leds, "led")
        self._device = self.backend.make_led(self.pin)

    def on(self) -> None:
        self._check_open()
        self._device.on()

    def off(self) -> None:
        self._check_open()
        self._device.off()

    def toggle(self) -> None:
        self._check_open()
        self._device.toggle()

    def blink(
        self, on_time: float = 0.5, off_time: float = 0.5, n: int | None = None, background: bool = True
    ):
        self._check_open()
        self._device.blink(on_time, off_time, n, background)

    @property
    def is_lit(self) -> bool:
        self._check_open()
        return bool(self._device.is_lit)

    def _close(self) -> None:
        self._device.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("lit" if self._device.is_lit else "off")
        return f"<Led {self.name} on GPIO{self.pin}: {state}>"
