"""The table's own castle board (issue 18): crests and door colours read off a printed board, checked by the
loader the packaged board goes through (rule G8), carried in the game's config and used by the rules."""

from __future__ import annotations

import pytest

from hauntable.engine.rejections import BadConfig, ContentError, IllegalAction
from hauntable.games.geisterstunde import GAME, GameConfig
from hauntable.games.geisterstunde.content import BoardLayout, content_of, load_content
from hauntable.games.geisterstunde.inputs import Plan

OURS = load_content()


def other_crests() -> BoardLayout:
    """Our board with the crests laid by crest(row, col) = (col + 3 row) mod 5: the four neighbours of a
    room differ from it by 1, 4, 3 and 2, so every ghost card still names one room (G8)."""
    ours = BoardLayout.of(OURS)
    crests = {r.id: OURS.crests[(r.col + 3 * r.row) % 5] for r in OURS.rooms.values()}
    return BoardLayout.make(crests, dict(ours.doors), dict(ours.exits))


def test_G8_the_proposed_board_is_the_default_and_games_without_a_board_log_as_before():
    layout = BoardLayout.of(OURS)
    assert content_of(layout) is OURS and content_of(None) is OURS
    assert BoardLayout.from_json(layout.to_json()) == layout
    assert "board" not in GameConfig.quick(3).to_json()  # hashes of logged games unchanged


def test_G2_2_G8_the_ghost_follows_the_tables_own_crests():
    board = other_crests()
    assert content_of(board).rooms["12"].crest == "lion" and OURS.rooms["12"].crest == "dragon"
    config = GameConfig.quick(3, seed=1, board=board)
    assert GameConfig.from_json(config.to_json()) == config  # the log replays it on its own board
    step = GAME.new_game(config)
    step = GAME.apply(step.state, Plan(("lily", "lion")))  # Verlies -> Schatzkammer -> 12, the lion there
    assert step.state.plan == ("lily", "lion")
    with pytest.raises(IllegalAction) as refused:
        ours = GAME.new_game(GameConfig.quick(3, seed=1))
        GAME.apply(ours.state, Plan(("lily", "lion")))
    assert refused.value.rule == "G2.2"


def test_G8_a_board_that_breaks_a_rule_is_refused_naming_the_room():
    ours = BoardLayout.of(OURS)
    crests = dict(ours.crests)
    crests["12"] = "lion"  # room 11 then has two lion neighbours (12 and 21)
    broken = BoardLayout.make(crests, dict(ours.doors), dict(ours.exits))
    with pytest.raises(ContentError) as exc:
        content_of(broken)
    assert exc.value.reason == "twin_crests" and exc.value.params["room"] == "11"
    with pytest.raises(BadConfig, match="room 11 has two neighbours with the crest lion"):
        GameConfig.quick(3, board=broken).validate()
    doors = dict(ours.doors)
    del doors["00-01"]
    with pytest.raises(ContentError) as exc:
        content_of(BoardLayout.make(dict(ours.crests), doors, dict(ours.exits)))
    assert exc.value.reason == "dead_end" and exc.value.params == {"room": "00"}
    with pytest.raises(ContentError) as exc:
        content_of(BoardLayout.make(dict(ours.crests), dict(ours.doors), {}))
    assert exc.value.reason == "no_exit"
