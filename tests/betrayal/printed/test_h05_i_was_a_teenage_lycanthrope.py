"""Haunt 5, I Was a Teenage Lycanthrope, refereed from its file (data/haunts/05.toml)."""

from __future__ import annotations

from gamekit import do, refused
from printedkit import begin, roll, roll_total, turn, until_turn_of
from printedplay import act, fight, last_hero_killed, settle, strong

ROOMS = ("Vault", "Research Laboratory", "Library")


def wolf():
    return begin(5, *ROOMS, revealer=0, omen="Dog", room="Library")


def test_h05_lycanthrope_set_up_the_revealer_turns_and_the_dog_stands_with_them():
    step = wolf()
    h = step.state.haunt
    assert (
        h.traitor == 0
        and h.monsters["Dog"].room == step.state.explorers[0].room
        and h.monsters["Dog"].speed == 4
    )


def test_h05_lycanthrope_heroes_find_the_revolver_make_bullets_and_shoot_the_dog():
    step = strong(wolf(), 1)
    step = act(step, 1, "Vault", "revolver", "knowledge")
    assert "Revolver" in step.state.explorers[1].items
    step = act(step, 1, "Research Laboratory", "bullets", "knowledge")
    assert step.state.haunt.carrier("Silver Bullets") == 1
    step = turn(step, 1, step.state.haunt.monsters["Dog"].room)
    step = settle(do(step, "act shoot_dog option=speed"), by={1: 2, 0: 0})
    assert "Dog" not in step.state.haunt.monsters and not step.state.haunt.winner


def test_h05_lycanthrope_heroes_win_when_the_werewolf_dies():
    step = wolf()
    step.state.explorers[0].traits.update(might=0)
    step = fight(turn(step, 1, step.state.explorers[0].room), 1, "0")
    assert step.state.haunt.winner == "heroes"


def test_h05_lycanthrope_traitor_wins_when_every_hero_is_dead():
    assert last_hero_killed(wolf(), 0).state.haunt.winner == "traitor"


def test_h05_silver_bullets_outside_the_laboratory_or_furnace_are_refused():
    rej = refused(turn(wolf(), 1, "Vault"), "act bullets option=knowledge")
    assert "Research Laboratory" in rej.sentence and "haunt 5" in rej.sentence


def bitten(step, hero: int):
    """The traitor beats ``hero`` by 1 in a fight in the Library (1 damage, taken from Might)."""
    step.state.explorers[0].room = "Library"
    step = turn(step, 0, "Library")
    step.state.explorers[hero].room = "Library"
    step = roll_total(do(step, f"attack {hero}"), 2)
    step = roll_total(step, 1)
    return settle(step)


def test_h05_a_hero_the_werewolf_beats_is_bitten_and_a_failed_sanity_roll_turns_them():
    step = bitten(wolf(), 1)
    assert step.state.haunt.side_of(1) == "heroes"
    step = until_turn_of(do(step, "end"), 1)
    assert step.awaiting.kind == "roll" and step.awaiting.player == 1  # the bite, at the turn's start
    step = roll(step, 0)
    assert step.state.haunt.side_of(1) == "traitor"


def test_h05_a_bitten_hero_who_resists_stays_a_hero_and_rolls_again_next_turn():
    step = bitten(wolf(), 1)
    step = roll(until_turn_of(do(step, "end"), 1), 2)
    assert step.state.haunt.side_of(1) == "heroes"
    step = until_turn_of(step, 1, each=2)
    assert step.state.haunt.side_of(1) == "heroes"


def test_h05_an_unbitten_hero_rolls_nothing_at_the_turns_start():
    step = until_turn_of(wolf(), 2)
    assert step.awaiting.kind == "action"
