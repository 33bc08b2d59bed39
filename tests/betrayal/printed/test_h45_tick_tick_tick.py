"""Haunt 45, Tick, Tick, Tick, refereed from its file (data/haunts/45.toml) and its hook (hooks/h45.py)."""

from __future__ import annotations

from gamekit import do, refused, texts
from printedkit import begin, roll, roll_total, turn

ROOMS = ("Library", "Chapel", "Gymnasium", "Dining Room", "Kitchen")


def bombs():
    # highest Knowledge, not the revealer: with Zoe revealing, the table picks among Ox, Vivian, Peter
    return begin(45, *ROOMS, revealer=0)


def test_h45_every_hero_carries_a_time_bomb_and_the_traitor_cannot_move():
    step = bombs()
    h = step.state.haunt
    t = h.traitor
    heroes = [e.seat for e in step.state.explorers if e.seat != t]
    assert all(any(x.startswith("Time Bomb") for x in h.carried_by(s)) for s in heroes)
    step = turn(step, t)
    assert not [c for c in step.awaiting.choices() if str(c).startswith("move")]


def test_h45_tick_tick_tick_traitor_wins_when_the_big_bomb_is_done():
    step = bombs()
    t = step.state.haunt.traitor
    far = next(r for r in ROOMS if r != step.state.explorers[t].room)
    for e in step.state.explorers:  # the heroes keep well away from the bomb-maker
        if e.seat != t:
            e.room = "Kitchen" if far != "Kitchen" else "Library"
    for _ in range(12):
        step = do(turn(step, t), "end")
        while step.awaiting is not None and step.awaiting.kind == "roll":
            step = roll(step, 0)  # the bomb roll never reaches 8
        if step.state.haunt.winner:
            break
    assert step.state.haunt.winner == "traitor"
    assert step.state.haunt.track("turn") == 12


def test_h45_a_defused_hero_kills_the_traitor_and_the_heroes_win():
    step = bombs()
    t = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    step.state.explorers[hero].traits["knowledge"] = 7  # the top of the track: enough dice for 7
    step = turn(step, hero, "Kitchen")
    step = roll_total(do(step, "act defuse option=knowledge"), 7)
    assert not step.state.haunt.carried_by(hero)
    step.state.explorers[t].traits.update(might=0, speed=0)
    step = turn(step, hero, step.state.explorers[t].room)
    step = do(step, f"attack {t}")
    while step.awaiting is not None and step.awaiting.kind in ("roll", "split", "choose"):
        step = (
            roll(step, 2 if step.awaiting.player == hero else 0)
            if step.awaiting.kind == "roll"
            else do(step, str(step.awaiting.choices()[0]))
        )
    assert step.state.haunt.winner == "heroes"


def test_h45_a_defusing_try_of_two_or_less_sets_the_bomb_off():
    step = bombs()
    t = step.state.haunt.traitor
    hero, other = [e.seat for e in step.state.explorers if e.seat != t][:2]
    step.state.explorers[other].room = "Kitchen"
    step = turn(step, hero, "Kitchen")
    step = roll_total(do(step, "act defuse option=knowledge"), 1)
    assert not step.state.explorers[hero].alive and not step.state.explorers[other].alive
    assert any("bomb goes off" in x for x in texts(step))


def test_h45_an_armed_hero_beside_the_traitor_goes_off_after_its_first_turn():
    step = bombs()
    h = step.state.haunt
    h.advance("turn")
    t = h.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    step = turn(step, hero, step.state.explorers[t].room)
    step = do(step, "end")
    assert not step.state.explorers[hero].alive


def test_h45_defusing_without_a_bomb_is_refused():
    step = bombs()
    t = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    step.state.explorers[hero].traits["knowledge"] = 7  # the top of the track: enough dice for 7
    step = turn(step, hero, "Kitchen")
    step = roll_total(do(step, "act defuse option=knowledge"), 7)
    step = do(step, "end")
    assert "no armed bomb" in refused(turn(step, hero, "Kitchen"), "act defuse option=knowledge").sentence


def test_h45_a_hero_may_defuse_another_heros_bomb_in_their_room():
    step = bombs()
    t = step.state.haunt.traitor
    hero, other = [e.seat for e in step.state.explorers if e.seat != t][:2]
    step.state.explorers[hero].traits["knowledge"] = 7
    step.state.explorers[other].room = "Library"
    step = turn(step, hero, "Kitchen")
    assert "another hero" in refused(step, "act defuse_other option=knowledge").sentence
    step = turn(step, hero, "Library")
    step = roll_total(do(step, "act defuse_other option=knowledge"), 7)
    assert not step.state.haunt.carried_by(other)  # the other's bomb is gone
    assert step.state.haunt.carried_by(hero)  # the defuser's own is still armed
    assert "already tried" in refused(step, "act defuse option=knowledge").sentence  # one try a turn


def test_h45_the_traitor_may_throw_the_dynamite_into_its_own_room_unharmed():
    step = bombs()
    t = step.state.haunt.traitor
    here = step.state.explorers[t].room
    step.state.explorers[t].items.append("Dynamite")
    step = do(turn(step, t), "use Dynamite")
    rooms = [step.state.cells[(c.floor, c.x, c.y)] for c in step.awaiting.targets]
    assert here in rooms and len(rooms) > 1  # its own room besides those next door
    own = next(c for c in step.awaiting.choices() if step.state.cells[(c.floor, c.x, c.y)] == here)
    step = do(step, str(own))
    assert f"throws the Dynamite into the {here}" in " ".join(texts(step))
    caught = []
    while step.awaiting is not None and step.awaiting.kind == "roll" and "Dynamite" in step.awaiting.purpose:
        caught.append(step.awaiting.player)
        step = roll(step, 2)
    others = [e.seat for e in step.state.explorers if e.seat != t and e.room == here and e.alive]
    assert caught and t not in caught and sorted(caught) == sorted(others)  # the blast spares the thrower
