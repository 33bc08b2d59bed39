"""Haunt 32, Lost, refereed from its file (data/haunts/32.toml)."""

from __future__ import annotations

from gamekit import CONTENT, do, refused, value
from printedkit import begin, roll, turn

ROOMS = ("Organ Room", "Library", "Game Room", "Tower", "Chapel")


def lost():
    return begin(32, *ROOMS, revealer=0)


def hero(step):
    return next(s for s in range(4) if s != step.state.haunt.traitor)


def answer(step, each: int = 0):
    """Answer what the table asks (the air's roll and the traits it eats) until the turn prompt."""
    while step.awaiting.kind != "action":
        step = roll(step, each) if step.awaiting.kind == "roll" else do(step, str(step.awaiting.choices()[0]))
    return step


def test_h32_the_traitor_has_the_highest_sanity():
    step = lost()
    sanity = [value(step, s, "sanity") for s in range(4)]
    assert sanity[step.state.haunt.traitor] == max(sanity)


def test_h32_lost_heroes_win_with_the_song_after_the_clues():
    step = lost()
    h = hero(step)
    for room, act, trait in (("Library", "library", "knowledge"), ("Game Room", "trophies", "sanity")):
        step = roll(do(turn(step, h, room), f"act {act} option={trait}"), 2)
    assert step.state.haunt.vars["clues"] == 2
    assert "already found" in refused(turn(step, h, "Library"), "act library option=knowledge").sentence
    step.state.explorers[h].omens.append("Book")
    omens = sum(1 for r in step.state.house if CONTENT.rooms[r].symbol == "omen")
    music = 2 if step.state.explorers[h].character == "zoe" else 0
    step = roll(do(turn(step, h, "Organ Room"), "act song option=knowledge"), 0)
    totals = [dict(o.params)["total"] for o in step.outcomes if o.code == "printed.failure"]
    assert totals == [omens + 2 * 2 + 2 + music]  # omen rooms, two clues, the Book here, a Music hobby
    step.state.explorers[h].traits["knowledge"] = 7
    step = roll(do(turn(step, h, "Organ Room"), "act song option=knowledge"), 2)
    assert step.state.haunt.winner == "heroes"


def test_h32_sabotage_makes_the_song_harder_and_each_room_serves_once():
    step = lost()
    t = step.state.haunt.traitor
    step = roll(do(turn(step, t, "Chapel"), "act sabotage option=knowledge"), 2)
    assert step.state.haunt.vars["sabotage"] == 1
    rej = refused(turn(step, t, "Chapel"), "act sabotage option=knowledge")
    assert "not sabotaged yet" in rej.sentence and "haunt 32" in rej.sentence
    h = hero(step)
    step = roll(do(turn(step, h, "Organ Room"), "act song option=knowledge"), 0)
    assert step.state.haunt.winner is None


def test_h32_the_song_is_played_only_in_the_organ_room():
    step = turn(lost(), 1, "Library")
    assert "Organ Room" in refused(step, "act song option=knowledge").sentence


def test_h32_lost_traitor_wins_when_the_air_has_eaten_every_hero():
    step = lost()
    t = step.state.haunt.traitor
    for s in range(4):
        if s != t:
            step.state.explorers[s].traits.update(might=0, speed=0, sanity=0, knowledge=0)
    step = do(turn(step, t), "end")
    while step.state.haunt.winner is None:  # play on; nobody claims a victory (H6.2), the air decides
        if step.awaiting.kind == "roll":
            step = roll(step, 1)
        else:
            step = do(step, str(next(c for c in step.awaiting.choices() if c.kind != "claim")))
    assert step.state.haunt.winner == "traitor"


def test_h32_the_air_eats_two_dice_of_traits_at_a_heros_turn_start():
    step = lost()
    t = step.state.haunt.traitor
    before = [sum(e.traits.values()) for e in step.state.explorers]
    step = do(turn(step, t), "end")
    nxt = step.state.turn.seat
    assert step.awaiting.kind == "roll" and step.awaiting.dice == 2 and step.awaiting.player == nxt != t
    step = answer(step, 1)
    assert sum(step.state.explorers[nxt].traits.values()) == before[nxt] - 2
