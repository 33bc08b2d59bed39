"""Haunt 15, Here There Be Dragons, refereed from its file (data/haunts/15.toml)."""

from __future__ import annotations

from gamekit import do, refused, value
from printedkit import begin, roll_total, turn
from printedplay import last_hero_killed, monster_prompt_for, settle, strong

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


def _spear_to(step, seat: int):
    for e in step.state.explorers:
        if "Spear" in e.omens:
            e.omens.remove("Spear")
    step.state.explorers[seat].omens.append("Spear")
    return step


def test_h15_the_spear_adds_4_to_a_might_attack_on_the_dragon():
    step = dragons()
    me = hero(step)
    strong(step, me)
    step = roll_total(do(turn(_spear_to(step, me), me, "Entrance Hall"), "act fight option=might"), 4)
    step = roll_total(step, 4)  # the Dragon's 8 dice: 4 + 4 beats 4 by 4, less Toughness 2
    assert step.state.haunt.vars.get("_dragon", 0) == 2


def test_h15_the_spear_adds_4_when_defending_against_the_dragons_bite():
    step = dragons()
    me = hero(step)
    strong(step, me)
    before = value(step, me, "might") + value(step, me, "speed")
    step = monster_prompt_for(do(turn(_spear_to(step, me), me, "Entrance Hall"), "end"), "Dragon")
    step = roll_total(do(step, f"attack {me}"), 6)
    step = roll_total(step, 3)  # 3 + 4 beats the Bite's 6: no damage
    assert value(step, me, "might") + value(step, me, "speed") == before
