"""Haunt 30, Tomb of Dracula, refereed from its file (data/haunts/30.toml) and its hook (hooks/h30.py)."""

from __future__ import annotations

from gamekit import do
from printedkit import begin, fight, roll, turn
from printedplay import monster_prompt_for

ROOMS = ("Crypt", "Library", "Chapel", "Dining Room")


def dracula():
    return begin(30, *ROOMS, revealer=0)


def traitor_turn(step, sunrise: int):
    """A traitor turn starts (the track moves on, the sunrise roll shows ``sunrise`` on each die)."""
    step.state.turn.seat = 3
    step = do(turn(step, 3), "end")
    while step.awaiting.kind != "action" or step.state.turn.seat != 0:
        a = step.awaiting
        if a.kind == "roll":
            step = roll(step, sunrise)
        else:
            step = do(step, "end" if a.kind in ("action", "monster") else str(a.choices()[0]))
    return step


def test_h30_the_revealer_turns_vampire_dracula_rests_in_the_crypt_and_the_bride_stands_by():
    step = dracula()
    h = step.state.haunt
    assert h.traitor == 0
    assert h.monsters["Dracula"].room == "Crypt" and h.monsters["Dracula"].might == 8
    assert h.monsters["The Bride"].room == step.state.explorers[0].room


def test_h30_only_a_spear_attack_kills_a_vampire():
    step = dracula()
    room = step.state.haunt.monsters["The Bride"].room
    step = fight(do(turn(step, 1, room), "attack 'The Bride'"), 1, hero_wins=True)
    assert step.state.haunt.monsters["The Bride"].stunned
    step.state.explorers[2].items.append("Spear")
    step = fight(do(turn(step, 2, room), "attack 'The Bride' weapon=Spear"), 2, hero_wins=True)
    assert "The Bride" not in step.state.haunt.monsters and step.state.haunt.winner is None


def test_h30_tomb_of_dracula_heroes_win_when_both_vampires_are_staked():
    step = dracula()
    step.state.explorers[1].items.append("Spear")
    for vampire in ("The Bride", "Dracula"):
        room = step.state.haunt.monsters[vampire].room
        step = fight(do(turn(step, 1, room), f"attack '{vampire}' weapon=Spear"), 1, hero_wins=True)
    assert step.state.haunt.winner == "heroes"


def test_h30_the_sun_rises_on_a_low_roll_and_then_the_vampires_weaken():
    step = dracula()
    step = traitor_turn(step, 0)  # track 1, a total of 0 is below it
    assert step.state.haunt.track("turn") == 1 and step.state.haunt.vars["_sun"] == 1
    might = step.state.haunt.monsters["Dracula"].might
    step = traitor_turn(step, 0)
    assert step.state.haunt.monsters["Dracula"].might == might - 1


def test_h30_tomb_of_dracula_traitor_wins_when_every_hero_is_dead():
    step = dracula()
    for s in (2, 3):
        step.state.explorers[s].alive = False
    step.state.explorers[1].traits.update(might=0, speed=0)
    room = step.state.explorers[0].room
    step.state.explorers[1].room = room
    step = fight(do(turn(step, 0, room), "attack 1"), 0, hero_wins=True)
    assert step.state.haunt.winner == "traitor"


def _dracula_faces(step, track: int):
    """Hero 1 waits in the Library with Dracula; the Turn track stands at ``track`` when his move comes."""
    step.state.haunt.advance("turn", track)
    step.state.haunt.monsters["Dracula"].room = "Library"
    step = monster_prompt_for(do(turn(step, 1, "Library"), "end"), "Dracula")
    assert step.state.haunt.track("turn") == track + 1  # the traitor's turn moved it on
    return [str(c) for c in step.awaiting.choices()]


def test_h30_dracula_does_not_attack_before_turn_2():
    assert "attack 1" not in _dracula_faces(dracula(), 0)
    assert "attack 1" in _dracula_faces(dracula(), 1)
