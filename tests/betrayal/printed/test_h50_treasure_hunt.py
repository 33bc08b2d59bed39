"""Haunt 50, Treasure Hunt, refereed from its file (data/haunts/50.toml): no traitor, one winner."""

from __future__ import annotations

from gamekit import CONTENT, do, refused, texts
from printedkit import begin, roll_total, turn

ROOMS = ("Library", "Chapel", "Gymnasium", "Dining Room", "Kitchen", "Storeroom")


def hunt():
    return begin(50, *ROOMS, revealer=0)


def clue_room(step):
    return next(r for r in step.state.haunt.tokens.values() if not r.startswith("seat:"))


def search(step, seat: int, total: int):
    step = turn(step, seat, clue_room(step))
    return roll_total(do(step, "act search option=knowledge"), total)


def test_h50_no_traitor_and_one_clue_in_each_symbol_room():
    step = hunt()
    h = step.state.haunt
    assert h.traitor is None and h.tokens
    assert len(h.tokens) == len(set(h.tokens.values()))
    assert all(CONTENT.rooms[r].symbol in ("omen", "event", "item") for r in h.tokens.values())


def test_h50_treasure_hunt_a_search_of_sixteen_wins_alone_for_its_finder():
    step = hunt()
    for i in range(1, 8):  # clues already found: +1 each to the search
        step.state.haunt.carry(f"Clue {100 + i}", 2)
    step = search(step, 2, 9)  # 9 + 7 Clues held = 16
    assert step.state.haunt.winner == "heroes"
    assert any("Vivian Lopez finds the treasure and wins alone" in t for t in texts(step))


def test_h50_a_search_of_four_to_twelve_takes_the_clue():
    step = hunt()
    room = clue_room(step)
    clue = next(t for t, r in step.state.haunt.tokens.items() if r == room)
    step = search(step, 2, 5)
    assert step.state.haunt.carrier(clue) == 2 and step.state.haunt.winner is None


def test_h50_a_search_of_nought_trips_the_searcher():
    step = search(hunt(), 2, 0)
    assert step.awaiting.kind == "roll" and step.awaiting.dice == 2  # 2 dice of physical damage


def test_h50_searching_where_no_clue_lies_is_refused_naming_the_haunt():
    step = hunt()
    empty = next(r for r in ("Entrance Hall", "Foyer") if not step.state.haunt.tokens_in(r))
    rej = refused(turn(step, 2, empty), "act search option=knowledge")
    assert "haunt 50" in rej.sentence and "Clue" in rej.sentence
