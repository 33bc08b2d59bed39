"""Haunt 15, Here There Be Dragons, refereed from its file (data/haunts/15.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, turn
from printedplay import last_hero_killed, settle, strong

ROOMS = ("Crypt", "Catacombs")


def dragons():
    return begin(15, *ROOMS, revealer=0, omen="Spear")


def hero(step):
    return next(s for s in (1, 2, 3, 0) if s != step.state.haunt.traitor)


def test_h15_here_there_be_dragons_set_up_the_dragon_shield_and_armor():
    h = dragons().state.haunt
    assert h.monsters["Dragon"].room == "Entrance Hall" and h.monsters["Dragon"].immune == ("speed",)
    assert h.token_room("Shield") == "Crypt" and h.token_room("Antique Armor") == "Catacombs"


def test_h15_here_there_be_dragons_heroes_win_when_the_dragon_takes_one_damage_per_player():
    step = dragons()
    me = hero(step)
    strong(step, me)
    step = settle(
        do(turn(step, me, "Entrance Hall"), "act fight option=might"), by={me: 1, step.state.haunt.traitor: 0}
    )
    assert (
        step.state.haunt.vars["_dragon"] >= 4 and step.state.haunt.winner == "heroes"
    )  # the win less Toughness 2


def test_h15_the_dragons_toughness_swallows_a_narrow_win():
    step = dragons()
    me = hero(step)
    step.state.explorers[me].traits.update(might=2)
    step = settle(
        do(turn(step, me, "Entrance Hall"), "act fight option=might"), by={me: 1, step.state.haunt.traitor: 0}
    )
    assert step.state.haunt.vars.get("_dragon", 0) == 0 and not step.state.haunt.winner


def test_h15_here_there_be_dragons_traitor_wins_when_every_hero_is_dead():
    step = dragons()
    assert last_hero_killed(step, step.state.haunt.traitor).state.haunt.winner == "traitor"


def test_h15_a_ring_attack_without_the_ring_is_refused():
    step = dragons()
    rej = refused(turn(step, hero(step), "Entrance Hall"), "act ring option=sanity")
    assert "Ring" in rej.sentence and "haunt 15" in rej.sentence
