"""Haunt 28, Ring of King Solomon, refereed from its file (data/haunts/28.toml) and hook (hooks/h28.py)."""

from __future__ import annotations

from gamekit import CONTENT, do, refused
from printedkit import begin, fight, monster_steps, monsters_attack, roll_total, turn

ROOMS = ("Chapel", "Gymnasium", "Library", "Dining Room", "Kitchen")


def solomon():
    return begin(28, *ROOMS, revealer=0)


def heroes(step):
    return [s for s in range(4) if s != step.state.haunt.traitor]


def test_h28_the_lord_and_a_demon_per_hero_come_through_a_portal_in_an_event_room():
    step = solomon()
    h = step.state.haunt
    portal = h.monsters["Demon Lord"].room
    assert CONTENT.rooms[portal].symbol == "event"
    assert sorted(m.kind for m in h.monsters.values()) == ["Demon 1", "Demon 2", "Demon 3", "Demon Lord"]
    assert all(m.room == portal for m in h.monsters.values())
    assert not any(e.room == portal for e in step.state.explorers)


def test_h28_without_the_ring_the_demon_lord_is_only_stunned():
    step = solomon()
    hero = heroes(step)[0]
    room = step.state.haunt.monsters["Demon Lord"].room
    step = fight(do(turn(step, hero, room), "attack 'Demon Lord'"), hero, hero_wins=True)
    assert step.state.haunt.monsters["Demon Lord"].stunned
    assert step.state.haunt.vars.get("lord_defeats", 0) == 0 and step.state.haunt.winner is None


def test_h28_ring_of_king_solomon_heroes_win_when_the_ring_beats_the_lord_twice():
    step = solomon()
    hero = heroes(step)[0]
    step.state.explorers[hero].omens.append("Ring")
    room = step.state.haunt.monsters["Demon Lord"].room
    step = fight(do(turn(step, hero, room), "attack 'Demon Lord'"), hero, hero_wins=True)
    assert step.state.haunt.vars["lord_defeats"] == 1 and step.state.haunt.monsters["Demon Lord"].stunned
    step = fight(do(turn(step, hero, room), "act ring_sanity"), hero, hero_wins=True)
    assert "Demon Lord" not in step.state.haunt.monsters
    assert step.state.haunt.winner == "heroes"


def test_h28_the_rings_sanity_attack_needs_the_ring():
    step = solomon()
    room = step.state.haunt.monsters["Demon Lord"].room
    rej = refused(turn(step, heroes(step)[0], room), "act ring_sanity")
    assert "carry the Ring" in rej.sentence and "haunt 28" in rej.sentence


def test_h28_ring_of_king_solomon_traitor_wins_when_the_demons_kill_every_hero():
    step = solomon()
    hero, *others = heroes(step)
    for s in others:
        step.state.explorers[s].alive = False
    room = step.state.haunt.monsters["Demon Lord"].room
    step.state.explorers[hero].traits.update(might=0, speed=0)
    step = monsters_attack(do(turn(step, hero, room), "end"), hero)
    assert step.state.haunt.winner == "traitor"


def test_h28_a_sanity_attack_on_the_demon_lord_with_the_ring_adds_2():
    step = solomon()
    hero = heroes(step)[0]
    step.state.explorers[hero].omens.append("Ring")
    step.state.explorers[hero].traits.update(sanity=7)
    room = step.state.haunt.monsters["Demon Lord"].room
    step = roll_total(do(turn(step, hero, room), "act ring_sanity"), 4)
    step = roll_total(step, 5)  # the Lord's defence: 4 + 2 beats it
    assert step.state.haunt.vars["lord_defeats"] == 1 and step.state.haunt.monsters["Demon Lord"].stunned


def test_h28_each_demon_steps_only_toward_the_nearest_hero():
    step = solomon()
    room, offered, nearer = monster_steps(step, "Demon 1", "Entrance Hall")
    assert offered and offered == nearer, (room, offered, nearer)
