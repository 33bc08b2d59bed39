"""The examples in docs/geisterstunde.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "geisterstunde.md"


def test_the_geisterstunde_doc_examples_run():
    failures, tried = doctest.testfile(str(DOC), module_relative=False)
    assert tried >= 3 and failures == 0
