"""Every card's rules by name (``CARD_RULES``), gathered from the three families (items, omens, events).

A card's rules (language.CardRules) hold the effects carried out when it is drawn, when an explorer comes
to hold it by any means (drawn, traded, picked up: ``on_gain``) and when they stop holding it
(``on_lose``). Trait changes that last while a card is held go in ``on_gain``/``on_lose`` so they follow
the card; one-off effects of the draw go in ``on_draw``. docs/cards.md says what each card does and what
is still missing. The families are data written in the card language; what an effect does is in
interpreter.py and, for an effect serving one card, in the module named after that card.
"""

from __future__ import annotations

from hauntable.games.betrayal.cards import events, items, omens
from hauntable.games.betrayal.cards.language import CardRules


def _gather(*families: dict[str, CardRules]) -> dict[str, CardRules]:
    out: dict[str, CardRules] = {}
    for family in families:
        twice = set(out) & set(family)
        if twice:
            raise ValueError(f"cards written twice: {sorted(twice)}")
        out.update(family)
    return out


CARD_RULES: dict[str, CardRules] = _gather(events.CARDS, items.CARDS, omens.CARDS)
