"""The layout file ``hardware/<table>.toml``: which reader sits under which cell or slot, and the wiring.

A table is described once and both backends read the same file: the Pi backend to open buses and pins,
the mock backend to build one simulated reader per entry. Errors name the file and line, because the
person fixing a layout is holding a screwdriver, not a debugger::

    hardware/reference.toml:41: reader 'draw': address 147 is already used by 'basement:6,6' (line 33)

Sections: top-level ``name``, ``backend`` ("mock" | "pi"), ``board``; ``[[bus]]`` (SPI device, chip
select by "gpio" or "decoder", reset line); ``[[grid]]`` (one reader per cell of a floor, addresses in
row order from ``first_address``); ``[[reader]]`` (one reader under a cell or a slot); ``[[tower]]``,
``[[button]]``, ``[[led]]``; ``[mock]`` (timing model and injected faults). See docs/table.md.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path

from hauntable.table.layout_check import Validator
from hauntable.table.layout_spec import (
    BACKENDS,
    FLOORS,
    SLOT_PATTERN,
    SPI_PINS,
    Bus,
    Layout,
    LayoutError,
    PinSpec,
    ReaderSpec,
    TowerSpec,
)

__all__ = [
    "BACKENDS",
    "FLOORS",
    "LAYOUTS",
    "LAYOUT_ENV",
    "REPO_HARDWARE",
    "SLOT_PATTERN",
    "SPI_PINS",
    "Bus",
    "Layout",
    "LayoutError",
    "PinSpec",
    "ReaderSpec",
    "TowerSpec",
    "default_layout_path",
    "load_layout",
    "parse_layout",
    "reference_layout_path",
]

LAYOUT_ENV = "HAUNTABLE_LAYOUT"
REPO_HARDWARE = Path(__file__).resolve().parents[3] / "hardware"  # a checkout's hardware/ (links to LAYOUTS)
LAYOUTS = Path(__file__).resolve().parent / "layouts"  # package data: an installed app has its layouts


def reference_layout_path() -> Path:
    """The reference table's layout, shipped inside the package (``hardware/reference.toml`` in a
    checkout links to it), so an installed app finds it without ``$HAUNTABLE_LAYOUT``."""
    return LAYOUTS / "reference.toml"


def default_layout_path(env: Mapping[str, str] | None = None) -> Path:
    """``$HAUNTABLE_LAYOUT``, else the packaged reference layout (:func:`reference_layout_path`)."""
    env = os.environ if env is None else env
    if env.get(LAYOUT_ENV):
        return Path(env[LAYOUT_ENV])
    return reference_layout_path()


def load_layout(path: str | os.PathLike[str] | None = None) -> Layout:
    """Read and validate a layout file. Raises LayoutError naming the line."""
    path = Path(path) if path is not None else default_layout_path()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LayoutError(str(path), None, f"cannot read: {exc.strerror}") from None
    return parse_layout(text, str(path))


def parse_layout(text: str, path: str = "<layout>") -> Layout:
    """Validate layout TOML given as text (tests use this); ``path`` only names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"at line (\d+)", str(exc))
        raise LayoutError(path, int(match.group(1)) if match else None, f"not valid TOML: {exc}") from None
    return Validator(text, path).run(data)
