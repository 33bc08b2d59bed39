"""Haunt 41, Invisible Traitor, refereed from its file (data/haunts/41.toml): the traitor's theft and sneak
attack, the heroes' attack and both wins. The traitor's secret room is the players' (the file's gaps)."""

from __future__ import annotations

from gamekit import do, refused, texts
from printedkit import begin, fight, roll, turn

ROOMS = ("Library", "Kitchen", "Gallery")


def invisible():
    return begin(41, *ROOMS, revealer=0)  # the revealer (seat 0) is the traitor


def total(traits: dict) -> int:
    return sum(traits.values())


def test_h41_the_revealer_is_the_traitor():
    h = invisible().state.haunt
    assert h.traitor == 0 and not h.hidden


def test_h41_sneak_attack_deals_half_the_heroes_in_dice_with_no_defence():
    step = invisible()
    step.state.explorers[1].room = "Library"
    before = total(step.state.explorers[1].traits)
    step = do(turn(step, 0, "Library"), "act sneak")
    assert step.awaiting.kind == "roll" and step.awaiting.dice == 2  # 3 heroes at the start: 2 dice
    step = roll(step, 1)  # 2 physical damage; no defence roll is asked
    while step.awaiting is not None and step.awaiting.kind == "split":
        step = do(step, str(step.awaiting.choices()[0]))
    assert total(step.state.explorers[1].traits) == before - 2


def test_h41_sneak_attack_needs_a_hero_in_the_room_refused_naming_the_haunt():
    rej = refused(turn(invisible(), 0, "Gallery"), "act sneak")
    assert "with a hero" in rej.sentence and "haunt 41" in rej.sentence


def test_h41_the_theft_rolls_speed_4_and_a_zero_names_the_hero():
    step = invisible()
    step.state.explorers[1].room = "Library"
    step = roll(do(turn(step, 0, "Library"), "act steal option=speed"), 2)
    assert any("theft works" in t for t in texts(step))
    step = invisible()
    step.state.explorers[1].room = "Library"
    step = roll(do(turn(step, 0, "Library"), "act steal option=speed"), 0)
    assert any("names the hero" in t for t in texts(step))


def test_h41_invisible_traitor_heroes_win_when_the_traitor_dies():
    step = invisible()
    step.state.explorers[0].room = "Library"
    step.state.explorers[0].traits["might"] = 1
    step = fight(do(turn(step, 1, "Library"), "attack 0"), 1)
    assert not step.state.explorers[0].alive and step.state.haunt.winner == "heroes"


def test_h41_invisible_traitor_wins_when_every_hero_is_dead():
    step = invisible()
    for seat in (1, 2, 3):
        step.state.explorers[seat].room = "Library"
        step.state.explorers[seat].traits["might"] = 1
        step = do(turn(step, 0, "Library"), "act sneak")
        step = roll(step, 2)
        while step.awaiting is not None and step.awaiting.kind == "split":
            step = do(step, str(step.awaiting.choices()[-1]))  # all on Might
        assert not step.state.explorers[seat].alive  # 4 damage, no defence, on Might 1
    assert step.state.haunt.winner == "traitor"
