"""Haunt 37, Checkmate, refereed from its file (data/haunts/37.toml) and its hook (hooks/h37.py)."""

from __future__ import annotations

from gamekit import CONTENT, do, refused, value
from hauntable.games.betrayal.house import adjacent, door_leads
from hauntable.games.betrayal.prompts import MonsterTurn
from printedkit import begin, roll, turn

ROOMS = ("Vault", "Game Room", "Library", "Crypt")


def checkmate():
    return begin(37, *ROOMS, revealer=0)


def heroes(step):
    return [s for s in range(4) if s != step.state.haunt.traitor]


def monster_turn(step, death: int, hero: int):
    """Play on to the monsters' turn; Death's chess dice show ``death``, the hero's ``hero``."""
    started = False
    while step.awaiting is not None and step.state.haunt.winner is None:
        a = step.awaiting
        if isinstance(a, MonsterTurn):
            started, step = True, do(step, "end")
        elif a.kind == "roll" and "Death plays chess" in a.text:
            started, step = True, roll(step, death)
        elif a.kind == "roll" and "chess against Death" in a.text:
            step = roll(step, hero)
        elif a.kind == "action":
            if started:
                break
            step = do(step, "end")
        else:
            step = roll(step, 0) if a.kind == "roll" else do(step, str(a.choices()[0]))
    return step


def test_h37_death_sits_with_a_hero_the_lowest_might_turns_and_the_seals_lie_in_their_rooms():
    step = checkmate()
    h = step.state.haunt
    might = [value(step, s, "might") for s in range(4)]
    assert might[h.traitor] == min(might)
    death = h.monsters["Death"]
    assert (
        death.knowledge == 8
        and death.might is None
        and any(step.state.explorers[s].room == death.room for s in heroes(step))
    )
    assert {h.token_room(f"Holy Seal ({r})") for r in ("Vault", "Game Room", "Crypt")} == {
        "Vault",
        "Game Room",
        "Crypt",
    }


def test_h37_checkmate_heroes_win_by_beating_death_at_chess():
    step = checkmate()
    room = step.state.haunt.monsters["Death"].room
    for s in heroes(step):
        step.state.explorers[s].room = room
        step.state.explorers[s].traits["knowledge"] = 7
    step = monster_turn(step, death=1, hero=2)  # Death 8 against more
    assert step.state.haunt.winner == "heroes"


def test_h37_losing_at_chess_by_three_costs_every_hero_a_might():
    step = checkmate()
    room = step.state.haunt.monsters["Death"].room
    for s in heroes(step):
        step.state.explorers[s].room = room
        step.state.explorers[s].traits["knowledge"] = 2
    before = {s: step.state.explorers[s].traits["might"] for s in heroes(step)}
    sanity = {s: step.state.explorers[s].traits["sanity"] for s in heroes(step)}
    step = monster_turn(step, death=1, hero=1)  # Death 8, the hero at most 5 dice
    e = step.state.explorers
    assert step.state.haunt.winner is None
    assert all(e[s].traits["might"] == before[s] - 1 for s in heroes(step))
    assert all(e[s].traits["sanity"] == sanity[s] for s in heroes(step))


def test_h37_checkmate_traitor_wins_when_no_hero_sits_with_death():
    step = checkmate()
    for s in heroes(step):
        step.state.explorers[s].room = "Library"
    step.state.haunt.monsters["Death"].room = "Vault"
    step = monster_turn(step, death=1, hero=1)
    assert step.state.haunt.winner == "traitor"


def test_h37_a_broken_seal_takes_dice_from_death():
    step = checkmate()
    hero = heroes(step)[0]
    step = do(turn(step, hero, "Vault"), "act take_seal")
    step = roll(do(turn(step, hero, "Vault"), "act break_seal option=sanity"), 2)
    assert step.state.haunt.vars["broken"] == 1 and not step.state.haunt.carried_by(hero)
    room = step.state.haunt.monsters["Death"].room
    for s in heroes(step):
        step.state.explorers[s].room = room
    while not (step.awaiting.kind == "roll" and "Death plays chess" in step.awaiting.text):
        step = do(step, "end")
    assert step.awaiting.dice == 6  # 8 less 2 a seal with 4 players


def test_h37_breaking_a_seal_needs_one():
    step = checkmate()
    rej = refused(turn(step, heroes(step)[0], "Library"), "act break_seal option=sanity")
    assert "carry a Holy Seal" in rej.sentence and "haunt 37" in rej.sentence


def test_h37_the_traitor_may_not_enter_deaths_room_but_a_hero_may():
    step = checkmate()
    step.state.haunt.monsters["Death"].room = "Library"
    nextdoor = adjacent(step.state, CONTENT, "Library")[0]
    way = next(
        f"move {d}"
        for d in ("N", "E", "S", "W")
        if door_leads(step.state, CONTENT, nextdoor, d)[1:] == ("Library", True)
    )
    step = turn(step, step.state.haunt.traitor, nextdoor)
    assert "haunt 37" in refused(step, way).sentence
    step = turn(step, heroes(step)[0], nextdoor)
    assert way in [str(c) for c in step.awaiting.choices()]


def test_h37_the_traitor_cannot_attack_a_hero_in_deaths_room():
    step = checkmate()
    t, hero = step.state.haunt.traitor, heroes(step)[0]
    death_room = step.state.haunt.monsters["Death"].room
    step.state.explorers[hero].room = death_room
    assert "cannot be attacked" in refused(turn(step, t, death_room), f"attack {hero}").sentence
    other = next(r for r in ROOMS if r != death_room)
    step.state.explorers[hero].room = other
    assert f"attack {hero}" in [str(c) for c in turn(step, t, other).awaiting.choices()]
