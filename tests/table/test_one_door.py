"""One door from the table to the game (issue 15 item 6): a tap, a tile laid on a reader and a roll from
the tower each reach the session through the game's channel, once, and the referee re-aims its readers
and LEDs once per accepted input, whoever made it."""

from __future__ import annotations

import pytest

from hauntable.games.betrayal import GameConfig
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import EndTurn, Move
from hauntable.session import Session
from hauntable.table.channel import NEW_TURN_CODE, TURN_GUARD, Channel
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


def test_a_tap_right_after_the_turn_changed_is_refused_as_a_double_tap():
    """Issue 18 item 6: a second tap ~0.4 s after End turn ended the next player's turn unplayed. With a
    guard (the app's taps), a tap on the new turn's prompt within it is refused and changes nothing;
    after it, or without one (bots, scripts), the same tap is accepted."""
    now = [100.0]
    session = Session.new("betrayal", GameConfig.quick("zoe", "ox", "vivian", today="11-30"))
    channel = Channel(session, clock=lambda: now[0])
    first = session.step.state.turn.seat
    assert channel.submit(EndTurn(), channel.seq, guard=TURN_GUARD) is not None
    second = session.step.state.turn.seat
    assert second != first and channel.turn_began == (channel.seq, 100.0)
    now[0] += 0.4
    seq = channel.seq
    assert channel.submit(EndTurn(), seq, guard=TURN_GUARD) is None
    assert channel.last_refusal is not None and channel.last_refusal.code == NEW_TURN_CODE
    assert channel.seq == seq and session.step.state.turn.seat == second
    now[0] += TURN_GUARD
    assert channel.submit(EndTurn(), seq, guard=TURN_GUARD) is not None
    assert session.step.state.turn.seat not in (first, second)
    now[0] += 0.1
    assert channel.submit(EndTurn(), channel.seq) is not None  # no guard: a scripted game's input
