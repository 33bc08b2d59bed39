"""The on-screen keyboard for names (issue 18 item 9): in kiosk mode, with no keyboard on the table, the
players type their names by taps instead of playing as "Player 1-4"; the letters follow the language."""

from __future__ import annotations

from hauntable.ui.widgets.namekeys import NameKeys, typed


def name_field(h, seat: int):
    return next(w for w in h.walk() if getattr(w, "name", None) == f"name-{seat}")


def test_typing_capitalises_each_word_and_backspace_takes_one_off():
    text = ""
    for key in ("A", "N", "N", "space", "L", "E", "E", "backspace", "backspace", "backspace"):
        text = typed(text, key)
    assert text == "Ann "
    assert typed("x" * 16, "Y") == "x" * 16  # at most 16 letters


def test_a_name_typed_on_the_screen_keyboard_is_the_players_name(make_app):
    h = make_app(kiosk=True)
    h.tap_text("Touch to play")
    setup = h.app.root.get_screen("setup")
    h.tap(name_field(h, 0))  # a finger on seat 1's name
    assert setup.keys is not None and setup.typing == 0
    for _ in range(len("Player 1")):
        h.tap(h.find(name="key-backspace"))
    for letter in "ANN":
        h.tap(h.find(name=f"key-{letter}"))
    h.tap(h.find(name="key-space"))
    h.tap(h.find(name="key-O"))
    h.tap(h.find(name="keys-done"))
    assert setup.keys is None
    h.tap_text("Start the game")
    assert h.app.root.current == "play"
    assert h.app.controller.channel.step.state.explorers[0].player == "Ann O"


def test_the_keys_follow_the_tables_language(make_app):
    h = make_app()
    h.tap_text("Touch to play")
    h.tap_text("Русский")
    setup = h.app.root.get_screen("setup")
    h.tap(name_field(h, 1))
    keys = next(w for w in h.walk() if isinstance(w, NameKeys))
    letters = {getattr(w, "text", "") for w in keys.walk()}
    assert {"Й", "Ж", "Ё", "Пробел", "Готово"} <= letters
    h.tap(h.find(name="key-backspace"))
    assert setup.names[1] == "Player "
    h.app.controller.set_language("en")
