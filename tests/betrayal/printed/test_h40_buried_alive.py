"""Haunt 40, Buried Alive, refereed from its file (data/haunts/40.toml)."""

from __future__ import annotations

from gamekit import do, refused, texts
from printedkit import begin, roll, turn

BASEMENT = ("Furnace Room", "Wine Cellar", "Larder", "Pentagram Chamber")


def buried():
    return begin(40, *BASEMENT, revealer=0)


def test_h40_the_table_buries_someone_in_a_basement_room_and_says_nothing_of_where():
    step = buried()
    h = step.state.haunt
    burial = h.vars["_burial"]
    assert step.state.house[burial].floor == "basement"
    assert not any(burial in t for t in texts(step))
    assert h.traitor == 1


def test_h40_buried_alive_heroes_win_by_finding_and_digging_out_the_buried_person():
    step = buried()
    burial = step.state.haunt.vars["_burial"]
    other = next(r for r in ("Basement Landing", *BASEMENT) if r != burial)
    step = roll(do(turn(step, 2, other), "act search option=knowledge"), 2)
    assert "Nobody is buried here." in texts(step)
    assert "not searched" in refused(turn(step, 2, other), "act search option=knowledge").sentence
    step = roll(do(turn(step, 2, burial), "act search option=knowledge"), 2)
    assert "This is the burial room! Dig here." in texts(step)
    for _ in range(4):  # one dig a turn, as many as players
        step = roll(do(turn(step, 3, burial), "act dig option=might"), 2)
    assert step.state.haunt.winner == "heroes"


def test_h40_digging_before_the_room_is_found_is_refused():
    step = buried()
    burial = step.state.haunt.vars["_burial"]
    assert "once found" in refused(turn(step, 2, burial), "act dig option=might").sentence


def test_h40_the_traitor_wins_when_the_buried_person_has_taken_twelve_damage():
    step = buried()
    for _ in range(6):
        step = turn(step, 1)
        step = do(step, "end")
        while step.awaiting is not None and step.awaiting.kind == "roll" and step.state.haunt.winner is None:
            step = roll(step, 2)
        if step.state.haunt.winner:
            break
    assert step.state.haunt.winner == "traitor"
    assert step.state.haunt.vars["buried_damage"] >= 12
