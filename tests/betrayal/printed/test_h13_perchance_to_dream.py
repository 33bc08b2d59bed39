"""Haunt 13, Perchance to Dream, refereed from its file (data/haunts/13.toml)."""

from __future__ import annotations

from gamekit import do, refused
from hauntable.games.betrayal.prompts import MonsterTurn
from printedkit import begin, roll_total, turn
from printedplay import act, monster_prompt_for, settle, strong

ROOMS = ("Library", "Chapel")


def dream():
    return begin(13, *ROOMS, revealer=0, omen="Holy Symbol")


def test_h13_perchance_to_dream_set_up_the_body_sleeps_among_one_nightmare_per_player():
    step = dream()
    h = step.state.haunt
    body = h.traitor
    assert h.vars["_body"] == body and h.vars["_needed"] == 1  # the Entrance Hall only
    assert [m.room for m in h.monsters.values()] == [step.state.explorers[body].room] * 4


def test_h13_perchance_to_dream_heroes_win_when_the_dreamer_wakes():
    step = dream()
    body = step.state.haunt.traitor
    room = step.state.explorers[body].room
    heroes = [s for s in range(4) if s != body]
    strong(step, *heroes)
    step.state.explorers[heroes[0]].omens.append("Holy Symbol")
    for seat in (*heroes, heroes[0]):
        step.state.explorers[heroes[0]].room = room
        step = act(step, seat, room, "wake", "sanity")
    assert step.state.haunt.winner == "heroes"


def test_h13_perchance_to_dream_traitor_wins_when_enough_nightmares_escape():
    step = dream()
    h = step.state.haunt
    nightmare = sorted(h.monsters)[0]
    h.monsters[nightmare].room = "Entrance Hall"
    for _ in range(40):
        a = step.awaiting
        if a is None or step.state.haunt.winner:
            break
        if isinstance(a, MonsterTurn) and a.monster == nightmare:
            assert "act monster_escape" in [str(c) for c in a.choices()]
            step = do(step, "act monster_escape")
        elif a.kind == "roll":
            step = do(step, "roll " + ",".join(["0"] * a.dice))
        else:
            step = do(step, "end")
    h = step.state.haunt
    assert h.winner == "traitor" and h.vars["_escaped"] == 1 and len(h.monsters) == 4


def test_h13_waking_without_the_holy_symbol_is_refused():
    step = dream()
    body = step.state.haunt.traitor
    hero = next(s for s in range(4) if s != body)
    rej = refused(turn(step, hero, step.state.explorers[body].room), "act wake option=sanity")
    assert "Holy Symbol" in rej.sentence and "haunt 13" in rej.sentence


def nightmare_attacks(step, hero: int, attack: int, defence: int):
    h = step.state.haunt
    mid = next(mid for mid, m in h.monsters.items() if m.kind == "Nightmare")
    h.monsters[mid].room = "Library"
    step = monster_prompt_for(do(turn(step, hero, "Library"), "end"), mid)
    step = roll_total(roll_total(do(step, f"attack {hero}"), attack), defence)
    return settle(step), mid


def test_h13_a_nightmare_attacks_with_might_but_deals_mental_damage():
    step = dream()
    hero = next(s for s in (1, 2, 3) if s != step.state.haunt.traitor)
    before = dict(step.state.explorers[hero].traits)  # steps on the tracks
    step, _ = nightmare_attacks(step, hero, 3, 1)
    after = step.state.explorers[hero].traits
    assert after["might"] == before["might"] and after["speed"] == before["speed"]
    assert after["sanity"] + after["knowledge"] < before["sanity"] + before["knowledge"]


def test_h13_a_nightmare_beaten_in_its_own_attack_is_only_stunned():
    step = dream()
    hero = next(s for s in (1, 2, 3) if s != step.state.haunt.traitor)
    step, mid = nightmare_attacks(step, hero, 0, 3)
    assert mid in step.state.haunt.monsters and step.state.haunt.monsters[mid].stunned
