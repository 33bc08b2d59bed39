"""The haunt's tools and a victory claim on screen (issue 16 item 3): one "Haunt tools" button among the
moves, every tool worded in each language (no text form such as ``trait 2 might 1`` on a button), the claim's
question to the other side worded too."""

from __future__ import annotations

import pytest

from gamekit import CONTENT, do, haunt, start
from hauntable.games.betrayal import HouseRules
from hauntable.ui import i18n
from hauntable.ui.button_labels import choice_label
from hauntable.ui.prompt_heading import heading

FOUR = ("zoe", "ox", "vivian", "peter")


def tools_step():
    step = haunt(start(*FOUR, house_rules=HouseRules(haunt_mode="book")), 2, revealer=1)
    while step.awaiting.kind == "handoff":
        step = do(step, "ready")
    room = step.state.current.room
    return do(step, f"monster Ghoul '{room}' might=4", f"token Key '{room}'", "tools")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_haunt_tool_is_worded_in_each_language(lang):
    step = tools_step()
    i18n.set_language(lang)
    try:
        labels = [choice_label(step.state, CONTENT, step.awaiting, c) for c in step.awaiting.choices()]
        title = heading(step.state, step.awaiting)
    finally:
        i18n.set_language("en")
    texts = [str(c) for c in step.awaiting.choices()]
    assert len(labels) == len(texts) > 20
    for label, text in zip(labels, texts, strict=True):
        assert label != text and "." not in label.split("\n")[0][:12], (lang, text, label)
    assert "Vivian" in title


def test_the_claims_question_is_worded_in_german():
    step = do(tools_step(), "claim heroes")
    i18n.set_language("de")
    try:
        asked = heading(step.state, step.awaiting)
        options = [choice_label(step.state, CONTENT, step.awaiting, c) for c in step.awaiting.choices()]
    finally:
        i18n.set_language("en")
    assert asked.startswith("Die Helden beanspruchen den Sieg") and options == ["Annehmen", "Ablehnen"]
