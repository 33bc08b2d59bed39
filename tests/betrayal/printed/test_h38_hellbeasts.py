"""Haunt 38, Hellbeasts, refereed from its file (data/haunts/38.toml) and its hook (hooks/h38.py)."""

from __future__ import annotations

from gamekit import do, refused
from hauntable.games.betrayal.prompts import MonsterTurn
from printedkit import begin, roll, turn

ROOMS = ("Chapel", "Library", "Crypt", "Pentagram Chamber", "Research Laboratory")


def hellbeasts():
    return begin(38, *ROOMS, revealer=0, room="Entrance Hall")


def heroes(step):
    return [s for s in range(4) if s != step.state.haunt.traitor]


def to_monster_turn_end(step, each: int):
    """Play on through the monsters' turn (every monster passes) and answer its rolls with ``each``."""
    started = False
    while step.awaiting is not None and step.state.haunt.winner is None:
        a = step.awaiting
        if isinstance(a, MonsterTurn):
            started, step = True, do(step, "end")
        elif a.kind == "roll" and ("speed" in a.text or started):
            started, step = True, roll(step, each)
        elif a.kind == "roll":
            step = roll(step, 0)
        elif a.kind == "action":
            if started:
                break
            step = do(step, "end")
        else:
            step = do(step, str(a.choices()[0]))
    return step


def test_h38_firebats_half_the_players_in_the_reveal_room_neither_attack_nor_slow():
    step = hellbeasts()
    h = step.state.haunt
    assert h.traitor not in (0, None)  # lowest Knowledge, not the revealer
    bats = [m for m in h.monsters.values() if m.kind == "Firebats"]
    assert len(bats) == 2 and all(m.room == "Entrance Hall" for m in bats)
    assert all(m.might is None and m.sanity is None and not m.slows for m in bats)


def test_h38_hellbeasts_heroes_win_after_as_many_exorcisms_as_players():
    step = hellbeasts()
    hero = heroes(step)[0]
    for room in ("Chapel", "Crypt", "Library", "Research Laboratory"):
        option = "sanity" if room in ("Chapel", "Crypt") else "knowledge"
        step = roll(do(turn(step, hero, room), f"act exorcise_{option} option={option}"), 2)
    assert step.state.haunt.vars["exorcism"] == 4
    assert step.state.haunt.winner == "heroes"


def test_h38_a_room_used_for_an_exorcism_cannot_be_used_again():
    step = hellbeasts()
    hero = heroes(step)[0]
    step = roll(do(turn(step, hero, "Chapel"), "act exorcise_sanity option=sanity"), 2)
    rej = refused(turn(step, hero, "Chapel"), "act exorcise_sanity option=sanity")
    assert "not used for an exorcism yet" in rej.sentence and "haunt 38" in rej.sentence


def test_h38_a_held_holy_symbol_serves_one_exorcism_anywhere():
    step = hellbeasts()
    hero = heroes(step)[0]
    step.state.explorers[hero].omens.append("Holy Symbol")
    step = roll(do(turn(step, hero, "Entrance Hall"), "act exorcise_sanity option=sanity"), 2)
    assert step.state.haunt.vars["exorcism"] == 1
    again = turn(step, hero, "Entrance Hall")
    assert "haunt 38" in refused(again, "act exorcise_sanity option=sanity").sentence


def test_h38_the_traitor_cannot_exorcise():
    step = hellbeasts()
    rej = refused(turn(step, step.state.haunt.traitor, "Chapel"), "act exorcise_sanity option=sanity")
    assert "heroes" in rej.sentence


def test_h38_firebats_burn_the_heroes_in_their_room_and_their_speed_roll_breeds_more():
    step = hellbeasts()
    hero = heroes(step)[0]
    step.state.explorers[hero].room = "Entrance Hall"
    for s in heroes(step)[1:]:
        step.state.explorers[s].room = "Chapel"
    before = dict(step.state.explorers[hero].traits)
    step = to_monster_turn_end(step, 1)
    after = step.state.explorers[hero].traits
    lost = sum(before[t] - after[t] for t in ("might", "speed"))
    assert lost == 2  # two Firebats: two dice showing 1
    bats = step.state.haunt.monsters.values()
    assert sum(1 for m in bats if m.kind == "Firebats") == 2 + 3  # 3 dice showing 1 breed 3


def test_h38_hellbeasts_traitor_wins_when_the_firebats_burn_every_hero():
    step = hellbeasts()
    for s in heroes(step):
        step.state.explorers[s].room = "Entrance Hall"
        step.state.explorers[s].traits.update(might=0, speed=0)
    step = to_monster_turn_end(step, 2)
    assert step.state.haunt.winner == "traitor"
