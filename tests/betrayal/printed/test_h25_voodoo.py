"""Haunt 25, Voodoo, refereed from its file (data/haunts/25.toml)."""

from __future__ import annotations

from gamekit import refused
from printedkit import begin, turn
from printedplay import act, fight

ROOMS = ("Kitchen", "Tower")


def voodoo():
    return begin(25, *ROOMS, revealer=0, omen="Mask")


def heroes(step):
    return [s for s in range(4) if s != step.state.haunt.traitor]


def test_h25_voodoo_heroes_win_when_every_doll_is_destroyed_and_enough_heroes_live():
    step = voodoo()
    for seat in heroes(step):
        assert not step.state.haunt.winner
        step = act(step, seat, "Kitchen", "destroy")
    assert step.state.haunt.winner == "heroes"


def test_h25_voodoo_traitor_wins_when_more_than_half_of_the_heroes_are_dead():
    step = voodoo()
    traitor = step.state.haunt.traitor
    first, second, _ = heroes(step)
    step.state.explorers[first].alive = False
    step.state.explorers[second].traits.update(might=0)
    step = fight(turn(step, traitor, step.state.explorers[second].room), traitor, str(second))
    assert step.state.haunt.winner == "traitor"


def test_h25_a_doll_is_destroyed_once():
    step = voodoo()
    hero = heroes(step)[0]
    step = act(step, hero, "Kitchen", "destroy")
    rej = refused(turn(step, hero, "Kitchen"), "act destroy")
    assert "already destroyed" in rej.sentence and "haunt 25" in rej.sentence


def test_h25_a_dead_heros_doll_is_destroyed_with_them_so_the_others_can_still_win():
    step = voodoo()
    traitor = step.state.haunt.traitor
    victim, *others = heroes(step)
    step.state.explorers[victim].traits.update(might=0)
    step = fight(turn(step, traitor, step.state.explorers[victim].room), traitor, str(victim))
    assert not step.state.explorers[victim].alive and step.state.haunt.winner is None
    for seat in others:
        step = act(step, seat, "Kitchen", "destroy")
    assert step.state.haunt.winner == "heroes"
