"""Haunt 11, Let Them In, refereed from its file (app/hauntable/games/betrayal/data/haunts/11.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, monster_steps, turn
from printedplay import act, last_hero_killed, monster_prompt_for, settle, strong

ROOMS = ("Chapel", "Library", "Crypt", "Pentagram Chamber")


def let_in():
    return begin(11, *ROOMS, revealer=0, omen="Madman")


def test_h11_let_them_in_set_up_the_madman_and_a_specter_waiting_at_the_front_door():
    step = let_in()
    h = step.state.haunt
    assert h.monsters["Madman"].room == step.state.explorers[0].room and h.monsters["Madman"].might == 7
    assert h.token_room("Waiting Specter 1") == "Entrance Hall"


def test_h11_let_them_in_heroes_win_by_banishing_every_specter_with_the_ring():
    step = act(let_in(), 0, "Entrance Hall", "open")
    h = step.state.haunt
    assert "Waiting Specter 1" not in h.tokens and h.monsters["Specter"].room == "Entrance Hall"
    strong(step, 1).state.explorers[1].omens.append("Ring")
    step = settle(do(turn(step, 1, "Entrance Hall"), "act banish option=sanity"), by={1: 2, 0: 0})
    assert step.state.haunt.winner == "heroes"


def test_h11_let_them_in_heroes_win_with_one_exorcism_per_player():
    step = strong(let_in(), 1, 2, 3)
    for seat, room, action, trait in (
        (1, "Chapel", "exorcise_sanity", "sanity"),
        (2, "Crypt", "exorcise_sanity", "sanity"),
        (3, "Library", "exorcise_knowledge", "knowledge"),
    ):
        step = act(step, seat, room, action, trait)
    assert step.state.haunt.vars["_exorcism"] == 3 and not step.state.haunt.winner
    step = act(step, 1, "Pentagram Chamber", "exorcise_sanity", "sanity")
    assert step.state.haunt.winner == "heroes"


def test_h11_let_them_in_traitor_wins_when_every_hero_is_dead():
    assert last_hero_killed(let_in(), 0).state.haunt.winner == "traitor"


def test_h11_banishing_without_the_ring_is_refused_naming_the_haunt():
    step = act(let_in(), 0, "Entrance Hall", "open")
    rej = refused(turn(step, 1, "Entrance Hall"), "act banish option=sanity")
    assert "Ring" in rej.sentence and "haunt 11" in rej.sentence


def test_h11_the_madman_steps_only_toward_the_nearest_waiting_specter():
    step = begin(11, *ROOMS, "Dining Room", "Kitchen", revealer=0)
    room, offered, nearer = monster_steps(step, "Madman", "Entrance Hall")  # the Specter at the front door
    assert offered and offered == nearer, (room, offered, nearer)


def test_h11_the_madman_lets_a_waiting_specter_in_on_his_move():
    step = let_in()
    step.state.haunt.monsters["Madman"].room = "Entrance Hall"
    step = monster_prompt_for(do(turn(step, 1, "Library"), "end"), "Madman")
    step = do(step, "act monster_open")
    h = step.state.haunt
    assert not h.tokens_in("Entrance Hall")
    assert [m.room for m in h.monsters.values() if m.kind == "Specter"] == ["Entrance Hall"]
