"""The Geisterstunde screen in a real Kivy window, driven by taps; assertions on the words a player reads."""

from __future__ import annotations

from hauntable.games.geisterstunde.content import load_content
from hauntable.ui.widgets.prompt import ChoiceButton

CONTENT = load_content()


def start(h, table: bool = False):
    h.tap(h.app.root.get_screen("attract").ids.geisterstunde)
    assert h.app.root.current == "ghostsetup"
    setup = h.app.root.get_screen("ghostsetup")
    h.tap(setup.ids.start_table if table else setup.ids.start)
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
    assert "The ghost lays 2 cards face down" in text
    assert "Ghost's cards: - + 2 face down" in text
    assert "Dragon" not in text.split("Ghost's cards")[1].splitlines()[0]
    assert "Seat 2: play keys, or skip and take a card" in text


def test_G2_2_an_impossible_plan_is_refused_by_its_rule_naming_no_card_and_changes_nothing(table_app):
    """The engine's sentence names the card ("Card 1 cannot be followed ... the Verlies"): on the shared
    screen only the rule's sentence is shown, which names no card and no German room."""
    h = table_app
    start(h)
    seq = h.app.controller.channel.seq
    lay(h, "tower")
    text = h.texts()
    assert "The ghost's path cannot follow that card: no neighbouring room shows its crest. (G2.2)" in text
    assert "Card 1" not in text and "Verlies" not in text
    assert h.app.controller.channel.last_refusal.sentence.startswith("Card 1 cannot be followed")  # the log's
    assert h.app.controller.channel.seq == seq


# the whole game by taps, from the attract screen to a winner, is test_ui_castle_secrets.py's twin game


def test_the_castle_screens_admin_button_leaves_a_kiosk_game_behind_the_pin_and_abandons_it(
    make_app, tmp_path
):
    """Issue 18: the castle had no Admin button, so in kiosk mode a Geisterstunde game could not be left."""
    from hauntable.gamelog import ABANDONED, GameLog

    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(log=log, kiosk=True)
        start(h)
        game_id = h.app.controller.channel.session.game_id
        h.tap(h.app.root.get_screen("castle").ids.admin)
        assert h.app.root.current == "admin"
        assert "Abandon the game" not in h.texts()  # behind the PIN
        for digit in "1234":
            h.tap_text(digit)
        h.tap_text("OK")
        h.tap_text("Back to the game")
        assert h.app.root.current == "castle" and "lay 1 to 4 crest cards" in h.texts()
        h.tap(h.app.root.get_screen("castle").ids.admin)
        for digit in "1234":
            h.tap_text(digit)
        h.tap_text("OK")
        h.tap_text("Abandon the game")
        assert h.app.root.current == "attract" and h.app.controller.channel is None
        assert log.game(game_id).status == ABANDONED


def test_the_castle_screen_speaks_german(make_app):
    h = make_app(language="de")
    start(h)
    text = h.texts()
    assert "Platz 1 (Gespenst): 1 bis 4 Wappenkarten verdeckt auslegen" in text
    assert "Schatzkammer" in text and "Lilie" in text and "Verlies" in text
    lay(h, "lily")
    assert "Das Gespenst legt 1 Karte verdeckt aus" in h.texts()
    assert any(f"{c} Schlüssel" in h.texts() for c in ("Roter", "Grüner", "Blauer"))


def tap_room(h, room: str) -> None:
    board = h.app.root.get_screen("castle").ids.board
    r = CONTENT.rooms.get(room)
    row, col = (r.row, r.col) if r else (-1, 2)  # the Verlies sits above the treasury
    x, y, s = board.room_rect(row, col)
    h.tap(pos=board.to_window(x + s / 2, y + s / 2))


def test_G3_on_the_simulated_table_taps_move_figures_and_a_wall_is_named(table_app):
    h = table_app
    start(h, table=True)
    assert h.app.controller.castle_table is not None
    lay(h, "lily")  # laid face down on plan slot 1, then confirmed
    assert h.app.controller.channel.step.state.plan == ("lily",)
    seq = h.app.controller.channel.seq
    tap_room(h, "13")  # Seat 2 through a wall
    assert "No door leads from Treasury to room 13 (G3.2): put Seat 2's figure back in Treasury" in h.texts()
    assert "Schatzkammer" not in h.texts()  # the referee's English names the room as the screen does
    assert h.app.controller.channel.seq == seq
    tap_room(h, "02")
    assert "Seat 2's figure is back" in h.texts()
    state = h.app.controller.channel.step.state
    colour = next(
        c for c, to in CONTENT.rooms["02"].doors.items() if any(k.startswith(c) for k in state.hands[1])
    )
    tap_room(h, CONTENT.rooms["02"].doors[colour])  # through a door whose key Seat 2 holds
    assert h.app.controller.channel.seq == seq + 1
    assert f"Seat 2 opens the {colour} door" in h.texts()


def test_G5_1_on_the_simulated_table_the_ghost_figure_tapped_to_its_room_turns_the_card_over(table_app):
    h = table_app
    start(h, table=True)
    lay(h, "lily")
    while h.app.controller.channel.step.awaiting.kind != "reveal":
        h.tap(next(w for w in h.walk() if isinstance(w, ChoiceButton) and w.inp.kind in ("skip", "discard")))
    tap_room(h, "12")  # not where the lily leads
    assert "The ghost floats only as its cards are turned over (G5.1)" in h.texts()
    tap_room(h, "dungeon")
    tap_room(h, "02")
    assert "The ghost turns over the Lily and floats into Treasury" in h.texts()
    assert h.app.controller.channel.step.awaiting.kind == "victim"


def test_G1_the_set_up_seats_two_to_four_names_the_first_ghost_and_sets_house_rules(table_app):
    h = table_app
    h.tap(h.app.root.get_screen("attract").ids.geisterstunde)
    setup = h.app.root.get_screen("ghostsetup")
    h.tap_text("Add a seat")
    fields = [w for w in h.walk() if w.__class__.__name__ == "TextInput"]
    assert len(fields) == 4
    fields[0].text = "Ada"
    fields[1].text = "Ada"
    h.tap(setup.ids.start)
    assert "Every player needs a name, and no two the same." in h.texts()  # the engine's sentence
    fields[1].text = "Bo"
    h.tap(h.find(name="ghost-2"))
    h.tap(h.find(name="rule-impossible_plan-stop"))
    h.tap(setup.ids.start)
    state = h.app.controller.channel.step.state
    assert state.config.players == ("Ada", "Bo", "Seat 3", "Seat 4") and state.ghost == 2
    assert state.config.house_rules.impossible_plan == "stop"
    assert "Seat 3 (ghost): lay 1 to 4 crest cards face down" in h.texts()


def test_G3_2_the_simulated_tables_referee_speaks_the_tables_language(make_app):
    h = make_app(language="de")
    start(h, table=True)
    lay(h, "lily")
    seq = h.app.controller.channel.seq
    tap_room(h, "13")  # Seat 2 through a wall: refused, the figure must go back
    said = h.app.root.get_screen("castle").table_message
    assert "keine Tür" in said and "(G3.2)" in said and "zurück" in said and "Schatzkammer" in said
    assert "No door" not in h.texts() and h.app.controller.channel.seq == seq
    tap_room(h, "02")
    assert h.app.root.get_screen("castle").table_message == "Die Figur von Platz 2 ist zurück"


def test_every_geisterstunde_outcome_has_its_words_in_the_catalogs():
    """An outcome code without a ``gs.*`` entry shows the engine's English in every language ("Platz 3 has
    four keys" on a live table's deal): every code the rules say is worded."""
    import re
    from pathlib import Path

    from hauntable.ui import i18n

    rules = Path(__file__).parents[2] / "app" / "hauntable" / "games" / "geisterstunde"
    said = re.compile(r'(?:say\(\s*out,\s*f?"[^"]*",|Outcome\(\s*f?"[^"]*",)\s*"([a-z_]+\.[a-z_.]+)"', re.S)
    codes = {code for path in rules.glob("*.py") for code in said.findall(path.read_text())}
    assert {"deal.done", "deal.swap", "runner.key", "round.end"} <= codes
    for lang in i18n.LANGUAGES:
        missing = sorted(c for c in codes if f"gs.{c}" not in i18n.catalog(lang))
        assert not missing, (lang, missing)


def test_G3_2_a_tap_while_a_figure_is_astray_on_the_simulated_table_waits_for_it(table_app):
    """The readers pause play while a figure stands where the game does not have it; taps wait too."""
    h = table_app
    start(h, table=True)
    lay(h, "lily")
    seq = h.app.controller.channel.seq
    tap_room(h, "13")  # Seat 2 through a wall: astray
    skip = next(w for w in h.walk() if isinstance(w, ChoiceButton) and w.inp.kind == "skip")
    h.tap(skip)
    assert h.app.controller.channel.seq == seq
    assert "Play waits for the table: put the figure back first." in h.texts()
    tap_room(h, "02")
    h.tap(next(w for w in h.walk() if isinstance(w, ChoiceButton) and w.inp.kind == "skip"))
    assert h.app.controller.channel.seq > seq
