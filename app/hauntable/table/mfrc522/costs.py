"""What talking to one reader costs the host, per call, for the timing model (issue 21).

A read is ~26 SPI transfers with no tag and ~150 with one (most of them polling ComIrqReg while the frame
is in the air). Each transfer pays the spidev call and, on a shared bus, a chip select; a read of another
reader than the last one also pays for writing the decoder address. Figures in seconds, for a Raspberry
Pi 4 (Cortex-A72, 1.5-1.8 GHz, CPython 3.11):

- ``XFER_S`` 30 us: one ``spidev.xfer2`` (an ioctl and its Python call), as the model always had.
- select per transfer and address per visit: measured on the development VM by
  ``bench/select_cost.py`` and scaled to a Pi 4 by ``PI4_PYTHON_FACTOR`` (CPython runs ~4-5x slower there:
  the issue's 22-27 us here against an estimated 80-150 us there for the same 11 pin writes), plus
  ``PI4_IOCTL_S`` per lgpio call for the GPIO ioctl the VM's stand-in does not make.

Nothing here is measured on a Pi: ``bench/select_cost.py`` prints the VM figures these come from, and a
maker with a Pi can run it there (``--real`` on the Pi: docs/hardware.md) and put the figures here.
"""

from __future__ import annotations

from typing import NamedTuple

XFER_S = 30e-6
PI4_PYTHON_FACTOR = 5.0
PI4_IOCTL_S = 2e-6  # GPIO_V2_LINE_SET_VALUES through lgpio's C library, per call


class SelectCost(NamedTuple):
    """Host time a chip-select scheme adds: per SPI transfer, and per visit to another reader."""

    name: str
    per_transfer_s: float
    per_visit_s: float
    what: str


# VM measurements (GPIOZERO_PIN_FACTORY=mock bench/select_cost.py, 2026-12-01, best of 3 x 20k calls, with
# other jobs on the 2 cores: +-30 % between runs), per select + release, microseconds:
#   old DecoderSelect, 11 gpiozero writes: 26.4; ours on gpiozero (mock) lines: 4.4 same reader, 14.6
#   another; ours over a C call per write (the lgpio path's stand-in): 0.92 same reader, 1.10 another.
SELECTS = {
    "naive": SelectCost(
        "naive", 26.4e-6 * PI4_PYTHON_FACTOR, 0.0, "11 gpiozero pin writes per transfer (before issue 21)"
    ),
    "gpiozero": SelectCost(
        "gpiozero",
        4.4e-6 * PI4_PYTHON_FACTOR,
        (14.6 - 4.4) * 1e-6 * PI4_PYTHON_FACTOR,
        "strobe low/high per transfer, address once per visit, through gpiozero devices",
    ),
    "lgpio": SelectCost(
        "lgpio",
        0.92e-6 * PI4_PYTHON_FACTOR + 2 * PI4_IOCTL_S,
        (1.10 - 0.92) * 1e-6 * PI4_PYTHON_FACTOR + PI4_IOCTL_S,
        "strobe low/high per transfer and one group_write per visit, lgpio on gpiozero's chip handle",
    ),
}
PI4 = SELECTS["lgpio"]  # what the Pi backend does on a Pi 4 or 5 (gpiozero's default factory is lgpio)
