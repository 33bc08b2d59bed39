"""Haunt 8, Wail of the Banshee, refereed from its file (app/hauntable/games/betrayal/data/haunts/08.toml)."""

from __future__ import annotations

from gamekit import do, refused, value
from printedkit import begin, roll, turn
from printedplay import monster_prompt_for

ROOMS = ("Chapel", "Library", "Crypt", "Pentagram Chamber", "Research Laboratory")


def banshee():
    return begin(8, *ROOMS, revealer=0)


def exorcise(step, seat, room, action, trait):
    step = turn(step, seat, room)
    return roll(do(step, f"act {action} option={trait}"), 2)


def test_h08_wail_of_the_banshee_set_up_the_revealer_turns_and_the_banshee_cannot_be_fought():
    step = banshee()
    h = step.state.haunt
    assert h.mode == "scripted" and h.name == "Wail of the Banshee" and h.traitor == 0
    banshee_ = h.monsters["Banshee"]
    assert banshee_.room == step.state.explorers[0].room and banshee_.speed == 8
    assert banshee_.might is None and banshee_.sanity is None and banshee_.beaten == "nothing"


def test_h08_wail_of_the_banshee_heroes_win_with_one_exorcism_per_player():
    step = banshee()
    step = exorcise(step, 1, "Chapel", "exorcise_sanity", "sanity")
    step = exorcise(step, 2, "Crypt", "exorcise_sanity", "sanity")
    step = exorcise(step, 3, "Library", "exorcise_knowledge", "knowledge")
    assert step.state.haunt.vars["_exorcism"] == 3 and not step.state.haunt.winner
    step = exorcise(step, 1, "Research Laboratory", "exorcise_knowledge", "knowledge")
    assert step.state.haunt.winner == "heroes"


def test_h08_a_failed_exorcism_counts_nothing_and_the_room_stays_usable():
    step = banshee()
    step = turn(step, 1, "Chapel")
    step = roll(do(step, "act exorcise_sanity option=sanity"), 0)
    assert step.state.haunt.vars.get("_exorcism", 0) == 0
    step = exorcise(step, 2, "Chapel", "exorcise_sanity", "sanity")
    assert step.state.haunt.vars["_exorcism"] == 1


def test_h08_wail_of_the_banshee_traitor_wins_when_every_hero_is_dead():
    step = banshee()
    for seat in (1, 2):
        step.state.explorers[seat].alive = False
    step = turn(step, 3)
    step.state.explorers[3].traits.update(might=0)
    step.state.explorers[3].room = step.state.explorers[0].room
    step = turn(step, 0)
    step = do(step, "attack 3")
    while step.awaiting is not None and step.awaiting.kind in ("roll", "split"):
        if step.awaiting.kind == "roll":
            step = roll(step, 2 if step.awaiting.player == 0 else 0)
        else:
            step = do(step, str(step.awaiting.choices()[0]))
    assert step.state.haunt.winner == "traitor"


def test_h08_a_used_room_is_refused_naming_the_haunt_and_changes_nothing():
    step = exorcise(banshee(), 1, "Chapel", "exorcise_sanity", "sanity")
    step = turn(step, 2, "Chapel")
    rej = refused(step, "act exorcise_sanity option=sanity")
    assert "haunt 8" in rej.sentence and "used up" in rej.sentence


def test_h08_an_exorcism_outside_the_holy_rooms_is_refused():
    step = turn(banshee(), 1, "Entrance Hall")
    rej = refused(step, "act exorcise_sanity option=sanity")
    assert "Chapel" in rej.sentence and "haunt 8" in rej.sentence


def banshee_enters_the_foyer(step, listeners=(1,)):
    """The Banshee in the Entrance Hall at its move, ``listeners`` in the Foyer, everyone else in the
    Library; it steps into the Foyer."""
    s = step.state
    s.haunt.monsters["Banshee"].room = "Entrance Hall"
    for e in s.explorers:
        e.room = "Foyer" if e.seat in listeners else "Library"
    step = monster_prompt_for(do(turn(step, 0, s.explorers[0].room), "end"), "Banshee")
    return do(step, "go Foyer")


def test_h08_the_wail_a_hero_in_a_room_the_banshee_enters_rolls_sanity_and_a_low_roll_costs_4_dice():
    step = banshee_enters_the_foyer(banshee())
    ask = step.awaiting
    assert ask.kind == "roll" and ask.player == 1 and ask.dice == value(step, 1, "sanity")
    step = roll(step, 0)  # 0-2: 4 dice of mental damage
    assert step.awaiting.kind == "roll" and step.awaiting.player == 1 and step.awaiting.dice == 4


def test_h08_the_wail_a_sanity_roll_of_six_or_more_costs_1_die():
    step = banshee_enters_the_foyer(banshee())
    step = roll(step, 2)  # 3 dice of 2: 6
    assert step.awaiting.kind == "roll" and step.awaiting.dice == 1


def test_h08_the_traitor_holding_the_spirit_board_is_deaf_to_the_wail_a_hero_holding_it_is_not():
    step = banshee_enters_the_foyer(banshee(), listeners=(0,))
    assert step.awaiting.kind == "roll" and step.awaiting.player == 0  # without it the traitor hears too
    step = banshee()
    step.state.explorers[0].omens.append("Spirit Board")
    step = banshee_enters_the_foyer(step, listeners=(0,))
    assert not (step.awaiting.kind == "roll" and step.awaiting.player == 0)
    step = banshee()
    step.state.explorers[1].omens.append("Spirit Board")
    step = banshee_enters_the_foyer(step, listeners=(1,))
    assert step.awaiting.kind == "roll" and step.awaiting.player == 1
