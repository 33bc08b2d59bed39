"""Haunt 29, Frankenstein's Legacy, refereed from its file (data/haunts/29.toml)."""

from __future__ import annotations

from gamekit import do, refused, value
from printedkit import begin, monster_steps, monsters_attack, roll, roll_total, turn
from printedplay import monster_prompt_for

MONSTER = "Frankenstein's Monster"
ROOMS = ("Research Laboratory", "Kitchen", "Tower", "Library")


def legacy():
    return begin(29, *ROOMS, revealer=0)


def throw(step, hero: int, hits: bool):
    """Light a Torch in the Kitchen and throw it from the Monster's room; the dice decide."""
    step = do(turn(step, hero, "Kitchen"), "act light")
    step = do(turn(step, hero, step.state.haunt.monsters[MONSTER].room), "act throw")
    step = roll(step, 2 if hits else 0)  # the thrower's Speed dice
    return roll(step, 0 if hits else 2)  # the Monster's Speed dice


def test_h29_the_monster_waits_in_the_laboratory_and_the_revealer_is_the_traitor():
    step = legacy()
    m = step.state.haunt.monsters[MONSTER]
    assert step.state.haunt.traitor == 0
    assert m.room == "Research Laboratory" and m.might == 8 and m.speed == 3 and "speed" in m.immune


def test_h29_frankensteins_legacy_heroes_win_with_as_many_torch_hits_as_players():
    step = legacy()
    for n in range(1, 5):
        step = throw(step, 1 + n % 3, hits=True)
        if n < 4:
            assert step.state.haunt.track("turn") == n and not step.state.haunt.monsters[MONSTER].stunned
    assert step.state.haunt.winner == "heroes"


def test_h29_a_missed_torch_is_lost_and_counts_nothing():
    step = throw(legacy(), 1, hits=False)
    assert step.state.haunt.track("turn") == 0 and not step.state.haunt.carried_by(1)


def test_h29_a_torch_is_thrown_only_near_the_monster_and_one_is_carried_at_a_time():
    step = do(turn(legacy(), 1, "Kitchen"), "act light")
    rej = refused(step, "act light")
    assert "already carry a Torch" in rej.sentence and "haunt 29" in rej.sentence
    assert "next to it" in refused(turn(step, 1, "Tower"), "act throw").sentence


def test_h29_frankensteins_legacy_heroes_win_by_pushing_the_monster_from_the_tower():
    step = legacy()
    step.state.haunt.monsters[MONSTER].room = "Tower"
    step.state.explorers[2].traits["might"] = 7  # enough dice for 6
    step = roll(do(turn(step, 2, "Tower"), "act push option=might"), 2)
    assert step.state.haunt.winner == "heroes"


def test_h29_frankensteins_legacy_traitor_wins_when_the_monster_kills_every_hero():
    step = legacy()
    for s in (2, 3):
        step.state.explorers[s].alive = False
    step.state.explorers[1].traits.update(might=0, speed=0)
    step.state.haunt.monsters[MONSTER].room = "Library"
    step = monsters_attack(do(turn(step, 1, "Library"), "end"), 1)
    assert step.state.haunt.winner == "traitor"


def _monster_attacks(step, hero: int, attack: int, defence: int):
    """The Monster's attack on ``hero`` in the Library: its dice add up to ``attack``, the hero's to
    ``defence``; damage splits take their first option."""
    step.state.haunt.monsters[MONSTER].room = "Library"
    step = monster_prompt_for(do(turn(step, hero, "Library"), "end"), MONSTER)
    step = roll_total(do(step, f"attack {hero}"), attack)
    step = roll_total(step, defence)
    while step.awaiting is not None and step.awaiting.kind in ("split", "choose"):
        step = do(step, str(step.awaiting.choices()[0]))
    return step


def test_h29_the_monster_adds_2_to_its_attack_rolls():
    step = legacy()
    before = value(step, 1, "might") + value(step, 1, "speed")
    step = _monster_attacks(step, 1, attack=4, defence=5)  # 4 + 2 beats 5
    assert value(step, 1, "might") + value(step, 1, "speed") == before - 1
    assert not step.state.haunt.monsters[MONSTER].stunned


def test_h29_the_monsters_2_is_not_added_when_it_defends():
    step = legacy()
    step.state.haunt.monsters[MONSTER].room = "Library"
    step = do(turn(step, 1, "Library"), f'attack "{MONSTER}"')
    step = roll_total(step, 5)  # the hero's attack
    step = roll_total(step, 4)  # the Monster's defence, no bonus: the hero wins by 1
    assert step.state.haunt.monsters[MONSTER].stunned


def test_h29_the_monster_moves_only_toward_the_nearest_hero():
    step = begin(29, *ROOMS, "Dining Room", "Chapel", "Gymnasium", revealer=0)
    room, offered, nearer = monster_steps(step, MONSTER, "Entrance Hall")
    assert offered and offered == nearer, (room, offered, nearer)
