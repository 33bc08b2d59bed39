"""Haunt 49, You Wear It Well, refereed from its file (data/haunts/49.toml) and its hook (hooks/h49.py)."""

from __future__ import annotations

from gamekit import CONTENT, choices, do, refused
from printedkit import attacker_wins, begin, roll_total, turn
from printedplay import monster_prompt_for

ROOMS = ("Library", "Chapel", "Gymnasium", "Dining Room", "Kitchen")
SPIRIT = "'Astral Spirit'"


def spirit():
    return begin(49, *ROOMS, revealer=0)


def test_h49_the_spirit_beside_the_traitor_and_a_body_for_every_hero():
    step = spirit()
    h = step.state.haunt
    t = h.traitor
    assert h.monsters["Astral Spirit"].room == step.state.explorers[t].room
    bodies = [k for k in h.tokens if k.startswith("Body of")]
    assert len(bodies) == 3


def test_h49_you_wear_it_well_heroes_win_by_beating_the_spirit_once_per_player():
    step = spirit()
    t = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    room = step.state.haunt.monsters["Astral Spirit"].room
    assert "no Might" in refused(turn(step, hero, room), f"attack {SPIRIT}").sentence
    for _ in range(4):
        step = attacker_wins(do(turn(step, hero, room), f"attack {SPIRIT} trait=sanity"))
    assert "Astral Spirit" not in step.state.haunt.monsters
    assert step.state.haunt.winner == "heroes"


def test_h49_the_traitor_hurts_an_unconscious_body():
    step = spirit()
    t = step.state.haunt.traitor
    body_room = step.state.haunt.token_room(
        next(k for k in step.state.haunt.tokens if k.startswith("Body of"))
    )
    step = do(turn(step, t, body_room), "act harm_body")
    assert step.awaiting.kind == "roll" and step.awaiting.dice == 2


def test_h49_the_traitor_wins_when_the_spirit_inhabits_a_soulless_body():
    step = spirit()
    h = step.state.haunt
    t = h.traitor
    victim = next(e.seat for e in step.state.explorers if e.seat != t)
    step.state.explorers[victim].alive = False  # lost to something other than the traitor's own attack
    room = h.token_room(f"Body of {step.state.explorers[victim].name}")
    h.monsters["Astral Spirit"].room = room
    need = CONTENT.characters[step.state.explorers[victim].character].value("sanity") + 1
    step.state.explorers[t].traits["sanity"] = 7
    for _ in range(4):
        step = roll_total(do(turn(step, t, room), "act possess option=sanity"), need)
    assert step.state.haunt.winner == "traitor"


def test_h49_no_possession_without_a_soulless_body():
    step = spirit()
    t = step.state.haunt.traitor
    room = step.state.haunt.monsters["Astral Spirit"].room
    assert "haunt 49" in refused(turn(step, t, room), "act possess option=sanity").sentence


def test_h49_a_hero_who_beats_the_traitor_with_a_mental_attack_deals_it_no_damage():
    step = spirit()
    t = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    room = step.state.explorers[t].room
    before = dict(step.state.explorers[t].traits)
    step = attacker_wins(do(turn(step, hero, room), f"attack {t} trait=sanity"))
    assert step.state.explorers[t].traits == before and step.state.explorers[t].alive
    loser = dict(step.state.explorers[hero].traits)
    step = attacker_wins(do(turn(step, t, room), f"attack {hero} trait=knowledge"))
    assert step.state.explorers[hero].traits != loser  # a Soul the traitor beats is hurt


def test_h49_the_spirit_attacks_souls_only_with_sanity_or_knowledge():
    step = spirit()
    h = step.state.haunt
    hero = next(e.seat for e in step.state.explorers if e.seat != h.traitor)
    step.state.explorers[hero].room = h.monsters["Astral Spirit"].room
    attacks = [
        c for c in choices(monster_prompt_for(step, "Astral Spirit")) if c.startswith(f"attack {hero} ")
    ]
    assert sorted(attacks) == [f"attack {hero} trait=knowledge", f"attack {hero} trait=sanity"]
