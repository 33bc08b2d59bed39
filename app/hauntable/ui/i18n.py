"""UI strings in English, German, Russian and Simplified Chinese: ``tr(key, **params)``, ``ntr(key, n, ...)``.

English is the source: ``ui/locale/english.py`` holds every message by key. The translations are gettext
catalogs, ``ui/locale/<lang>/LC_MESSAGES/{ui,cards,haunts}.po`` (msgctxt = key, msgid = English),
compiled to the ``.mo`` files the package ships and reads here (docs/ui.md says how a translator works on
them; tests/ui/test_ui_catalogs.py checks they are complete, their placeholders and plural forms, and that
the ``.mo`` match the ``.po``). A message that takes a count has plural forms (``plural(...)`` in
english.py): :func:`ntr` is the ngettext-style lookup, and :func:`tr` and ``catalog(lang)[key].format`` pick
the form by the message's count parameter too (:class:`~hauntable.ui.mofile.Plural`). Engine outcomes are
translated by their ``code`` when a catalog has ``out.<code>`` and the outcome carries the parameters it
needs; otherwise the engine's English sentence is shown. The cards' effect summaries are the ``cards``
domain, the printed haunts' own words (from their files) the ``haunts`` domain (:func:`haunt_word`;
``ui/hauntview.py`` words the rules card). Refusals are worded per rule id (:func:`refusal_text`). Room,
card and explorer names are the game's printed proper names and stay as printed.
"""

from __future__ import annotations

import logging
import re
import string
from pathlib import Path
from typing import Any

from hauntable.engine.outcomes import Outcome
from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.ui.locale import english
from hauntable.ui.mofile import MoCatalog, Plural, read_mo

LANGUAGES: tuple[str, ...] = ("en", "de", "ru", "zh")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "ru": "Русский", "zh": "中文"}
LOCALE = Path(__file__).resolve().parent / "locale"

log = logging.getLogger(__name__)
_catalogs: dict[str, Any] = {}
_current = "en"


def mo_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.mo"


def compiled(lang: str, domain: str) -> MoCatalog:
    """The compiled catalog of ``domain`` in ``lang``; an empty one (English shows) when it cannot be
    read, with a warning, so a broken install still plays."""
    try:
        return read_mo(mo_path(lang, domain))
    except (OSError, ValueError) as exc:
        log.warning("no %s catalog for %s (%s): English is shown", domain, lang, exc)
        return MoCatalog({}, {}, lambda n: int(n != 1), {})


def _english() -> dict[str, str]:
    strings: dict[str, str] = dict(english.MESSAGES)
    for key, (count, one, many) in english.PLURALS.items():
        strings[key] = Plural((one, many), count, lambda n: int(n != 1))
    return strings


def _translated(lang: str) -> dict[str, str]:
    mo = compiled(lang, "ui")
    strings: dict[str, str] = {}
    for key, text in mo.messages.items():
        if isinstance(text, tuple):
            count = english.PLURALS[key][0] if key in english.PLURALS else "n"
            strings[key] = Plural(text, count, mo.plural)
        else:
            strings[key] = text
    return strings


def catalog(lang: str) -> dict[str, str]:
    """The strings of ``lang`` by key (a message with plural forms is a :class:`Plural`). Raises KeyError
    for a language we do not have."""
    if lang not in LANGUAGES:
        raise KeyError(f"no UI catalog for {lang!r}; have {', '.join(LANGUAGES)}")
    if lang not in _catalogs:
        _catalogs[lang] = _english() if lang == "en" else _translated(lang)
    return _catalogs[lang]


def card_texts(lang: str) -> dict[str, str]:
    """The cards' effect summaries in ``lang`` by card name ({} for English: the engine's own text)."""
    if lang == "en":
        return {}
    key = f"cards:{lang}"
    if key not in _catalogs:
        _catalogs[key] = dict(compiled(lang, "cards").messages)
    return _catalogs[key]


def haunt_texts(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """The printed haunts' words in ``lang`` (the ``haunts`` catalog; ({}, {}) for English, the files' own):
    by key (``07.action.burn.label``, scripts/catalogs.py ``haunt_keys``), and by the English, for a word
    the engine hands over only as its English (an outcome's action, a victory's why). A message not yet
    translated is in neither: the English shows."""
    if lang == "en":
        return {}, {}
    key = f"haunts:{lang}"
    if key not in _catalogs:
        mo = compiled(lang, "haunts")
        by_key = {k: str(v) for k, v in mo.messages.items()}
        by_english: dict[str, str] = {}
        for k, english in mo.msgids.items():
            by_english.setdefault(english, by_key[k])
        _catalogs[key] = (by_key, by_english)
    found: tuple[dict[str, str], dict[str, str]] = _catalogs[key]
    return found


def rule_why(english: str, lang: str) -> str | None:
    """A victory's reason from the engine's own rules (claims, deaths, escapes: ``victory.why.*``) in
    ``lang``, found by its English; None for one no catalog words (then the line drops the reason)."""
    keys = {text: key for key, text in catalog("en").items() if key.startswith("victory.why.")}
    found = catalog(lang).get(keys.get(english, ""))
    return found if isinstance(found, str) else None


def haunt_word(number: int, place: str, english: str, lang: str | None = None) -> str:
    """Printed haunt ``number``'s word at ``place`` (``card.heroes.0``, ``action.burn.label``,
    ``monster.Ghoul``) in ``lang``; the English (as the file gives it) where the catalog has none."""
    return haunt_texts(lang or _current)[0].get(f"{number:02d}.{place}", english)


def set_language(lang: str) -> None:
    global _current
    catalog(lang)
    _current = lang


def language() -> str:
    return _current


def _text(key: str, lang: str | None) -> str:
    return catalog(lang or _current).get(key) or catalog("en").get(key) or key


def tr(key: str, lang: str | None = None, **params: Any) -> str:
    """The string for ``key`` in the current (or given) language, formatted with ``params`` (a message
    with plural forms in the form for the number in its count parameter).

    A key missing from a catalog falls back to English, then to the key itself, so a gap shows as
    an untranslated word rather than a crash in front of players.
    """
    text = _text(key, lang)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def ntr(key: str, n: int, lang: str | None = None, **params: Any) -> str:
    """ngettext-style: the form of ``key`` for the count ``n``, formatted with ``params`` (``n`` fills the
    message's count placeholder unless ``params`` gives it).

    >>> ntr("admin.wrong_pin_left", 1, "de"), ntr("admin.wrong_pin_left", 3, "de")
    ('Falsche PIN: noch 1 Versuch.', 'Falsche PIN: noch 3 Versuche.')
    >>> [ntr("play.moves_left", n, "ru") for n in (1, 3, 5, 21)]
    ['остался 1 шаг', 'осталось 3 шага', 'осталось 5 шагов', 'остался 21 шаг']
    """
    text = _text(key, lang)
    if not isinstance(text, Plural):
        return tr(key, lang, **params)
    params.setdefault(text.count, n)
    try:
        return text.form(n).format(**params)
    except (KeyError, IndexError, ValueError):
        return text.form(n)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# outcome parameters whose values are identifiers with a catalog entry of their own: ("trait", "speed")
# is shown as tr("trait.speed"); names of rooms, cards and explorers stay as printed
TRANSLATED_PARAMS = ("trait", "floor", "deck", "dir")


def monster_name(number: int, name: str, lang: str | None = None) -> str:
    """A monster's or token's name in printed haunt ``number`` in ``lang``: ``Creeper Tip 2`` is the kind's
    word and the number (the haunts catalog's ``NN.monster.<kind>`` / ``NN.token.<name>``), ``Body of Zoe``
    the token's word of the explorer (``token.of``); any other name as printed."""
    haunt = PRINTED.get(number)
    if haunt is None or not name:
        return name
    words = {m.kind: "monster" for m in haunt.spec.monsters} | {t: "token" for t in haunt.spec.tokens}
    words |= {c: "counter" for c in haunt.spec.counters if c not in words and c == haunt.spec.counters[c]}
    # (a counter whose id is its label: haunt 34's "Collar of Zoe")
    stem, _, n = name.rpartition(" ")
    head, paren, room = name.partition(" (")
    if paren and head in words and room.endswith(")"):  # haunt 34's "Key (Attic)": the room as printed
        return f"{haunt_word(number, f'{words[head]}.{head}', head, lang)} ({room}"
    if name in words:
        return haunt_word(number, f"{words[name]}.{name}", name, lang)
    if stem in words and n.isdigit():
        return f"{haunt_word(number, f'{words[stem]}.{stem}', stem, lang)} {n}"
    head, of, whose = name.partition(" of ")
    if of and head in words:
        word = haunt_word(number, f"{words[head]}.{head}", head, lang)
        return tr("token.of", lang, token=word, who=monster_name(number, whose, lang))
    return name


def labelled_action(number: int, english: str, lang: str | None = None) -> str:
    """``english`` in printed haunt ``number``'s words when it is one of its actions' labels (a roll the
    haunt asks for into a counter of its own, named by the action it serves: haunt 3's "Skin of Frog");
    else as given."""
    haunt = PRINTED.get(number)
    found = next((a for a in haunt.spec.actions if a.label == english), None) if haunt is not None else None
    return english if found is None else haunt_word(number, f"action.{found.id}.label", english, lang)


def track_word(name: str, lang: str | None = None) -> str:
    """A Turn/Damage track clip's name in ``lang`` (``track.<name>``); a name the catalogs lack as written."""
    return tr(f"track.{name}", lang) if f"track.{name}" in catalog("en") else name


def printed_counter(number: int, name: str, lang: str | None = None) -> str | None:
    """Printed haunt ``number``'s counter ``name`` by its label in ``lang``; None: no such counter."""
    haunt = PRINTED.get(number)
    label = haunt.spec.counters.get(name) if haunt is not None else None
    return None if label is None else haunt_word(number, f"counter.{name}", label, lang)


def purpose_words(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """A roll purpose's parameters with a printed haunt's counter (``counter`` + ``haunt``) by its label."""
    counter = params.get("counter")
    label = printed_counter(int(params.get("haunt", 0)), str(counter), lang) if counter else None
    return params if label is None else params | {"counter": label}


# parameters that never name a monster or token (a card or room may share a token's name: haunt 34's Key)
AS_PRINTED = frozenset({"card", "room", "deck", "trait", "floor", "dir", "action", "source", "purpose"})


def monster_names(params: dict[str, Any], number: int, lang: str) -> dict[str, Any]:
    """``params`` with each name of one of haunt ``number``'s monsters in ``lang`` (outcome lines name a
    monster by its id: "Zombie 10 moves to ...")."""
    if not number:
        return params
    return {
        k: monster_name(number, v, lang) if isinstance(v, str) and k not in AS_PRINTED else v
        for k, v in params.items()
    }


def outcome_text(outcome: Outcome, lang: str | None = None, haunt: int = 0) -> str:
    """An engine outcome in the current language, by its code; the English sentence when we cannot.

    In English the engine's own sentence is shown: it is the reference and often says more (the roll's
    purpose, why a trait could not drop) than a sentence built from the parameters. Elsewhere we cannot
    translate when the catalog has no ``out.<code>`` (codes on ``FALLBACK_OUTCOMES`` in the tests) or this
    outcome lacks a parameter the translation names (one call site of a code may carry fewer). A ``variant``
    parameter picks one of several sentences of a code: ``out.card.music_box.opens``.
    """
    lang = lang or _current
    if outcome.code == "roll" and "faces" in dict(outcome.params):  # in English too: no seed on screen
        return roll_text(dict(outcome.params), lang, haunt)
    if lang == "en":
        return outcome.text
    params = monster_names(dict(outcome.params), haunt, lang)  # ``haunt``: the printed haunt running
    if outcome.code == "printed.tell":  # a printed haunt's own sentence: the haunts catalog, NN.text.<key>
        return haunt_word(int(params.get("haunt", 0)), f"text.{params.get('key', '')}", outcome.text, lang)
    if outcome.code.startswith("printed.") and isinstance(params.get("action"), str):  # an action's words
        params["action"] = haunt_texts(lang)[1].get(params["action"], params["action"])
    if outcome.code == "haunt.victory":  # "The heroes win: <why>": a printed haunt's why in the catalog
        english_why = outcome.text.partition(": ")[2]
        why = haunt_texts(lang)[1].get(english_why) or rule_why(english_why, lang)
        text = catalog(lang).get(f"out.haunt.victory.{params.get('variant', '')}")
        if why and text:
            return f"{text}: {why}"
    if outcome.code == "haunt.track":
        params["name"] = track_word(str(params.get("name", "")), lang)
    if outcome.code == "card.summary":  # card content: our own summaries, the cards domain
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


# a roll's source (``virtual-tower:seed=5#10``, ``tower:1#3f2a.1``, ``hand``) by its kind, before the colon
ROLL_SOURCES = {"tower": "tower", "virtual-tower": "virtual", "virtual": "virtual", "hand": "hand"}


def printed_action(number: int, action: str, lang: str | None = None) -> str | None:
    """Printed haunt ``number``'s action ``action`` by its button words in ``lang``; None: no such action."""
    haunt = PRINTED.get(number)
    found = haunt.spec.action(action) if haunt is not None else None
    return None if found is None else haunt_word(number, f"action.{action}.label", found.label, lang)


def roll_text(params: dict[str, Any], lang: str, haunt: int = 0) -> str:
    """A roll's line: who, the faces, the total, what for and where the dice came from in words (the tower,
    virtual dice, by hand). The source's seed and counter stay in the log, which replay needs, and never
    reach the screen (issue 18).

    >>> roll = {"who": "Ox", "faces": "2+0", "total": 2, "purpose": "haunt", "source": "virtual:seed=5#1"}
    >>> roll_text(roll, "en")
    'Ox rolls 2+0 = 2 (haunt, virtual dice)'
    """
    kind = ROLL_SOURCES.get(re.split(r"[:#]", str(params.get("source", "")))[0], "other")
    who = params.get("who", "")
    code = params.get("purpose_code")
    purpose = str(params.get("purpose", ""))
    if lang != "en" and not code:
        purpose = labelled_action(haunt, purpose, lang)
    if lang != "en" and code and f"purpose.{code}" in catalog("en"):
        worded = purpose_words(monster_names(dict(params.get("purpose_params", ())), haunt, lang), lang)
        action = worded.get("action")
        label = printed_action(int(worded.get("haunt", 0)), str(action), lang) if action else None
        if label is not None or action is None or f"act.{action}" in catalog("en"):
            if action is not None:
                worded["action"] = label if label is not None else tr(f"act.{action}", lang)
            text = _text(f"purpose.{code}", lang)
            if placeholders(text) <= set(worded):
                purpose = text.format(**worded)
    return tr(
        "out.roll",
        lang,
        who=tr("out.roll.table", lang) if who == "The table" else who,
        faces=params.get("faces", ""),
        total=params.get("total", ""),
        purpose=purpose,
        source=tr(f"roll_source.{kind}", lang),
    )


STALE = "ui/stale"  # a tap on a prompt the game has left (ui/channel.StalePrompt)


def refusal_text(
    code: str, rule: str | None, sentence: str, lang: str | None = None, by_rule: bool = False
) -> str:
    """A refused input as the seat reads it: in English the engine's sentence (it names the pieces and
    numbers), elsewhere the catalog's short sentence for its rule id (``rej.B3.2``), else for its kind of
    refusal (``rej.code.rule/illegal``), followed by the rule id so an operator can look it up in
    docs/rules.md. ``by_rule``: the catalog's sentence in English too (a screen that must not show what the
    engine's sentence names: the Geisterstunde ghost's plan card). The engine's English sentence stays on
    the :class:`~hauntable.table.channel.Refusal` and in the log.

    >>> refusal_text("rule/illegal", "B2.7", "The front door is locked: nobody leaves the house.", "de")
    'Die Haustür ist verschlossen: niemand verlässt das Haus. (B2.7)'
    """
    lang = lang or _current
    if code == STALE:
        return tr("refusal.stale", lang)
    if lang == "en" and not by_rule:
        return sentence
    printed = HAUNT_RULE.match(rule or "")
    if printed is not None:
        return haunt_refusal(int(printed[1]), printed[2], printed[3], sentence, lang)
    strings = catalog(lang)
    text = strings.get(f"rej.{rule}") if rule else None
    if text is None:
        text = strings.get(f"rej.code.{code}")
    if text is None:
        return sentence
    return f"{text} ({rule})" if rule else text


# a printed haunt's action refused (runtime.PrintedHaunt.refusal): haunt, action id, why
HAUNT_RULE = re.compile(r"^haunt(\d+)\.(\w+)\.(side|used|where|requires|monster)$")


def haunt_refusal(number: int, action: str, why: str, sentence: str, lang: str) -> str:
    """A printed haunt's refused action in ``lang``: the action's words, and where it may be done or what
    it needs, from the haunts catalog (``rej.haunt.<why>``), then the haunt's number and name."""
    haunt = PRINTED.get(number)
    a = haunt.spec.action(action) if haunt is not None else None
    if haunt is None or a is None:
        return sentence
    label = haunt_word(number, f"action.{action}.label", a.label, lang)
    params = {
        "action": label,
        "side": tr(f"haunt.side.{a.side}", lang) if a.side in ("heroes", "traitor") else a.side,
    }
    key = f"rej.haunt.{why}"
    if why == "where" and a.where_text:
        params["where"] = haunt_word(number, f"action.{action}.where", a.where_text, lang)
        key += ".text"
    if why == "requires" and a.requires_text:
        params["need"] = haunt_word(number, f"action.{action}.requires", a.requires_text, lang)
        key += ".text"
    return f"{tr(key, lang, **params)} ({tr('rej.haunt.rule', lang, n=number, name=haunt.spec.name)})"


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
