"""Issue 17: the barrier rooms split their room in two (de l.151-153, ru l.161-163). Figures on the two
sides of a barrier neither attack nor deal with each other; a monster that stops there and an explorer an
effect puts there have a side, chosen by the traitor and by the explorer."""

from __future__ import annotations

from gamekit import arrange, choices, do, in_haunt, refused, start

CHASM_EAST = {"Chasm": ("ground", 1, 0, 0)}  # doors E, W; west meets the Entrance Hall


def _across_the_chasm(**kwargs):
    """Zoe (seat 0) on the west side of the Chasm, Ox (seat 1) on the east side; Zoe holds the Axe."""
    step = start("zoe", "ox", "vivian", today="11-05", **kwargs)
    step = arrange(step, rooms=CHASM_EAST, at={0: "Chasm", 1: "Chasm"})
    s = step.state
    s.explorers[0].side, s.explorers[1].side = "W", "E"
    s.explorers[0].items.append("Axe")
    return arrange(step, seat=0)


def test_de151_barrier_giving_across_the_chasm_is_refused_and_not_offered():
    """de l.151: explorers do not interact with explorers on the other side of a barrier (ru l.161: they do
    not exchange items)."""
    step = _across_the_chasm()
    assert "give Axe 1" not in choices(step)
    assert refused(step, "give Axe 1").rule == "B6.1"


def test_de151_barrier_giving_on_the_same_side_is_offered():
    step = _across_the_chasm()
    step.state.explorers[1].side = "W"
    step = arrange(step)
    assert "give Axe 1" in choices(step)
    step = do(step, "give Axe 1", "choose accept")
    assert "Axe" in step.state.explorers[1].items


def test_de151_barrier_no_freeing_from_webs_across_the_chasm():
    """Freeing a stuck explorer (C10) is an interaction too."""
    step = _across_the_chasm()
    step.state.explorers[1].kept.append("Webs")
    step = arrange(step)
    assert "free 1" not in choices(step)
    assert refused(step, "free 1").rule == "B6.1"


def test_de151_barrier_no_attack_across_the_chasm():
    step = in_haunt(_across_the_chasm(), traitor=1, seat=0)
    assert not [c for c in choices(step) if c.startswith("attack 1")]
    assert refused(step, "attack 1").rule == "B6.1"


def _fall_into_the_chasm():
    """Zoe discovers the Collapsed Room, falls, and the next basement tile is the Chasm."""
    step = start("zoe", "ox", "vivian", today="11-05")
    step.state.stack = ["Collapsed Room", "Chasm", "Wine Cellar", "Furnace Room"]
    step = do(arrange(step, seat=0), "move E", "roll 0,0,1,0")
    while step.awaiting.kind in ("target", "rotation"):
        step = do(step, choices(step)[0])
    return step


def test_de153_an_explorer_an_effect_puts_in_a_barrier_room_chooses_the_side():
    """de l.153, ru l.163: landing in a barrier room by an effect, you choose your side of the barrier.
    Before, a fall into a new Chasm put the explorer by its first door without asking."""
    step = _fall_into_the_chasm()
    assert step.state.current.room == "Chasm" and step.state.current.side is None
    prompt = step.awaiting
    assert prompt.kind == "option" and prompt.player == 0 and prompt.code == "barrier_side"
    assert set(prompt.options) == {"E", "W"}  # laid unturned: the Landing meets its east door
    for side in ("E", "W"):
        landed = do(step, f"choose {side}", "roll 1", "split might=1 speed=0")
        assert landed.state.explorers[0].side == side
        assert "barrier.side" in [o.code for o in do(step, f"choose {side}").outcomes]
    east = do(step, "choose E", "roll 0")
    assert east.state.current.side == "E"
    assert refused(east, "move W").rule == "B6.1"  # the far door needs the crossing first
