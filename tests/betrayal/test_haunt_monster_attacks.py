"""Monsters attack in the monster turn (rule H5.7, fought by combat's K3-K9)."""

from __future__ import annotations

from gamekit import arrange, choices, do, haunt, in_haunt, monster, refused, start, texts
from haunt_fixtures import Horde
from hauntable.games.betrayal.config import HouseRules
from hauntable.games.betrayal.prompts import MonsterTurn
from hauntable.games.betrayal.ruleset import RULES

ZOE, OX, VIVIAN = 0, 1, 2


def ghoul(room: str = "Entrance Hall", **kw) -> dict:
    return monster("Ghoul", room, might=4, speed=2, **kw)


def monster_turn(monsters: dict, traitor: int | None = OX, at: dict | None = None):
    """A book-mode haunt (Ox the traitor unless told) at the end of the last turn before the monsters':
    everybody in the Entrance Hall unless ``at`` says otherwise; then the monsters' speed rolls (all 1s)."""
    step = arrange(start(), at=at)
    last = traitor if traitor is not None else ZOE  # in_haunt with no traitor: Zoe plays last
    step = do(in_haunt(step, traitor, seat=last, monsters=monsters), "end")
    while step.awaiting.kind == "roll":
        step = do(step, "roll " + ",".join("1" * step.awaiting.dice))
    assert isinstance(step.awaiting, MonsterTurn)
    return step


def test_H5_7_a_monster_may_attack_a_hero_in_its_room_and_the_traitor_rolls_for_it():
    step = monster_turn({"Ghoul": ghoul()}, at={VIVIAN: "Foyer"})
    assert [c for c in choices(step) if c.startswith("attack")] == ["attack 0"]  # not Ox, not Vivian
    step = do(step, "attack 0")
    assert step.awaiting.kind == "roll" and step.awaiting.player == OX and step.awaiting.dice == 4
    assert step.awaiting.choices() == ()  # the traitor's cards do not help the monster (K3)
    step = do(step, "roll 2,2,2,1", "roll 0,0,1")  # Zoe's Might 3 defends: 7 against 1
    assert "Ghoul beats Zoe" in " ".join(texts(step))
    assert step.awaiting.kind == "split" and step.awaiting.player == ZOE and step.awaiting.amount == 6


def test_H5_7_a_monster_attacks_once_and_may_still_move_afterwards():
    step = monster_turn({"Ghoul": ghoul()})
    step = do(step, "attack 0", "roll 1,1,0,0", "roll 1,1,0")  # a tie: nobody is hurt
    assert isinstance(step.awaiting, MonsterTurn) and step.awaiting.monster == "Ghoul"
    assert not any(c.startswith("attack") for c in choices(step))
    assert "go Foyer" in choices(step)
    assert refused(step, "attack 2").rule == "H5.2"


def test_H5_7_a_monster_beaten_in_its_own_attack_is_stunned_and_its_move_ends():
    step = monster_turn({"Ghoul": ghoul(), "Bat": monster("Bat", "Foyer", might=1, speed=2)})
    assert step.awaiting.monster == "Ghoul"
    step = do(step, "attack 0", "roll 0,0,0,0", "roll 2,2,0")
    said = " ".join(texts(step))
    assert "Ghoul is stunned" in said and "its move is over" in said
    assert step.awaiting.monster == "Bat" and step.state.haunt.monsters["Ghoul"].stunned


def test_K4_in_book_mode_a_monster_without_might_attacks_in_the_trait_it_has():
    """Issue 16 item 3: a book monster with only Sanity attacks in Sanity (the book names the trait; the table
    offers what the monster has), never in Might or Knowledge it lacks, nor in Speed (its movement)."""
    step = monster_turn({"Ghost": monster("Ghost", speed=2, sanity=4)})
    attacks = [c for c in choices(step) if c.startswith("attack")]
    assert "attack 0 trait=sanity" in attacks and all(c.endswith("trait=sanity") for c in attacks)


def test_H5_7_the_haunt_may_let_monsters_attack_in_another_trait():
    step = arrange(start())
    step = in_haunt(step, OX, seat=OX, monsters={"Ghost": monster("Ghost", speed=2, sanity=4)})
    step.state.haunt.attack_traits = ("sanity",)
    step = do(step, "end", "roll 1,1")
    assert "attack 0 trait=sanity" in choices(step)
    step = do(step, "attack 0 trait=sanity")
    assert step.awaiting.dice == 4 and step.awaiting.trait == "sanity"


def test_H5_7_with_no_traitor_monsters_attack_anyone_and_the_table_rolls_for_them():
    step = monster_turn({"Ghoul": ghoul()}, traitor=None, at={OX: "Foyer", VIVIAN: "Foyer"})
    assert [c for c in choices(step) if c.startswith("attack")] == ["attack 0"]
    step = do(step, "attack 0")
    assert step.awaiting.player is None and step.awaiting.dice == 4


def test_K9_a_hero_killed_by_a_monster_drops_their_cards_and_the_monster_turn_goes_on():
    step = arrange(start(), traits={ZOE: {"might": 0, "speed": 0}})
    step.state.explorers[ZOE].items.append("Axe")
    step = do(in_haunt(step, OX, seat=OX, monsters={"Ghoul": ghoul()}), "end", "roll 1,1")
    step = do(step, "attack 0", "roll 2,2,2,2", "roll 0,0")
    if step.awaiting.kind == "split":
        step = do(step, str(step.awaiting.choices()[0]))
    assert not step.state.explorers[ZOE].alive
    assert step.state.tokens.get("item:Axe") == "Entrance Hall"  # K9: an item pile in the room
    assert isinstance(step.awaiting, MonsterTurn) and step.awaiting.monster == "Ghoul"
    step = do(step, "end")
    assert step.awaiting.kind == "action" and step.state.turn.seat == VIVIAN


def test_H5_7_book_mode_monsters_take_their_traits_from_the_book_and_attack():
    step = do(haunt(start(house_rules=HouseRules(haunt_mode="book")), 2, revealer=1), "ready")
    traitor = step.state.haunt.traitor
    room = step.state.explorers[step.state.turn.seat].room
    step = do(step, f"monster Zombie '{room}' speed=2 might=5", f"monster Rat '{room}' speed=1")
    ms = step.state.haunt.monsters
    assert ms["Zombie"].might == 5 and ms["Rat"].might is None
    while step.awaiting.kind == "action":
        step = do(step, "end")
    step = do(step, "roll 1,1", "roll 1")
    assert step.awaiting.monster == "Zombie"
    heroes = [e.seat for e in step.state.explorers if e.room == room and e.seat != traitor]
    assert [c for c in choices(step) if c.startswith("attack")] == [f"attack {s}" for s in heroes]
    step = do(step, "end")
    assert step.awaiting.monster == "Rat" and not any(c.startswith("attack") for c in choices(step))


def test_H5_7_scripted_monsters_keep_their_own_actions_beside_the_attack(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 4, Horde())  # a plain horde (haunt_fixtures)
    step = do(haunt(start(), 4, revealer=0), "ready")  # four Crawlers in the traitor's room
    traitor = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != traitor)
    step.state.explorers[hero].room = step.state.explorers[traitor].room
    while step.awaiting.kind == "action":
        step = do(step, "end")
    step = do(step, "roll 1,1")
    assert f"attack {hero}" in choices(step) and "act grab" in choices(step)


# --- H5.8: the open Music Box holds monsters with a Sanity ------------------------------------------------


def music_in_foyer(step):
    step.state.tokens["item:Music Box"] = "Foyer"
    step.state.marks["Music Box open"] = True
    return step


def test_H5_8_a_monster_with_sanity_entering_the_music_box_room_resists_or_its_move_ends():
    step = monster_turn({"Ghost": monster("Ghost", might=3, speed=3, sanity=3), "Ghoul": ghoul()})
    step = music_in_foyer(step)
    assert step.awaiting.monster == "Ghost"
    step = do(step, "go Foyer")
    assert step.awaiting.kind == "roll" and step.awaiting.player == OX and step.awaiting.dice == 3
    assert step.awaiting.choices() == ()  # no card helps a monster's roll
    step = do(step, "roll 1,1,0")
    assert "Ghost is mesmerized by the Music Box: its move ends" in texts(step)
    assert step.awaiting.monster == "Ghoul"


def test_H5_8_a_monster_that_resists_the_music_box_moves_on():
    away = {ZOE: "Upper Landing", VIVIAN: "Upper Landing"}  # nobody to hold the Ghost back
    step = music_in_foyer(monster_turn({"Ghost": monster("Ghost", might=3, speed=3, sanity=3)}, at=away))
    step = do(step, "go Foyer", "roll 2,2,0")
    assert "Ghost shakes off the melody" in texts(step)
    assert step.awaiting.monster == "Ghost" and any(c.startswith("go") for c in choices(step))


def test_H5_8_a_monster_starting_its_move_by_the_music_box_rolls_and_one_without_sanity_does_not():
    step = arrange(start())
    ms = {"Ghost": monster("Ghost", "Foyer", speed=2, sanity=3), "Ghoul": ghoul("Foyer")}
    step = music_in_foyer(in_haunt(step, OX, seat=OX, monsters=ms))
    step = do(step, "end", "roll 1,1", "roll 1,1")  # the Ghost's and the Ghoul's speed
    assert step.awaiting.kind == "roll" and step.awaiting.purpose == "Ghost resists the Music Box"
    step = do(step, "roll 0,0,0")
    assert step.awaiting.monster == "Ghoul"  # deaf to the melody: no roll


def test_H5_7_random_play_of_the_horde_and_the_beast_has_monsters_attacking():
    """Random legal play of haunts 4 and 6 (the bot picks among the monster prompt's choices): monsters
    do attack, and every game still ends (H6.1)."""
    from hauntable.engine.bots import RandomBot
    from hauntable.games.betrayal import GAME
    from hauntable.games.betrayal.inputs import Roll

    attacks = 0
    for number in (4, 6):
        for seed in range(4):
            step = haunt(start("zoe", "ox", "vivian", "peter", seed=seed), number, revealer=seed)
            bot = RandomBot(seed, Roll)
            for _ in range(3000):
                if step.awaiting is None:
                    break
                choice = bot.choose(step)
                attacks += isinstance(step.awaiting, MonsterTurn) and choice.kind == "attack"
                step = GAME.apply(step.state, choice)
            assert step.awaiting is None and step.state.haunt.winner in ("heroes", "traitor")
    assert attacks > 0
