"""Which face a die shows, from one optical reading per well, against a per-well calibration.

Each well has a reflectance sensor under it; each face of a die (and an empty well) reflects a
different amount. Calibration stores, per well, the reading seen for each face; classifying picks the
nearest one. A reading far from all of them is a die on its edge, and a reading at the rails is a
sensor fault: both are reported as a :class:`Fault`, never guessed. Pure: no ``machine``.

>>> c = Classifier(wells=2, mode="betrayal")
>>> c.classify(0, c.table[0][1])
1
"""

EMPTY = -1  # the "face" of an empty well

# Defaults before calibration: 16-bit ADC readings, evenly spaced (empty well reads darkest).
DEFAULT_LEVELS = {
    "betrayal": {EMPTY: 6000, 0: 22000, 1: 38000, 2: 54000},
    "d6": {EMPTY: 4000, 1: 12000, 2: 20000, 3: 28000, 4: 36000, 5: 44000, 6: 52000},
}


class Fault(Exception):
    """A condition the tower reports instead of a roll: ``code`` (edge, range, jam, ...) and ``well``."""

    def __init__(self, code, well=None, detail=""):
        super().__init__(code, well, detail)
        self.code = code
        self.well = well
        self.detail = detail

    def args_for_frame(self):
        """The ERROR frame args after the code: ``well=N`` and a detail token when known."""
        out = []
        if self.well is not None:
            out.append(f"well={self.well}")
        if self.detail:
            out.append(self.detail)
        return out


class Classifier:
    """Nearest-calibrated-reading classification for ``wells`` wells in ``mode`` (betrayal or d6).

    Tunables are class attributes so a board variant can subclass and change them.
    """

    RAIL_LOW = 200  # a reading at or below this: the sensor is disconnected or shorted
    RAIL_HIGH = 65300  # at or above: saturated (ambient light leaking in, or a short to 3V3)
    TOLERANCE = 5000  # farther than this from every calibrated level: a die on an edge

    def __init__(self, wells, mode="betrayal", table=None):
        if mode not in DEFAULT_LEVELS:
            raise ValueError(f"unknown dice mode {mode!r}")
        self.wells = wells
        self.mode = mode
        self.table = table or [dict(DEFAULT_LEVELS[mode]) for _ in range(wells)]

    def classify(self, well, reading):
        """The face shown in ``well`` (EMPTY for no die).

        Raises:
            Fault: ``range`` for a reading at the rails, ``edge`` for one near no calibrated level.
        """
        if reading <= self.RAIL_LOW or reading >= self.RAIL_HIGH:
            raise Fault("range", well, f"reading={reading}")
        best, best_gap = None, None
        for face, level in self.table[well].items():
            gap = abs(reading - level)
            if best_gap is None or gap < best_gap:
                best, best_gap = face, gap
        if best_gap > self.TOLERANCE:
            raise Fault("edge", well, f"reading={reading}")
        return best

    def calibrate(self, well, face, reading):
        """Remember ``reading`` as what ``face`` looks like in ``well``.

        Raises:
            Fault: ``calibrate`` for a well or face that does not exist, ``range`` for a rail reading.
        """
        if not 0 <= well < self.wells or face not in self.table[well]:
            raise Fault("calibrate", well, f"face={face}")
        if reading <= self.RAIL_LOW or reading >= self.RAIL_HIGH:
            raise Fault("range", well, f"reading={reading}")
        self.table[well][face] = reading

    def dumps(self):
        """The calibration as text, one well per line: ``face:level,face:level``."""
        return "\n".join(",".join(f"{f}:{v}" for f, v in sorted(row.items())) for row in self.table) + "\n"

    def loads(self, text):
        """Restore a calibration written by dumps(); a file for another well count or mode is ignored.

        Returns True if the calibration was used.
        """
        rows = []
        for line in text.strip().split("\n"):
            row = {}
            for pair in line.split(","):
                face, _, level = pair.partition(":")
                row[int(face)] = int(level)
            rows.append(row)
        if len(rows) != self.wells or any(set(r) != set(DEFAULT_LEVELS[self.mode]) for r in rows):
            return False
        self.table = rows
        return True
