"""A fake ``machine`` module for running the tower firmware off the Pico (CPython and the unix port).

Pins and ADCs with hands: ``Pin.drive_low()`` / ``drive_high()`` (firing the IRQ handler on a falling
edge, as the RP2040 would), ``ADC.level = 38000``. Only what ``main.py`` and ``sensors.py`` touch.
"""

PINS = {}
ADCS = {}


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, n, mode=IN, pull=None):
        self.n = n
        self.mode = mode
        self.pull = pull
        self._value = 1 if pull == Pin.PULL_UP else 0
        self.handler = None
        self.trigger = None
        self.history = []
        PINS[n] = self

    def value(self, v=None):
        if v is None:
            return self._value
        self._value = 1 if v else 0
        self.history.append(self._value)
        return None

    def irq(self, handler=None, trigger=None):
        self.handler = handler
        self.trigger = trigger

    def drive_low(self):
        was = self._value
        self._value = 0
        if was == 1 and self.handler is not None and self.trigger & Pin.IRQ_FALLING:
            self.handler(self)

    def drive_high(self):
        self._value = 1


class ADC:
    def __init__(self, pin):
        self.pin = pin
        self.level = 6000
        self.reader = None  # or a callable, e.g. one that looks at the mux select pins
        ADCS[pin] = self

    def read_u16(self):
        return self.level if self.reader is None else self.reader()


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.fed = 0

    def feed(self):
        self.fed += 1
