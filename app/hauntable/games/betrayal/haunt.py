"""The haunt (issue 4, rules H1-H7 in docs/rules.md): who becomes the traitor, the set-up and the private
hand-off, the haunt's turn order with the monster turn, hidden traitors, book mode's tools and victory.

Everything lives in ``state.haunt``, a :class:`~hauntable.games.betrayal.records.Haunt` record made by the
haunt roll and set up here (sides, mode, turn order, the hidden traitor's tokens).

A scripted haunt is a :class:`~hauntable.games.betrayal.haunts.Scenario`; every other haunt runs in book
mode, where the table names the haunt and the books, and offers generic tools.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.rejections import IllegalAction, NotAwaited
from hauntable.engine.rng import Rng
from hauntable.games.betrayal import monsters as mon
from hauntable.games.betrayal.cards.hands import discard_kept
from hauntable.games.betrayal.content import Content, HauntSpec
from hauntable.games.betrayal.haunts import SCENARIOS, Scenario
from hauntable.games.betrayal.inputs import (
    Act,
    NameTraitor,
    PlaceMonster,
    PlaceToken,
    Reveal,
    Stun,
    Victory,
)
from hauntable.games.betrayal.prompts import HandOff
from hauntable.games.betrayal.records import MONSTER_TURN
from hauntable.games.betrayal.state import State, Turn
from hauntable.games.betrayal.world import World, task

TOME, SECRETS = "Traitor's Tome", "Secrets of Survival"
NEGATIVE_KEPT = ("Webs", "Debris", "Lights Out", "Grave Dirt")  # H3.1: the traitor shakes these off


# --- the traitor (H1) -------------------------------------------------------------------------------------


def choose_traitor(state: State, content: Content, spec: HauntSpec, revealer: int) -> int | None:
    """H1.1-H1.4: the traitor by the haunt's rule; ties go to the revealer if among them, else to the first
    of them clockwise from the revealer. None for hidden, no-traitor and no-traitor-at-first haunts."""
    n = len(state.explorers)
    clockwise = [(revealer + i) % n for i in range(n)]
    rule, trait = spec.traitor, spec.trait
    if rule == "character_else":
        who = next((e.seat for e in state.explorers if e.character == spec.character), None)
        if who is not None:
            return who
        rule, trait = spec.fallback or "", spec.fallback_trait
    if rule == "haunt_revealer":
        return revealer
    if rule == "left_of_haunt_revealer":
        return clockwise[1]
    if rule in ("hidden_traitor", "none", "none_at_first"):
        return None
    pool = [s for s in clockwise if not (spec.except_revealer and s == revealer)]

    def measure(seat: int) -> int:
        e = state.explorers[seat]
        ch = content.characters[e.character]
        if rule in ("oldest", "youngest"):
            return ch.age
        assert trait is not None  # the trait rules name their trait (content validation)
        return ch.tracks[trait][e.traits[trait]]

    values = {s: measure(s) for s in pool}
    best = max(values.values()) if rule in ("highest_trait", "oldest") else min(values.values())
    tied = [s for s in pool if values[s] == best]
    return revealer if revealer in tied else tied[0]


def scenario(w: World) -> Scenario | None:
    """The scripted haunt being played, or None in book mode."""
    h = w.s.haunt
    if h is None or h.mode != "scripted":
        return None
    return SCENARIOS[h.number]


def heroes_in_play(w: World) -> list[int]:
    return [e.seat for e in w.s.explorers if mon.in_house(e) and e.seat != w.haunt.traitor]


def survivors(w: World) -> list[int]:
    """Heroes alive, in the house or escaped from it (H6.1)."""
    return [e.seat for e in w.s.explorers if e.alive and e.seat != w.haunt.traitor]


def survivors_but(w: World, seats: list[int]) -> list[int]:
    """Living explorers other than ``seats`` (escaped heroes count)."""
    return [e.seat for e in w.s.explorers if e.alive and e.seat not in seats]


# --- haunt start (H2) -------------------------------------------------------------------------------------


@task("haunt_start")
def haunt_start(w: World) -> None:
    h = w.haunt
    number = h.number
    spec = w.content.haunts[number]
    scripted = (
        spec.mode == "scripted" and number in SCENARIOS and w.s.config.house_rules.haunt_mode == "scripted"
    )
    revealer = h.revealer
    n = len(w.s.explorers)
    traitor = choose_traitor(w.s, w.content, spec, revealer)
    hidden = spec.traitor == "hidden_traitor"
    h.traitor, h.hidden, h.winner = traitor, hidden, None
    h.mode = "scripted" if scripted else "book"
    h.name, h.rule = spec.name, spec.traitor
    h.round, h.at = 0, -1
    if hidden:  # H4.1: tokens 1..N dealt face down from the seeded generator
        rng = Rng(w.s.rng, raw=True)
        h.secret = rng.shuffled(list(range(1, n + 1)))
        w.s.rng = rng.state
        h.revealed = []
    start = traitor if traitor is not None else revealer  # H2.3, H4.2: play starts on their left
    order = [(start + i) % n for i in range(1, n + 1)]
    if traitor is not None:
        order.remove(traitor)
        order.append(traitor)
    h.order = [*order, MONSTER_TURN]
    title = f"haunt {number}" + (f", {spec.name}" if spec.name != f"Haunt {number}" else "")
    if traitor is not None:
        w.say(
            f"{w.who(traitor)} is the traitor ({title})", "haunt.traitor", who=w.who(traitor), number=number
        )
        free_traitor(w, traitor)
    elif hidden:
        w.say(f"The traitor of {title} is hidden: tokens are dealt face down", "haunt.hidden", number=number)
    else:
        w.say(f"{title.capitalize()} has no traitor (yet)", "haunt.no_traitor", number=number)
    sc = SCENARIOS.get(number) if scripted else None
    if sc is not None:
        sc.setup(w)
    if traitor is not None:
        text = (
            f"{w.who(traitor)}, you are the traitor: read haunt {number} in the {TOME}, away from the "
            "others; "
            f"the heroes read haunt {number} in {SECRETS}. Tap ready when you are back."
        )
        book, code = TOME, "traitor"
    elif hidden:
        text = (
            f"Haunt {number}: everyone reads it in {SECRETS}. Each explorer looks at their own token in "
            "secret; whoever holds token 1 is the traitor. Tap ready."
        )
        book, code = SECRETS, "hidden"
    else:
        text = f"Haunt {number}: everyone reads it in {SECRETS}. Tap ready when set."
        book, code = SECRETS, "open"
    params: tuple[tuple[str, object], ...] = (("tome", TOME), ("secrets", SECRETS))
    if sc is not None:  # our own scenario on this number, not the printed haunt: nobody reads the books
        who = f"{w.who(traitor)}, you are the traitor. " if traitor is not None else ""
        text = (
            f"Haunt {number}: {who}The table runs its own scenario for this haunt, {sc.name}, not the "
            f"printed one: do not read the books (the house rule haunt_mode=book plays the printed haunt). "
            f"Heroes: {sc.heroes_goal} Traitor: {sc.traitor_goal} Tap ready."
        )
        code = "scenario.traitor" if traitor is not None else "scenario"
        params = (("name", sc.name), ("heroes", sc.heroes_goal), ("traitor", sc.traitor_goal))
    w.ask(HandOff(traitor, text, number, book, code=code, params=params), on="haunt_ready")


def free_traitor(w: World, seat: int) -> None:
    """H3.1: a new traitor sheds the lasting harm of cards drawn before (Webs, Debris, ...)."""
    for card in NEGATIVE_KEPT:
        if card in w.s.explorers[seat].kept:
            discard_kept(w, seat, card, "the traitor is freed from it")


@task("haunt_ready")
def haunt_ready(w: World) -> None:
    w.say("The haunt begins", "haunt.ready")
    w.then(("haunt_next_turn", dict(seat=-2)))


@task("haunt_next_turn")
def haunt_next_turn(w: World, seat: int) -> None:
    """H2.3: heroes from the traitor's left, then the traitor, then the monsters; the dead and the escaped
    are skipped, and the monster turn only comes while monsters are in the house."""
    h = w.haunt
    if h.winner:
        return
    order = h.order
    sc = scenario(w)
    for _ in range(len(order) + 1):
        h.at = (h.at + 1) % len(order)
        if h.at == 0:
            h.round += 1
            w.say(f"Haunt round {h.round}", "haunt.round", round=h.round)
            if sc is not None:
                sc.on_round(w, h.round)
                if check_victory(w):
                    return
        who = order[h.at]
        if who == MONSTER_TURN:
            if h.monsters:
                w.then(("monster_turn", {}))
                return
            continue
        if not mon.in_house(w.s.explorers[who]):
            continue
        w.s.turn = Turn(who)
        w.say(f"{w.who(who)}'s turn", "turn.start", who=w.who(who))
        if w.s.explorers[who].kept or w.s.marks.get("Music Box open"):
            w.then(("start_of_turn", dict(seat=who)))
        return
    declare(w, "traitor", "nobody is left to stand against the house")


def haunt_turn(w: World) -> bool:
    """Nothing is queued in the haunt: check victory, then ask the monster whose turn it is, or say that the
    explorer whose turn it is acts (True: the reducer asks the turn prompt)."""
    h = w.haunt
    if h.winner or check_victory(w):
        return False
    if h.mphase is not None and h.mphase.active:
        if h.mphase.current:
            mon.monster_prompt(w)
        return False
    if not mon.in_house(w.s.current):  # died or escaped during their own turn: the turn passes
        w.then(("haunt_next_turn", dict(seat=w.s.turn.seat)))
        return False
    return True


# --- victory (H6) -----------------------------------------------------------------------------------------


def declare(w: World, side: str, why: str) -> None:
    """H6.1: the first side to meet its goal wins; the game is over (nothing more is awaited)."""
    h = w.haunt
    if h.winner:
        return
    h.winner = side
    w.s.pending.clear()
    w.s.awaiting = None
    w.s.ctx = {}
    name = "The heroes win" if side == "heroes" else "The traitor wins"
    if side == "traitor" and h.traitor is None:
        name = "The house wins"
    w.say(
        f"{name}: {why}",
        "haunt.victory",
        side=side,
        variant="house" if side == "traitor" and h.traitor is None else side,
    )


def check_victory(w: World) -> bool:
    """Deaths first (the dead show their tokens, H4.4), then the haunt's goals; with no hero left in the
    house, the heroes cannot win (H6.1). True once a side has won."""
    h = w.haunt
    if h.winner:
        return True
    _show_dead_tokens(w)
    sc = scenario(w)
    if sc is not None:
        won = sc.check(w)
        if won:
            declare(w, *won)
            return True
    if h.hidden and h.secret is not None:  # only the hidden traitor is left in the house
        secret = h.secret
        left = [e.seat for e in w.s.explorers if mon.in_house(e)]
        if left and all(secret[seat] == 1 for seat in left) and not survivors_but(w, left):
            declare(w, "traitor", "only the hidden traitor is left")
            return True
    if not heroes_in_play(w):
        if survivors(w) and sc is not None:
            declare(w, "heroes", "every surviving hero has escaped")
        else:
            declare(w, "traitor", "no hero is left alive")
        return True
    return False


def _show_dead_tokens(w: World) -> None:
    h = w.haunt
    if h.secret is None:
        return
    for e in w.s.explorers:
        if not e.alive and e.seat not in h.revealed:
            h.revealed.append(e.seat)
            token = h.secret[e.seat]
            w.say(f"{e.name} is dead and shows token {token}", "haunt.token_shown", who=e.name, token=token)
            if token == 1:
                h.traitor, h.hidden = e.seat, False
                w.say(f"{e.name} was the traitor", "haunt.traitor_dead", who=e.name)


# --- the haunt's actions on the turn prompt -------------------------------------------------------------


def haunt_actions(w: World) -> list[Any]:
    """Actions the haunt adds to the explorer's turn prompt: a scripted haunt's special actions, or book
    mode's tools."""
    s = w.s
    h = s.haunt
    if s.phase != "haunt" or h is None or not h.started:
        return []
    seat = s.turn.seat
    out: list[Any] = []  # never the hidden traitor's reveal: listing it would tell the table who they are
    if seat == h.traitor and stairs_search_spots(w):
        out.append(SEARCH_STAIRS)
    sc = scenario(w)
    if sc is not None:
        out.extend(sc.actions(w, seat))
        return out
    room = s.explorers[seat].room
    if survivors(w):
        out.append(Victory("heroes"))
    out.append(Victory("traitor"))
    ms = h.monsters
    out.append(PlaceMonster(_free_name(ms, "Monster"), room))
    out.extend(PlaceMonster(mid, room) for mid, m in ms.items() if m.room != room)
    out.extend(Stun(mid) for mid, m in ms.items() if not m.stunned)
    out.append(PlaceToken(_free_name(h.tokens, "Token"), room))
    out.extend(PlaceToken(name, "") for name in h.tokens_in(room))
    if h.rule == "none_at_first" and h.traitor is None:
        out.extend(NameTraitor(e.seat) for e in s.explorers if e.alive)
    return out


def _free_name(taken: dict[str, Any], stem: str) -> str:
    k = 1
    while f"{stem} {k}" in taken:
        k += 1
    return f"{stem} {k}"


def _book_only(w: World, what: str) -> None:
    if w.haunt.mode != "book":
        raise IllegalAction(f"{what} is a book-mode tool; the table runs this haunt itself.", "H7.1")


def _act(w: World, inp: Act) -> None:
    sc = scenario(w)
    seat = w.s.turn.seat
    if inp == SEARCH_STAIRS:
        spots = stairs_search_spots(w) if seat == w.haunt.traitor else []
        if not spots:
            raise IllegalAction(
                "No monster is trapped in the basement, or the stairs cannot be laid.", "H5.6"
            )
        _lay_stairs(w, spots[0])
        return
    if sc is None or inp not in sc.actions(w, seat):
        raise IllegalAction(f"{inp} is not an action of this haunt now.", "H7.1")
    sc.act(w, seat, inp)


def _victory(w: World, inp: Victory) -> None:
    _book_only(w, "Marking a victory")
    if inp.side == "heroes" and not survivors(w):
        raise IllegalAction("The heroes need a survivor to win.", "H6.1")
    declare(w, inp.side, f"haunt {w.haunt.number} is won, says the book")


def _place_monster(w: World, inp: PlaceMonster) -> None:
    _book_only(w, "Placing a monster")
    if inp.room not in w.s.house:
        raise IllegalAction(f"The {inp.room} is not in the house.", "H7.1")
    ms = w.haunt.monsters
    if inp.name in ms:
        ms[inp.name].room = inp.room
        w.say(f"{inp.name} is moved to the {inp.room}", "monster.move", monster=inp.name, room=inp.room)
    else:
        traits = {t: getattr(inp, t) or None for t in ("might", "sanity", "knowledge")}
        mon.add_monster(w, inp.name, inp.type or inp.name, inp.room, speed=inp.speed, **traits)


def _stun(w: World, inp: Stun) -> None:
    _book_only(w, "Stunning a monster")
    if inp.name not in w.haunt.monsters:
        raise IllegalAction(f"There is no monster called {inp.name}.", "H7.1")
    mon.stun(w, inp.name)


def _token(w: World, inp: PlaceToken) -> None:
    _book_only(w, "Placing a token")
    h = w.haunt
    if not inp.room:
        if inp.name not in h.tokens:
            raise IllegalAction(f"There is no token called {inp.name}.", "H7.1")
        w.say(
            f"The {inp.name} is taken away from the {h.remove(inp.name)}", "haunt.token_off", token=inp.name
        )
        return
    if inp.room not in w.s.house:
        raise IllegalAction(f"The {inp.room} is not in the house.", "H7.1")
    h.put(inp.name, inp.room)
    w.say(f"A {inp.name} token is put in the {inp.room}", "haunt.token", token=inp.name, room=inp.room)


def _name_traitor(w: World, inp: NameTraitor) -> None:
    _book_only(w, "Naming the traitor")
    h = w.haunt
    if h.rule != "none_at_first" or h.traitor is not None:
        raise IllegalAction("This haunt already has its traitor, or never gets one.", "H1.5")
    if not 0 <= inp.seat < len(w.s.explorers) or not w.s.explorers[inp.seat].alive:
        raise IllegalAction("Name a living explorer's seat.", "H1.5")
    h.traitor = inp.seat
    w.say(f"{w.who(inp.seat)} turns traitor", "haunt.traitor", who=w.who(inp.seat))
    free_traitor(w, inp.seat)


def reveal(w: World, seat: int) -> None:
    """H4.3: the hidden traitor turns token 1 face up; from now on the traitor's rules apply to them."""
    h = w.haunt
    h.traitor, h.hidden = seat, False
    h.revealed.append(seat)
    w.say(f"{w.who(seat)} reveals token 1: the traitor!", "haunt.reveal", who=w.who(seat))
    free_traitor(w, seat)
    sc = scenario(w)
    if sc is not None:
        sc.on_reveal(w, seat)


def _reveal(w: World, inp: Reveal) -> None:
    h = w.haunt
    secret = h.secret or []
    if not h.hidden or not 0 <= inp.seat < len(secret) or secret[inp.seat] != 1:
        raise IllegalAction("Only the hidden traitor can reveal a token.", "H4.3")
    reveal(w, inp.seat)


def leave_hook(w: World, seat: int) -> tuple[int, int | None]:
    if w.s.haunt is None or not w.s.haunt.started:
        return 0, None
    sc = scenario(w)
    cap = sc.movement_cap(w, seat) if sc is not None else None
    return mon.explorer_leave_extra(w, seat), cap


# --- a monster trapped in the basement (H5.6) --------------------------------------------------------------

STAIRS = "Stairs from Basement"
SEARCH_STAIRS = Act("search_stairs")


def stairs_search_spots(w: World) -> list[tuple[str, int, int, int]]:
    """Where the traitor may lay the Stairs from Basement: only while it is still to come, a monster in the
    basement cannot reach another floor, and a basement doorway takes it. (floor, x, y, rotation) each."""
    from hauntable.games.betrayal.haunts import distances
    from hauntable.games.betrayal.house import OPPOSITE, HouseView

    s = w.s
    if STAIRS in s.house or STAIRS not in (*s.stack, *s.stack_discards):
        return []
    in_basement = [
        m.room for m in w.haunt.monsters.values() if m.room in s.house and s.house[m.room].floor == "basement"
    ]
    if not any(all(s.house[r].floor == "basement" for r in distances(w, room)) for room in in_basement):
        return []
    view = HouseView(s, w.content)
    out = []
    for _room, direction, cell in sorted(view.open_doorways("basement")):
        for rotation, _links in view.placements(STAIRS, cell, OPPOSITE[direction], True):
            out.append((cell[0], cell[1], cell[2], rotation))
    return out


def _lay_stairs(w: World, spot: tuple[str, int, int, int]) -> None:
    """H5.6: the traitor takes the Stairs from Basement out of the room stack and lays it; the stack is
    shuffled afterwards. With a table's stack, the screen says where the tile goes."""
    from hauntable.games.betrayal.state import Placed

    s = w.s
    floor, x, y, rotation = spot
    for pile in ("stack", "stack_discards"):
        if STAIRS in getattr(s, pile):
            w.own(pile).remove(STAIRS)
    w.place(STAIRS, Placed(floor, x, y, rotation))
    if s.config.rooms == "virtual":
        rng = Rng(s.rng, raw=True)
        s.stack = rng.shuffled(s.stack)
        s.rng = rng.state
    w.say(
        f"{w.who(s.turn.seat)} searches the room stack and lays the {STAIRS} at {floor} {x},{y} "
        f"(turned {rotation}); the stack is shuffled",
        "haunt.stairs",
        floor=floor,
        x=x,
        y=y,
        rotation=rotation,
        who=w.who(s.turn.seat),
    )


# --- task rolls (H7.2) ------------------------------------------------------------------------------------


@task("haunt_task_roll")
def haunt_task_roll(w: World, seat: int, action: str, trait: str, target: int, option: str = "") -> None:
    """H7.2: a haunt's task roll: once per turn, whichever of the qualifying traits is chosen."""
    w.s.turn.tried.append("task")
    from hauntable.games.betrayal.predicates import trait_roll

    trait_roll(
        w, seat, trait, target, f"{action} (task)", on="haunt_task_result", action=action, option=option
    )


@task("haunt_task_result")
def haunt_task_result(
    w: World, seat: int, action: str, trait: str, target: int, total: int, option: str = ""
) -> None:
    sc = scenario(w)
    if sc is not None:
        sc.task_result(w, seat, action, option, total >= target, total)


# --- the traitor may decline events and the Bite (H3.4) ---------------------------------------------------


@task("traitor_card")
def traitor_card(w: World, seat: int, card: str, effects: list[Any], option: str) -> None:
    if option == "decline":
        w.say(
            f"{w.who(seat)} is the traitor and declines the {card}",
            "traitor.declines",
            card=card,
            who=w.who(seat),
        )
        return
    w.then(("effects", dict(seat=seat, card=card, effects=effects)))


def _in_haunt(fn: Any) -> Any:
    """The haunt's actions exist only once it has begun (E2)."""

    def handler(w: World, inp: Any) -> None:
        if w.s.phase != "haunt" or w.s.haunt is None or not w.s.haunt.started:
            raise NotAwaited(f"No {inp.kind} now: the haunt has not begun.", "E2")
        fn(w, inp)

    return handler


# the haunt's hooks into the turn, gathered by ruleset.py
HANDLERS = {
    kind: _in_haunt(fn)
    for kind, fn in dict(
        act=_act,
        victory=_victory,
        monster=_place_monster,
        stun=_stun,
        token=_token,
        traitor=_name_traitor,
        reveal=_reveal,
    ).items()
}
