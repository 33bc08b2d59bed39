"""The referee fuzz profile: the state machine of tests/appliance/test_fuzz_referee.py for 10,000 examples.

Random streams of observations (known and unknown tags, lifts, flickers, rolls, garbage events and text)
and legal choices thrown at the table referee and the engine; any exception escaping, any refusal that
changes the state hash or seq, any listed choice refused fails the run. CI runs the same machine with
30 examples; this prints how many examples and steps ran, how many inputs were accepted and refused,
and the time. Exit 0 when nothing broke, 1 (with hypothesis' shrunk example) when something did.

    .venv/bin/python bench/fuzz_referee.py [--examples 10000] [--steps 40] [--jobs N]

The examples are split over ``--jobs`` processes (default: every core), each with its own random seed.
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import logging
import os
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MACHINE = ROOT / "tests" / "appliance" / "test_fuzz_referee.py"


def load_machine():
    spec = importlib.util.spec_from_file_location("fuzz_referee_machine", MACHINE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(examples: int, steps: int) -> tuple[dict[str, int], str | None]:
    """Run the machine for ``examples`` examples in this process: (counts, traceback or None)."""
    logging.disable(logging.WARNING)  # the referee logs events from readers not in the layout: expected
    from hypothesis import HealthCheck, settings
    from hypothesis.stateful import run_state_machine_as_test

    module = load_machine()
    profile = settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    try:
        run_state_machine_as_test(module.RefereeMachine, settings=profile)
    except BaseException:
        return dict(module.COUNTS), traceback.format_exc()
    return dict(module.COUNTS), None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000, help="examples in all (default 10000)")
    parser.add_argument("--steps", type=int, default=40, help="most steps per example (default 40)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: cores)")
    args = parser.parse_args(argv)

    jobs = max(1, min(args.jobs, args.examples))
    shares = [args.examples // jobs + (i < args.examples % jobs) for i in range(jobs)]
    print(f"referee fuzz: {args.examples} examples of up to {args.steps} steps in {jobs} process(es)")
    started = time.perf_counter()
    if jobs == 1:
        results = [run(shares[0], args.steps)]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(run, shares, [args.steps] * jobs))
    elapsed = time.perf_counter() - started

    counts: collections.Counter[str] = collections.Counter()
    for part, _ in results:
        longest = max(counts["longest game"], part.pop("longest game", 0))
        counts.update(part)
        counts["longest game"] = longest
    failures = [tb for _, tb in results if tb is not None]
    # examples counts every run of the machine hypothesis made (replays and shrinks included)
    print(f"  examples run      {counts['examples']:>9}")
    print(f"  steps             {counts['steps']:>9}")
    print(f"  accepted          {counts['accepted']:>9}")
    print(f"  refused           {counts['refused']:>9}")
    print(f"  logged inputs     {counts['logged inputs']:>9}   (a tile laid beyond a door logs a move too)")
    print(f"  longest game      {counts['longest game']:>9}   inputs")
    print(f"  time              {elapsed:>9.1f}   s ({counts['steps'] / max(elapsed, 1e-9):.0f} steps/s)")
    for tb in failures:
        print(tb, file=sys.stderr)
    print("FAILED" if failures else "nothing broke")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
