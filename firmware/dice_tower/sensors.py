"""The tray's hardware, behind the objects ``main.py`` hands in: ADC channels, mux select pins, the beam.

Nothing here imports ``machine``: :class:`Tray` takes pin- and ADC-like objects (``value()``,
``read_u16()``, ``irq()``), so tests pass fakes and the unix port runs it unchanged.

The RP2040 has three usable ADC inputs and a tray has up to eight wells, so the well sensors sit behind
an analogue multiplexer (74HC4051): :class:`AnalogMux` sets its select lines, lets the output settle, and
reads.
"""


class AnalogMux:
    """One ADC behind a multiplexer with ``select`` pins (LSB first); ``channel(n)`` reads input n."""

    SETTLE_US = 20  # the mux output and the ADC's sample capacitor need a moment after switching

    def __init__(self, adc, select, sleep_us=None):
        self.adc = adc
        self.select = select
        self.sleep_us = sleep_us

    def channel(self, n):
        for bit, pin in enumerate(self.select):
            pin.value((n >> bit) & 1)
        if self.sleep_us is not None:
            self.sleep_us(self.SETTLE_US)
        return self.adc.read_u16()


class Tray:
    """The wells and the chute's break-beam.

    ``read_well(n)`` returns well n's 16-bit reading (an ``AnalogMux.channel`` or a list of ADCs'
    ``read_u16``). The beam pin reads 0 while a die blocks it. With ``irq_trigger`` (``Pin.IRQ_FALLING``
    from main.py) every break is counted in an interrupt; without it, ``poll()`` must be called often
    enough to see each break (a die takes ~8 ms to fall past the beam).
    """

    def __init__(self, wells, read_well, beam, irq_trigger=None):
        self.wells = wells
        self.read_well = read_well
        self.beam = beam
        self._breaks = 0  # only ever incremented (by the interrupt): no lost counts when read races it
        self._seen = 0
        self._blocked = False
        if irq_trigger is not None:
            beam.irq(trigger=irq_trigger, handler=self._on_break)
        self._polled = irq_trigger is None

    def _on_break(self, _pin):
        self._breaks += 1

    def poll(self):
        """Sample the beam once (only needed without an interrupt)."""
        if not self._polled:
            return
        blocked = self.beam.value() == 0
        if blocked and not self._blocked:
            self._breaks += 1
        self._blocked = blocked

    def read(self):
        """``(dice counted in since the last read, [reading per well])``."""
        self.poll()
        total = self._breaks
        entered, self._seen = total - self._seen, total
        return entered, [self.read_well(n) for n in range(self.wells)]

    def blocked(self):
        """True while something blocks the beam (a die passing, or one stuck in the chute)."""
        return self.beam.value() == 0
