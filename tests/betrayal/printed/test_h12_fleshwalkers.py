"""Haunt 12, Fleshwalkers, refereed from its file (data/haunts/12.toml) and hook h12 (the Twins)."""

from __future__ import annotations

from gamekit import CONTENT, do, refused
from hauntable.games.betrayal.haunts.printed.hooks.h12 import twin_of
from hauntable.games.betrayal.world import World
from printedkit import begin, monster_steps, roll, turn
from printedplay import monster_kills_last_hero, monster_prompt_for, settle, strong


def flesh():
    return begin(12, "Library", revealer=0, omen="Crystal Ball")


def twin(step, seat):
    return twin_of(World(step.state, CONTENT), seat)


def test_h12_fleshwalkers_every_explorer_has_a_twin_with_their_starting_traits():
    step = flesh()
    h = step.state.haunt
    assert h.traitor is None and len(h.monsters) == 4
    for e in step.state.explorers:
        t, start = h.monsters[twin(step, e.seat)], CONTENT.characters[e.character]
        assert (t.might, t.sanity, t.room) == (start.value("might"), start.value("sanity"), "Entrance Hall")


def test_h12_fleshwalkers_heroes_win_when_each_slays_their_twin_with_the_crystal_ball():
    step = strong(flesh(), 0, 1, 2, 3)
    for seat in range(4):
        step.state.explorers[seat].omens.append("Crystal Ball")
        step = do(turn(step, seat, "Entrance Hall"), "act slay option=might")
        step = roll(roll(step, 2), 0)  # the hero's Might, then the Twin's (thrown by the table's player)
        assert twin(step, seat) == ""
        step.state.explorers[seat].omens.remove("Crystal Ball")
    assert step.state.haunt.winner == "heroes"


def test_h12_fleshwalkers_the_house_wins_when_every_hero_is_dead():
    step = flesh()
    assert monster_kills_last_hero(step, twin(step, 3)).state.haunt.winner == "traitor"


def test_h12_slaying_your_twin_without_the_crystal_ball_is_refused():
    rej = refused(turn(flesh(), 1, "Entrance Hall"), "act slay option=might")
    assert "Crystal Ball" in rej.sentence and "haunt 12" in rej.sentence


def test_h12_a_twin_steps_only_toward_its_own_hero():
    step = begin(12, "Library", "Dining Room", "Kitchen", "Chapel", revealer=0, omen="Crystal Ball")
    room, offered, nearer = monster_steps(step, twin(step, 1), "Entrance Hall")
    assert offered and offered == nearer, (room, offered, nearer)


def test_h12_a_twin_attacks_only_its_own_hero_when_that_hero_is_in_its_room():
    step = flesh()
    mid = twin(step, 1)
    step.state.haunt.monsters[mid].room = "Library"
    for seat in (1, 2):
        step.state.explorers[seat].room = "Library"
    step = monster_prompt_for(do(turn(step, 3, "Entrance Hall"), "end"), mid)
    attacks = {str(c) for c in step.awaiting.choices() if str(c).startswith("attack")}
    assert "attack 1" in attacks and "attack 2" not in attacks


def test_h12_a_twin_whose_hero_is_away_may_attack_another():
    step = flesh()
    mid = twin(step, 1)
    step.state.haunt.monsters[mid].room = "Library"
    step.state.explorers[2].room = "Library"
    step = monster_prompt_for(do(turn(step, 3, "Entrance Hall"), "end"), mid)
    assert "attack 2" in {str(c) for c in step.awaiting.choices()}


def test_h12_beating_a_dead_heros_twin_with_the_crystal_ball_kills_it():
    step = flesh()
    dead, living = twin(step, 1), twin(step, 3)
    step.state.explorers[1].alive = False
    step.state.explorers[2].omens.append("Crystal Ball")
    step.state.explorers[2].traits.update(might=7)
    for mid in (dead, living):
        step.state.haunt.monsters[mid].room = "Library"
    step = settle(do(turn(step, 2, "Library"), f"attack '{dead}'"), by={2: 2, None: 0})
    step.state.turn.tried.clear()
    step = settle(do(turn(step, 2, "Library"), f"attack '{living}'"), by={2: 2, None: 0})
    assert dead not in step.state.haunt.monsters
    assert step.state.haunt.monsters[living].stunned
