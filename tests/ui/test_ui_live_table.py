"""Betrayal on a live table in the real app window: the readers (the mock backend at a real table's pace)
are scanned in their thread, the referee runs on Kivy's thread, and a tag laid by hand becomes a logged
placement; no simulator button is shown, the prompt tells the players to use their hands, the referee's
refusals appear under the prompt, and a backend that cannot start is named on screen while the simulator
panel stands in (issue 5: what the app plays on at the table)."""

from __future__ import annotations

import time

import pytest

from hauntable.gamelog import GameLog
from hauntable.games.betrayal.content import load_content
from hauntable.table.registry import TagRegistry
from hauntable.ui.simulator import tag_uid

CONTENT = load_content()


def enrol_every_tile(h) -> None:
    """What the admin menu's "Enrol tags" did for this table's tiles (the simulator's sticker UIDs)."""
    with TagRegistry(h.app.controller.registry_path()) as registry:
        for name in CONTENT.room_tiles():
            registry.enrol(tag_uid("tile", name), "tile", name)


def frames_until(h, done, seconds: float = 5.0) -> bool:
    """Draw frames (which run what the scanner thread posted) until ``done()`` or the time is up."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            return False
        h.frames(1)
    return True


def test_a_tile_laid_on_a_live_table_is_read_placed_and_logged_with_no_simulator(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(seed=3, log=log, table="live", backend="mock")
        enrol_every_tile(h)
        h.tap_text("Touch to play")
        h.tap_text("Start the game")
        assert h.app.controller.live_table is not None and h.app.controller.simulator is None
        h.tap(h.find("Go East\n?"))
        assert "Lay the new tile on the lit cell of the table." in h.texts()
        with pytest.raises(LookupError):
            h.find(name="sim-tile")  # no simulated hands on a live table

        readers = h.app.controller.live_table.backend
        readers.reader("ground:0,0").place(tag_uid("tile", "Chapel"))  # not the cell the explorer opened
        assert frames_until(h, lambda: bool(h.app.controller.table_notice()))
        assert h.app.controller.table_notice() == "Lay the tile at ground 4,0, beyond the door that was used."
        assert "Chapel" not in h.app.controller.channel.step.state.house
        h.frames(2)
        assert "Lay the tile at ground 4,0" in h.texts()  # under the prompt
        readers.reader("ground:0,0").lift(tag_uid("tile", "Chapel"))

        readers.reader("ground:4,0").place(tag_uid("tile", "Creaky Hallway"))
        assert frames_until(h, lambda: "Creaky Hallway" in h.app.controller.channel.step.state.house)
        placed = h.app.controller.channel.step.state.house["Creaky Hallway"]
        assert (placed.floor, placed.x, placed.y) == ("ground", 4, 0)
        h.frames(3)
        assert "Creaky Hallway" in h.texts()  # the outcome on screen: the catch-up reached the listeners
        row = log.inputs(h.app.controller.channel.session.game_id)[-1]
        assert row.kind == "place" and row.source == "table:ground:4,0"


def test_B3_2_a_tile_laid_beyond_a_door_with_the_explorers_figure_set_on_it_in_one_motion_is_the_move(
    make_app,
):
    """The table's registry holds the castle's figures; Betrayal reads none (moves are tapped). Zoe's
    figure, taken from the Entrance Hall where another figure stands, set on the Creaky Hallway as it is
    laid beyond the east door: read together (a stack of tags), the tile is still the move and the
    placement, and no "stacked" is told."""
    h = make_app(seed=3, table="live", backend="mock")
    enrol_every_tile(h)
    figures = [tag_uid("figure", str(seat)) for seat in (1, 2)]
    with TagRegistry(h.app.controller.registry_path()) as registry:
        registry.enrol(tag_uid("tile", "Entrance Hall"), "tile", "Entrance Hall")
        for seat, uid in enumerate(figures, 1):
            registry.enrol(uid, "figure", str(seat))
    h.tap_text("Touch to play")
    h.tap_text("Start the game")
    live = h.app.controller.live_table
    readers, scanner = live.backend, live.table.scanner
    hall = [tag_uid("tile", "Entrance Hall"), *figures]
    for uid in hall:
        readers.reader("ground:3,0").place(uid)
    assert frames_until(h, lambda: scanner.present("ground:3,0") == set(hall), 10)
    readers.reader("ground:4,0").place(tag_uid("tile", "Creaky Hallway"))
    readers.reader("ground:3,0").lift(figures[0])
    readers.reader("ground:4,0").place(figures[0])
    state = lambda: h.app.controller.channel.step.state  # noqa: E731
    assert frames_until(h, lambda: state().current.room == "Creaky Hallway"), h.app.controller.table_notice()
    assert state().house["Creaky Hallway"].x == 4
    assert frames_until(h, lambda: figures[0] not in scanner.present("ground:3,0"), 10)
    assert "stacked" not in (h.app.controller.table_notice() or "")
    assert "Creaky Hallway" in h.texts()


def test_a_live_table_whose_readers_cannot_start_says_why_and_the_simulator_stands_in(make_app):
    h = make_app(seed=3, table="live", backend="pi")  # no spidev on this machine: the pi backend fails
    h.tap_text("Touch to play")
    with pytest.warns(RuntimeWarning, match="table backend 'pi' failed"):
        h.tap_text("Start the game")
    assert h.app.controller.live_table is None and h.app.controller.simulator is not None
    assert h.app.controller.table_notice().startswith("The table's readers are not working")
    h.tap(h.find("Go East\n?"))
    assert h.find(name="sim-tile")  # the simulator panel's hands instead


def test_the_table_is_live_on_the_pi_backend_and_simulated_on_the_mock():
    from hauntable.ui.live_table import table_kind

    assert table_kind(None, "pi", None) == "live" and table_kind(None, "mock", None) == "simulated"
    assert table_kind("simulated", "pi", None) == "simulated" and table_kind("live", "mock", None) == "live"
    with pytest.raises(ValueError, match="unknown table"):
        table_kind("virtual", "mock", None)


def test_the_admin_self_test_during_a_live_game_checks_the_games_own_readers(make_app, tmp_path):
    """Issue 21: the self-test opened a second backend on the game's pins ("pin in use") and the page
    stayed on "running". Now it reads the game's backend while the scanner waits, and says what it left."""
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(seed=3, log=log, table="live", backend="mock")
        h.tap_text("Touch to play")
        h.tap_text("Start the game")
        live = h.app.controller.live_table
        assert live is not None
        h.tap_text("Admin")
        for d in "1234":
            h.tap_text(d)
        h.tap_text("OK")
        h.tap_text("Hardware self-test")
        admin = h.app.root.get_screen("admin")
        assert frames_until(h, lambda: admin.selftest_rows is not None, 20)
        text = h.texts()
        assert "reference on the mock backend: 167 devices, 0 faults" in text  # 166 readers + the tower
        assert "Checked during a game: the game's own readers." in text
        assert (
            h.app.controller.live_table is live and live.table.scanner._thread is not None
        )  # the game reads on
