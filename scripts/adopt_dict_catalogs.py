#!/usr/bin/env python3
"""Carry messages a branch added to the old dict catalogs (``ui/locale/{en,de,ru,zh}.py``, before the
gettext catalogs) into english.py and the ``.po`` files, so a merge that deletes the dicts loses nothing.

    git show MERGE_HEAD:app/hauntable/ui/locale/en.py > /tmp/old/en.py    # and de, ru, zh likewise
    .venv/bin/python scripts/adopt_dict_catalogs.py /tmp/old --after tower.not_ready
    git rm app/hauntable/ui/locale/{en,de,ru,zh}.py

Each key of the old en.py that english.py lacks becomes ``message(key, text)`` after the ``--after`` key
(default: at the end), then the templates are extracted, the catalogs updated, the old dicts'
translations filled in and everything compiled. A message that takes a count comes over singular: the
catalog tests name it (``test_every_message_that_takes_a_count_has_plural_forms``); make it ``plural(...)``
by hand and give each language its forms. Transitional: remove once no branch carries the dicts.
"""

from __future__ import annotations

import argparse
import json
import runpy
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po
from catalogs import ENGLISH, LOCALE, ROOT, TRANSLATIONS, compile_all, extract, update


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="a directory with the old en.py, de.py, ru.py, zh.py")
    parser.add_argument("--after", help="the key after which the new messages go in english.py")
    args = parser.parse_args()
    old = {lang: runpy.run_path(str(args.old / f"{lang}.py"))["STRINGS"] for lang in ("en", *TRANSLATIONS)}
    from hauntable.ui.locale.english import MESSAGES, PLURALS

    new = [key for key in old["en"] if key not in MESSAGES and key not in PLURALS]
    if not new:
        print("nothing to adopt: english.py has every key")
        return
    calls = "".join(
        f"message({json.dumps(k)}, {json.dumps(old['en'][k], ensure_ascii=False)})\n" for k in new
    )
    source = ENGLISH.read_text(encoding="utf-8")
    if args.after:
        line = next(x for x in source.splitlines(keepends=True) if x.startswith(f'message("{args.after}"'))
        source = source.replace(line, line + calls, 1)
    else:
        source += calls
    ENGLISH.write_text(source, encoding="utf-8")
    ruff = Path(sys.executable).parent / "ruff"
    subprocess.run([ruff, "format", "-q", str(ENGLISH)], cwd=ROOT, check=False)
    extract()
    update()
    for lang in TRANSLATIONS:
        path = LOCALE / lang / "LC_MESSAGES" / "ui.po"
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        for message in catalog:
            if message.context in new and message.context in old[lang]:
                message.string = old[lang][message.context]
                message.flags.discard("fuzzy")
                message.previous_id = []
        with path.open("wb") as f:
            write_po(f, catalog, no_location=True, width=100)
    compile_all()
    print(f"adopted {len(new)} messages: {', '.join(new)}")


if __name__ == "__main__":
    main()
