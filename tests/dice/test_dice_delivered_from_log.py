"""After a host restart the game log tells the tower link which rolls the game already took."""

from __future__ import annotations

from hauntable.gamelog import GameLog
from hauntable.games.betrayal import GameConfig
from hauntable.games.betrayal.inputs import Roll
from hauntable.session import Session
from hauntable.table.dice_link.rolls import delivered_in


def test_tower_rolls_the_game_took_are_read_back_from_the_log(tmp_path):
    config = GameConfig.quick("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table")
    with GameLog(tmp_path / "table.sqlite3") as log:
        session = Session.new("betrayal", config, log=log)
        for text in ("move E", "place Kitchen ground 1 0 rotation=3", "card Dog", "end"):
            session.submit(session.game.inputs.parse(text))
        session.submit(Roll((1, 1, 1, 1, 1, 1), "tower:1#0000aaaa.7"))  # the haunt roll, from a tower
        assert delivered_in(r.payload for r in log.inputs(session.game_id)) == [("0000aaaa", 7)]


def test_only_tower_rolls_count():
    rows = [
        {"kind": "roll", "faces": [1], "source": "virtual:seed=3#2"},
        {"kind": "roll", "faces": [1], "source": "hand"},
        {"kind": "move", "to": "N"},
        Roll((2,), "tower:2#00c0ffee.12").to_json(),
    ]
    assert delivered_in(rows) == [("00c0ffee", 12)]
