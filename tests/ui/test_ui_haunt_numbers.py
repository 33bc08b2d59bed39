"""The admin menu's haunt numbers page in a real window (issue 16 item 2): the operator corrects a printed
haunt's number by touch; kept in the data directory, it is given to the next game's config (so its log
carries it), and drives what the table enforces; bad saved values are dropped when the settings load."""

from __future__ import annotations

import json

from hauntable.kiosk.settings import checked_haunt_numbers


def open_haunt(h, label: str) -> None:
    h.tap_text("Admin")
    for digit in "1234":
        h.tap_text(digit)
    h.tap_text("OK")
    h.tap_text("Haunt numbers")
    found = h.find(label)
    scroller = found.parent
    while scroller is not None and not hasattr(scroller, "scroll_to"):
        scroller = scroller.parent
    scroller.scroll_to(found, animate=False)  # the list is longer than the screen: scroll to it
    h.frames(3)
    h.tap(found)


def test_the_operator_corrects_a_haunts_number_and_the_next_game_carries_it(make_app, tmp_path):
    data = tmp_path / "data"
    h = make_app(data_dir=str(data))
    open_haunt(h, "26  Pay the Piper")
    assert "ritual: as read 5 if players <= 4 else 4 (at a table of four: 5)" in h.texts()
    h.tap(h.find(name="haunt-ritual-1"))
    h.tap(h.find(name="haunt-ritual-1"))
    assert "this table: 3" in h.texts()
    saved = json.loads((data / "admin-settings.json").read_text())["haunt_numbers"]
    assert saved == {"26": {"ritual": 3}}
    h.tap_text("All haunts")
    assert "26  Pay the Piper  (corrected)" in h.texts()
    h.close()
    again = make_app(data_dir=str(data))  # switched off and on: the correction holds
    assert again.app.controller.choices.haunt_numbers == {"26": {"ritual": 3}}
    error = again.app.controller.start_game([("Ann", "zoe"), ("Ben", "ox"), ("Cy", "vivian")])
    assert error is None
    assert again.app.controller.channel.step.state.config.haunt_numbers == {"26": {"ritual": 3}}
    again.close()


def test_saved_corrections_are_checked_as_the_haunt_files_are():
    assert checked_haunt_numbers({"26": {"ritual": 3, "nonsense": 2, "target": 500}, "99": {"x": 1}}) == {
        "26": {"ritual": 3}
    }
    assert checked_haunt_numbers([1, 2]) == {}
