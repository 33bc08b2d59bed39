"""Cards that act through the haunt's fights and sides (rules K1-K9; docs/cards.md), named after the card."""

from __future__ import annotations

from test_combat import OX, VIVIAN, ZOE, ghoul, haunt

from gamekit import CONTENT, arrange, choices, do, start, texts, value
from hauntable.engine.game import Step
from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.rules import _run
from hauntable.games.betrayal.world import World


def card_drawn(step: Step, card: str, seat: int = ZOE) -> Step:
    """Carry out ``card``'s draw effects for ``seat`` in the arranged state."""
    s = step.state
    s.awaiting = None
    w = World(s, CONTENT)
    w.then(("effects", dict(seat=seat, card=card, effects=list(CARD_RULES[card].on_draw))))
    _run(w)
    return Step(s, tuple(w.out))


# --- Dynamite ---------------------------------------------------------------------------------------------


def test_Dynamite_only_after_the_haunt():
    step = arrange(start(), seat=ZOE)
    step.state.explorers[ZOE].items.append("Dynamite")
    step = arrange(step, seat=ZOE)
    assert "use Dynamite" not in choices(step)


def test_Dynamite_is_thrown_next_door_instead_of_the_attack():
    step = haunt(items={ZOE: ["Dynamite"]}, at={OX: "Foyer"})
    assert "use Dynamite" in choices(step)
    step = do(step, "use Dynamite")  # the Entrance Hall's one door leads to the Foyer
    assert "Zoe Ingstrom throws the Dynamite into the Foyer" in texts(step)
    assert step.state.awaiting.player == OX and step.state.awaiting.target == 5
    step = do(step, "roll 1,1,1,0")
    assert step.state.awaiting.kind == "split" and step.state.awaiting.amount == 4
    step = do(step, "split might=2 speed=2")
    assert "Dynamite" in step.state.card_discards["item"]
    assert "use Dynamite" not in choices(step) and not [c for c in choices(step) if c.startswith("attack")]


def test_Dynamite_not_after_the_turns_attack():
    step = haunt(items={ZOE: ["Dynamite"]})
    step = do(step, "attack 1", "roll 1,1,1", "roll 1,1,1,0,0")
    assert "use Dynamite" not in choices(step)


def test_Dynamite_stuns_a_monster_that_fails_to_escape():
    step = haunt(items={ZOE: ["Dynamite"]}, monsters={"Ghoul": ghoul(room="Foyer")})
    step = do(step, "use Dynamite", "roll 2,0,0")
    assert "Ghoul is caught in the blast (rolled 2)" in texts(step)
    assert step.state.haunt.monsters["Ghoul"].stunned is True


# --- Bloody Vision --------------------------------------------------------------------------------------


def test_Bloody_Vision_forces_an_attack_on_someone_near_after_the_haunt():
    step = haunt(at={OX: "Foyer", VIVIAN: "Grand Staircase"})
    step = card_drawn(step, "Bloody Vision")
    step = do(step, "roll 1,0,0,0,0")
    assert step.state.awaiting.purpose == "attack on Ox Bellows"  # only Ox is in or next to the room
    step = do(step, "roll 2,2,2", "roll 0,0,0,0,0")
    assert step.state.awaiting.kind == "split" and step.state.awaiting.player == OX


def test_Bloody_Vision_lets_the_player_pick_among_several():
    step = card_drawn(haunt(), "Bloody Vision")
    step = do(step, "roll 0,0,0,0,0")
    assert choices(step) == ["choose 'Ox Bellows'", "choose 'Vivian Lopez'"]
    step = do(step, "choose 'Vivian Lopez'")
    assert step.state.awaiting.purpose == "attack on Vivian Lopez"


def test_Bloody_Vision_attacks_nobody_when_nobody_is_near():
    step = haunt(at={OX: "Upper Landing", VIVIAN: "Upper Landing"})
    step = do(card_drawn(step, "Bloody Vision"), "roll 0,0,0,0,0")
    assert "Bloody Vision: nobody is near enough to attack" in texts(step)


# --- Crystal Ball ---------------------------------------------------------------------------------------


def test_Crystal_Ball_only_after_the_haunt():
    step = start()
    step.state.explorers[ZOE].omens.append("Crystal Ball")
    assert "use 'Crystal Ball'" not in choices(arrange(step, seat=ZOE))


def test_Crystal_Ball_puts_a_chosen_card_on_top_of_a_deck():
    step = haunt(omens={ZOE: ["Crystal Ball"]})
    deck = list(step.state.decks["item"])
    step = do(step, "use 'Crystal Ball'", "roll 2,2,0", "choose item")
    prompt = step.state.awaiting
    assert prompt.player == ZOE and prompt.private and sorted(prompt.options) == sorted(deck)
    wanted = deck[-1]
    step = do(step, f"choose '{wanted}'")
    assert step.state.decks["item"][0] == wanted and sorted(step.state.decks["item"]) == sorted(deck)
    assert not any(wanted in t for t in texts(step))


def test_Crystal_Ball_a_zero_costs_2_sanity():
    step = haunt(omens={ZOE: ["Crystal Ball"]})
    before = step.state.explorers[ZOE].traits["sanity"]
    step = do(step, "use 'Crystal Ball'", "roll 0,0,0")
    assert step.state.explorers[ZOE].traits["sanity"] == before - 2


# --- Bottle ---------------------------------------------------------------------------------------------


def test_Bottle_after_the_haunt_rolls_its_table():
    step = haunt(items={ZOE: ["Bottle"]})
    might, speed = (step.state.explorers[ZOE].traits[t] for t in ("might", "speed"))
    step = do(step, "use Bottle", "roll 2,2,1")
    e = step.state.explorers[ZOE]
    assert (e.traits["might"], e.traits["speed"]) == (might + 2, speed + 2)
    assert "Bottle" not in e.items


# --- Bell and Spirit Board: drawing others closer ------------------------------------------------------


def test_Bell_5_or_more_calls_heroes_one_space_closer():
    step = haunt(items={ZOE: ["Bell"]}, at={VIVIAN: "Grand Staircase", OX: "Upper Landing"})
    step = do(step, "use Bell", "roll 2,2,1,0,0")
    prompt = step.state.awaiting
    assert prompt.player == ZOE and "Vivian Lopez from the Grand Staircase to the Foyer" in prompt.text
    step = do(step, "choose bring")
    assert step.state.explorers[VIVIAN].room == "Foyer" and step.state.explorers[OX].room == "Upper Landing"


def test_Bell_does_not_pull_a_hero_held_by_an_opponent():
    step = haunt(items={ZOE: ["Bell"]}, at={VIVIAN: "Foyer", OX: "Foyer"})
    step = do(step, "use Bell", "roll 2,2,1,0,0")
    assert "Bell: no hero can come closer" in texts(step)


def test_Bell_below_5_lets_the_traitor_bring_monsters_closer():
    step = haunt(items={ZOE: ["Bell"]}, monsters={"Ghoul": ghoul(room="Grand Staircase")}, at={OX: "Foyer"})
    step = do(step, "use Bell", "roll 1,0,0,0,0")
    assert step.state.awaiting.player == OX and "Ghoul" in step.state.awaiting.text
    step = do(step, "choose bring")
    assert step.state.haunt.monsters["Ghoul"].room == "Foyer"


def test_Bell_only_after_the_haunt():
    step = start()
    step.state.explorers[ZOE].items.append("Bell")
    assert "use Bell" not in choices(arrange(step, seat=ZOE))


def test_Spirit_Board_after_the_haunt_lets_monsters_come_closer():
    step = haunt(omens={ZOE: ["Spirit Board"]}, monsters={"Ghoul": ghoul(room="Foyer")})
    step = do(step, "use 'Spirit Board'")
    assert step.state.awaiting.player == ZOE  # the top tile, for the holder's eyes only
    step = do(step, "choose seen")
    assert step.state.awaiting.player == OX
    step = do(step, "choose bring")
    assert step.state.haunt.monsters["Ghoul"].room == "Entrance Hall"


# --- A Moment of Hope -----------------------------------------------------------------------------------


def test_A_Moment_of_Hope_blesses_heroes_not_the_traitor():
    step = haunt()
    step.state.tokens["Blessing"] = "Entrance Hall"
    w = World(step.state.clone(), CONTENT)  # dice_for only reads; a copy keeps the step as it was
    assert w.dice_for(ZOE, "might") == value(step, ZOE, "might") + 1
    assert w.dice_for(OX, "might") == value(step, OX, "might")
