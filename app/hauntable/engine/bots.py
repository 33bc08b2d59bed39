"""A random-legal player: picks any listed choice, throws seeded virtual dice for rolls.

Used by the fuzz/property tests, the benchmarks and the resume test to play whole games without a person.
"""

from __future__ import annotations

from collections.abc import Callable

from hauntable.engine.dice import VirtualDice
from hauntable.engine.game import GameDefinition, Step
from hauntable.engine.inputs import Input
from hauntable.engine.prompts import RollDice
from hauntable.engine.rng import Rng


class RandomBot:
    """Answers any prompt with a legal input, deterministically for a given seed.

    ``make_roll(faces, source)`` builds the game's roll input from virtual dice faces.
    """

    def __init__(self, seed: int, make_roll: Callable[[tuple[int, ...], str], Input], end_bias: float = 0.15):
        self.rng = Rng(seed)
        self.dice = VirtualDice(seed)
        self.make_roll = make_roll
        self.end_bias = end_bias

    def choose(self, step: Step) -> Input:
        prompt = step.state.awaiting
        if prompt is None:
            raise ValueError("the game is over")
        if isinstance(prompt, RollDice):
            faces, source = self.dice.roll(prompt.dice)
            return self.make_roll(faces, source)
        choices, rest = _split(prompt.choices())
        n = len(choices)
        if not n:
            raise ValueError(f"the bot cannot answer {prompt.kind!r} prompts")
        # a prompt that accepts no "end" lists none (the ghost's plan lists ~70 choices)
        if (
            n > 1
            and rest is not None
            and "end" in prompt.accepts
            and self.rng.below(1000) >= self.end_bias * 1000
        ):
            choices = rest
            n = len(rest)
        chosen: Input = choices[self.rng.below(n)]
        return chosen


# choices tuple (by identity) -> (the choices a bot makes: without ``bots_skip`` ones, the same without
# "end" too or None when it lists no "end"). Games that keep their recurring prompts (Geisterstunde's runner
# turns) hand the bot the same tuples again and again.
_SPLIT: dict[int, tuple[tuple[Input, ...], tuple[Input, ...], tuple[Input, ...] | None]] = {}
_SPLIT_MAX = 4096


def _split(choices: tuple[Input, ...]) -> tuple[tuple[Input, ...], tuple[Input, ...] | None]:
    """``choices`` a bot may make (never a ``bots_skip`` input, such as claiming a victory) and those minus
    their ``end`` inputs (None when there is none); remembered per tuple (by identity, the tuple itself kept
    alive beside it so its id cannot be reused)."""
    hit = _SPLIT.get(id(choices))
    if hit is not None and hit[0] is choices:
        return hit[1], hit[2]
    playable = choices
    if any(c.bots_skip for c in choices):
        playable = tuple(c for c in choices if not c.bots_skip)
    rest: tuple[Input, ...] | None = tuple(c for c in playable if c.kind != "end")
    if len(rest) == len(playable):  # type: ignore[arg-type]
        rest = None
    if type(choices) is tuple:  # a list could change under the cache
        if len(_SPLIT) >= _SPLIT_MAX:
            _SPLIT.clear()
        _SPLIT[id(choices)] = (choices, playable, rest)
    return playable, rest


def play(
    game: GameDefinition, step: Step, bot: RandomBot, max_inputs: int = 10_000
) -> tuple[Step, list[Input]]:
    """Let the bot play until the game stops awaiting or ``max_inputs`` inputs were applied."""
    inputs: list[Input] = []
    while step.awaiting is not None and len(inputs) < max_inputs:
        inp = bot.choose(step)
        step = game.apply(step.state, inp)
        inputs.append(inp)
    return step, inputs


def roll_maker(game: GameDefinition) -> Callable[[tuple[int, ...], str], Input]:
    """A ``make_roll`` for :class:`RandomBot` that builds the game's ``roll`` input through its registry."""

    def make_roll(faces: tuple[int, ...], source: str) -> Input:
        return game.inputs.from_json({"kind": "roll", "faces": list(faces), "source": source})

    return make_roll


def seq_seeded_choice(game: GameDefinition, step: Step, seed: int) -> Input:
    """A random-legal input that depends only on (``seed``, ``state.seq``): no bot state crosses steps.

    So a bot run killed and resumed from the game log makes exactly the choices an uninterrupted run makes.
    """
    return RandomBot(seed * 1_000_003 + step.state.seq, roll_maker(game)).choose(step)
