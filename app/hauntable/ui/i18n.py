"""UI strings in English, German, Russian and Simplified Chinese: ``tr(key, **params)``.

Catalogs are plain dicts in ``hauntable/ui/locale/<lang>.py`` (ship with the package as code, no
package-data needed); each holds every key of the English catalog, which a test checks along with the
``{placeholders}``. Engine outcomes are translated by their ``code`` when a catalog has ``out.<code>``
and the outcome carries the parameters it needs; otherwise the engine's English sentence is shown. The
cards' effect summaries are in ``locale/cards_<lang>.py``. Refusals are worded per rule id
(:func:`refusal_text`). Room, card and explorer names are the game's printed proper names and stay as
printed.
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


def card_texts(lang: str) -> dict[str, str]:
    """The cards' effect summaries in ``lang`` by card name ({} for English: the engine's own text)."""
    if lang == "en":
        return {}
    key = f"cards:{lang}"
    if key not in _catalogs:
        _catalogs[key] = importlib.import_module(f"hauntable.ui.locale.cards_{lang}").CARD_TEXT
    return _catalogs[key]


def scenario_texts(lang: str) -> dict[int, dict[str, str]]:
    """Our own scenarios' names and goals in ``lang`` by haunt number ({} for English: the scenario's own)."""
    if lang == "en":
        return {}
    key = f"scenarios:{lang}"
    if key not in _catalogs:
        _catalogs[key] = importlib.import_module(f"hauntable.ui.locale.scenarios_{lang}").SCENARIO_TEXT
    return _catalogs[key]


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
    outcome lacks a parameter the translation names (one call site of a code may carry fewer). A ``variant``
    parameter picks one of several sentences of a code: ``out.card.music_box.opens``.
    """
    lang = lang or _current
    if lang == "en":
        return outcome.text
    params = dict(outcome.params)
    if outcome.code == "card.summary":  # card content: our own summaries, per card, in ui/locale/cards_*.py
        summary = card_texts(lang).get(params.get("card", ""))
        return outcome.text if summary is None else f"{params['card']}: {summary}"
    variant = params.pop("variant", None)  # one code, several sentences: out.<code>.<variant>
    key = f"out.{outcome.code}" if variant is None else f"out.{outcome.code}.{variant}"
    text = catalog(lang).get(key)
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


STALE = "ui/stale"  # a tap on a prompt the game has left (ui/channel.StalePrompt)


def refusal_text(code: str, rule: str | None, sentence: str, lang: str | None = None) -> str:
    """A refused input as the seat reads it: in English the engine's sentence (it names the pieces and
    numbers), elsewhere the catalog's short sentence for its rule id (``rej.B3.2``), else for its kind of
    refusal (``rej.code.rule/illegal``), followed by the rule id so an operator can look it up in
    docs/rules.md. The engine's English sentence stays on the :class:`~hauntable.ui.channel.Refusal` and
    in the log.

    >>> refusal_text("rule/illegal", "B2.7", "The front door is locked: nobody leaves the house.", "de")
    'Die Haustür ist verschlossen: niemand verlässt das Haus. (B2.7)'
    """
    lang = lang or _current
    if code == STALE:
        return tr("refusal.stale", lang)
    if lang == "en":
        return sentence
    strings = catalog(lang)
    text = strings.get(f"rej.{rule}") if rule else None
    if text is None:
        text = strings.get(f"rej.code.{code}")
    if text is None:
        return sentence
    return f"{text} ({rule})" if rule else text


def referee_text(code: str, params: dict[str, Any], sentence: str, lang: str | None = None) -> str:
    """The table referee's own message (a paused game, stacked tags, a silent reader, an unknown tag) by
    its code (``referee.<code>``), names as read and floors worded; in English, or when the catalog or a
    parameter is missing, the referee's sentence.

    >>> referee_text("put_back", {"name": "Kitchen", "floor": "ground", "x": 3, "y": 4}, "Put ...", "de")
    'Lege Kitchen zurück: Erdgeschoss 3,4'
    """
    lang = lang or _current
    text = catalog(lang).get(f"referee.{code}")
    if lang == "en" or text is None or not placeholders(text) <= set(params):
        return sentence
    values = dict(params)
    if f"floor.{values.get('floor')}" in catalog("en"):
        values["floor"] = tr(f"floor.{values['floor']}", lang)
    place = str(values.get("place", ""))
    floor, _, cell = place.partition(" ")
    if floor == "slot":  # a reader's place, as the layout names it: "ground 3,4" or "slot draw"
        values["place"] = tr("referee.slot", lang, slot=cell)
    elif f"floor.{floor}" in catalog("en"):
        values["place"] = f"{tr(f'floor.{floor}', lang)} {cell}"
    return text.format(**values)
