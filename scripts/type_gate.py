"""The type gate run by ``make lint``: mypy over app/hauntable (configured in pyproject.toml), its errors
counted per file and compared with ``mypy-baseline.txt``. Fails when a file has more errors than recorded
(a new error), so the untyped rest of the app cannot get worse while engine/, games/ and session.py stay
clean under the strict flags. ``--update`` rewrites the baseline after errors were fixed.

    .venv/bin/python scripts/type_gate.py [--update]
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "mypy-baseline.txt"
ERROR = re.compile(r"^(?P<file>[^:]+):\d+: error: ")


def run_mypy() -> tuple[collections.Counter[str], list[str]]:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--show-error-codes"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    lines = [line for line in out.stdout.splitlines() if ERROR.match(line)]
    if out.returncode not in (0, 1) or (out.returncode == 1 and not lines):
        sys.exit(f"mypy did not run:\n{out.stdout}{out.stderr}")
    counts: collections.Counter[str] = collections.Counter()
    for line in lines:
        match = ERROR.match(line)
        assert match is not None
        counts[match["file"]] += 1
    return counts, lines


def read_baseline() -> dict[str, int]:
    if not BASELINE.exists():
        return {}
    out = {}
    for line in BASELINE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            count, name = line.split(maxsplit=1)
            out[name] = int(count)
    return out


def write_baseline(counts: collections.Counter[str]) -> None:
    head = "# mypy errors per file the type gate tolerates (scripts/type_gate.py --update rewrites it)\n"
    body = "".join(f"{n} {name}\n" for name, n in sorted(counts.items()))
    BASELINE.write_text(head + body, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="record the current counts as the baseline")
    args = parser.parse_args(argv)
    counts, lines = run_mypy()
    if args.update:
        write_baseline(counts)
        print(f"type gate: baseline rewritten, {sum(counts.values())} errors in {len(counts)} files")
        return 0
    allowed = read_baseline()
    worse = {name: n for name, n in counts.items() if n > allowed.get(name, 0)}
    for name in sorted(worse):
        print(f"{name}: {counts[name]} mypy errors, the baseline allows {allowed.get(name, 0)}")
        print("\n".join(line for line in lines if line.startswith(name + ":")))
    fixed = sum(max(0, n - counts.get(name, 0)) for name, n in allowed.items())
    total = sum(counts.values())
    print(f"type gate: {total} mypy errors in {len(counts)} files (baseline {sum(allowed.values())})")
    if fixed and not worse:
        print(f"  {fixed} fewer than the baseline: run scripts/type_gate.py --update to keep them fixed")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
