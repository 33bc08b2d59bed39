"""When a throw is over: wait until every well reads steady, then read the faces. The chute's beam only
says a throw has begun; it never decides how many dice there are.

Dice bounce; a reading taken while a die rocks is wrong. :class:`Settler` is fed the break-beam count,
whether the beam is blocked now, and the raw well readings on every loop pass. A throw begins when a die
breaks the beam or when an idle tray's wells change (dice dropped in together may break the beam once
for five dice: that is no reason to wait). Once the readings have held still for SETTLE_MS it answers
with the faces of every occupied well, however many breaks were counted. Faults are reported once each
(a die on its edge, more dice than wells, dice from before a reset); ``jam`` only when the beam stays
blocked for JAM_MS (a die stuck in the chute), once, until it clears. Pure: times are integers from an
injected clock (milliseconds), and ``diff`` is ``time.ticks_diff`` on the Pico so the wrap of
``ticks_ms`` is handled.
"""

from classifier import EMPTY, Fault

IDLE = "idle"
ROLLING = "rolling"
SHOWN = "shown"  # a roll was reported; its dice still lie in the tray
STALE = "stale"  # dice in the tray that nobody saw come down the chute (after a reset): clear them first


def _sub(a, b):
    return a - b


class Settler:
    """Turns (now, dice counted in, readings, beam blocked) into ``("roll", faces)``, ``("fault", Fault)``
    or None."""

    SETTLE_MS = 250  # readings must hold within JITTER for this long
    JITTER = 800  # counts of the 16-bit ADC a still die's reading may wander
    JAM_MS = 3000  # the beam blocked this long without a break: a die stuck in the chute
    EMPTY_MS = 1500  # a beam break and no die in any well by then: a hand or a shadow, not a throw

    def __init__(self, classifier, diff=_sub):
        self.classifier = classifier
        self.diff = diff
        self.state = IDLE
        self.expected = 0  # beam breaks counted in this throw (a hint only)
        self._started = 0
        self._last = None
        self._still_since = 0
        self._blocked_since = None
        self._jam_told = False
        self._told = None  # the (code, well) last reported in this throw: never reported twice
        self._first = True

    def feed(self, now, entered, readings, blocked=False):
        """One loop pass. ``entered``: dice that broke the beam since the last pass."""
        jam = self._jam(now, blocked)
        if jam is not None:
            return jam
        occupied = self._occupied(readings)
        moving = self._moving(now, readings)
        if isinstance(occupied, Fault) and self.state != ROLLING:
            occupied = None  # a rocking or odd reading only matters while a throw is being read
        if self._first:
            self._first = False
            if occupied and entered == 0:
                self.state = STALE
                return self._fault(Fault("stale", None, "dice=" + str(occupied)))
        if self.state in (SHOWN, STALE):
            if occupied == 0:
                self.state = IDLE
            elif not entered:
                return None
        if entered or (self.state == IDLE and moving and occupied):
            if self.state != ROLLING:
                self.state, self.expected, self._started, self._told = ROLLING, 0, now, None
            self.expected += entered
            if self.expected > self.classifier.wells:
                return self._fault(Fault("overflow", None, "dice=" + str(self.expected)))
        if self.state != ROLLING:
            return None
        if moving or self.diff(now, self._still_since) < self.SETTLE_MS:
            return None
        if isinstance(occupied, Fault):
            return self._fault(occupied)
        if occupied == 0:
            if self.diff(now, self._started) >= self.EMPTY_MS:
                self.state = IDLE  # nothing landed: no roll, and nothing to complain about
            return None
        faces = []
        for well, reading in enumerate(readings):
            face = self.classifier.classify(well, reading)
            if face != EMPTY:
                faces.append(face)
        self.state = SHOWN
        return ("roll", tuple(faces))

    def _jam(self, now, blocked):
        if not blocked:
            self._blocked_since, self._jam_told = None, False
            return None
        if self._blocked_since is None:
            self._blocked_since = now
        if self._jam_told or self.diff(now, self._blocked_since) < self.JAM_MS:
            return None
        self._jam_told = True
        return ("fault", Fault("jam", None, "ms=" + str(self.diff(now, self._blocked_since))))

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

    def _fault(self, fault):
        told = (fault.code, fault.well)
        if told == self._told:
            return None
        self._told = told
        return ("fault", fault)
