"""Shared test helpers (import as ``gamekit``): start a Betrayal game, apply inputs, arrange a house.

``arrange`` edits a freshly made state in place (tests own it) and rebuilds the awaited prompt, so a
scenario can start with rooms already laid and explorers already standing in them.
"""

from __future__ import annotations

from enginekit import do_with, refused_with
from hauntable.engine.bots import RandomBot
from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import Rejection
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import Choose, Roll
from hauntable.games.betrayal.prompts import ChooseAction, ChooseOption, MonsterTurn
from hauntable.games.betrayal.records import MONSTER_TURN, Haunt, Monster
from hauntable.games.betrayal.rules import action_prompt
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.tool_inputs import Claim
from hauntable.games.betrayal.world import World

CONTENT = load_content()


def start(*characters: str, **kwargs) -> Step:
    """A new game; seats in the order given. Defaults: Zoe, Ox, Vivian on 30 November."""
    kwargs.setdefault("today", "11-30")
    return GAME.new_game(GameConfig.quick(*(characters or ("zoe", "ox", "vivian")), **kwargs))


def do(step: Step, *texts: str) -> Step:
    """Apply inputs given as text, in order."""
    return do_with(GAME, step, *texts)


def refused(step: Step, text: str) -> Rejection:
    """Apply an input that must be refused; check the state is untouched and return the rejection."""
    return refused_with(GAME, step, text)


def arrange(step: Step, rooms=None, at=None, traits=None, seat=None) -> Step:
    """Lay ``rooms`` {name: (floor, x, y, rotation)}, put explorers ``at`` {seat: room}, set ``traits``
    {seat: {trait: index}}, make it ``seat``'s turn; then rebuild the prompt. Only for a state at rest."""
    s = step.state
    for name, (floor, x, y, rotation) in (rooms or {}).items():
        s.house[name] = Placed(floor, x, y, rotation)
        if name in s.stack:
            s.stack.remove(name)
    s.house_changed()
    for i, room in (at or {}).items():
        s.explorers[i].room = room
    for i, values in (traits or {}).items():
        s.explorers[i].traits.update(values)
    if seat is not None:
        s.turn.seat = seat
    s.pending.clear()
    s.awaiting = action_prompt(World(s, CONTENT))
    s.ctx = {}
    return step


def in_haunt(
    step: Step,
    traitor: int | None,
    seat: int | None = None,
    monsters: dict[str, Monster] | None = None,
    hidden: bool = False,
    number: int = 2,
) -> Step:
    """Put a freshly made game in the haunt, set up as the haunt rules leave it (book mode, haunt
    ``number``), with ``traitor`` (None: no traitor, or hidden) and ``monsters`` (id -> Monster record);
    then it is ``seat``'s turn (default: the current seat)."""
    s = step.state
    n = len(s.explorers)
    seat = s.turn.seat if seat is None else seat
    first = traitor if traitor is not None else 0
    order = [(first + i) % n for i in range(1, n + 1)]
    if traitor is not None:
        order.remove(traitor)
        order.append(traitor)
    s.phase = "haunt"
    s.haunt = Haunt(revealer=0, omen="Dog", room="Foyer", number=number, total=0)
    s.haunt.traitor, s.haunt.hidden, s.haunt.mode, s.haunt.name = traitor, hidden, "book", f"Haunt {number}"
    s.haunt.rule, s.haunt.monsters = "haunt_revealer", dict(monsters or {})
    s.haunt.round, s.haunt.at, s.haunt.order = 1, order.index(seat), [*order, MONSTER_TURN]
    if hidden:
        s.haunt.secret, s.haunt.revealed = list(range(1, n + 1)), []
    return arrange(step, seat=seat)


def monster(kind: str, room: str = "Entrance Hall", stunned: bool = False, **traits: int) -> Monster:
    """A monster record: traits not given are ones it lacks (None)."""
    return Monster(kind, room, stunned=stunned, **traits)


def texts(step: Step) -> list[str]:
    return [o.text for o in step.outcomes]


def choices(step: Step) -> list[str]:
    return [str(c) for c in step.awaiting.choices()]


def value(step: Step, seat: int, trait: str) -> int:
    e = step.state.explorers[seat]
    return CONTENT.characters[e.character].tracks[trait][e.traits[trait]]


def haunt(
    step: Step, number: int, revealer: int = 0, omen: str = "Skull", room: str = "Entrance Hall"
) -> Step:
    """Start haunt ``number`` now, revealed by ``revealer`` (for haunt tests): the same task the haunt roll
    queues. Only for a state at rest."""
    from hauntable.games.betrayal.rules import _run

    s = step.state
    s.phase = "haunt"
    s.haunt = Haunt(revealer=revealer, omen=omen, room=room, number=number, total=0)
    s.pending[:] = [("haunt_start", {})]
    s.awaiting, s.ctx = None, {}
    w = World(s, CONTENT)
    _run(w)
    return Step(s, tuple(w.out))


class ClaimingBot(RandomBot):
    """A random bot at a table whose players, not the bot, end a book-mode haunt (a random bot never claims a
    victory, engine/bots.py): from haunt round ``rounds`` on, one turn or monster prompt in ``every`` is
    answered by a claim for a random side, and every claim is confirmed (H6.2). In a scripted haunt the
    players do the same once the haunt has gone on for ``stalled`` rounds (H6.4: a haunt no side can finish
    any more, e.g. the last hero behind a roll they cannot make, is ended by a claim one side concedes)."""

    def __init__(self, seed: int, rounds: int = 4, every: int = 8, stalled: int = 100, **kwargs) -> None:
        super().__init__(seed, Roll, **kwargs)
        self.rounds, self.every, self.stalled = rounds, every, stalled
        self.conceded = False  # a scripted haunt was ended by a claim (H6.4)

    def choose(self, step: Step) -> Input:
        prompt, h = step.state.awaiting, step.state.haunt
        if isinstance(prompt, ChooseOption) and prompt.purpose == "claim":
            return Choose("accept")
        if (
            h is not None
            and h.round >= (self.rounds if h.mode == "book" else self.stalled)
            and isinstance(prompt, ChooseAction | MonsterTurn)
            and self.rng.below(self.every) == 0
        ):
            self.conceded = self.conceded or h.mode != "book"
            return Claim(("heroes", "traitor")[self.rng.below(2)])
        return super().choose(step)
