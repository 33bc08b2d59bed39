"""Paths the dice tests share, and the one place that puts the firmware and the fake ``machine`` on
``sys.path`` so its modules import under their on-device names (``import protocol``)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware" / "dice_tower"
FAKES = Path(__file__).resolve().parent / "fakes"
VECTORS = ROOT / "tests" / "vectors" / "dice_protocol.json"


def use_firmware() -> None:
    for path in (str(FAKES), str(FIRMWARE)):
        if path not in sys.path:
            sys.path.insert(0, path)
