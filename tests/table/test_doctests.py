"""The ``>>>`` examples in the table modules' docstrings run (house style 1)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

MODULES = [
    "hauntable.table.clock",
    "hauntable.table.backends",
    "hauntable.table.devices",
    "hauntable.table.lights",
    "hauntable.table.scanner",
    "hauntable.table.registry",
    "hauntable.table.mfrc522.driver",
    "hauntable.table.mfrc522.registers",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parents[2])  # examples name hardware/bench.toml
    monkeypatch.delenv("HAUNTABLE_LAYOUT", raising=False)
    failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert tried and not failures
