"""The one door to the game: taps, the readers' referee and the dice tower all submit through a
:class:`Channel`, which is the session's only writer and tells its listeners about every new step.

Two ways in, one writer. A tap answers a prompt the screen drew: :meth:`Channel.submit` with the ``seq``
the prompt was stamped with, so a tap on a prompt that is no longer current is refused as ``NotAwaited``
before it reaches the engine (KaTrain's ``game_id``, boardgame.io's ``_stateID``); its refusal is kept
with the seat that caused it so the screen can show it there. The table's hands (what a referee makes of
the readers) come through :meth:`Channel.offer`: judged against the current state, refused by raising,
since the referee words its own refusals. Every accepted input, from either, reaches every listener once:
the screen redraws, the referee re-aims its readers and LEDs. No Kivy here: tests drive it plainly.

A stamp cannot tell a double tap from a deliberate one once the screen has drawn the next turn's prompt
(issue 18: a second tap ~0.4 s after End turn ended the next player's turn unplayed, as the End turn
button stands in the same place every turn). So a tap on a prompt whose turn began less than
:data:`TURN_GUARD` seconds ago is refused (``ui/new_turn``): the new player has to have seen the turn.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Hashable

from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import NotAwaited, Rejection
from hauntable.engine.takeback import TakeBackRules
from hauntable.session import Session

STALE_CODE = "ui/stale"  # i18n.STALE: shown as refusal.stale in every language
NEW_TURN_CODE = "ui/new_turn"
TURN_GUARD = 1.0  # seconds after a turn changed during which a tap on the new turn's prompt is refused


@dataclasses.dataclass(frozen=True)
class Refusal:
    """A refused input, as shown at a seat: the engine's sentence, its code and rule, and who tapped."""

    seat: int | None
    sentence: str
    code: str
    rule: str | None
    seq: int


class StalePrompt(NotAwaited):
    """A tap on a prompt built for an older state: the game moved on before the tap arrived."""

    code = STALE_CODE


class NewTurnGuard(NotAwaited):
    """A tap on a new turn's prompt within :data:`TURN_GUARD` seconds of the turn changing: taken for the
    second half of a double tap on the last turn's End turn, and ignored."""

    code = NEW_TURN_CODE


Listener = Callable[[Step], None]


class Channel:
    """Holds the session; submits inputs, stamps prompts, tells listeners about each new step.

    ``source`` is logged with each accepted tap (``touch``) so a replay says where it came from; the
    table's inputs carry their own (``table:ground:4,0``). Listeners are called synchronously, on the
    thread that submitted; the Kivy app re-posts its redraw to the next frame itself.
    """

    def __init__(self, session: Session, source: str = "touch", clock: Callable[[], float] = time.monotonic):
        self.session = session
        self.source = source
        self.clock = clock
        self.turn_began: tuple[int, float] | None = None  # (seq, clock) of the last step that changed turn
        self.last_refusal: Refusal | None = None
        self.history: list[Step] = [session.step]
        self._listeners: list[Listener] = []
        self._refusal_listeners: list[Callable[[Refusal], None]] = []
        self._checks: list[Callable[[Input], None]] = []

    @property
    def step(self) -> Step:
        return self.session.step

    @property
    def seq(self) -> int:
        """The stamp a prompt built now must carry."""
        return self.session.step.state.seq

    def bind(
        self, on_step: Listener | None = None, on_refusal: Callable[[Refusal], None] | None = None
    ) -> None:
        if on_step is not None:
            self._listeners.append(on_step)
        if on_refusal is not None:
            self._refusal_listeners.append(on_refusal)

    def add_check(self, check: Callable[[Input], None]) -> None:
        """Have ``check`` look at every tap before the session does; it refuses one by raising a
        Rejection (the table referee refuses a ``done`` its readers contradict)."""
        self._checks.append(check)

    def submit(self, inp: Input, seq: int, source: str | None = None, guard: float = 0.0) -> Step | None:
        """Submit a tap's ``inp`` answered to the prompt stamped ``seq``; None (and a Refusal) if refused.

        ``guard``: refuse it when its prompt's turn began less than that many seconds ago (a finger's
        taps: the app passes TURN_GUARD; bots and scripted games none). Raises nothing for a refusal: the
        refusal is recorded and broadcast, since a tap has no caller that could handle an exception.
        """
        awaiting = self.session.step.awaiting
        seat = awaiting.player if awaiting is not None else None
        try:
            if seq != self.seq:
                raise StalePrompt(
                    f"That prompt is out of date (it was for step {seq}, the game is at {self.seq}).",
                    None,
                )
            began = self.turn_began
            if guard and began is not None and began[0] == seq and self.clock() - began[1] < guard:
                raise NewTurnGuard(
                    "A new turn has just begun: that tap came too soon and was ignored. Tap again.", None
                )
            for check in self._checks:
                check(inp)
            step = self.session.submit(inp, source=source or self.source)
        except Rejection as exc:
            refusal = Refusal(seat, exc.sentence, exc.code, exc.rule, self.seq)
            self.last_refusal = refusal
            for fn in self._refusal_listeners:
                fn(refusal)
            return None
        self._stepped(step)
        return step

    def offer(self, inp: Input, source: str) -> Step:
        """Submit what the table's hands did (a referee's input); raises the Rejection if refused, which
        the referee tells the players in its own words (the seat's refusal line is left as it is)."""
        step = self.session.submit(inp, source=source)
        self._stepped(step)
        return step

    def _turn(self, step: Step) -> Hashable:
        game = self.session.game
        if isinstance(game, TakeBackRules):
            return game.turn_of(step.state)
        return getattr(step.awaiting, "player", None)

    def _stepped(self, step: Step) -> None:
        self.last_refusal = None
        if self.history and self._turn(self.history[-1]) != self._turn(step):
            self.turn_began = (step.state.seq, self.clock())
        self.history.append(step)
        del self.history[:-50]  # the screen shows recent outcomes only
        for fn in self._listeners:
            fn(step)
