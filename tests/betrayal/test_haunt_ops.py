"""The haunt's operations (haunt_ops.py), the vocabulary book mode and the printed haunts share: each changes
what a player would notice and says so with a translatable outcome (issue 16)."""

from __future__ import annotations

import pytest

from gamekit import CONTENT, in_haunt, monster, start, value
from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.victory import check_victory, heroes_in_play, survivors
from hauntable.games.betrayal.world import World
from hauntable.ui import i18n

FOUR = ("zoe", "ox", "vivian", "peter")


def world(monsters=None, traitor=1):
    """A book-mode haunt with Ox (seat 1) the traitor, Zoe's turn; a World on its state."""
    step = in_haunt(start(*FOUR), traitor=traitor, seat=0, monsters=monsters)
    return World(step.state, CONTENT)


def codes(w: World) -> list[str]:
    return [o.code for o in w.out]


def shown_in_every_language(w: World) -> None:
    """Every outcome said has its out.<code> message in every catalog (no English left on a German table)."""
    for o in w.out:
        params = dict(o.params)
        key = f"out.{o.code}" + (f".{params['variant']}" if "variant" in params else "")
        for lang in i18n.LANGUAGES:
            assert key in i18n.catalog(lang), (key, lang)


def test_a_killed_monster_leaves_the_house_and_drops_what_it_carries():
    mummy = monster("Mummy", "Foyer", might=6)
    mummy.items = ["Axe"]
    w = world({"Mummy": mummy})
    w.haunt.hold("Idol token", "Mummy")
    ops.kill_monster(w, "Mummy")
    assert "Mummy" not in w.haunt.monsters
    assert w.s.tokens["item:Axe"] == "Foyer" and w.haunt.token_room("Idol token") == "Foyer"
    assert codes(w) == ["monster.killed"]
    shown_in_every_language(w)


def test_a_removed_monster_is_not_said_killed():
    w = world({"Bat": monster("Bat", "Foyer", speed=4)})
    ops.remove_monster(w, "Bat")
    assert not w.haunt.monsters and codes(w) == ["monster.removed"]
    with pytest.raises(ValueError):
        ops.kill_monster(w, "Bat")


def test_a_new_monster_may_have_any_of_the_four_traits_and_its_own_rules():
    w = world()
    m = ops.new_monster(w, "Banshee", "Banshee", "Foyer", speed=5, sanity=6, immune=("might",), beaten="kill")
    assert (m.speed, m.might, m.sanity, m.knowledge) == (5, None, 6, None)
    assert not m.attackable_in("might") and m.attackable_in("sanity") and m.beaten == "kill"
    with pytest.raises(ValueError):
        ops.new_monster(w, "Banshee", "Banshee", "Foyer")
    with pytest.raises(ValueError):
        ops.new_monster(w, "Ghost", "Ghost", "Foyer", side="ghosts")


def test_H6_1_an_escaped_hero_is_out_of_the_house_and_still_a_survivor():
    w = world()
    ops.escape(w, 0)
    e = w.s.explorers[0]
    assert e.alive and not in_house(e) and 0 in survivors(w) and 0 not in heroes_in_play(w)
    shown_in_every_language(w)


def test_H6_1_an_explorer_who_leaves_play_is_no_survivor_and_leaves_the_haunts_tokens():
    w = world()
    w.haunt.carry("Key", 2)
    ops.leave_play(w, 2)
    e = w.s.explorers[2]
    assert e.alive and not in_house(e) and 2 not in survivors(w)
    assert w.haunt.token_room("Key") == e.room
    shown_in_every_language(w)


def test_H6_1_when_every_hero_has_escaped_or_left_none_is_in_play_and_the_game_ends():
    w = world()
    for seat in (0, 2, 3):
        ops.leave_play(w, seat)
    assert check_victory(w) and w.haunt.winner == "traitor"


def test_a_hero_who_changes_side_fights_for_the_traitor():
    w = world()
    ops.change_side(w, 2, "traitor")
    assert w.haunt.side_of(2) == "traitor" and not w.haunt.may_attack(2, 1) and w.haunt.may_attack(2, 0)
    assert 2 not in survivors(w)
    ops.change_side(w, 2, "heroes")
    assert w.haunt.side_of(2) == "heroes"
    assert [dict(o.params)["variant"] for o in w.out] == ["traitor", "heroes"]
    shown_in_every_language(w)


def test_B4_2_a_trait_raised_or_lowered_stays_on_its_track():
    w = world()
    top = CONTENT.characters[w.s.explorers[0].character].tracks["might"][-1]
    ops.shift_trait(w, 0, "might", 20)
    assert w.value(0, "might") == top and w.s.explorers[0].traits["might"] == 7
    ops.shift_trait(w, 0, "might", -2)
    assert w.s.explorers[0].traits["might"] == 5 and codes(w) == ["trait.gain", "trait.lose"]


def test_K9_a_trait_lowered_past_its_lowest_step_after_the_haunt_kills():
    w = world()
    ops.shift_trait(w, 0, "sanity", -9)
    assert not w.s.explorers[0].alive and ("die", {"seat": 0}) in w.s.pending


def test_B4_2_before_the_haunt_a_lowered_trait_holds_at_its_lowest_step():
    step = start(*FOUR)
    w = World(step.state, CONTENT)
    ops.shift_trait(w, 0, "sanity", -9)
    assert w.s.explorers[0].alive and w.s.explorers[0].traits["sanity"] == 0
    assert value(step, 0, "sanity") == w.value(0, "sanity")


def test_haunt_tokens_are_carried_handed_over_dropped_and_removed():
    w = world()
    ops.put_token(w, "Key", "Foyer")
    ops.carry_token(w, "Key", 0)
    assert w.haunt.carrier("Key") == 0
    ops.hand_token(w, "Key", 2)
    assert w.haunt.carrier("Key") == 2
    room = ops.drop_token(w, "Key")
    assert w.haunt.token_room("Key") == room == w.s.explorers[2].room
    ops.remove_token(w, "Key")
    assert "Key" not in w.haunt.tokens
    with pytest.raises(ValueError):
        ops.drop_token(w, "Key")
    assert codes(w) == [
        "haunt.token",
        "haunt.token_carry",
        "haunt.token_hand",
        "haunt.token_drop",
        "haunt.token_off",
    ]
    shown_in_every_language(w)


def test_named_counters_and_the_turn_damage_track():
    w = world()
    ops.set_counter(w, "seals", 2)
    assert ops.add_counter(w, "seals") == 3 and ops.add_counter(w, "seals", -5) == -2
    assert ops.move_track(w, "turn", 3) == 3 and ops.move_track(w, "turn", -9) == 0
    assert ops.move_track(w, "damage", 9, top=6) == 6
    assert w.haunt.vars["seals"] == -2 and w.haunt.tracks == {"turn": 0, "damage": 6}
    shown_in_every_language(w)
