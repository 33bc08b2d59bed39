"""Whatever lands on the table, in any order: no refused observation changes the game, and an accepted
one always moves it on by at least one logged input."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablekit import (
    ATTIC,
    AXE,
    CRYSTAL_BALL,
    DINING,
    HALLWAY,
    KITCHEN,
    REFERENCE,
    STRANGER,
    make_registry,
    table_session,
)

from hauntable.table.referee import Referee
from hauntable.table.scanner import ScanEvent

TAGS = [KITCHEN, HALLWAY, DINING, ATTIC, CRYSTAL_BALL, AXE, STRANGER]
READERS = ["ground:4,0", "ground:2,0", "ground:3,3", "ground:5,0", "draw", "upper:3,4"]

observations = st.lists(
    st.tuples(
        st.sampled_from(["appeared", "removed", "roll"]), st.sampled_from(READERS), st.sampled_from(TAGS)
    ),
    max_size=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(observations)
def test_refused_observations_change_nothing(seq):
    session = table_session()
    referee = Referee(session, REFERENCE, make_registry())
    for kind, reader, uid in seq:
        seq_before, hash_before = session.step.state.seq, session.state_hash
        if kind == "roll":
            accepted = referee.on_roll([1, 1, 1, 1, 1, 1], "tower:1")
        else:
            accepted = referee.observe(ScanEvent(kind, reader, uid)).accepted
        if accepted:
            assert session.step.state.seq > seq_before
        else:
            assert session.state_hash == hash_before
