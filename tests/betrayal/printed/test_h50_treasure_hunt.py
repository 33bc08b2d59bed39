"""Haunt 50, Treasure Hunt, refereed from its file (data/haunts/50.toml): no traitor, one winner."""

from __future__ import annotations

from gamekit import CONTENT, choices, do, refused, texts
from hauntable.games.betrayal.state import Placed
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


def with_upper_rooms():
    """The hunt with the Attic next to the Upper Landing and the Bedroom next to the Attic only."""
    step = hunt()
    s = step.state
    s.house["Attic"], s.house["Bedroom"] = Placed("upper", 1, 0, 0), Placed("upper", 2, 0, 0)
    s.house_changed()
    s.explorers[1].room = "Upper Landing"
    return step


def collapse_search(step, total: int):
    """Seat 2 searches with Clues held so that the total is ``total`` (13-15: a room collapses)."""
    for i in range(1, total - 10 + 1):  # each Clue held: +1
        step.state.haunt.carry(f"Clue {100 + i}", 2)
    return search(step, 2, 10)


def test_h50_a_search_of_thirteen_to_fifteen_collapses_an_empty_upper_room_the_searcher_picks():
    step = collapse_search(with_upper_rooms(), 13)
    ask = step.awaiting
    assert ask.code == "collapse_room" and ask.player == 2
    assert set(ask.options) == {"Attic", "Bedroom"}  # the first fall: an empty upper room
    step = do(step, "choose Attic")
    assert step.state.haunt.vars["_collapsed"] == ["Attic"] and step.state.haunt.winner is None


def test_h50_then_a_room_next_to_a_fallen_one_collapses_killing_the_explorer_in_it():
    step = with_upper_rooms()
    step.state.haunt.vars["_collapsed"] = ["Attic"]
    step = collapse_search(step, 14)
    assert set(step.awaiting.options) == {"Upper Landing", "Bedroom"}
    step = do(step, "choose 'Upper Landing'")
    assert step.state.haunt.vars["_collapsed"] == ["Attic", "Upper Landing"]
    assert not step.state.explorers[1].alive


def test_h50_with_the_upper_floor_gone_the_ground_floor_falls_from_the_grand_staircase():
    step = with_upper_rooms()
    assert "move N" in choices(turn(step, 2, "Foyer"))  # the Grand Staircase lies north of the Foyer
    step.state.haunt.vars["_collapsed"] = ["Attic", "Upper Landing", "Bedroom"]
    step = collapse_search(step, 15)
    assert step.state.haunt.vars["_collapsed"][-1] == "Grand Staircase"
    assert "move N" not in choices(turn(step, 2, "Foyer"))  # nobody enters a fallen room
