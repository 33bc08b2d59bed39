"""Helpers for the printed haunts' tests (tests/betrayal/printed): a house built by the game's own tiling
rules, the haunt started and both sides' hand-offs confirmed, turns and rolls driven by public inputs."""

from __future__ import annotations

from gamekit import CONTENT, arrange, do, haunt
from gamekit import start as new_game
from hauntable.engine.game import Step
from hauntable.games.betrayal.house import (
    OPPOSITE,
    HouseView,
    distances,
    door_leads,
    doors_of,
    monster_walker,
)
from hauntable.games.betrayal.monsters import neighbours
from hauntable.games.betrayal.prompts import MonsterTurn
from hauntable.games.betrayal.state import Placed, Turn
from hauntable.games.betrayal.world import World

FOUR = ("zoe", "ox", "vivian", "peter")


def build(step: Step, *rooms: str) -> Step:
    """Lay ``rooms`` in order, each at the first open doorway of a floor it may stand on where it fits
    (the tiling rules' own placements)."""
    s = step.state
    for name in rooms:
        view = HouseView(s, CONTENT)
        spot = next(
            (
                (floor, cell, rotation)
                for floor in CONTENT.rooms[name].floors
                for _room, direction, cell in sorted(view.open_doorways(floor))
                for rotation, _links in view.placements(name, cell, OPPOSITE[direction], True)
            ),
            None,
        )
        assert spot is not None, f"no place for the {name}"
        floor, cell, rotation = spot
        s.house[name] = Placed(floor, cell[1], cell[2], rotation)
        if name in s.stack:
            s.stack.remove(name)
        s.house_changed()
    return arrange(step)


def begin(
    number: int,
    *rooms: str,
    revealer: int = 0,
    at: dict[int, str] | None = None,
    characters: tuple[str, ...] = FOUR,
    room: str = "Entrance Hall",
    omen: str = "Skull",
) -> Step:
    """Haunt ``number`` revealed by ``revealer`` in ``room`` in a house with ``rooms``; explorers placed
    ``at``; then every hand-off confirmed (the traitor's, then the heroes'), so the set-up has run."""
    step = build(new_game(*characters), *rooms)
    arrange(step, at=at)
    step = haunt(step, number, revealer=revealer, omen=omen, room=room)
    while step.awaiting is not None and step.awaiting.kind == "handoff":
        step = do(step, "ready")
    return step


def turn(step: Step, seat: int, room: str | None = None) -> Step:
    """A fresh turn for ``seat`` (standing in ``room``)."""
    step.state.turn = Turn(seat)
    return arrange(step, at={seat: room} if room else None, seat=seat)


def roll(step: Step, each: int) -> Step:
    """Answer the awaited roll with every die showing ``each``."""
    return do(step, "roll " + ",".join([str(each)] * step.awaiting.dice))


def finish_round(step: Step, each: int = 0) -> Step:
    """End turns (monsters pass, rolls show ``each``) until a new haunt round begins or the game ends."""
    start_round = step.state.haunt.round
    while step.awaiting is not None and step.state.haunt.round == start_round:
        if isinstance(step.awaiting, MonsterTurn) or step.awaiting.kind == "action":
            step = do(step, "end")
        elif step.awaiting.kind == "roll":
            step = roll(step, each)
        else:
            step = do(step, str(step.awaiting.choices()[0]))
    return step


def roll_total(step: Step, total: int) -> Step:
    """Answer the awaited roll with faces (0-2 each) that add up to ``total``."""
    faces = []
    for _ in range(step.awaiting.dice):
        faces.append(min(2, total - sum(faces)))
    assert sum(faces) == total, f"{step.awaiting.dice} dice cannot make {total}"
    return do(step, "roll " + ",".join(map(str, faces)))


def until_turn_of(step: Step, seat: int, each: int = 0) -> Step:
    """Play on (turns ended, monsters passing, rolls showing ``each``, first choices) until ``seat``'s next
    turn has begun; returns at that turn's first prompt (its action prompt, or a roll the haunt asks)."""
    for _ in range(200):
        if step.awaiting is None or step.state.haunt.winner:
            return step
        before = step.state.turn.seat
        if isinstance(step.awaiting, MonsterTurn) or step.awaiting.kind == "action":
            step = do(step, "end")
        elif step.awaiting.kind == "roll":
            step = roll(step, each)
        else:
            step = do(step, str(step.awaiting.choices()[0]))
        if step.state.turn.seat == seat and before != seat and not step.state.haunt.in_monster_turn:
            return step
    raise AssertionError(f"seat {seat}'s turn never came")


def fight(step: Step, hero: int, hero_wins: bool = True) -> Step:
    """Answer a fight's prompts: ``hero``'s rolls all 2s (all 0s when ``hero_wins`` is False), every other
    roll the opposite; a damage split or a choice takes its first option."""
    while step.awaiting is not None and step.awaiting.kind in ("roll", "split", "choose"):
        if step.awaiting.kind == "roll":
            step = roll(step, 2 if (step.awaiting.player == hero) == hero_wins else 0)
        else:
            step = do(step, str(step.awaiting.choices()[0]))
    return step


def attacker_wins(step: Step) -> Step:
    """Answer a fight's prompts by order, for fights where one player throws both sides' dice: the first
    roll (the attacker's) all 2s, the rest all 0s; splits and choices take their first option."""
    rolls = 0
    while step.awaiting is not None and step.awaiting.kind in ("roll", "split", "choose"):
        if step.awaiting.kind == "roll":
            step = roll(step, 2 if rolls == 0 else 0)
            rolls += 1
        else:
            step = do(step, str(step.awaiting.choices()[0]))
    return step


def monsters_attack(step: Step, victim: int) -> Step:
    """Play on until a side wins: every monster attacks when it can, ``victim``'s dice show blanks and
    everyone else's 2, explorers end their turns, other prompts take their first choice."""
    while step.awaiting is not None and step.state.haunt.winner is None:
        a = step.awaiting
        if isinstance(a, MonsterTurn):
            attack = [str(c) for c in a.choices() if str(c).startswith("attack")]
            step = do(step, attack[0] if attack else "end")
        elif a.kind == "roll":
            step = roll(step, 0 if a.player == victim else 2)
        elif a.kind == "action":
            step = do(step, "end")
        else:
            step = do(step, str(a.choices()[0]))
    return step


def spaces_to_leave(step: Step, seat: int, room: str) -> int:
    """The spaces ``seat`` pays (H5.1) to step from ``room`` through its first door into a laid room, on a
    fresh turn with Speed at its top: the turn's ``moved`` after that one move."""
    s = step.state
    placed = s.house[room]
    way = next(
        d
        for d in doors_of(CONTENT.rooms[room], placed.rotation)
        if door_leads(s, CONTENT, room, d)[1] is not None and door_leads(s, CONTENT, room, d)[2]
    )
    s.explorers[seat].traits["speed"] = 7
    step = do(turn(step, seat, room), f"move {way}")
    return step.state.turn.moved


def monster_steps(step: Step, mid: str, heroes_in: str) -> tuple[str, set[str], set[str]]:
    """Monster ``mid`` set in a laid room with a way both toward and away from ``heroes_in`` (where every
    explorer stands), at its move: (its room, the rooms offered, the rooms one step nearer)."""
    s = step.state
    for e in s.explorers:
        e.room = heroes_in
    w = World(s, CONTENT)
    far = distances(s, CONTENT, heroes_in, monster_walker(s))
    room = next(
        r for r in sorted(far) if far[r] >= 1 and len({far[n] for n in neighbours(w, r)} - {far[r]}) == 2
    )
    s.haunt.monsters[mid].room = room
    for _ in range(60):
        a = step.awaiting
        if isinstance(a, MonsterTurn) and a.monster == mid:
            break
        if a.kind == "roll":
            step = do(step, "roll " + ",".join(["2"] * a.dice))
        elif a.kind in ("action", "monster"):
            step = do(step, "end")
        else:
            step = do(step, str(a.choices()[0]))
    offered = {c.room for c in step.awaiting.choices() if c.kind == "go"}
    nearer = {n for n in neighbours(w, room) if far.get(n, 99) < far[room]}
    return room, offered, nearer
