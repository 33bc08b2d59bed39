"""Invariants of the haunt phase over random games: haunt inputs with arbitrary values are refused without
changing the state, every listed choice is accepted, the text form of every input round-trips, and a replay
of the accepted inputs from a new game reproduces the same state (H*, E1, E2)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit import ClaimingBot
from hauntable.engine.hashing import state_hash
from hauntable.engine.rejections import Rejection
from hauntable.engine.takeback import replay
from hauntable.games.betrayal import GAME, GameConfig, HouseRules

CHARACTERS = ("zoe", "ox", "vivian", "peter", "longfellow", "heather")
ROOMS = ("Entrance Hall", "Foyer", "Basement Landing", "Attic", "Nowhere", "")
NAMES = ("Monster 1", "Beast", "Crawler 1", "Spirit", "Token 1", "Key", "Bone 1", "x")

haunt_garbage = st.one_of(
    st.sampled_from(["heroes", "traitor"]).map(lambda s: {"kind": "claim", "side": s}),
    st.builds(
        lambda k, s, t, n: {
            "kind": k,
            "seat": s,
            "trait": t,
            **({"by": n} if k == "trait" else {"target": abs(n)}),
        },
        st.sampled_from(["check", "trait"]),
        st.integers(-1, 6),
        st.sampled_from(["might", "sanity"]),
        st.sampled_from([1, -1, 2, 4, -8]),
    ),
    st.builds(
        lambda s, h: {"kind": "escape", "seat": s, "how": h},
        st.integers(-1, 6),
        st.sampled_from(["escape", "leave"]),
    ),
    st.builds(
        lambda s, d: {"kind": "side", "seat": s, "side": d},
        st.integers(-1, 6),
        st.sampled_from(["heroes", "traitor"]),
    ),
    st.builds(
        lambda n, h: {"kind": "kill", "name": n, "how": h},
        st.sampled_from(NAMES),
        st.sampled_from(["kill", "remove"]),
    ),
    st.builds(
        lambda n, s: {"kind": "carry", "name": n, "seat": s}, st.sampled_from(NAMES), st.integers(-1, 6)
    ),
    st.builds(
        lambda k, n, b: {"kind": k, "name": n, "by": b},
        st.sampled_from(["counter", "track"]),
        st.sampled_from(NAMES),
        st.integers(-3, 3),
    ),
    st.sampled_from([{"kind": "tools"}, {"kind": "back"}]),
    st.builds(
        lambda n, r: {"kind": "monster", "name": n, "room": r}, st.sampled_from(NAMES), st.sampled_from(ROOMS)
    ),
    st.sampled_from(NAMES).map(lambda n: {"kind": "stun", "name": n}),
    st.builds(
        lambda n, r: {"kind": "token", "name": n, "room": r}, st.sampled_from(NAMES), st.sampled_from(ROOMS)
    ),
    st.integers(-1, 6).map(lambda s: {"kind": "traitor", "seat": s}),
    st.integers(-1, 6).map(lambda s: {"kind": "reveal", "seat": s}),
    st.builds(
        lambda a, o: {"kind": "act", "action": a, "option": o},
        st.sampled_from(
            [
                "burn",
                "barricade",
                "chain",
                "pick",
                "light",
                "exorcise",
                "accuse",
                "take",
                "escape",
                "unlock",
                "close",
                "search_stairs",
                "frighten",
                "grab",
                "roar",
                "chill",
                "snap",
                "x",
            ]
        ),
        st.sampled_from(["", "might", "speed", "sanity", "knowledge", "0", "1", "2", "Key", "Candle 1"]),
    ),
    st.sampled_from(ROOMS).map(lambda r: {"kind": "go", "room": r}),
    st.just({"kind": "ready"}),
    st.just({"kind": "end"}),
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 6),
    mode=st.sampled_from(["scripted", "book"]),
    data=st.data(),
)
def test_haunt_inputs_refused_change_nothing_and_the_game_replays(seed, players, mode, data):
    config = GameConfig.quick(
        *CHARACTERS[:players], today="11-30", seed=seed, house_rules=HouseRules(haunt_mode=mode)
    )
    step = GAME.new_game(config)
    bot = ClaimingBot(seed)  # the players claim a book haunt's end (H6.2)
    accepted = []
    for _ in range(8000):
        if step.awaiting is None:
            break
        if step.state.phase == "haunt":
            for c in step.awaiting.choices():
                assert GAME.inputs.parse(str(c)) == c  # the text form round-trips
        if step.state.phase == "haunt" or step.state.seq % 10 == 0:  # before the haunt too, now and then
            for raw in data.draw(st.lists(haunt_garbage, max_size=2)):
                inp = GAME.inputs.from_json(raw)
                before = state_hash(step.state)
                try:
                    nxt = GAME.apply(step.state, inp)
                except Rejection:
                    assert state_hash(step.state) == before, f"{inp} was refused but changed the state"
                    continue
                assert state_hash(step.state) == before  # apply never changes the state it was given
                step = nxt
                accepted.append(inp)
                if step.awaiting is None:
                    break
            if step.awaiting is None:
                break
        inp = bot.choose(step)
        step = GAME.apply(step.state, inp)
        accepted.append(inp)
    assert step.awaiting is None and step.state.haunt.winner in ("heroes", "traitor")
    assert state_hash(replay(GAME, config, accepted).state) == state_hash(step.state)
