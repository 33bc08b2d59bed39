"""Betrayal content (explorers, room tiles, cards, haunt chart) loaded from TOML and validated at load time.

Data files hold names and numbers only; behaviour lives in the rules modules. The records are in
content_model.py, the reading and checking of the files in content_files.py; this module is the one name
every reader imports them by.

>>> c = load_content()
>>> len(c.characters), c.rooms["Kitchen"].floors, c.characters["zoe"].value("sanity")
(12, ('basement', 'ground'), 5)
"""

from __future__ import annotations

from hauntable.games.betrayal.content_files import DATA_DIR, load_content
from hauntable.games.betrayal.content_model import (
    BASE_DECK_SIZES,
    BASE_EXPLORABLE_ROOMS,
    DECKS,
    DIRECTIONS,
    FLOORS,
    HAUNT_MODES,
    MENTAL,
    PHYSICAL,
    SYMBOLS,
    TRAITOR_RULES,
    TRAITS,
    Card,
    Character,
    Content,
    HauntSpec,
    Room,
    TraitRoll,
)

__all__ = [
    "BASE_DECK_SIZES",
    "BASE_EXPLORABLE_ROOMS",
    "DATA_DIR",
    "DECKS",
    "DIRECTIONS",
    "FLOORS",
    "HAUNT_MODES",
    "MENTAL",
    "PHYSICAL",
    "SYMBOLS",
    "TRAITOR_RULES",
    "TRAITS",
    "Card",
    "Character",
    "Content",
    "HauntSpec",
    "Room",
    "TraitRoll",
    "load_content",
]
