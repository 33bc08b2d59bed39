"""The haunt's records: what ``state.haunt`` holds from the haunt roll on, and its monsters, typed.

:class:`Haunt` carries the roll (revealer, omen, room, number, total), then from the set-up (H2) the sides
and their goals, the mode, the turn order, the monsters, the haunt's tokens (in rooms or carried), a free
``vars`` mapping for a haunt's own counters, the Turn/Damage track's clips, the hidden traitor's tokens and
the monster turn in progress (:class:`MonsterPhase`). :class:`Monster` is one monster with any of the four
traits, its immunities, what a defeat does to it and whether it is stunned. The side contract the haunt,
combat and monster rules share (sides.py) is :meth:`Haunt.side_of`, :meth:`Haunt.may_attack` and
:meth:`Haunt.is_traitor`.

All are slots dataclasses with generated copiers (engine/copying.py): ``State.clone`` copies the haunt with
every monster, token, counter and track, so a step never changes the records of the state it started from.

Canonical form: ``to_json`` writes the keys the untyped dict had before these records (``type`` for a
monster's kind, ``items`` for the haunt's tokens, ``tokens`` for the hidden traitor's numbers, ``mcur``,
``mleft``... for the monster turn) and leaves a field out at its default where that dict had no key, so a
game logged before the records replays to the same state hashes (the log checks them on resume).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hauntable.engine.copying import copier, copy_data
from hauntable.games.betrayal.content import TRAITS

SIDES = ("heroes", "traitor")
MONSTER_TURN = -1  # the monster turn's place in ``Haunt.order``
CARRIED = "seat:"  # a token's place when an explorer carries it: "seat:2"
HELD = "monster:"  # ... when a monster carries it: "monster:Mummy"
DEFEATS = ("stun", "kill", "nothing", "hit")  # what losing a fight does to a monster ("hit": counted only)


@dataclasses.dataclass(slots=True)
class Monster:
    """One monster. A trait it lacks is None: it neither attacks nor is attacked in that trait (K3)."""

    kind: str  # monsters of one kind share one speed roll (H5.2); printed as its type
    room: str
    speed: int | None = None
    might: int | None = None
    sanity: int | None = None
    knowledge: int | None = None
    stunned: bool = False
    items: list[str] = dataclasses.field(default_factory=list)  # item cards it carries (dropped when stunned)
    stuns: int = 0  # times it was stunned (a haunt may count them)
    name: str = ""  # the printed name to show, when its id is not ("Creeper Tip 3" -> "Creeper Tip")
    side: str = "traitor"  # the side it fights for
    immune: tuple[str, ...] = ()  # traits it cannot be attacked in (the Mummy: speed)
    beaten: str = (
        "stun"  # losing a fight: "stun" (H5.3), "kill" (removed), "nothing", "hit" (counted in stuns)
    )
    slows: bool = True  # an opponent heroes pay to leave (H5.1); Roots, Arms and Firebats do not
    barrier_side: str | None = None  # B6.1: the side of a barrier it stopped on (a door's direction), or None

    def trait(self, trait: str) -> int | None:
        value: int | None = getattr(self, trait)
        return value

    def set_trait(self, trait: str, value: int | None) -> None:
        if trait not in TRAITS:
            raise ValueError(f"no trait {trait!r}")
        setattr(self, trait, value)

    def attackable_in(self, trait: str) -> bool:
        """Whether an attack in ``trait`` can be made on it (it has the trait and is not immune to it)."""
        return self.trait(trait) is not None and trait not in self.immune

    def copy(self) -> Monster:
        return copy_monster(self)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.kind,
            "room": self.room,
            "stunned": self.stunned,
            "items": list(self.items),
            "speed": self.speed,
            "might": self.might,
            "sanity": self.sanity,
            "knowledge": self.knowledge,
        }
        if self.stuns:
            out["stuns"] = self.stuns
        if self.name:
            out["name"] = self.name
        if self.side != "traitor":
            out["side"] = self.side
        if self.immune:
            out["immune"] = list(self.immune)
        if self.beaten != "stun":
            out["beaten"] = self.beaten
        if not self.slows:
            out["slows"] = False
        if self.barrier_side is not None:
            out["barrier_side"] = self.barrier_side
        return out


copy_monster = copier(Monster, items=list)


@dataclasses.dataclass(slots=True)
class MonsterPhase:
    """The monster turn (H5.2, H5.3) while it runs, and what the last one left."""

    active: bool = False  # the monsters' turn is being played
    count: int = 0  # monster turns begun so far
    speeds: dict[str, int] = dataclasses.field(default_factory=dict)  # kind -> movement rolled this turn
    queue: list[str] = dataclasses.field(default_factory=list)  # monsters still to act this turn
    skipping: list[str] = dataclasses.field(default_factory=list)  # stunned at its start: recover at its end
    current: str | None = None  # the monster acting now
    attacked: bool = False  # ... has made its one attack (H5.7)
    left: int | None = None  # ... movement left (None until a monster has acted)
    moved: int | None = None  # ... rooms entered

    def begin(self, mid: str, speed: int) -> None:
        self.current, self.left, self.moved, self.attacked = mid, speed, 0, False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "monster_turn": self.active,
            "monster_turns": self.count,
            "mspeed": dict(self.speeds),
            "mqueue": list(self.queue),
        }
        if self.active:
            out["skipping"] = list(self.skipping)
        if self.current is not None:
            out["mcur"], out["mattacked"] = self.current, self.attacked
        if self.left is not None:
            out["mleft"], out["mmoved"] = self.left, self.moved
        return out


copy_phase = copier(MonsterPhase, speeds=dict, queue=list, skipping=list)


@dataclasses.dataclass(slots=True)
class Haunt:
    """The haunt from its roll (B7.2) on. Until ``haunt_start`` sets it up, only the roll is known
    (``mode`` is None)."""

    revealer: int
    omen: str
    room: str  # where the omen was drawn (the haunt-reveal room)
    number: int
    total: int  # the haunt roll
    mode: str | None = None  # "scripted" (the table runs it) or "book"; None: not set up yet
    name: str = ""
    rule: str = ""  # the traitor rule (content.HauntSpec.traitor)
    traitor: int | None = None  # None: no traitor (yet), or still hidden
    hidden: bool = False  # a hidden traitor not yet revealed (H4)
    winner: str | None = None  # "heroes" or "traitor" once a side has won (H6.1)
    order: list[int] = dataclasses.field(default_factory=list)  # seats in turn order, MONSTER_TURN
    at: int = -1  # index into ``order`` of the turn being played
    round: int = 0  # haunt rounds begun
    monsters: dict[str, Monster] = dataclasses.field(default_factory=dict)  # by id (never all digits, K2)
    tokens: dict[str, str] = dataclasses.field(default_factory=dict)  # haunt tokens: name -> place
    vars: dict[str, Any] = dataclasses.field(default_factory=dict)  # the haunt's own counters (plain data)
    tracks: dict[str, int] = dataclasses.field(default_factory=dict)  # Turn/Damage track clips by name
    goals: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)  # side -> its win goals
    sides: dict[int, str] = dataclasses.field(default_factory=dict)  # explorers who changed side
    attack_traits: tuple[str, ...] = ()  # traits besides Might that attacks may use (K4)
    secret: list[int] | None = None  # hidden traitor: the token dealt to each seat (H4.1); private
    revealed: list[int] = dataclasses.field(default_factory=list)  # seats whose token is face up
    # explorers whose figure is off the board (haunt 41's invisible traitor): their room is private, the
    # public views leave it out and the table checks attacks against it
    unseen: list[int] = dataclasses.field(default_factory=list)
    # the haunt's secret memory (haunt 43's token hands and who became a traitor): never on a public view;
    # the secret screen shows each seat its own part only
    private: dict[str, Any] = dataclasses.field(default_factory=dict)
    mphase: MonsterPhase | None = None  # None until the first monster turn

    # --- the side contract (sides.py) ------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """Set up (``haunt_start`` has run): the sides, the mode and the order are known."""
        return self.mode is not None

    @property
    def books_apart(self) -> bool:
        """H2.2: the traitor read the Traitor's Tome apart from the heroes, so each side's book (goals, card)
        is its own until the game ends; a hidden-traitor or no-traitor haunt is read by all (H4)."""
        return self.rule not in ("hidden_traitor", "none", "none_at_first")

    def is_traitor(self, seat: int) -> bool:
        """The known (revealed) traitor: the one whose traitor powers apply (H3)."""
        return self.traitor == seat

    def side_of(self, seat: int) -> str:
        """ "traitor" or "heroes": an explorer who changed side keeps the side they took."""
        side = self.sides.get(seat)
        if side is not None:
            return side
        return "traitor" if self.traitor == seat else "heroes"

    def may_attack(self, attacker: int, defender: int) -> bool:
        """Explorers fight only across sides; while the traitor is hidden anyone may attack anyone."""
        if attacker == defender:
            return False
        return self.hidden or self.side_of(attacker) != self.side_of(defender)

    def change_side(self, seat: int, side: str) -> None:
        if side not in SIDES:
            raise ValueError(f"no side {side!r}")
        self.sides[seat] = side

    def goals_of(self, side: str) -> tuple[str, ...]:
        return self.goals.get(side, ())

    # --- tokens: in a room, or carried by an explorer or a monster ------------------------------------

    def token_room(self, name: str) -> str | None:
        """The room a token lies in (None: carried, or not in the house)."""
        place = self.tokens.get(name)
        return None if place is None or place.startswith((CARRIED, HELD)) else place

    def carrier(self, name: str) -> int | None:
        """The seat carrying a token, if an explorer does."""
        place = self.tokens.get(name, "")
        return int(place[len(CARRIED) :]) if place.startswith(CARRIED) else None

    def holder(self, name: str) -> str | None:
        """The monster carrying a token, if one does."""
        place = self.tokens.get(name, "")
        return place[len(HELD) :] if place.startswith(HELD) else None

    def tokens_in(self, room: str) -> list[str]:
        return [t for t, place in self.tokens.items() if place == room]

    def carried_by(self, seat: int) -> list[str]:
        place = f"{CARRIED}{seat}"
        return [t for t, p in self.tokens.items() if p == place]

    def put(self, name: str, room: str) -> None:
        self.tokens[name] = room

    def carry(self, name: str, seat: int) -> None:
        self.tokens[name] = f"{CARRIED}{seat}"

    def hold(self, name: str, mid: str) -> None:
        self.tokens[name] = f"{HELD}{mid}"

    def remove(self, name: str) -> str:
        """Take a token out of play; returns where it was."""
        return self.tokens.pop(name)

    def drop_all(self, seat: int, room: str) -> list[str]:
        """Tokens carried by ``seat`` fall in ``room`` (a death, a grab); returns them."""
        dropped = self.carried_by(seat)
        for t in dropped:
            self.tokens[t] = room
        return dropped

    # --- counters and the Turn/Damage track -----------------------------------------------------------

    def count(self, name: str, by: int = 1) -> int:
        """Add ``by`` to the counter ``vars[name]`` (0 if unset); returns the new value."""
        value = int(self.vars.get(name, 0)) + by
        self.vars[name] = value
        return value

    def track(self, name: str = "turn") -> int:
        return self.tracks.get(name, 0)

    def advance(self, name: str = "turn", by: int = 1, top: int | None = None) -> int:
        """Move a clip on the Turn/Damage track by ``by`` (never below 0, nor above ``top``)."""
        value = max(0, self.tracks.get(name, 0) + by)
        if top is not None:
            value = min(top, value)
        self.tracks[name] = value
        return value

    # --- the hidden traitor (H4) -----------------------------------------------------------------------

    def secret_seen_by(self, seat: int | None) -> list[int | None]:
        """The hidden-traitor tokens as the player at ``seat`` may see them (None: the shared screen):
        face-up tokens and the viewer's own; the others None."""
        shown = set(self.revealed) | ({seat} if seat is not None else set())
        return [t if i in shown else None for i, t in enumerate(self.secret or ())]

    # --- the monster turn ------------------------------------------------------------------------------

    @property
    def in_monster_turn(self) -> bool:
        return self.mphase is not None and self.mphase.active

    def phase(self) -> MonsterPhase:
        """The monster turn's record, made at the first monster turn."""
        if self.mphase is None:
            self.mphase = MonsterPhase()
        return self.mphase

    def copy(self) -> Haunt:
        return copy_haunt(self)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "revealer": self.revealer,
            "omen": self.omen,
            "room": self.room,
            "number": self.number,
            "total": self.total,
        }
        if self.mode is None:
            return out
        out.update(
            traitor=self.traitor,
            hidden=self.hidden,
            mode=self.mode,
            winner=self.winner,
            name=self.name,
            rule=self.rule,
            monsters={mid: m.to_json() for mid, m in self.monsters.items()},
            items=dict(self.tokens),
            vars=copy_data(self.vars),
            round=self.round,
            at=self.at,
            order=list(self.order),
        )
        if self.tracks:
            out["tracks"] = dict(self.tracks)
        if self.goals:
            out["goals"] = {side: list(g) for side, g in self.goals.items()}
        if self.sides:
            out["sides"] = {str(seat): side for seat, side in self.sides.items()}
        if self.attack_traits:
            out["attack_traits"] = list(self.attack_traits)
        if self.secret is not None:
            out["tokens"], out["revealed"] = list(self.secret), list(self.revealed)
        if self.unseen:
            out["unseen"] = list(self.unseen)
        if self.private:
            out["private"] = copy_data(self.private)
        if self.mphase is not None:
            out.update(self.mphase.to_json())
        return out


def _copy_monsters(ms: dict[str, Monster]) -> dict[str, Monster]:
    return {mid: copy_monster(m) for mid, m in ms.items()}


def _copy_phase(p: MonsterPhase | None) -> MonsterPhase | None:
    return None if p is None else copy_phase(p)


# the order and the hidden tokens are dealt once and never changed: shared; everything else is copied
copy_haunt = copier(
    Haunt,
    monsters=_copy_monsters,
    tokens=dict,
    vars=copy_data,
    tracks=dict,
    goals=dict,
    sides=dict,
    revealed=list,
    unseen=list,
    private=copy_data,
    mphase=_copy_phase,
)
