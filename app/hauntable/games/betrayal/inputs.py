"""The inputs Betrayal understands, each a frozen value with a text form (see engine/inputs.py)."""

from __future__ import annotations

import dataclasses

from hauntable.engine.inputs import Input, InputRegistry
from hauntable.engine.rejections import UnreadableInput
from hauntable.engine.takeback import TakeBack
from hauntable.games.betrayal.content import DIRECTIONS, FLOORS, TRAITS
from hauntable.games.betrayal.tool_inputs import TOOL_INPUTS

MOVES = (*DIRECTIONS, "up", "down")


@dataclasses.dataclass(frozen=True, repr=False)
class Move(Input):
    """Move through the door in a direction (N, E, S, W) or take the stairs (up, down).

    Moving through a doorway with no room beyond it discovers a new room.
    """

    kind = "move"
    to: str

    def check(self) -> None:
        if self.to not in MOVES:
            raise UnreadableInput(f"Move where? {self.to!r} is not one of {', '.join(MOVES)}.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class EndTurn(Input):
    kind = "end"


@dataclasses.dataclass(frozen=True, repr=False)
class Cross(Input):
    """Attempt the barrier roll of the room you are in (Chasm, Catacombs, Tower; open the Vault)."""

    kind = "cross"


@dataclasses.dataclass(frozen=True, repr=False)
class Fall(Input):
    """Choose to fall: from the Gallery to the Ballroom, or through the Collapsed Room to the basement."""

    kind = "fall"


@dataclasses.dataclass(frozen=True, repr=False)
class Ride(Input):
    """Ride the Mystic Elevator you stand in (once per turn)."""

    kind = "ride"


@dataclasses.dataclass(frozen=True, repr=False)
class Roll(Input):
    """Dice faces, whatever threw them. ``source`` says where from: tower:1, virtual:seed=7#12, hand."""

    kind = "roll"
    faces: tuple[int, ...]
    source: str = "virtual"


@dataclasses.dataclass(frozen=True, repr=False)
class Split(Input):
    """How to take damage: steps off each trait. ``split might=2 speed=1``."""

    kind = "split"
    speed: int = 0
    might: int = 0
    sanity: int = 0
    knowledge: int = 0

    def check(self) -> None:
        if any(getattr(self, t) < 0 for t in TRAITS):
            raise UnreadableInput("Damage steps cannot be negative.", "E1")

    def amounts(self) -> dict[str, int]:
        return {t: getattr(self, t) for t in TRAITS if getattr(self, t)}


@dataclasses.dataclass(frozen=True, repr=False)
class Rotate(Input):
    """Turn the tile being placed: quarter turns clockwise from its printed orientation (0-3)."""

    kind = "rotate"
    quarter_turns: int

    def check(self) -> None:
        if not 0 <= self.quarter_turns <= 3:
            raise UnreadableInput("A rotation is 0, 1, 2 or 3 quarter turns.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class PlaceTile(Input):
    """A room tile laid on the table: which tile, at which cell, turned how (None: not read).

    ``source`` says where it was seen, e.g. ``table:reader 12`` or ``touch``.
    """

    kind = "place"
    tile: str
    floor: str
    x: int
    y: int
    rotation: int | None = None
    source: str = "table"

    def check(self) -> None:
        if self.floor not in FLOORS:
            raise UnreadableInput(f"{self.floor!r} is not a floor ({', '.join(FLOORS)}).", "E1")
        if self.rotation is not None and not 0 <= self.rotation <= 3:
            raise UnreadableInput("A rotation is 0, 1, 2 or 3 quarter turns.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class Target(Input):
    """A cell chosen on a floor: where the Mystic Elevator goes, where a fall lands."""

    kind = "target"
    floor: str
    x: int
    y: int

    def check(self) -> None:
        if self.floor not in FLOORS:
            raise UnreadableInput(f"{self.floor!r} is not a floor ({', '.join(FLOORS)}).", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class DrawCard(Input):
    """A card drawn from a physical deck, read on the draw pad."""

    kind = "card"
    name: str
    source: str = "table"


INPUTS = InputRegistry([Move, EndTurn, Cross, Fall, Ride, Roll, Split, Rotate, PlaceTile, Target, DrawCard])


@dataclasses.dataclass(frozen=True, repr=False)
class Choose(Input):
    """Pick one of the options a card or rule offers (a trait, yes or no, a player...)."""

    kind = "choose"
    option: str


@dataclasses.dataclass(frozen=True, repr=False)
class Use(Input):
    """Use an item or omen you hold, or a token in your room (the Closet, the Secret Passage...)."""

    kind = "use"
    name: str


@dataclasses.dataclass(frozen=True, repr=False)
class Drop(Input):
    """Drop an item or omen in your room, where it lies as an item pile anyone can pick up (C4)."""

    kind = "drop"
    name: str


@dataclasses.dataclass(frozen=True, repr=False)
class Take(Input):
    """Pick up an item lying in your room (C4)."""

    kind = "take"
    name: str


@dataclasses.dataclass(frozen=True, repr=False)
class Give(Input):
    """Offer an item or omen to the explorer at seat ``to`` in your room; they accept or refuse (C3)."""

    kind = "give"
    name: str
    to: int


@dataclasses.dataclass(frozen=True, repr=False)
class Trade(Input):
    """Open a trade with the explorer at seat ``to`` in your room: you pick a card to offer and one to ask
    for, they accept or refuse (C3, house rule ``trading=exchange``)."""

    kind = "trade"
    to: int


@dataclasses.dataclass(frozen=True, repr=False)
class Free(Input):
    """Try to free the explorer at ``seat`` (yourself too) from Webs or Debris (C10)."""

    kind = "free"
    seat: int


@dataclasses.dataclass(frozen=True, repr=False)
class Attack(Input):
    """Attack an opponent (after the haunt, once a turn, rules K1-K8): ``target`` is an explorer's seat
    number or a monster's id; ``trait`` the trait both sides roll (Might unless a card or the haunt allows
    another); ``weapon`` the one weapon used, if any. ``attack 1``, ``attack 2 weapon=Axe``,
    ``attack 0 trait=sanity``."""

    kind = "attack"
    target: str
    trait: str = "might"
    weapon: str = ""

    def check(self) -> None:
        if self.trait not in TRAITS:
            raise UnreadableInput(f"{self.trait!r} is not a trait ({', '.join(TRAITS)}).", "E1")


# --- the haunt (docs/rules.md H*) -------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, repr=False)
class Ready(Input):
    """The hand-off is done: the traitor (or the table) has read the haunt and is ready (H2.2)."""

    kind = "ready"


@dataclasses.dataclass(frozen=True, repr=False)
class Reveal(Input):
    """The hidden traitor (at ``seat``) turns their token 1 face up (H4.3). A private action: it is accepted
    on anyone's turn prompt but never listed among the choices, which the shared screen shows."""

    kind = "reveal"
    seat: int


@dataclasses.dataclass(frozen=True, repr=False)
class PlaceMonster(Input):
    """Book mode: put the monster token ``name`` in ``room``, or move it there if it is in the house.

    ``speed`` (for a new monster: the book's Speed) makes the monster turn roll that many dice for it;
    ``type`` groups monsters that roll their speed together (H5.2); by default each monster is its own type.
    ``might``, ``sanity`` and ``knowledge`` are the book's values for a new monster; 0 (the default) means it
    has no such trait: nobody attacks it in that trait and it attacks with none it lacks (K3, H5.7).
    ``monster Zombie Kitchen speed=2 might=5``.
    """

    kind = "monster"
    name: str
    room: str
    speed: int = 0
    type: str = ""
    might: int = 0
    sanity: int = 0
    knowledge: int = 0

    def check(self) -> None:
        if not 0 <= self.speed <= 8:
            raise UnreadableInput("A monster's Speed is 0 to 8 dice.", "E1")
        for trait in ("might", "sanity", "knowledge"):
            if not 0 <= getattr(self, trait) <= 8:
                raise UnreadableInput(f"A monster's {trait.capitalize()} is 0 to 8 (0: it has none).", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class Stun(Input):
    """Book mode: the monster ``name`` is stunned (its token turned over, H5.3)."""

    kind = "stun"
    name: str


@dataclasses.dataclass(frozen=True, repr=False)
class PlaceToken(Input):
    """Book mode: put a haunt token (an item token, a rune...) called ``name`` in ``room``; an empty room
    takes it away."""

    kind = "token"
    name: str
    room: str


@dataclasses.dataclass(frozen=True, repr=False)
class NameTraitor(Input):
    """Book mode, a haunt with no traitor at first: the book says the explorer at ``seat`` turns."""

    kind = "traitor"
    seat: int


@dataclasses.dataclass(frozen=True, repr=False)
class Act(Input):
    """A scripted haunt's special action (``act ritual``, ``act accuse 2``): see docs/haunts.md."""

    kind = "act"
    action: str
    option: str = ""


@dataclasses.dataclass(frozen=True, repr=False)
class Go(Input):
    """Move the monster whose turn it is into a neighbouring room (H5.2)."""

    kind = "go"
    room: str


INPUTS = InputRegistry(
    [
        *INPUTS,
        Choose,
        Use,
        Drop,
        Take,
        Give,
        Trade,
        Free,
        Attack,
        Ready,
        Reveal,
        PlaceMonster,
        Stun,
        PlaceToken,
        NameTraitor,
        Act,
        Go,
        TakeBack,
        *TOOL_INPUTS,
    ]
)
