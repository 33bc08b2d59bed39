"""The table's language for a test's block: set, then back to English whatever happens."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hauntable.ui import i18n


@contextmanager
def language(lang: str) -> Iterator[None]:
    i18n.set_language(lang)
    try:
        yield
    finally:
        i18n.set_language("en")
