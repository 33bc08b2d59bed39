"""Engine outcomes of the exploration phase in German, Russian and Chinese (issue 7).

Every outcome code the exploration rules emit (``w.say(text, code, **params)``, found by reading the
modules' syntax trees) has an ``out.<code>`` entry in every catalog, or is on FALLBACK_OUTCOMES with the
reason it is shown in English. A translation may only name parameters some call site of its code passes,
or it could never be shown.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

from hauntable.engine.outcomes import Outcome
from hauntable.ui import demo, i18n

BETRAYAL = Path(i18n.__file__).resolve().parents[1] / "games" / "betrayal"
# the modules of the haunt and its fights (other issues); every other Betrayal module is exploration's, so a
# module split off one of them (core's layering: movement.py, turns.py, card_draw.py...) is read too
LATER_MODULES = ("haunt.py", "haunts", "combat.py", "death.py", "monsters.py", "sides.py")
EXPLORATION = tuple(
    p.name
    for p in sorted(BETRAYAL.iterdir())
    if (p.suffix == ".py" or p.name == "cards") and p.name not in LATER_MODULES
)

# codes of the phases after exploration (the haunt, combat: other issues) are not checked here, even when
# their say() calls live in these modules; the two haunt codes exploration itself emits are
LATER_PHASES = ("haunt.", "combat.", "monster.", "traitor.", "hero.", "victory.")
EXPLORATION_HAUNT = {"haunt.begins", "haunt.no"}

# f-string codes and what they expand to
EXPANSIONS = {"damage.{kind}": ("damage.physical", "damage.mental")}

# not translated through an out.<code> entry: the card's effect summary is card content, translated per
# card in the cards catalog (ui/locale/<lang>/LC_MESSAGES/cards.po, checked in test_ui_i18n.py)
FALLBACK_OUTCOMES = {
    "card.summary": "per card, from the cards catalog (cards.po)",
}


def data_says() -> set[str]:
    """The texts of the cards' data-driven ``say("...")`` effects: ``card.say``'s variants (effects._say)."""
    texts = set()
    for path in sorted((BETRAYAL / "cards").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say" and node.args):
                continue
            if isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                texts.add(node.args[0].value)
    return texts


def variants_of(node: ast.Call) -> set[str] | None:
    """The ``variant=`` values a say() call can pass (a constant, either side of an if), or None."""
    value = next((k.value for k in node.keywords if k.arg == "variant"), None)
    if value is None:
        return None
    if isinstance(value, ast.IfExp):
        return {v.value for v in (value.body, value.orelse) if isinstance(v, ast.Constant)}
    if isinstance(value, ast.Constant):
        return {value.value}
    return set(data_says())  # effects._say passes the data's own text


def exploration_says() -> dict[str, list[set[str]]]:
    """code -> the parameter names of each ``.say(...)`` call that emits it (``variant`` apart: the
    sentence keys it picks are in VARIANTS)."""
    found: dict[str, list[set[str]]] = defaultdict(list)
    files = []
    for name in EXPLORATION:
        path = BETRAYAL / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "say"):
                continue
            code = node.args[1] if len(node.args) > 1 else None
            code = next((k.value for k in node.keywords if k.arg == "code"), code)
            params = {k.arg for k in node.keywords if k.arg not in (None, "code", "variant")}
            variants = variants_of(node)
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                codes = (code.value,)
            elif code is not None and ast.unparse(code)[2:-1] in EXPANSIONS:
                codes = EXPANSIONS[ast.unparse(code)[2:-1]]
            else:
                where = f"{path.relative_to(BETRAYAL)}:{node.lineno}"
                raise AssertionError(f"{where}: a say() whose code cannot be read: add it to EXPANSIONS")
            for c in codes:
                if c.startswith(LATER_PHASES) and c not in EXPLORATION_HAUNT:
                    continue
                found[c].append(params)
                if variants is not None:
                    VARIANTS[c].update(variants)
                else:
                    VARIANTS[c].add(None)
    return found


VARIANTS: dict[str, set[str | None]] = defaultdict(set)  # code -> variants its calls pass (None: none)
SAYS = exploration_says()


def keys_of(code: str) -> list[str]:
    """The catalog keys the outcomes of ``code`` are shown with."""
    return [f"out.{code}" if v is None else f"out.{code}.{v}" for v in sorted(VARIANTS[code], key=str)]


def test_the_exploration_rules_emit_many_codes():
    assert len(SAYS) > 60 and "move" in SAYS and "trait.lose" in SAYS  # the scan itself works
    assert set(SAYS) >= EXPLORATION_HAUNT


@pytest.mark.parametrize("code", sorted(SAYS))
def test_every_exploration_outcome_is_translated_or_on_the_fallback_list(code):
    translated = all(key in i18n.catalog(lang) for lang in i18n.LANGUAGES for key in keys_of(code))
    assert translated != (code in FALLBACK_OUTCOMES), (
        f"{code}: translate {keys_of(code)} in every catalog or put it on FALLBACK_OUTCOMES (not both)"
    )
    for key in keys_of(code) if translated else ():
        needs = i18n.placeholders(i18n.catalog("en")[key])
        assert any(needs <= params for params in SAYS[code]), (
            f"{key} names {sorted(needs)}, but no call site passes them all: {SAYS[code]}"
        )


def test_the_fallback_list_names_only_codes_still_emitted():
    assert set(FALLBACK_OUTCOMES) <= set(SAYS)


def test_trait_floor_and_deck_values_are_translated_too():
    lost = Outcome(
        "Zoe loses 1 Speed (now 4)",
        "trait.lose",
        (("who", "Zoe"), ("trait", "speed"), ("steps", 1), ("value", 4)),
    )
    assert i18n.outcome_text(lost, "de") == "Zoe verliert 1 Tempo (jetzt 4)"
    assert i18n.outcome_text(lost, "en") == "Zoe loses 1 Speed (now 4)"  # English: the engine's sentence
    params = (("who", "Ox"), ("room", "Attic"), ("floor", "upper"), ("x", 1), ("y", 2))
    found = Outcome("Ox discovers the Attic (upper 1,2)", "room.discovered", params)
    assert i18n.outcome_text(found, "ru") == "Ox открывает комнату Attic (Второй этаж 1,2)"


@pytest.mark.parametrize("lang", ["de", "ru", "zh"])
def test_a_played_game_shows_its_outcomes_in_the_language(lang):
    """Outcomes of real games (simulator + random legal choices): every translated code renders with the
    parameters the engine actually passes, and most lines are not English any more."""
    from hauntable.session import Session
    from hauntable.table.channel import Channel
    from hauntable.ui.simulator import TableSimulator

    shown = translated = 0
    for seed in (3, 5, 7):
        steps = []
        channel = Channel(Session.new("betrayal", demo.config(seed, 4)))
        channel.bind(on_step=steps.append)
        demo.play(channel, TableSimulator(channel, seed), seed, 500)
        for step in steps:
            for outcome in step.outcomes:
                text = i18n.outcome_text(outcome, lang)
                shown += 1
                if text != outcome.text:
                    translated += 1
                elif f"out.{outcome.code}" in i18n.catalog(lang):
                    needs = i18n.placeholders(i18n.catalog(lang)[f"out.{outcome.code}"])
                    assert not needs <= {k for k, _ in outcome.params}, (outcome, text)
    assert shown > 50 and translated == shown, (translated, shown)
