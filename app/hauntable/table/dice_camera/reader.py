"""Which dice lie in the tray and what they show, from two camera frames: LED ring on and LED ring off.

The steps, each able to say "not sure" (then the die is thrown again, never guessed):

1. ``on - off`` keeps only the ring's light: the hall's lamps, a player's shadow and daylight cancel.
   Divided by the same difference for the empty tray (calibration), the felt reads 1.0 everywhere
   however unevenly the ring lights it; dark Betrayal dice read ~0.3, ivory d6 ~2.5.
2. Pixels far from 1.0 are dice. Each blob's area, in dice (the calibrated die area), says how many
   dice it holds: one die (checked square and of the right size: a cocked die is too long), touching
   dice (split into that many by k-means on the pixels, each part checked square again), or a part of a
   die (unsure).
3. Each die is turned upright into a small patch; its body level says the kind (dark: Betrayal, light:
   d6), its marks are the blobs of the other level, each of a mark's calibrated size, and they must sit
   where that face's marks sit (``DESIGN``): a count that fits no face, a blob of the wrong size or
   place, or glare is unsure.

Pure: arrays in, a :class:`TrayRead` out. Needs numpy and OpenCV (the ``camera`` extra).
"""

from __future__ import annotations

import dataclasses
import math
import time

import cv2
import numpy as np

# The dice as made: where the marks of each face sit, as fractions of the side from the centre.
_P = 0.27
PIPS = {
    1: ((0, 0),),
    2: ((-_P, -_P), (_P, _P)),
    3: ((-_P, -_P), (0, 0), (_P, _P)),
    4: ((-_P, -_P), (_P, -_P), (-_P, _P), (_P, _P)),
    5: ((-_P, -_P), (_P, -_P), (0, 0), (-_P, _P), (_P, _P)),
    6: ((-_P, -_P), (_P, -_P), (-_P, 0), (_P, 0), (-_P, _P), (_P, _P)),
}
BETRAYAL_MARKS = {0: (), 1: ((0, 0),), 2: ((-0.2, -0.2), (0.2, 0.2))}
DESIGN = {"betrayal": BETRAYAL_MARKS, "d6": PIPS}
# every place some face of a kind has a mark, in either quarter turn (where a washed-out mark would be)
PLACES = {
    kind: sorted({p for marks in faces.values() for x, y in marks for p in ((x, y), (-y, x))})
    for kind, faces in DESIGN.items()
}
MARK_DIAMETER = {"betrayal": 0.24, "d6": 0.17}  # of the side; calibration measures the real ones
KINDS = ("betrayal", "d6")

PATCH = 48  # px: each die is read at this size, upright
INSET = 0.1  # of the side: the bevelled rim is not read
PLACE_TOLERANCE = 0.11  # of the side: how far a mark may sit from where the face's design puts it


@dataclasses.dataclass
class Calibration:
    """What the reader knows about one tower: the empty tray under the ring, and its dice.

    ``empty``: the empty tray's ring-only image (on - off, float32); ``floor``: where the tray floor is
    (uint8 mask); ``side``: a die's side in px; ``body``/``mark``: each kind's body and mark levels
    relative to the felt; ``mark_area``: a mark's area in patch px.
    """

    empty: np.ndarray
    floor: np.ndarray
    side: float = 50.0
    body: dict[str, float] = dataclasses.field(default_factory=lambda: {"betrayal": 0.33, "d6": 2.6})
    mark: dict[str, float] = dataclasses.field(default_factory=lambda: {"betrayal": 2.5, "d6": 0.25})
    mark_area: dict[str, float] = dataclasses.field(
        default_factory=lambda: {k: math.pi * (MARK_DIAMETER[k] * PATCH / 2) ** 2 for k in KINDS}
    )
    light: float = 0.0  # median ring-only DN on the felt when calibrated
    dice_checked: int = 0  # dice seen in the dice step (0: sizes are the defaults)

    @property
    def area(self) -> float:
        return self.side * self.side * 0.97  # rounded corners

    def threshold(self, kind: str) -> float:
        """The level between a kind's body and its marks (geometric mean: the levels are ratios)."""
        return math.sqrt(self.body[kind] * self.mark[kind])


@dataclasses.dataclass(frozen=True)
class DieRead:
    """One die: its kind and face, or ``face=None`` with the ``reason`` it is unsure."""

    x: float
    y: float
    kind: str | None
    face: int | None
    reason: str = ""
    count: int = 1  # dice this unsure blob probably holds (touching dice that could not be split)
    angle: float = 0.0  # degrees the die is turned (for the debug overlay)

    @property
    def sure(self) -> bool:
        return self.face is not None


@dataclasses.dataclass(frozen=True)
class TrayRead:
    dice: tuple[DieRead, ...]
    glare: float = 0.0  # share of the tray floor saturated in the ring-on frame
    level: float = 1.0  # the felt's level against calibration (the ring dimming, exposure drifting)
    seconds: float = 0.0

    @property
    def count(self) -> int:
        return sum(d.count for d in self.dice)

    @property
    def unsure(self) -> tuple[DieRead, ...]:
        return tuple(d for d in self.dice if not d.sure)

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces read, left to right across the tray (meaningful only when nothing is unsure)."""
        return tuple(d.face for d in sorted(self.dice, key=lambda d: (d.x, d.y)) if d.face is not None)

    @property
    def kinds(self) -> set[str]:
        return {d.kind for d in self.dice if d.kind is not None}


def grey(frame: np.ndarray) -> np.ndarray:
    return frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)


def ring_only(on: np.ndarray, off: np.ndarray) -> np.ndarray:
    """The ring's own light: on minus off, in float."""
    return cv2.subtract(grey(on).astype(np.float32), grey(off).astype(np.float32))


def calibrate_empty(on: np.ndarray, off: np.ndarray, side: float = 50.0) -> Calibration:
    """Step 1: the empty tray. Finds its floor (the walls read darker) and keeps its ring-only image."""
    led = cv2.GaussianBlur(ring_only(on, off), (0, 0), 1.5)
    level = float(np.median(led))
    floor = (led > 0.75 * level).astype(np.uint8)
    floor = cv2.morphologyEx(floor, cv2.MORPH_OPEN, np.ones((9, 9), np.uint8))
    contours, _ = cv2.findContours(floor, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    floor = np.zeros_like(floor)
    if contours:
        biggest = max(contours, key=cv2.contourArea)
        cv2.drawContours(floor, [biggest], -1, 1, -1)
        floor = cv2.erode(floor, np.ones((5, 5), np.uint8))
    return Calibration(empty=np.maximum(led, 1.0), floor=floor, side=side, light=level)


def _ratio(on: np.ndarray, off: np.ndarray, cal: Calibration) -> tuple[np.ndarray, float]:
    ratio = ring_only(on, off) / cal.empty
    level = float(np.median(ratio[cal.floor > 0])) if cal.floor.any() else 1.0
    return ratio / max(level, 1e-3), level


def _blobs(ratio: np.ndarray, cal: Calibration) -> list[np.ndarray]:
    dice = ((ratio < 0.6) | (ratio > 1.3)).astype(np.uint8) & cal.floor
    dice = cv2.morphologyEx(dice, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    dice = cv2.morphologyEx(dice, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(dice, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return [c for c in contours if cv2.contourArea(c) > 0.12 * cal.area]


def _square(rect, cal: Calibration, loose: bool = False) -> str:
    """Why a rotated rect is not one die lying flat ('' when it is)."""
    (_cx, _cy), (w, h), _a = rect
    if min(w, h) <= 0:
        return "shape"
    long, short = max(w, h), min(w, h)
    if long / short > (1.22 if loose else 1.13) or long > cal.side * (1.2 if loose else 1.13):
        return "cocked"
    if short < cal.side * (0.8 if loose else 0.86):
        return "part"
    return ""


def read_tray(on: np.ndarray, off: np.ndarray, cal: Calibration) -> TrayRead:
    """Every die in the tray: read, or unsure with a reason."""
    started = time.perf_counter()
    ratio, level = _ratio(on, off, cal)
    saturated = grey(on) >= 250
    glare = float(saturated[cal.floor > 0].mean()) if cal.floor.any() else 0.0
    out: list[DieRead] = []
    for contour in _blobs(ratio, cal):
        out += _read_blob(contour, ratio, saturated, cal)
    return TrayRead(tuple(out), glare, level, time.perf_counter() - started)


def _read_blob(contour, ratio, saturated, cal: Calibration) -> list[DieRead]:
    area = cv2.contourArea(contour)
    k = area / cal.area
    rect = cv2.minAreaRect(contour)
    (cx, cy), _size, _angle = rect
    if k < 0.72:
        return [DieRead(cx, cy, None, None, "part")]
    if k <= 1.28:
        why = _square(rect, cal)
        if why:
            return [DieRead(cx, cy, None, None, why)]
        return [_read_die(rect, ratio, saturated, cal)]
    n = round(k)
    if abs(k - n) > 0.3 or n > 8:
        return [DieRead(cx, cy, None, None, "cocked" if n <= 1 else "heap", max(1, n))]
    parts = _split(contour, ratio.shape, n, cal)
    if parts is None:
        return [DieRead(cx, cy, None, None, "touching", n)]
    return [_read_die(r, ratio, saturated, cal) for r in parts]


def _split(contour, shape, n: int, cal: Calibration):
    """Touching dice: ``n`` rotated squares, or None when the parts do not look like ``n`` flat dice."""
    mask = np.zeros(shape, np.uint8)
    cv2.drawContours(mask, [contour], -1, 1, -1)
    ys, xs = np.nonzero(mask)
    pts = np.column_stack([xs, ys]).astype(np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.2)
    _c, labels, _centres = cv2.kmeans(pts, n, None, criteria, 3, cv2.KMEANS_PP_CENTERS)
    labels = labels.ravel()
    rects = []
    cover = np.zeros(shape, np.uint8)
    for i in range(n):
        part = pts[labels == i]
        if len(part) < 0.7 * cal.area:
            return None
        (px, py), _wh, angle = cv2.minAreaRect(part)
        # the part's own edges may be cut by the split: fit a die's square at the part's centroid
        cx, cy = float(part[:, 0].mean()), float(part[:, 1].mean())
        rect = ((cx, cy), (cal.side, cal.side), angle)
        if math.hypot(cx - px, cy - py) > 0.15 * cal.side:
            return None
        rects.append(rect)
        box = cv2.boxPoints(((cx, cy), (cal.side * 0.96, cal.side * 0.96), angle))
        cv2.fillConvexPoly(cover, np.round(box).astype(np.int32), 1)
    inter = float(np.count_nonzero(cover & mask))
    union = float(np.count_nonzero(cover | mask))
    return rects if union and inter / union >= 0.86 else None


def _turn(cx: float, cy: float, angle: float, side: float) -> np.ndarray:
    """The affine map that puts a die of ``side`` at (cx, cy), turned ``angle``, upright in a patch."""
    m = cv2.getRotationMatrix2D((cx, cy), angle, PATCH / side)
    m[:, 2] += (PATCH / 2 - cx, PATCH / 2 - cy)
    return m


def _read_die(rect, ratio, saturated, cal: Calibration) -> DieRead:
    (cx, cy), _wh, angle = rect
    m = _turn(cx, cy, angle, cal.side)
    patch = cv2.warpAffine(ratio, m, (PATCH, PATCH), flags=cv2.INTER_LINEAR, borderValue=1.0)
    sat = cv2.warpAffine(saturated.astype(np.uint8), m, (PATCH, PATCH), flags=cv2.INTER_NEAREST)
    if sat.mean() > 0.02:
        return DieRead(cx, cy, None, None, "glare")
    inset = round(INSET * PATCH)
    inner = patch[inset:-inset, inset:-inset]
    body = float(np.median(inner))
    kind = "betrayal" if body < 0.7 else "d6" if body > 1.5 else None
    if kind is None:
        return DieRead(cx, cy, None, None, "body")
    thr = cal.threshold(kind)
    marks = (inner > thr) if kind == "betrayal" else (inner < thr)
    n, _lab, stats, centroids = cv2.connectedComponentsWithStats(marks.astype(np.uint8), connectivity=8)
    expected = cal.mark_area[kind]
    spots = []
    for i in range(1, n):
        a = stats[i, cv2.CC_STAT_AREA]
        if a < 0.22 * expected:
            continue  # a speck of noise
        w, h = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
        if a < 0.5 * expected or a > 1.8 * expected or max(w, h) > 1.8 * min(w, h) or a < 0.5 * w * h:
            return DieRead(cx, cy, kind, None, "mark")  # not the size or the round shape of a mark
        spots.append(((centroids[i][0] + inset) / PATCH - 0.5, (centroids[i][1] + inset) / PATCH - 0.5))
    why = _unclean(inner, marks, body, cal.mark[kind]) or _ghost(
        inner, inset, kind, spots, body, cal.mark[kind]
    )
    if why:
        return DieRead(cx, cy, kind, None, why, angle=angle)
    face = _match(kind, spots)
    if face is None:
        return DieRead(cx, cy, kind, None, "layout", angle=angle)
    return DieRead(cx, cy, kind, face, angle=angle)


def _unclean(inner: np.ndarray, marks: np.ndarray, body: float, mark: float) -> str:
    """'glare' when the die's face away from its marks is not one even level: a reflection of the ring
    on a glossy top can wash marks out, and what is left must not pass for a lower face."""
    near_marks = cv2.dilate(marks.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    plain = inner[~near_marks]
    if plain.size == 0:
        return "mark"
    off = np.abs(plain - body) > 0.3 * abs(mark - body)
    return "glare" if off.mean() > 0.03 else ""


def _ghost(inner: np.ndarray, inset: int, kind: str, spots, body: float, mark: float) -> str:
    """'ghost' when a place where some face has a mark is neither plain face nor a mark found: a mark
    half washed out or half hidden. Every face's places are looked at, in both quarter turns."""
    r = max(2, round(0.05 * PATCH))
    for px, py in PLACES[kind]:
        if any(math.hypot(px - sx, py - sy) < PLACE_TOLERANCE for sx, sy in spots):
            continue
        x, y = round((px + 0.5) * PATCH) - inset, round((py + 0.5) * PATCH) - inset
        level = float(inner[max(0, y - r) : y + r + 1, max(0, x - r) : x + r + 1].mean())
        if abs(level - body) > 0.3 * abs(mark - body):
            return "ghost"
    return ""


def _match(kind: str, spots: list[tuple[float, float]]) -> int | None:
    """The face whose marks sit where ``spots`` are (in either quarter turn), or None."""
    for face, design in DESIGN[kind].items():
        if len(design) != len(spots):
            continue
        for turn in (design, tuple((-y, x) for x, y in design)):
            left = list(turn)
            for sx, sy in spots:
                best = min(
                    left, key=lambda d, sx=sx, sy=sy: (d[0] - sx) ** 2 + (d[1] - sy) ** 2, default=None
                )
                if best is None or math.hypot(best[0] - sx, best[1] - sy) > PLACE_TOLERANCE:
                    break
                left.remove(best)
            else:
                return face
    return None


def calibrate_dice(on: np.ndarray, off: np.ndarray, cal: Calibration) -> tuple[Calibration, TrayRead]:
    """Step 2: all the tower's dice thrown flat, apart. Measures the die's side, each kind's body and mark
    levels and a mark's area from them, then reads them again with what it measured."""
    ratio, _level = _ratio(on, off, cal)
    sides: list[float] = []
    bodies: dict[str, list[float]] = {k: [] for k in KINDS}
    marks: dict[str, list[float]] = {k: [] for k in KINDS}
    areas: dict[str, list[float]] = {k: [] for k in KINDS}
    for contour in _blobs(ratio, cal):
        rect = cv2.minAreaRect(contour)
        (cx, cy), (w, h), angle = rect
        if max(w, h) / max(min(w, h), 1) > 1.12:
            continue  # touching or cocked: not a die to measure by
        sides.append(math.sqrt(cv2.contourArea(contour) / 0.97))
        probe = dataclasses.replace(cal, side=sides[-1])
        patch = cv2.warpAffine(ratio, _turn(cx, cy, angle, sides[-1]), (PATCH, PATCH), borderValue=1.0)
        inset = round(INSET * PATCH)
        inner = patch[inset:-inset, inset:-inset]
        body = float(np.median(inner))
        kind = "betrayal" if body < 0.7 else "d6" if body > 1.5 else None
        if kind is None:
            continue
        bodies[kind].append(body)
        thr = probe.threshold(kind)
        sel = (inner > thr) if kind == "betrayal" else (inner < thr)
        n, lab, stats, _cent = cv2.connectedComponentsWithStats(sel.astype(np.uint8), connectivity=8)
        for i in range(1, n):
            if stats[i, cv2.CC_STAT_AREA] >= 0.4 * probe.mark_area[kind]:
                areas[kind].append(float(stats[i, cv2.CC_STAT_AREA]))
                marks[kind].append(float(np.median(inner[lab == i])))
    new = dataclasses.replace(cal)
    if sides:  # a second throw (the d6 after the Betrayal dice) refines the first
        seen = cal.dice_checked
        new.side = (cal.side * seen + float(np.median(sides)) * len(sides)) / (seen + len(sides))
        new.dice_checked = seen + len(sides)
    new.body, new.mark, new.mark_area = dict(cal.body), dict(cal.mark), dict(cal.mark_area)
    for kind in KINDS:
        if bodies[kind]:
            new.body[kind] = float(np.median(bodies[kind]))
        if marks[kind]:
            # a mark's edge is blurred: its median under-reads its level; the peak is nearer the truth
            new.mark[kind] = float(np.percentile(marks[kind], 50))
            new.mark_area[kind] = float(np.median(areas[kind]))
    return new, read_tray(on, off, new)
