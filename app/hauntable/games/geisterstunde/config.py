"""How a Geisterstunde game is set up: players by seat, the first ghost, the card source, house rules.

Where the seed is silent the choice is a :class:`HouseRules` field with a documented default
(docs/house-rules.md, "Geisterstunde"); code reads the field, never a special case.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from typing import Any

from hauntable.engine.hashing import rules_json
from hauntable.engine.rejections import BadConfig, ContentError
from hauntable.games.geisterstunde.content import BoardLayout, content_of

SOURCES = ("virtual", "table")


@dataclasses.dataclass(frozen=True)
class HouseRules:
    """Named options where the seed is silent (see docs/house-rules.md for each)."""

    impossible_plan: str = "refuse"  # refuse (when laid, privately) | stop (before the impossible card)
    mono_hand: str = "until_mixed"  # until_mixed (deal again until mixed) | once (swap one time only)
    crest_refill: str = "take"  # take (the matching top card is taken) | ask (the runner may leave it)
    refill: str = (
        "one"  # one (a skip or a matching crest, one card a turn) | both (a skip, then the crest too)
    )
    mono_swap: str = "discard"  # discard (the swapped hand to the discards) | shuffle_back (into the pile)

    _CHOICES = {
        "impossible_plan": ("refuse", "stop"),
        "mono_hand": ("until_mixed", "once"),
        "crest_refill": ("take", "ask"),
        "refill": ("one", "both"),
        "mono_swap": ("discard", "shuffle_back"),
    }
    _LATER = ("refill", "mono_swap")  # see hashing.rules_json

    def __post_init__(self) -> None:
        for name, choices in self._CHOICES.items():
            if getattr(self, name) not in choices:
                raise BadConfig(f"house rule {name} must be one of {', '.join(choices)}")


@dataclasses.dataclass(frozen=True)
class GameConfig:
    """Everything needed to start a game. ``players`` are names, clockwise around the table.

    ``ghost`` is the seat of the first ghost ("the bravest", G1.2). ``seed`` shuffles the virtual key
    deck; with ``cards="table"`` every key card taken from the pile arrives as a ``draw`` input instead.
    ``board``: the table's own castle (crests and door colours read off its printed board in the admin
    menu); None plays ours. Kept in the config, so a logged game replays on the board it was played on;
    left out of the JSON when None, so games logged before it hash as they did.
    """

    players: tuple[str, ...]
    ghost: int = 0
    seed: int = 0
    cards: str = "virtual"
    house_rules: HouseRules = HouseRules()
    board: BoardLayout | None = None

    def validate(self) -> None:
        if not 2 <= len(self.players) <= 4:
            raise BadConfig(f"Geisterstunde needs 2 to 4 players, not {len(self.players)}.")
        names = [p.strip() for p in self.players]
        if any(not n for n in names) or len(set(names)) != len(names):
            raise BadConfig("Every player needs a name, and no two the same.")
        if not 0 <= self.ghost < len(self.players):
            raise BadConfig(f"The first ghost must be a seat from 0 to {len(self.players) - 1}.")
        if self.cards not in SOURCES:
            raise BadConfig(f"cards must be one of {', '.join(SOURCES)}, not {self.cards!r}.")
        try:
            content_of(self.board)
        except ContentError as exc:
            raise BadConfig(f"The castle board does not hold: {exc}.") from None

    def to_json(self) -> dict[str, Any]:
        return copy.deepcopy(self._json)

    @functools.cached_property
    def _json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["players"] = list(self.players)
        data["house_rules"] = rules_json(self.house_rules)
        if self.board is None:
            del data["board"]
        else:
            data["board"] = self.board.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        try:
            data = dict(data)
            players = tuple(str(p) for p in data.pop("players"))
            rules = HouseRules(**data.pop("house_rules", {}))
            board = data.pop("board", None)
            layout = None if board is None else BoardLayout.from_json(board)
            return cls(players=players, house_rules=rules, board=layout, **data)
        except (TypeError, KeyError, AttributeError, ContentError) as exc:
            raise BadConfig(f"Malformed game config: {exc}.") from None

    @classmethod
    def quick(cls, n: int = 3, **kwargs: Any) -> GameConfig:
        """A config of ``n`` players named Anna, Ben, Cleo, Dora, for tests and the simulator.

        >>> GameConfig.quick(2).players
        ('Anna', 'Ben')
        """
        return cls(players=("Anna", "Ben", "Cleo", "Dora")[:n], **kwargs)
