"""The admin menu's castle board page in a real window (issue 18): the operator enters the printed board's
crests and door colours by touch, each change checked as the board data is at load; saved, it is kept in
the data directory, and the next Geisterstunde game (set up by taps) is played on it, after a restart too."""

from __future__ import annotations

import json

from hauntable.engine.rejections import ContentError
from hauntable.games.geisterstunde.content import BoardLayout, content_of, load_content

OURS = load_content()


def open_board_page(h) -> None:
    h.tap_text("Admin")
    for digit in "1234":
        h.tap_text(digit)
    h.tap_text("OK")
    h.tap_text("Castle board (Geisterstunde)")
    assert "In use: the proposed board." in h.texts()


def a_valid_door_change() -> tuple[str, str]:
    """A door whose colour can change alone and the board still holds (found with the loader itself)."""
    ours = BoardLayout.of(OURS)
    for key, colour in ours.doors:
        for other in OURS.colours:
            if other == colour:
                continue
            doors = {**dict(ours.doors), key: other}
            try:
                content_of(BoardLayout.make(dict(ours.crests), doors, dict(ours.exits)))
            except ContentError:
                continue
            return key, other
    raise AssertionError("no single door can change")


def test_G8_the_operator_enters_the_boards_doors_by_touch_and_the_next_game_is_played_on_it(
    make_app, tmp_path
):
    data = tmp_path / "data"
    h = make_app(data_dir=str(data))
    open_board_page(h)
    h.tap(h.find(name="board-room-12"))  # Dragon -> Lion: room 11 then has two lion neighbours
    text = h.texts()
    assert "Rooms 12 and 21 both show the Lion and both lie next to room 11" in text
    assert h.app.root.get_screen("admin").pages["board"].ids.save.disabled
    for _ in range(4):  # round the five crests, back to the Dragon
        h.tap(h.find(name="board-room-12"))
    assert "The board holds" in h.texts()

    key, colour = a_valid_door_change()
    order = [None, *OURS.colours]
    now = order.index(dict(BoardLayout.of(OURS).doors)[key])
    while order[now] != colour:
        h.tap(h.find(name=f"board-door-{key}"))
        now = (now + 1) % len(order)
    assert "The board holds" in h.texts()
    h.tap_text("Save: the next game is played on this board")
    assert "Saved: the next Geisterstunde game is played on this board." in h.texts()
    saved = json.loads((data / "admin-settings.json").read_text())["castle_board"]
    assert saved["doors"][key] == colour

    h.tap_text("< Back")
    h.app.go("attract")
    h.frames(2)
    h.tap(h.app.root.get_screen("attract").ids.geisterstunde)
    h.tap(h.app.root.get_screen("ghostsetup").ids.start)
    state = h.app.controller.channel.step.state
    assert state.config.board is not None and dict(state.config.board.doors)[key] == colour
    a = key.split("-")[0]
    model = h.app.root.get_screen("castle").ids.board.model
    room_a = next(r for r in model.rooms if r.id == a)
    assert colour in room_a.doors.values()  # the castle screen draws the table's door
    h.close()

    again = make_app(data_dir=str(data))  # the table switched off and on: the board holds
    assert again.app.controller.choices.castle_board == state.config.board


def test_G8_back_to_the_proposed_board(make_app, tmp_path):
    h = make_app(data_dir=str(tmp_path / "data"))
    open_board_page(h)
    key, _colour = a_valid_door_change()
    h.tap(h.find(name=f"board-door-{key}"))
    h.tap_text("Back to the proposed board")
    assert h.app.controller.choices.castle_board is None
    assert "In use: the proposed board." in h.texts()
    assert h.app.root.get_screen("admin").pages["board"].draft() == BoardLayout.of(OURS)
