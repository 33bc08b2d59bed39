"""The prompts Geisterstunde waits on. Each lists its legal answers where they can be listed.

The plan prompt's choices are the ghost's private options: :func:`~.state.public_json` drops them.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, ClassVar

from hauntable.engine.inputs import Input
from hauntable.engine.prompts import Prompt
from hauntable.games.geisterstunde.inputs import Catch, Discard, Draw, Pass, Plan, Reveal

# every legal plan, as inputs, per (start room, house rule): listing them is the bots' hottest path
_PLAN_INPUTS: dict[tuple[tuple[str, ...], ...], tuple[Input, ...]] = {}
_REVEAL = (Reveal(),)
_PASS = (Pass(),)
_DISCARDS: dict[str, Discard] = {}  # card -> its discard input (inputs are immutable values)
_CATCHES: dict[int, Catch] = {}


def _discard(card: str) -> Discard:
    found = _DISCARDS.get(card)
    if found is None:
        found = _DISCARDS[card] = Discard(card)
    return found


def catch_runner(seat: int) -> Catch:
    found = _CATCHES.get(seat)
    if found is None:
        found = _CATCHES[seat] = Catch(seat)
    return found


def plan_inputs(plans: tuple[tuple[str, ...], ...]) -> tuple[Input, ...]:
    found = _PLAN_INPUTS.get(plans)
    if found is None:
        found = _PLAN_INPUTS[plans] = tuple(Plan(p) for p in plans)
    return found


@dataclasses.dataclass(frozen=True)
class LayPlan(Prompt):
    """The ghost lays 1-4 crest cards face down (G2). ``plans`` are the legal ones from ``room``."""

    kind: ClassVar[str] = "plan"
    accepts: ClassVar[tuple[str, ...]] = ("plan",)

    room: str = ""
    plans: tuple[tuple[str, ...], ...] = dataclasses.field(default=(), repr=False)

    def choices(self) -> tuple[Input, ...]:
        return self._choices

    @functools.cached_property
    def _choices(self) -> tuple[Input, ...]:
        # looked up once per prompt: the look-up hashes all ~80 plans, and the rules reuse their prompts
        return plan_inputs(self.plans)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out.pop("plans", None)  # the same list as the choices
        return out


@dataclasses.dataclass(frozen=True)
class RunnerTurn(Prompt):
    """A runner's turn (G3): play a key through a door of its colour, end the move, or skip and draw."""

    kind: ClassVar[str] = "turn"
    accepts: ClassVar[tuple[str, ...]] = ("key", "end", "skip")

    room: str = ""
    keys_played: int = 0
    options: tuple[Input, ...] = ()

    def choices(self) -> tuple[Input, ...]:
        return self.options


@dataclasses.dataclass(frozen=True)
class DiscardKey(Prompt):
    """A hand of five at the end of the turn: lay one key on the discard pile (G4.4)."""

    kind: ClassVar[str] = "discard"
    accepts: ClassVar[tuple[str, ...]] = ("discard",)

    cards: tuple[str, ...] = ()

    def choices(self) -> tuple[Input, ...]:
        return tuple(map(_discard, self.cards))


@dataclasses.dataclass(frozen=True)
class AwaitDraw(Prompt):
    """Take the top key card: read on the key slot (table), or offered by name (virtual, crest_refill=ask).

    ``purpose``: deal (G1.3), skip (G4.1) or crest (G4.2). ``optional``: the card may be left (``pass``).
    ``top`` is the card when the engine knows it (virtual pile).
    """

    kind: ClassVar[str] = "draw"
    accepts: ClassVar[tuple[str, ...]] = ("draw", "pass")

    purpose: str = ""
    optional: bool = False
    top: str | None = None

    def choices(self) -> tuple[Input, ...]:
        found: tuple[Input, ...] = (Draw(self.top, source="virtual"),) if self.top else ()
        return found + _PASS if self.optional else found


@dataclasses.dataclass(frozen=True)
class RevealCard(Prompt):
    """The ghost turns over plan card ``card`` of ``of`` and floats on (G5.1)."""

    kind: ClassVar[str] = "reveal"
    accepts: ClassVar[tuple[str, ...]] = ("reveal",)

    card: int = 1
    of: int = 1

    def choices(self) -> tuple[Input, ...]:
        return _REVEAL


@dataclasses.dataclass(frozen=True)
class ChooseVictim(Prompt):
    """Several figures in the room the ghost entered: it catches one of ``seats`` (G5.3)."""

    kind: ClassVar[str] = "victim"
    accepts: ClassVar[tuple[str, ...]] = ("catch",)

    room: str = ""
    seats: tuple[int, ...] = ()

    def choices(self) -> tuple[Input, ...]:
        return tuple(map(catch_runner, self.seats))
