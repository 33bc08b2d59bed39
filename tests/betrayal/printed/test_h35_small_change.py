"""Haunt 35, Small Change, refereed from its file (data/haunts/35.toml) and its hook (hooks/h35.py)."""

from __future__ import annotations

from gamekit import do, refused
from hauntable.games.betrayal.prompts import MonsterTurn
from printedkit import begin, roll, turn

ROOMS = ("Attic", "Tower", "Game Room", "Library")


def small():
    return begin(35, *ROOMS, revealer=0)


def heroes(step):
    return [s for s in range(4) if s != step.state.haunt.traitor]


def play_on(step, cat_wins: bool, stop_after_monsters: int = 1):
    """End turns; in the monster turn the Cat attacks whoever it can; rolls favour the Cat or not."""
    t = step.state.haunt.traitor
    seen = 0
    while step.awaiting is not None and step.state.haunt.winner is None:
        a = step.awaiting
        if isinstance(a, MonsterTurn):
            attack = [str(c) for c in a.choices() if str(c).startswith("attack")]
            if attack:
                step = do(step, attack[0])
            else:
                step, seen = do(step, "end"), seen + 1
        elif a.kind == "roll":
            step = roll(step, 2 if (a.player == t) == cat_wins else 0)
        elif a.kind == "action":
            if seen >= stop_after_monsters:
                break
            step = do(step, "end")
        else:
            step = do(step, str(a.choices()[0]))
    return step


def test_h35_a_cat_waits_in_the_entrance_hall_with_four_players():
    h = small().state.haunt
    cats = [m for m in h.monsters.values() if m.kind == "Cat"]
    assert len(cats) == 1 and cats[0].room == "Entrance Hall" and cats[0].might == 7


def test_h35_the_cat_catches_instead_of_hurting_and_swallows_at_the_next_monster_turn():
    step = small()
    hero = heroes(step)[0]
    for s in heroes(step):
        step.state.explorers[s].room = "Library"
    step.state.explorers[hero].room = "Entrance Hall"
    traits = dict(step.state.explorers[hero].traits)
    step = play_on(step, cat_wins=True)
    assert step.state.haunt.vars["_held"] == {"Cat": hero} and step.state.explorers[hero].traits == traits
    assert step.state.explorers[hero].alive
    assert turn(step, hero).awaiting.movement_left == 0  # held: no moving
    step = play_on(step, cat_wins=True)
    assert not step.state.explorers[hero].alive and step.state.haunt.vars["swallowed"] == 1


def test_h35_a_caught_hero_escapes_with_a_higher_roll():
    step = small()
    hero = heroes(step)[0]
    step.state.haunt.vars["_held"] = {"Cat": hero}
    step.state.haunt.vars["_caught"] = {str(hero): 0}
    step = do(turn(step, hero, "Entrance Hall"), "act escape_might")
    step = roll(step, 0)  # the Cat's Might dice
    step = roll(step, 1)  # the hero's
    assert step.state.haunt.vars["_held"] == {}


def test_h35_small_change_heroes_win_flying_out_together():
    step = small()
    pilot, *rest = heroes(step)
    step = roll(do(turn(step, pilot, "Attic"), "act find_plane option=knowledge"), 2)
    assert step.state.haunt.token_room("Toy Airplane") == "Attic"
    step = roll(do(turn(step, pilot, "Attic"), "act start_plane option=knowledge"), 2)
    step = do(turn(step, pilot, "Attic"), "act pilot")
    rej = refused(turn(step, pilot, "Tower"), "act fly_out")
    assert "every living hero" in rej.sentence and "haunt 35" in rej.sentence
    for s in rest:
        step.state.explorers[s].room = "Tower"
    step = do(turn(step, pilot, "Tower"), "act fly_out")
    assert step.state.haunt.winner == "heroes"


def test_h35_small_change_traitor_wins_when_the_cats_swallow_more_than_half():
    step = small()
    a, b, c = heroes(step)
    step.state.haunt.vars["_held"] = {"Cat": a}
    step.state.haunt.vars["_caught"] = {str(a): -1}
    step.state.haunt.vars["swallowed"] = 1
    step.state.explorers[c].room = "Library"
    step.state.explorers[b].room = "Library"
    step = play_on(step, cat_wins=True)
    assert step.state.haunt.winner == "traitor"


def test_h35_the_shrunk_traitor_cannot_attack_explorers():
    step = small()
    t = step.state.haunt.traitor
    hero = heroes(step)[0]
    step = turn(step, hero, "Library")
    assert "cannot attack" in refused(turn(step, t, "Library"), f"attack {hero}").sentence
