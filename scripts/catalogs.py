#!/usr/bin/env python3
"""The UI's gettext catalogs: extract the templates, update the translations from them, compile them.

    .venv/bin/python scripts/catalogs.py extract  # the sources -> app/hauntable/ui/locale/<domain>.pot
    .venv/bin/python scripts/catalogs.py update   # each <lang>/LC_MESSAGES/<domain>.po (pybabel update)
    .venv/bin/python scripts/catalogs.py compile  # each .po -> the .mo the package ships (pybabel compile)

``make catalogs`` runs the three. Three domains, one template each, English as the msgid and a key as the
msgctxt: ``ui`` (``ui/locale/english.py``, read by Babel's own Python extractor: ``message(key, text)`` and
``plural(key, count, singular, plural)``), ``cards`` (each card's effect summary, keyed by the card's name)
and ``scenarios`` (our own scenarios' names and goals, keyed ``<haunt>.<part>``); the last two are read
from the game's content, where the English lives. ``update`` and ``compile`` are Babel's ``pybabel update``
and ``pybabel compile`` run in-process (docs/ui.md gives the commands); compile leaves out fuzzy and
untranslated messages, so the table shows English there until a translator has checked them.
Needs Babel (the dev extra).
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "app"))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_file  # noqa: E402
from babel.messages.frontend import CommandLineInterface  # noqa: E402
from babel.messages.pofile import write_po  # noqa: E402

LOCALE = ROOT / "app" / "hauntable" / "ui" / "locale"
ENGLISH = LOCALE / "english.py"
DOMAINS = ("ui", "cards", "scenarios")
TRANSLATIONS = ("de", "ru", "zh")
KEYWORDS = {"message": ((1, "c"), 2), "plural": ((1, "c"), 3, 4)}
# a fixed creation date, so that extracting twice gives the same file
CREATED = datetime(2026, 12, 1, tzinfo=UTC)


def _catalog(domain: str) -> Catalog:
    return Catalog(
        domain=domain,
        project="Hauntable",
        version="1",
        copyright_holder="the Hauntable authors",
        msgid_bugs_address="",
        creation_date=CREATED,
        fuzzy=False,
    )


def _flags(*texts: str) -> tuple[str, ...]:
    return ("python-brace-format",) if any("{" in t for t in texts) else ()


def ui_template() -> Catalog:
    """The UI's messages, as Babel's Python extractor reads them from english.py."""
    from hauntable.ui.locale.english import PLURALS

    catalog = _catalog("ui")
    with ENGLISH.open("rb") as source:
        found = extract_from_file(
            "python", source.name, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
        )
        for _line, text, comments, key in found:
            texts = text if isinstance(text, tuple) else (text,)
            if key in PLURALS:
                comments = [*comments, f"plural forms by the number in {{{PLURALS[key][0]}}}"]
            catalog.add(text, context=key, auto_comments=comments, flags=_flags(*texts))
    return catalog


def cards_template() -> Catalog:
    """Each card's effect summary in our own words (``CardRules.summary``), keyed by the card's name."""
    from hauntable.games.betrayal.cards import CARD_RULES, events, items, omens  # noqa: F401 (they fill it)

    catalog = _catalog("cards")
    for name in sorted(CARD_RULES):
        summary = CARD_RULES[name].summary
        catalog.add(summary, context=name, auto_comments=["card names stay as printed"])
    return catalog


def scenarios_template() -> Catalog:
    """Our own scenarios' names and goals (``haunts/h*.py``), keyed ``<haunt number>.<part>``."""
    from hauntable.games.betrayal.haunts import SCRIPTS

    catalog = _catalog("scenarios")
    for sc in sorted(
        SCRIPTS, key=lambda cls: cls.number
    ):  # ours only: a printed haunt's words are in its file
        number = sc.number
        for part, text in (("name", sc.name), ("heroes", sc.heroes_goal), ("traitor", sc.traitor_goal)):
            catalog.add(
                text, context=f"{number}.{part}", auto_comments=["room and token names stay as printed"]
            )
    return catalog


def templates() -> dict[str, Catalog]:
    return {"ui": ui_template(), "cards": cards_template(), "scenarios": scenarios_template()}


def extract() -> None:
    for domain, catalog in templates().items():
        path = LOCALE / f"{domain}.pot"
        with path.open("wb") as out:
            write_po(out, catalog, omit_header=False, no_location=True, width=100)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", *args])


def update() -> None:
    for domain in DOMAINS:
        for lang in TRANSLATIONS:
            pybabel(
                "update",
                "-i",
                str(LOCALE / f"{domain}.pot"),
                "-d",
                str(LOCALE),
                "-D",
                domain,
                "-l",
                lang,
                "--init-missing",
                "--previous",
                "--width",
                "100",
            )


def compile_all() -> None:
    pybabel("compile", "-d", str(LOCALE), "-D", " ".join(DOMAINS), "--statistics")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("steps", nargs="+", choices=("extract", "update", "compile"))
    for step in parser.parse_args().steps:
        {"extract": extract, "update": update, "compile": compile_all}[step]()


if __name__ == "__main__":
    main()
