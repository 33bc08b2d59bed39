"""The byte pipe under the link: a serial port (or a pty, or any pyserial URL), opened without blocking.

Only this module imports pyserial, and only ``DiceTower`` imports this module, when a port is configured,
so a table without a tower never needs pyserial installed.
"""

from __future__ import annotations

import logging

from hauntable.engine.rejections import HauntableError

log = logging.getLogger(__name__)


class TransportLost(HauntableError, OSError):
    """The port could not be opened, or failed while open (unplugged, pty closed, EIO)."""

    code = "table/transport_lost"


class SerialTransport:
    """A pyserial port by path or URL (``/dev/ttyACM0``, ``/dev/pts/5``, ``loop://``), read without blocking.

    >>> t = SerialTransport("loop://"); t.open(); t.write(b"HELLO\\n"); t.read()
    b'HELLO\\n'
    """

    def __init__(self, url: str, baudrate: int = 115200, write_timeout: float = 0.5):
        self.url = url
        self.baudrate = baudrate
        self.write_timeout = write_timeout
        self._port = None

    @property
    def is_open(self) -> bool:
        return self._port is not None

    def open(self) -> None:
        """Raises TransportLost when the port is missing or busy."""
        try:
            import serial  # lazily: pyserial is needed only when a tower is configured
        except ImportError as exc:
            raise TransportLost(f"cannot open {self.url}: pyserial is not installed") from exc
        try:
            self._port = serial.serial_for_url(
                self.url, baudrate=self.baudrate, timeout=0, write_timeout=self.write_timeout
            )
        except (serial.SerialException, OSError, ValueError) as exc:
            raise TransportLost(f"cannot open {self.url}: {exc}") from exc

    def fileno(self) -> int | None:
        """The descriptor to wait on with ``select``, or None (``loop://`` has none: poll instead)."""
        try:
            return self._port.fileno() if self._port is not None else None
        except (AttributeError, OSError, ValueError):
            return None

    def read(self) -> bytes:
        """Whatever has arrived (maybe b""). Raises TransportLost when the port is gone."""
        import serial

        if self._port is None:
            raise TransportLost(f"{self.url} is not open")
        try:
            return self._port.read(self._port.in_waiting or 1)
        except (serial.SerialException, OSError) as exc:
            raise TransportLost(f"{self.url}: {exc}") from exc

    def write(self, data: bytes) -> None:
        """Raises TransportLost when the port is gone or the write stays blocked past write_timeout."""
        import serial

        if self._port is None:
            raise TransportLost(f"{self.url} is not open")
        try:
            self._port.write(data)
        except (serial.SerialException, OSError) as exc:
            raise TransportLost(f"{self.url}: {exc}") from exc

    def close(self) -> None:
        """Idempotent."""
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except OSError:  # closing a port that has vanished can fail; it is closed either way
                log.debug("closing %s failed", self.url, exc_info=True)

    def __repr__(self) -> str:
        return f"SerialTransport({self.url!r}, open={self.is_open})"
