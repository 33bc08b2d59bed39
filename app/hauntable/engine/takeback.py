"""Taking back the last inputs (rule E3): a game's steps as the log folds them, with what can be undone.

A game's rules never see a take back. A :class:`TakeBack` is an input like any other in the log (its own
seq, its own state hash), and a :class:`Timeline` answers it: it keeps the steps since the last input
that revealed something hidden (a roll, a tile or card drawn from a virtual source, a secret shown) and
returns the game to one of them, stamped with the next seq. Replay and resume fold the log through a
timeline too, so a game with take backs replays to the very states it was played through.

What may be taken back (E3, docs/rules.md): inputs that revealed nothing hidden (the game says which,
:meth:`TakeBackRules.revealed`), of one turn only: a run of take backs (no other input between them) goes
back at most to the start of the turn the newest input was made in. So a mistaken End turn can be taken
back with the turn it ended, before the next player has done anything, and no further.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Hashable, Iterable
from typing import Any, Protocol, runtime_checkable

from hauntable.engine.game import GameDefinition, ReplayError, Step
from hauntable.engine.inputs import Input
from hauntable.engine.outcomes import Outcome
from hauntable.engine.rejections import IllegalAction, Rejection


@dataclasses.dataclass(frozen=True, repr=False)
class TakeBack(Input):
    """Return the game to the state it had after logged input ``to`` (E3); answered by the timeline."""

    kind = "take_back"
    to: int


@runtime_checkable
class TakeBackRules(Protocol):
    """What a game tells the timeline (optional: a game without these hooks takes nothing back)."""

    def turn_of(self, state: Any) -> Hashable:
        """Whose turn and which one: equal for every state inside one turn."""
        ...

    def revealed(self, before: Any, inp: Input, after: Any) -> IllegalAction | None:
        """Why ``inp`` cannot be taken back (it showed something hidden), or None."""
        ...


_LOOK_UP: Any = object()  # Timeline(rules=...) not given: look the game's hooks up


@dataclasses.dataclass(frozen=True, slots=True)
class Done:
    """One input on the timeline: the step before it, the input, its turn, and why it stays (or None)."""

    before: Step
    inp: Input
    turn: Hashable
    stays: IllegalAction | None

    @property
    def seq(self) -> int:
        """The logged seq of the input (the state after it has this seq)."""
        return int(self.before.state.seq) + 1


@dataclasses.dataclass(frozen=True, slots=True)
class Offer:
    """A take back the players may agree to: ``inp`` (the input to submit) and what it undoes, newest
    first, each with the step before it (what the screen shows and what hands put back)."""

    inp: TakeBack
    undone: tuple[Done, ...]


class Timeline:
    """The current step and the inputs that could still be taken back; immutable (``after`` gives a new
    one), so a session keeps the old one until the input is logged."""

    __slots__ = ("_floor", "_rules", "_stack", "game", "step")

    def __init__(
        self,
        game: GameDefinition,
        step: Step,
        stack: tuple[Done, ...] = (),
        floor: int | None = None,
        rules: TakeBackRules | None = _LOOK_UP,
    ):
        self.game = game
        self.step = step
        self._stack = stack  # oldest first; a Done that stays (``stays`` set) only at the bottom
        self._floor = floor  # within a run of take backs: the lowest stack index the run may reach
        # the game's hooks, looked up once per game (a runtime protocol check costs ~10 us an input)
        if rules is _LOOK_UP:
            rules = game if isinstance(game, TakeBackRules) else None
        self._rules = rules

    def after(self, inp: Input) -> Timeline:
        """The timeline once ``inp`` is applied; raises the game's Rejection (or E3's) and changes nothing."""
        if isinstance(inp, TakeBack):
            return self._take_back(inp)
        before = self.step
        game, rules = self.game, self._rules
        step = game.apply(before.state, inp)
        if rules is None:
            return Timeline(game, step, rules=None)
        turn = rules.turn_of(before.state)
        done = Done(before, inp, turn, rules.revealed(before.state, inp, step.state))
        if done.stays is not None:
            return Timeline(game, step, (done,), rules=rules)
        kept = self._stack
        if kept and kept[-1].turn != turn:  # a new turn: the last one can no longer be reached (E3.5)
            last = kept[-1]
            kept = (dataclasses.replace(last, stays=last.stays or _EARLIER_TURN),)
        return Timeline(game, step, (*kept, done), rules=rules)

    def offer(self) -> Offer:
        """The next take back (one input), or raises IllegalAction naming the rule that forbids it."""
        last = self._poppable(self._stack, self._reach())
        return Offer(TakeBack(int(last.before.state.seq)), (last,))

    def _poppable(self, stack: tuple[Done, ...] | list[Done], floor: int) -> Done:
        if self.step.awaiting is None:
            raise IllegalAction("The game is over: nothing can be taken back.", "E3.6")
        if not stack:
            raise IllegalAction("There is nothing to take back.", "E3.6")
        last = stack[-1]
        stays = last.stays if last.stays is not None else _EARLIER_TURN if len(stack) - 1 < floor else None
        if stays is not None:
            raise IllegalAction(stays.sentence, stays.rule)  # a new one each time: raising adds a traceback
        return last

    def _reach(self) -> int:
        """The lowest stack index a take back may pop now: the run's floor, or the newest turn's start."""
        if self._floor is not None:
            return self._floor
        stack = self._stack
        start = len(stack)
        while start > 0 and stack[start - 1].turn == stack[-1].turn and stack[start - 1].stays is None:
            start -= 1
        return start

    def _take_back(self, inp: TakeBack) -> Timeline:
        seq = int(self.step.state.seq)
        stack, floor = list(self._stack), self._reach()
        undone: list[Done] = []
        while not undone or int(undone[-1].before.state.seq) > inp.to:
            last = self._poppable(stack, floor)
            if int(last.before.state.seq) < inp.to:
                raise IllegalAction(f"The game cannot go back to input {inp.to}; it is at {seq}.", "E3")
            undone.append(stack.pop())
        back = _restamp(undone[-1].before, seq + 1)
        words = "; ".join(_OPTIONS.sub("", str(done.inp)) for done in undone)  # no source=...
        outcome = Outcome(f"Taken back: {words}.", "take_back", (("inputs", words), ("n", len(undone))))
        return Timeline(self.game, Step(back, (outcome,)), tuple(stack), min(floor, len(stack)), self._rules)


_OPTIONS = re.compile(r" \w+=\S+")  # an input's optional fields (where a tile was read, ...)

_EARLIER_TURN = IllegalAction(
    "Only the inputs of one turn can be taken back; the next one belongs to an earlier turn.", "E3.5"
)


def _restamp(step: Step, seq: int) -> Any:
    """The state of ``step`` as it is again at ``seq``: a copy that differs in its seq only."""
    state = step.state
    clone = getattr(state, "clone", None)
    copy = clone() if clone is not None else dataclasses.replace(state)
    copy.seq = seq
    return copy


def replay(game: GameDefinition, config: Any, inputs: Iterable[Input]) -> Step:
    """Fold accepted inputs (take backs too) from a new game. Raises ReplayError naming the input refused.
    The outcomes are all of them, in order."""
    timeline = Timeline(game, game.new_game(config))
    outcomes: list[Outcome] = list(timeline.step.outcomes)
    for i, inp in enumerate(inputs):
        try:
            timeline = timeline.after(inp)
        except Rejection as exc:
            raise ReplayError(i, inp, exc) from exc
        outcomes.extend(timeline.step.outcomes)
    return Step(timeline.step.state, tuple(outcomes))
