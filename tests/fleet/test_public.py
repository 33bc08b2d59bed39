"""No game secret leaves the table: changing a secret in the state never changes what the companion publishes.

A whitelist could still copy a secret by mistake (a field added later, a helper that returns the whole
haunt), so these tests are non-interference checks: the public summary and the events of a state are the
same whatever the hidden traitor's token, the ghost's plan cards, the hands, the piles' order or the seed.
"""

from __future__ import annotations

import dataclasses
import itertools
import json

import gamekit
import geistkit
from hauntable.engine.bots import seq_seeded_choice
from hauntable.fleet.public import GAME_STARTED, HAUNT_REVEALED, TRAITOR_REVEALED, events_between, summary
from hauntable.games.betrayal import GAME as BETRAYAL
from hauntable.games.geisterstunde import GAME as GEIST


def published(game: str, state) -> str:
    """Everything the companion would send about this state: the summary and the events from nothing."""
    public = summary(game, 7, "playing", state)
    return json.dumps([public, events_between(None, public)], sort_keys=True)


def hidden_haunt(seed: int):
    return gamekit.do(gamekit.haunt(gamekit.start("zoe", "ox", "vivian", "peter", seed=seed), 34, 1), "ready")


def with_tokens(state, tokens):
    other = state.clone()
    other.haunt.secret = list(tokens)  # the clone's haunt is its own copy
    return other


def test_the_hidden_traitors_token_changes_nothing_published():
    for seed in range(3):
        step = hidden_haunt(seed)
        assert step.state.haunt.hidden and step.state.haunt.traitor is None
        for _ in range(6):  # and a few moves into the haunt
            seen = {
                published("betrayal", with_tokens(step.state, p))
                for p in itertools.permutations([1, 2, 3, 4])
            }
            assert len(seen) == 1
            if step.over:
                break
            step = BETRAYAL.apply(step.state, seq_seeded_choice(BETRAYAL, step, seed))


def test_the_seed_and_the_piles_change_nothing_published():
    step = gamekit.start("zoe", "ox", "vivian", seed=5)
    for _ in range(30):
        step = BETRAYAL.apply(step.state, seq_seeded_choice(BETRAYAL, step, 5))
    s = step.state
    other = s.clone()
    other.config = dataclasses.replace(s.config, seed=s.config.seed + 99)
    other.rng = s.rng ^ 0xFFFF
    other.stack = list(reversed(s.stack))
    other.decks = {k: list(reversed(v)) for k, v in s.decks.items()}
    assert published("betrayal", other) == published("betrayal", s)


def test_a_revealed_traitor_is_public_and_its_reveal_an_event():
    step = hidden_haunt(0)
    traitor = step.state.haunt.secret.index(1)
    before = summary("betrayal", 1, "playing", step.state)
    while "reveal" not in step.awaiting.accepts or step.state.turn.seat == traitor:
        step = gamekit.do(step, "end")
    after = summary("betrayal", 1, "playing", gamekit.do(step, f"reveal {traitor}").state)
    assert before["haunt"]["traitor"] is None and after["haunt"]["traitor"] == traitor
    assert [e["kind"] for e in events_between(before, after)] == [TRAITOR_REVEALED]


def geist_states(seed: int, n: int = 120):
    step = geistkit.start(3, seed=seed)
    for _ in range(n):
        if step.over:
            break
        yield step.state
        step = GEIST.apply(step.state, seq_seeded_choice(GEIST, step, seed))


def test_the_ghosts_plan_the_hands_and_the_pile_change_nothing_published():
    cards = sorted(set(geistkit.CONTENT.keys))
    crests = list(geistkit.CONTENT.ghost_cards)
    planned = 0
    for state in geist_states(3):
        other = state.clone()
        other.plan = tuple(crests[(crests.index(c) + 1) % len(crests)] for c in state.plan)
        other.hands = [tuple(cards[(cards.index(c) + 3) % len(cards)] for c in h) for h in state.hands]
        other.pile = list(reversed(state.pile))
        other.config = dataclasses.replace(state.config, seed=state.config.seed + 1)
        other.rng = state.rng + 1
        if state.revealed == 0:  # turned-over plan cards are public; the summary shows only how many
            assert published("geisterstunde", other) == published("geisterstunde", state)
        planned += bool(state.plan)
        text = published("geisterstunde", state)
        assert not any(f'"{c}"' in text for c in [*cards, *crests])
    assert planned > 5


def test_events_name_the_game_and_where_in_it():
    step = hidden_haunt(1)
    start = summary("betrayal", 4, "playing", gamekit.start("zoe", "ox", "vivian", "peter", seed=1).state)
    events = events_between(None, start) + events_between(
        start, summary("betrayal", 4, "playing", step.state)
    )
    assert [(e["kind"], e["id"]) for e in events] == [(GAME_STARTED, "4:start"), (HAUNT_REVEALED, "4:haunt")]
    assert events[1]["hidden_traitor"] is True and events[1]["traitor"] is None
