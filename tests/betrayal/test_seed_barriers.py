"""Issue 17: the barrier rooms split their room in two (de l.151-153, ru l.161-163). Figures on the two
sides of a barrier neither attack nor deal with each other; a monster that stops there and an explorer an
effect puts there have a side, chosen by the traitor and by the explorer."""

from __future__ import annotations

from gamekit import CONTENT, arrange, choices, do, in_haunt, monster, refused, start
from hauntable.games.betrayal.monsters import explorer_leave_extra
from hauntable.games.betrayal.world import World

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
    assert refused(step, "choose N").rule == "B6.1"  # no side there
    for side in ("E", "W"):
        landed = do(step, f"choose {side}", "roll 1", "split might=1 speed=0")
        assert landed.state.explorers[0].side == side
        assert "barrier.side" in [o.code for o in do(step, f"choose {side}").outcomes]
    east = do(step, "choose E", "roll 0")
    assert east.state.current.side == "E"
    assert refused(east, "move W").rule == "B6.1"  # the far door needs the crossing first


# --- a monster that stops in a barrier room (de l.151, ru l.161) ------------------------------------------


def _ghoul_to_the_chasm():
    """Ox is the traitor; the Ghoul (speed 2) walks from the Entrance Hall into the Chasm, where Zoe stands
    on the west side and Vivian on the east side; then its move ends and the traitor is asked the side."""
    step = arrange(start(today="11-05"), rooms=CHASM_EAST, at={0: "Chasm", 2: "Chasm"})
    step.state.explorers[0].side, step.state.explorers[2].side = "W", "E"
    ghoul = monster("Ghoul", "Entrance Hall", might=4, speed=2)
    step = do(in_haunt(step, traitor=1, seat=1, monsters={"Ghoul": ghoul}), "end", "roll 1,1", "go Chasm")
    moving = step
    assert {"attack 0", "attack 2"} <= set(choices(moving))  # it ignores the barrier while it moves
    step = do(step, "end")
    return moving, step


def test_de151_a_monster_ending_its_move_in_a_barrier_room_has_the_side_the_traitor_chooses():
    _, step = _ghoul_to_the_chasm()
    prompt = step.awaiting
    assert prompt.kind == "option" and prompt.code == "monster_side" and prompt.player == 1  # the traitor
    assert set(prompt.options) == {"E", "W"}
    assert refused(step, "choose S").rule == "B6.1"
    step = do(step, "choose E")
    assert step.state.haunt.monsters["Ghoul"].barrier_side == "E"
    assert "monster.side" in [o.code for o in step.outcomes]
    # Zoe (west side) can neither attack it nor is she slowed by it; Vivian (east side) can attack it
    assert step.state.turn.seat == 2 or step.state.turn.seat == 0
    zoe = arrange(step, seat=0)
    assert not [c for c in choices(zoe) if c.startswith("attack Ghoul")]
    assert refused(zoe, "attack Ghoul").rule == "B6.1"
    assert explorer_leave_extra(World(zoe.state, CONTENT), 0) == 0
    vivian = arrange(step, seat=2)
    assert "attack Ghoul" in choices(vivian)
    assert explorer_leave_extra(World(vivian.state, CONTENT), 2) == 1


def test_de151_a_monster_on_one_side_attacks_only_explorers_on_that_side():
    _, step = _ghoul_to_the_chasm()
    step = do(step, "choose W")
    # its next move: it starts in the Chasm, on the west side, with Zoe
    while step.awaiting.kind != "monster":  # the heroes' and the traitor's turns pass
        step = do(
            step, "roll " + ",".join("1" * step.awaiting.dice) if step.awaiting.kind == "roll" else "end"
        )
    attacks = [c for c in choices(step) if c.startswith("attack")]
    assert attacks == ["attack 0"]
    assert refused(step, "attack 2").rule == "H5.2"
    step = do(step, "go 'Entrance Hall'")
    assert step.state.haunt.monsters["Ghoul"].barrier_side is None  # moving on, it leaves its side


def test_de153_a_secret_passage_into_a_barrier_room_leads_to_the_side_chosen_first_for_good():
    """de l.153 (the token stays on the chosen side), ru l.163 (you choose where the passage leads)."""
    step = start("zoe", "ox", "vivian", today="11-05")
    step = arrange(step, rooms={"Chasm": ("ground", 3, 0, 0)})  # not joined to the hall: only the passage
    step.state.tokens.update({"Secret Passage": "Entrance Hall", "Secret Passage 2": "Chasm"})
    step = do(arrange(step, seat=0), "use 'Secret Passage'")
    assert step.state.current.room == "Chasm" and step.awaiting.code == "barrier_side"
    step = do(step, "choose W")
    assert step.state.explorers[0].side == "W"
    ox = do(arrange(step, seat=1), "use 'Secret Passage'")  # the next one through lands there, unasked
    assert ox.state.explorers[1].room == "Chasm" and ox.state.explorers[1].side == "W"
    assert ox.awaiting.kind == "action"
