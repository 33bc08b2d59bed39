"""Start-up time of the table app to the attract screen with a 100,000-input game log on disk, and its
resident memory after a long game.

The parent first builds a table log of ~100,000 logged inputs (finished bot games and, on top, the longest
bot game among seeds 1..150 left unfinished: the one the attract screen offers to resume; as
``bench/log_start.py`` builds it). Each run starts ``hauntable ui --data-dir DIR`` for real
(``commands.ui.run``: the table log opened with ``open_table_log``, ``App.run()``) in a child process,
offscreen SDL (or Xvfb when DISPLAY is set); the child reports when the attract screen's first frame is
drawn and finished (``glFinish()``), measured by the parent from before the process is spawned, so
interpreter start and imports count. Then the child plays a long six-seat game through the screen (the
controller's own session, logged to the same file) to its end and reports its RSS (VmRSS now, and the
peak). Goals: <= 2 s to the attract screen; <= 250 MB RSS after a long game.

The app's bytecode is compiled first (``compileall``), as pip does when it installs the app on the table:
without it, a shell with ``PYTHONDONTWRITEBYTECODE`` set compiles ~250 modules at every start (~0.4 s of
CPU here), which the table never does; ``--source`` skips the compiling (a tree without ``__pycache__``
then compiles at every start). The CPU time of the app's process up to the first frame (all its threads,
llvmpipe's included) is printed beside the wall time, and the share of a core a busy loop got just before:
on a shared machine the wall time follows the load; the CPU time less so, but it still moves by ~25 %
(callgrind's instruction count does not).
Run: ``.venv/bin/python bench/ui_startup.py [--inputs 100000] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import json, os, resource, sys, time
from hauntable.ui.harness import kv_env
kv_env()
os.environ["KCFG_GRAPHICS_MAXFPS"] = "60"
from kivy.clock import Clock
from hauntable.commands import ui as ui_command
from hauntable.ui import app as app_module, demo

data_dir = sys.argv[1]
LONG = int(sys.argv[2])  # inputs played through the screen, game after game (a long evening's play)
built = app_module.HauntableApp.build

def rss_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0

def build(self):
    root = built(self)
    Clock.schedule_once(lambda _dt: first_frame(self), 0)
    return root

def first_frame(app):
    from kivy.graphics.opengl import glFinish
    glFinish()
    report = {"attract": time.time(), "cpu": time.process_time(), "screen": app.root.current}
    report["offer"] = bool(app.resume_offer)
    report["rss_attract"] = rss_mb()
    print(json.dumps(report), flush=True)
    assert app.controller.start_game([demo.SIX[i] for i in range(6)], seed=253) is None
    app.go("play")
    Clock.schedule_once(lambda _dt: play(app), 0)

played = [0, 253]  # inputs of the games before this one, the seed of this one

def play(app):
    controller = app.controller
    channel = controller.channel
    if channel.step.awaiting is None and played[0] + channel.seq < LONG:  # over: the next group plays
        played[0] += channel.seq
        played[1] += 1
        assert controller.start_game([demo.SIX[i] for i in range(6)], seed=played[1]) is None
        app.go("play")
        channel = controller.channel
    if channel.step.awaiting is not None and played[0] + channel.seq < LONG:
        demo.play(channel, controller.simulator, played[1], 10)  # a few answers a frame, drawn as they come
        Clock.schedule_once(lambda _dt: play(app), 0)
        return
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    report = {"rss_mb": rss_mb(), "peak_mb": peak, "inputs": played[0] + channel.seq}
    report["screen"] = app.root.current
    print(json.dumps(report), flush=True)
    app.stop()

app_module.HauntableApp.build = build
import argparse
parser = argparse.ArgumentParser()
sub = parser.add_subparsers()
ui_command.add_parser(sub)
args = parser.parse_args(["ui", "--data-dir", data_dir, "--seed", "3", "--today", "11-30"])
ui_command.run(args)
"""


def build_log(folder: Path, inputs: int) -> None:
    """The table log ``commands.ui`` opens in ``folder``, ~``inputs`` logged inputs (bench/log_start.py)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from hauntable.paths import db_path
    from log_start import build, longest_seed

    seed, length = longest_seed()
    build(db_path(str(folder)), inputs, seed, length)


def core_share(cpu: float = 0.3) -> float:
    """The part of a core a CPU-bound loop gets right now (1.0 on a quiet machine): what the start's wall
    time is divided by on a shared one."""
    wall, start = time.perf_counter(), time.process_time()
    while time.process_time() - start < cpu:
        pass
    return cpu / (time.perf_counter() - wall)


def once(folder: Path, long: int) -> dict:
    root = Path(__file__).resolve().parents[1]
    share = core_share()
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(folder), str(long)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=900,
    )
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    if len(lines) < 2:
        raise SystemExit(f"the app did not report:\n{out.stdout}\n{out.stderr[-3000:]}")
    return {"startup": lines[0]["attract"] - start, "share": share, **lines[0], **lines[1]}


def compile_bytecode() -> None:
    """The app's ``__pycache__``, as ``pip install`` leaves it on the table (see the docstring)."""
    spec = importlib.util.find_spec("hauntable")
    assert spec is not None and spec.submodule_search_locations
    folder = next(iter(spec.submodule_search_locations))
    subprocess.run([sys.executable, "-m", "compileall", "-q", folder], check=True, stdout=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--long", type=int, default=1500, help="inputs played through the screen after the start"
    )
    parser.add_argument("--log-dir", help="a folder holding a table log built before (skips the build)")
    parser.add_argument(
        "--source", action="store_true", help="do not compile the bytecode first (each start compiles it)"
    )
    args = parser.parse_args()
    if not args.source:
        compile_bytecode()
    if args.log_dir:
        folder = Path(args.log_dir)
    else:
        folder = Path(tempfile.mkdtemp(prefix="hauntable-startup-"))
        t = time.perf_counter()
        build_log(folder, args.inputs)
        print(f"table log of ~{args.inputs:,} inputs built in {time.perf_counter() - t:.0f} s")
    runs = []
    for _ in range(args.runs):
        runs.append(once(folder, args.long))
        # the long game just played is in the log now: the next start offers it (finished) or not
    startup = [r["startup"] for r in runs]
    cpu = [r["cpu"] for r in runs]
    print(
        f"start-up to the attract screen's first finished frame, {args.inputs:,}-input log"
        f"{' (compiling the bytecode at each start)' if args.source else ''}: median "
        f"{statistics.median(startup):.2f} s (runs: {', '.join(f'{s:.2f}' for s in startup)}); CPU of the "
        f"process median {statistics.median(cpu):.2f} s (runs: {', '.join(f'{c:.2f}' for c in cpu)}); "
        f"resume offered: {runs[0]['offer']}"
    )
    shares = ", ".join(f"{r['share']:.0%}" for r in runs)
    print(f"share of a core a CPU-bound loop got just before each start: {shares}")
    print(f"RSS at the attract screen: {max(r['rss_attract'] for r in runs):.0f} MB")
    print(
        f"RSS after {runs[-1]['inputs']} inputs of 6-seat games through the screen (screen "
        f"'{runs[-1]['screen']}'): now {max(r['rss_mb'] for r in runs):.0f} MB, "
        f"peak {max(r['peak_mb'] for r in runs):.0f} MB"
    )


if __name__ == "__main__":
    main()
