"""Haunt 14, The Stars Are Right, refereed from its file (data/haunts/14.toml)."""

from __future__ import annotations

from gamekit import refused
from printedkit import begin, turn
from printedplay import act, last_hero_killed

ROOMS = ("Pentagram Chamber", "Kitchen", "Storeroom")


def stars():
    return begin(14, *ROOMS, revealer=0, omen="Skull", room="Pentagram Chamber")


def door_room(step):
    return next(
        r
        for r in ("Basement Landing", "Storeroom", "Kitchen")
        if r in step.state.house and "Pentagram Chamber" in _adjacent(step, r)
    )


def _adjacent(step, room):
    from gamekit import CONTENT
    from hauntable.games.betrayal.house import adjacent

    return adjacent(step.state, CONTENT, room)


def test_h14_the_stars_are_right_set_up_cultists_and_paint():
    h = stars().state.haunt
    assert len([m for m in h.monsters.values() if m.kind == "Cultist"]) == 3
    assert {h.token_room(t) for t in h.tokens if t.startswith("Paint")} == {"Kitchen", "Storeroom"}


def test_h14_paint_set_up_one_can_per_player_laid_in_turn_round_again_while_cans_are_left():
    h = stars().state.haunt
    rooms = sorted(h.token_room(t) for t in h.tokens if t.startswith("Paint"))
    assert rooms == ["Kitchen", "Kitchen", "Storeroom", "Storeroom"]  # 4 players, 2 Paint rooms in the house


def test_h14_the_stars_are_right_heroes_win_when_every_can_is_thrown_into_the_chamber():
    step = stars()
    throw_from = door_room(step)
    for room in ("Kitchen", "Storeroom", "Kitchen", "Storeroom"):  # every can: one a player
        assert not step.state.haunt.winner
        step = act(step, 1, room, "take_paint")
        assert step.state.haunt.vars.get("_x") is None
        step = act(step, 1, throw_from, "throw")
    assert step.state.haunt.winner == "heroes"


def test_h14_the_stars_are_right_traitor_wins_at_13_sacrifice_points():
    step = stars()
    for _ in range(3):
        step = act(step, 0, "Pentagram Chamber", "corpse")
    assert step.state.haunt.vars["_points"] == 12 and not step.state.haunt.winner
    step = act(step, 0, "Pentagram Chamber", "item")
    assert step.state.haunt.winner == "traitor"


def test_h14_the_stars_are_right_traitor_wins_when_every_hero_is_dead():
    assert last_hero_killed(stars(), 0).state.haunt.winner == "traitor"


def test_h14_a_second_can_is_refused():
    step = act(stars(), 1, "Kitchen", "take_paint")
    rej = refused(turn(step, 1, "Storeroom"), "act take_paint")
    assert "one can" in rej.sentence and "haunt 14" in rej.sentence


def test_K9_h14_a_can_carried_by_a_hero_who_dies_stays_in_the_room_and_the_heroes_can_still_win():
    """Found by a stall sweep (bench/haunt_soak.py --vary, seed 2): a dead hero kept a can of Paint, so not
    every can could reach the Pentagram Chamber and the last hero could never win."""
    from printedplay import fight

    step = act(stars(), 2, "Kitchen", "take_paint")
    can = next(t for t in step.state.haunt.tokens if step.state.haunt.carrier(t) == 2)
    step.state.explorers[2].traits.update(might=0)
    step.state.explorers[0].traits.update(might=7)
    step = fight(turn(step, 0, "Kitchen"), 0, "2")
    assert not step.state.explorers[2].alive
    assert step.state.haunt.token_room(can) == "Kitchen"
    throw_from = door_room(step)
    for room in ("Kitchen", "Storeroom", "Kitchen", "Storeroom"):  # every can: one a player
        assert not step.state.haunt.winner
        step = act(step, 1, room, "take_paint")
        step = act(step, 1, throw_from, "throw")
    assert step.state.haunt.winner == "heroes"
