"""Issue 17: a monster may be the first through the Collapsed Room (B6.3, H5.4; de l.170, ru2 l.35): it goes
down to a basement room the traitor picks and no tile is drawn. Where the Below Collapsed Room token goes
then is the house rule ``collapse_monster_token`` (de: on the monster's room; ru: only a falling explorer
lays it)."""

from __future__ import annotations

import pytest

from gamekit import arrange, choices, do, in_haunt, monster, start
from hauntable.games.betrayal import HouseRules
from hauntable.games.betrayal.prompts import MonsterTurn

BELOW = "Below Collapsed Room"
HOUSE = {
    "Collapsed Room": ("ground", 1, 0, 0),  # east of the Entrance Hall
    "Wine Cellar": ("basement", 0, 1, 0),
    "Furnace Room": ("basement", 1, 0, 0),
}


def _ghoul_over_the_hole(**rules):
    """Ox is the traitor; the Ghoul (speed 3) starts its move in the Collapsed Room; nobody has fallen."""
    step = start("zoe", "ox", "vivian", today="11-05", house_rules=HouseRules(**rules))
    step = arrange(step, rooms=HOUSE)
    ghoul = monster("Ghoul", "Collapsed Room", might=4, speed=3)
    step = do(in_haunt(step, traitor=1, seat=1, monsters={"Ghoul": ghoul}), "end", "roll 1,1,1")
    assert isinstance(step.awaiting, MonsterTurn)
    assert BELOW not in step.state.tokens
    return step


def test_H5_4_a_monster_may_be_the_first_through_the_collapsed_room_to_any_basement_room():
    step = _ghoul_over_the_hole()
    offered = set(choices(step))
    assert {"go 'Basement Landing'", "go 'Wine Cellar'", "go 'Furnace Room'"} <= offered
    stack = list(step.state.stack)
    step = do(step, "go 'Furnace Room'")
    assert step.state.haunt.monsters["Ghoul"].room == "Furnace Room"
    assert step.state.stack == stack  # no tile drawn
    assert "monster.falls" in [o.code for o in step.outcomes]


@pytest.mark.parametrize("reading", ["landing", "first_explorer"])
def test_B6_3_house_rule_collapse_monster_token_on_the_monsters_room_or_the_first_explorers(reading):
    step = do(_ghoul_over_the_hole(collapse_monster_token=reading), "go 'Wine Cellar'")
    if reading == "landing":  # de reading: the room it reached is the room below; later fallers land there
        assert step.state.tokens[BELOW] == "Wine Cellar"
        assert "go 'Collapsed Room'" in choices(step)  # and it can climb back up (H5.4)
    else:  # ru reading: only the first explorer to fall lays a tile and the token
        assert BELOW not in step.state.tokens
        assert "go 'Collapsed Room'" not in choices(step)
