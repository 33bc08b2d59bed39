"""Writes the camera dice reader's committed fixtures (tests/dice/fixtures/camera/): a few frame pairs
with known dice, drawn by the seeded generator. Run again only when the generator changes on purpose:

    .venv/bin/python scripts/dice_fixtures.py

``truth.json`` lists each pair's dice (kind, face or null for cocked, centre).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import cv2
import numpy as np

from hauntable.table.dice_camera.render import Build, Die, Scene, calibration_scene, render

OUT = Path(__file__).resolve().parent.parent / "tests" / "dice" / "fixtures" / "camera"
BUILD = Build(side=50, seed=7)


def scenes(rng: np.random.Generator) -> dict[str, Scene]:
    touching = Scene(
        (
            Die("betrayal", 2, 200, 200, 10),
            Die("betrayal", 0, 250.5, 206, 14, touching=True),
            Die("betrayal", 1, 420, 300, 33),
            Die("d6", 5, 320, 120, 62),
            Die("betrayal", 1, 120, 380, 80),
            Die("betrayal", None, 470, 140, 5, tilt=35, side_face=1),
        ),
        ambient=0.4,
        flicker=0.08,
        shadow=(450.0, 250.0, 0.6),
        blur=0.9,
        noise=1.5,
        jpeg=85,
    )
    return {
        "empty": Scene((), ambient=0.1, noise=1.2),
        "calibrate": dataclasses.replace(calibration_scene(rng, BUILD), noise=1.2),
        "throw": touching,
    }


def main() -> None:
    rng = np.random.default_rng(20)
    OUT.mkdir(parents=True, exist_ok=True)
    truth = {}
    for name, scene in scenes(rng).items():
        on, off = render(scene, BUILD, rng)
        cv2.imwrite(str(OUT / f"{name}-on.png"), on, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        cv2.imwrite(str(OUT / f"{name}-off.png"), off, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        truth[name] = [
            {"kind": d.kind, "face": d.face, "x": round(d.x, 1), "y": round(d.y, 1)} for d in scene.dice
        ]
    (OUT / "truth.json").write_text(json.dumps({"side": BUILD.side, "scenes": truth}, indent=1) + "\n")


if __name__ == "__main__":
    main()
