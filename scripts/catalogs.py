#!/usr/bin/env python3
"""The UI's gettext catalogs: extract the templates, update the translations from them, compile them.

    .venv/bin/python scripts/catalogs.py extract  # the sources -> app/hauntable/ui/locale/<domain>.pot
    .venv/bin/python scripts/catalogs.py update   # each <lang>/LC_MESSAGES/<domain>.po (pybabel update)
    .venv/bin/python scripts/catalogs.py compile  # each .po -> the .mo the package ships (pybabel compile)

``make catalogs`` runs the three. Three domains, one template each, English as the msgid and a key as the
msgctxt: ``ui`` (``ui/locale/english.py``, read by Babel's own Python extractor: ``message(key, text)`` and
``plural(key, count, singular, plural)``), ``cards`` (each card's effect summary, keyed by the card's name)
and ``haunts`` (the printed haunts' words from their files, keyed ``NN.card.heroes.0``,
``NN.action.<id>.label``, ...: haunt_keys()); the last two are read from the game's content, where the
English lives. ``update`` and ``compile`` are Babel's ``pybabel update`` and ``pybabel compile`` run
in-process (docs/ui.md gives the commands); compile leaves out fuzzy and untranslated messages, so the table
shows English there until a translator has checked them.
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
DOMAINS = ("ui", "cards", "haunts")
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


NAMES_NOTE = "room, item and omen names as the table's cards and tiles print them (docs/ui.md)"
# what each kind of haunt message is, for the translator
HAUNT_NOTES = {
    "card": "a line of the rules card the table enforces; {name}: a number of this table",
    "gap": "a rule the table leaves to the players (shown after 'By hand:')",
    "action": "a haunt action: label = its button, where/requires = what a refusal says is missing",
    "counter": "a counter's name in the haunt box",
    "win": "why a side wins: the haunt box's goal and the end screen",
    "monster": "a monster's name on the map and in outcomes",
    "token": "a token's name on the map (numbered ones get their number after it)",
    "text": "a sentence the haunt says to the table",
}


def haunt_keys(spec) -> list[tuple[str, str]]:
    """(key, English) of every word a printed haunt's file shows, in file order: the msgctxt of the
    ``haunts`` domain. Keys name the place (``07.card.heroes.0``, ``07.gap.1``, ``07.action.burn.label``,
    ``07.counter.<name>``, ``07.win.0``, ``07.monster.<kind>``, ``07.token.<name>``, ``07.text.<key>``), so
    the screen (ui/i18n.py haunt_word) finds a translation from what it shows."""
    nn = f"{spec.number:02d}"
    out = [
        (f"{nn}.card.{side}.{i}", line)
        for side in ("heroes", "traitor")
        for i, line in enumerate(spec.card[side])
    ]
    out += [(f"{nn}.gap.{i}", gap) for i, gap in enumerate(spec.gaps)]
    for a in spec.actions:
        out.append((f"{nn}.action.{a.id}.label", a.label))
        out += [(f"{nn}.action.{a.id}.where", a.where_text)] if a.where_text else []
        out += [(f"{nn}.action.{a.id}.requires", a.requires_text)] if a.requires_text else []
    out += [(f"{nn}.counter.{name}", label) for name, label in spec.counters.items()]
    out += [(f"{nn}.win.{i}", w.why) for i, w in enumerate(spec.wins)]
    out += [(f"{nn}.monster.{m.kind}", m.kind) for m in spec.monsters]
    out += [(f"{nn}.token.{name}", name) for name in spec.tokens]
    out += [(f"{nn}.text.{key}", text) for key, text in spec.texts.items()]
    return out


def haunts_template() -> Catalog:
    """The printed haunts' own words (``data/haunts/NN.toml``), keyed by haunt and place (haunt_keys)."""
    from hauntable.games.betrayal.haunts.printed import PRINTED

    catalog = _catalog("haunts")
    for number in sorted(PRINTED):
        for key, text in haunt_keys(PRINTED[number].spec):
            kind = key.split(".")[1]
            notes = [HAUNT_NOTES[kind]] + ([] if kind in ("monster", "token") else [NAMES_NOTE])
            catalog.add(text, context=key, auto_comments=notes, flags=_flags(text))
    return catalog


def templates() -> dict[str, Catalog]:
    return {
        "ui": ui_template(),
        "cards": cards_template(),
        "haunts": haunts_template(),
    }


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
