# ruff: noqa: RUF001  (Russian and Chinese text in the expectations)
"""The gettext catalogs (issue 15 item 8): complete in every language, placeholders and plural forms right,
the compiled ``.mo`` the same as their ``.po``, the templates what the sources give, the package shipping
them.

A translator's tool (or ``scripts/catalogs.py update``) leaves a message it cannot match empty or fuzzy; the
tests here fail on either, so a missing or outdated translation cannot reach the table unnoticed.
"""

from __future__ import annotations

import doctest
import importlib.util
import logging
import re
import string
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from hauntable.engine.outcomes import Outcome
from hauntable.ui import i18n, mofile
from hauntable.ui.locale import english
from hauntable.ui.mofile import Plural, read_mo

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ("de", "ru", "zh")
DOMAINS = ("ui", "cards", "haunts")
# printed haunts whose words are not translated yet (docs/ui.md): their messages may still be empty; a
# finished haunt leaves this list and the tests below hold it to every language like any other message
NOT_YET_TRANSLATED: set[int] = set()  # all 50 done
_spec = importlib.util.spec_from_file_location("catalogs_tool", ROOT / "scripts" / "catalogs.py")
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)
TEMPLATES = tool.templates()

# translations that are rightly the English text: names kept as printed, words German takes as they are
SAME_AS_ENGLISH = {
    "de": {"app.title", "attract.game", "castle.title", "deck.omen", "admin.ok", "device.led"},
    "ru": {"app.title"},
    "zh": {"app.title"},
}
# haunt words German writes as English does (a name the haunt's token or monster prints, a loan word)
SAME_IN_HAUNTS: dict[str, set[str]] = {
    "de": {"06.monster.Alien", "08.monster.Banshee", "10.monster.Zombie", "16.monster.Phantom"}
    | {"17.monster.Poltergeist", "21.monster.Zombie", "23.token.Arm", "26.counter.ritual", "27.token.Blob"}
    | {"30.monster.Dracula", "42.token.Statue", "43.token.Serum", "48.monster.Crimson Jack"},
    "ru": set(),
    "zh": set(),
}


def waiting(key: str | None, domain: str) -> bool:
    """A message of a printed haunt on NOT_YET_TRANSLATED (it may be empty for now)."""
    return domain == "haunts" and key is not None and int(key[:2]) in NOT_YET_TRANSLATED


# messages whose English puts a word after a number and still takes no count, and why
NOT_COUNTS = {
    "haunt.summary": "a frame: its {rooms}, {rounds}, {omens} are the plural messages haunt.summary.*",
    "admin.rotation": "{n} is a seat's number",
    "out.card.say.keep": "{total} is a roll's total",
    "out.room.exit_fail": "{total} is a roll's total",
}
COUNTED = re.compile(
    r"\{(?:n|m|count|amount|steps|times|total|extra|cards|rooms|rounds|omens|faults)\} "
    r"(?!of\b|s\b|ok\b|each\b|against\b|or more\b)[A-Za-z]"
)
FAKED_PLURAL = re.compile(r"\w\((?:s|e|n|en|er|ов|и|ы)\)|Raum/Räume")  # not a gender ending


def po(lang: str, domain: str):
    with (i18n.LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f, locale=lang)


def committed_template(domain: str):
    with (i18n.LOCALE / f"{domain}.pot").open("rb") as f:
        return read_po(f)


def entries(catalog) -> dict[str, object]:
    return {m.context: m for m in catalog if m.id}


def names(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def forms(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_the_template_holds_every_message_english_py_defines_with_its_english():
    """A call Babel's extractor cannot read (a text built at run time, a parenthesised string) would drop
    out of every catalog; this catches it."""
    found = {key: m.id for key, m in entries(TEMPLATES["ui"]).items()}
    defined = dict(english.MESSAGES) | {k: (one, many) for k, (_, one, many) in english.PLURALS.items()}
    assert found == defined
    assert len(found) > 700 and len(english.PLURALS) >= 35


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_committed_template_is_what_the_sources_give(domain):
    """Else run ``make catalogs``: an English text changed or a message, card or scenario was added."""
    made = {
        k: (m.id, tuple(m.auto_comments), tuple(sorted(m.flags)))
        for k, m in entries(TEMPLATES[domain]).items()
    }
    kept = {
        k: (m.id, tuple(m.auto_comments), tuple(sorted(m.flags)))
        for k, m in entries(committed_template(domain)).items()
    }
    assert kept == made, sorted(set(kept.items()) ^ set(made.items()))[:6]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_message_is_translated_in_every_language(lang, domain):
    """Missing, empty, fuzzy (its English changed since it was translated), or left in English."""
    template, catalog = entries(TEMPLATES[domain]), entries(po(lang, domain))
    missing = sorted(set(template) - set(catalog))
    stale = sorted(k for k in set(template) & set(catalog) if catalog[k].id != template[k].id)
    fuzzy = sorted(k for k, m in catalog.items() if m.fuzzy and not waiting(k, domain))
    empty = sorted(k for k, m in catalog.items() if not all(forms(m)) and not waiting(k, domain))
    same = sorted(
        k
        for k, m in catalog.items()
        if forms(m)[0] == (m.id[0] if isinstance(m.id, tuple) else m.id)
        and re.search(r"[^\W\d_]", re.sub(r"\{\w+\}", "", forms(m)[0]))
        and k not in SAME_AS_ENGLISH.get(lang, set()) | (set() if domain == "ui" else {None})
        and k not in (SAME_IN_HAUNTS[lang] if domain == "haunts" else set())
    )
    extra = sorted(set(catalog) - set(template))
    assert not (missing or stale or fuzzy or empty or same or extra), {
        "missing": missing[:10],
        "English changed": stale[:10],
        "fuzzy": fuzzy[:10],
        "empty": empty[:10],
        "left in English": same[:10],
        "not in the template": extra[:10],
    }


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_each_translation_has_the_placeholders_of_its_english(lang, domain):
    """Every form of every message names exactly the English's placeholders (a misspelt or dropped one
    would show the raw text or the English fallback), and a tool is told they are brace-format."""
    wrong = []
    for key, m in entries(po(lang, domain)).items():
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = names(ids[-1])
        if any(names(i) != want for i in ids):
            wrong.append((key, "English singular and plural differ"))
        for form in forms(m):
            if names(form) != want and not (waiting(key, domain) and not form):
                wrong.append((key, form))
        if want and "python-brace-format" not in m.flags:
            wrong.append((key, "no python-brace-format flag"))
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_each_language_has_its_plural_rule_and_every_plural_message_all_its_forms(lang):
    catalog = po(lang, "ui")
    rule = get_plural(Locale.parse(lang))
    assert catalog.num_plurals == rule.num_plurals and catalog.plural_expr == rule.plural_expr
    plurals = {k: m for k, m in entries(catalog).items() if m.pluralizable}
    assert set(plurals) == set(english.PLURALS)
    wrong = {k: len(forms(m)) for k, m in plurals.items() if len(forms(m)) != rule.num_plurals}
    assert not wrong, wrong


def test_every_message_that_takes_a_count_has_plural_forms():
    """A number placeholder followed by a word (``{n} moves``) is a count; such a message without plural
    forms reads "1 moves left". NOT_COUNTS lists the few that only look like it."""
    singular = sorted(
        k for k, text in english.MESSAGES.items() if COUNTED.search(text) and k not in NOT_COUNTS
    )
    assert not singular, f"make these plural(...) in english.py: {singular}"
    assert set(NOT_COUNTS) <= set(english.MESSAGES)
    for key, (count, _one, many) in english.PLURALS.items():
        assert count in names(many), f"{key}: its count {{{count}}} is not in the text"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_translation_fakes_a_plural_with_brackets(lang):
    faked = [(k, f) for k, m in entries(po(lang, "ui")).items() for f in forms(m) if FAKED_PLURAL.search(f)]
    faked += [(k, m.id) for k, m in entries(TEMPLATES["ui"]).items() if "(s)" in str(m.id)]
    assert not faked, faked


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_compiled_catalog_is_its_po(lang, domain):
    """Else run ``make catalogs`` (``pybabel compile``): the table reads the .mo, not the .po."""
    catalog = po(lang, domain)
    done = {k: m for k, m in entries(catalog).items() if all(forms(m)) and not m.fuzzy}  # what compile keeps
    compiled = read_mo(i18n.mo_path(lang, domain))
    assert compiled.messages == {k: (forms(m) if m.pluralizable else forms(m)[0]) for k, m in done.items()}
    assert compiled.msgids == {k: m.id[0] if m.pluralizable else m.id for k, m in done.items()}
    assert compiled.headers["Plural-Forms"] == catalog.plural_forms


def test_every_printed_haunt_has_its_words_in_the_haunts_catalog():
    """Issue 16: the rules card in the table's language. Each of the 50 haunt files gives the template its
    words; NOT_YET_TRANSLATED names only real haunts (it is empty: all 50 are translated, so the tests above
    hold every haunt message to de, ru and zh)."""
    numbers = {int(k[:2]) for k in entries(TEMPLATES["haunts"])}
    assert numbers == set(range(1, 51))
    assert set(range(1, 51)) >= NOT_YET_TRANSLATED


def test_the_package_ships_every_compiled_catalog():
    """pyproject's package-data (what a wheel holds; tests/appliance/test_package_data.py builds one)."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    ui = ROOT / "app" / "hauntable" / "ui"
    shipped = {
        p for p in ui.rglob("*") if any(fnmatch(str(p.relative_to(ui)), g) for g in patterns["hauntable.ui"])
    }
    needed = {i18n.mo_path(lang, domain) for lang in TRANSLATIONS for domain in DOMAINS}
    assert needed <= shipped and all(p.exists() for p in needed)
    catalogs = {p for p in i18n.LOCALE.rglob("*") if p.suffix in (".mo", ".po", ".pot")}
    assert catalogs <= shipped  # the sources too: every committed package file is in the wheel


def test_a_count_picks_the_form_in_every_language():
    assert [i18n.ntr("play.moves_left", n, "en") for n in (0, 1, 2)] == [
        "0 moves left",
        "1 move left",
        "2 moves left",
    ]
    assert [i18n.ntr("admin.wrong_pin_left", n, "de") for n in (1, 2)] == [
        "Falsche PIN: noch 1 Versuch.",
        "Falsche PIN: noch 2 Versuche.",
    ]
    ru = [i18n.ntr("play.moves_left", n, "ru") for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)]
    assert ru == [
        "остался 1 шаг",
        "осталось 2 шага",
        "осталось 5 шагов",
        "осталось 11 шагов",
        "осталось 12 шагов",
        "остался 21 шаг",
        "осталось 22 шага",
        "осталось 25 шагов",
        "осталось 111 шагов",
    ]
    assert i18n.ntr("play.moves_left", 1, "zh") == i18n.ntr("play.moves_left", 5, "zh").replace("5", "1")


def test_tr_and_catalog_text_pick_the_form_by_the_messages_count_parameter():
    """So the code that words outcomes, prompts and referee messages by their parameters (and other
    helpers' tr calls) gets the right form without knowing which messages are plural."""
    assert i18n.tr("prompt.roll", "en", who="Ox", n=1, purpose="haunt") == "Ox: roll 1 die (haunt)"
    assert i18n.tr("prompt.roll", "ru", who="Ox", n=3, purpose="x") == "Ox: бросьте 3 кубика (x)"
    text = i18n.catalog("de")["gsref.plan_more"]
    assert isinstance(text, Plural) and text.format(n=1).startswith("1 Karte liegt")
    assert text.format(n=2).startswith("2 Karten liegen") and i18n.placeholders(text) == {"n"}
    lost = Outcome(
        "Zoe loses 1 Speed (now 4)",
        "trait.lose",
        (("who", "Zoe"), ("steps", 1), ("trait", "speed"), ("value", 4)),
    )
    assert i18n.outcome_text(lost, "ru") == "Zoe теряет 1 пункт: Скорость (теперь 4)"
    more = Outcome(
        "Zoe loses 2 Speed (now 3)",
        "trait.lose",
        (("who", "Zoe"), ("steps", 2), ("trait", "speed"), ("value", 3)),
    )
    assert i18n.outcome_text(more, "ru") == "Zoe теряет 2 пункта: Скорость (теперь 3)"
    stacked = {"n": 5, "place": "ground 3,4", "names": "a, b"}
    assert i18n.referee_text("stacked.cell", stacked, "5 tiles ...", "ru").startswith(
        "На Первый этаж 3,4 лежат"
    )
    assert "5 тайлов" in i18n.referee_text("stacked.cell", stacked, "5 tiles ...", "ru")
    assert (
        i18n.tr("prompt.roll", "de", who="Ox", n="?", purpose="x") == "Ox: würfle ? Würfel (x)"
    )  # no number


def test_a_catalog_that_cannot_be_read_shows_english_and_says_so(tmp_path, caplog):
    (tmp_path / "broken.mo").write_bytes(b"not a catalog at all")
    with pytest.raises(ValueError):
        read_mo(tmp_path / "broken.mo")
    with caplog.at_level(logging.WARNING):
        empty = i18n.compiled("xx", "ui")
    assert empty.messages == {} and "no ui catalog for xx" in caplog.text


@pytest.mark.parametrize("module", [i18n, mofile])
def test_the_docstring_examples_hold(module):
    assert doctest.testmod(module).failed == 0
