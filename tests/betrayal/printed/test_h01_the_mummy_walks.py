"""Haunt 1, The Mummy Walks, refereed from its file (app/hauntable/games/betrayal/data/haunts/01.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import fight, roll, turn

ROOMS = ("Library", "Chapel", "Gymnasium", "Dining Room", "Kitchen")


def mummy():
    from gamekit import start as new_game
    from printedkit import build

    step = build(new_game("zoe", "ox", "vivian", "peter"), *ROOMS)
    step.state.explorers[0].omens.append("Girl")
    from gamekit import do as _do
    from gamekit import haunt

    step = haunt(step, 1, revealer=0, omen="Girl", room="Gymnasium")
    while step.awaiting.kind == "handoff":
        step = _do(step, "ready")
    return step


def test_h01_set_up_the_mummy_and_sarcophagus_in_the_reveal_room_the_girl_far_away():
    step = mummy()
    h = step.state.haunt
    assert h.traitor == 0 and h.name == "The Mummy Walks"
    m = h.monsters["Mummy"]
    assert (m.room, m.speed, m.might, m.sanity, m.knowledge) == ("Gymnasium", 3, 8, 5, None)
    assert h.token_room("Sarcophagus") == "Gymnasium"
    assert h.token_room("Girl") not in (None, "Gymnasium")
    assert "Girl" not in step.state.explorers[0].omens


def test_h01_the_mummy_walks_heroes_win_by_the_three_banishing_steps_in_order():
    step = mummy()
    step = turn(step, 1, "Library")
    assert "act spell option=knowledge" not in [str(c) for c in step.awaiting.choices()]
    step = roll(do(step, "act true_name option=knowledge"), 2)
    assert step.state.haunt.vars["banish"] == 1
    step.state.explorers[1].omens.append("Book")
    step = do(step, "end")  # the turn ends: the spell may come on a later one
    step = turn(step, 1, "Library")
    step = roll(do(step, "act spell option=knowledge"), 2)
    assert step.state.haunt.vars["banish"] == 2
    step = turn(step, 1, "Gymnasium")
    step = fight(do(step, "act banish"), hero=1)
    assert "Mummy" not in step.state.haunt.monsters
    assert step.state.haunt.winner == "heroes"


def test_h01_the_spell_must_wait_for_a_later_turn_and_the_book():
    step = turn(mummy(), 1, "Library")
    step = roll(do(step, "act true_name option=knowledge"), 2)
    step.state.explorers[1].omens.append("Book")
    step = turn(step, 1, "Library")
    step.state.haunt.vars["_learned_now"] = 1  # as on the turn the name was learned
    assert "turn after" in refused(step, "act spell option=knowledge").sentence


def test_h01_the_mummy_cannot_be_attacked_in_might():
    step = turn(mummy(), 1, "Gymnasium")
    assert "immune" in refused(step, "attack Mummy").sentence


def test_h01_banishing_without_the_first_steps_is_refused_naming_the_haunt():
    step = mummy()
    step.state.explorers[1].omens.append("Book")
    step = turn(step, 1, "Gymnasium")
    rej = refused(step, "act banish")
    assert "haunt 1" in rej.sentence and "first" in rej.sentence


def test_h01_the_traitor_wins_when_the_mummy_holds_the_girl_and_the_ring_at_its_sarcophagus():
    step = mummy()
    girl_room = step.state.haunt.token_room("Girl")
    step = turn(step, 0, girl_room)
    step = do(step, "act take_girl")
    assert step.state.haunt.carrier("Girl") == 0
    step.state.explorers[0].omens.append("Ring")
    step = turn(step, 0, "Gymnasium")
    step = do(step, "act girl_to_mummy")
    assert step.state.haunt.winner is None
    step = do(step, "act ring_to_mummy")
    assert step.state.haunt.winner == "traitor"


def test_h01_the_first_explorer_to_enter_the_girls_room_takes_her():
    from gamekit import CONTENT, choices
    from hauntable.games.betrayal.house import adjacent

    step = mummy()
    girl_room = step.state.haunt.token_room("Girl")
    for room in adjacent(step.state, CONTENT, girl_room):
        start = turn(step, 1, room)
        moves = [c for c in choices(start) if c.startswith("move ")]
        entered = [do(start, c) for c in moves]
        entered = [s for s in entered if s.state.explorers[1].room == girl_room]
        if entered:
            break
    assert entered, "no way into the Girl's room"
    assert entered[0].state.haunt.carrier("Girl") == 1
