"""Haunt 19, A Friend for the Ages, refereed from its file (data/haunts/19.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, roll_total, turn
from printedplay import act, fight, strong

ROOMS = ("Gallery", "Storeroom", "Attic", "Wine Cellar")


def friend():
    return begin(19, *ROOMS, revealer=0, omen="Dog")


def test_h19_a_friend_for_the_ages_set_up_paint_in_the_listed_rooms():
    h = friend().state.haunt
    assert {h.token_room(t) for t in h.tokens if t.startswith("Paint")} == {
        "Storeroom",
        "Attic",
        "Wine Cellar",
    }


def test_h19_a_friend_for_the_ages_heroes_win_by_repainting_once_per_hero():
    step = friend()
    traitor = step.state.haunt.traitor
    heroes = [s for s in range(4) if s != traitor]
    strong(step, *heroes)
    for seat, room in zip(heroes, ("Storeroom", "Attic", "Wine Cellar"), strict=True):
        step = act(step, seat, room, "take_paint")
        step = act(step, seat, "Gallery", "repaint", "knowledge")
    assert step.state.haunt.vars["_repainted"] == 3 and step.state.haunt.winner == "heroes"


def test_h19_a_friend_for_the_ages_heroes_win_when_the_traitor_dies():
    step = friend()
    traitor = step.state.haunt.traitor
    hero = next(s for s in range(4) if s != traitor)
    step.state.explorers[traitor].traits.update(might=0)
    step = fight(turn(step, hero, step.state.explorers[traitor].room), hero, str(traitor))
    assert step.state.haunt.winner == "heroes"


def test_h19_a_friend_for_the_ages_traitor_wins_by_destroying_three_cans():
    step = friend()
    traitor = step.state.haunt.traitor
    for room in ("Storeroom", "Attic", "Wine Cellar"):
        step = act(step, traitor, room, "take_paint")
        step = act(step, traitor, room, "destroy")
    assert step.state.haunt.winner == "traitor"


def test_h19_repainting_without_paint_is_refused():
    step = friend()
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    rej = refused(turn(step, hero, "Gallery"), "act repaint option=knowledge")
    assert "Paint" in rej.sentence and "haunt 19" in rej.sentence


def test_h19_an_explorer_carries_one_can_of_paint_at_most():
    step = friend()
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    step = act(step, hero, "Storeroom", "take_paint")
    rej = refused(turn(step, hero, "Attic"), "act take_paint")
    assert "one can" in rej.sentence and "haunt 19" in rej.sentence
    h = step.state.haunt
    assert any(h.token_room(t) == "Attic" for t in h.tokens if t.startswith("Paint"))


def test_h19_a_hero_who_beats_the_traitor_by_2_in_might_may_steal_an_item():
    step = friend()
    traitor = step.state.haunt.traitor
    hero = next(s for s in range(4) if s != traitor)
    step.state.explorers[traitor].items.append("Axe")
    step = turn(step, hero, step.state.explorers[traitor].room)
    step = roll_total(roll_total(do(step, f"attack {traitor}"), 4), 0)
    assert "choose 'steal Axe'" in [str(c) for c in step.awaiting.choices()]
    step = do(step, "choose 'steal Axe'")
    assert "Axe" in step.state.explorers[hero].items and "Axe" not in step.state.explorers[traitor].items
