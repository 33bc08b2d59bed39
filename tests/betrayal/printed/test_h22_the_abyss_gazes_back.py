"""Haunt 22, The Abyss Gazes Back, refereed from its file (data/haunts/22.toml)."""

from __future__ import annotations

from gamekit import refused
from printedkit import begin, turn
from printedplay import act, last_hero_killed, strong

ROOMS = ("Chapel", "Library", "Crypt")


def abyss():
    return begin(22, *ROOMS, revealer=0, omen="Holy Symbol")


def test_h22_the_abyss_gazes_back_heroes_win_with_one_exorcism_per_player():
    step = abyss()
    traitor = step.state.haunt.traitor
    heroes = [s for s in range(4) if s != traitor]
    strong(step, *heroes)
    step.state.explorers[heroes[0]].omens.append("Ring")
    plan = [
        (heroes[0], "Chapel", "exorcise_sanity", "sanity"),
        (heroes[1], "Crypt", "exorcise_sanity", "sanity"),
        (heroes[2], "Library", "exorcise_knowledge", "knowledge"),
        (heroes[0], "Library", "exorcise_ring", "sanity"),
    ]
    for seat, room, action, trait in plan:
        assert not step.state.haunt.winner
        step = act(step, seat, room, action, trait)
    assert step.state.haunt.winner == "heroes"


def test_h22_the_track_moves_on_at_each_traitor_turns_end():
    from gamekit import do

    step = abyss()
    step = do(turn(step, step.state.haunt.traitor, "Library"), "end")
    assert step.state.haunt.track("turn") == 1


def test_h22_the_abyss_gazes_back_traitor_wins_when_every_hero_is_dead():
    step = abyss()
    assert last_hero_killed(step, step.state.haunt.traitor).state.haunt.winner == "traitor"


def test_h22_a_card_used_for_an_exorcism_cannot_serve_again():
    step = abyss()
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    strong(step, hero).state.explorers[hero].omens.append("Ring")
    step = act(step, hero, "Library", "exorcise_ring", "sanity")
    rej = refused(turn(step, hero, "Library"), "act exorcise_ring option=sanity")
    assert "Ring" in rej.sentence and "haunt 22" in rej.sentence


def test_H2_3_h22_a_dead_traitors_turn_still_moves_the_track():
    """Found by a sweep of forced haunts (haunt 20's wedding never moved on once the traitor was dead): the
    traitor always has a turn after the heroes (de l.343), so the haunt's traitor-turn events go on."""
    from gamekit import do

    step = abyss()
    traitor = step.state.haunt.traitor
    step.state.explorers[traitor].alive = False
    hero = next(s for s in range(4) if s != traitor)
    step = do(turn(step, hero, "Library"), "end")
    for _ in range(3):  # the other heroes' turns end: the round comes round past the dead traitor
        if step.state.haunt.track("turn") == 1:
            break
        step = do(step, "end")
    assert step.state.haunt.track("turn") == 1
    assert step.state.turn.seat != traitor


def first_traitor_turn_ends():
    """The traitor's first turn ends: the Abyss falls in the Crypt (the one basement room with a symbol)."""
    from gamekit import do

    step = abyss()
    step = do(turn(step, step.state.haunt.traitor, "Library"), "end")
    return step


def test_h22_the_abyss_opens_in_an_empty_basement_room_with_a_symbol_at_the_traitors_first_turns_end():
    step = first_traitor_turn_ends()
    assert step.state.haunt.vars["_collapsed"] == ["Crypt"]


def test_h22_from_turn_2_a_heros_turn_end_drops_a_room_next_to_a_fallen_one_basement_first():
    from gamekit import do

    step = first_traitor_turn_ends()
    step.state.haunt.tracks["turn"] = 2
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    step = do(turn(step, hero, "Library"), "end")
    fallen = step.state.haunt.vars["_collapsed"]
    assert fallen[0] == "Crypt" and len(fallen) == 2
    x, y = step.state.house["Crypt"].x, step.state.house["Crypt"].y
    second = step.state.house[fallen[1]]
    assert second.floor == "basement" and abs(second.x - x) + abs(second.y - y) == 1


def test_h22_from_turn_3_the_hero_rolls_dice_for_how_many_rooms_fall():
    from gamekit import do
    from printedkit import roll_total

    step = first_traitor_turn_ends()
    step.state.haunt.tracks["turn"] = 3
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    step = do(turn(step, hero, "Library"), "end")
    assert step.awaiting.kind == "roll" and step.awaiting.dice == 2 and step.awaiting.player == hero
    step = roll_total(step, 2)
    while step.awaiting.kind == "option":
        step = do(step, f"choose '{step.awaiting.options[0]}'")
    assert len(step.state.haunt.vars["_collapsed"]) == 3


def test_h22_an_explorer_in_a_falling_room_jumps_clear_with_speed_4_or_dies():
    from gamekit import do
    from printedkit import roll_total

    step = abyss()
    traitor = step.state.haunt.traitor
    hero = next(s for s in range(4) if s != traitor)
    step.state.explorers[hero].room = "Crypt"
    step = do(turn(step, traitor, "Library"), "end")
    assert step.awaiting.kind == "roll" and step.awaiting.player == hero and step.awaiting.target == 4
    jumped = roll_total(step, 4)
    while jumped.awaiting.kind == "option":
        jumped = do(jumped, f"choose '{jumped.awaiting.options[0]}'")
    e = jumped.state.explorers[hero]
    assert e.alive and e.room != "Crypt" and e.room in jumped.state.house
    fell = roll_total(step, 3)
    assert not fell.state.explorers[hero].alive
    from gamekit import CONTENT
    from hauntable.games.betrayal.house import through

    way = next(d for d in ("N", "E", "S", "W") if through(jumped.state, CONTENT, e.room, d) == "Crypt")
    assert f"move {way}" not in [str(c) for c in turn(jumped, hero, e.room).awaiting.choices()]  # fallen


def test_h22_an_explorer_sent_into_a_fallen_room_dies():
    from gamekit import do

    step = first_traitor_turn_ends()  # the Crypt has fallen
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    step.state.explorers[hero].room = "Crypt"  # as an event or the Mystic Elevator would
    step = do(turn(step, hero, "Crypt"), "end")
    while step.awaiting.kind != "action":  # the Crypt's own end-of-turn harm first
        step = do(step, str(step.awaiting.choices()[0]))
    assert not step.state.explorers[hero].alive
