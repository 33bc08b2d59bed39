"""How late a figure lifted from among two is read gone, on a runner's turn (reference table, mock timing
model, simulated clock).

The Geisterstunde runner's room is a background reader (the rooms beyond its doors and the key slot are
expected: read every 12 ms). With a second figure in it a presence check still answers after the lift,
so only a full read sees it. Prints, over ``--trials`` lifts at random moments: the lift's latency
(p50/p95/max), the latency of a figure set down on a door room (expected), and the background cycle
while the two figures stand in the room, with and without a figure already standing on a door room (its
full reads then cost 8 ms each).

    .venv/bin/python bench/figure_lift.py [--trials 150]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))

from hauntable.table.backends.mock import MockBackend
from hauntable.table.layout import REPO_HARDWARE, Layout, load_layout
from hauntable.table.scanner import Scanner

ROOM = "ground:3,3"  # the runner's room: the runner's figure and another
DOORS = ["ground:2,3", "ground:4,3", "ground:3,4", "ground:3,2"]
FIGURES = [f"04:6E:00:00:00:00:{n:02X}" for n in range(4)]


def pct(values: list[float], p: float) -> float:
    return sorted(values)[int(p * (len(values) - 1))] * 1000


def trial(layout: Layout, seed: int, door_figure: bool) -> tuple[float, float, float | None]:
    """One lift and one arrival at a random moment: their latencies (s), and on seed 0 the cycle (s)."""
    backend = MockBackend(layout)
    scanner = Scanner(backend.readers(), backend.clock)
    room = backend.reader(ROOM)
    room.place(FIGURES[0])
    room.place(FIGURES[1])
    if door_figure:
        backend.reader(DOORS[0]).place(FIGURES[2])
    scanner.expect([*DOORS, "key"])
    scanner.run_for(3.0)  # settled
    cycle = None
    if seed == 0:  # the background cycle with the two figures in the room: over 30 s
        cycles, start = scanner.cycles, backend.clock.now()
        scanner.run_for(30.0)
        cycle = (backend.clock.now() - start) / (scanner.cycles - cycles)
    scanner.run_for(random.Random(seed).random())  # on to a random moment of the cycle
    start = backend.clock.now()
    room.lift(FIGURES[0])
    assert scanner.run_until(lambda: FIGURES[0] not in scanner.present(ROOM), 10)
    lift = backend.clock.now() - start
    start = backend.clock.now()
    backend.reader(DOORS[1]).place(FIGURES[0])
    assert scanner.run_until(lambda: FIGURES[0] in scanner.present(DOORS[1]), 10)
    return lift, backend.clock.now() - start, cycle


def run(trials: int, door_figure: bool) -> str:
    layout = load_layout(REPO_HARDWARE / "reference.toml")
    results = [trial(layout, seed, door_figure) for seed in range(trials)]
    lifts = [lift for lift, _, _ in results]
    arrivals = [arrival for _, arrival, _ in results]
    cycle = next(c for _, _, c in results if c is not None)
    return (
        f"figure on a door room: {'yes' if door_figure else 'no ':3}  lift p50 {pct(lifts, 0.5):5.0f} "
        f"p95 {pct(lifts, 0.95):5.0f} max {max(lifts) * 1000:5.0f} ms | door arrival p95 "
        f"{pct(arrivals, 0.95):4.1f} ms | background cycle {cycle * 1000:4.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=150)
    args = parser.parse_args()
    for door_figure in (False, True):
        print(run(args.trials, door_figure))


if __name__ == "__main__":
    main()
