"""What each card does, written with the effect primitives of ``effects.py`` (issue 3, in progress).

``CARD_RULES[name]`` holds a card's rules: the effects carried out when it is drawn (and, for items and
omens, when it is lost). A card without an entry is only held (items, omens) or discarded (events); the
list of what is still missing is docs/cards.md.
"""

from __future__ import annotations

import dataclasses

from hauntable.games.betrayal.cards.effects import Effect


@dataclasses.dataclass(frozen=True)
class CardRules:
    """One card's rules as data. ``summary`` is our own short wording for the screen."""

    summary: str
    on_draw: tuple[Effect, ...] = ()
    on_lose: tuple[Effect, ...] = ()

    @property
    def kept(self) -> bool:
        """An event that stays in front of the player instead of going to the discard pile."""
        return any(e[0] == "keep" for e in self.on_draw)


CARD_RULES: dict[str, CardRules] = {}


def card(name: str, summary: str, on_draw=(), on_lose=()) -> None:
    """Register a card's rules (once per name)."""
    if name in CARD_RULES:
        raise ValueError(f"card {name} registered twice")
    CARD_RULES[name] = CardRules(summary, tuple(on_draw), tuple(on_lose))


from hauntable.games.betrayal.cards import events, omens  # noqa: E402,F401  (register the cards)
