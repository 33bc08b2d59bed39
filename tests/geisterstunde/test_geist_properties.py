"""Invariants over random legal games (G1-G7): every game ends with a winner, every listed choice is
accepted, refusals change nothing, no key card is lost or made, and replay reproduces every hash."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geistkit import CONTENT
from hauntable.engine.bots import RandomBot, play
from hauntable.engine.hashing import state_hash
from hauntable.engine.rejections import Rejection
from hauntable.engine.takeback import replay
from hauntable.games.geisterstunde import GAME, GameConfig, HouseRules, public_json
from hauntable.games.geisterstunde.inputs import INPUTS

MAX_INPUTS = 20_000  # random games take a few hundred inputs; the longest of 2,000 seeds took ~2,400

configs = st.builds(
    lambda n, ghost, seed, rules: GameConfig.quick(n, ghost=ghost % n, seed=seed, house_rules=rules),
    st.integers(2, 4),
    st.integers(0, 3),
    st.integers(0, 2**32),
    st.builds(
        HouseRules,
        impossible_plan=st.sampled_from(["refuse", "stop"]),
        mono_hand=st.sampled_from(["until_mixed", "once"]),
        crest_refill=st.sampled_from(["take", "ask"]),
    ),
)


def _no_bot(faces, source):
    raise AssertionError("Geisterstunde has no dice")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, st.integers(0, 2**32))
def test_G7_every_random_legal_game_ends_with_a_winner_and_replays_to_the_same_hash(config, bot_seed):
    step = GAME.new_game(config)
    end, inputs = play(GAME, step, RandomBot(bot_seed, _no_bot), max_inputs=MAX_INPUTS)
    assert end.over and end.state.winner is not None and end.state.phase == "over"
    assert end.state.winner != end.state.ghost
    assert end.state.seq == len(inputs)
    again = replay(GAME, GameConfig.from_json(config.to_json()), [INPUTS.parse(str(i)) for i in inputs])
    assert state_hash(again.state) == state_hash(end.state)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, st.integers(0, 2**32))
def test_G1_G3_G4_cards_are_conserved_listed_choices_are_legal_and_refusals_change_nothing(config, bot_seed):
    step = GAME.new_game(config)
    bot = RandomBot(bot_seed, _no_bot)
    probes = [
        INPUTS.parse(t)
        for t in (
            "key red",
            "key blue-lion",
            "end",
            "skip",
            "reveal",
            "catch 0",
            "discard red-lion",
            "plan lily,tower",
            "pass",
            "draw red-lion",
        )
    ]
    for _ in range(250):
        if step.over:
            break
        s = step.state
        before = state_hash(s)
        listed = {str(c) for c in step.awaiting.choices()}
        for probe in probes:
            if str(probe) in listed:
                continue
            try:
                GAME.apply(s, probe)
            except Rejection as exc:
                assert exc.rule and exc.sentence
            assert state_hash(s) == before  # accepted or not, the state given is never changed
        step = GAME.apply(s, bot.choose(step))
        assert step.state.seq == s.seq + 1
        held = Counter([*step.state.pile, *step.state.discards, *(k for h in step.state.hands for k in h)])
        assert held == Counter(CONTENT.keys)
        assert all(len(h) <= 5 for h in step.state.hands) and step.state.hands[step.state.ghost] == ()
        if step.awaiting is not None and step.awaiting.kind == "turn":
            assert all(len(h) <= 4 for seat, h in enumerate(step.state.hands) if seat != step.awaiting.player)


@settings(max_examples=25, deadline=None)
@given(configs)
def test_G2_4_no_outcome_before_the_reveal_names_a_planned_crest(config):
    step = GAME.new_game(config)
    bot = RandomBot(config.seed, _no_bot)
    names = {n for names in CONTENT.crest_names.values() for n in names.values()} | set(CONTENT.crests)
    for _ in range(300):
        if step.over:
            break
        step = GAME.apply(step.state, bot.choose(step))
        for o in step.outcomes:
            if o.code in ("ghost.plan", "runner.key", "runner.skip", "runner.refill", "runner.discard"):
                assert not any(n in o.text for n in names), o.text
        view = public_json(step.state)
        hidden = step.state.plan[step.state.revealed :]
        assert view["plan"]["cards"] == len(step.state.plan)
        assert not set(hidden) & set(view["plan"]["revealed"])


@given(
    st.sampled_from(
        sorted(
            {str(c) for c in GAME.new_game(GameConfig.quick(3)).awaiting.choices()}
            | {"key red-lion source=slot:key", "catch 2", "draw blue-tower", "discard green-lily"}
        )
    )
)
def test_E1_inputs_round_trip_through_text_and_json(text):
    inp = INPUTS.parse(text)
    assert INPUTS.parse(str(inp)) == inp and INPUTS.from_json(inp.to_json()) == inp
