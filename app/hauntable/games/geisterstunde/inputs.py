"""The inputs Geisterstunde understands, each a frozen value with a text form (see engine/inputs.py).

>>> INPUTS.parse("plan lily,tower")
Plan.parse('plan lily,tower')
>>> INPUTS.parse("key red-lion source=slot:key")
Key.parse('key red-lion source=slot:key')
"""

from __future__ import annotations

import dataclasses

from hauntable.engine.inputs import Input, InputRegistry
from hauntable.engine.rejections import UnreadableInput
from hauntable.engine.takeback import TakeBack


@dataclasses.dataclass(frozen=True, repr=False)
class Plan(Input):
    """The ghost's face-down cards, left to right: 1 to 4 different crests (G2.1).

    On a table the four plan slots read them; on touch the ghost taps them in. The text is a secret
    until the reveal: the log holds it, screens and outcomes never show it.
    """

    kind = "plan"
    crests: tuple[str, ...]
    source: str = "touch"

    def check(self) -> None:
        if not 1 <= len(self.crests) <= 4:
            raise UnreadableInput("The ghost lays 1, 2, 3 or 4 crest cards.", "G2.1")
        if len(set(self.crests)) != len(self.crests):
            raise UnreadableInput("Each crest card exists once: no crest twice in one plan.", "G2.1")


@dataclasses.dataclass(frozen=True, repr=False)
class Key(Input):
    """Play a key card and walk through the door of its colour (G3.2).

    ``card`` is a colour (``red``: any red key in hand) or a whole card (``red-lion``, as the key slot
    reads it; the crest on its back does not matter for the move).
    """

    kind = "key"
    card: str
    source: str = "touch"


@dataclasses.dataclass(frozen=True, repr=False)
class End(Input):
    """Stop playing keys (after at least one): the move ends here (G3.1, G4.2)."""

    kind = "end"


@dataclasses.dataclass(frozen=True, repr=False)
class Skip(Input):
    """Play no key this turn and take the top card of the draw pile instead (G4.1)."""

    kind = "skip"


@dataclasses.dataclass(frozen=True, repr=False)
class Draw(Input):
    """Table mode: the key card just taken from the pile, read on the key slot (G1.3, G4.1, G4.2)."""

    kind = "draw"
    card: str
    source: str = "table"


@dataclasses.dataclass(frozen=True, repr=False)
class Pass(Input):
    """Table mode: leave the top card where it is (its crest does not match the room, G4.2)."""

    kind = "pass"


@dataclasses.dataclass(frozen=True, repr=False)
class Discard(Input):
    """Lay a key card from a hand of five on the discard pile (G4.4)."""

    kind = "discard"
    card: str


@dataclasses.dataclass(frozen=True, repr=False)
class Reveal(Input):
    """The ghost turns over its next plan card and floats one room on (G5.1)."""

    kind = "reveal"


@dataclasses.dataclass(frozen=True, repr=False)
class Catch(Input):
    """The ghost picks whom it catches among the figures in its room (G5.3): a seat number."""

    kind = "catch"
    seat: int


INPUTS = InputRegistry([Plan, Key, End, Skip, Draw, Pass, Discard, Reveal, Catch, TakeBack])
