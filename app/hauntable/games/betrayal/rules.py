"""The Betrayal reducer, at the top of the rules: set-up, ``apply`` (answer the awaited prompt, then run the
queued tasks of the rule set until one asks a prompt), the turn prompt and what it offers. Movement checks
are in movement.py, the end of a turn and the haunt roll in turns.py. Rule ids (B1.1, ...) refer to
docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntable.engine.copying import copier
from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import IllegalAction, NotAwaited, UnreadableInput
from hauntable.engine.rng import Rng
from hauntable.games.betrayal.card_draw import DECK_NAMES, cards_in_play
from hauntable.games.betrayal.cards import aids
from hauntable.games.betrayal.cards.holding import card_actions, resolve_card_action
from hauntable.games.betrayal.config import BOARDS, GameConfig
from hauntable.games.betrayal.content import Content, load_content
from hauntable.games.betrayal.discovery import FLOOR_NAMES, lay_turned
from hauntable.games.betrayal.inputs import Cross, EndTurn, Fall, Move, Ride
from hauntable.games.betrayal.monster_turn import resolve_monster
from hauntable.games.betrayal.movement import (
    check_cross,
    check_fall,
    check_move,
    check_ride,
    leave_cost,
    legal_moves,
    movement_left,
)
from hauntable.games.betrayal.predicates import medallion, traitor_ignores
from hauntable.games.betrayal.prompts import ChooseAction, HandOff, HauntTools, MonsterTurn
from hauntable.games.betrayal.ruleset import RULES  # noqa: F401  (binds the rule set to World)
from hauntable.games.betrayal.state import Explorer, Placed, State, Turn
from hauntable.games.betrayal.table_tiles import check_table_tile
from hauntable.games.betrayal.turns import first_seat
from hauntable.games.betrayal.world import World

DIE_FACES = frozenset({0, 1, 2})
START_TILES = ("Entrance Hall", "Foyer", "Grand Staircase", "Upper Landing", "Basement Landing")


# --- set-up (B1) -------------------------------------------------------------------------------------------


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


_CROSS, _FALL, _RIDE, _END = Cross(), Fall(), Ride(), EndTurn()


def _allowed(check: Callable[[World], object], w: World) -> bool:
    try:
        check(w)
    except IllegalAction:
        return False
    return True


def action_prompt(w: World) -> ChooseAction:
    """The turn prompt. Its legal actions are listed when first asked for (``choices()``): a replay or a
    resume applies thousands of inputs and never asks, a player's screen always does. So the listing works
    on a clone, as ``apply`` does: a rule that writes while it only reads (a haunt's counter made on first
    look) must not change a state that was listed, or a replay (never listing) would end elsewhere (E1)."""
    content = w.content
    e = w.s.explorers[w.s.turn.seat]  # State.current, written out: once per input
    left = 0 if w.s.turn.movement_over else movement_left(w)
    return ChooseAction.listed_later(
        e.seat,
        f"{e.name} ({e.player}), in the {e.room}: your turn",
        left,
        lambda state: action_options(World(state.clone(), content), left),
        w.s,
    )


_share_state = copier(State)  # every field shared: for a twin that is only read
_new_tuple = tuple.__new__


def _finished(state: State, out: list[Any]) -> Step:
    """The step for a finished state. A turn prompt lists its actions from a twin of the state (every
    field shared, nothing awaited), not from the state itself: state -> prompt -> state would be a
    reference cycle, so no state of a replay would be freed until the cyclic garbage collector ran, and
    with a long log in memory that collector cost a quarter of the replay's time."""
    prompt = state.awaiting
    if type(prompt) is ChooseAction:
        twin = _share_state(state)
        twin.awaiting = None
        prompt.__dict__["_state"] = twin  # ChooseAction.look_at, written out (once per input)
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
    for hook in w.rules.action_hooks:
        options.extend(hook(w))
    options.append(_END)
    return tuple(options)


# --- the turn loop ----------------------------------------------------------------------------------------


def _run(w: World) -> None:
    """Run queued tasks until one waits for a prompt; with nothing queued, the current explorer acts."""
    s = w.s
    rules = w.rules
    tasks, phase_turn = rules.tasks, rules.phase_turn
    while s.awaiting is None:
        if s.pending:
            name, params = s.pending.pop(0)
            tasks[name](w, **params)
        elif s.phase == "explore":
            s.awaiting = action_prompt(w)
            s.ctx = {}
        elif s.phase in phase_turn:  # the haunt: its turn order, monster turn and victory (haunt.py)
            if phase_turn[s.phase](w):  # the explorer whose turn it is acts
                s.awaiting = action_prompt(w)
                s.ctx = {}
            elif s.awaiting is None and not s.pending:
                return
        else:
            return


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


def _resolve_action(w: World, prompt: Any, ctx: dict[str, Any], inp: Input) -> None:
    seat = w.s.turn.seat
    if isinstance(inp, Move):
        where, params = check_move(w, inp.to)
        room = w.s.explorers[seat].room  # State.current, written out (every move)
        here = w.content.rooms[room]
        extra = leave_cost(w) - 1 if w.s.phase == "haunt" else 0  # 1 before the haunt (H5.1)
        if extra:
            w.s.turn.moved += extra
            who = w.who(seat)
            w.say(
                f"Getting past the opponents costs {who} {extra} more", "move.opponents", who=who, extra=extra
            )
        tasks = []
        if here.exit_roll and not medallion(w, seat, room) and not traitor_ignores(w, seat):
            tasks.append(("exit_roll", dict(seat=seat, room=room)))
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
        room = w.s.current.room
        if w.content.rooms[room].collapse and w.s.config.house_rules.collapse_later == "roll":
            w.then(("collapse_risk", dict(seat=seat, room=room)))  # B6.3, de: the roll, and the risk
        else:
            w.say(f"{w.who(seat)} lets go and falls from the {room}", "fall", who=w.who(seat))
            w.then(("fall", dict(seat=seat, room=room)))
    elif isinstance(inp, Ride):
        check_ride(w)
        w.then(("ride", dict(seat=seat)))
    elif isinstance(inp, EndTurn):
        w.then(("end_turn", dict(seat=seat)))
    elif inp.kind in w.rules.action_handlers:
        w.rules.action_handlers[inp.kind](w, inp)
    else:
        resolve_card_action(w, inp)


def _resolve_roll(w: World, prompt: Any, ctx: dict[str, Any], inp: Any) -> None:
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
        faces="+".join(map(str, faces)) or "0",
        purpose=prompt.purpose,
        purpose_code=prompt.purpose_text.code if prompt.purpose_text is not None else "",
        purpose_params=prompt.purpose_text.params if prompt.purpose_text is not None else (),
    )
    if not str(ctx.get("on", "")).startswith("aid_") and aids.after_roll(w, prompt, ctx, faces):
        return
    aids.finish(w, ctx, total)


def _resolve_split(w: World, prompt: Any, ctx: dict[str, Any], inp: Any) -> None:
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
    _continue(w, ctx, amounts=amounts)


def _resolve_rotation(w: World, prompt: Any, ctx: dict[str, Any], inp: Any) -> None:
    if inp.quarter_turns not in prompt.rotations:
        legal = ", ".join(map(str, prompt.rotations))
        raise IllegalAction(
            f"The {prompt.tile} cannot be turned that way; legal quarter turns: {legal}.", "B3.2"
        )
    _continue(w, ctx, rotation=inp.quarter_turns)


def _resolve_target(w: World, prompt: Any, ctx: dict[str, Any], inp: Any) -> None:
    if inp not in prompt.targets:
        rule = {"stairs": "H5.6", "collapse": "B6.3", "collapse_existing": "B6.3"}.get(prompt.purpose, "B6.4")
        raise IllegalAction(f"{inp.floor} {inp.x},{inp.y} is not one of the places offered.", rule)
    _continue(w, ctx, floor=inp.floor, x=inp.x, y=inp.y)


def _resolve_tile(w: World, prompt: Any, ctx: dict[str, Any], inp: Any) -> None:
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


def _resolve_card(w: World, prompt: Any, ctx: dict[str, Any], inp: Any) -> None:
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


# the rule a wrong answer to a rule's own choice names (by the prompt's purpose); a card's choice: B3.5
OPTION_RULES = {"barrier_side": "B6.1", "monster_side": "B6.1", "trade": "C3", "trade_offer": "C3"}
OPTION_RULES |= {"trade_ask": "C3"}


def _resolve_option(w: World, prompt: Any, ctx: dict[str, Any], inp: Any) -> None:
    if inp.option not in prompt.options:
        rule = OPTION_RULES.get(prompt.purpose, "B3.5")
        raise IllegalAction(f"Choose one of: {', '.join(prompt.options)}.", rule)
    _continue(w, ctx, option=inp.option)


def _continue(w: World, ctx: dict[str, Any], **answer: Any) -> None:
    params = dict(ctx, **answer)
    on = params.pop("on")
    w.then((on, params))


def _resolve_handoff(w: World, prompt: Any, ctx: dict[str, Any], inp: Any) -> None:
    _continue(w, ctx)


def _resolve_tools(w: World, prompt: Any, ctx: dict[str, Any], inp: Any) -> None:
    """The haunt's tools (book_tools.py): ``back``, or a tool, checked by its handler; then the prompt they
    were opened from comes back (nothing is queued: the turn or the monster's prompt is asked again)."""
    w.rules.action_handlers[inp.kind](w, inp)


_RESOLVE: dict[str, Callable[[World, Any, dict[str, Any], Any], None]] = {
    "action": _resolve_action,
    "roll": _resolve_roll,
    "split": _resolve_split,
    "rotation": _resolve_rotation,
    "target": _resolve_target,
    "tile": _resolve_tile,
    "card": _resolve_card,
    "option": _resolve_option,
    MonsterTurn.kind: resolve_monster,
    HauntTools.kind: _resolve_tools,
    HandOff.kind: _resolve_handoff,
}
