"""Combat after the haunt and death (rules K1-K9 in docs/rules.md)."""

from __future__ import annotations

import pytest

from gamekit import CONTENT, arrange, choices, do, in_haunt, monster, refused, start, texts, value
from hauntable.games.betrayal.world import World

ZOE, OX, VIVIAN = 0, 1, 2


def haunt(step=None, traitor=OX, seat=ZOE, items=None, omens=None, monsters=None, hidden=False, **kw):
    """A haunt-phase state: Ox is the traitor unless told otherwise; everybody in the Entrance Hall."""
    step = step or start()
    s = step.state
    for i, names in (items or {}).items():
        s.explorers[i].items.extend(names)
    for i, names in (omens or {}).items():
        s.explorers[i].omens.extend(names)
    step = arrange(step, seat=seat, **kw)
    return in_haunt(step, None if hidden else traitor, seat=seat, monsters=monsters, hidden=hidden)


def attacks(step) -> list[str]:
    return [c for c in choices(step) if c.startswith("attack")]


# --- K1: when and where --------------------------------------------------------------------------------


def test_K1_no_attack_before_the_haunt():
    step = start()
    step = arrange(step, seat=ZOE)
    assert attacks(step) == []
    assert refused(step, "attack 1").rule == "K1"


def test_K1_attack_is_offered_against_an_opponent_in_the_same_room_only():
    step = haunt()
    assert attacks(step) == ["attack 1"]
    step = haunt(start(), at={OX: "Foyer"})
    assert attacks(step) == []
    exc = refused(step, "attack 1")
    assert exc.rule == "K1" and "not in the Entrance Hall" in exc.sentence


def test_K1_once_per_turn_and_the_turn_goes_on_after_it():
    step = haunt()
    step = do(step, "attack 1", "roll 2,1,0", "roll 1,1,1,0,0")  # 3 against 3: a tie
    assert "evenly matched" in texts(step)[-1]
    assert step.state.awaiting.kind == "action" and step.state.turn.seat == ZOE
    assert attacks(step) == []
    assert "move N" in choices(step)  # other actions of the turn (a haunt action too) are still open
    assert refused(step, "attack 1").rule == "K1"


# --- K2: opponents ---------------------------------------------------------------------------------------


def test_K2_heroes_do_not_attack_each_other():
    step = haunt()
    assert "attack 2" not in attacks(step)
    assert refused(step, "attack 2").rule == "K2"
    assert refused(step, "attack 7").rule == "K2"


def test_K2_in_a_hidden_traitor_haunt_anyone_may_attack_anyone():
    step = haunt(traitor=None, hidden=True)
    assert attacks(step) == ["attack 1", "attack 2"]


def test_K2_the_dead_cannot_be_attacked():
    step = haunt()
    step.state.explorers[OX].alive = False
    step = arrange(step, seat=ZOE)
    assert refused(step, "attack 1").rule == "K2"


# --- K3: rolls, difference, ties ------------------------------------------------------------------------


def test_K3_both_roll_their_trait_and_the_loser_takes_the_difference():
    step = do(haunt(), "attack 1")
    assert step.state.awaiting.dice == value(step, ZOE, "might") == 3
    step = do(step, "roll 2,2,1")
    assert step.state.awaiting.player == OX and step.state.awaiting.dice == value(step, OX, "might")
    step = do(step, "roll 1,1,0,0,0")
    assert "beats Ox Bellows (5 against 2)" in texts(step)[-1]
    prompt = step.state.awaiting
    assert prompt.kind == "split" and prompt.player == OX and prompt.amount == 3
    assert prompt.damage == "physical"


def test_K3_a_defender_who_rolls_higher_hurts_the_attacker():
    step = do(haunt(), "attack 1", "roll 0,0,0", "roll 1,0,0,0,0")
    prompt = step.state.awaiting
    assert prompt.kind == "split" and prompt.player == ZOE and prompt.amount == 1


def test_K3_no_attack_in_a_trait_the_defender_lacks():
    bat = monster("Bat", might=2, speed=6)
    step = haunt(omens={ZOE: ["Ring"]}, monsters={"bat1": bat})
    assert "attack bat1" in attacks(step) and "attack bat1 trait=sanity" not in attacks(step)
    assert refused(step, "attack bat1 trait=sanity").rule == "K3"


# --- K4: the trait of the attack ------------------------------------------------------------------------


def test_K4_attacks_are_made_with_might_unless_a_card_allows_another_trait():
    step = haunt()
    assert refused(step, "attack 1 trait=sanity").rule == "K4"
    assert refused(step, "attack 1 trait=speed").rule == "K4"


def test_K4_the_haunt_may_allow_another_trait():
    step = haunt()
    step.state.haunt.attack_traits = ("knowledge",)
    step = arrange(step, seat=ZOE)
    assert "attack 1 trait=knowledge" in attacks(step)


def test_Ring_attacks_with_sanity_and_deals_mental_damage():
    step = haunt(omens={ZOE: ["Ring"]})
    assert "attack 1 trait=sanity" in attacks(step)
    step = do(step, "attack 1 trait=sanity")
    assert step.state.awaiting.dice == value(step, ZOE, "sanity")
    step = do(step, "roll 2,2,2,0,0", "roll 0,0,0")
    prompt = step.state.awaiting
    assert prompt.kind == "split" and prompt.damage == "mental" and prompt.amount == 6
    assert "attack 1 trait=sanity" not in attacks(do(step, "split sanity=3 knowledge=3"))


# --- K5: weapons ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("weapon, extra", [("Axe", 1), ("Spear", 2)])
def test_K5_a_weapon_adds_dice_to_the_attack_only(weapon, extra):
    held = {"items": {ZOE: [weapon]}} if weapon == "Axe" else {"omens": {ZOE: [weapon]}}
    step = haunt(**held)
    assert f"attack 1 weapon={weapon}" in attacks(step)
    step = do(step, f"attack 1 weapon={weapon}")
    assert step.state.awaiting.dice == value(step, ZOE, "might") + extra
    step = do(step, "roll " + ",".join(["0"] * (3 + extra)))
    assert step.state.awaiting.dice == value(step, OX, "might")  # no weapon on defence


def test_K5_only_a_held_weapon_and_only_for_its_trait():
    step = haunt(items={ZOE: ["Axe"]})
    assert refused(step, "attack 1 weapon=Spear").rule == "K5"
    assert refused(step, "attack 1 weapon=Candle").rule == "K5"
    assert refused(step, "attack 1 trait=speed weapon=Axe").rule == "K5"


def test_Axe_once_used_it_cannot_be_traded_that_turn():
    step = haunt(items={ZOE: ["Axe"]}, at={VIVIAN: "Entrance Hall"})
    step = do(step, "attack 1 weapon=Axe", "roll 1,1,1,1", "roll 1,1,1,1,0")
    assert "give Axe 2" not in choices(step)


def test_Blood_Dagger_three_dice_for_one_speed():
    step = haunt(items={ZOE: ["Blood Dagger"]})
    speed = value(step, ZOE, "speed")
    step = do(step, "attack 1 weapon='Blood Dagger'")
    assert any("Blood Dagger" in t for t in texts(step))
    assert step.state.explorers[ZOE].traits["speed"] == 2  # one step down from 3
    assert speed >= value(step, ZOE, "speed")
    assert step.state.awaiting.dice == value(step, ZOE, "might") + 3


@pytest.mark.parametrize(
    "knowledge, dice, sanity_lost",
    [("2,2,2,0", 6, 0), ("2,1,0,0", 6, 1)],
)
def test_Sacrificial_Dagger_knowledge_roll_then_three_dice(knowledge, dice, sanity_lost):
    step = haunt(items={ZOE: ["Sacrificial Dagger"]}, traits={ZOE: {"knowledge": 4}})
    before = step.state.explorers[ZOE].traits["sanity"]
    step = do(step, "attack 1 weapon='Sacrificial Dagger'")
    assert step.state.awaiting.trait == "knowledge"
    step = do(step, "roll " + knowledge)
    assert step.state.awaiting.dice == dice
    assert step.state.explorers[ZOE].traits["sanity"] == before - sanity_lost


def test_Sacrificial_Dagger_twists_on_a_low_knowledge_roll():
    step = haunt(items={ZOE: ["Sacrificial Dagger"]}, traits={ZOE: {"knowledge": 4}})
    step = do(step, "attack 1 weapon='Sacrificial Dagger'", "roll 0,0,1,0")
    assert any("twists" in t for t in texts(step))
    assert step.state.awaiting.purpose == "physical damage" and step.state.awaiting.dice == 2
    assert refused(do(step, "roll 0,0"), "attack 1").rule == "K1"


def test_Idol_adds_two_dice_to_an_attack_roll():
    step = do(haunt(items={ZOE: ["Idol"]}), "attack 1")
    assert [str(c) for c in step.state.awaiting.choices()] == ["use Idol"]
    step = do(step, "use Idol")
    assert step.state.awaiting.dice == value(step, ZOE, "might") + 2


# --- K6: the Revolver -----------------------------------------------------------------------------------


def test_K6_Revolver_shoots_with_speed_along_a_line_of_doors():
    step = haunt(items={ZOE: ["Revolver"]}, at={OX: "Grand Staircase"})
    assert attacks(step) == ["attack 1 trait=speed weapon=Revolver"]
    step = do(step, "attack 1 trait=speed weapon=Revolver")
    assert step.state.awaiting.dice == value(step, ZOE, "speed") + 1


def test_K6_a_losing_shooter_takes_no_damage():
    step = haunt(items={ZOE: ["Revolver"]}, at={OX: "Grand Staircase"})
    step = do(step, "attack 1 trait=speed weapon=Revolver", "roll 0,0,0,0,0", "roll 2,2,2,2")
    assert "takes no damage (K6)" in texts(step)[-1]
    assert step.state.awaiting.kind == "action" and step.state.turn.seat == ZOE


def test_K6_a_shot_from_a_distance_steals_nothing():
    step = haunt(items={ZOE: ["Revolver"], OX: ["Candle"]}, at={OX: "Grand Staircase"})
    step = do(step, "attack 1 trait=speed weapon=Revolver", "roll 2,2,2,2,2", "roll 0,0,0,0")
    assert step.state.awaiting.kind == "split"


def test_Smoke_blocks_the_line_of_sight():
    step = haunt(items={ZOE: ["Revolver"]}, at={OX: "Grand Staircase"})
    step.state.tokens["Smoke"] = "Foyer"
    step = arrange(step, seat=ZOE)
    assert attacks(step) == []
    assert refused(step, "attack 1 trait=speed weapon=Revolver").rule == "K6"


def test_K6_no_line_of_sight_round_a_corner():
    rooms = {"Kitchen": ("ground", 1, 1, 2)}  # doors S and W after a half turn: W meets the Foyer
    step = haunt(items={ZOE: ["Revolver"]}, rooms=rooms, at={OX: "Kitchen"})
    assert attacks(step) == []


# --- K7: monsters ---------------------------------------------------------------------------------------


def ghoul(room="Entrance Hall", **kw):
    return monster("Ghoul", room, might=4, speed=3, **kw)


def test_K7_a_beaten_monster_is_stunned_and_the_traitor_rolls_for_it():
    step = haunt(monsters={"Ghoul": ghoul()}, at={OX: "Foyer"})
    assert attacks(step) == ["attack Ghoul"]
    step = do(step, "attack Ghoul", "roll 2,2,2")
    assert step.state.awaiting.player == OX and step.state.awaiting.dice == 4
    assert step.state.awaiting.choices() == ()  # the traitor's cards do not help a monster
    step = do(step, "roll 0,0,1,0")
    assert "Ghoul is stunned" in texts(step)
    assert step.state.haunt.monsters["Ghoul"].stunned is True


def test_K7_a_stunned_monster_defends_but_cannot_hurt_its_attacker():
    step = haunt(monsters={"Ghoul": ghoul(stunned=True)})
    step = do(step, "attack Ghoul", "roll 0,0,0", "roll 2,2,2,2")
    assert "cannot hurt" in texts(step)[-1]
    assert step.state.awaiting.kind == "action"


def test_K7_the_traitor_does_not_attack_their_own_monsters():
    step = haunt(monsters={"Ghoul": ghoul()}, seat=OX)
    assert "attack Ghoul" not in attacks(step)
    assert refused(step, "attack Ghoul").rule == "K2"


# --- K8: stealing ---------------------------------------------------------------------------------------


def test_K8_two_or_more_physical_damage_may_be_a_theft_instead():
    step = haunt(items={OX: ["Candle", "Armor"]}, omens={OX: ["Dog"]})
    step = do(step, "attack 1", "roll 2,2,2", "roll 1,0,0,0,0")
    assert choices(step) == ["choose 'deal 5 damage'", "choose 'steal Candle'"]  # not the Armor or the Dog
    step = do(step, "choose 'steal Candle'")
    assert "Candle" in step.state.explorers[ZOE].items and "Candle" not in step.state.explorers[OX].items
    assert step.state.awaiting.kind == "action"


def test_K8_one_point_of_damage_is_not_enough_to_steal():
    step = haunt(items={OX: ["Candle"]})
    step = do(step, "attack 1", "roll 2,1,0", "roll 1,1,0,0,0")
    assert step.state.awaiting.kind == "split" and step.state.awaiting.amount == 1


def test_Armor_cannot_be_stolen_but_softens_the_blow():
    step = haunt(items={OX: ["Armor"]})
    step = do(step, "attack 1", "roll 2,2,2", "roll 1,0,0,0,0")
    assert step.state.awaiting.kind == "split" and step.state.awaiting.amount == 4


# --- K9: death ------------------------------------------------------------------------------------------


def test_K9_a_trait_reaching_the_skull_kills_and_the_cards_stay_in_the_room():
    step = haunt(items={OX: ["Candle"]}, omens={OX: ["Dog"]}, traits={OX: {"speed": 0}})
    step = do(step, "attack 1", "roll 2,2,2", "roll 1,0,0,0,0", "choose 'deal 5 damage'", "split speed=5")
    ox = step.state.explorers[OX]
    assert not ox.alive and ox.items == [] and ox.omens == []
    assert "Ox Bellows dies in the Entrance Hall (K9)" in texts(step)
    assert step.state.tokens["item:Candle"] == step.state.tokens["companion:Dog"] == "Entrance Hall"
    assert "take Candle" in choices(step)
    assert "take Dog" not in choices(step)  # a companion waits for the next to enter (test_seed_companions)
    assert [e.seat for e in step.state.explorers if e.alive] == [ZOE, VIVIAN]


def test_K9_the_dead_get_no_turns():
    step = haunt()
    step.state.explorers[OX].alive = False
    step = arrange(step, seat=ZOE)
    step = do(step, "end")
    assert step.state.turn.seat == VIVIAN


def test_K9_dying_in_your_own_turn_ends_it():
    step = haunt(traits={ZOE: {"might": 0, "speed": 0}})
    step = do(step, "attack 1", "roll 0,0", "roll 1,0,0,0,0", "split might=1")
    assert not step.state.explorers[ZOE].alive
    assert step.state.turn.seat == OX and step.state.awaiting.player == OX


def test_B4_2_before_the_haunt_nobody_dies():
    step = start()
    step.state.explorers[ZOE].traits["might"] = 0
    step = arrange(step, seat=ZOE)
    w = World(step.state.clone(), CONTENT)
    w.lose(ZOE, "might", 3)
    assert w.s.explorers[ZOE].alive and w.s.pending == []


def test_K1_nobody_attacks_across_a_barrier():
    rooms = {"Chasm": ("basement", 1, 0, 0)}  # its W door meets the Basement Landing's E door
    step = haunt(rooms=rooms, at={ZOE: "Chasm", OX: "Chasm"})
    step.state.explorers[ZOE].side, step.state.explorers[OX].side = "W", "E"
    step = arrange(step, seat=ZOE)
    assert attacks(step) == []
    assert refused(step, "attack 1").rule == "B6.1"
    step.state.explorers[OX].side = "W"
    assert attacks(arrange(step, seat=ZOE)) == ["attack 1"]


@pytest.mark.parametrize(
    "monster_roll, defence, stunned, hurt", [("2,2,2,2", "0,0,0", False, 8), ("0,0,0,0", "1,0,0", True, 0)]
)
def test_K7_a_monster_attacks_through_start_fight(monster_roll, defence, stunned, hurt):
    """The haunt's monster turn uses ``start_fight``: the traitor rolls for the monster, the explorer
    defends; a monster that loses is stunned, one that wins hurts the explorer."""
    from hauntable.games.betrayal.combat import start_fight
    from hauntable.games.betrayal.rules import _run

    step = haunt(monsters={"Ghoul": ghoul()}, at={OX: "Foyer"})
    s = step.state
    s.awaiting = None
    w = World(s, CONTENT)
    start_fight(w, "Ghoul", str(ZOE))
    _run(w)
    assert s.awaiting.player == OX and s.awaiting.dice == 4
    step = do(step, f"roll {monster_roll}")
    assert step.state.awaiting.player == ZOE and step.state.awaiting.trait == "might"
    step = do(step, f"roll {defence}")
    assert step.state.haunt.monsters["Ghoul"].stunned is stunned
    if hurt:
        assert step.state.awaiting.kind == "split" and step.state.awaiting.amount == hurt


def test_K8_a_stolen_Book_takes_its_knowledge_along():
    step = haunt(omens={OX: ["Book"]})
    ox_before = step.state.explorers[OX].traits["knowledge"]
    zoe_before = step.state.explorers[ZOE].traits["knowledge"]
    step = do(step, "attack 1", "roll 2,2,2", "roll 1,0,0,0,0", "choose 'steal Book'")
    assert step.state.explorers[ZOE].omens == ["Book"]
    assert step.state.explorers[OX].traits["knowledge"] == ox_before - 2
    assert step.state.explorers[ZOE].traits["knowledge"] == zoe_before + 2


def test_Adrenaline_Shot_adds_4_to_a_defence_roll():
    step = haunt(items={OX: ["Adrenaline Shot"]})
    step = do(step, "attack 1", "roll 2,2,2")
    assert [str(c) for c in step.state.awaiting.choices()] == ["use 'Adrenaline Shot'"]
    step = do(step, "use 'Adrenaline Shot'", "roll 1,0,0,0,0")  # 1 + 4 = 5 against 6
    assert "beats Ox Bellows (6 against 5)" in texts(step)[-1]
