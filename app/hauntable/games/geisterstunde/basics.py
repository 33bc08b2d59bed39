"""What every part of the Geisterstunde reducer shares: the hand size, the content, the players' names, and
the keys, prompts and outcomes that recur all game long, built once."""

from __future__ import annotations

from typing import Any, TypeVar

from hauntable.engine.outcomes import Outcome
from hauntable.engine.prompts import Prompt
from hauntable.engine.rng import Rng
from hauntable.games.geisterstunde.content import content_of, load_content
from hauntable.games.geisterstunde.content_model import Content
from hauntable.games.geisterstunde.inputs import End, Key, Skip
from hauntable.games.geisterstunde.prompts import RevealCard
from hauntable.games.geisterstunde.state import State

P = TypeVar("P", bound=Prompt)
END = End()
SKIP = Skip()
HAND = 4  # keys dealt at the start, and the most a hand may keep at the end of a turn (G1.3, G4.4)
KEYS: dict[str, Key] = {}


def key_of(colour: str) -> Key:
    found = KEYS.get(colour)
    if found is None:
        found = KEYS[colour] = Key(colour)
    return found


CONTENT_LOADED: list[Content] = []


# Prompts are immutable values and the same ones recur all game long (Ben's turn in room 12 with two
# colours playable...), so the hottest ones are built once; bounded, as a table plays one game at a time.
PROMPTS: dict[tuple[Any, ...], Prompt] = {}
PROMPTS_MAX = 20_000
SAID: dict[tuple[Any, ...], Outcome] = {}  # the commonest outcomes, likewise immutable and recurring
REVEALS: dict[tuple[str, int, int], tuple[RevealCard, ...]] = {}  # (ghost, seat, cards) -> one per card


def remember(key: tuple[Any, ...], prompt: P) -> P:
    if len(PROMPTS) >= PROMPTS_MAX:
        PROMPTS.clear()
        SAID.clear()
        REVEALS.clear()
    PROMPTS[key] = prompt
    return prompt


def packaged_content() -> Content:
    if not CONTENT_LOADED:
        CONTENT_LOADED.append(load_content())
    return CONTENT_LOADED[0]


def content_for(s: State) -> Content:
    """The castle the game is played on: ours, or the table's own board carried in its config."""
    board = s.config.board
    if board is None:
        return CONTENT_LOADED[0] if CONTENT_LOADED else packaged_content()
    return content_of(board)


# The outcomes of one apply: a plain list (building a list subclass for every input cost more than the
# sentences said into it), filled by ``say`` or with ready-made outcomes.
Out = list[Outcome]


def say(out: Out, text: str, code: str, **params: object) -> None:
    """Say an English sentence with a code and params for translation."""
    out.append(Outcome(text, code, tuple(params.items()) if params else ()))


def said_once(key: tuple[Any, ...], template: str, code: str, *params: tuple[str, object]) -> Outcome:
    """A recurring outcome, built once: ``template`` is filled from ``params`` (outcomes are immutable, and
    ``key`` names everything the sentence says), so a repeat costs one look-up and no formatting."""
    found = SAID.get(key)
    if found is None:
        found = SAID[key] = Outcome(template.format_map(dict(params)), code, params)
    return found


ROUND_END = Outcome("The ghost takes its cards back; a new round begins (G5.5)", "round.end")


def player_name(s: State, seat: int) -> str:
    return s.config.players[seat]


def refill_pile(s: State, out: Out) -> None:
    """G4.5: an empty virtual pile is rebuilt from the shuffled discards."""
    if not s.pile and s.discards:
        rng = Rng(s.rng, raw=True)
        s.pile = rng.shuffled(s.discards)
        s.rng = rng.state
        s.discards = []
        say(out, "The draw pile is empty: the discards are shuffled into a new pile (G4.5)", "pile.reshuffle")


def table_refill(s: State, keys: tuple[str, ...], out: Out) -> None:
    """G4.5 with table cards: the engine holds no pile but counts it (every key less those in hands and on
    the discard pile); when it is empty before a card is taken, the players shuffle the discards into a
    new pile, whose order nobody knows: any of those keys may be read next."""
    if s.config.cards != "table" or not s.discards:
        return
    if len(keys) - sum(map(len, s.hands)) - len(s.discards) > 0:
        return
    s.discards = []
    say(out, "The draw pile is empty: shuffle the discards into a new pile (G4.5)", "pile.reshuffle_table")


def not_in_pile(s: State, keys: tuple[str, ...], card: str) -> bool:
    """Whether every copy of ``card`` is in a hand or on the discard pile (table cards, G4.5)."""
    return sum(h.count(card) for h in s.hands) + s.discards.count(card) >= keys.count(card)


def draw_top(s: State) -> str:
    """Take the top card off the virtual pile (a new list: states share their lists, see State.clone)."""
    top = s.pile[-1]
    s.pile = s.pile[:-1]
    return top


def pop_pile(s: State, out: Out) -> str:
    """The top card of the virtual pile, rebuilding an empty pile first (G4.5)."""
    refill_pile(s, out)
    return draw_top(s)
