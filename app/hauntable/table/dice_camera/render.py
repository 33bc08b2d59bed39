"""Seeded pictures of dice in the camera tower's tray, with known faces: the reader's test bench.

A :class:`Build` is one physical tower (the tray's felt, the LED ring's fall-off, the camera's height,
hence the die size in pixels); a :class:`Scene` is one throw in it (dice, their positions, turns, faces,
touching or cocked, the hall's light, blur, noise, JPEG). :func:`render` returns the two frames the
reader takes, LED ring on and LED ring off, as a monochrome global-shutter camera sees them. Everything
comes from ``numpy.random.Generator(seed)``: the same seed draws the same pictures on every machine.

Dice are drawn as the reader meets them from above: a rounded square with a darker bevelled rim;
Betrayal dice dark with 0, 1 or 2 light round marks (faces 0,0,1,1,2,2), d6 ivory with black pips in
the usual layout. A cocked die (leaning on another die or the wall) shows its top face foreshortened and
a strip of a side face; its truth is ``None``: the reader must ask for it again.

Needs numpy and OpenCV (the ``camera`` extra, or ``dev``): imported by the tests, the bench and the
simulated camera, never by the app's start-up.
"""

from __future__ import annotations

import dataclasses
import functools
import math

import cv2
import numpy as np

from hauntable.table.dice_camera.reader import DESIGN, MARK_DIAMETER

WIDTH, HEIGHT = 640, 480
SS = 2  # supersampling while drawing, for anti-aliased edges
WALL = 14  # px of tray wall seen at each border

# what the dice are made of (reflectance); where their marks sit is the reader's DESIGN
BODY = {"betrayal": 0.10, "d6": 0.80}
MARK = {"betrayal": 0.78, "d6": 0.06}
FACES = {"betrayal": (0, 0, 1, 1, 2, 2), "d6": (1, 2, 3, 4, 5, 6)}


@dataclasses.dataclass(frozen=True)
class Build:
    """One tower as built: die side in px (camera height), the felt's texture and the ring's fall-off."""

    side: float = 50.0
    felt: float = 0.30
    falloff: float = 0.35  # the ring lights the tray's corners this much less than its centre
    gain: float = 190.0  # DN for reflectance 1.0 under the ring alone (exposure locked)
    seed: int = 1

    def felt_albedo(self) -> np.ndarray:
        """The empty tray's reflectance at SS times the camera's resolution (a copy: draw on it)."""
        return _felt(self).copy()

    def ring(self) -> np.ndarray:
        """The LED ring's light on the tray floor (1.0 under the lens), at camera resolution."""
        return _ring(self)


@functools.lru_cache(maxsize=8)
def _felt(build: Build) -> np.ndarray:
    rng = np.random.default_rng(build.seed)
    h, w = HEIGHT * SS, WIDTH * SS
    coarse = cv2.resize(rng.normal(0, 1, (12, 16)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    fine = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.2)
    felt = build.felt * (1 + 0.03 * coarse + 0.05 * fine)
    wall = np.ones((h, w), np.float32)
    b = WALL * SS
    wall[:b, :] = wall[-b:, :] = wall[:, :b] = wall[:, -b:] = 0.55  # the walls, lit at a grazing angle
    return felt * wall


@functools.lru_cache(maxsize=8)
def _ring(build: Build) -> np.ndarray:
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    r2 = ((x - WIDTH / 2) ** 2 + (y - HEIGHT / 2) ** 2) / ((WIDTH / 2) ** 2 + (HEIGHT / 2) ** 2)
    return 1.0 - build.falloff * r2


@dataclasses.dataclass(frozen=True)
class Die:
    """A die in a scene; ``face`` is None for a cocked die (no true top face to read)."""

    kind: str
    face: int | None
    x: float
    y: float
    angle: float  # degrees
    tilt: float = 0.0  # degrees; 0 lies flat
    side_face: int = 0  # the face on the visible side strip of a cocked die
    touching: bool = False


@dataclasses.dataclass(frozen=True)
class Scene:
    dice: tuple[Die, ...]
    ambient: float = 0.0  # the hall's light on the tray, relative to the ring
    flicker: float = 0.0  # how much the hall's light differs between the two frames
    shadow: tuple[float, float, float] | None = None  # a player's shadow over the tray: x, y, depth
    blur: float = 0.6
    noise: float = 1.5
    jpeg: int | None = None
    led: float = 1.0  # the ring's brightness today (warming, ageing)
    gloss: float = 0.0  # the ring's mirror image on the dice's flat tops (0: matte or cross-polarised)

    @property
    def truth(self) -> tuple[int | None, ...]:
        return tuple(d.face for d in self.dice)


def _corners(x: float, y: float, w: float, h: float, angle: float) -> np.ndarray:
    return cv2.boxPoints(((x, y), (w, h), angle)).astype(np.float32)


def _overlaps(a: np.ndarray, b: np.ndarray) -> bool:
    area, _ = cv2.intersectConvexConvex(a, b)
    return area > 0.5


def random_scene(
    rng: np.random.Generator,
    build: Build,
    n: int | None = None,
    kinds: tuple[str, ...] = ("betrayal",),
    touching: float = 0.15,
    cocked: float = 0.01,
    ambient: tuple[float, float] = (0.0, 0.5),
) -> Scene:
    """A throw of ``n`` dice (1-8 when None) of ``kinds``; a share ``touching`` placed against another
    die, a share ``cocked`` leaning; the hall's light drawn from ``ambient`` (relative to the ring)."""
    n = int(rng.integers(1, 9)) if n is None else n
    s = build.side
    margin = WALL + 0.8 * s
    dice: list[Die] = []
    boxes: list[np.ndarray] = []
    for _ in range(n):
        kind = kinds[int(rng.integers(len(kinds)))]
        for _attempt in range(200):
            angle = float(rng.uniform(0, 90))
            tilt = float(rng.uniform(18, 45)) if rng.random() < cocked else 0.0
            near = dice and rng.random() < touching
            if near:
                other = dice[int(rng.integers(len(dice)))]
                heading = rng.uniform(0, 2 * math.pi)
                x, y = other.x, other.y
            else:
                x = float(rng.uniform(margin, WIDTH - margin))
                y = float(rng.uniform(margin, HEIGHT - margin))
            w = s * (math.cos(math.radians(tilt)) + math.sin(math.radians(tilt)))
            box = _corners(x, y, w, s, angle)
            if near:  # slide out from the other die until they no longer overlap: they touch
                for step in range(1, 120):
                    d = step * 0.5
                    box = _corners(x + d * math.cos(heading), y + d * math.sin(heading), w, s, angle)
                    if not any(_overlaps(box, b) for b in boxes):
                        x, y = x + d * math.cos(heading), y + d * math.sin(heading)
                        break
                if not (margin <= x <= WIDTH - margin and margin <= y <= HEIGHT - margin):
                    continue
            if any(_overlaps(box, b) for b in boxes):
                continue
            face = int(FACES[kind][int(rng.integers(6))])
            side_face = int(FACES[kind][int(rng.integers(6))])
            dice.append(Die(kind, None if tilt else face, x, y, angle, tilt, side_face, bool(near)))
            boxes.append(_corners(x, y, w + 2, s + 2, angle))
            break
    amb = float(rng.uniform(*ambient))
    shadow = None
    if rng.random() < 0.3:
        shadow = (float(rng.uniform(0, WIDTH)), float(rng.uniform(0, HEIGHT)), float(rng.uniform(0.3, 0.8)))
    return Scene(
        tuple(dice),
        ambient=amb,
        flicker=float(rng.uniform(0, 0.12)),
        shadow=shadow,
        blur=float(rng.uniform(0.3, 1.3)),
        noise=float(rng.uniform(0.8, 3.0)),
        jpeg=int(rng.integers(75, 96)) if rng.random() < 0.5 else None,
        led=float(rng.uniform(0.93, 1.05)),
    )


def _rounded_square(w: float, h: float, r: float) -> np.ndarray:
    """A rounded rectangle's outline around the origin, as float points."""
    pts = []
    for cx, cy, a0 in (
        (w / 2 - r, h / 2 - r, 0),
        (-w / 2 + r, h / 2 - r, 90),
        (-w / 2 + r, -h / 2 + r, 180),
        (w / 2 - r, -h / 2 + r, 270),
    ):
        for a in range(a0, a0 + 91, 15):
            pts.append((cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))))
    return np.array(pts, np.float32)


def _place(pts: np.ndarray, x: float, y: float, angle: float) -> np.ndarray:
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    rot = np.array([[c, -s], [s, c]], np.float32)
    return (pts @ rot.T + np.array([x, y], np.float32)) * SS


def _fill(img: np.ndarray, pts: np.ndarray, value: float) -> None:
    cv2.fillPoly(img, [np.round(pts * 16).astype(np.int32)], float(value), cv2.LINE_AA, shift=4)


def _marks(img, kind, face, x, y, angle, side, sx=1.0, sy=1.0, off=(0.0, 0.0)) -> None:
    d = MARK_DIAMETER[kind] * side
    for mx, my in DESIGN[kind][face]:
        circle = np.array(
            [(d / 2 * math.cos(t) * sx, d / 2 * math.sin(t) * sy) for t in np.linspace(0, 2 * math.pi, 20)],
            np.float32,
        ) + np.array([off[0] + mx * side * sx, off[1] + my * side * sy], np.float32)
        _fill(img, _place(circle, x, y, angle), MARK[kind])


def _draw_die(albedo: np.ndarray, mask: np.ndarray, die: Die, side: float) -> None:
    body = BODY[die.kind]
    rim = body * (0.55 if die.kind == "d6" else 0.8)
    if not die.tilt:
        outline = _rounded_square(side, side, 0.13 * side)
        _fill(mask, _place(outline, die.x, die.y, die.angle), 1.0)
        _fill(albedo, _place(outline, die.x, die.y, die.angle), rim)
        _fill(
            albedo, _place(_rounded_square(side * 0.9, side * 0.9, 0.1 * side), die.x, die.y, die.angle), body
        )
        _marks(albedo, die.kind, die.face if die.face is not None else 0, die.x, die.y, die.angle, side)
        return
    t = math.radians(die.tilt)
    top, strip = side * math.cos(t), side * math.sin(t)
    width = top + strip
    outline = _rounded_square(width, side, 0.1 * side)
    _fill(mask, _place(outline, die.x, die.y, die.angle), 1.0)
    _fill(albedo, _place(outline, die.x, die.y, die.angle), rim)
    # the top face on one side of the box, the side face (lit at a slant: darker) on the other
    top_c, strip_c = -width / 2 + top / 2, width / 2 - strip / 2
    face_top = _rounded_square(top * 0.9, side * 0.9, 0.08 * side) + np.array([top_c, 0], np.float32)
    _fill(albedo, _place(face_top, die.x, die.y, die.angle), body)
    face_side = _rounded_square(strip * 0.85, side * 0.9, 0.05 * side) + np.array([strip_c, 0], np.float32)
    _fill(albedo, _place(face_side, die.x, die.y, die.angle), body * 0.75)
    up = FACES[die.kind][(die.side_face + 1) % 6]
    _marks(albedo, die.kind, up, die.x, die.y, die.angle, side, sx=math.cos(t), off=(top_c, 0))
    _marks(albedo, die.kind, die.side_face, die.x, die.y, die.angle, side, sx=math.sin(t), off=(strip_c, 0))


def render(scene: Scene, build: Build, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The (ring on, ring off) frames of ``scene``: 8-bit monochrome, HEIGHT x WIDTH."""
    albedo = build.felt_albedo()
    mask = np.zeros_like(albedo)
    for die in scene.dice:
        _draw_die(albedo, mask, die, build.side)
    albedo = cv2.resize(albedo, (WIDTH, HEIGHT), interpolation=cv2.INTER_AREA)
    mask = cv2.resize(mask, (WIDTH, HEIGHT), interpolation=cv2.INTER_AREA)
    # the ring sits round the lens: each die's soft shadow falls outward, away from the centre
    shade = cv2.GaussianBlur(mask, (0, 0), 3.0)
    shift = np.float32([[1.04, 0, -0.02 * WIDTH], [0, 1.04, -0.02 * HEIGHT]])
    shade = cv2.warpAffine(shade, shift, (WIDTH, HEIGHT))
    ring = build.ring() * scene.led * (1 - 0.25 * shade * (1 - mask))
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    hall = scene.ambient * (0.8 + 0.4 * x / WIDTH) * (1 - 0.3 * shade)
    if scene.shadow is not None:
        sx, sy, depth = scene.shadow
        hall = hall * (1 - depth * np.exp(-((x - sx) ** 2 + (y - sy) ** 2) / (2 * 140.0**2)))
    on = albedo * (ring + hall) * build.gain
    if scene.gloss:  # a flat glossy top mirrors the diffused ring: a soft band round the picture's centre
        r = np.hypot(x - WIDTH / 2, y - HEIGHT / 2)
        band = np.exp(-(((r - 0.18 * WIDTH) / 9.0) ** 2)) * np.clip(mask * 1.2 - 0.2, 0, 1)
        on = on + scene.gloss * 255 * band
    off = albedo * hall * (1 + float(rng.uniform(-1, 1)) * scene.flicker) * build.gain
    return _camera(on, scene, rng), _camera(off, scene, rng)


def _camera(light: np.ndarray, scene: Scene, rng: np.random.Generator) -> np.ndarray:
    img = cv2.GaussianBlur(light.astype(np.float32), (0, 0), scene.blur)
    img = img + rng.normal(0, 1, img.shape).astype(np.float32) * np.sqrt(
        scene.noise**2 + 0.05 * np.maximum(img, 0)
    )
    out = np.clip(np.round(img), 0, 255).astype(np.uint8)
    if scene.jpeg is not None:
        _ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, scene.jpeg])
        out = cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
    return out


def empty_scene() -> Scene:
    return Scene(())


def calibration_scene(rng: np.random.Generator, build: Build, kinds=("betrayal",), n: int = 8) -> Scene:
    """What the operator does for the dice step: all dice thrown flat, none touching, none cocked."""
    scene = random_scene(rng, build, n=n, kinds=kinds, touching=0.0, cocked=0.0, ambient=(0.0, 0.2))
    return dataclasses.replace(scene, shadow=None)


def pair_up(scene: Scene, read, side: float) -> list[tuple[Die, object]]:
    """Each die of ``scene`` with the reader's die nearest its centre (None when nothing was found
    within half a side): how the tests and the bench grade a :class:`~.reader.TrayRead`."""
    out = []
    for die in scene.dice:
        best = min(read.dice, key=lambda r: (r.x - die.x) ** 2 + (r.y - die.y) ** 2, default=None)
        if best is not None and math.hypot(best.x - die.x, best.y - die.y) > 0.5 * side:
            best = None
        out.append((die, best))
    return out
