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
EXPLORATION = ("rules.py", "rooms.py", "discovery.py", "world.py", "house.py", "cards")

# codes of the phases after exploration (the haunt, combat: other issues) are not checked here, even when
# their say() calls live in these modules; the two haunt codes exploration itself emits are
LATER_PHASES = ("haunt.", "combat.", "monster.", "traitor.", "hero.", "victory.")
EXPLORATION_HAUNT = {"haunt.begins", "haunt.no"}

# f-string codes and what they expand to
EXPANSIONS = {"damage.{kind}": ("damage.physical", "damage.mental")}

# shown in English on purpose: the outcome lacks the parameters a sentence needs (the English sentence
# carries them in its text only), or its text is card content in English
FALLBACK_OUTCOMES = {
    "room.slide": "the room slid to is not a parameter",
    "room.exit_ok": "who leaves is not a parameter",
    "room.exit_fail": "who leaves is not a parameter",
    "room.end_turn": "who is not a parameter",
    "room.bonus": "who is not a parameter",
    "barrier.crossed": "the barrier room is not a parameter",
    "barrier.failed": "the barrier room and target are not parameters",
    "elevator.roll": "the elevator's destination label is not a parameter",
    "floor.closed": "the floor is not a parameter",
    "floor.complete": "the floor is not a parameter",
    "card.summary": "the card's effect text is English content",
    "card.say": "free card text",
    "card.hurt": "who and the numbers are not parameters",
    "card.defended": "who and the numbers are not parameters",
    "card.no_tile": "no parameters",
    "card.item_moved": "who and the item are not parameters",
    "card.swap": "no parameters",
    "card.reorder": "who is not a parameter",
    "card.room_moved": "the destination is not a parameter",
    "card.item_lost": "who is not a parameter",
    "card.item_back": "who is not a parameter",
    "card.still_stuck": "no parameters",
    "card.music_box": "who is not a parameter",
    "card.music_resisted": "no parameters",
    "card.dog_fetch": "who and the item are not parameters",
    "card.dog_leave": "who and the item are not parameters",
    "card.passage": "the passage's destination is ambiguous in the parameters",
    "card.heal": "who is not a parameter",
    "card.stolen": "who is not a parameter",
    "card.spirit_board": "who is not a parameter",
    "card.rerolled": "the total in the text is not the parameter",
    "card.idol": "no parameters",
    "card.adrenaline": "no parameters",
    "card.meant": "who is not a parameter",
    "card.bbc_lost": "no parameters",
    "card.crystal": "no parameters",
    "item.given": "giver and receiver are not parameters",
    "item.offer": "the receiver is not a parameter",
    "item.refused": "who refuses is not a parameter",
    "item.used_up": "who is not a parameter",
}


def exploration_says() -> dict[str, list[set[str]]]:
    """code -> the parameter names of each ``.say(...)`` call that emits it."""
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
            params = {k.arg for k in node.keywords if k.arg not in (None, "code")}
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
    return found


SAYS = exploration_says()


def test_the_exploration_rules_emit_many_codes():
    assert len(SAYS) > 60 and "move" in SAYS and "trait.lose" in SAYS  # the scan itself works
    assert set(SAYS) >= EXPLORATION_HAUNT


@pytest.mark.parametrize("code", sorted(SAYS))
def test_every_exploration_outcome_is_translated_or_on_the_fallback_list(code):
    translated = all(f"out.{code}" in i18n.catalog(lang) for lang in i18n.LANGUAGES)
    assert translated != (code in FALLBACK_OUTCOMES), (
        f"{code}: translate it in every catalog or put it on FALLBACK_OUTCOMES (not both)"
    )
    if translated:
        needs = i18n.placeholders(i18n.catalog("en")[f"out.{code}"])
        assert any(needs <= params for params in SAYS[code]), (
            f"out.{code} names {sorted(needs)}, but no call site passes them all: {SAYS[code]}"
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
    from hauntable.ui.channel import Channel
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
    assert shown > 50 and translated / shown > 0.6, (translated, shown)
