"""UI strings in English, German, Russian and Simplified Chinese: ``tr(key, **params)``.

Catalogs are plain dicts in ``hauntable/ui/locale/<lang>.py`` (ship with the package as code, no
package-data needed); each holds every key of the English catalog, which a test checks along with the
``{placeholders}``. Engine outcomes are translated by their ``code`` when a catalog has ``out.<code>``
and the outcome carries the parameters it needs; otherwise the engine's English sentence is shown.
Room, card and explorer names are the game's printed proper names and stay as printed.
"""

from __future__ import annotations

import importlib
import string
from typing import Any

from hauntable.engine.outcomes import Outcome

LANGUAGES: tuple[str, ...] = ("en", "de", "ru", "zh")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "ru": "Русский", "zh": "中文"}

_catalogs: dict[str, dict[str, str]] = {}
_current = "en"


def catalog(lang: str) -> dict[str, str]:
    """The strings of ``lang``. Raises KeyError for a language we do not have."""
    if lang not in LANGUAGES:
        raise KeyError(f"no UI catalog for {lang!r}; have {', '.join(LANGUAGES)}")
    if lang not in _catalogs:
        _catalogs[lang] = importlib.import_module(f"hauntable.ui.locale.{lang}").STRINGS
    return _catalogs[lang]


def set_language(lang: str) -> None:
    global _current
    catalog(lang)
    _current = lang


def language() -> str:
    return _current


def tr(key: str, lang: str | None = None, **params: Any) -> str:
    """The string for ``key`` in the current (or given) language, formatted with ``params``.

    A key missing from a catalog falls back to English, then to the key itself, so a gap shows as
    an untranslated word rather than a crash in front of players.
    """
    text = catalog(lang or _current).get(key) or catalog("en").get(key) or key
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# outcome parameters whose values are identifiers with a catalog entry of their own: ("trait", "speed")
# is shown as tr("trait.speed"); names of rooms, cards and explorers stay as printed
TRANSLATED_PARAMS = ("trait", "floor", "deck")


def outcome_text(outcome: Outcome, lang: str | None = None) -> str:
    """An engine outcome in the current language, by its code; the English sentence when we cannot.

    In English the engine's own sentence is shown: it is the reference and often says more (the roll's
    purpose, why a trait could not drop) than a sentence built from the parameters. Elsewhere we cannot
    translate when the catalog has no ``out.<code>`` (codes on ``FALLBACK_OUTCOMES`` in the tests) or this
    outcome lacks a parameter the translation names (one call site of a code may carry fewer).
    """
    lang = lang or _current
    if lang == "en":
        return outcome.text
    key = f"out.{outcome.code}"
    text = catalog(lang).get(key)
    params = dict(outcome.params)
    if text is None or not placeholders(text) <= set(params):
        return outcome.text
    for name in TRANSLATED_PARAMS:
        if name in params:
            params[name] = (
                tr(f"{name}.{params[name]}", lang)
                if f"{name}.{params[name]}" in catalog("en")
                else params[name]
            )
    return text.format(**params)
