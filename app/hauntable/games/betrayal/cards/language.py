"""Card effects as plain data, and the tasks that carry them out.

A card's rules are a list of effects, each a small list such as ``["gain", "sanity", 1]`` or
``["roll", "speed", [[5, None, [...]], [0, 4, [...]]]]``. Being plain data, an effect list can sit in the
task queue inside the state (so replay rebuilds it) and be read by a person. The constructors below build
them; ``run`` carries them out one by one, stopping at a prompt and resuming after its answer.

Effects (each acts on the explorer ``seat`` the list runs for):
- ``gain``/``lose`` a trait by n steps; ``gain_any``/``lose_any``: the player chooses the trait;
  ``lowest``: a trait drops to its lowest step.
- ``damage`` n steps of physical or mental damage (the player splits it); ``damage_dice``: roll for it.
- ``draw`` a card of a deck; ``keep``: an event stays in front of the player; ``unkeep``: it goes.
- ``roll`` a trait (or ``dice:N``) and carry out the row whose range holds the total ("omens" in a range
  stands for the number of omens drawn so far).
- ``choose`` one of several labelled effect lists; ``if`` a condition holds, one list, else another.
- ``each`` explorer somewhere (all, a floor, outdoors) carries out a list; ``nearest`` explorer does.
- ``token`` put a named token in the explorer's room; ``place`` a token in a room the player chooses.
- ``to_room`` move the explorer there (if discovered); ``go`` to a room the player chooses; ``new_room``:
  draw a room tile for some floors, lay it and put the explorer in it (its card is drawn, B3.7).
- ``attack``: the player on the right rolls an attack of n dice, the explorer defends with Might (C9).
- ``mark``/``unmark`` a note on the explorer (Hanged Men counts failures with it).
- ``say`` tell the players something with no rule attached; the remaining ops serve one card each.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from hauntable.games.betrayal.content import FLOORS, TRAITS

Effect = list[Any]
Rows = list[list[Any]]


def gain(trait: str, n: int = 1) -> Effect:
    return ["gain", trait, n]


def lose(trait: str, n: int = 1) -> Effect:
    return ["lose", trait, n]


def gain_any(n: int = 1, traits: tuple[str, ...] = TRAITS) -> Effect:
    return ["gain_any", n, list(traits)]


def lose_any(n: int = 1, traits: tuple[str, ...] = TRAITS) -> Effect:
    return ["lose_any", n, list(traits)]


def lowest(trait: str) -> Effect:
    return ["lowest", trait]


def damage(kind: str, n: int) -> Effect:
    return ["damage", kind, n]


def damage_dice(kind: str, dice: int) -> Effect:
    return ["damage_dice", kind, dice]


def draw(deck: str) -> Effect:
    return ["draw", deck]


def keep() -> Effect:
    return ["keep"]


def unkeep() -> Effect:
    return ["unkeep"]


def token(name: str) -> Effect:
    return ["token", name]


def place(name: str, where: str) -> Effect:
    return ["place", name, where]


def to_room(room: str) -> Effect:
    return ["to_room", room]


def go(where: str) -> Effect:
    return ["go", where]


def new_room(
    floors: tuple[str, ...] = FLOORS, search: str | None = None, or_room: str | None = None, card: bool = True
) -> Effect:
    """Lay a new room and put the explorer in it; ``card`` False: its card is not drawn (Mystic Slide)."""
    return ["new_room", list(floors), search, or_room, card]


def say(text: str) -> Effect:
    return ["say", text]


def mark(name: str) -> Effect:
    return ["mark", name]


def unmark(name: str) -> Effect:
    return ["unmark", name]


def attack(dice: int, hurt: list[Effect] | None = None) -> Effect:
    return ["attack", dice, hurt or []]


def each(where: str, effects: list[Effect]) -> Effect:
    return ["each", where, effects]


def nearest(effects: list[Effect]) -> Effect:
    return ["nearest", effects]


def when(cond: str, then: list[Effect], otherwise: list[Effect] | None = None) -> Effect:
    return ["if", cond, then, otherwise or []]


def choose(text: str, *options: tuple[str, list[Effect]], question: str = "", **params: Any) -> Effect:
    """A choice among ``options``; ``question`` (a ``question.<code>``, with ``params``) says how a front-end
    words ``text`` in its language."""
    effect: Effect = ["choose", text, [[label, effects] for label, effects in options]]
    return [*effect, [question, params]] if question else effect


def roll(trait: str, *rows: tuple[Any, Any, list[Effect]], extra: int = 0) -> Effect:
    """Roll ``trait`` (or ``"dice:N"``) and carry out the row whose [low, high] holds the total.

    >>> roll("sanity", (4, None, [gain("sanity")]), (0, 3, [lose("sanity")]))[0]
    'roll'
    """
    return ["roll", trait, [[lo, hi, effects] for lo, hi, effects in rows], extra]


def op(name: str, *args: Any) -> Effect:
    """An effect serving a single card (see the handlers below)."""
    return [name, *args]


# --- a card's rules ---------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class CardRules:
    """One card's rules as data. ``summary`` is our own short wording for the screen."""

    summary: str
    on_draw: tuple[Effect, ...] = ()
    on_gain: tuple[Effect, ...] = ()
    on_lose: tuple[Effect, ...] = ()
    tradeable: bool = True  # C3: companions, the Bite and the Blood Dagger cannot be traded
    droppable: bool = True  # C3: companions, the Bite and the Blood Dagger cannot be dropped
    stealable: bool = True  # C3: companions, the Bite and the Armor cannot be stolen
    use: tuple[Effect, ...] = ()  # what ``use NAME`` does (once per turn, C2)
    use_when: str = ""  # a condition (effects.holds) for the use to be offered; "" always
    one_use: bool = False  # discarded after use

    @property
    def kept(self) -> bool:
        """An event that may stay in front of the player instead of going to the discard pile."""
        return _mentions(self.on_draw, "keep")


def _mentions(effects: Iterable[Any], name: str) -> bool:
    for e in effects:
        if isinstance(e, list) and e and e[0] == name:
            return True
        if isinstance(e, list) and any(isinstance(a, list) and _mentions(a, name) for a in e[1:]):
            return True
    return False


def card_table(table: dict[str, CardRules]) -> Callable[..., None]:
    """The ``card(name, summary, on_draw=..., ...)`` function a card family writes its cards with, into
    ``table`` (once per name)."""

    def card(
        name: str,
        summary: str,
        on_draw: Iterable[Effect] = (),
        on_lose: Iterable[Effect] = (),
        on_gain: Iterable[Effect] = (),
        **flags: Any,
    ) -> None:
        if name in table:
            raise ValueError(f"card {name} written twice")
        table[name] = CardRules(summary, tuple(on_draw), tuple(on_gain), tuple(on_lose), **flags)

    return card
