"""The Betrayal reducer: set-up, the explorer's turn, movement and its checks, answering prompts, the end
of a turn and the haunt roll. Rule ids (B1.1, ...) refer to docs/rules.md.
"""

from __future__ import annotations

from hauntable.engine.copying import copier
from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.engine.prompts import RollDice
from hauntable.engine.rejections import IllegalAction, NotAwaited, UnreadableInput
from hauntable.engine.rng import Rng
from hauntable.games.betrayal.cards import aids
from hauntable.games.betrayal.cards.holding import card_actions, lights_out, resolve_card_action, stuck
from hauntable.games.betrayal.config import BOARDS, GameConfig
from hauntable.games.betrayal.content import Content, load_content
from hauntable.games.betrayal.discovery import (
    DECK_NAMES,
    FLOOR_NAMES,
    cards_in_play,
    check_table_tile,
    lay_turned,
)
from hauntable.games.betrayal.house import OPPOSITE, STEP, HouseView, doors_of
from hauntable.games.betrayal.inputs import Cross, EndTurn, Fall, Move, Ride
from hauntable.games.betrayal.prompts import ChooseAction
from hauntable.games.betrayal.records import Haunt
from hauntable.games.betrayal.rooms import ELEVATOR, apply_split, traitor_ignores
from hauntable.games.betrayal.state import Explorer, Placed, State, Turn
from hauntable.games.betrayal.world import (
    ACTION_HANDLERS,
    ACTION_HOOKS,
    MOVE_HOOKS,
    PHASE_TURN,
    TASKS,
    World,
    task,
)

DIE_FACES = frozenset({0, 1, 2})
START_TILES = ("Entrance Hall", "Foyer", "Grand Staircase", "Upper Landing", "Basement Landing")


# --- set-up (B1) -------------------------------------------------------------------------------------------


def first_seat(config: GameConfig, content: Content) -> int:
    """B1.4: the explorer whose birthday comes next (today counts) goes first."""
    today = config.today_tuple()

    def days_until(seat: int) -> int:
        month, day = content.characters[config.players[seat].character].birthday
        return ((month, day) < today) * 10_000 + month * 100 + day - (today[0] * 100 + today[1])

    return min(range(len(config.players)), key=days_until)


def new_game(config: GameConfig, content: Content | None = None) -> Step:
    content = content or load_content()
    config.validate(content)
    board = BOARDS[config.board]
    ex, ey = board.entrance
    house = {
        "Entrance Hall": Placed("ground", ex, ey),
        "Foyer": Placed("ground", ex, ey + 1),
        "Grand Staircase": Placed("ground", ex, ey + 2),
        "Upper Landing": Placed("upper", *board.upper),
        "Basement Landing": Placed("basement", *board.basement),
    }
    rng = Rng(config.seed)
    expansions = frozenset({"optional"}) if config.house_rules.revolving_wall else frozenset()
    tiles = list(content.room_tiles(expansions))
    stack = rng.shuffled(tiles) if config.rooms == "virtual" else sorted(tiles)
    decks = {d: rng.shuffled(content.deck(d)) if config.cards == "virtual" else [] for d in DECK_NAMES}
    explorers = []
    for seat, p in enumerate(config.players):
        ch = content.characters[p.character]
        explorers.append(Explorer(seat, p.name, ch.id, ch.name, dict(ch.start), "Entrance Hall"))
    seat = first_seat(config, content)
    state = State(
        config=config,
        seq=0,
        phase="explore",
        round=1,
        explorers=explorers,
        house=house,
        stack=stack,
        stack_discards=[],
        decks=decks,
        card_discards={d: [] for d in DECK_NAMES},
        rng=rng.state,
        turn=Turn(seat),
    )
    w = World(state, content)
    names = ", ".join(e.name for e in explorers)
    w.say(f"A new game: {names} enter the house", "game.start")
    w.say(
        f"{explorers[seat].name} has the next birthday and goes first (B1.4)",
        "turn.first",
        who=explorers[seat].name,
    )
    _run(w)
    return _finished(state, w.out)


# --- movement checks (B2) ---------------------------------------------------------------------------------


def movement_left(w: World) -> int:
    """Speed minus rooms entered; Lights Out allows 1 space a turn, and Webs or Debris none (C10)."""
    seat = w.s.turn.seat
    speed = w.value(seat, "speed")
    if w.s.explorers[seat].kept:
        if stuck(w, seat):
            return 0
        if lights_out(w, seat):
            speed = min(speed, 1)
    if w.s.phase == "haunt" and MOVE_HOOKS:
        cap = MOVE_HOOKS[0](w, seat)[1]
        if cap is not None:
            speed = min(speed, cap)
    return max(0, speed - w.s.turn.moved)


def leave_cost(w: World) -> int:
    """H5.1: after the haunt each opponent in the room costs one more space to leave it (stunned monsters
    do not count); 1 before the haunt."""
    if w.s.phase != "haunt" or not MOVE_HOOKS:
        return 1
    return 1 + MOVE_HOOKS[0](w, w.s.turn.seat)[0]


def can_leave(w: World, left: int) -> bool:
    """Enough movement to pay for leaving; H5.1: the first room of a turn can always be reached."""
    return left >= leave_cost(w) or (w.s.turn.moved == 0 and left > 0)


def _not_stuck(w: World) -> None:
    card = stuck(w, w.s.turn.seat) if w.s.current.kept else None
    if card:
        raise IllegalAction(
            f"{w.s.current.name} is stuck in the {card} and can do nothing until freed.", "C10"
        )


def check_move(w: World, to: str) -> tuple[str, dict]:
    """Where a move goes: ('room', {...}) or ('discover', {...}). Raises IllegalAction saying why not."""
    s, e = w.s, w.s.current
    if s.turn.movement_over:
        raise IllegalAction(f"{e.name} cannot move again this turn.", "B2.3")
    if e.kept:
        _not_stuck(w)
    left = movement_left(w)
    if left <= 0:
        speed = w.value(e.seat, "speed")
        moved = s.turn.moved
        raise IllegalAction(f"{e.name} has no movement left (Speed {speed}, {moved} rooms entered).", "B2.1")
    if not can_leave(w, left):
        raise IllegalAction(
            f"{e.name} needs {leave_cost(w)} spaces to get past the opponents in the {e.room}.", "H5.1"
        )
    found = move_target(w, HouseView(s, w.content), to)
    if isinstance(found, IllegalAction):
        raise found
    return found


def move_target(w: World, view: HouseView, to: str) -> tuple[str, dict] | IllegalAction:
    """Where a move from the current room leads, or the rejection saying why it cannot (B2, B3.4, B6.1)."""
    e = w.s.current
    here = w.content.rooms[e.room]
    if to in ("up", "down"):
        target = _stairs(w, e.room, to)
        if target is None:
            return IllegalAction(f"There are no stairs {to} from the {e.room}.", "B2.4")
        return "room", dict(room=target, entry=None)
    house = w.s.house  # looked up directly, not through the view: every move asks these
    placed = house[e.room]
    if to not in doors_of(here, placed.rotation):
        if here.front_door == to:
            return IllegalAction("The front door is locked: nobody leaves the house.", "B2.7")
        return IllegalAction(f"The {e.room} has no door to the {_DIR_NAMES[to]}.", "B2.6")
    if here.barrier and e.side is not None and to != e.side:
        b = here.barrier
        return IllegalAction(
            f"{e.name} must cross the {e.room} first ({b['trait'].capitalize()} roll {b['target']}+).", "B6.1"
        )
    floor = placed.floor
    dx, dy = STEP[to]
    cell = (floor, placed.x + dx, placed.y + dy)
    other = w.s.cells.get(cell)
    if other is not None:
        if OPPOSITE[to] not in doors_of(w.content.rooms[other], house[other].rotation):
            return IllegalAction(f"That door of the {e.room} is a false door: it opens onto a wall.", "B2.6")
        return "room", dict(room=other, entry=OPPOSITE[to])
    if not view.board.inside(cell[1], cell[2]):
        return IllegalAction("That door leads off the edge of the table.", "B2.6")
    if not view.has_tiles_for(floor):
        return IllegalAction(f"The {FLOOR_NAMES[floor]} is complete: no room tiles are left for it.", "B3.4")
    return "discover", dict(floor=floor, x=cell[1], y=cell[2], entry=OPPOSITE[to])


_DIR_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _stairs(w: World, room: str, to: str) -> str | None:
    """B2.4: Grand Staircase <-> Upper Landing; Foyer <-> Stairs from Basement once it is discovered."""
    here = FLOOR_ORDER[w.s.house[room].floor]
    for other in stair_links(w.content).get(room, ()):
        if other in w.s.house:
            there = FLOOR_ORDER[w.s.house[other].floor]
            if (to == "up" and there > here) or (to == "down" and there < here):
                return other
    return None


FLOOR_ORDER = {"basement": 0, "ground": 1, "upper": 2}
_STAIR_LINKS: dict[int, dict[str, tuple[str, ...]]] = {}


def stair_links(content: Content) -> dict[str, tuple[str, ...]]:
    """Room -> rooms its stairs reach, both ways (computed once per content)."""
    links = _STAIR_LINKS.get(id(content))
    if links is None:
        pairs: dict[str, list[str]] = {}
        for r in content.rooms.values():
            if r.stairs_to:
                pairs.setdefault(r.name, []).append(r.stairs_to)
                pairs.setdefault(r.stairs_to, []).append(r.name)
        links = _STAIR_LINKS[id(content)] = {k: tuple(dict.fromkeys(v)) for k, v in pairs.items()}
    return links


def check_cross(w: World) -> None:
    e = w.s.current
    spec = w.content.rooms[e.room]
    if not spec.barrier:
        raise IllegalAction(f"There is no barrier to cross in the {e.room}.", "B6.1")
    _not_stuck(w)
    if len(spec.doors) == 1 and w.s.tokens.get("Vault Empty") == e.room:
        raise IllegalAction(f"The {e.room} is already open and empty.", "B6.5")
    if f"barrier:{e.room}" in w.s.turn.tried:
        raise IllegalAction(f"{e.name} already tried the {e.room} this turn; try again next turn.", "B5.2")
    if len(spec.doors) > 1 and w.s.turn.movement_over:
        raise IllegalAction(f"{e.name} cannot move again this turn.", "B2.3")


def check_fall(w: World) -> None:
    e = w.s.current
    spec = w.content.rooms[e.room]
    if spec.fall_to:
        if spec.fall_to["room"] not in w.s.house:
            raise IllegalAction(
                f"The {spec.fall_to['room']} is not in the house yet: nowhere to fall.", "B6.6"
            )
    elif not spec.collapse:
        raise IllegalAction(f"There is nowhere to fall from the {e.room}.", "B6.3")
    _not_stuck(w)
    if w.s.turn.movement_over:
        raise IllegalAction(f"{e.name} cannot move again this turn.", "B2.3")


def check_ride(w: World) -> None:
    e = w.s.current
    if e.room != ELEVATOR:
        raise IllegalAction(f"{e.name} is not in the {ELEVATOR}.", "B6.4")
    if w.s.turn.elevator_moved:
        raise IllegalAction(f"The {ELEVATOR} already moved this turn.", "B6.4")
    _not_stuck(w)


_MOVES = {d: Move(d) for d in ("N", "E", "S", "W", "up", "down")}
_CROSS, _FALL, _RIDE, _END = Cross(), Fall(), Ride(), EndTurn()


def legal_moves(w: World) -> list[Input]:
    """The moves ``check_move`` accepts, found without building a rejection for each refused one.

    The turn prompt is rebuilt after nearly every input, so this is the engine's hot path; a property test
    checks it against ``check_move`` on random games.
    """
    s, e = w.s, w.s.current
    if s.phase == "haunt" and not can_leave(w, movement_left(w)):
        return []
    rooms, house = w.content.rooms, s.house
    here = house[e.room]
    spec = rooms[e.room]
    cells = s.cells
    board = BOARDS[s.config.board]
    out: list[Input] = []
    left_for: dict[str, bool] = {}
    doors = doors_of(spec, here.rotation)
    for d in ("N", "E", "S", "W"):
        if d not in doors:
            continue
        if spec.barrier and e.side is not None and d != e.side:
            continue
        dx, dy = STEP[d]
        cell = (here.floor, here.x + dx, here.y + dy)
        other = cells.get(cell)
        if other is not None:
            o = house[other]
            if OPPOSITE[d] in doors_of(rooms[other], o.rotation):
                out.append(_MOVES[d])
        elif board.inside(cell[1], cell[2]):
            if here.floor not in left_for:
                left_for[here.floor] = HouseView(s, w.content).has_tiles_for(here.floor)
            if left_for[here.floor]:
                out.append(_MOVES[d])
    for to in ("up", "down"):
        if e.room in stair_links(w.content) and _stairs(w, e.room, to) is not None:
            out.append(_MOVES[to])
    return out


def _allowed(check, w: World) -> bool:
    try:
        check(w)
    except IllegalAction:
        return False
    return True


def action_prompt(w: World) -> ChooseAction:
    """The turn prompt. Its legal actions are listed when first asked for (``choices()``): a replay or a
    resume applies thousands of inputs and never asks, a player's screen always does."""
    content = w.content
    e = w.s.current
    left = 0 if w.s.turn.movement_over else movement_left(w)
    return ChooseAction.listed_later(
        e.seat,
        f"{e.name} ({e.player}), in the {e.room}: your turn",
        left,
        lambda state: action_options(World(state, content, read_only=True), left),
        w.s,
    )


_share_state = copier(State)  # every field shared: for a twin that is only read
_new_tuple = tuple.__new__


def _finished(state: State, out: list) -> Step:
    """The step for a finished state. A turn prompt lists its actions from a twin of the state (every
    field shared, nothing awaited), not from the state itself: state -> prompt -> state would be a
    reference cycle, so no state of a replay would be freed until the cyclic garbage collector ran, and
    with a long log in memory that collector cost a quarter of the replay's time."""
    prompt = state.awaiting
    if type(prompt) is ChooseAction:
        twin = _share_state(state)
        twin.awaiting = None
        prompt.look_at(twin)
    return _new_tuple(Step, (state, tuple(out)))  # the named tuple without its Python-level __new__


def action_options(w: World, left: int) -> tuple[Input, ...]:
    """Every action the turn prompt offers: the same checks that refuse an illegal one."""
    e = w.s.current
    spec = w.content.rooms[e.room]
    options: list[Input] = legal_moves(w) if left > 0 else []
    if spec.barrier and _allowed(check_cross, w):
        options.append(_CROSS)
    if (spec.fall_to or spec.collapse) and _allowed(check_fall, w):
        options.append(_FALL)
    if spec.elevator and _allowed(check_ride, w):
        options.append(_RIDE)
    options.extend(card_actions(w))
    for hook in ACTION_HOOKS:
        options.extend(hook(w))
    options.append(_END)
    return tuple(options)


# --- the turn loop ----------------------------------------------------------------------------------------


def _run(w: World) -> None:
    """Run queued tasks until one waits for a prompt; with nothing queued, the current explorer acts."""
    s = w.s
    while s.awaiting is None:
        if s.pending:
            name, params = s.pending.pop(0)
            TASKS[name](w, **params)
        elif s.phase == "explore":
            s.awaiting = action_prompt(w)
            s.ctx = {}
        elif s.phase in PHASE_TURN:  # the haunt: its turn order, monster turn and victory (haunt.py)
            PHASE_TURN[s.phase](w)
            if s.awaiting is None and not s.pending:
                return
        else:
            return


@task("end_turn")
def end_turn(w: World, seat: int) -> None:
    who = w.who(seat)
    w.say(f"{who} ends the turn", "turn.end", who=who)
    w.then(
        ("end_of_turn_room", dict(seat=seat)),
        ("end_of_turn_cards", dict(seat=seat)),
        ("haunt_roll", dict(seat=seat)),
        ("next_turn", dict(seat=seat)),
    )


@task("haunt_roll")
def haunt_roll(w: World, seat: int) -> None:
    """B7.1: after a turn in which an omen was drawn, before the haunt, roll for the haunt."""
    if w.s.phase != "explore" or not w.s.turn.omen_drawn:
        return
    six = w.s.config.house_rules.haunt_roll_dice == "six"
    dice = 6 if six else min(8, w.s.omens_drawn)
    w.ask(
        RollDice(
            seat,
            f"{w.who(seat)}: haunt roll - roll {dice} dice; below {w.s.omens_drawn} the haunt begins",
            dice,
            "haunt",
        ),
        on="haunt_result",
        seat=seat,
    )


@task("haunt_result")
def haunt_result(w: World, seat: int, total: int) -> None:
    if total >= w.s.omens_drawn:
        w.say(
            f"Haunt roll {total}: not below {w.s.omens_drawn} omen(s). The house waits...",
            "haunt.no",
            total=total,
            omens=w.s.omens_drawn,
        )
        return
    omen, room = w.s.turn.omen_drawn, w.s.explorers[seat].room
    chart = w.content.haunt_chart
    chart_room = room if room in chart else w.s.turn.omen_room
    number = chart.get(chart_room, {}).get(omen)
    w.s.phase = "haunt"
    w.s.pending.clear()
    w.s.haunt = Haunt(revealer=seat, omen=omen, room=chart_room, number=number, total=total)
    w.then(("haunt_start", {}))  # haunt.py: traitor, set-up, hand-off, the haunt's turn order
    w.say(
        f"Haunt roll {total}, below {w.s.omens_drawn}: the haunt begins! {w.who(seat)} revealed it with the "
        f"{omen} in the {chart_room}: haunt {number} (B7.2)",
        "haunt.begins",
        who=w.who(seat),
        omen=omen,
        room=chart_room,
        number=number,
    )


@task("next_turn")
def next_turn(w: World, seat: int) -> None:
    """The next explorer clockwise takes a turn. Nobody dies before the haunt (B4.2); after it, the haunt's
    turn order (haunt.py) skips the dead (K9)."""
    if w.s.phase == "haunt":  # H2.3: the haunt's own turn order (haunt.py)
        w.then(("haunt_next_turn", dict(seat=seat)))
        return
    nxt = (seat + 1) % len(w.s.explorers)
    if w.s._first is None:
        w.s._first = first_seat(w.s.config, w.content)
    if nxt == w.s._first:
        w.s.round += 1
    w.s.turn = Turn(nxt)
    who = w.who(nxt)
    w.say(f"{who}'s turn", "turn.start", who=who)
    if w.s.explorers[nxt].kept or w.s.marks.get("Music Box open"):
        w.then(("start_of_turn", dict(seat=nxt)))


# --- applying an input ------------------------------------------------------------------------------------


def apply(state: State, inp: Input, content: Content | None = None) -> Step:
    """Apply one input. Raises a Rejection, leaving ``state`` untouched, when it does not fit."""
    content = content or load_content()
    prompt = state.awaiting
    if prompt is None:
        raise NotAwaited("The game is over: nothing more is awaited.", "E2")
    if inp.kind not in prompt.accepts:
        raise NotAwaited(f"No {inp.kind} expected now; waiting for: {prompt.text}.", "E2")
    draft = state.clone()
    w = World(draft, content)
    draft.awaiting, ctx = None, draft.ctx
    draft.ctx = {}
    _RESOLVE[prompt.kind](w, prompt, ctx, inp)
    _run(w)
    draft.seq += 1
    return _finished(draft, w.out)


def _resolve_action(w: World, prompt, ctx, inp: Input) -> None:
    seat = w.s.turn.seat
    if isinstance(inp, Move):
        where, params = check_move(w, inp.to)
        here = w.content.rooms[w.s.current.room]
        extra = leave_cost(w) - 1
        if extra:
            w.s.turn.moved += extra
            who = w.who(seat)
            w.say(
                f"Getting past the opponents costs {who} {extra} more", "move.opponents", who=who, extra=extra
            )
        tasks = []
        if here.exit_roll and not medallion(w, seat, w.s.current.room) and not traitor_ignores(w, seat):
            tasks.append(("exit_roll", dict(seat=seat, room=w.s.current.room)))
        if where == "room":
            tasks.append(("arrive", dict(seat=seat, room=params["room"], entry=params["entry"], cost=1)))
        else:
            tasks.append(("discover", dict(seat=seat, **params)))
        w.then(*tasks)
    elif isinstance(inp, Cross):
        check_cross(w)
        w.then(("cross", dict(seat=seat, room=w.s.current.room)))
    elif isinstance(inp, Fall):
        check_fall(w)
        w.say(f"{w.who(seat)} lets go and falls from the {w.s.current.room}", "fall", who=w.who(seat))
        w.then(("fall", dict(seat=seat, room=w.s.current.room)))
    elif isinstance(inp, Ride):
        check_ride(w)
        w.then(("ride", dict(seat=seat)))
    elif isinstance(inp, EndTurn):
        w.then(("end_turn", dict(seat=seat)))
    elif inp.kind in ACTION_HANDLERS:
        ACTION_HANDLERS[inp.kind](w, inp)
    else:
        resolve_card_action(w, inp)


MEDALLION_ROOMS = ("Pentagram Chamber", "Crypt", "Graveyard")


def medallion(w: World, seat: int, room: str) -> bool:
    """The Medallion's holder ignores the Pentagram Chamber, the Crypt and the Graveyard."""
    e = w.s.explorers[seat]
    if room in MEDALLION_ROOMS and "Medallion" in e.omens:
        w.say(f"{e.name}'s Medallion protects them from the {room}", "card.medallion", who=e.name)
        return True
    return False


def _resolve_roll(w: World, prompt, ctx, inp) -> None:
    if inp.kind == "use":  # a card that changes the coming roll (C12)
        aids.use_before(w, prompt, ctx, inp.name)
        return
    faces = inp.faces
    if len(faces) != prompt.dice:
        raise IllegalAction(f"Roll {prompt.dice} dice for {prompt.purpose}, not {len(faces)}.", "B5.1")
    bad = [f for f in faces if f not in DIE_FACES]
    if bad:
        raise IllegalAction(f"Betrayal dice show 0, 1 or 2, not {bad[0]}.", "B5.1")
    total = sum(faces)
    roller = w.who(prompt.player) if prompt.player is not None else "The table"  # monsters with no traitor
    w.say(
        f"{roller} rolls {'+'.join(map(str, faces)) or 'no dice'} = {total} ({prompt.purpose}, {inp.source})",
        "roll",
        who=roller,
        total=total,
        source=inp.source,
    )
    if not str(ctx.get("on", "")).startswith("aid_") and aids.after_roll(w, prompt, ctx, faces):
        return
    aids.finish(w, ctx, total)


def _resolve_split(w: World, prompt, ctx, inp) -> None:
    amounts = inp.amounts()
    if set(amounts) - set(prompt.traits):
        raise IllegalAction(
            f"{prompt.damage.capitalize()} damage goes to {prompt.traits[0].capitalize()} and "
            f"{prompt.traits[1].capitalize()} only.",
            "B4.3",
        )
    if sum(amounts.values()) != prompt.amount:
        raise IllegalAction(f"Split exactly {prompt.amount} damage, not {sum(amounts.values())}.", "B4.3")
    if inp not in prompt.choices():
        raise IllegalAction(
            "Damage must go to a trait that can still drop (house rule damage_at_lowest).", "B4.3"
        )
    apply_split(w, ctx["seat"], ctx["kind"], amounts)


def _resolve_rotation(w: World, prompt, ctx, inp) -> None:
    if inp.quarter_turns not in prompt.rotations:
        legal = ", ".join(map(str, prompt.rotations))
        raise IllegalAction(
            f"The {prompt.tile} cannot be turned that way; legal quarter turns: {legal}.", "B3.2"
        )
    _continue(w, ctx, rotation=inp.quarter_turns)


def _resolve_target(w: World, prompt, ctx, inp) -> None:
    if inp not in prompt.targets:
        raise IllegalAction(f"{inp.floor} {inp.x},{inp.y} is not one of the places offered.", "B6.4")
    _continue(w, ctx, floor=inp.floor, x=inp.x, y=inp.y)


def _resolve_tile(w: World, prompt, ctx, inp) -> None:
    if inp.floor != prompt.floor:
        raise IllegalAction(
            f"This tile goes on the {FLOOR_NAMES[prompt.floor]}, not the {FLOOR_NAMES[inp.floor]}.", "B3.1"
        )
    need_link = ctx.get("need_link", True)  # False: a room laid behind the Revolving Wall
    legal, rearrange = check_table_tile(
        w, inp.tile, inp.floor, inp.x, inp.y, inp.rotation, prompt.cells, ctx["entry"], need_link
    )
    params = {k: v for k, v in ctx.items() if k != "need_link"}
    params.update(tile=inp.tile, floor=inp.floor, x=inp.x, y=inp.y)
    if rearrange:  # it closes the floor and no tile left can avoid that: rearrange after laying it (B3.3)
        params["rearrange"] = True
    on = params.pop("on")
    if inp.rotation is not None:
        w.then((on, dict(params, rotation=inp.rotation)))
    else:  # the readers cannot see which way a tile is turned: ask only when it matters (B3.2)
        lay_turned(w, legal, on=on, question=f"which way is the {inp.tile} turned?", **params)


def _resolve_card(w: World, prompt, ctx, inp) -> None:
    card = w.content.cards.get(inp.name)
    if card is None:
        raise UnreadableInput(f"{inp.name!r} is not a card of this game.", "E1")
    if card.deck != prompt.deck:
        raise IllegalAction(
            f"That is an {DECK_NAMES[card.deck]} card; this room asks for an {DECK_NAMES[prompt.deck]}.",
            "B3.5",
        )
    if cards_in_play(w, card.name) >= card.copies:
        raise IllegalAction(f"{card.name} is already in play.", "B3.5")
    _continue(w, ctx, name=card.name)


def _resolve_option(w: World, prompt, ctx, inp) -> None:
    if inp.option not in prompt.options:
        raise IllegalAction(f"Choose one of: {', '.join(prompt.options)}.", "B3.5")
    _continue(w, ctx, option=inp.option)


def _continue(w: World, ctx: dict, **answer) -> None:
    params = dict(ctx, **answer)
    on = params.pop("on")
    w.then((on, params))


_RESOLVE = {
    "action": _resolve_action,
    "roll": _resolve_roll,
    "split": _resolve_split,
    "rotation": _resolve_rotation,
    "target": _resolve_target,
    "tile": _resolve_tile,
    "card": _resolve_card,
    "option": _resolve_option,
}
