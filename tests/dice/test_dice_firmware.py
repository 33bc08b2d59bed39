"""The tower firmware's pure modules under CPython with a fake ``machine`` (cases in firmware_cases.py,
which ``test_dice_micropython.py`` also runs under the MicroPython unix port)."""

from __future__ import annotations

import pytest
from dice_paths import use_firmware

use_firmware()

import firmware_cases  # noqa: E402 - needs the firmware on the path first


@pytest.mark.parametrize(
    "case", [fn for _name, fn in firmware_cases.CASES], ids=[n for n, _f in firmware_cases.CASES]
)
def test_firmware(case, tmp_path):
    case(str(tmp_path))


def test_no_pure_module_imports_machine():
    """Only main.py may touch the hardware: everything else must run on a PC unchanged."""
    from dice_paths import FIRMWARE

    for path in FIRMWARE.glob("*.py"):
        if path.name in ("main.py",):
            continue
        source = path.read_text()
        assert "import machine" not in source and "from machine" not in source, path.name
