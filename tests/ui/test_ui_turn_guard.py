"""Issue 18 item 6 in a real window: a second tap ~0.4 s after End turn, where the next turn's End turn
button now stands, no longer ends that player's turn unplayed; a tap after the guard does."""

from __future__ import annotations

import time

from hauntable.table.channel import TURN_GUARD
from hauntable.ui.widgets.prompt import ChoiceButton


def end_turn_button(h) -> ChoiceButton:
    return next(b for b in h.walk() if isinstance(b, ChoiceButton) and b.inp.kind == "end")


def frames_for(h, seconds: float) -> None:
    """Let real time pass with the frame loop running, as the screen does between two taps."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        h.frames(1)
        time.sleep(0.01)


def test_a_double_tap_on_end_turn_does_not_end_the_next_players_turn(make_app):
    h = make_app(turn_guard=TURN_GUARD)
    h.tap_text("Touch to play")
    h.tap_text("Start the game")
    channel = h.app.controller.channel
    first = channel.step.state.turn.seat
    where = end_turn_button(h).to_window(*end_turn_button(h).center)
    tapped = time.monotonic()
    h.tap(pos=where, frames=0)
    second, seq = channel.step.state.turn.seat, channel.seq
    assert second != first
    frames_for(h, 0.4 - (time.monotonic() - tapped))
    new = end_turn_button(h)
    assert new.seq == seq  # the next turn's End turn is drawn, stamped for this turn ...
    assert new.collide_point(*new.to_widget(*where))  # ... under the finger
    assert time.monotonic() - tapped < TURN_GUARD, "the frames took too long to test a double tap"
    h.tap(pos=where)  # the second half of the double tap
    assert channel.seq == seq and channel.step.state.turn.seat == second
    assert "A new turn has just begun" in h.texts()
    frames_for(h, TURN_GUARD)
    h.tap(pos=where)  # the next player, having looked, ends their turn
    assert channel.seq == seq + 1 and channel.step.state.turn.seat not in (first, second)
