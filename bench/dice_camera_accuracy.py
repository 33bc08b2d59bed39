"""The camera dice reader on a fresh generated set: accuracy, a confusion matrix, read time per throw.

    .venv/bin/python bench/dice_camera_accuracy.py [--dice 10000] [--seed 2026] [--hall 0.5] [--d6 0.25]

Three builds (die side 44, 50, 56 px: cameras at different heights, each its own felt), each calibrated
the way an operator does it (an empty tray, then its eight dice thrown apart), then throws of 1-8 dice
(15 % placed touching another, 1 % cocked) under hall light up to ``--hall`` times the ring's, a share
``--d6`` of the dice d6. A die is "read" when its kind and face are right, "unsure" when the reader asks
for it again, "wrong" otherwise; a roll is delivered only when no die of the throw is unsure, and it is
wrong when its faces differ from the truth (a roll missing a die the reader never saw is counted apart:
the table refuses it because the game asked for another number of dice).
Goals: 0 wrong rolls, >= 99.5 % of dice read on the first throw.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import sys
import time

import numpy as np

from hauntable.table.dice_camera.reader import calibrate_dice, calibrate_empty, read_tray
from hauntable.table.dice_camera.render import (
    Build,
    calibration_scene,
    empty_scene,
    pair_up,
    random_scene,
    render,
)

BUILDS = (Build(side=44, seed=11), Build(side=50, seed=12, felt=0.28), Build(side=56, seed=13, falloff=0.45))


def calibrated(build: Build, rng: np.random.Generator):
    cal = calibrate_empty(*render(empty_scene(), build, rng))
    cal, _read = calibrate_dice(*render(calibration_scene(rng, build, kinds=("betrayal",)), build, rng), cal)
    cal, _read = calibrate_dice(*render(calibration_scene(rng, build, kinds=("d6",), n=4), build, rng), cal)
    return cal


def label(kind, face) -> str:
    return f"{'B' if kind == 'betrayal' else 'd'}{face}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dice", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--hall", type=float, default=0.5)
    parser.add_argument("--d6", type=float, default=0.25)
    parser.add_argument("--touching", type=float, default=0.15)
    parser.add_argument("--cocked", type=float, default=0.01)
    parser.add_argument("--gloss", type=float, default=0.0, help="the ring's reflection on glossy dice, 0-1")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    cals = [calibrated(b, rng) for b in BUILDS]
    counts: collections.Counter[str] = collections.Counter()
    reasons: collections.Counter[str] = collections.Counter()
    confusion: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    times, throws, delivered, wrong_rolls, rethrows, miscounted = [], 0, 0, 0, 0, 0
    started = time.perf_counter()
    while counts["dice"] < args.dice:
        i = throws % len(BUILDS)
        build, cal = BUILDS[i], cals[i]
        kinds = ("betrayal", "d6") if rng.random() < args.d6 * 2 else ("betrayal",)
        scene = random_scene(
            rng, build, kinds=kinds, touching=args.touching, cocked=args.cocked, ambient=(0, args.hall)
        )
        if args.gloss:
            scene = dataclasses.replace(scene, gloss=float(rng.uniform(0, args.gloss)))
        on, off = render(scene, build, rng)
        read = read_tray(on, off, cal)
        times.append(read.seconds)
        throws += 1
        for die, got in pair_up(scene, read, build.side):
            counts["dice"] += 1
            truth = "cocked" if die.face is None else label(die.kind, die.face)
            seen = "missed" if got is None else "unsure" if not got.sure else label(got.kind, got.face)
            confusion[truth][seen] += 1
            if die.face is None:
                counts["cocked"] += 1
                counts["cocked asked again" if seen in ("unsure", "missed") else "cocked READ"] += 1
            elif seen == truth:
                counts["read"] += 1
            elif seen in ("unsure", "missed"):
                counts["unsure"] += 1
                reasons[got.reason if got is not None else "missed"] += 1
            else:
                counts["WRONG"] += 1
        if read.unsure:
            rethrows += 1
            continue
        if read.count != len(scene.dice):  # a die not seen at all: the table's count check refuses it
            miscounted += 1
            continue
        delivered += 1
        if sorted(read.faces) != sorted(f for f in scene.truth if f is not None) or None in scene.truth:
            wrong_rolls += 1
    flat = counts["dice"] - counts["cocked"]
    ms = np.array(times) * 1000
    elapsed = time.perf_counter() - started
    lines = [
        f"camera dice reader: {counts['dice']} dice in {throws} throws, seed {args.seed}",
        f"  hall light <= {args.hall} x the ring; die side {', '.join(str(b.side) for b in BUILDS)} px",
        f"  flat dice read on the first throw: {counts['read']}/{flat} = {100 * counts['read'] / flat:.2f} %",
        f"  flat dice asked again (unsure): {counts['unsure']} {dict(reasons)}; WRONG: {counts['WRONG']}",
        f"  cocked dice asked again: {counts['cocked asked again']}/{counts['cocked']}; "
        f"read anyway: {counts['cocked READ']}",
        f"  rolls delivered: {delivered}/{throws}; re-throw asked: {rethrows}; WRONG rolls: {wrong_rolls}",
        f"  rolls with a die never seen (refused by the table's count check): {miscounted}",
        f"  read time per throw: p50 {np.percentile(ms, 50):.1f} ms, p95 {np.percentile(ms, 95):.1f} ms, "
        f"max {ms.max():.1f} ms (generated and read in {elapsed:.0f} s)",
    ]
    print("\n".join(lines))
    columns = (
        [label("betrayal", f) for f in (0, 1, 2)]
        + [label("d6", f) for f in range(1, 7)]
        + ["unsure", "missed"]
    )
    print("  confusion (rows: truth, columns: read)")
    print("  " + "truth".ljust(8) + "".join(c.rjust(7) for c in columns) + "  other")
    for truth in [*columns[:9], "cocked"]:
        row = confusion.get(truth, collections.Counter())
        other = sum(v for k, v in row.items() if k not in columns)
        print(
            "  "
            + truth.ljust(8)
            + "".join(str(row.get(c, 0)).rjust(7) for c in columns)
            + str(other).rjust(7)
        )
    return 1 if wrong_rolls or counts["WRONG"] else 0


if __name__ == "__main__":
    sys.exit(main())
