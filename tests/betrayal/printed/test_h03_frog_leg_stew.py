"""Haunt 3, Frog-Leg Stew, refereed from its file (app/hauntable/games/betrayal/data/haunts/03.toml)."""

from __future__ import annotations

from gamekit import choices, refused
from printedkit import begin, turn
from printedplay import act, fight, last_hero_killed, monster_prompt_for

ROOMS = ("Kitchen", "Conservatory", "Larder")


def stew():
    return begin(3, *ROOMS, revealer=0, omen="Book")


def hero(step):
    return next(s for s in (1, 2, 3, 0) if s != step.state.haunt.traitor)


def test_h03_frog_leg_stew_set_up_the_witch_in_the_hall_and_a_root_in_each_root_room():
    step = stew()
    h = step.state.haunt
    assert h.monsters["Witch"].room == "Entrance Hall" and h.monsters["Witch"].beaten == "nothing"
    assert {h.token_room(f"Root {n}") for n in (1, 2, 3)} == {"Conservatory", "Larder", "Kitchen"}


def test_h03_frog_leg_stew_heroes_win_by_killing_the_witch_after_form_of_mortal():
    step = stew()
    me = hero(step)
    step.state.explorers[me].omens.append("Book")
    step = act(step, me, "Kitchen", "dig", "knowledge")
    assert step.state.haunt.carrier("Root 3") == me
    step = act(step, me, "Entrance Hall", "mortal", "knowledge")
    h = step.state.haunt
    assert h.vars["_mortal"] == 1 and "Root 3" not in h.tokens and h.monsters["Witch"].beaten == "kill"
    step = fight(turn(step, me, "Entrance Hall"), me, "Witch")
    assert step.state.haunt.winner == "heroes"


def test_h03_frog_leg_stew_the_witch_is_unharmed_before_form_of_mortal():
    step = stew()
    me = hero(step)
    step = fight(turn(step, me, "Entrance Hall"), me, "Witch")
    assert "Witch" in step.state.haunt.monsters and not step.state.haunt.winner


def test_h03_frog_leg_stew_traitor_wins_when_every_hero_is_dead():
    step = stew()
    assert last_hero_killed(step, step.state.haunt.traitor).state.haunt.winner == "traitor"


def test_h03_form_of_mortal_without_the_book_is_refused_naming_the_haunt():
    step = stew()
    me = hero(step)
    step = act(step, me, "Kitchen", "dig", "knowledge")
    rej = refused(turn(step, me, "Entrance Hall"), "act mortal option=knowledge")
    assert "Book" in rej.sentence and "haunt 3" in rej.sentence


def test_h03_the_witch_never_makes_a_normal_attack():
    step = stew()
    me = hero(step)
    step = monster_prompt_for(turn(step, me, "Entrance Hall"), "Witch")
    assert not [c for c in choices(step) if c.startswith("attack")]
