"""Haunt 3, Frog-Leg Stew, refereed from its file (app/hauntable/games/betrayal/data/haunts/03.toml)."""

from __future__ import annotations

from gamekit import CONTENT, choices, do, refused
from printedkit import begin, build, roll_total, turn
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


def frogged(step, me: int):
    """The Witch, alone in the Library with hero ``me``, casts Skin of Frog: her dice show 6, the hero's 2."""
    step.state.haunt.monsters["Witch"].room = "Library"
    for e in step.state.explorers:
        e.room = "Library" if e.seat == me else "Kitchen"
    step.state.explorers[me].items.append("Axe")
    step = monster_prompt_for(do(turn(step, me, "Library"), "end"), "Witch")
    step = do(step, "act monster_frog")
    step = roll_total(step, 6)  # the Witch's Sanity
    return roll_total(step, 2)  # the hero's


def test_h03_skin_of_frog_makes_a_hero_a_frog_and_brings_the_cat():
    step = stew()
    me = hero(step)
    step = frogged(build(step, "Library"), me)
    e, h = step.state.explorers[me], step.state.haunt
    assert not e.items and e.traits["might"] == 1 and e.traits["knowledge"] == 1
    assert [m.room for m in h.monsters.values() if m.kind == "Cat"] == [h.room]


def test_h03_a_frog_cannot_attack_and_the_traitor_cannot_attack_it():
    step = stew()
    me = hero(step)
    step = frogged(build(step, "Library"), me)
    t = step.state.haunt.traitor
    step.state.explorers[t].room = "Library"
    assert "cannot attack" in refused(turn(step, me, "Library"), f"attack {t}").sentence
    assert "cannot attack" in refused(turn(step, t, "Library"), f"attack {me}").sentence


def test_h03_the_cat_eats_a_frog_it_beats():
    step = stew()
    me = hero(step)
    step = frogged(build(step, "Library"), me)
    cat = next(mid for mid, m in step.state.haunt.monsters.items() if m.kind == "Cat")
    step.state.haunt.monsters[cat].room = "Library"
    step = monster_prompt_for(do(turn(step, me, "Library"), "end"), cat)
    assert f"attack {me}" in choices(step)
    step = do(step, f"attack {me}")
    step = roll_total(step, 3)  # the Cat's Might 3
    step = roll_total(step, 0)  # the Frog's
    assert not step.state.explorers[me].alive


def test_h03_frog_leg_stew_traitor_wins_when_every_hero_is_a_frog():
    step = stew()
    me = hero(step)
    for e in step.state.explorers:
        if e.seat not in (me, step.state.haunt.traitor):
            e.alive = False
    step = frogged(build(step, "Library"), me)
    assert step.state.haunt.winner == "traitor"


def test_h03_the_book_turns_a_frog_back():
    step = stew()
    me = hero(step)
    step = frogged(build(step, "Library"), me)
    other = next(s for s in (1, 2, 3) if s not in (me, step.state.haunt.traitor))
    step.state.explorers[other].omens.append("Book")
    step.state.explorers[other].traits["knowledge"] = 7
    step = roll_total(do(turn(step, other, "Library"), "act unfrog option=knowledge"), 4)
    start = CONTENT.characters[step.state.explorers[me].character].start
    assert step.state.explorers[me].traits["might"] == start["might"]
    t = step.state.haunt.traitor
    step.state.explorers[t].room = "Library"
    assert f"attack {t}" in choices(turn(step, me, "Library"))  # no longer a Frog
