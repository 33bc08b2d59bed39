"""Issue 17: the traitor lays the Stairs from Basement for a trapped monster (H5.6; de l.398, ru2 l.43),
choosing the doorway (and the turn, where several are legal) among the legal ones; before, the engine laid it
at the first legal spot."""

from __future__ import annotations

from gamekit import CONTENT, arrange, do, haunt, refused, start
from haunt_fixtures import Beast
from hauntable.games.betrayal.haunt_actions import STAIRS, stairs_search_spots
from hauntable.games.betrayal.house import adjacent
from hauntable.games.betrayal.ruleset import RULES
from hauntable.games.betrayal.world import World


def test_de398_the_traitor_chooses_the_basement_doorway_for_the_stairs_from_basement(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 6, Beast())  # a plain beast in the basement (haunt_fixtures)
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


def test_faq_the_traitor_lays_the_stairs_when_no_monster_above_can_reach_a_hero_in_the_basement():
    """The official FAQ (2005) widens H5.6: monsters on the floors above that cannot reach a hero in the
    basement let the traitor lay the Stairs from Basement too (haunt 38's soak: the last hero below)."""
    from printedkit import begin, turn  # why: the printed haunts' kit, only for this test

    step = begin(38, "Crypt", revealer=0, room="Entrance Hall")  # Firebats in the Entrance Hall
    h = step.state.haunt
    heroes = [s for s in range(4) if s != h.traitor]
    for s in heroes[1:]:
        step.state.explorers[s].alive = False
    step.state.explorers[heroes[0]].room = "Crypt"
    w = World(step.state, CONTENT)
    assert STAIRS not in step.state.house and stairs_search_spots(w)
    step = turn(step, h.traitor, "Entrance Hall")
    assert "act search_stairs" in [str(c) for c in step.awaiting.choices()]
    step.state.explorers[heroes[0]].room = "Entrance Hall"  # a hero above: the Firebats reach them
    assert not stairs_search_spots(World(step.state, CONTENT))
