"""An on-screen keyboard for the players' names (issue 18 item 9): a kiosk table has no keyboard, so
without one everyone played as "Player 1-4". Letters of the table's language (German with umlauts and ß,
Russian in Cyrillic; Chinese names are typed in pinyin), a capital at the start of each word, space,
backspace and Done. It types into a name by index through ``type_to``, not through a focused text field,
so a tap on a key never steals focus or depends on the platform's own keyboard."""

from __future__ import annotations

from collections.abc import Callable

from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button

from hauntable.ui.i18n import tr

MAX_NAME = 16
LATIN = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM-")
ROWS: dict[str, tuple[str, ...]] = {
    "en": LATIN,
    "zh": LATIN,  # pinyin
    "de": ("QWERTZUIOPÜ", "ASDFGHJKLÖÄ", "YXCVBNMß-"),
    "ru": ("ЙЦУКЕНГШЩЗХ", "ФЫВАПРОЛДЖЭ", "ЯЧСМИТЬБЮЁ-"),
}


def typed(text: str, key: str) -> str:
    """``text`` after one key: a letter (a capital only at the start of a word), space, or backspace."""
    if key == "backspace":
        return text[:-1]
    if key == "space":
        key = " "
    elif not text or text.endswith(" "):
        key = key.upper()
    else:
        key = key.lower() if key != "ß" else key
    return (text + key)[:MAX_NAME]


class NameKeys(BoxLayout):
    """The keys; ``type_to(key)`` gets each key ("backspace", "space" or a letter), ``done()`` the Done."""

    def __init__(self, lang: str, type_to: Callable[[str], object], done: Callable[[], object], **kwargs):
        super().__init__(orientation="vertical", spacing=4, padding=6, **kwargs)
        with self.canvas.before:
            Color(0.12, 0.11, 0.14, 0.97)
            self._bg = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._fit_bg, size=self._fit_bg)
        for letters in ROWS.get(lang, LATIN):
            row = BoxLayout(spacing=4)
            for letter in letters:
                row.add_widget(self._key(letter, letter, type_to))
            self.add_widget(row)
        last = BoxLayout(spacing=4)
        last.add_widget(self._key(tr("keys.space"), "space", type_to, size_hint_x=3))
        last.add_widget(self._key("←", "backspace", type_to, size_hint_x=1.2))
        ok = Button(text=tr("keys.done"), font_size=20, size_hint_x=1.6, background_color=(0.3, 0.6, 0.3, 1))
        ok.name = "keys-done"
        ok.bind(on_release=lambda *_: done())
        last.add_widget(ok)
        self.add_widget(last)

    @staticmethod
    def _key(label: str, key: str, type_to: Callable[[str], object], **kwargs) -> Button:
        b = Button(text=label, font_size=22, **kwargs)
        b.name = f"key-{key}"
        b.bind(on_release=lambda *_: type_to(key))
        return b

    def _fit_bg(self, *_args) -> None:
        self._bg.pos, self._bg.size = self.pos, self.size
