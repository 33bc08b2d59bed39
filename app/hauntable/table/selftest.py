"""The table's self-test: one row per reader, tower, button and LED, never raising for a device fault.

A table service: ``hauntable selftest`` prints the rows, the admin screen's self-test page shows them.
Readers: VersionReg must name a known chip and one read must complete; first, a backend with reset lines
(the Pi's NRSTPD) pulses them, so every reader starts from a hard reset as docs/hardware.md says, and
what the backend started in a degraded way (``notes``) is a row. Towers: the backend's HELLO check.
Buttons: not stuck pressed. LEDs: switch on and off.
"""

from __future__ import annotations

from collections.abc import Iterator

from hauntable.table.backends.base import Backend, ReaderFault
from hauntable.table.devices import Button, Led
from hauntable.table.mfrc522.registers import KNOWN_VERSIONS

Row = tuple[str, str, str, bool]  # device, wiring, detail, ok


def check(backend: Backend, towers: bool = True, gpio: bool = True) -> Iterator[Row]:
    """One row per device; never raises for a device fault. ``towers=False`` leaves the towers out (the
    table app holds its tower's port open and reports that link itself); ``gpio=False`` leaves out the
    reset pulse, buttons and LEDs (a running game's backend holds them: the admin self-test in a game)."""
    for note in getattr(backend, "notes", ()):
        yield ("spi", "", note, True)
    pulse = getattr(backend, "pulse_reset", None)
    if gpio and pulse is not None:
        for wiring, detail, ok in pulse():
            yield ("reader reset", wiring, detail, ok)
    for spec in backend.layout.readers:
        reader = backend.reader(spec.id)
        try:
            version = reader.version()
            if version not in KNOWN_VERSIONS:
                yield (f"reader {spec.id}", spec.wiring, f"no chip (version 0x{version:02X})", False)
                continue
            seen = reader.read()
        except (ReaderFault, OSError) as exc:
            yield (f"reader {spec.id}", spec.wiring, str(exc), False)
            continue
        detail = f"{KNOWN_VERSIONS[version]}, " + (f"tag {min(seen)}" if seen else "empty")
        yield (f"reader {spec.id}", spec.wiring, detail, True)
    for tower in backend.layout.towers if towers else ():
        ok, detail = backend.check_tower(tower)
        yield (f"tower {tower.id}", tower.port or f"usb {tower.usb}", detail, ok)
    for pin in backend.layout.buttons if gpio else ():
        try:
            with Button(pin.pin, backend=backend) as button:
                stuck = button.is_pressed
            yield (
                f"button {pin.name}",
                f"GPIO{pin.pin}",
                "stuck pressed" if stuck else "released",
                not stuck,
            )
        except Exception as exc:  # a pin already in use, a missing pin factory: a fault row, not a crash
            yield (f"button {pin.name}", f"GPIO{pin.pin}", str(exc), False)
    for led_pin in backend.layout.leds if gpio else ():
        try:
            with Led(led_pin.pin, backend=backend) as led:
                led.on()
                lit = led.is_lit
                led.off()
                ok = lit and not led.is_lit
            yield (f"led {led_pin.name}", f"GPIO{led_pin.pin}", "on/off" if ok else "does not switch", ok)
        except Exception as exc:
            yield (f"led {led_pin.name}", f"GPIO{led_pin.pin}", str(exc), False)
