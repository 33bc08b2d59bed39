"""What each card does, written with the effect primitives of ``effects.py``.

``CARD_RULES[name]`` holds a card's rules: the effects carried out when it is drawn, when an explorer comes
to hold it by any means (drawn, traded, picked up: ``on_gain``) and when they stop holding it
(``on_lose``). Trait changes that last while a card is held go in ``on_gain``/``on_lose`` so they follow
the card; one-off effects of the draw go in ``on_draw``. docs/cards.md says what each card does and what
is still missing.
"""

from __future__ import annotations

import dataclasses

from hauntable.games.betrayal.cards.effects import Effect


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


def _mentions(effects, name: str) -> bool:
    for e in effects:
        if isinstance(e, list) and e and e[0] == name:
            return True
        if isinstance(e, list) and any(isinstance(a, list) and _mentions(a, name) for a in e[1:]):
            return True
    return False


CARD_RULES: dict[str, CardRules] = {}


def card(name: str, summary: str, on_draw=(), on_lose=(), on_gain=(), **flags) -> None:
    """Register a card's rules (once per name)."""
    if name in CARD_RULES:
        raise ValueError(f"card {name} registered twice")
    CARD_RULES[name] = CardRules(summary, tuple(on_draw), tuple(on_gain), tuple(on_lose), **flags)


from hauntable.games.betrayal.cards import aids, events, fights, holding, items, omens  # noqa: E402,F401
