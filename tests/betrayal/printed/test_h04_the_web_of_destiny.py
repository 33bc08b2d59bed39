"""Haunt 4, The Web of Destiny, refereed from its file (app/hauntable/games/betrayal/data/haunts/04.toml)."""

from __future__ import annotations

from gamekit import choices, do, refused
from printedkit import begin, finish_round, turn
from printedplay import act, last_hero_killed, monster_prompt_for, settle

ROOMS = ("Library", "Chapel")


def web(players=("zoe", "ox", "vivian", "peter")):
    step = begin(4, *ROOMS, revealer=0, omen="Bite", room="Library", characters=players, at={0: "Library"})
    return step


def test_h04_the_web_of_destiny_with_four_players_the_traitor_is_eaten_and_the_spider_waits_at_the_revealer():
    step = begin(4, *ROOMS, revealer=0, omen="Bite", room="Library", at={0: "Library"})
    h = step.state.haunt
    traitor = h.traitor
    assert traitor != 0 and not step.state.explorers[traitor].alive
    assert h.track("turn") == 1 and h.monsters["Spider"].might == 2 and h.monsters["Spider"].speed == 0


def test_h04_the_web_of_destiny_heroes_win_web_gone_eggs_destroyed_door_open_one_hero_out():
    step = web()
    trapped = step.state.haunt.vars["_trapped"]
    helper = next(s for s in (1, 2, 3) if step.state.explorers[s].alive and s != trapped)
    room = step.state.explorers[trapped].room
    for _ in range(4):  # one mark per player; nobody is hurt
        step = turn(step, helper, room)
        step = settle(do(step, "act web option=might"), by={helper: 2, step.state.haunt.traitor: 0})
    assert step.state.haunt.vars["_web"] == 4
    step.state.explorers[helper].items.append("Healing Salve")
    step = act(step, helper, room, "eggs_salve")
    assert step.state.haunt.vars["_eggs"] == 1
    step = act(step, helper, "Entrance Hall", "door", "knowledge")
    step = do(step, "end")
    step = act(step, helper, "Entrance Hall", "leave")
    assert step.state.haunt.winner == "heroes"


def test_h04_the_web_of_destiny_traitor_wins_when_the_eggs_hatch_on_turn_9():
    step = web()
    traitor = step.state.haunt.traitor
    step.state.explorers[traitor].alive = True
    for _ in range(8):
        step = do(turn(step, traitor, "Chapel"), "end")
    h = step.state.haunt
    assert h.track("turn") == 9 and h.winner == "traitor"


def test_h04_with_the_traitor_eaten_the_track_moves_on_each_round_and_the_eggs_hatch():
    step = web()
    assert not step.state.explorers[step.state.haunt.traitor].alive
    while step.state.haunt.winner is None and step.state.haunt.round < 20:
        step = finish_round(step)
    h = step.state.haunt
    assert h.winner == "traitor" and h.track("turn") == 9


def test_h04_the_spider_grows_with_the_turn_track():
    step = web()
    traitor = step.state.haunt.traitor
    step.state.explorers[traitor].alive = True
    for _ in range(5):
        step = do(turn(step, traitor, "Chapel"), "end")
    spider = step.state.haunt.monsters["Spider"]
    assert step.state.haunt.track("turn") == 6 and (spider.speed, spider.might) == (6, 7)


def test_h04_the_web_of_destiny_traitor_wins_when_every_hero_is_dead():
    step = web()
    traitor = step.state.haunt.traitor
    step.state.explorers[traitor].alive = True
    assert last_hero_killed(step, traitor).state.haunt.winner == "traitor"


def test_h04_the_front_door_before_the_web_is_gone_is_refused_naming_the_haunt():
    step = turn(web(), 1 if web().state.haunt.traitor != 1 else 2, "Entrance Hall")
    rej = refused(step, "act door option=knowledge")
    assert "web" in rej.sentence and "haunt 4" in rej.sentence


def test_h04_the_spider_spares_the_trapped_explorer_while_the_eggs_are_intact():
    step = web()
    h = step.state.haunt
    trapped = h.vars["_trapped"]
    other = next(s for s in (1, 2, 3) if step.state.explorers[s].alive and s != trapped)
    room = step.state.explorers[trapped].room
    step.state.explorers[other].room = room
    step = monster_prompt_for(turn(step, other, room), "Spider")
    attacks = [c for c in choices(step) if c.startswith("attack")]
    assert attacks and not [c for c in attacks if c.startswith(f"attack {trapped}")]


def test_h04_the_traitor_may_not_attack_the_trapped_explorer_until_the_eggs_are_destroyed():
    step = web()
    h = step.state.haunt
    traitor, trapped = h.traitor, h.vars["_trapped"]
    step.state.explorers[traitor].alive = True
    room = step.state.explorers[trapped].room
    assert "cannot attack" in refused(turn(step, traitor, room), f"attack {trapped}").sentence
    helper = next(s for s in (1, 2, 3) if s not in (traitor, trapped))
    step.state.explorers[helper].items.append("Healing Salve")
    step = act(step, helper, room, "eggs_salve")
    assert f"attack {trapped}" in choices(turn(step, traitor, room))
