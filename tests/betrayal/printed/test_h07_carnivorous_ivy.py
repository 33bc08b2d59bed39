"""Haunt 7, Carnivorous Ivy, refereed from its file (app/hauntable/games/betrayal/data/haunts/07.toml)."""

from __future__ import annotations

from gamekit import CONTENT, choices, do, refused
from hauntable.games.betrayal.house import distances, monster_walker
from printedkit import begin, roll, roll_total, turn
from printedplay import act, last_hero_killed, monster_prompt_for, settle

ROOMS = ("Kitchen", "Dining Room", "Gardens", "Chasm")


def ivy():
    return begin(7, *ROOMS, revealer=0, omen="Book", room="Kitchen")


def hero(step):
    return next(s for s in (1, 2, 3, 0) if s != step.state.haunt.traitor)


def test_h07_carnivorous_ivy_set_up_one_creeper_in_each_creeper_room_of_the_house():
    h = ivy().state.haunt
    roots = {h.token_room(t) for t in h.tokens if t.startswith("Root")}
    tips = {m.room for m in h.monsters.values() if m.kind == "Creeper Tip"}
    assert roots == tips == {"Entrance Hall", "Grand Staircase", "Dining Room", "Gardens"}


def test_h07_carnivorous_ivy_heroes_win_by_spraying_one_creeper_per_player():
    step = ivy()
    me = hero(step)
    step.state.explorers[me].omens.append("Book")
    step = act(step, me, "Kitchen", "make", "knowledge")
    assert step.state.haunt.carrier("Plant Spray") == me
    for n, room in enumerate(("Entrance Hall", "Grand Staircase", "Dining Room")):
        step = act(step, me, room, "spray")
        h = step.state.haunt
        assert not any(m.room == room for m in h.monsters.values()) and not h.tokens_in(room)
        assert h.vars["_sprayed"] == n + 1 and not h.winner
    step = act(step, me, "Gardens", "spray")
    assert step.state.haunt.winner == "heroes"


def test_h07_carnivorous_ivy_traitor_wins_by_destroying_the_plant_spray():
    step = ivy()
    traitor = step.state.haunt.traitor
    step.state.haunt.tokens["Plant Spray"] = f"seat:{traitor}"
    step = act(step, traitor, "Chasm", "destroy")
    assert step.state.haunt.winner == "traitor"


def test_h07_carnivorous_ivy_traitor_wins_when_every_hero_is_dead():
    step = ivy()
    assert last_hero_killed(step, step.state.haunt.traitor).state.haunt.winner == "traitor"


def test_h07_a_sprayed_room_cannot_be_sprayed_twice():
    step = ivy()
    me = hero(step)
    step.state.explorers[me].omens.append("Book")
    step = act(act(step, me, "Kitchen", "make", "knowledge"), me, "Dining Room", "spray")
    rej = refused(turn(step, me, "Dining Room"), "act spray")
    assert "Root or Tip" in rej.sentence and "haunt 7" in rej.sentence


def test_h07_making_the_spray_without_the_book_is_refused():
    step = ivy()
    rej = refused(turn(step, hero(step), "Kitchen"), "act make option=knowledge")
    assert "Book" in rej.sentence


TIP = "Creeper Tip"  # its Root is Root 1


def grabbed(step, me: int, room: str):
    """Tip 1 in ``room`` beats hero ``me`` there on its move (4 against 0); the monster turn then ends."""
    step.state.haunt.monsters[TIP].room = room
    step.state.explorers[me].items.append("Axe")
    step = monster_prompt_for(do(turn(step, me, room), "end"), TIP)
    step = roll_total(roll_total(do(step, f"attack {me}"), 4), 0)
    return end_monster_turn(step)


def end_monster_turn(step):
    while step.state.haunt.in_monster_turn and step.awaiting is not None:
        step = do(step, "end") if step.awaiting.kind == "monster" else roll(step, 0)
    return step


def test_h07_a_tip_that_beats_a_hero_grabs_them_instead_of_hurting_them():
    step = ivy()
    me = hero(step)
    root_room = step.state.haunt.token_room("Root 1")
    before = dict(step.state.explorers[me].traits)
    step = grabbed(step, me, root_room)
    e = step.state.explorers[me]
    assert e.traits == before and not e.items and e.alive  # no damage; cards dropped
    assert not [c for c in choices(turn(step, me, root_room)) if c.startswith("move")]


def test_h07_a_grabbed_hero_still_in_the_roots_room_at_the_next_monster_turn_dies():
    step = ivy()
    me = hero(step)
    root_room = step.state.haunt.token_room("Root 1")
    step = grabbed(step, me, root_room)
    step = end_monster_turn(monster_prompt_for(do(turn(step, me, root_room), "end"), TIP))
    assert not step.state.explorers[me].alive
    assert TIP not in step.state.haunt.monsters and "Root 1" not in step.state.haunt.tokens


def test_h07_the_tip_drags_its_hero_toward_its_root():
    step = ivy()
    me = hero(step)
    s = step.state
    root_room = s.haunt.token_room("Root 1")
    far = distances(s, CONTENT, root_room, monster_walker(s))
    start = max(far, key=lambda r: far[r])
    step = grabbed(step, me, start)
    assert far[step.state.explorers[me].room] == max(0, far[start] - 2)
    assert step.state.haunt.monsters[TIP].room == step.state.explorers[me].room


def test_h07_beating_the_tip_that_holds_you_sets_you_free():
    step = ivy()
    me = hero(step)
    room = step.state.haunt.token_room("Root 1")
    step = grabbed(step, me, room)
    step = roll_total(roll_total(do(turn(step, me, room), f"attack '{TIP}'"), 4), 0)
    step = settle(step)
    assert step.state.haunt.monsters[TIP].stunned
    assert [c for c in choices(turn(step, me, room)) if c.startswith("move")]
