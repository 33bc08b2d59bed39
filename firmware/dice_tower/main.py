"""Boot entry on the Pico: wires pins to the pure modules and runs the tower loop. Nothing else lives here.

Wiring (see ``README.md``): the chute's break-beam receiver on GP15 (low while blocked), the well
sensors through a 74HC4051 multiplexer on ADC0 (GP26) with select lines GP10, GP11, GP12. Tests import
this file under CPython and the unix port with a fake ``machine`` module and call :func:`build`.
"""

import os
import sys
import time

import machine
from classifier import Classifier, Fault
from manifest import VERSION
from port import StreamPort
from sensors import AnalogMux, Tray
from store import Store
from tower import Tower

BEAM_PIN = 15
ADC_PIN = 26
SELECT_PINS = (10, 11, 12)
WELLS = 8
MODE = "betrayal"  # or "d6"
TOWER_ID = "1"
WATCHDOG_MS = 5000


def new_boot_id():
    """8 hex digits from the hardware RNG: a reset can never be mistaken for the same boot."""
    return "".join(f"{b:02x}" for b in os.urandom(4))


def build(stream_in=None, stream_out=None, root=".", now=None, diff=None):
    """The tower, wired to this board's pins; streams default to USB CDC (stdin/stdout).

    ``now``/``diff`` default to ``time.ticks_ms()``/``time.ticks_diff`` (MicroPython); CPython tests pass
    their own.
    """
    mux = AnalogMux(
        machine.ADC(ADC_PIN),
        [machine.Pin(p, machine.Pin.OUT) for p in SELECT_PINS],
        getattr(time, "sleep_us", None),
    )
    beam = machine.Pin(BEAM_PIN, machine.Pin.IN, machine.Pin.PULL_UP)
    tray = Tray(WELLS, mux.channel, beam, machine.Pin.IRQ_FALLING)
    port = StreamPort(stream_in or sys.stdin.buffer, stream_out or sys.stdout.buffer)
    classifier = Classifier(WELLS, MODE)
    return Tower(
        port,
        tray,
        classifier,
        Store(root),
        new_boot_id(),
        TOWER_ID,
        VERSION,
        time.ticks_ms() if now is None else now,
        diff or time.ticks_diff,
    )


def run(tower=None, ticks_ms=None, sleep_ms=None):
    """Loop forever. The arguments are for tests (the unix port cannot patch the ``time`` module)."""
    ticks_ms = ticks_ms or time.ticks_ms
    sleep_ms = sleep_ms or time.sleep_ms
    try:
        import micropython

        micropython.kbd_intr(-1)  # a 0x03 byte of line noise must not raise KeyboardInterrupt
    except (ImportError, AttributeError):
        pass
    tower = tower or build()
    watchdog = machine.WDT(timeout=WATCHDOG_MS)  # a hang reboots the tower; pending rolls are in flash
    while True:
        watchdog.feed()
        try:
            tower.step(ticks_ms())
        except Exception as exc:  # report and keep going: a dead tower is worse than one bad pass
            tower.report(Fault("internal", None, type(exc).__name__))
            sleep_ms(100)
        sleep_ms(1)


if __name__ == "__main__":
    run()
