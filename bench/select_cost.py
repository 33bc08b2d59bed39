"""What one chip select costs the host: the figures behind hauntable/table/mfrc522/costs.py (issue 21).

Per SPI transfer the MFRC522 needs NSS high between register accesses, so the decoder strobe toggles every
time; the address lines change only when the bus moves to another reader. Measures, per select+release:
- the old scheme (11 gpiozero pin writes: strobe, 8 address lines, strobe, strobe),
- DecoderSelect on the backend's own lines (``PiBackend``'s line maker: lgpio on a Pi, gpiozero devices
  on any other pin factory, the mock here), same address and address changing,
- DecoderSelect over a C call per write (``os.write`` to /dev/null): the lgpio path's Python cost
  without the GPIO ioctl, for a machine without a gpiochip.
Run on a Pi (service stopped, the reference layout's pins free) it measures the real lgpio path.

    GPIOZERO_PIN_FACTORY=mock .venv/bin/python bench/select_cost.py [--calls 20000]
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))

from hauntable.table.mfrc522.bus import DecoderSelect
from hauntable.table.mfrc522.costs import PI4_IOCTL_S, PI4_PYTHON_FACTOR, SELECTS

ADDRESS_PINS = [5, 6, 13, 19, 26, 12, 16, 20]  # the reference layout's
STROBE = 21


def per_call(fn, calls: int) -> float:
    return min(timeit.repeat(fn, number=calls, repeat=3)) / calls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=20000)
    args = parser.parse_args(argv)
    import gpiozero

    from hauntable.table.backends.pi import _Lines

    lines = _Lines(gpiozero)
    factory = type(gpiozero.Device.pin_factory).__name__
    try:
        address = [lines.line(p, "bench") for p in ADDRESS_PINS]
        strobe = lines.line(STROBE, "bench strobe")

        def old(a: int = 77) -> None:
            strobe.on()
            for bit, line in enumerate(address):
                line.on() if a >> bit & 1 else line.off()
            strobe.off()
            strobe.on()

        ours = DecoderSelect(address, strobe)
        flip = itertools.cycle([77, 78])

        def same(select=ours) -> None:
            select.select(77)
            select.release()

        def change(select=ours) -> None:
            select.select(next(flip))
            select.release()

        rows = [
            ("old: 11 pin writes per transfer", per_call(old, args.calls)),
            (f"ours on {factory} lines, same reader", per_call(same, args.calls)),
            (f"ours on {factory} lines, another reader", per_call(change, args.calls)),
        ]
    finally:
        lines.close()
    fd = os.open(os.devnull, os.O_WRONLY)
    byte = b"\0"

    class CLine:
        def on(self) -> None:
            os.write(fd, byte)

        off = on

    class CGroup:
        def write(self, value: int) -> None:
            os.write(fd, byte)

    stand_in = DecoderSelect(CGroup(), CLine(), width=8)
    rows += [
        ("ours, a C call per write, same reader", per_call(lambda: same(stand_in), args.calls)),
        ("ours, a C call per write, another reader", per_call(lambda: change(stand_in), args.calls)),
    ]
    os.close(fd)
    print(f"per select + release, best of 3 x {args.calls} calls, on this machine:")
    for label, seconds in rows:
        print(f"  {label:<48} {seconds * 1e6:6.2f} us")
    print(
        f"\nPi 4 model (x{PI4_PYTHON_FACTOR:g} for CPython there, +{PI4_IOCTL_S * 1e6:g} us per lgpio "
        "ioctl), hauntable/table/mfrc522/costs.py:"
    )
    for cost in SELECTS.values():
        print(
            f"  {cost.name:<9} {cost.per_transfer_s * 1e6:6.1f} us per transfer, "
            f"{cost.per_visit_s * 1e6:5.1f} us per reader visit: {cost.what}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
