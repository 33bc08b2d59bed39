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
