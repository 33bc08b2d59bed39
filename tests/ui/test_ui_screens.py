"""Screens in a real Kivy window, driven by taps; assertions are on the words a player reads."""

from __future__ import annotations

from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal.prompts import ChooseRotation
from hauntable.kiosk.pin import PinStore
from hauntable.ui import demo
from hauntable.ui.widgets.prompt import ChoiceButton


def start(h):
    h.tap_text("Touch to play")
    h.tap_text("Start the game")
    assert h.app.root.current == "play"


def show(h, seed: int, steps: int, stop=None):
    channel, sim = demo.game_at(seed, steps, 4, stop)
    h.app.controller.take_over(channel, sim)
    h.app.refresh()
    h.frames(3)


def test_languages_switch_every_string_on_the_attract_screen(table_app):
    h = table_app
    h.tap_text("Deutsch")
    assert "Zum Spielen berühren" in h.texts()
    h.tap_text("中文")
    assert "触摸开始游戏" in h.texts()
    h.tap_text("Русский")
    assert "Коснитесь, чтобы играть" in h.texts()


def test_a_stale_tap_is_refused_at_the_seat(table_app):
    h = table_app
    start(h)
    old = next(b for b in h.walk() if isinstance(b, ChoiceButton) and b.text.startswith("Go North"))
    h.tap(old)  # accepted: the prompt is rebuilt for the new seq
    old.dispatch("on_release")  # the same, now stale, button fires again (a queued double tap)
    h.frames(2)
    assert "That choice was for an earlier moment of the game" in h.texts()


def test_a_tile_laid_on_the_wrong_cell_shows_the_engines_sentence(table_app):
    h = table_app
    start(h)
    h.tap(h.find("Go East\n?"))
    assert "Lay a Ground floor tile on the lit cell" in h.texts()
    ground = h.app.root.get_screen("play").ids.ground
    wrong = next(c for c in ground.model.doorways if c not in ground.model.offered)
    h.tap(pos=ground.to_window(*ground.cell_center(*wrong)))  # the tag lands on that cell's mock reader
    x, y = ground.model.offered[0]
    assert f"Lay the tile at ground {x},{y}" in h.texts()  # the referee shows the engine's sentence
    h.tap(pos=ground.to_window(*ground.cell_center(x, y)))
    assert "Lay the tile at" not in h.texts()


def test_dice_entered_by_hand_are_rolled_with_source_hand(table_app):
    h = table_app
    show(h, 5, 400, lambda p: isinstance(p, RollDice))
    dice = h.app.controller.channel.step.awaiting.dice
    pad = [b for b in h.walk() if getattr(b, "text", None) == "0"][:dice]
    h.tap(pad[0])
    h.tap(pad[0])  # 0 -> 1 -> 2
    h.tap_text("Enter these dice")
    assert "= 2 (" in h.texts() and ", by hand)" in h.texts()  # the source in words


def test_an_unplugged_tower_asks_for_dice_by_hand(table_app):
    h = table_app
    show(h, 5, 400, lambda p: isinstance(p, RollDice))
    seq = h.app.controller.channel.seq
    h.tap_text("Unplug / plug tower")
    h.tap_text("Throw into the tower")
    assert "The dice tower is unplugged: enter the dice by hand." in h.texts()
    assert h.app.controller.channel.seq == seq
    h.tap_text("Unplug / plug tower")
    h.tap_text("Throw into the tower")
    assert h.app.controller.channel.seq > seq and ", virtual dice)" in h.texts()  # the simulated tower


def test_rotation_choices_name_the_doors_and_turn_the_tile(table_app):
    h = table_app
    show(h, 7, 400, lambda p: isinstance(p, ChooseRotation))
    tile = h.app.controller.channel.step.awaiting.tile
    assert f"turn the {tile}" in h.texts()
    h.tap(h.find("Turn ", contains=True))
    assert tile in h.app.controller.channel.step.state.house and "turn the" not in h.texts()


def test_set_up_seats_six_and_refuses_two_sides_of_one_card(table_app):
    h = table_app
    h.tap_text("Touch to play")
    for _ in range(4):
        h.tap_text("Add a seat")
    assert "Seat 6" in h.texts()
    h.tap_text("Remove a seat")
    assert "Seat 6" not in h.texts()
    h.tap(h.find(name="char-missy"))  # seat 1: Missy, the other side of Zoe's card...
    h.tap(h.find(name="char-zoe"))  # ...seat 2: Zoe
    h.tap_text("Start the game")
    assert "two sides of one card" in h.texts() and h.app.root.current == "setup"


def test_the_admin_menu_needs_the_pin_and_turns_seats(table_app):
    h = table_app
    h.tap_text("Admin")
    for d in "99":
        h.tap_text(d)
    h.tap_text("OK")
    assert "Wrong PIN: 4 tries left." in h.texts() and "Quit to desktop" not in h.texts()
    for d in "1234":
        h.tap_text(d)
    h.tap_text("OK")
    assert "Quit to desktop" in h.texts()
    h.tap_text("Seat 2 faces 0°")
    assert "Seat 2 faces 90°" in h.texts() and h.app.controller.settings.seat_angles[1] == 90


def test_a_logged_game_resumes_from_the_admin_menu(make_app, tmp_path):
    from hauntable.gamelog import GameLog

    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(log=log)
        start(h)
        h.tap(h.find("Go East\n?"))
        h.tap_text("Lay next tile")
        seq = h.app.controller.channel.seq
        h.close()  # the table loses power mid-game
        h = make_app(log=log)
        h.tap_text("Admin")
        for d in "1234":
            h.tap_text(d)
        h.tap_text("OK")
        h.tap_text("Resume the last unfinished game")
        assert h.app.root.current == "play" and h.app.controller.channel.seq == seq
        assert "Vivian Lopez (Player 3)" in h.texts()


def test_idle_with_no_game_returns_to_the_attract_screen(table_app):
    h = table_app
    h.tap_text("Touch to play")
    h.app.controller.settings.idle_seconds = 0
    h.app.last_touch -= 1
    h.app._check_idle()
    h.frames(1)
    assert "Touch to play" in h.texts()


def test_a_card_drawn_is_revealed_by_name(table_app):
    h = table_app
    show(h, 5, 400, lambda p: p.kind == "card")
    h.tap_text("Card on draw pad")
    drawn = [o for o in h.app.controller.channel.history[-1].outcomes if o.code.startswith("card.")]
    assert drawn, "the simulator's card was not accepted"
    name = dict(drawn[0].params)["card"]
    assert any(
        line.startswith(("Omen: ", "Item: ", "Event: ")) and name in line for line in h.texts().splitlines()
    )


def test_a_prompt_turned_toward_a_side_seat_still_takes_taps(table_app):
    h = table_app
    start(h)
    h.app.controller.settings.seat_angles = [90] * 6
    h.app.refresh()
    h.frames(3)
    seq = h.app.controller.channel.seq
    button = h.find("Go North\nFoyer")
    h.tap(button)  # to_window goes through the Scatter's rotation, as a finger at that seat would
    assert h.app.controller.channel.seq == seq + 1 and "moves to the Foyer" in h.texts()


def test_first_run_asks_for_a_new_admin_pin_then_it_can_be_changed(make_app, tmp_path):
    h = make_app(pin_file=str(tmp_path / "admin-pin.json"))
    h.tap_text("Admin")
    assert "No admin PIN yet: choose one (4 to 8 digits)" in h.texts()
    for d in "12":
        h.tap_text(d)
    h.tap_text("OK")
    assert "A PIN is 4 to 8 digits." in h.texts() and "Quit to desktop" not in h.texts()
    for d in "2468":
        h.tap_text(d)
    h.tap_text("OK")
    assert "PIN saved." in h.texts() and "Quit to desktop" in h.texts()
    assert "2468" not in (tmp_path / "admin-pin.json").read_text()
    h.tap_text("Change the PIN")
    assert "Type the new PIN (4 to 8 digits)" in h.texts()
    for d in "9753":
        h.tap_text(d)
    h.tap_text("OK")
    assert PinStore(tmp_path / "admin-pin.json").check("9753").ok


def test_repeated_wrong_pins_lock_the_admin_menu(table_app):
    h = table_app
    h.tap_text("Admin")
    for _ in range(5):
        for d in "99":
            h.tap_text(d)
        h.tap_text("OK")
    assert "Too many wrong PINs: try again in 60 s." in h.texts()
    for d in "1234":
        h.tap_text(d)
    h.tap_text("OK")
    assert "Quit to desktop" not in h.texts()


def test_a_start_up_notice_shows_on_the_attract_screen(table_app):
    h = table_app
    h.app.controller.notice = (
        "The game log table.sqlite3 was damaged and has been set aside as table.sqlite3.damaged-X"
    )
    h.app.changed()
    h.frames()
    assert "set aside as table.sqlite3.damaged-X" in h.texts()


def test_a_german_table_reads_a_refused_tile_in_german(table_app):
    """The referee passes on the engine's refusal of a tile laid on the wrong cell; a German table reads
    the rule's German sentence with its id, not the engine's English one."""
    h = table_app
    h.tap_text("Deutsch")
    h.tap_text("Zum Spielen berühren")
    h.tap_text("Spiel starten")
    h.tap(h.find("Nach Osten\n?"))
    ground = h.app.root.get_screen("play").ids.ground
    wrong = next(c for c in ground.model.doorways if c not in ground.model.offered)
    h.tap(pos=ground.to_window(*ground.cell_center(*wrong)))
    text = h.texts()
    assert (
        "Lege das Plättchen hinter die benutzte Tür, so gedreht, dass die Türen zusammentreffen. (B3.2)"
        in text
    )
    assert "Lay the tile at" not in text


def test_H7_1_a_book_mode_monster_gets_its_traits_by_touch(table_app):
    """Book mode's "new monster" opens a pad: the book's Speed and Might entered with + and -, then placed;
    the engine gets them as the terminal's ``monster NAME ROOM speed=2 might=5`` would give them."""

    from hauntable.games.betrayal.inputs import PlaceMonster

    h = table_app
    channel, sim = demo.book_monster_game()
    h.app.controller.take_over(channel, sim)
    h.app.go("play")
    h.frames(3)
    assert "Haunt tools" in h.texts() and "New monster" not in h.texts()  # the tools: one button
    h.tap_text("Haunt tools")
    new = next(b for b in h.walk() if isinstance(b, ChoiceButton) and isinstance(b.inp, PlaceMonster))
    room = new.inp.room
    assert new.text == f"New monster Monster 1\nin the {room}"
    assert "The heroes claim victory" in h.texts() and "claim heroes" not in h.texts()
    h.tap(new)
    assert f"New monster Monster 1 in the {room}: its traits from the haunt book" in h.texts()
    for _ in range(2):
        h.tap(h.find(name="monster-speed-plus"))
    for _ in range(6):
        h.tap(h.find(name="monster-might-plus"))
    h.tap(h.find(name="monster-might-minus"))
    h.tap(h.find(name="monster-place"))
    monster = h.app.controller.channel.step.state.haunt.monsters["Monster 1"]
    assert monster.room == room and monster.speed == 2 and monster.might == 5
    assert not monster.sanity and not monster.knowledge
    assert f"Monster 1 appears in the {room}" in h.texts()


def test_the_explorer_panels_follow_a_language_change_mid_game(table_app):
    h = table_app
    start(h)
    assert "Speed 4" in h.texts()
    h.app.controller.set_language("de")  # the admin menu's language buttons, with the game running
    h.app.go("play")
    h.frames(3)
    text = h.texts()
    assert "Tempo 4" in text and "Speed 4" not in text
