"""Play helpers for the printed haunts 2-25 (tests/betrayal/printed): a special action rolled with every die
showing one face, a fight played to its end, and the last hero killed in a fight so the table itself finds
the traitor's win (H6.1)."""

from __future__ import annotations

from gamekit import do
from hauntable.engine.game import Step
from hauntable.games.betrayal.prompts import MonsterTurn
from printedkit import roll, turn


def act(step: Step, seat: int, room: str | None, action: str, trait: str = "", each: int = 2) -> Step:
    """``seat``'s fresh turn in ``room``: ``act ACTION`` (rolled in ``trait`` with every die ``each``)."""
    step = turn(step, seat, room)
    if not trait:
        return do(step, f"act {action}")
    step = roll(do(step, f"act {action} option={trait}"), each)
    return settle(step, each)


def settle(step: Step, each: int = 0, by: dict[int | None, int] | None = None) -> Step:
    """Answer rolls (every die ``each``, or per roller in ``by``) and choices (the first) until the table
    waits for a turn's action again."""
    while step.awaiting is not None and step.awaiting.kind in ("roll", "split", "choose"):
        if step.awaiting.kind == "roll":
            face = (by or {}).get(step.awaiting.player, each)
            step = roll(step, face)
        else:
            step = do(step, str(step.awaiting.choices()[0]))
    return step


def fight(step: Step, seat: int, target: str, win: bool = True) -> Step:
    """``seat`` attacks ``target`` (a seat or a monster id) in their room; the attacker's dice show 2 and
    the defender's 0 when ``win``, the other way round otherwise."""
    step = do(step, f"attack {target}")
    hi, lo = (2, 0) if win else (0, 2)
    while step.awaiting is not None and step.awaiting.kind in ("roll", "split", "choose"):
        if step.awaiting.kind == "roll":
            step = roll(step, hi if step.awaiting.player == seat else lo)
        else:
            step = do(step, str(step.awaiting.choices()[0]))
    return step


def last_hero_killed(step: Step, killer: int) -> Step:
    """Every hero but one dies; the traitor (``killer``) then beats the last one, whose Might is at its
    lowest step, so the table sees no hero alive."""
    h = step.state.haunt
    heroes = [e.seat for e in step.state.explorers if e.alive and h.side_of(e.seat) == "heroes"]
    for seat in heroes[:-1]:
        step.state.explorers[seat].alive = False
    last = heroes[-1]
    step.state.explorers[last].traits.update(might=0)
    step = turn(step, killer, step.state.explorers[last].room)
    return fight(step, killer, str(last))


def monster_kills_last_hero(step: Step, mid: str) -> Step:
    """Every hero but one dies; the last one, Might at its lowest step, waits in monster ``mid``'s room
    and the monster beats them on its monster turn (the turns before pass), so the table sees no hero
    alive (H6.1)."""
    h = step.state.haunt
    heroes = [e.seat for e in step.state.explorers if e.alive and h.side_of(e.seat) == "heroes"]
    for seat in heroes[:-1]:
        step.state.explorers[seat].alive = False
    last = heroes[-1]
    step.state.explorers[last].traits.update(might=0)
    step = turn(step, last, h.monsters[mid].room)
    step = do(step, "end")
    for _ in range(60):
        a = step.awaiting
        if a is None or step.state.haunt.winner:
            break
        if (
            isinstance(a, MonsterTurn)
            and a.monster == mid
            and f"attack {last}" in [str(c) for c in a.choices()]
        ):
            step = do(step, f"attack {last}")
            while step.awaiting is not None and step.awaiting.kind in ("roll", "split", "choose"):
                if step.awaiting.kind == "roll":
                    step = roll(step, 0 if step.awaiting.player == last else 2)
                else:
                    step = do(step, str(step.awaiting.choices()[0]))
        elif a.kind == "roll":
            step = roll(step, 0)
        elif a.kind in ("monster", "action"):
            step = do(step, "end")
        else:
            step = do(step, str(a.choices()[0]))
    return step


def strong(step: Step, *seats: int) -> Step:
    """Every trait of ``seats`` at its top step, so a roll of all 2s makes any haunt target."""
    for seat in seats:
        step.state.explorers[seat].traits.update(might=7, speed=7, sanity=7, knowledge=7)
    return step


def monster_prompt_for(step: Step, mid: str) -> Step:
    """End turns (rolls all 0) until monster ``mid``'s part of the monster turn is asked."""
    for _ in range(60):
        a = step.awaiting
        if isinstance(a, MonsterTurn) and a.monster == mid:
            return step
        step = roll(step, 0) if a.kind == "roll" else do(step, "end")
    raise AssertionError(f"no monster turn for {mid}")
