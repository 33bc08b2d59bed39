"""Taking back inputs (rule E3, engine/takeback.py): what may be taken back, what may not and why, and
that a game with take backs resumes and replays to the very states it was played through."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gamekit import start
from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.hashing import state_hash
from hauntable.engine.rejections import IllegalAction
from hauntable.engine.takeback import TakeBack, Timeline, replay
from hauntable.gamelog import GameLog
from hauntable.gamelog.jsonl import export_jsonl, replay_jsonl
from hauntable.games import geisterstunde
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.session import Session

CHARACTERS = ("zoe", "ox", "vivian", "brandon")


def _without_seq(state) -> dict:
    data = state.to_json()
    data.pop("seq")
    return data


def _session(**config) -> Session:
    config.setdefault("today", "11-30")
    return Session.new("betrayal", GameConfig.quick(*CHARACTERS[:3], **config))


def _submit(session: Session, text: str):
    return session.submit(session.game.inputs.parse(text))


def _rule(session: Session) -> str | None:
    try:
        session.take_back_offer()
    except IllegalAction as exc:
        return exc.rule
    return None


def test_E3_a_wrong_rotation_is_taken_back_to_the_state_before_it():
    """A tile laid in table mode (the hands lay it) and turned: both can be taken back, one at a time,
    and each returns the game to exactly the state before, with the next seq."""
    session = _session(rooms="table", cards="table")
    states = [session.step.state]
    for text in ("move E", "place 'Dining Room' ground 1 0", "rotate 2"):
        _submit(session, text)
        states.append(session.step.state)
    while len(states) > 1:
        offer = session.take_back_offer()
        assert offer.undone[0].before.state is not None
        seq = session.step.state.seq
        session.submit(offer.inp)
        states.pop()
        assert session.step.state.seq == seq + 1
        assert _without_seq(session.step.state) == _without_seq(states[-1])
        assert session.step.outcomes[0].code == "take_back"
    assert _rule(session) == "E3.6"  # back at the start: nothing more


def test_E3_1_a_roll_cannot_be_taken_back():
    session = _session(rooms="virtual", cards="virtual", seed=5)
    for _ in range(400):  # play until a roll was answered
        prompt = session.step.awaiting
        inp = seq_seeded_choice(GAME, session.step, 7)
        session.submit(inp)
        if inp.kind == "roll":
            break
    else:
        pytest.fail("no roll in 400 inputs")
    assert prompt is not None
    with pytest.raises(IllegalAction) as refused:
        session.take_back_offer()
    assert refused.value.rule == "E3.1"
    assert "rolled" in refused.value.sentence


def test_E3_2_a_tile_from_the_virtual_stack_cannot_be_taken_back():
    session = _session(rooms="virtual", cards="virtual", seed=3)
    _submit(session, "move E")  # a new room: drawn from the shuffled stack
    assert _rule(session) == "E3.2"


def test_E3_3_a_card_from_a_virtual_deck_cannot_be_taken_back():
    session = _session(rooms="virtual", cards="virtual", seed=3)
    for _ in range(600):
        before = session.step.state
        session.submit(seq_seeded_choice(GAME, session.step, 11))
        if session.step.state.decks != before.decks and session.step.state.stack == before.stack:
            break
    else:
        pytest.fail("no card drawn")
    assert _rule(session) == "E3.3"


def test_E3_5_an_end_turn_is_taken_back_until_the_next_player_acts():
    session = _session(rooms="table", cards="table")
    first = session.step.state.turn.seat
    _submit(session, "end")
    assert session.step.state.turn.seat != first
    session.submit(session.take_back_offer().inp)  # the End turn, before the next player did anything
    assert session.step.state.turn.seat == first
    _submit(session, "end")
    _submit(session, "end")  # the next player ends their turn too: a new turn began with an input
    session.submit(session.take_back_offer().inp)  # that second End turn can still go
    assert _rule(session) == "E3.5"  # but not the first: it belongs to an earlier turn


def test_E3_a_take_back_out_of_reach_is_refused_and_changes_nothing():
    session = _session(rooms="table", cards="table")
    _submit(session, "end")
    before = session.state_hash
    with pytest.raises(IllegalAction) as refused:
        session.submit(TakeBack(5))
    assert refused.value.rule == "E3"
    assert session.state_hash == before


def test_E3_geisterstunde_takes_back_a_move_but_not_a_drawn_card():
    config = geisterstunde.GameConfig(players=("Anna", "Ben", "Cleo"), seed=4)
    session = Session.new("geisterstunde", config)
    rules = []
    for n in range(200):
        if session.over:
            break
        session.submit(seq_seeded_choice(session.game, session.step, n))
        rules.append(_rule(session))
    assert None in rules  # some inputs could be taken back
    assert "E3.3" in rules or "E3.4" in rules


def _play(session: Session, seed: int, steps: int) -> int:
    """Random-legal inputs, now and then a take back (several in a row at times); how many were taken."""
    rng = random.Random(seed)
    taken = 0
    for _ in range(steps):
        if session.over:
            break
        if rng.random() < 0.3:
            try:
                offer = session.take_back_offer()
            except IllegalAction:
                pass
            else:
                session.submit(offer.inp, source="touch")
                taken += 1
                continue
        session.submit(seq_seeded_choice(session.game, session.step, rng.randrange(1 << 30)), source="bot")
    return taken


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_E3_take_backs_resume_and_replay_to_the_same_hashes(seed):
    """Property: a logged game with take backs, resumed from the log (every hash checked), replayed from
    its inputs, and read back from its JSON Lines export, reaches the live state hash; a take back taken
    after the resume is the one the uninterrupted game would have offered."""
    with tempfile.TemporaryDirectory() as tmp, GameLog(Path(tmp) / "t.sqlite3", durable=False) as log:
        config = GameConfig.quick(*CHARACTERS, today="11-30", seed=seed)
        session = Session.new("betrayal", config, log=log)
        assume(_play(session, seed, 120) > 0)
        assert session.game_id is not None
        resumed = Session.resume(log, session.game_id, check="every")
        assert resumed.state_hash == session.state_hash
        inputs = [GAME.inputs.from_json(e.payload) for e in log.inputs(session.game_id)]
        assert state_hash(replay(GAME, config, inputs).state) == session.state_hash
        lines = list(export_jsonl(log, session.game_id))
        assert state_hash(replay_jsonl(lines).state) == session.state_hash
        try:
            offered = session.take_back_offer().inp
        except IllegalAction as exc:
            with pytest.raises(IllegalAction) as again:
                resumed.take_back_offer()
            assert again.value.rule == exc.rule
        else:
            assert resumed.take_back_offer().inp == offered
            session.submit(offered)
            resumed = Session.resume(log, session.game_id)
            assert resumed.state_hash == session.state_hash


def test_E3_a_timeline_without_the_game_hooks_takes_nothing_back():
    class Plain:
        name, inputs = GAME.name, GAME.inputs
        new_game, apply = staticmethod(GAME.new_game), staticmethod(GAME.apply)

    timeline = Timeline(Plain(), start(rooms="table", cards="table")).after(GAME.inputs.parse("end"))
    with pytest.raises(IllegalAction) as refused:
        timeline.offer()
    assert refused.value.rule == "E3.6"
