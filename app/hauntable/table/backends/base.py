"""What every backend provides, and the reader interface the scanner reads through.

A backend subclass must override :meth:`Backend._make_reader`, :meth:`Backend.make_button`,
:meth:`Backend.make_led` and :meth:`Backend.check_tower`; it may override :meth:`Backend.close` (call
``super().close()``). Devices and the scanner see only this interface, so one contract test suite covers
every backend (tests/table/test_backend_contract.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from hauntable.engine.rejections import HauntableError
from hauntable.table.clock import Clock

if TYPE_CHECKING:
    from hauntable.table.layout import Layout, ReaderSpec, TowerSpec


class ReaderFault(HauntableError, OSError):
    """A reader that did not answer properly this read (dead, miswired, two tags colliding)."""

    code = "table/reader_fault"


class RfidReader(Protocol):
    """One reader as the scanner sees it: a blocking read of the tags on its antenna right now."""

    spec: ReaderSpec

    def read(self) -> frozenset[str]:
        """The UIDs (``04:A2:...``) in the field now. Raises ReaderFault when the read failed."""
        ...

    def is_present(self) -> bool:
        """A cheap check (no UID): does any tag answer? Raises ReaderFault when the read failed."""
        ...

    def prepare(self) -> None:
        """Switch the field on early: the next read skips the part of its settle time already past."""
        ...

    def version(self) -> int:
        """The chip's VersionReg (0x91/0x92 genuine; 0x00 or 0xFF: nothing answers)."""
        ...

    def close(self) -> None: ...


class Backend:
    """A running backend for one layout: its readers, pin factory, towers and attached devices."""

    name: ClassVar[str] = ""

    def __init__(self, layout: Layout, clock: Clock):
        self.layout = layout
        self.clock = clock
        self._readers: dict[str, RfidReader] = {}
        self._devices: dict[str, list[Any]] = {}
        self.closed = False

    def reader(self, reader_id: str) -> RfidReader:
        """The reader with this layout id, built on first use."""
        if reader_id not in self._readers:
            self._readers[reader_id] = self._make_reader(self.layout.reader(reader_id))
        return self._readers[reader_id]

    def readers(self) -> dict[str, RfidReader]:
        """Every reader of the layout, in layout order."""
        return {spec.id: self.reader(spec.id) for spec in self.layout.readers}

    def attach(self, reader_id: str, device: Any) -> None:
        """Register a device (RfidCell, CardSlot) to receive the scanner's events for ``reader_id``."""
        self._devices.setdefault(reader_id, []).append(device)

    def detach(self, reader_id: str, device: Any) -> None:
        devices = self._devices.get(reader_id, [])
        if device in devices:
            devices.remove(device)

    def dispatch(self, event: Any) -> None:
        """Hand a scanner event to the devices attached to its reader."""
        for device in list(self._devices.get(event.reader, ())):
            device._on_scan_event(event)

    # --- must override ---------------------------------------------------------------------------------

    def _make_reader(self, spec: ReaderSpec) -> RfidReader:
        raise NotImplementedError

    def make_button(self, pin: int, **kwargs: Any) -> Any:
        """A gpiozero ``Button`` on ``pin`` built on this backend's pin factory."""
        raise NotImplementedError

    def make_led(self, pin: int, **kwargs: Any) -> Any:
        """A gpiozero ``LED`` on ``pin`` built on this backend's pin factory."""
        raise NotImplementedError

    def check_tower(self, spec: TowerSpec) -> tuple[bool, str]:
        """(ok, detail) for the selftest table."""
        raise NotImplementedError

    # --- may override ----------------------------------------------------------------------------------

    def close(self) -> None:
        """Close every reader. Idempotent."""
        if self.closed:
            return
        for reader in self._readers.values():
            reader.close()
        self._readers.clear()
        self.closed = True

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.layout.name}: {len(self.layout.readers)} readers>"
