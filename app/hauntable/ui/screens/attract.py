"""The attract screen: what the table shows at an event between games. A touch starts set-up."""

from __future__ import annotations

from kivy.uix.screenmanager import Screen

from hauntable.ui.i18n import LANGUAGE_NAMES, LANGUAGES


class AttractScreen(Screen):
    languages = LANGUAGES
    language_names = LANGUAGE_NAMES

    def refresh(self) -> None:
        """Everything here is bound in attract.kv to ``app.lang``."""
