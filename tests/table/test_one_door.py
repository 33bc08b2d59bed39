"""One door from the table to the game (issue 15 item 6): a tap, a tile laid on a reader and a roll from
the tower each reach the session through the game's channel, once, and the referee re-aims its readers
and LEDs once per accepted input, whoever made it."""

from __future__ import annotations

import pytest

from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import Move
from hauntable.table.referee import Referee
from hauntable.table.registry import TagRegistry
from hauntable.ui.controller import TableController, UiSettings
from hauntable.ui.simulator import tag_uid
from viewkit import RecordingView

PLAYERS = [("Ann", "zoe"), ("Ben", "ox"), ("Cy", "vivian")]


@pytest.fixture
def counted(monkeypatch):
    """Calls of Referee.refresh, counted."""
    calls = []
    real = Referee.refresh

    def refresh(self):
        calls.append(self)
        real(self)

    monkeypatch.setattr(Referee, "refresh", refresh)
    return calls


def live_table(tmp_path) -> tuple[TableController, RecordingView]:
    view = RecordingView()
    settings = UiSettings(data_dir=str(tmp_path), table="live", backend="mock")
    c = TableController(view, settings, seed=3, today="11-30")
    with TagRegistry(c.registry_path()) as registry:
        for name in load_content().room_tiles():
            registry.enrol(tag_uid("tile", name), "tile", name)
    c.start_game(PLAYERS)
    return c, view


def test_a_tap_and_a_tile_laid_on_a_reader_each_refresh_the_referee_once(tmp_path, counted):
    c, view = live_table(tmp_path)
    try:
        steps = []
        c.channel.bind(on_step=steps.append)
        counted.clear()
        c.submit(Move("E"), c.channel.seq)  # a tap
        assert len(steps) == 1 and len(counted) == 1
        counted.clear()
        c.live_table.backend.reader("ground:4,0").place(tag_uid("tile", "Creaky Hallway"))
        assert view.run_jobs_until(lambda: "Creaky Hallway" in c.channel.step.state.house)
        assert len(steps) == 2  # the placement reached the channel's listeners once
        assert len(counted) == 1, f"Referee.refresh ran {len(counted)} times for one tile laid"
    finally:
        c.close()


def test_a_tile_laid_beyond_a_door_is_a_move_and_a_placement_each_through_the_channel(tmp_path, counted):
    c, view = live_table(tmp_path)
    try:
        steps = []
        c.channel.bind(on_step=steps.append)
        counted.clear()
        c.live_table.backend.reader("ground:4,0").place(tag_uid("tile", "Creaky Hallway"))
        assert view.run_jobs_until(lambda: "Creaky Hallway" in c.channel.step.state.house)
        assert [s.state.seq for s in steps] == [steps[0].state.seq, steps[0].state.seq + 1]
        assert len(counted) == 2  # one per accepted input
        assert c.channel.history[-2:] == steps
    finally:
        c.close()
