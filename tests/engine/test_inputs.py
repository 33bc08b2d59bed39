"""Inputs round-trip through text and JSON, and unreadable ones are refused with a sentence (E1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hauntable.engine.rejections import UnreadableInput
from hauntable.games.betrayal import GAME
from hauntable.games.betrayal.inputs import DrawCard, Move, PlaceTile, Roll, Split, Target

EXAMPLES = [
    "move N",
    "move up",
    "end",
    "cross",
    "fall",
    "ride",
    "roll 2,1,0",
    "roll 2,1,0 source=tower:1",
    "roll -",
    "split speed=1 might=2",
    "rotate 3",
    "place 'Mystic Elevator' ground 3 4",
    "place Kitchen basement -1 0 rotation=2 source='table:reader 12'",
    "target basement 1 0",
    "card 'Crystal Ball'",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_E1_inputs_round_trip_through_text_json_and_repr(text):
    inp = GAME.inputs.parse(text)
    assert str(inp) == text
    assert GAME.inputs.parse(str(inp)) == inp
    assert GAME.inputs.from_json(inp.to_json()) == inp
    assert eval(repr(inp), {type(inp).__name__: type(inp)}) == inp


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Empty"),
        ("jump", "Unknown input 'jump'"),
        ("move", "takes 1 value"),
        ("move NE", "not one of N, E, S, W, up, down"),
        ("roll 1,x", "faces must be int"),
        ("rotate 5", "0, 1, 2 or 3"),
        ("place Kitchen attic 1 1", "not a floor"),
        ("split might=-1", "negative"),
        ("card 'Crystal Ball", "No closing quotation"),
    ],
)
def test_E1_unreadable_text_is_refused_with_a_sentence(text, words):
    with pytest.raises(UnreadableInput, match=words) as info:
        GAME.inputs.parse(text)
    assert info.value.code == "input/unreadable" and info.value.rule == "E1"


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"kind": "teleport"},
        {"kind": "roll"},
        {"kind": "roll", "faces": "2,1"},
        {"kind": "roll", "faces": [1, True]},
        {"kind": "move", "to": "N", "speed": 3},
    ],
)
def test_E1_malformed_json_inputs_are_refused(data):
    with pytest.raises(UnreadableInput):
        GAME.inputs.from_json(data)


names = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FFF), min_size=1, max_size=20)


@given(
    st.one_of(
        st.builds(Move, st.sampled_from(["N", "E", "S", "W", "up", "down"])),
        st.builds(Roll, st.lists(st.integers(0, 2), max_size=8).map(tuple), names),
        st.builds(Split, *(st.integers(0, 9) for _ in range(4))),
        st.builds(
            PlaceTile,
            names,
            st.sampled_from(["basement", "ground", "upper"]),
            st.integers(-9, 9),
            st.integers(-9, 9),
            st.none() | st.integers(0, 3),
            names,
        ),
        st.builds(
            Target, st.sampled_from(["basement", "ground", "upper"]), st.integers(-9, 9), st.integers(-9, 9)
        ),
        st.builds(DrawCard, names, names),
    )
)
def test_E1_every_input_round_trips(inp):
    assert GAME.inputs.parse(str(inp)) == inp
    assert GAME.inputs.from_json(inp.to_json()) == inp


@pytest.mark.parametrize(
    "read",
    [
        lambda g: g.inputs.from_json({"kind": "roll", "faces": [1, 2], "source": "tower\ud800"}),
        lambda g: g.inputs.parse("roll 1,2 source=tower\ud800"),
    ],
    ids=["json", "text"],
)
def test_a_lone_surrogate_is_refused_as_unreadable_before_any_log_sees_it(tmp_path, read):
    from hauntable.engine.rejections import UnreadableInput
    from hauntable.gamelog import GameLog
    from hauntable.games.betrayal import GAME, GameConfig
    from hauntable.session import Session

    with pytest.raises(UnreadableInput, match="not valid Unicode"):
        read(GAME)
    with GameLog(tmp_path / "t.sqlite3") as log:
        session = Session.new("betrayal", GameConfig.quick("zoe", "ox", "vivian", today="11-30"), log=log)
        with pytest.raises(UnreadableInput):
            session.submit(read(GAME))
        assert log.last_seq(session.game_id) == 0
