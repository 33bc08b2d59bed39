"""Haunt 41, Invisible Traitor, refereed from its file (data/haunts/41.toml) and its hook (hooks/h41.py):
the traitor's secret room told in private and kept off the public views, the heroes' attack by their own
room, the traitor's theft and sneak attack, and both wins."""

from __future__ import annotations

from gamekit import CONTENT, choices, do, refused, texts
from hauntable.games.betrayal.house import distances
from hauntable.games.betrayal.inputs import Attack
from hauntable.games.betrayal.monsters import explorer_leave_extra
from hauntable.games.betrayal.world import World
from hauntable.ui.viewmodel import explorer_models, floor_model
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


def test_h41_the_traitor_writes_a_starting_room_in_private_and_the_figure_leaves_the_board():
    step = invisible()
    ask = step.awaiting
    assert ask.code == "hide_room" and ask.private and ask.player == 0
    assert set(ask.options) == set(step.state.house)  # any room in the house
    step = do(step, "choose Gallery")
    assert step.state.explorers[0].room == "Gallery" and step.state.haunt.unseen == [0]
    assert not any("Gallery" in t for t in texts(step))  # nothing said names it


def test_h41_the_public_views_never_show_the_traitors_room():
    step = do(invisible(), "choose Gallery")
    s = step.state
    assert next(m for m in explorer_models(s, CONTENT) if m.seat == 0).room == "?"
    tiles = [t for f in ("ground", "upper", "basement") for t in floor_model(s, CONTENT, f).tiles]
    assert any(t.name == "Gallery" for t in tiles) and all(0 not in t.explorers for t in tiles)
    s.explorers[0].alive = False  # a dead traitor's figure is shown again
    assert next(m for m in explorer_models(s, CONTENT) if m.seat == 0).room == "Gallery"


def test_h41_the_traitor_moves_in_private_up_to_its_speed_never_by_the_public_moves():
    step = turn(do(invisible(), "choose 'Entrance Hall'"), 0, "Entrance Hall")
    assert not [c for c in choices(step) if c.startswith("move")]
    assert "moves in secret" in refused(step, "move N").sentence
    ask = do(step, "act hide").awaiting
    assert ask.private and ask.code == "hide_room"
    speed = World(step.state, CONTENT).value(0, "speed")
    reach = distances(step.state, CONTENT, "Entrance Hall")
    assert set(ask.options) == {room for room, far in reach.items() if far <= speed}
    step = do(do(step, "act hide"), "choose Foyer")
    assert step.state.explorers[0].room == "Foyer" and step.awaiting.kind == "action"


def test_h41_the_traitors_choices_are_the_same_with_or_without_a_hero_in_its_room():
    step = turn(do(invisible(), "choose Gallery"), 0, "Gallery")
    alone = sorted(choices(step))
    step.state.explorers[1].room = "Gallery"
    with_hero = sorted(choices(turn(step, 0, "Gallery")))
    assert alone == with_hero and "act sneak" in alone
    assert any(
        "No hero is in the traitor's room" in t for t in texts(do(turn(step, 0, "Library"), "act sneak"))
    )


def test_h41_a_hero_attacking_the_traitor_elsewhere_spends_the_attack_without_a_fight():
    step = do(invisible(), "choose Gallery")
    step = turn(step, 1, "Library")
    assert "attack 0" in choices(step)  # offered everywhere: the list shows nothing
    step = do(step, "attack 0")
    assert step.awaiting.kind == "action"  # no fight roll
    assert any("not there, the attack is spent" in t for t in texts(step))
    assert "attack" in step.state.turn.tried and "attack 0" not in choices(step)


def test_h41_the_invisible_traitor_slows_no_hero():
    step = do(invisible(), "choose Library")
    step = turn(step, 1, "Library")
    assert explorer_leave_extra(World(step.state, CONTENT), 1) == 0


def test_h41_the_traitor_attacks_only_by_sneak_attack_or_with_an_item():
    step = do(invisible(), "choose Library")
    step.state.explorers[1].room = "Library"
    step = turn(step, 0, "Library")
    assert "haunt's own attack" in refused(step, "attack 1").sentence
    step.state.explorers[0].items.append("Axe")
    listed = [c for c in turn(step, 0, "Library").awaiting.choices() if isinstance(c, Attack)]
    assert {c.target for c in listed} == {"1", "2", "3"} and all(c.weapon == "Axe" for c in listed)
    step = do(turn(step, 0, "Library"), "attack 2 weapon=Axe")  # hero 2 is elsewhere: spent, room unsaid
    assert step.awaiting.kind == "action" and not any("Library" in t for t in texts(step))
    assert any("not there" in t for t in texts(step))


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


def test_h41_the_secret_screen_takes_the_traitors_room_in_private():
    from hauntable.ui.i18n import tr  # why: the UI's words, only for this test
    from hauntable.ui.screens.secret import TELLS, token_to_tell  # why: imports Kivy, only for this test

    step = invisible()
    prompt = token_to_tell(step.state)  # the app passes the table to the traitor for this prompt
    assert prompt is step.state.awaiting and prompt.player == 0
    button, question = TELLS[prompt.code]
    assert "room" in tr(question) and "room" in tr(button, who="Zoe")
