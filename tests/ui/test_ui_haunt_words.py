# ruff: noqa: RUF001  (Russian and Chinese text in the expectations)
"""Issues 16 and 18: a printed haunt's own words (its rules card, buttons, refusals, counters, goals, monster
and token names, sentences) are shown in the table's language from the ``haunts`` gettext catalog, by key;
the engine stays English and language-free; a message not translated yet shows its English."""

from __future__ import annotations

import re

from gamekit import CONTENT, do, haunt, refused
from gamekit import start as new_game
from hauntable.engine.outcomes import Outcome
from hauntable.games.betrayal import inputs as bi
from hauntable.ui import i18n
from hauntable.ui.button_labels import choice_label
from hauntable.ui.endgame import end_summary
from hauntable.ui.hauntview import counter_lines, goal_lines, haunt_layer
from hauntable.ui.prompt_heading import heading
from langkit import language
from printedkit import build, turn

ROOMS = ("Library", "Chapel", "Gymnasium", "Dining Room", "Kitchen")


def mummy_handoffs():
    """Haunt 1, The Mummy Walks: the traitor's hand-off, then the heroes' (with their rules card)."""
    step = build(new_game("zoe", "ox", "vivian", "peter"), *ROOMS)
    step.state.explorers[0].omens.append("Girl")
    step = haunt(step, 1, revealer=0, omen="Girl", room="Gymnasium")
    return do(step, "ready")


def mummy():
    step = mummy_handoffs()
    while step.awaiting.kind == "handoff":
        step = do(step, "ready")
    return step


def test_the_heroes_rules_card_is_printed_in_the_tables_language_with_this_tables_numbers():
    step = mummy_handoffs()
    prompt = step.awaiting
    assert "Banish the Mummy in three steps" in prompt.text  # the engine's own words stay English
    with language("de"):
        text = heading(step.state, prompt)
    assert "Bannt die Mumie in drei Schritten" in text
    target = re.search(r"Step 1: Knowledge (\d+)\+", prompt.text)[1]
    assert f"Schritt 1: Wissen {target}+" in text  # the table's number, as in the English card
    assert "{" not in text and "Banish the Mummy" not in text
    assert "- Von Hand: Das Wissen der Mumie" in text  # a gap, after the catalog's "By hand:"
    with language("zh"):
        text = heading(step.state, prompt)
    assert "分三步驱逐木乃伊" in text and "由玩家处理：" in text and "Banish" not in text


def test_a_printed_haunts_button_prompt_and_refusal_are_worded_in_the_tables_language():
    step = turn(mummy(), 1, "Library")
    act = bi.Act("true_name", "knowledge")
    with language("ru"):
        label = choice_label(step.state, CONTENT, step.awaiting, act)
    assert label == "Узнать истинное имя Мумии\nЗнание"
    rejection = refused(turn(step, 1, "Kitchen"), "act true_name option=knowledge")
    assert rejection.rule == "haunt1.true_name.where"  # the engine says why in its rule id, in English
    assert "can only be done in the Sarcophagus's room" in rejection.sentence
    text = i18n.refusal_text(rejection.code, rejection.rule, rejection.sentence, "de")
    assert text == (
        "Den wahren Namen der Mumie lernen: nur im Raum des Sarkophags, in der Library oder im Research "
        "Laboratory. (Spuk 1, The Mummy Walks)"
    )
    rolled = do(turn(step, 1, "Library"), "act true_name option=knowledge")
    with language("de"):
        assert "Den wahren Namen der Mumie lernen (Aufgabe)" in heading(rolled.state, rolled.awaiting)


def test_the_haunt_box_map_and_outcomes_name_the_haunts_words_in_the_tables_language():
    step = mummy()
    step.state.haunt.vars["banish"] = 1
    with language("de"):
        assert "Bannschritte: 1" in counter_lines(step.state)
        assert goal_lines(step.state) == []  # H2.2: no side's goal on the shared screen during play
        step.state.haunt.winner = "heroes"  # once won, the goals are the table's (and translated)
        goals = dict(goal_lines(step.state))
        step.state.haunt.winner = None
        layer = haunt_layer(step.state)
        said = i18n.outcome_text(
            Outcome("Ox: Take the Girl", "printed.action", (("who", "Ox"), ("action", "Take the Girl")))
        )
    assert goals["heroes"] == "die Mumie ist gebannt"
    assert "Mumie" in [m.label for marks in layer.monsters.values() for m in marks]
    assert "Sarkophag" in layer.tokens["Gymnasium"]
    assert said == "Ox handelt: Das Mädchen nehmen"
    with language("en"):  # English: the file's own words
        assert [m.label for m in haunt_layer(step.state).monsters["Gymnasium"]] == ["Mummy"]


def test_the_end_screen_says_why_a_printed_haunt_was_won_in_the_tables_language():
    step = mummy()
    step.state.haunt.winner = "heroes"
    won = Outcome(
        "The heroes win: the Mummy is banished", "haunt.victory", (("side", "heroes"), ("variant", "heroes"))
    )
    with language("ru"):
        assert end_summary(step.state, [won]).why == "Побеждают герои: Мумия изгнана"


def test_a_message_not_translated_yet_shows_its_english():
    assert i18n.haunt_word(1, "card.heroes.99", "Some new line", "de") == "Some new line"
    assert i18n.haunt_word(1, "monster.Mummy", "Mummy", "en") == "Mummy"
