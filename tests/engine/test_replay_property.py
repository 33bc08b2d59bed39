"""Properties of the log and the reducer, over random seeds and random garbage inputs:

* a random-legal game's logged inputs, replayed, give the live state hash at every step;
* an input the engine rejects leaves ``state_hash(state)`` unchanged and logs nothing.
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.hashing import state_hash
from hauntable.engine.prompts import RollDice
from hauntable.engine.rejections import Rejection
from hauntable.gamelog import GameLog
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.paths import DB_NAME
from hauntable.session import Session

MAX_STEPS = 150  # keeps the whole property under ~20 s; most games reach the haunt before this
CHARACTERS = ["zoe", "ox", "vivian", "brandon", "jenny", "longfellow"]  # one per colour: all can play
FLOORS = ["basement", "ground", "upper"]


def _input(data: dict[str, Any]):
    return GAME.inputs.from_json(data)


@functools.cache
def garbage(dice_asked: int | None) -> st.SearchStrategy:
    """Inputs of every kind with arbitrary values: some happen to be legal, most are refused."""
    small = st.integers(-3, 3)
    faces = st.lists(st.integers(-1, 3), min_size=0, max_size=9)
    if dice_asked is not None:  # near misses: one die too many or too few, or a face no die shows
        faces = faces | st.integers(0, 9).filter(lambda n: n != dice_asked).flatmap(
            lambda n: st.lists(st.integers(0, 2), min_size=n, max_size=n)
        )
        faces = faces | st.lists(st.sampled_from([0, 1, 2, 3]), min_size=dice_asked, max_size=dice_asked)
    return st.one_of(
        faces.map(lambda f: _input({"kind": "roll", "faces": f, "source": "garbage"})),
        st.sampled_from(["N", "E", "S", "W", "up", "down"]).map(lambda d: _input({"kind": "move", "to": d})),
        st.sampled_from(["end", "cross", "fall", "ride"]).map(lambda k: _input({"kind": k})),
        st.integers(0, 3).map(lambda q: _input({"kind": "rotate", "quarter_turns": q})),
        st.builds(
            lambda sp, mi, sa, kn: _input(
                {"kind": "split", "speed": sp, "might": mi, "sanity": sa, "knowledge": kn}
            ),
            *[st.integers(0, 3)] * 4,
        ),
        st.builds(
            lambda f, x, y: _input({"kind": "target", "floor": f, "x": x, "y": y}),
            st.sampled_from(FLOORS),
            small,
            small,
        ),
        st.builds(
            lambda t, f, x, y: _input({"kind": "place", "tile": t, "floor": f, "x": x, "y": y}),
            st.sampled_from(["Chasm", "Library", "Nowhere", "Foyer", "Entrance Hall"]),
            st.sampled_from(FLOORS),
            small,
            small,
        ),
        st.sampled_from(["Bite", "Angel Feather", "Nothing"]).map(
            lambda n: _input({"kind": "card", "name": n})
        ),
    )


# no explain phase: it replays a failing game hundreds of times
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), data=st.data())
def test_logged_inputs_replay_to_the_live_hash_and_rejections_change_nothing(seed, players, data):
    config = GameConfig.quick(*CHARACTERS[:players], today="06-15", seed=seed)
    with (
        tempfile.TemporaryDirectory() as tmp,
        GameLog(Path(tmp) / DB_NAME, durable=False) as log,
    ):  # fsync is not under test here
        session = Session.new("betrayal", config, log=log)
        gid = session.game_id
        live = [session.state_hash]
        while not session.over and session.step.state.seq < MAX_STEPS:
            awaiting = session.step.awaiting
            dice = awaiting.dice if isinstance(awaiting, RollDice) else None
            for bad in data.draw(
                st.lists(garbage(dice), max_size=2), label=f"garbage at seq {len(live) - 1}"
            ):
                before, logged = session.state_hash, log.last_seq(gid)  # hashed when the step was made
                try:
                    session.submit(bad, source="garbage")
                except Rejection:
                    assert state_hash(session.step.state) == before, (
                        f"{bad} was refused but changed the state"
                    )
                    assert log.last_seq(gid) == logged, f"{bad} was refused but logged"
                else:  # legal by chance: it is part of the game now
                    live.append(session.state_hash)
                if session.over:
                    break
            if session.over:
                break
            session.submit(seq_seeded_choice(session.game, session.step, seed), source="bot")
            live.append(session.state_hash)

        record = log.game(gid)
        step = GAME.new_game(GAME.config_from_json(record.config))
        assert state_hash(step.state) == live[0]
        entries = log.inputs(gid)
        assert [e.seq for e in entries] == list(range(1, len(live)))
        for entry, expected in zip(entries, live[1:], strict=True):
            step = GAME.apply(step.state, GAME.inputs.from_json(entry.payload))
            assert entry.state_hash == expected
            assert state_hash(step.state) == expected, f"replay diverges at seq {entry.seq}"
        assert Session.resume(log, gid).state_hash == live[-1]
