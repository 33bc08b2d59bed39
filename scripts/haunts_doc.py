#!/usr/bin/env python3
"""Write the list of the 50 haunts in docs/haunts.md from the haunt files (docs/haunt-files.md), between the
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


def monster(m: object) -> str:
    traits = ", ".join(f"{t.capitalize()} {v if v is not None else '-'}" for t, v in m.traits().items())
    immune = f", immune to {'/'.join(m.immune)}" if m.immune else ""
    return f"{m.kind} ({traits}; beaten: {m.beaten}{immune})"


def section(number: int, spec: object) -> list[str]:
    """One haunt: its traitor rule, how it runs, what the table enforces and leaves, confidence, sources."""
    haunt = PRINTED.get(number)
    if haunt is None:
        return [
            f"### {number}. (book mode)",
            "",
            f"- Traitor: {traitor_rule(spec)}.",
            "- No file yet: the table names the haunt and the books and offers book mode's tools.",
            "",
        ]
    f = haunt.spec
    numbers = f.resolve_numbers(4, 3, {})
    shown = {"players": 4, **numbers}

    def fmt(line: str) -> str:
        try:
            return line.format(**shown)
        except (KeyError, IndexError, ValueError):
            return line

    out = [f"### {number}. {f.name}", ""]
    out.append(f"- Traitor: {traitor_rule(spec)}. Sources' confidence: **{f.confidence}**.")
    hooks = f" and its hook `hooks/{f.hooks}.py`" if f.hooks else ""
    out.append(
        f"- Run from `data/haunts/{number:02d}.toml`{hooks}; numbers at a table of four: "
        + (", ".join(f"{k} {v}" for k, v in numbers.items()) or "none")
        + "."
    )
    for side in ("heroes", "traitor"):
        for line in f.card.get(side, ()):
            out.append(f"- {side.capitalize()}: {fmt(line)}")
    if f.monsters:
        out.append("- Monsters: " + "; ".join(monster(m) for m in f.monsters) + ".")
    out.append(
        "- Special actions: "
        + (
            "; ".join(
                f"{a.label} ({a.side}{', ' + '/'.join(a.roll) if a.roll else ''})"
                for a in f.actions
                if a.side != "table"
            )
            or "none"
        )
        + "."
    )
    out.append("- Wins: " + "; ".join(f"{w.side}: {w.why}" for w in f.wins) + ".")
    if f.gaps:
        out.append("- Left to the players:")
        out.extend(f"  - {gap}" for gap in f.gaps)
    else:
        out.append("- Left to the players: nothing.")
    out.append("- Sources: " + "; ".join(f.sources) + ".")
    out.append("")
    return out


def table() -> str:
    content = load_content()
    scripted = len(PRINTED)
    lines = [
        f"{scripted} of 50 printed haunts run scripted from their files; {50 - scripted} in book mode.",
        "",
    ]
    for number in range(1, 51):
        lines.extend(section(number, content.haunts[number]))
    return "\n".join(lines)


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
