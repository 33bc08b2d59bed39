"""The admin menu's house rules page (``admin_rules.kv``): every :class:`HouseRules` field with its value
in words; a tap moves it to its next value, kept for the next game started (``admin-settings.json``)."""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any

from hauntable.games.betrayal.config import HouseRules
from hauntable.ui.i18n import tr
from hauntable.ui.screens.admin_page import ToolPage, button


class RulesPage(ToolPage):
    def fill(self, app: Any) -> None:
        rules = app.controller.choices.house_rules()
        made = []
        for field in dataclasses.fields(HouseRules):
            if field.name.startswith("_"):
                continue
            value = getattr(rules, field.name)
            shown = worded(f"rulev.{field.name}.{value}", worded(f"rulev.{value}", value))
            text = f"{worded('rule.' + field.name, field.name)}: {shown}"
            made.append(button(text, partial(self.next_rule, app, field.name)))
        self.put(self.ids.rules, made)
        self.arrange(*self.no_message())

    def next_rule(self, app: Any, name: str) -> None:
        """A tap moves a rule to its next value (bools flip); the next game started uses it."""
        app.controller.choices.next_house_rule(name)
        self.screen.refresh()

    def default_rules(self, app: Any) -> None:
        app.controller.choices.default_house_rules()
        self.screen.refresh()


def worded(key: str, fallback: str | bool) -> str:
    """A house rule's name or value (or a kind of device) in the current language; the identifier itself
    if untranslated."""
    text = tr(key)
    return str(fallback) if text == key else text
