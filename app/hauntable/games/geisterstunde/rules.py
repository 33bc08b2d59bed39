"""The Geisterstunde reducer: set-up and dealing, the ghost's plan, the runners' keys and refills, the
ghost's reveal, the catch and the role swap, the escape. Rule ids (G1.1, ...) refer to docs/rules.md.

Every check runs on the caller's state before anything is built, and ``apply`` works on a clone, so a
rejection leaves the state it was given untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.engine.outcomes import Outcome
from hauntable.engine.prompts import Prompt
from hauntable.engine.rejections import IllegalAction, NotAwaited, UnreadableInput
from hauntable.engine.rng import Rng
from hauntable.games.geisterstunde.config import GameConfig
from hauntable.games.geisterstunde.content import EXIT, Content, card_parts, load_content
from hauntable.games.geisterstunde.inputs import Catch, Discard, Draw, End, Key, Plan, Skip
from hauntable.games.geisterstunde.prompts import (
    AwaitDraw,
    ChooseVictim,
    DiscardKey,
    LayPlan,
    RevealCard,
    RunnerTurn,
)
from hauntable.games.geisterstunde.state import State

P = TypeVar("P", bound=Prompt)
_new_step = tuple.__new__
HAND = 4  # keys dealt at the start, and the most a hand may keep at the end of a turn (G1.3, G4.4)
_END, _SKIP = End(), Skip()
_KEYS: dict[str, Key] = {}


def _key(colour: str) -> Key:
    found = _KEYS.get(colour)
    if found is None:
        found = _KEYS[colour] = Key(colour)
    return found


_CONTENT: list[Content] = []
# Prompts are immutable values and the same ones recur all game long (Ben's turn in room 12 with two
# colours playable...), so the hottest ones are built once; bounded, as a table plays one game at a time.
_PROMPTS: dict[tuple, Prompt] = {}
_PROMPTS_MAX = 20_000
_SAID: dict[tuple, Outcome] = {}  # the commonest outcomes, likewise immutable and recurring
_REVEALS: dict[tuple[str, int, int], tuple[RevealCard, ...]] = {}  # (ghost, seat, cards) -> one per card


def _remember(key: tuple, prompt: P) -> P:
    if len(_PROMPTS) >= _PROMPTS_MAX:
        _PROMPTS.clear()
        _SAID.clear()
        _REVEALS.clear()
    _PROMPTS[key] = prompt
    return prompt


def _content() -> Content:
    if not _CONTENT:
        _CONTENT.append(load_content())
    return _CONTENT[0]


# The outcomes of one apply: a plain list (building a list subclass for every input cost more than the
# sentences said into it), filled by ``_say`` or with ready-made outcomes.
_Out = list[Outcome]


def _say(out: _Out, text: str, code: str, **params: object) -> None:
    """Say an English sentence with a code and params for translation."""
    out.append(Outcome(text, code, tuple(params.items()) if params else ()))


def _said(key: tuple, template: str, code: str, *params: tuple[str, object]) -> Outcome:
    """A recurring outcome, built once: ``template`` is filled from ``params`` (outcomes are immutable, and
    ``key`` names everything the sentence says), so a repeat costs one look-up and no formatting."""
    found = _SAID.get(key)
    if found is None:
        found = _SAID[key] = Outcome(template.format_map(dict(params)), code, params)
    return found


_ROUND_END = Outcome("The ghost takes its cards back; a new round begins (G5.5)", "round.end")


def _name(s: State, seat: int) -> str:
    return s.config.players[seat]


# --- set-up (G1) --------------------------------------------------------------------------------------------


def new_game(config: GameConfig, content: Content | None = None) -> Step:
    """G1: the ghost in the Verlies, runners in the Schatzkammer with four keys each."""
    c = content or load_content()
    config.validate()
    rng = Rng(config.seed)
    pile = rng.shuffled(c.keys) if config.cards == "virtual" else []
    n = len(config.players)
    rooms = [c.dungeon if seat == config.ghost else c.treasury for seat in range(n)]
    s = State(
        config=config,
        seq=0,
        round=1,
        phase="deal",
        ghost=config.ghost,
        rooms=rooms,
        hands=[()] * n,
        pile=pile,
        discards=[],
        rng=rng.state,
        turn=config.ghost,
    )
    out: _Out = []
    _say(
        out,
        f"A new game: {_name(s, s.ghost)} is the ghost in the Verlies, "
        f"{', '.join(_name(s, r) for r in s.runners())} start in the {c.rooms[c.treasury].name} (G1.2)",
        "game.start",
        ghost=_name(s, s.ghost),
    )
    _deal_next(s, c, out, s.runners()[0])
    return Step(s, tuple(out))


def _deal_next(s: State, c: Content, out: _Out, seat: int | None) -> None:
    """Deal four keys to ``seat`` and each runner after it (G1.3), then start the first round."""
    order = s.runners()
    while seat is not None:
        s.turn, s.dealt, s.swaps = seat, 0, 0
        if s.config.cards == "table":
            s.awaiting = _deal_prompt(s)
            return
        while True:
            hand = tuple(_pop_pile(s, out) for _ in range(HAND))
            s.hands[seat] = hand
            if not _must_swap(s, hand):
                break
            _swap_hand(s, out, seat)
        i = order.index(seat)
        seat = order[i + 1] if i + 1 < len(order) else None
    _start_round(s, c, out)


def _deal_prompt(s: State) -> AwaitDraw:
    return AwaitDraw(
        s.turn, f"{_name(s, s.turn)}: take key card {s.dealt + 1} of {HAND} from the pile", "deal"
    )


def _must_swap(s: State, hand: tuple[str, ...]) -> bool:
    """G1.4: four keys of one colour are swapped (once, or until mixed: house rule mono_hand)."""
    if len(hand) < HAND or len({card_parts(k)[0] for k in hand}) != 1:
        return False
    return s.config.house_rules.mono_hand == "until_mixed" or s.swaps == 0


def _swap_hand(s: State, out: _Out, seat: int) -> None:
    colour = card_parts(s.hands[seat][0])[0]
    _say(
        out,
        f"{_name(s, seat)} was dealt four {colour} keys and swaps them for four new ones (G1.4)",
        "deal.swap",
        who=_name(s, seat),
        colour=colour,
    )
    s.discards = [*s.discards, *s.hands[seat]]
    s.hands[seat] = ()
    s.swaps += 1


def _refill_pile(s: State, out: _Out) -> None:
    """G4.5: an empty virtual pile is rebuilt from the shuffled discards."""
    if not s.pile and s.discards:
        rng = Rng(s.rng, raw=True)
        s.pile = rng.shuffled(s.discards)
        s.rng = rng.state
        s.discards = []
        _say(
            out, "The draw pile is empty: the discards are shuffled into a new pile (G4.5)", "pile.reshuffle"
        )


def _draw_top(s: State) -> str:
    """Take the top card off the virtual pile (a new list: states share their lists, see State.clone)."""
    top = s.pile[-1]
    s.pile = s.pile[:-1]
    return top


def _pop_pile(s: State, out: _Out) -> str:
    """The top card of the virtual pile, rebuilding an empty pile first (G4.5)."""
    _refill_pile(s, out)
    return _draw_top(s)


# --- rounds and the ghost's plan (G2) -----------------------------------------------------------------------


def _plans(s: State, c: Content, room: str) -> tuple[tuple[str, ...], ...]:
    if s.config.house_rules.impossible_plan == "stop":
        return c.all_plans
    return c.plans[room]


def _start_round(s: State, c: Content, out: _Out) -> None:
    s.phase, s.plan, s.revealed, s.turn = "plan", (), 0, s.ghost
    room = s.rooms[s.ghost]
    plans = _plans(s, c, room)
    # id(plans): the cached prompt holds ``plans``, so that id cannot name another tuple while it is cached
    key = (s.config.players[s.ghost], s.ghost, "plan", room, id(plans))
    found = _PROMPTS.get(key)
    if found is None:
        text = f"{_name(s, s.ghost)} (the ghost): lay 1 to 4 crest cards face down"
        found = _remember(key, LayPlan(s.ghost, text, room, plans))
    s.awaiting = found


def check_plan(s: State, c: Content, inp: Plan) -> None:
    """G2.1-G2.3: known crests, and (house rule impossible_plan=refuse) every card one step on."""
    crests = inp.crests
    if s.config.house_rules.impossible_plan == "stop":
        if crests in c.all_plan_set:
            return
    elif crests in c.plan_sets[s.rooms[s.ghost]]:
        return  # one of the listed legal plans: nothing to explain
    for crest in crests:
        if crest not in c.crests:
            raise UnreadableInput(f"{crest!r} is not a crest; crests: {', '.join(c.crests)}.", "E1")
    if s.config.house_rules.impossible_plan == "stop":
        return
    room = s.rooms[s.ghost]
    for i, crest in enumerate(inp.crests, 1):
        nxt = c.step(room, crest)
        if nxt is None:
            # said to the ghost alone at a table; on a shared screen it still names no room of the path
            where = c.label(room) if i == 1 else f"the room card {i - 1} leads to"
            raise IllegalAction(
                f"Card {i} cannot be followed: no room next to {where} shows its crest.", "G2.2"
            )
        room = nxt


def _resolve_plan(s: State, c: Content, out: _Out, inp: Plan) -> None:
    s.plan = inp.crests
    n = len(inp.crests)
    out.append(
        _said(
            ("plan", n),
            "The ghost lays {cards} cards face down (G2.4)"
            if n > 1
            else "The ghost lays 1 card face down (G2.4)",
            "ghost.plan",
            ("cards", n),
        )
    )
    s.phase = "run"
    _start_turn(s, c, out, s.runners()[0])


# --- the runners (G3, G4) -----------------------------------------------------------------------------------


def _start_turn(s: State, c: Content, out: _Out, seat: int) -> None:
    s.turn, s.keys_played = seat, 0
    s.awaiting = _turn_prompt(s, c)


def _playable(s: State, c: Content, seat: int) -> tuple[str, ...]:
    """The colours ``seat`` holds a key of and its room has a door of, in colour order (G3.2).

    map and filter over C methods: no comprehension frames on a path run for most inputs."""
    held = set(map(c.colour_of.__getitem__, s.hands[seat]))
    return tuple(filter(held.__contains__, c.door_colours[s.rooms[seat]]))


def _turn_prompt(s: State, c: Content, playable: tuple[str, ...] | None = None) -> RunnerTurn:
    seat = s.turn
    room = s.rooms[seat]
    if playable is None:
        playable = _playable(s, c, seat)
    key = (s.config.players[seat], seat, room, s.keys_played, playable)
    found = _PROMPTS.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    options: list[Input] = [_key(col) for col in playable]
    if s.keys_played:
        options.append(_END)
        text = f"{_name(s, seat)}: play another key, or end the move in {c.label(room)}"
    else:
        options.append(_SKIP)
        text = f"{_name(s, seat)}: play keys to walk through doors, or skip and take a card"
    return _remember(key, RunnerTurn(seat, text, room, s.keys_played, tuple(options)))


def _find_key(s: State, c: Content, inp: Key) -> str:
    """The card a ``key`` input plays. Raises UnreadableInput or IllegalAction (G3.2, G3.3)."""
    seat, hand = s.turn, s.hands[s.turn]
    colour, _, crest = inp.card.partition("-")
    if colour not in c.colours or (crest and crest not in c.crests):
        raise UnreadableInput(
            f"{inp.card!r} is not a key: a colour ({', '.join(c.colours)}) or a card like red-lion.", "E1"
        )
    if crest:
        if inp.card not in hand:
            raise IllegalAction(f"{_name(s, seat)} does not hold the key card {inp.card}.", "G3.3")
        card = inp.card
    else:
        prefix = colour + "-"
        for card in hand:
            if card.startswith(prefix):
                break
        else:
            raise IllegalAction(f"{_name(s, seat)} holds no {colour} key.", "G3.3")
    room = c.rooms[s.rooms[seat]]
    if colour not in room.doors:
        have = ", ".join(room.doors)
        raise IllegalAction(f"{room.label.capitalize()} has no {colour} door (its doors: {have}).", "G3.2")
    return card


def _resolve_key(s: State, c: Content, out: _Out, card: str) -> None:
    seat = s.turn
    colour = c.colour_of[card]
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    s.discards = [*s.discards, card]  # G3.5
    here = s.rooms[seat]
    to = c.rooms[here].doors[colour]
    who = s.config.players[seat]
    if to == EXIT:
        s.phase, s.winner, s.awaiting = "over", seat, None
        _say(
            out,
            f"{who} unlocks the {colour} exit of {c.label(here)}, escapes the castle and wins (G7)",
            "game.won",
            who=who,
            colour=colour,
        )
        return
    s.rooms[seat] = to
    s.keys_played += 1
    said = _SAID.get((who, colour, to))
    if said is None:
        said = _SAID[who, colour, to] = Outcome(
            f"{who} opens the {colour} door into {c.label(to)}",
            "runner.key",
            (("who", who), ("colour", colour), ("room", to)),
        )
    out.append(said)
    playable = _playable(s, c, seat)
    if playable:
        s.awaiting = _turn_prompt(s, c, playable)
    else:
        out.append(
            _said(
                ("stuck", who),
                "{who} has no key for a door here: the move ends",
                "runner.stuck",
                ("who", who),
            )
        )
        _finish_move(s, c, out)


def _finish_move(s: State, c: Content, out: _Out) -> None:
    """G4.2: ending in a room whose crest is on the top card's back takes that card (one card, G4.3)."""
    seat = s.turn
    crest = c.rooms[s.rooms[seat]].crest
    if s.config.cards == "table":
        s.awaiting = AwaitDraw(
            seat,
            f"{_name(s, seat)}: if the top card shows the crest of {c.label(s.rooms[seat])}, take it and "
            "read it on the key slot; otherwise pass",
            "crest",
            optional=True,
        )
        return
    _refill_pile(s, out)  # an empty pile is rebuilt first, so there is a top card to compare
    top = s.top
    if top is not None and top.partition("-")[2] == crest:
        if s.config.house_rules.crest_refill == "ask":
            s.awaiting = AwaitDraw(
                seat, f"{_name(s, seat)}: the top card shows your room's crest: take it?", "crest", True, top
            )
            return
        _take(s, out, seat, _draw_top(s), "crest")
    _end_turn(s, c, out)


def _take(s: State, out: _Out, seat: int, card: str, purpose: str) -> None:
    s.hands[seat] = (*s.hands[seat], card)
    who = _name(s, seat)
    if purpose == "skip":
        out.append(
            _said(
                ("skip", who),
                "{who} skips the turn and takes the top card (G4.1)",
                "runner.skip",
                ("who", who),
            )
        )
    else:
        out.append(
            _said(
                ("refill", who),
                "{who} ends on the crest of the top card and takes it (G4.2)",
                "runner.refill",
                ("who", who),
            )
        )


def _end_turn(s: State, c: Content, out: _Out) -> None:
    """G4.4: a hand of five discards one; then the next runner, or the ghost after the last."""
    seat = s.turn
    if len(s.hands[seat]) > HAND:
        s.awaiting = DiscardKey(
            seat,
            f"{_name(s, seat)}: five keys in hand, lay one on the discard pile",
            tuple(sorted(set(s.hands[seat]))),
        )
        return
    order = s.runners()
    i = order.index(seat)
    if i + 1 < len(order):
        _start_turn(s, c, out, order[i + 1])
        return
    s.phase, s.turn = "ghost", s.ghost
    s.awaiting = _reveal_prompt(s)


# --- the ghost moves (G5) and the role swap (G6) ------------------------------------------------------------


def _reveal_prompt(s: State) -> RevealCard:
    ghost = s.ghost
    key = (s.config.players[ghost], ghost, len(s.plan))
    found = _REVEALS.get(key)
    if found is None:  # the whole reveal, card by card, built once per ghost and plan length
        who, n = key[0], key[2]
        text = "{} (the ghost): turn over card {} of {}"
        found = tuple(RevealCard(ghost, text.format(who, i, n), i, n) for i in range(1, n + 1))
        _REVEALS[key] = found
    return found[s.revealed]


def _on_reveal(state: State, c: Content, out: _Out, prompt: Prompt, inp: Input) -> State:
    """G5.1: the next plan card, one room on; a figure there is caught (G5.2), else the next card or a
    new round. Half of all inputs are reveals: this stays one function."""
    s = state.clone()
    crest = s.plan[s.revealed]
    s.revealed += 1
    rooms = s.rooms
    here = rooms[s.ghost]
    to = c.ghost_steps[here].get(crest)
    if to is None:  # only with impossible_plan=stop
        _say(
            out,
            f"The ghost turns over the {c.crest_en[crest]}: no room next to {c.label(here)} shows it, "
            "so it stops and the rest of its cards are void (G2.3)",
            "ghost.blocked",
            crest=crest,
        )
        _end_round(s, c, out)
        return s
    rooms[s.ghost] = to
    said = _SAID.get((crest, to))
    if said is None:
        said = _SAID[crest, to] = Outcome(
            f"The ghost turns over the {c.crest_en[crest]} and floats into {c.label(to)}",
            "ghost.step",
            (("crest", crest), ("room", to)),
        )
    out.append(said)
    if rooms.count(to) == 1:  # the ghost alone there: most cards find no one
        if s.revealed < len(s.plan):
            s.awaiting = _reveal_prompt(s)
        else:
            _end_round(s, c, out)
        return s
    found = tuple([seat for seat in s.runners() if rooms[seat] == to])
    if len(found) == 1:
        _catch(s, c, out, found[0])
    else:
        s.awaiting = ChooseVictim(
            s.ghost,
            f"{_name(s, s.ghost)} (the ghost): whom do you catch in {c.label(to)}?",
            to,
            found,
        )
    return s


def _catch(s: State, c: Content, out: _Out, victim: int) -> None:
    """G5.2, G6: the ghost stops; the caught runner becomes the ghost in the Verlies; the old ghost takes
    the caught hand and runs on from the catch room."""
    old = s.ghost
    room = s.rooms[old]
    left = len(s.plan) - s.revealed
    _say(
        out,
        f"The ghost catches {_name(s, victim)} in {c.label(room)}"
        + (f"; its {left} other card{'s' if left > 1 else ''} stay hidden" if left else "")
        + " (G5.2)",
        "ghost.catch",
        ghost=_name(s, old),
        who=_name(s, victim),
        room=room,
    )
    s.hands[old], s.hands[victim] = s.hands[victim], ()
    s.rooms[victim] = c.dungeon
    s.ghost = victim
    _say(
        out,
        f"{_name(s, victim)} puts on the cloak and goes to the Verlies as the new ghost; "
        f"{_name(s, old)} takes the {len(s.hands[old])} keys and runs on from {c.label(room)} (G6)",
        "roles.swap",
        ghost=_name(s, victim),
        runner=_name(s, old),
        room=room,
    )
    _end_round(s, c, out, caught=True)


def _end_round(s: State, c: Content, out: _Out, caught: bool = False) -> None:
    if not caught:
        out.append(_ROUND_END)
    s.round += 1
    _start_round(s, c, out)


# --- apply --------------------------------------------------------------------------------------------------


def apply(state: State, inp: Input, content: Content | None = None) -> Step:
    """Apply one input. Raises a Rejection, leaving ``state`` untouched, when it does not fit."""
    prompt = state.awaiting
    if prompt is None:
        raise NotAwaited("The game is over: nothing more is awaited.", "E2")
    kind = inp.kind
    if kind not in prompt.accepts:
        raise NotAwaited(f"No {kind} expected now; waiting for: {prompt.text}.", "E2")
    out: _Out = []
    s = _HANDLERS[kind](state, content or (_CONTENT[0] if _CONTENT else _content()), out, prompt, inp)
    s.seq += 1
    return _new_step(Step, (s, tuple(out)))  # Step(s, ...) without the named tuple's Python-level __new__


def _on_key(state: State, c: Content, out: _Out, prompt: Prompt, inp: Key) -> State:
    card = _find_key(state, c, inp)
    s = state.clone()
    _resolve_key(s, c, out, card)
    return s


def _on_end(state: State, c: Content, out: _Out, prompt: Prompt, inp: Input) -> State:
    if not state.keys_played:
        raise IllegalAction("Play at least one key before ending the move, or skip the turn.", "G4.1")
    s = state.clone()
    _finish_move(s, c, out)
    return s


def _on_skip(state: State, c: Content, out: _Out, prompt: Prompt, inp: Input) -> State:
    if state.keys_played:
        raise IllegalAction("Only a runner who plays no key may skip and take a card.", "G4.1")
    s = state.clone()
    if s.config.cards == "table":
        s.awaiting = AwaitDraw(
            s.turn, f"{_name(s, s.turn)}: take the top card and read it on the key slot", "skip"
        )
    else:
        _take(s, out, s.turn, _pop_pile(s, out), "skip")
        _end_turn(s, c, out)
    return s


def _on_plan(state: State, c: Content, out: _Out, prompt: Prompt, inp: Plan) -> State:
    check_plan(state, c, inp)
    s = state.clone()
    _resolve_plan(s, c, out, inp)
    return s


def _on_catch(state: State, c: Content, out: _Out, prompt: Prompt, inp: Catch) -> State:
    assert isinstance(prompt, ChooseVictim)
    if inp.seat not in prompt.seats:
        names = ", ".join(f"{seat} ({_name(state, seat)})" for seat in prompt.seats)
        raise IllegalAction(f"The ghost can only catch a figure in its room: {names}.", "G5.3")
    s = state.clone()
    _catch(s, c, out, inp.seat)
    return s


def _on_discard(state: State, c: Content, out: _Out, prompt: Prompt, inp: Discard) -> State:
    if inp.card not in state.hands[state.turn]:
        raise IllegalAction(f"{_name(state, state.turn)} does not hold {inp.card}.", "G4.4")
    s = state.clone()
    hand = list(s.hands[s.turn])
    hand.remove(inp.card)
    s.hands[s.turn] = tuple(hand)
    s.discards = [*s.discards, inp.card]
    who = _name(s, s.turn)
    out.append(_said(("discard", who), "{who} discards a key (G4.4)", "runner.discard", ("who", who)))
    _end_turn(s, c, out)
    return s


def _on_draw(state: State, c: Content, out: _Out, prompt: Prompt, inp: Input) -> State:
    assert isinstance(prompt, AwaitDraw)
    return _resolve_draw(state, c, out, prompt, inp)


def _resolve_draw(state: State, c: Content, out: _Out, prompt: AwaitDraw, inp: Input) -> State:
    """A card taken from the pile: read on the key slot (table) or offered by name (virtual, ask)."""
    seat = state.turn
    if not isinstance(inp, Draw):  # pass
        if not prompt.optional:
            raise IllegalAction("This card must be taken: read it on the key slot.", "G4.1")
        s = state.clone()
        _say(out, f"{_name(s, seat)} leaves the top card", "runner.pass", who=_name(s, seat))
        _end_turn(s, c, out)
        return s
    colour, _, crest = inp.card.partition("-")
    if colour not in c.colours or crest not in c.crests:
        raise UnreadableInput(f"{inp.card!r} is not a key card (like red-lion).", "E1")
    if prompt.top is not None and inp.card != prompt.top:
        raise IllegalAction(f"The top card is {prompt.top}, not {inp.card}.", "G4.2")
    room = c.rooms.get(state.rooms[seat])
    if prompt.purpose == "crest" and room is not None and crest != room.crest:
        raise IllegalAction(
            f"{inp.card} has the {crest} on its back, not the crest of {room.label} ({room.crest}): "
            "leave it on the pile.",
            "G4.2",
        )
    s = state.clone()
    if s.config.cards == "virtual":
        _draw_top(s)
    if prompt.purpose == "deal":
        s.hands[seat] = (*s.hands[seat], inp.card)
        s.dealt += 1
        if s.dealt < HAND:
            s.awaiting = _deal_prompt(s)
        elif _must_swap(s, s.hands[seat]):
            _swap_hand(s, out, seat)
            s.dealt = 0
            s.awaiting = _deal_prompt(s)
        else:
            order = s.runners()
            i = order.index(seat)
            _say(out, f"{_name(s, seat)} has four keys", "deal.done", who=_name(s, seat))
            _deal_next(s, c, out, order[i + 1] if i + 1 < len(order) else None)
        return s
    _take(s, out, seat, inp.card, prompt.purpose)
    _end_turn(s, c, out)
    return s


_HANDLERS: dict[str, Callable[[State, Content, _Out, Prompt, Any], State]] = {
    "key": _on_key,
    "end": _on_end,
    "skip": _on_skip,
    "plan": _on_plan,
    "reveal": _on_reveal,
    "catch": _on_catch,
    "discard": _on_discard,
    "draw": _on_draw,
    "pass": _on_draw,
}
