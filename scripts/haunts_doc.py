#!/usr/bin/env python3
"""Write the table of the 50 haunts in docs/haunts.md from the haunt files (docs/haunt-files.md), between the
markers ``<!-- haunts:begin -->`` and ``<!-- haunts:end -->``: each haunt's printed name, traitor, how the
table runs it, what it enforces, what it leaves to the players, the confidence of its numbers and its
sources. ``--check`` exits 1 when the committed table is stale (a test runs it).

    .venv/bin/python scripts/haunts_doc.py [--check]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "app"))

from hauntable.games.betrayal.content import load_content  # noqa: E402
from hauntable.games.betrayal.haunts.printed import PRINTED  # noqa: E402

DOC = ROOT / "docs" / "haunts.md"
BEGIN, END = "<!-- haunts:begin -->", "<!-- haunts:end -->"
TRAITOR = {
    "haunt_revealer": "the revealer",
    "left_of_haunt_revealer": "left of the revealer",
    "hidden_traitor": "hidden traitor",
    "none": "none",
    "none_at_first": "none at first",
    "oldest": "oldest",
    "youngest": "youngest",
}


def traitor_rule(spec: object) -> str:
    rule = getattr(spec, "traitor", "")
    trait = getattr(spec, "trait", None)
    if rule in ("highest_trait", "lowest_trait"):
        text = f"{rule.split('_')[0]} {str(trait).capitalize()}"
    elif rule == "character_else":
        fb = getattr(spec, "fallback", "") or ""
        fb_trait = getattr(spec, "fallback_trait", None)
        fallback = f"{fb.split('_')[0]} {str(fb_trait).capitalize()}" if fb_trait else TRAITOR.get(fb, fb)
        text = f"{getattr(spec, 'character', '')}, else {fallback}"
    else:
        text = TRAITOR.get(rule, rule)
    if getattr(spec, "except_revealer", False):
        text += " (not the revealer)"
    return text


def cell(items: list[str]) -> str:
    return "<br>".join(i.replace("|", "/") for i in items) or "-"


def table() -> str:
    content = load_content()
    rows = [
        "| # | printed name | traitor | run as | the table enforces | left to the players | numbers "
        "| sources |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for number in range(1, 51):
        spec = content.haunts[number]
        haunt = PRINTED.get(number)
        if haunt is None:
            rows.append(
                f"| {number} | - | {traitor_rule(spec)} | book | - | the whole haunt (book mode) | - | - |"
            )
            continue
        f = haunt.spec
        enforced = [
            f"{'Heroes' if s == 'heroes' else 'Traitor'}: {line}"
            for s in ("heroes", "traitor")
            for line in f.card.get(s, ())
        ]
        mons = [
            f"{m.kind} (Spd {m.speed or '-'} Mgt {m.might or '-'} San {m.sanity or '-'} Kno "
            f"{m.knowledge or '-'}; beaten: {m.beaten})"
            for m in f.monsters
        ]
        rows.append(
            f"| {number} | {f.name} | {traitor_rule(spec)} | scripted ({len(f.actions)} actions, "
            f"{len(f.wins)} wins{', hooks ' + f.hooks if f.hooks else ''}) | {cell(enforced + mons)} | "
            f"{cell(list(f.gaps))} | {f.confidence} | {cell(list(f.sources))} |"
        )
    scripted = len(PRINTED)
    head = f"{scripted} of 50 printed haunts run scripted from their files; {50 - scripted} in book mode.\n\n"
    return head + "\n".join(rows) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = DOC.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        print(f"{DOC}: add the markers {BEGIN} and {END}", file=sys.stderr)
        return 1
    before, rest = text.split(BEGIN, 1)
    _, after = rest.split(END, 1)
    new = f"{before}{BEGIN}\n{table()}{END}{after}"
    if args.check:
        if new != text:
            print("docs/haunts.md is stale: run scripts/haunts_doc.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
