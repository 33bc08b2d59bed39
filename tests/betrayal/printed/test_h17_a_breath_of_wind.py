"""Haunt 17, A Breath of Wind, refereed from its file (app/hauntable/games/betrayal/data/haunts/17.toml)."""

from __future__ import annotations

from gamekit import refused
from printedkit import begin, turn
from printedplay import act, last_hero_killed, strong

ROOMS = ("Kitchen", "Dining Room", "Library", "Chapel")


def wind():
    return begin(17, *ROOMS, revealer=0, omen="Ring")


def test_h17_a_breath_of_wind_set_up_the_poltergeist_with_might_4_on_the_track():
    step = wind()
    h = step.state.haunt
    assert h.monsters["Poltergeist"].immune == ("might", "speed") and h.track("turn") == 4


def test_h17_a_breath_of_wind_heroes_win_with_a_candle_per_hero_on_the_reveal_floor():
    step = wind()
    traitor = step.state.haunt.traitor
    heroes = [s for s in range(4) if s != traitor]
    strong(step, *heroes)
    rooms = ["Foyer", "Dining Room", "Entrance Hall"]
    for seat, room in zip(heroes, rooms, strict=True):
        step = act(step, seat, "Kitchen", "find", "speed")
        step = act(step, seat, room, "place", "knowledge")
    h = step.state.haunt
    assert h.vars["_placed"] == 3 and h.winner == "heroes"


def test_h17_a_failed_placing_loses_the_candle():
    step = wind()
    seat = next(s for s in (1, 2, 3) if s != step.state.haunt.traitor)
    step = act(strong(step, seat), seat, "Kitchen", "find", "speed")
    step = act(step, seat, "Dining Room", "place", "knowledge", each=0)
    h = step.state.haunt
    assert not any(t.startswith("Candle") for t in h.tokens) and not h.vars.get("_placed")


def test_h17_a_breath_of_wind_traitor_wins_when_every_hero_is_dead():
    step = wind()
    assert last_hero_killed(step, step.state.haunt.traitor).state.haunt.winner == "traitor"


def test_h17_placing_a_candle_off_the_reveal_floor_is_refused():
    step = wind()
    seat = next(s for s in (1, 2, 3) if s != step.state.haunt.traitor)
    step = act(strong(step, seat), seat, "Kitchen", "find", "speed")
    rej = refused(
        turn(step, seat, "Kitchen"), "act place option=knowledge"
    )  # the Kitchen lies in the basement here
    assert "reveal floor" in rej.sentence and "haunt 17" in rej.sentence
