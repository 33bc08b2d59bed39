"""Run every benchmark script in bench/ (except this one), each in its own interpreter.

Why a subprocess each: a benchmark must not inherit another's warm caches, imports or garbage, and each
prints its own figures. New scripts are picked up by name, so adding ``bench/foo.py`` is enough.

    .venv/bin/python bench/run_all.py [name ...]     # e.g. run_all.py engine_throughput
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def scripts(names: list[str]) -> list[Path]:
    """The benchmark scripts to run: all of bench/*.py but this file and _helpers, or those named."""
    found = sorted(
        p for p in HERE.glob("*.py") if p.name != Path(__file__).name and not p.name.startswith("_")
    )
    if not names:
        return found
    wanted = {n.removesuffix(".py") for n in names}
    unknown = wanted - {p.stem for p in found}
    if unknown:
        raise SystemExit(
            f"no such benchmark: {', '.join(sorted(unknown))}; have {', '.join(p.stem for p in found)}"
        )
    return [p for p in found if p.stem in wanted]


def main(argv: list[str]) -> int:
    failed = []
    print(f"benchmarks with {sys.executable} on {time.strftime('%Y-%m-%d %H:%M')}", flush=True)
    for script in scripts(argv):
        print(f"\n== {script.name}", flush=True)
        # the same interpreter as ours: `make bench` runs this file with the project's virtualenv
        code = subprocess.run([sys.executable, str(script)], cwd=HERE.parent).returncode
        if code != 0:
            failed.append(f"{script.name} (exit {code})")
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
