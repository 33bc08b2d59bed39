"""When a throw is over: count dice in at the chute, wait until every well reads steady, then read faces.

Dice bounce; a reading taken while a die rocks is wrong. :class:`Settler` is fed the break-beam count
and the raw well readings on every loop pass and answers with a roll only once the readings have held
still for SETTLE_MS and as many wells hold a die as dice came down the chute. Otherwise it reports a
fault (jam, overflow, stale) rather than guessing. Pure: times are integers from an injected clock
(milliseconds), and ``diff`` is ``time.ticks_diff`` on the Pico so the wrap of ``ticks_ms`` is handled.
"""

from classifier import EMPTY, Fault

IDLE = "idle"
ROLLING = "rolling"
SHOWN = "shown"  # a roll was reported; its dice still lie in the tray
STALE = "stale"  # dice in the tray that nobody saw come down the chute (after a reset): clear them first


def _sub(a, b):
    return a - b


class Settler:
    """Turns (now, dice counted in, readings) into ``("roll", faces)``, ``("fault", Fault)`` or None."""

    SETTLE_MS = 250  # readings must hold within JITTER for this long
    JITTER = 800  # counts of the 16-bit ADC a still die's reading may wander
    JAM_MS = 3000  # counted dice not all in wells by then: a jam in the chute
    MAX_FAULT_REPEAT_MS = 5000  # a standing fault is reported again this often, not on every pass

    def __init__(self, classifier, diff=_sub):
        self.classifier = classifier
        self.diff = diff
        self.state = IDLE
        self.expected = 0
        self._started = 0
        self._last = None
        self._still_since = 0
        self._fault_at = None
        self._first = True

    def feed(self, now, entered, readings):
        """One loop pass. ``entered``: dice that broke the beam since the last pass."""
        occupied = self._occupied(readings)
        if isinstance(occupied, Fault) and self.state != ROLLING:
            occupied = None  # a rocking or odd reading only matters while a throw is being read
        if self._first:
            self._first = False
            if occupied and entered == 0:
                self.state = STALE
                return self._fault(now, Fault("stale", None, f"dice={occupied}"))
        if entered:
            if self.state in (IDLE, SHOWN, STALE):
                self.state, self.expected, self._started = ROLLING, 0, now
                self._last, self._fault_at = None, None
            self.expected += entered
            if self.expected > self.classifier.wells:
                self.state = IDLE
                return self._fault(now, Fault("overflow", None, f"dice={self.expected}"), force=True)
        if self.state in (SHOWN, STALE):
            if occupied == 0:
                self.state = IDLE
            return None
        if self.state != ROLLING:
            return None
        if self._moving(now, readings):
            return self._jam_check(now, occupied)
        if self.diff(now, self._still_since) < self.SETTLE_MS:
            return self._jam_check(now, occupied)
        if isinstance(occupied, Fault):
            return self._jam_check(now, occupied)
        if occupied != self.expected:
            return self._jam_check(now, occupied)
        faces = []
        for well, reading in enumerate(readings):
            face = self.classifier.classify(well, reading)
            if face != EMPTY:
                faces.append(face)
        self.state = SHOWN
        return ("roll", tuple(faces))

    def _occupied(self, readings):
        count = 0
        for well, reading in enumerate(readings):
            try:
                if self.classifier.classify(well, reading) != EMPTY:
                    count += 1
            except Fault as fault:
                return fault
        return count

    def _moving(self, now, readings):
        last, self._last = self._last, list(readings)
        if last is None or any(abs(a - b) > self.JITTER for a, b in zip(last, readings)):  # noqa: B905 - MicroPython
            self._still_since = now
            return True
        return False

    def _jam_check(self, now, occupied):
        if self.diff(now, self._started) < self.JAM_MS:
            return None
        if isinstance(occupied, Fault):
            return self._fault(now, occupied)
        return self._fault(now, Fault("jam", None, f"dice={self.expected},seen={occupied}"))

    def _fault(self, now, fault, force=False):
        recent = self._fault_at is not None and self.diff(now, self._fault_at) < self.MAX_FAULT_REPEAT_MS
        if recent and not force:
            return None
        self._fault_at = now
        return ("fault", fault)
