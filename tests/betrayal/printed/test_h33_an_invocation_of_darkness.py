"""Haunt 33, An Invocation of Darkness, refereed from its file (data/haunts/33.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, fight, monsters_attack, roll, turn

ROOMS = ("Chapel", "Furnace Room", "Library", "Pentagram Chamber")


def invocation(each: int = 1):
    """The haunt revealed by Zoe with the Book; the set-up's four trait rolls answered with ``each``."""
    step = begin(33, *ROOMS, revealer=0, omen="Book")
    step.state.explorers[0].omens.append("Book")
    while step.awaiting.kind == "roll":
        step = roll(step, each)
    return step


def summon(step):
    """Five ritual successes in the Chapel, rolled within the traitor's movement."""
    while step.state.haunt.vars.get("ritual", 0) < 5:
        step = turn(step, 0, "Chapel")
        while step.state.haunt.vars.get("ritual", 0) < 5 and step.awaiting.movement_left >= 1:
            step = roll(do(step, "act ritual option=knowledge"), 2)
    return step


def test_h33_the_revealer_turns_and_each_trait_rises_by_two_dice():
    step = begin(33, *ROOMS, revealer=0, omen="Book")
    before = dict(step.state.explorers[0].traits)
    assert step.state.haunt.traitor == 0
    prompts = []
    while step.awaiting.kind == "roll":
        prompts.append(step.awaiting.text)
        step = roll(step, 1)
    assert len(prompts) == 4 and "Might" in prompts[0]
    assert all(step.state.explorers[0].traits[t] >= before[t] + 1 for t in before)


def test_h33_each_ritual_roll_costs_a_space_of_movement():
    step = turn(invocation(), 0, "Chapel")
    left = step.awaiting.movement_left
    step = roll(do(step, "act ritual option=knowledge"), 0)
    assert step.awaiting.movement_left == left - 1 and step.state.haunt.vars.get("ritual", 0) == 0
    step = roll(do(step, "act ritual option=knowledge"), 2)
    assert step.state.haunt.vars["ritual"] == 1


def test_h33_the_ritual_needs_the_book_brought_into_the_room():
    step = invocation()
    step.state.explorers[0].omens.remove("Book")
    rej = refused(turn(step, 0, "Chapel"), "act ritual option=knowledge")
    assert "having brought the Book there" in rej.sentence and "haunt 33" in rej.sentence


def test_h33_the_fifth_success_brings_the_elder_god_and_kills_the_traitors_explorer():
    step = summon(invocation())
    h = step.state.haunt
    assert not step.state.explorers[0].alive and h.winner is None
    god = h.monsters["Elder God"]
    assert god.room == "Chapel" and god.might == 12 and god.speed == 4  # as many as the players


def test_h33_invocation_heroes_win_by_destroying_the_book_in_the_furnace_room():
    step = summon(invocation())
    step.state.explorers[0].omens.clear()
    step.state.explorers[2].omens.append("Book")
    assert "Furnace Room" in refused(turn(step, 2, "Library"), "act destroy").sentence
    step = do(turn(step, 2, "Furnace Room"), "act destroy")
    assert step.state.haunt.winner == "heroes" and "Elder God" not in step.state.haunt.monsters


def test_h33_invocation_heroes_win_by_killing_the_traitor_before_the_summoning():
    step = invocation()
    step.state.explorers[0].traits.update(might=0, speed=0)
    step.state.explorers[0].omens.clear()  # nothing to steal: the win is damage
    step.state.explorers[0].room = step.state.explorers[1].room
    step = fight(do(turn(step, 1), "attack 0"), 1, hero_wins=True)
    assert step.state.haunt.winner == "heroes"


def test_h33_invocation_traitor_wins_when_the_elder_god_kills_the_last_hero():
    step = summon(invocation())
    for s in (2, 3):
        step.state.explorers[s].alive = False
    step.state.explorers[1].room = "Chapel"
    step.state.explorers[1].traits.update(might=0, speed=0)
    step = monsters_attack(do(turn(step, 1, "Chapel"), "end"), 1)
    assert step.state.haunt.winner == "traitor"
