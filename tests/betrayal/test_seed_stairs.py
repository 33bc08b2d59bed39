"""Issue 17: the traitor lays the Stairs from Basement for a trapped monster (H5.6; de l.398, ru2 l.43),
choosing the doorway (and the turn, where several are legal) among the legal ones; before, the engine laid it
at the first legal spot."""

from __future__ import annotations

from gamekit import CONTENT, arrange, do, haunt, refused, start
from hauntable.games.betrayal.haunt_actions import STAIRS, stairs_search_spots
from hauntable.games.betrayal.haunts.h06_beast_below import BeastBelow
from hauntable.games.betrayal.house import adjacent
from hauntable.games.betrayal.ruleset import RULES
from hauntable.games.betrayal.world import World


def test_de398_the_traitor_chooses_the_basement_doorway_for_the_stairs_from_basement(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 6, BeastBelow())  # our beast, on the number it was written for
    step = do(haunt(start("zoe", "ox", "vivian"), 6, revealer=0), "ready")  # the Beast: basement only
    traitor = step.state.haunt.traitor
    step = do(arrange(step, seat=traitor), "act search_stairs")
    prompt = step.awaiting
    assert prompt.kind == "target" and prompt.player == traitor
    spots = {(f, x, y) for f, x, y, _ in stairs_search_spots(World(step.state, CONTENT))}
    offered = {(t.floor, t.x, t.y) for t in prompt.targets}
    assert offered == spots and len(offered) == 4  # the Basement Landing's four open doorways
    assert STAIRS not in step.state.house  # nothing is laid before the choice
    assert refused(step, "target basement 3 3").rule == "H5.6"  # not a legal doorway
    for cell in offered:
        laid = do(step, "target {} {} {}".format(*cell))
        placed = laid.state.house[STAIRS]
        assert (placed.floor, placed.x, placed.y) == cell
        assert "Basement Landing" in adjacent(laid.state, CONTENT, STAIRS)  # its one door meets the landing
        assert STAIRS not in laid.state.stack
