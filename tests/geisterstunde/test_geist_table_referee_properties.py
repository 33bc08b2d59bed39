"""The Geisterstunde referee under random table play: tags laid and lifted anywhere, touch inputs between.

Invariants: the referee never raises, the game changes only with an accepted verdict, a plan refusal is
never told to the table, and no message the table sees names an unrevealed crest of the plan.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_geist_table_referee import CELLS, CONTENT, CRESTS, Table, figure, ghost, key

from hauntable.engine.bots import RandomBot
from hauntable.engine.hashing import state_hash
from hauntable.table.registry import TagRegistry

KEYS = sorted(set(CONTENT.keys))
READERS = ["key", "draw", "ghost:1", "ghost:2", "ghost:3", "ghost:4"] + [
    f"{f}:{x},{y}" for f, x, y in sorted(set(CELLS.values()))
]
TAGS = [figure(s) for s in range(3)] + [ghost(c) for c in CRESTS] + [key(k) for k in KEYS[:6]]

ops = st.lists(
    st.one_of(
        st.tuples(st.just("lay"), st.sampled_from(TAGS), st.sampled_from(READERS)),
        st.tuples(st.just("lift"), st.sampled_from(TAGS), st.sampled_from(READERS)),
        st.tuples(st.just("touch"), st.integers(0, 2**16), st.just("")),
        st.tuples(st.just("confirm"), st.just(""), st.just("")),
    ),
    max_size=40,
)


def _registry() -> TagRegistry:
    reg = TagRegistry(":memory:")
    for crest in CRESTS:
        reg.enrol(ghost(crest), "card", f"ghost-{crest}")
    for name in KEYS:
        for copy in range(3):
            reg.enrol(key(name, copy), "card", name, copies=3)
    for seat in range(4):
        reg.enrol(figure(seat), "figure", str(seat + 1))
    return reg


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_G2_4_refused_observations_change_nothing_and_the_table_never_reads_a_hidden_crest(steps):
    with tempfile.TemporaryDirectory() as tmp, _registry() as reg:
        table = Table(Path(tmp), reg)
        placed: set[tuple[str, str]] = set()
        for kind, tag, reader in steps:
            before = state_hash(table.state)
            public_before = len(table.referee.messages)
            if kind == "touch":
                if table.session.over or not table.awaiting.choices():
                    continue
                table.session.submit(RandomBot(tag, None).choose(table.session.step), source="touch")
                table.referee.refresh()
                continue
            if kind == "confirm":
                verdicts = [table.referee.confirm_plan()]
            elif kind == "lay":
                if (tag, reader) in placed or any(t == tag for t, _ in placed):
                    continue  # one physical tag is in one place at a time
                placed.add((tag, reader))
                verdicts = table.lay(tag, reader)
            else:
                if (tag, reader) not in placed:
                    continue
                placed.discard((tag, reader))
                verdicts = table.lift(tag, reader)
            if not any(v.accepted for v in verdicts):
                assert state_hash(table.state) == before
            for v in verdicts:
                if v.seat is not None:
                    assert v.message not in table.referee.messages[public_before:]
            hidden = table.state.plan[table.state.revealed :]
            names = {CONTENT.crest_en[c] for c in hidden} | set(hidden)
            for message in table.referee.messages[public_before:]:
                if table.state.phase in ("run", "ghost"):
                    assert not any(n in message for n in names), message
