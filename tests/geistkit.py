"""Shared test helpers for Geisterstunde (import as ``geistkit``): start, do, refused, arrange, texts.

``arrange`` edits a freshly made state in place (tests own it) and asks the current phase's prompt again,
so a scenario can start with figures already standing in rooms and known keys in hand.

Crests of the rooms (row 0 north): 00 lion 01 eagle 02 lily 03 tower 04 dragon / 10 lily 11 tower
12 dragon 13 lion 14 eagle / 20 dragon 21 lion 22 eagle 23 lily 24 tower / 30 eagle 31 lily 32 tower
33 dragon 34 lion / 40 tower 41 dragon 42 lion 43 eagle 44 lily.
"""

from __future__ import annotations

from enginekit import do_with, refused_with
from hauntable.engine.game import Step
from hauntable.engine.rejections import Rejection
from hauntable.games.geisterstunde import GAME, GameConfig
from hauntable.games.geisterstunde.basics import Out
from hauntable.games.geisterstunde.content import load_content
from hauntable.games.geisterstunde.plan import start_round
from hauntable.games.geisterstunde.runners import turn_prompt

CONTENT = load_content()


def start(n: int = 3, **kwargs) -> Step:
    """A new game of Anna, Ben, Cleo (and Dora); Anna (seat 0) is the first ghost unless ``ghost=``."""
    return GAME.new_game(GameConfig.quick(n, **kwargs))


def do(step: Step, *texts: str) -> Step:
    """Apply inputs given as text, in order."""
    return do_with(GAME, step, *texts)


def refused(step: Step, text: str) -> Rejection:
    """Apply an input that must be refused; check the state is untouched and return the rejection."""
    return refused_with(GAME, step, text)


def arrange(step: Step, at=None, hands=None, pile=None, ghost_at=None) -> Step:
    """Put figures ``at`` {seat: room}, give ``hands`` {seat: cards}, set the ``pile`` (top card last),
    move the ghost's figure to ``ghost_at``; then ask the current plan or turn prompt again."""
    s = step.state
    for seat, room in (at or {}).items():
        s.rooms[seat] = room
    for seat, cards in (hands or {}).items():
        s.hands[seat] = tuple(cards)
    if pile is not None:
        s.pile = list(pile)
    if ghost_at is not None:
        s.rooms[s.ghost] = ghost_at
    if s.phase == "plan":
        start_round(s, CONTENT, Out())
    elif s.phase == "run":
        s.awaiting = turn_prompt(s, CONTENT)
    else:
        raise ValueError(f"arrange only a plan or turn prompt, not {s.phase}")
    return step


def texts(step: Step) -> list[str]:
    return [o.text for o in step.outcomes]


def codes(step: Step) -> list[str]:
    return [o.code for o in step.outcomes]


def choices(step: Step) -> list[str]:
    return [str(c) for c in step.awaiting.choices()]
