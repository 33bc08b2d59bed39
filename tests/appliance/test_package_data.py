"""The wheel a table installs holds every file the code loads (issue 21: Geisterstunde's board was missing).

A wheel is built from a copy of the committed files (as scripts/wheel-check does, which CI then installs and
plays from); its file list is compared with the package's files in the checkout and with the files that bot
games of both games, the packaged layouts and the app's kv screens open, recorded by an audit hook.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "app" / "hauntable"

# Run in a child: an audit hook records every file opened under the package directory.
OPENED = r"""
import json, os, sys, tempfile
package, root = sys.argv[1], sys.argv[2]
seen, outside = set(), set()
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[0]))
        if path.endswith((".py", ".pyc")) or "__pycache__" in path:
            return
        real = os.path.realpath(path)
        if path.startswith(package + os.sep):
            seen.add(os.path.relpath(real, package))
        elif path.startswith(root + os.sep) and not path.startswith(sys.prefix + os.sep):
            outside.add(os.path.relpath(path, root))  # a checkout path an installed table does not have
sys.addaudithook(hook)
import contextlib, io
from hauntable.cli import main
for game in ("betrayal", "geisterstunde"):
    with contextlib.redirect_stdout(io.StringIO()):
        main(["bot", "--seed", "1", "--game", game, "--max-inputs", "40", "--data-dir", tempfile.mkdtemp()])
from hauntable.kiosk.layouts import available
assert available(None)
from hauntable.games.geisterstunde import GameConfig
from hauntable.session import Session
from hauntable.ui.castle_sim import CastleTable
CastleTable(Session.new("geisterstunde", GameConfig.quick(2, seed=4))).close()
from kivy.lang import Builder
from hauntable.ui.app import KV_DIR
for kv in sorted(KV_DIR.glob("*.kv")):
    Builder.load_file(str(kv))
print(json.dumps({"package": sorted(seen), "outside": sorted(outside)}))
"""


def git_files() -> list[str]:
    """The package's committed files (what a clean clone has), relative to app/hauntable."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(
        ["git", "ls-files", "-z", "app/hauntable"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [str(Path(p).relative_to("app/hauntable")) for p in out.split("\0") if p]


@pytest.fixture(scope="module")
def wheel_files(tmp_path_factory) -> set[str]:
    pytest.importorskip("setuptools", minversion="77")
    work = tmp_path_factory.mktemp("wheel")
    src = work / "src"
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in out.decode().split("\0"):
        if rel:
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, src / rel, follow_symlinks=False)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(work),
            str(src),
        ],
        check=True,
        capture_output=True,
    )
    (whl,) = work.glob("hauntable-*.whl")
    names = zipfile.ZipFile(whl).namelist()
    return {n.removeprefix("hauntable/") for n in names if n.startswith("hauntable/")}


def test_the_wheel_holds_every_committed_package_file(wheel_files):
    missing = sorted(f for f in git_files() if f not in wheel_files)
    assert not missing, f"in app/hauntable but not in the wheel (add to package-data): {missing}"


def test_the_wheel_holds_every_file_the_games_and_the_app_open(wheel_files):
    env = {"KIVY_NO_ARGS": "1", "KIVY_NO_CONFIG": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1"}
    run = subprocess.run(
        [sys.executable, "-c", OPENED, str(PACKAGE), str(ROOT)],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    opened = found["package"]
    assert not found["outside"], f"the code opens files outside the package: {found['outside']}"
    # the games' content, the board, the layouts and the screens: a run that opens none of them proves nothing
    assert {"games/geisterstunde/data/board.toml", "games/betrayal/data/rooms.toml"} <= set(opened)
    assert any(p.startswith("table/layouts/") for p in opened) and any(p.endswith(".kv") for p in opened)
    missing = [p for p in opened if p not in wheel_files]
    assert not missing, f"opened by the code but not in the wheel: {missing}"
