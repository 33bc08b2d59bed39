"""Haunt 46, The Feast, refereed from its file (data/haunts/46.toml) and its hook (hooks/h46.py)."""

from __future__ import annotations

from gamekit import do, refused, texts
from printedkit import attacker_wins, begin, roll, turn, until_turn_of

ROOMS = ("Dining Room", "Attic", "Library", "Chapel", "Kitchen")


def feast():
    return begin(46, *ROOMS, revealer=0)


def test_h46_freaks_in_the_dining_room_victims_in_the_attic_one_each_per_hero():
    step = feast()
    h = step.state.haunt
    freaks = [m for m in h.monsters.values() if m.kind == "Cannibal Freak"]
    victims = [m for m in h.monsters.values() if m.kind == "Victim"]
    assert len(freaks) == len(victims) == 3
    assert {m.room for m in freaks} == {"Dining Room"} and {m.room for m in victims} == {"Attic"}
    assert all(m.side == "heroes" for m in victims) and all(m.beaten == "kill" for m in freaks)


def test_h46_the_feast_heroes_win_when_every_victim_and_hero_escapes():
    step = feast()
    h = step.state.haunt
    t = h.traitor
    heroes = [e.seat for e in step.state.explorers if e.seat != t]
    for m in h.monsters.values():
        if m.kind == "Victim":
            m.room = "Entrance Hall"
    step = roll(do(turn(step, heroes[0], "Entrance Hall"), "act open_door option=might"), 2)
    assert step.state.haunt.vars["_door"] == 1
    for seat in heroes:
        step = do(turn(step, seat, "Entrance Hall"), "act escape")
    assert step.state.haunt.vars["victims_escaped"] == 3
    assert step.state.haunt.winner == "heroes"


def test_h46_escaping_needs_the_door_open():
    step = feast()
    hero = next(e.seat for e in step.state.explorers if e.seat != step.state.haunt.traitor)
    assert "open the front door first" in refused(turn(step, hero, "Entrance Hall"), "act escape").sentence


def test_h46_a_hero_leads_the_victims_that_started_the_turn_with_them():
    step = feast()
    t = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    step.state.explorers[hero].room = "Attic"
    step = until_turn_of(step, hero)  # the turn begins with the Victims in the hero's room
    step = turn(step, hero, "Upper Landing")  # the hero walks on
    step = do(step, "act lead")
    assert {m.room for m in step.state.haunt.monsters.values() if m.kind == "Victim"} == {"Upper Landing"}


def test_h46_the_traitor_wins_when_every_victim_is_eaten():
    step = feast()
    h = step.state.haunt
    t = h.traitor
    for e in step.state.explorers:  # the heroes are elsewhere: nobody living stops the feast
        if e.seat != t:
            e.room = "Library"
    for mid in [k for k, m in h.monsters.items() if m.kind == "Victim"]:
        h.monsters[mid].room = step.state.explorers[t].room
    for mid in [k for k, m in h.monsters.items() if m.kind == "Victim"]:
        step = turn(step, t, step.state.explorers[t].room)
        step = attacker_wins(do(step, f"attack '{mid}'"))
        assert mid not in step.state.haunt.monsters
        step = do(turn(step, t, step.state.explorers[t].room), "act feast")
    assert step.state.haunt.winner == "traitor"


def test_h46_victims_never_attack():
    from printedplay import monster_prompt_for

    step = feast()
    victim = next(m for m in step.state.haunt.monsters.values() if m.kind == "Victim")
    traitor = step.state.haunt.traitor
    step.state.explorers[traitor].room = victim.room
    step = monster_prompt_for(
        step, victim.name or next(k for k, m in step.state.haunt.monsters.items() if m is victim)
    )
    assert not [c for c in map(str, step.awaiting.choices()) if c.startswith("attack")]


def test_h46_a_victim_that_wins_a_fight_it_did_not_start_deals_no_damage():
    step = feast()
    h = step.state.haunt
    t = h.traitor
    mid = next(k for k, m in h.monsters.items() if m.kind == "Victim")
    before = dict(step.state.explorers[t].traits)
    step = do(turn(step, t, h.monsters[mid].room), f"attack '{mid}'")
    step = roll(step, 0)  # the traitor's attack: blanks
    step = roll(step, 2)  # the Victim's defence, thrown by the traitor too: it wins
    assert any("takes no harm" in x for x in texts(step))
    assert step.state.explorers[t].traits == before and mid in step.state.haunt.monsters
