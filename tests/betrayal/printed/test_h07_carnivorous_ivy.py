"""Haunt 7, Carnivorous Ivy, refereed from its file (app/hauntable/games/betrayal/data/haunts/07.toml)."""

from __future__ import annotations

from gamekit import refused
from printedkit import begin, turn
from printedplay import act, last_hero_killed

ROOMS = ("Kitchen", "Dining Room", "Gardens", "Chasm")


def ivy():
    return begin(7, *ROOMS, revealer=0, omen="Book", room="Kitchen")


def hero(step):
    return next(s for s in (1, 2, 3, 0) if s != step.state.haunt.traitor)


def test_h07_carnivorous_ivy_set_up_one_creeper_in_each_creeper_room_of_the_house():
    h = ivy().state.haunt
    roots = {h.token_room(t) for t in h.tokens if t.startswith("Root")}
    tips = {m.room for m in h.monsters.values() if m.kind == "Creeper Tip"}
    assert roots == tips == {"Entrance Hall", "Grand Staircase", "Dining Room", "Gardens"}


def test_h07_carnivorous_ivy_heroes_win_by_spraying_one_creeper_per_player():
    step = ivy()
    me = hero(step)
    step.state.explorers[me].omens.append("Book")
    step = act(step, me, "Kitchen", "make", "knowledge")
    assert step.state.haunt.carrier("Plant Spray") == me
    for n, room in enumerate(("Entrance Hall", "Grand Staircase", "Dining Room")):
        step = act(step, me, room, "spray")
        h = step.state.haunt
        assert not any(m.room == room for m in h.monsters.values()) and not h.tokens_in(room)
        assert h.vars["_sprayed"] == n + 1 and not h.winner
    step = act(step, me, "Gardens", "spray")
    assert step.state.haunt.winner == "heroes"


def test_h07_carnivorous_ivy_traitor_wins_by_destroying_the_plant_spray():
    step = ivy()
    traitor = step.state.haunt.traitor
    step.state.haunt.tokens["Plant Spray"] = f"seat:{traitor}"
    step = act(step, traitor, "Chasm", "destroy")
    assert step.state.haunt.winner == "traitor"


def test_h07_carnivorous_ivy_traitor_wins_when_every_hero_is_dead():
    step = ivy()
    assert last_hero_killed(step, step.state.haunt.traitor).state.haunt.winner == "traitor"


def test_h07_a_sprayed_room_cannot_be_sprayed_twice():
    step = ivy()
    me = hero(step)
    step.state.explorers[me].omens.append("Book")
    step = act(act(step, me, "Kitchen", "make", "knowledge"), me, "Dining Room", "spray")
    rej = refused(turn(step, me, "Dining Room"), "act spray")
    assert "Root or Tip" in rej.sentence and "haunt 7" in rej.sentence


def test_h07_making_the_spray_without_the_book_is_refused():
    step = ivy()
    rej = refused(turn(step, hero(step), "Kitchen"), "act make option=knowledge")
    assert "Book" in rej.sentence
