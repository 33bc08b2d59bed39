"""Start-up time of the table app to the attract screen, and its resident memory.

Runs ``hauntable ui`` for real (``App.run()``) in a child process, offscreen SDL (or Xvfb when DISPLAY
is set). The child reports when the attract screen's first frame is drawn, then plays a whole game to
the haunt through the simulator and reports its peak RSS. Start-up is measured by the parent from before
the process is spawned, so interpreter start and imports count. Goals: < 3 s, < 250 MB.
Run: ``.venv/bin/python bench/ui_startup.py``.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

CHILD = r"""
import json, os, resource, sys, time
from hauntable.ui.harness import kv_env
kv_env()
os.environ["KCFG_GRAPHICS_MAXFPS"] = "60"
from kivy.clock import Clock
from hauntable.ui.app import HauntableApp, UiSettings
from hauntable.ui import demo

app = HauntableApp(UiSettings(), seed=3, today="11-30")

def first_frame(_dt):
    print(json.dumps({"attract": time.time(), "screen": app.root.current}), flush=True)
    channel, sim = demo.game_at(seed=3, steps=2000, seats=6)
    app.controller.take_over(channel, sim)
    Clock.schedule_once(done, 0.5)

def done(_dt):
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"rss_mb": rss, "screen": app.root.current}), flush=True)
    app.stop()

Clock.schedule_once(first_frame, 0)
app.run()
"""


def once() -> tuple[float, float, str]:
    root = Path(__file__).resolve().parents[1]
    start = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, cwd=root, timeout=120)
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    if len(lines) < 2:
        raise SystemExit(f"the app did not report:\n{out.stdout}\n{out.stderr[-2000:]}")
    return lines[0]["attract"] - start, lines[1]["rss_mb"], lines[1]["screen"]


def main() -> None:
    runs = [once() for _ in range(3)]
    startup = [r[0] for r in runs]
    print(
        f"start-up to the attract screen's first frame: median {statistics.median(startup):.2f} s "
        f"(runs: {', '.join(f'{s:.2f}' for s in startup)})"
    )
    print(
        f"peak RSS after a 6-seat game to the haunt (screen '{runs[-1][2]}'): "
        f"{max(r[1] for r in runs):.0f} MB"
    )


if __name__ == "__main__":
    main()
