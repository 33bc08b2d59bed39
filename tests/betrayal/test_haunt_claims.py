"""Victory claimed and confirmed (H6.2, issue 16 item 3), at any moment of the haunt (issue 17 item 8), and
book mode's tools behind one action (H7.3): a trait roll the book asks for through the tower or the pad,
trait changes, escapes, sides, monsters killed, haunt tokens carried, counters; Sanity and Knowledge fights
with book monsters (K3, K4)."""

from __future__ import annotations

from gamekit import arrange, choices, do, haunt, in_haunt, monster, refused, start, texts
from hauntable.engine.bots import RandomBot
from hauntable.games.betrayal import HouseRules
from hauntable.games.betrayal.inputs import Roll
from hauntable.games.betrayal.prompts import ChooseOption, HauntTools, MonsterTurn

FOUR = ("zoe", "ox", "vivian", "peter")
ZOE, OX, VIVIAN, PETER = range(4)


def ready(step):
    while step.awaiting is not None and step.awaiting.kind == "handoff":
        step = do(step, "ready")
    return step


def book(number: int = 2, revealer: int = OX):
    """Haunt ``number`` in book mode (house rule haunt_mode=book), Ox its traitor (haunt 2: the revealer),
    Vivian's turn."""
    return ready(haunt(start(*FOUR, house_rules=HouseRules(haunt_mode="book")), number, revealer=revealer))


def roll(step, total_each: int = 2):
    return do(step, "roll " + ",".join([str(total_each)] * step.awaiting.dice))


# --- H6.2: a victory is claimed and confirmed ----------------------------------------------------------


def test_H6_2_no_victory_button_ends_the_game_on_one_tap():
    step = book()
    assert not any(c.startswith(("claim", "victory")) for c in choices(step))  # not among the moves
    tools = do(step, "tools")
    assert isinstance(tools.awaiting, HauntTools) and {"claim heroes", "claim traitor"} <= set(choices(tools))
    claimed = do(tools, "claim heroes")
    assert claimed.awaiting is not None and claimed.state.haunt.winner is None


def test_H6_2_the_heroes_claim_is_confirmed_by_the_traitor_and_ends_the_game():
    step = do(book(), "claim heroes")
    prompt = step.awaiting
    assert isinstance(prompt, ChooseOption) and prompt.player == OX and prompt.options == ("accept", "refuse")
    assert texts(step) == ["The heroes claim victory"]
    step = do(step, "choose accept")
    assert step.awaiting is None and step.state.haunt.winner == "heroes"
    assert any(t.startswith("The heroes win") for t in texts(step))
    assert refused(step, "end").code == "input/not_awaited"


def test_H6_2_a_refused_claim_changes_nothing_and_says_so():
    before = book()
    step = do(before, "claim heroes", "choose refuse")
    assert texts(step) == ["The claim is refused: play goes on"]
    assert step.state.haunt.winner is None and step.state.turn == before.state.turn
    assert choices(step) == choices(before) and step.awaiting.player == before.awaiting.player


def test_H6_2_the_traitors_claim_is_confirmed_by_a_hero():
    step = do(book(), "claim traitor")
    assert step.awaiting.player == VIVIAN  # the first hero in play from the turn
    assert do(step, "choose accept").state.haunt.winner == "traitor"


def test_H6_1_with_no_hero_alive_the_table_declares_the_traitor_before_any_claim():
    step = book()
    for seat in (ZOE, VIVIAN, PETER):
        step.state.explorers[seat].alive = False
    step = do(step, "claim heroes")  # the table's own check comes first: the heroes have no survivor
    assert step.awaiting is None and step.state.haunt.winner == "traitor"


def test_H6_3_the_traitor_can_win_while_dead():
    step = book()
    step.state.explorers[OX].alive = False
    step = do(step, "claim traitor", "choose accept")
    assert step.state.haunt.winner == "traitor"


def test_H6_1_the_table_checks_its_own_goals_before_a_claim():
    """Every hero left the house and one escaped: the table sees the heroes' win itself, no claim asked."""
    step = book()
    for seat in (ZOE, PETER):
        step.state.explorers[seat].alive = False
    step = do(step, "escape 2")
    assert step.awaiting is None and step.state.haunt.winner == "heroes"


def test_bots_never_claim_a_victory():
    """Issue 16: in random bot games a bot tapping a victory button ended the game; a claim is never a bot's
    choice, whatever else the tools offer."""
    step = do(book(), "tools")
    bot = RandomBot(7, Roll)
    picked = {str(bot.choose(step)) for _ in range(300)}
    assert picked and not any(p.startswith(("claim", "escape", "side")) for p in picked)


# --- issue 17 item 8: a side wins at that moment, also while monsters act ------------------------------


def monster_turn(monsters, traitor=OX):
    step = in_haunt(arrange(start(*FOUR)), traitor, seat=traitor, monsters=monsters)
    return do(step, "end", "roll " + ",".join(["1"] * 2))


def test_issue17_8_a_claim_is_made_while_the_monsters_act_and_the_monster_turn_goes_on_if_refused():
    step = monster_turn({"Ghoul": monster("Ghoul", "Foyer", speed=2, might=4)})
    assert isinstance(step.awaiting, MonsterTurn) and "tools" in choices(step)
    claimed = do(step, "claim traitor")
    assert claimed.awaiting.kind == "option"
    back = do(claimed, "choose refuse")
    assert isinstance(back.awaiting, MonsterTurn) and back.awaiting.monster == "Ghoul"
    assert back.awaiting.movement_left == step.awaiting.movement_left
    assert do(claimed, "choose accept").state.haunt.winner == "traitor"


def test_issue17_8_a_dead_traitor_wins_while_the_monsters_act():
    step = monster_turn({"Ghoul": monster("Ghoul", "Foyer", speed=2, might=4)})
    step.state.explorers[OX].alive = False
    step = do(step, "claim traitor", "choose accept")
    assert step.state.haunt.winner == "traitor" and step.awaiting is None


def test_issue17_8_the_last_hero_killed_by_a_monster_ends_the_game_at_once():
    """No claim needed: the table sees no hero left in the middle of the monster turn."""
    step = monster_turn({"Ghoul": monster("Ghoul", "Entrance Hall", speed=2, might=8)})
    for seat in (ZOE, PETER):
        step.state.explorers[seat].alive = False
    step.state.explorers[VIVIAN].traits.update(might=0, speed=0)
    step = do(step, "attack 2", "roll 2,2,2,2,2,2,2,2")
    while step.awaiting is not None and step.awaiting.kind == "roll":
        step = roll(step, 0)
    while step.awaiting is not None and step.awaiting.kind == "split":
        step = do(step, str(step.awaiting.choices()[0]))
    assert step.awaiting is None and step.state.haunt.winner == "traitor"


# --- H7.3: book mode's tools ---------------------------------------------------------------------------


def test_H7_3_a_trait_roll_the_book_asks_for_asks_the_target_then_the_dice():
    step = do(book(), "tools", "check 2 might")
    assert step.awaiting.kind == "option" and step.awaiting.player == VIVIAN and "4" in step.awaiting.options
    step = do(step, "choose 4")
    assert step.awaiting.kind == "roll" and step.awaiting.trait == "might" and step.awaiting.target == 4
    step = roll(step, 2)
    assert texts(step)[-1].endswith(": success") and step.awaiting.kind == "action"


def test_H7_3_a_trait_roll_is_only_on_the_rollers_turn():
    assert refused(book(), "check 0 might target=4").rule == "H7.3"


def test_H7_3_traits_raised_and_lowered_sides_changed_escapes():
    step = do(book(), "trait 2 might 1", "trait 2 sanity -1")
    assert [o.code for o in step.outcomes] == ["trait.lose"]
    step = do(step, "side 2 traitor")
    assert step.state.haunt.side_of(VIVIAN) == "traitor"
    assert refused(step, "side 2 traitor").rule == "H7.3"
    step = do(step, "escape 2")  # her turn passes
    assert step.state.turn.seat != VIVIAN and step.state.explorers[VIVIAN].alive


def test_H7_3_monsters_killed_or_removed_and_tokens_carried_dropped_handed():
    step = do(book(), "monster Zombie 'Entrance Hall' might=4", "token Key 'Entrance Hall'", "tools")
    assert {"kill Zombie", "kill Zombie how=remove", "carry Key 2"} <= set(choices(step))
    step = do(step, "carry Key 2")
    assert step.state.haunt.carrier("Key") == VIVIAN
    step = do(step, "tools")
    assert "token Key 'Entrance Hall'" in choices(step)  # laid down where she stands
    step = do(step, "token Key 'Entrance Hall'", "kill Zombie")
    assert step.state.haunt.token_room("Key") == "Entrance Hall" and not step.state.haunt.monsters
    assert refused(step, "kill Zombie").rule == "H7.1"
    assert refused(step, "carry Ghost 2").rule == "H7.3"


def test_H7_3_named_counters_and_the_track():
    step = do(book(), "counter Seals 2", "counter Seals -1", "track turn 3")
    assert step.state.haunt.vars == {"Seals": 1} and step.state.haunt.tracks == {"turn": 3}
    assert {"counter Seals 1", "counter Seals -1", "track turn 1"} <= set(choices(do(step, "tools")))


def test_H7_3_back_closes_the_tools():
    step = book()
    assert choices(do(step, "tools", "back")) == choices(step)


# --- K3, K4: Sanity and Knowledge fights with book monsters --------------------------------------------


def test_K4_in_book_mode_a_monster_with_only_sanity_is_attacked_in_sanity():
    step = book()
    step = do(step, "monster Ghost 'Entrance Hall' sanity=4")
    options = [c for c in choices(step) if c.startswith("attack Ghost")]
    assert options == ["attack Ghost trait=sanity"]
    step = do(step, "attack Ghost trait=sanity")
    assert step.awaiting.trait == "sanity" and step.awaiting.player == VIVIAN
    step = roll(step, 2)
    assert step.awaiting.trait == "sanity" and step.awaiting.dice == 4 and step.awaiting.player == OX
    step = roll(step, 0)
    assert step.state.haunt.monsters["Ghost"].stunned  # K7


def test_K4_a_hero_losing_a_knowledge_fight_takes_mental_damage():
    step = do(book(), "monster Sage 'Entrance Hall' knowledge=8")
    step = do(step, "attack Sage trait=knowledge")
    step = roll(roll(step, 0), 2)  # Vivian 0, the Sage 16
    assert step.awaiting.kind == "split" and step.awaiting.damage == "mental" and step.awaiting.amount == 16


def test_K3_a_book_monster_is_not_attacked_in_a_trait_it_lacks():
    step = do(book(), "monster Ghost 'Entrance Hall' sanity=4")
    assert refused(step, "attack Ghost").rule == "K3"
    assert refused(step, "attack Ghost trait=knowledge").rule == "K4"  # nor offered


def test_H6_4_a_scripted_haunt_no_side_can_finish_is_ended_by_a_claim_the_other_side_concedes():
    """Found by the random-games test: the last hero in the house stood behind the Revolving Wall with one
    die of Knowledge (3+ needed: out of reach), another hero escaped, the traitor dead; nothing the table
    knows could end the game. The table does not judge such a deadlock (H6.4): the players end it with a
    claim that the other side accepts."""
    step = start(*FOUR, house_rules=HouseRules(revolving_wall=True))
    step = ready(haunt(step, 18, revealer=PETER))
    for seat in (VIVIAN, PETER):  # the traitor dead (not by the fire), one hero dead
        step.state.explorers[seat].alive = False
    step.state.explorers[OX].marks["escaped"] = True  # one hero out of the front door
    step = arrange(step, rooms={"Revolving Wall": ("ground", 1, 1, 1)}, at={ZOE: "Revolving Wall"}, seat=ZOE)
    step.state.explorers[ZOE].traits["knowledge"] = 0  # her lowest step: 1 die
    step = arrange(step, seat=ZOE)
    crossing = do(step, "cross").awaiting
    assert (crossing.trait, crossing.target) == ("knowledge", 3) and crossing.dice * 2 < 3
    assert {"claim heroes", "claim traitor"} <= set(choices(step))
    step = do(step, "claim traitor")
    assert step.awaiting.player == ZOE  # the last hero concedes
    step = do(step, "choose accept")
    assert step.awaiting is None and step.state.haunt.winner == "traitor"
