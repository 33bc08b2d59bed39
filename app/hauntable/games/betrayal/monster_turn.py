"""The monster turn (H5.2-H5.8): speed rolls, each monster's moves and attack, and recovering from a stun.

The monster turn comes after the traitor's turn: one speed roll per monster type (H5.2: all at its start,
or as each type's first monster acts, house rule ``monster_speed_roll``), then each monster moves and acts
before the next, attacking at most once (H5.7, through ``predicates.start_fight``); stunned monsters skip
that turn and recover at its end (H5.3; one stunned during it waits for the next, or recovers too:
``monster_stunned_in_turn``). The turn in progress is ``state.haunt.mphase`` (records.MonsterPhase).
Apart from ``monsters.py`` (the monsters as pieces) because only the haunt's phase turn and the reducer
ask for it, while cards, haunts and fights change monsters without it.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.cards.music_box import music_room
from hauntable.games.betrayal.claims import offered
from hauntable.games.betrayal.house import BELOW_COLLAPSED, apart
from hauntable.games.betrayal.inputs import Attack, EndTurn, Go
from hauntable.games.betrayal.monsters import controller, monsters, neighbours, opponents_of_monsters
from hauntable.games.betrayal.predicates import (
    BOOK_FIGHT_TRAITS,
    hostile,
    in_house,
    name_of,
    scenario,
    start_fight,
)
from hauntable.games.betrayal.prompts import ChooseOption, MonsterTurn
from hauntable.games.betrayal.records import MONSTER_TURN
from hauntable.games.betrayal.world import World, task

_END = EndTurn()


@task("monster_turn")
def monster_turn(w: World) -> None:
    p = w.haunt.phase()
    p.active = True
    p.count += 1
    ms = monsters(w)
    p.skipping = [mid for mid, m in ms.items() if m.stunned]
    acting = [mid for mid, m in ms.items() if not m.stunned]
    p.queue = acting
    p.speeds = {}
    w.say("The monsters' turn", "monster.turn")
    for mid in p.skipping:
        w.say(f"{mid} is stunned and skips this turn", "monster.skips", monster=mid)
    if w.s.config.house_rules.monster_speed_roll == "per_group":
        w.then(("monster_next", {}))  # each type rolls as its first monster acts
        return
    types = list(dict.fromkeys(ms[mid].kind for mid in acting))
    w.then(*[("monster_speed", dict(mtype=t)) for t in types], ("monster_next", {}))


@task("monster_speed")
def monster_speed(w: World, mtype: str) -> None:
    """H5.2: one speed roll for all the monsters of one type, at the start of the monster turn (or as the
    first of them acts, house rule monster_speed_roll=per_group)."""
    speed = next(m.speed for m in monsters(w).values() if m.kind == mtype) or 0
    if speed <= 0:
        w.haunt.phase().speeds[mtype] = 0
        return
    who = controller(w)
    w.ask(
        RollDice(
            who,
            f"Roll {speed} dice for the speed of the {mtype}",
            speed,
            f"{mtype} speed",
            purpose_text=OptionText.of("monster_speed", monster=mtype),
        ),
        on="monster_speed_result",
        mtype=mtype,
    )


@task("monster_speed_result")
def monster_speed_result(w: World, mtype: str, total: int) -> None:
    w.haunt.phase().speeds[mtype] = total
    w.say(f"The {mtype} may move {total} this turn", "monster.speed", monster=mtype, total=total)


@task("monster_next")
def monster_next(w: World) -> None:
    """The next monster moves and acts; when none is left, the monster turn ends and stunned ones recover."""

    p = w.haunt.phase()
    ms = monsters(w)
    if p.current is not None and _ask_side(w, p.current):
        w.then(("monster_next", {}))
        return
    while p.queue:
        mid = p.queue.pop(0)
        m = ms.get(mid)
        if m is None or m.stunned or m.room not in w.s.house:
            continue
        if m.kind not in p.speeds and w.s.config.house_rules.monster_speed_roll == "per_group":
            p.queue.insert(0, mid)  # its type rolls now, then it acts
            w.then(("monster_speed", dict(mtype=m.kind)), ("monster_next", {}))
            return
        p.begin(mid, p.speeds.get(m.kind, 0))
        music_check(w, mid, "starting its move")
        return
    p.current, p.attacked = None, False
    skipping, p.skipping = p.skipping, []
    if w.s.config.house_rules.monster_stunned_in_turn == "recover_now":  # stunned during it: recover too
        skipping += [mid for mid, m in ms.items() if m.stunned and mid not in skipping]
    for mid in skipping:
        if mid in ms and ms[mid].stunned:
            ms[mid].stunned = False
            w.say(f"{mid} recovers", "monster.recovers", monster=mid)
    p.active = False
    sc = scenario(w)
    if sc is not None:
        sc.end_monster_turn(w)
    w.then(("haunt_next_turn", dict(seat=MONSTER_TURN)))


def _ask_side(w: World, mid: str) -> bool:
    """B6.1 (de l.151, ru l.161): a monster ignores barriers, but one that ends its move in a barrier room
    stands on a side the traitor chooses (the table with no known traitor); from then on it attacks, is
    attacked by and slows only the explorers on that side. Asks and returns True when that is needed."""
    m = monsters(w).get(mid)
    if m is None or m.room not in w.s.house or m.barrier_side is not None:
        return False
    spec = w.content.rooms[m.room]
    if not spec.barrier or len(spec.doors) < 2:
        return False
    w.ask(
        ChooseOption(
            controller(w),
            f"{mid} stops in the {m.room}: on which side of its barrier?",
            "monster_side",
            tuple(w.house.doors(m.room)),
            code="monster_side",
            params=(("monster", mid), ("room", m.room)),
        ),
        on="monster_side",
        monster=mid,
    )
    return True


@task("monster_side")
def monster_side(w: World, monster: str, option: str) -> None:
    m = monsters(w)[monster]
    m.barrier_side = option
    w.say(
        f"{monster} stands on the {option} side of the {m.room}",
        "monster.side",
        monster=monster,
        room=m.room,
        dir=option,
    )


def _first_through(w: World, mid: str, hole: str, room: str) -> None:
    """B6.3, H5.4 (de l.170): a monster first through the Collapsed Room lands in a basement room the traitor
    picks (its move), and no tile is drawn. House rule ``collapse_monster_token``: the Below Collapsed Room
    token goes on that room (``landing``), or waits for the first explorer to fall (``first_explorer``)."""
    w.say(f"{mid} drops through the {hole} to the {room}", "monster.falls", monster=mid, room=room, hole=hole)
    if w.s.config.house_rules.collapse_monster_token == "landing":
        w.own("tokens")[BELOW_COLLAPSED] = room


def music_check(w: World, mid: str, why: str) -> None:
    """H5.8: a monster with Sanity entering the open Music Box's room, or starting its move there, resists
    (Sanity 4+, the traitor throws, no card helps) or its move ends there (C13). One without Sanity is deaf
    to it."""

    m = monsters(w)[mid]
    if m.sanity is None or music_room(w) != m.room:
        return
    dice = max(0, min(8, m.sanity))
    text = f"{mid}: roll {dice} dice for Sanity (4+) - resist the Music Box ({why})"
    prompt = RollDice(controller(w), text, dice, f"{mid} resists the Music Box", "sanity", 4)
    w.ask(prompt, on="monster_music", monster=mid, _aid_none=True)


@task("monster_music")
def monster_music(w: World, monster: str, total: int) -> None:
    if total >= 4:
        w.say(f"{monster} shakes off the melody", "monster.music_resisted", monster=monster)
        return
    w.say(f"{monster} is mesmerized by the Music Box: its move ends", "monster.mesmerized", monster=monster)
    w.then(("monster_next", {}))


def leave_cost(w: World, mid: str) -> int:
    """H5.1 for monsters: one more space per opponent (a hero in play) in the room."""
    room = monsters(w)[mid].room
    return 1 + sum(1 for seat in opponents_of_monsters(w) if w.s.explorers[seat].room == room)


def monster_attacks(w: World, mid: str) -> list[Attack]:
    """H5.7: the attacks a monster may make now: once in its move, if awake, on an explorer it opposes in its
    room (combat's K2 contract: the heroes; everyone while no traitor is known), in Might or a trait the
    haunt allows (``state.haunt.attack_traits``; in book mode any) that the monster has (K3, K4)."""

    h = w.haunt
    m = monsters(w)[mid]
    if m.stunned or (h.mphase is not None and h.mphase.attacked):
        return []
    fights = BOOK_FIGHT_TRAITS if h.mode == "book" else h.attack_traits  # K4: in book mode, any it has
    traits = [t for t in dict.fromkeys(("might", *fights)) if m.trait(t) is not None]
    sc = scenario(w)
    return [
        Attack(str(e.seat), t)
        for e in w.s.explorers
        if in_house(e)
        and e.room == m.room
        and hostile(w.s, mid, str(e.seat))
        and not apart(w.content, m.room, m.barrier_side, e.side)  # B6.1
        and (sc is None or sc.monster_may_attack(w, mid, e.seat))
        for t in traits
    ]


def monster_prompt(w: World) -> None:

    p = w.haunt.phase()
    mid = p.current or ""
    m = monsters(w).get(mid)
    if m is None or m.stunned or m.room not in w.s.house:  # beaten in its own attack (K7, H5.3), or killed
        if m is not None:
            w.say(f"{mid} is stunned: its move is over", "monster.move_over", monster=mid)
        w.then(("monster_next", {}))
        return
    left = p.left or 0
    options: list[Any] = []
    sc = scenario(w)
    if left >= leave_cost(w, mid) or not p.moved:  # H5.1: always at least one room a turn
        options.extend(Go(r) for r in neighbours(w, m.room) if sc is None or sc.monster_may_enter(w, mid, r))
    options.extend(monster_attacks(w, mid))
    if sc is not None:
        options.extend(sc.monster_actions(w, mid))
    options.extend((*offered(w), _END))
    w.ask(
        MonsterTurn(
            controller(w),
            f"{mid} ({m.kind}), in the {m.room}: {left} movement left",
            mid,
            left,
            tuple(options),
        ),
        on=None,
        monster=mid,
    )


def resolve_monster(w: World, prompt: MonsterTurn, ctx: dict[str, Any], inp: Any) -> None:

    if inp.kind not in ("go", "attack", "act", "end"):  # the haunt's tools and a claim, while monsters act
        w.rules.action_handlers[inp.kind](w, inp)
        return
    if inp not in prompt.options:
        raise IllegalAction(f"{prompt.monster} cannot do that now: {inp}.", "H5.2")
    p = w.haunt.phase()
    mid = prompt.monster
    m = monsters(w)[mid]
    if isinstance(inp, Go):
        cost = leave_cost(w, mid)
        p.left = max(0, (p.left or 0) - cost)
        p.moved = (p.moved or 0) + 1
        came_from, m.room, m.barrier_side = m.room, inp.room, None
        w.say(f"{mid} moves to the {inp.room}", "monster.move", monster=mid, room=inp.room)
        slide = w.content.rooms[inp.room].slide_to
        if slide and came_from != slide and slide in w.s.house:  # H5.4: down the Coal Chute like anyone
            m.room = slide
            w.say(f"{mid} slides down to the {slide}", "monster.slide", monster=mid, room=slide)
        if w.content.rooms[came_from].collapse and BELOW_COLLAPSED not in w.s.tokens:
            _first_through(w, mid, came_from, inp.room)
        sc = scenario(w)
        if sc is not None:
            sc.monster_moved(w, mid, came_from)
        music_check(w, mid, "entering")
    elif isinstance(inp, Attack):  # H5.7: the traitor rolls for the monster (K3)
        p.attacked = True
        target = name_of(w, inp.target)
        w.say(
            f"{mid} attacks {target} ({inp.trait.capitalize()})",
            "combat.attack",
            who=mid,
            target=target,
            trait=inp.trait,
            weapon="",
        )
        start_fight(w, mid, inp.target, inp.trait)
    elif isinstance(inp, EndTurn):
        w.then(("monster_next", {}))
    else:
        sc = scenario(w)
        assert sc is not None
        sc.monster_act(w, mid, inp)
