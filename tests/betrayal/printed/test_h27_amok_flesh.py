"""Haunt 27, Amok Flesh, refereed from its file (data/haunts/27.toml) and its hook (hooks/h27.py)."""

from __future__ import annotations

from gamekit import CONTENT, do, refused
from hauntable.games.betrayal.house import adjacent, door_leads
from printedkit import begin, roll, turn

ROOMS = ("Dining Room", "Library", "Kitchen", "Larder", "Storeroom", "Wine Cellar")


def blob():
    return begin(27, *ROOMS, revealer=0, room="Dining Room", at={s: "Entrance Hall" for s in range(4)})


def heroes(step):
    return [s for s in range(4) if s != step.state.haunt.traitor]


def blob_rooms(step):
    return {r for t, r in step.state.haunt.tokens.items() if t.startswith("Blob")}


def next_to(step, room: str) -> str:
    return next(r for r in adjacent(step.state, CONTENT, room) if r not in blob_rooms(step))


def test_h27_the_blob_starts_in_the_crystal_balls_room_and_spreads_after_the_traitors_turn():
    step = blob()
    assert blob_rooms(step) == {"Dining Room"}
    t = step.state.haunt.traitor
    step = do(turn(step, t, "Library"), "end")
    grown = blob_rooms(step)
    assert "Dining Room" in grown and set(adjacent(step.state, CONTENT, "Dining Room")) <= grown


def test_h27_an_explorer_in_a_blob_room_becomes_a_blob_person_on_the_traitors_side():
    step = blob()
    hero = heroes(step)[0]
    step.state.explorers[hero].items.append("Axe")
    way = next(
        f"move {d}"
        for d in ("N", "E", "S", "W")
        if door_leads(step.state, CONTENT, next_to(step, "Dining Room"), d)[1:] == ("Dining Room", True)
    )
    step = do(turn(step, hero, next_to(step, "Dining Room")), way)
    assert step.state.haunt.side_of(hero) == "traitor" and not step.state.explorers[hero].items


def test_h27_amok_flesh_heroes_win_after_examining_and_throwing_in_the_ingredients():
    step = blob()
    hero = heroes(step)[0]
    rej = refused(turn(step, hero, "Library"), "act ingredient option=knowledge")
    assert "weakness" in rej.sentence and "haunt 27" in rej.sentence
    beside = next_to(step, "Dining Room")
    for _ in range(4):
        step = roll(do(turn(step, hero, beside), "act examine option=knowledge"), 2)
    assert step.state.haunt.vars["examined"] == 4
    assert "already known" in refused(turn(step, hero, beside), "act examine option=knowledge").sentence
    for room in ("Library", "Larder", "Storeroom", "Wine Cellar"):
        step = roll(do(turn(step, hero, room), "act ingredient option=knowledge"), 2)
        assert "not searched" in refused(turn(step, hero, room), "act ingredient option=knowledge").sentence
        step = do(turn(step, hero, beside), "act throw")
    assert step.state.haunt.winner == "heroes"


def test_h27_amok_flesh_traitor_wins_when_the_blob_has_every_hero():
    step = blob()
    for s in heroes(step):
        step.state.explorers[s].room = "Dining Room"
    step = do(turn(step, step.state.haunt.traitor, "Library"), "end")
    assert step.state.haunt.winner == "traitor"


def engulfed(step, hero):
    way = next(
        f"move {d}"
        for d in ("N", "E", "S", "W")
        if door_leads(step.state, CONTENT, next_to(step, "Dining Room"), d)[1:] == ("Dining Room", True)
    )
    return do(turn(step, hero, next_to(step, "Dining Room")), way)


def test_h27_blob_people_move_2_and_cannot_attack_or_be_attacked():
    step = blob()
    person, other = heroes(step)[:2]
    step = engulfed(step, person)
    assert step.state.haunt.side_of(person) == "traitor"
    step = turn(step, person, "Library")
    assert step.awaiting.movement_left == 2
    assert "cannot attack" in refused(step, f"attack {other}").sentence
    step = turn(step, other, "Library")
    assert "cannot attack" in refused(step, f"attack {person}").sentence
