"""The Raspberry Pi backend: MFRC522 readers over spidev, selects and reset through gpiozero, towers
over serial. The only module that imports spidev or real gpiozero pins, and only when this backend is
chosen (``backend = "pi"`` in the layout or ``HAUNTABLE_BACKEND=pi``).

gpiozero picks its pin factory itself: lgpio on a Pi 5 (RPi.GPIO does not run there; install
``rpi-lgpio`` if some other tool insists on ``import RPi.GPIO``), lgpio or RPi.GPIO on older Pis.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from hauntable.table.backends import BackendError
from hauntable.table.backends.base import Backend, ReaderFault
from hauntable.table.clock import MonotonicClock
from hauntable.table.mfrc522.bus import DecoderSelect, GpioSelect, SharedBus
from hauntable.table.mfrc522.driver import Mfrc522, ReaderError
from hauntable.table.mfrc522.registers import format_uid

if TYPE_CHECKING:
    from hauntable.table.layout import Layout, ReaderSpec, TowerSpec


class PiRfidReader:
    """One MFRC522 on a shared bus, read with our driver (:mod:`hauntable.table.mfrc522.driver`)."""

    def __init__(self, spec: ReaderSpec, chip: Mfrc522):
        self.spec = spec
        self.chip = chip
        self._ready = False

    def _init(self) -> None:
        if not self._ready:
            self.chip.init()
            self._ready = True

    def read(self) -> frozenset[str]:
        try:
            self._init()
            uids = self.chip.poll_all()
        except ReaderError as exc:
            self._ready = False  # re-initialise next time: a brown-out may have reset the chip
            raise ReaderFault(f"reader {self.spec.id} ({self.spec.wiring}): {exc}") from exc
        return frozenset(format_uid(uid) for uid in uids)

    def is_present(self) -> bool:
        """The driver's cheap presence check (WUPA only)."""
        try:
            self._init()
            return self.chip.present()
        except ReaderError as exc:
            self._ready = False
            raise ReaderFault(f"reader {self.spec.id} ({self.spec.wiring}): {exc}") from exc

    def prepare(self) -> None:
        """Switch the field on now so its settle time overlaps another reader's read (see the driver)."""
        try:
            self._init()
            self.chip.prepare()
        except ReaderError:
            self._ready = False  # the read that follows reports the fault

    def version(self) -> int:
        return self.chip.version()

    def close(self) -> None:
        if self._ready and self.chip.field_on:
            self.chip.antenna(False)
        self._ready = False

    def __repr__(self) -> str:
        return f"<PiRfidReader {self.spec.id} ({self.spec.wiring})>"


class PiBackend(Backend):
    """Opens every bus of the layout (spidev ``no_cs``) and builds its chip-select lines."""

    name = "pi"

    def __init__(self, layout: Layout, clock: Any = None):
        super().__init__(layout, clock or MonotonicClock())
        try:
            import gpiozero
            import spidev
        except ImportError as exc:
            raise BackendError(f"{exc.name} is not installed (pip install -e '.[pi]')") from exc
        self._gpiozero = gpiozero
        self._outputs: list[Any] = []
        self._buses: dict[str, SharedBus] = {}
        for bus in layout.buses:
            spi = spidev.SpiDev()
            try:
                spi.open(*bus.device)
            except OSError as exc:
                raise BackendError(
                    f"cannot open /dev/spidev{bus.device[0]}.{bus.device[1]} ({exc.strerror}); "
                    "is SPI enabled (dtparam=spi=on)?"
                ) from exc
            spi.no_cs = True
            spi.mode = 0
            spi.max_speed_hz = bus.hz
            if bus.select == "decoder":
                select: Any = DecoderSelect(
                    [self._output(p) for p in bus.address_pins], self._output(bus.strobe_pin)
                )
            else:
                pins = [rd.cs_pin for rd in layout.readers if rd.bus == bus.id]
                lines = {pin: self._output(pin) for pin in pins}
                select = _PinSelect(lines)
            if bus.reset_pin is not None:
                self._output(bus.reset_pin)  # high: readers out of hard power-down
            self._buses[bus.id] = SharedBus(spi, select)

    def _output(self, pin: int | None) -> Any:
        device = self._gpiozero.DigitalOutputDevice(pin, initial_value=True)
        self._outputs.append(device)
        return device

    def _make_reader(self, spec: ReaderSpec) -> PiRfidReader:
        address = spec.address if spec.address is not None else spec.cs_pin
        port = self._buses[spec.bus].port(address)  # type: ignore[arg-type]
        return PiRfidReader(spec, Mfrc522(port, self.clock))

    def make_button(self, pin: int, **kwargs: Any) -> Any:
        return self._gpiozero.Button(pin, **kwargs)

    def make_led(self, pin: int, **kwargs: Any) -> Any:
        return self._gpiozero.LED(pin, **kwargs)

    HELLO_TIMEOUT = 3.0  # s: the tower answers HELLO within a few hundred ms after the port opens

    def tower_port(self, spec: TowerSpec) -> str | None:
        """The serial device of a tower: its ``port``, or the port whose USB vid:pid is ``usb``."""
        if spec.port:
            return spec.port
        from serial.tools import list_ports

        for info in list_ports.comports():
            if info.vid is not None and f"{info.vid:04x}:{info.pid:04x}" == (spec.usb or "").lower():
                return info.device
        return None

    def check_tower(self, spec: TowerSpec) -> tuple[bool, str]:
        """Open the tower's port with the dice link (issue 6) and wait for its HELLO.

        Warning: a roll the tower still holds unacknowledged is delivered, and counted taken, during the
        check; run the selftest between games.
        """
        port = self.tower_port(spec)
        if port is None:
            return False, f"usb {spec.usb} not connected"
        if not os.path.exists(port) and "://" not in port:
            return False, f"{port} missing"
        from hauntable.table.dice_link.link import LinkState
        from hauntable.table.dice_link.tower import DiceTower

        with DiceTower(port, probe=True) as tower:  # a probe takes no rolls
            if tower.wait_for_state(LinkState.READY, timeout=self.HELLO_TIMEOUT):
                return True, f"HELLO ok ({tower.source} on {port})"
            return False, f"no HELLO on {port} within {self.HELLO_TIMEOUT:g} s (link {tower.state})"

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        for bus in self._buses.values():
            bus.spi.close()
        for device in self._outputs:
            device.close()


class _PinSelect(GpioSelect):
    """GPIO selects addressed by pin number (a bench reader's ``address`` is its cs pin)."""

    def __init__(self, lines: dict[int, Any]):
        super().__init__(list(lines.values()))
        self.by_pin = lines

    def select(self, address: int) -> None:
        self.by_pin[address].off()
