"""The Geisterstunde screen in a real Kivy window, driven by taps; assertions on the words a player reads."""

from __future__ import annotations

from hauntable.games.geisterstunde.content import load_content
from hauntable.ui.widgets.prompt import ChoiceButton

CONTENT = load_content()


def start(h):
    h.tap(h.app.root.get_screen("attract").ids.geisterstunde)
    assert h.app.root.current == "castle"


def lay(h, *crests: str) -> None:
    for crest in crests:
        h.tap(h.find(name=f"crest-{crest}"))
    h.tap(h.find(name="plan-lay"))


def test_G2_the_ghost_lays_its_plan_on_the_pad_and_the_screen_shows_only_how_many(table_app):
    h = table_app
    start(h)
    assert "Seat 1 (ghost): lay 1 to 4 crest cards face down" in h.texts()
    assert "Ghost: Seat 1 (Dungeon)" in h.texts()
    lay(h, "lily", "dragon")
    text = h.texts()
    assert "The ghost lays 2 card(s) face down" in text
    assert "Ghost's cards: - + 2 face down" in text
    assert "Dragon" not in text.split("Ghost's cards")[1].splitlines()[0]
    assert "Seat 2: play keys, or skip and take a card" in text


def test_G2_2_an_impossible_plan_shows_the_engines_sentence_and_changes_nothing(table_app):
    h = table_app
    start(h)
    seq = h.app.channel.seq
    lay(h, "tower")
    assert "Card 1 cannot be followed: no room next to the Verlies shows its crest." in h.texts()
    assert h.app.channel.seq == seq


def test_G5_G6_G7_a_whole_game_by_taps_reveals_card_by_card_and_ends_with_a_winner(table_app):
    h = table_app
    start(h)
    reveals = catches = 0
    for _ in range(3000):
        state = h.app.channel.step.state
        if state.awaiting is None:
            break
        if state.awaiting.kind == "plan":
            lay(h, *CONTENT.plans[state.rooms[state.ghost]][(state.seq * 7) % 5])
            continue
        buttons = [w for w in h.walk() if isinstance(w, ChoiceButton)]
        assert buttons, h.texts()
        if state.awaiting.kind == "reveal":
            reveals += 1
            assert f"turn over card {state.awaiting.card} of {state.awaiting.of}" in h.texts()
        if state.awaiting.kind == "victim":
            catches += 1
        # prefer playing keys, so a game ends in few taps
        keys = [b for b in buttons if b.inp.kind == "key"]
        h.tap((keys or buttons)[state.seq % len(keys or buttons)], frames=1)
    state = h.app.channel.step.state
    assert state.winner is not None
    assert f"{state.config.players[state.winner]} escapes and wins!" in h.texts()
    assert reveals > 0
    h.tap_text("New game")
    assert h.app.root.current == "attract"


def test_the_castle_screen_speaks_german(make_app):
    h = make_app(language="de")
    start(h)
    text = h.texts()
    assert "Platz 1 (Gespenst): 1 bis 4 Wappenkarten verdeckt auslegen" in text
    assert "Schatzkammer" in text and "Lilie" in text and "Verlies" in text
    lay(h, "lily")
    assert "Das Gespenst legt 1 Karte(n) verdeckt aus" in h.texts()
    assert any(f"{c} Schlüssel" in h.texts() for c in ("Roter", "Grüner", "Blauer"))
