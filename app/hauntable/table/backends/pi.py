"""The Raspberry Pi backend: MFRC522 readers over spidev, selects and reset through gpiozero, towers
over serial. The only module that imports spidev or real gpiozero pins, and only when this backend is
chosen (``backend = "pi"`` in the layout or ``HAUNTABLE_BACKEND=pi``).

gpiozero picks its pin factory itself: lgpio on a Pi 5 (RPi.GPIO does not run there; install
``rpi-lgpio`` if some other tool insists on ``import RPi.GPIO``), lgpio or RPi.GPIO on older Pis. When it
runs on lgpio, the select and reset lines are claimed through lgpio directly on gpiozero's chip handle
(one C call per write, and a real ``group_write`` for the decoder address); on any other factory (the
mock in tests) they are gpiozero devices and the address is a :class:`~hauntable.table.mfrc522.bus.LineGroup`.

Starting never crashes the caller: whatever goes wrong (a line the kernel holds, "GPIO busy"; a pin
another device of this process holds, "pin in use"; no SPI device; a missing package) closes what was
opened and raises :class:`~hauntable.table.backends.BackendError` with a sentence that names the line and
the fix, which the app shows on the play screen and ``hauntable selftest`` prints.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from typing import TYPE_CHECKING, Any

from hauntable.engine.rejections import HauntableError
from hauntable.table.backends import BackendError
from hauntable.table.backends.base import Backend, ReaderFault
from hauntable.table.clock import MonotonicClock
from hauntable.table.dice_link.identity import find_port
from hauntable.table.mfrc522.bus import DecoderSelect, GpioSelect, LineGroup, SharedBus
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


SPI_CS_HINT = (
    "GPIO8 and GPIO7 are SPI0's chip selects, held by the kernel while config.txt has dtparam=spi=on "
    "without dtoverlay=spi0-0cs (systemd/install.sh adds it; docs/hardware.md, first power-on); "
    "`gpioinfo` names the holder of a line"
)


def start_error(exc: BaseException, what: str) -> BackendError:
    """A sentence for an operator: what could not be opened, why, and what to do."""
    text = str(exc) or type(exc).__name__
    if "busy" in text.lower():  # lgpio.error("GPIO busy"), OSError EBUSY: another owner holds the line
        return BackendError(f"{what}: GPIO busy, held by the kernel or another program. {SPI_CS_HINT}")
    if type(exc).__name__ == "GPIOPinInUse" or "in use" in text.lower():
        return BackendError(
            f"{what}: pin in use by another device of this program (a second table backend on the same "
            f"pins, e.g. a self-test while a game reads the table?): {text}"
        )
    return BackendError(f"{what}: {type(exc).__name__}: {text}")


class _Lines:
    """The backend's output lines (selects, strobe, reset), claimed through lgpio directly when gpiozero
    runs on lgpio, else as gpiozero devices. ``close()`` frees every one."""

    def __init__(self, gpiozero: Any):
        self.gpiozero = gpiozero
        self._devices: list[Any] = []
        self._claimed: list[tuple[str, int]] = []  # ("gpio" | "group", pin)
        try:
            gpiozero.Device.ensure_pin_factory()
        except Exception as exc:  # BadPinFactory: not a Pi, or no lgpio
            raise BackendError(
                f"no GPIO pin factory ({type(exc).__name__}: {exc}): on a Raspberry Pi install lgpio "
                "(pip install '.[pi]'); off a Pi, HAUNTABLE_BACKEND=mock"
            ) from exc
        factory = gpiozero.Device.pin_factory
        self.lgpio: Any = None
        self.handle = getattr(factory, "_handle", None)
        if type(factory).__name__ == "LGPIOFactory" and self.handle is not None:
            import lgpio

            self.lgpio = lgpio

    def line(self, pin: int, role: str) -> Any:
        """One output line, high."""
        try:
            if self.lgpio is None:
                device = self.gpiozero.DigitalOutputDevice(pin, initial_value=True)
                self._devices.append(device)
                return device
            self._check(self.lgpio.gpio_claim_output(self.handle, pin, 1))
            self._claimed.append(("gpio", pin))
            assert self.handle is not None  # lgpio is used only with the factory's handle
            return _LgpioLine(self.lgpio, self.handle, pin)
        except Exception as exc:
            raise start_error(exc, f"GPIO{pin} ({role})") from exc

    def group(self, pins: list[int], role: str) -> Any:
        """Lines written together (bit i of a value to ``pins[i]``), all high to start."""
        if self.lgpio is None:
            return LineGroup([self.line(pin, role) for pin in pins])
        try:
            self._check(self.lgpio.group_claim_output(self.handle, pins, [1] * len(pins)))
        except Exception as exc:
            raise start_error(exc, f"GPIO{','.join(map(str, pins))} ({role})") from exc
        self._claimed.append(("group", pins[0]))
        assert self.handle is not None  # lgpio is used only with the factory's handle
        return _LgpioGroup(self.lgpio, self.handle, pins)

    @staticmethod
    def _check(status: Any) -> None:
        if isinstance(status, int) and status < 0:  # lgpio with exceptions switched off returns codes
            raise OSError(status, f"lgpio error {status}")

    def close(self) -> None:
        for device in self._devices:
            device.close()
        self._devices.clear()
        for kind, pin in self._claimed:
            free = self.lgpio.group_free if kind == "group" else self.lgpio.gpio_free
            with contextlib.suppress(Exception):  # closing must not raise: the process may be on its way out
                free(self.handle, pin)
        self._claimed.clear()


class _LgpioLine:
    def __init__(self, lgpio: Any, handle: int, pin: int):
        self.write, self.handle, self.pin = lgpio.gpio_write, handle, pin

    def on(self) -> None:
        self.write(self.handle, self.pin, 1)

    def off(self) -> None:
        self.write(self.handle, self.pin, 0)


class _LgpioGroup:
    """``lgpio.group_write``: every address line in one call (the group is named by its first pin)."""

    def __init__(self, lgpio: Any, handle: int, pins: list[int]):
        self._write, self.handle, self.leader = lgpio.group_write, handle, pins[0]
        self.mask = (1 << len(pins)) - 1

    def write(self, value: int) -> None:
        self._write(self.handle, self.leader, value, self.mask)


class PiBackend(Backend):
    """Opens every bus of the layout (spidev, ``no_cs`` where the kernel allows it) and its select lines.

    ``notes`` holds what started in a degraded way (no_cs refused), for the self-test and the log.
    """

    name = "pi"

    def __init__(self, layout: Layout, clock: Any = None):
        super().__init__(layout, clock or MonotonicClock())
        try:
            import gpiozero
            import spidev
        except ImportError as exc:
            raise BackendError(f"{exc.name} is not installed (pip install '.[pi]')") from exc
        self._gpiozero = gpiozero
        self._buses: dict[str, SharedBus] = {}
        self._spis: list[Any] = []
        self.resets: dict[str, Any] = {}  # bus id -> its NRSTPD line (the self-test pulses it)
        self.notes: list[str] = []
        self._lines: _Lines | None = None
        try:
            self._lines = _Lines(gpiozero)
            for bus in layout.buses:
                self._open_bus(spidev, bus)
        except BaseException as exc:
            self._release()
            if isinstance(exc, BackendError):
                raise
            if not isinstance(exc, Exception):
                raise
            raise start_error(exc, "table backend") from exc

    def _open_bus(self, spidev: Any, bus: Any) -> None:
        path = f"/dev/spidev{bus.device[0]}.{bus.device[1]}"
        spi = spidev.SpiDev()
        try:
            spi.open(*bus.device)
        except OSError as exc:
            raise BackendError(
                f"cannot open {path} ({exc.strerror or exc}); is SPI enabled (dtparam=spi=on and "
                "dtoverlay=spi0-0cs in config.txt, then a reboot)?"
            ) from exc
        self._spis.append(spi)  # closed on a later failure too
        try:
            spi.no_cs = True
        except OSError as exc:  # a Pi 5 kernel may refuse SPI_NO_CS: its own chip select toggles then
            note = (
                f"{path}: the kernel refused the no-chip-select mode ({exc.strerror or exc}); its own chip "
                "select toggles on every transfer, harmless while nothing is wired to it "
                "(dtoverlay=spi0-0cs leaves SPI0 without one)"
            )
            self.notes.append(note)
            warnings.warn(note, RuntimeWarning, stacklevel=3)
        spi.mode = 0
        spi.max_speed_hz = bus.hz
        lines = self._lines
        assert lines is not None
        if bus.select == "decoder":
            address = lines.group(list(bus.address_pins), f"decoder address A0-A{len(bus.address_pins) - 1}")
            select: Any = DecoderSelect(
                address, lines.line(bus.strobe_pin, "decoder strobe"), width=len(bus.address_pins)
            )
        else:
            select = _PinSelect(
                {
                    rd.cs_pin: lines.line(rd.cs_pin, f"chip select of reader {rd.id}")
                    for rd in self.layout.readers
                    if rd.bus == bus.id and rd.cs_pin is not None  # each has one on a gpio-select bus
                }
            )
        if bus.reset_pin is not None:
            self.resets[bus.id] = lines.line(bus.reset_pin, "reader reset NRSTPD")  # high: out of power-down
        self._buses[bus.id] = SharedBus(spi, select)

    def _release(self) -> None:
        for spi in self._spis:
            spi.close()
        self._spis.clear()
        self._buses.clear()
        if self._lines is not None:
            self._lines.close()

    RESET_LOW_S = 0.001  # NRSTPD low: the datasheet asks for more than 100 ns; 1 ms through the buffers
    RESET_START_S = 0.005  # oscillator start-up after NRSTPD rises (crystal dependent, ~1-5 ms)

    def pulse_reset(self) -> list[tuple[str, str, bool]]:
        """Hard-reset every reader (NRSTPD low, then high), as the self-test does first; each reader
        initialises itself again at its next read. (wiring, detail, ok) per reset line."""
        rows = []
        for bus_id, line in self.resets.items():
            line.off()
            self.clock.sleep(self.RESET_LOW_S)
            line.on()
            self.clock.sleep(self.RESET_START_S)
            for reader in self._readers.values():
                if reader.spec.bus == bus_id:
                    reader._ready = False  # type: ignore[attr-defined]
            pin = self.layout.bus(bus_id).reset_pin
            rows.append((f"{bus_id} NRSTPD GPIO{pin}", f"pulsed low {self.RESET_LOW_S * 1000:g} ms", True))
        return rows

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
        """The serial device of a tower: its ``port``, or the board matching ``usb`` (and ``serial``).

        Raises:
            TowerAmbiguous: two boards match and the layout names no serial (dice_link/identity.py).
        """
        return find_port(spec)

    def check_tower(self, spec: TowerSpec) -> tuple[bool, str]:
        """Open the tower's port with the dice link (issue 6) and wait for its HELLO.

        Warning: a roll the tower still holds unacknowledged is delivered, and counted taken, during the
        check; run the selftest between games.
        """
        try:
            port = self.tower_port(spec)
        except HauntableError as exc:  # two boards, no serial to choose: say so, never pick one
            return False, str(exc)
        if port is None:
            return False, f"usb {spec.usb}{' serial ' + spec.serial if spec.serial else ''} not connected"
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
        self._release()


class _PinSelect(GpioSelect):
    """GPIO selects addressed by pin number (a bench reader's ``address`` is its cs pin)."""

    def __init__(self, lines: dict[int, Any]):
        super().__init__(list(lines.values()))
        self.by_pin = lines

    def select(self, address: int) -> None:
        self.by_pin[address].off()
