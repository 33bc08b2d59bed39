"""How a Betrayal game is set up: players and explorers, sources of chance, the board and house rules.

Where the rulebooks disagree, the difference is a :class:`HouseRules` field with a documented default
(docs/house-rules.md); code reads the field, never a special case.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from typing import Any

from hauntable.engine.hashing import rules_json
from hauntable.engine.rejections import BadConfig
from hauntable.games.betrayal.content import Content, load_content

SOURCES = ("virtual", "table")
# the explorers a table offers first: distinct cards, so any prefix of this list is a legal table
DEFAULT_CHARACTERS = ("zoe", "ox", "vivian", "peter", "longfellow", "heather")


@dataclasses.dataclass(frozen=True)
class HouseRules:
    """Named options where the seeds conflict or are silent (see docs/house-rules.md for each)."""

    haunt_roll_dice: str = "six"  # six (de rules section) | per_omen (de glossary)
    misfit_tiles: str = "discard"  # discard (de, zh) | bottom (ru)
    door_matching: str = "connect_all"  # connect_all (de, ru) | free (zh)
    barrier_failure: str = "stop"  # stop (de) | go_elsewhere (ru)
    elevator_zero_damage: str = "each"  # each (one die each) | shared (one roll for all)
    damage_at_lowest: str = "allowed"  # allowed | must_drop
    once_per_game_bonus: str = "per_explorer"  # per_explorer | per_room
    revolving_wall: bool = False  # add the optional Revolving Wall room tile to the stack (B6.11)
    monster_secret_passages: str = "allowed"  # allowed (de) | forbidden (ru2), H5.4
    haunt_mode: str = "scripted"  # scripted (the table runs the haunts it knows) | book (always the books)
    window_rooms: str = "data"  # data (our guess, rooms.toml) | ask (the table says what the tiles show), C16
    birthday_today: str = "counts"  # counts (a birthday today is the next one) | after_today, B1.4
    leave_minimum: str = "per_turn"  # per_turn (the first room of a turn) | per_room (every room left), H5.1
    collapse_later: str = "choose"  # choose (later explorers just fall) | roll (they roll Speed, de), B6.3
    collapse_tile: str = "drawn"  # drawn (the next basement tile, de) | chosen (from the stack, ru), B6.3
    traitor_barriers: str = "roll"  # roll (as heroes) | free (crosses without a roll; the Vault still rolls)
    closing_floor: str = "lay_first"  # lay_first (lay, then rearrange) | rearrange_first (then lay), B3.3
    monster_speed_roll: str = "turn_start"  # turn_start (every type at once) | per_group (as it acts), H5.2
    monster_stunned_in_turn: str = "skip_next"  # skip_next (its next turn) | recover_now (at this end), H5.3
    collapse_monster_token: str = "landing"  # landing (on a first monster's room) | first_explorer, B6.3
    trading: str = "exchange"  # exchange (both ways, ru l.161) | give (one way, de l.207), C3

    _CHOICES = {
        "haunt_roll_dice": ("six", "per_omen"),
        "misfit_tiles": ("discard", "bottom"),
        "door_matching": ("connect_all", "free"),
        "barrier_failure": ("stop", "go_elsewhere"),
        "elevator_zero_damage": ("each", "shared"),
        "damage_at_lowest": ("allowed", "must_drop"),
        "once_per_game_bonus": ("per_explorer", "per_room"),
        "monster_secret_passages": ("allowed", "forbidden"),
        "haunt_mode": ("scripted", "book"),
        "window_rooms": ("data", "ask"),
        "birthday_today": ("counts", "after_today"),
        "leave_minimum": ("per_turn", "per_room"),
        "collapse_later": ("choose", "roll"),
        "collapse_tile": ("drawn", "chosen"),
        "traitor_barriers": ("roll", "free"),
        "closing_floor": ("lay_first", "rearrange_first"),
        "monster_speed_roll": ("turn_start", "per_group"),
        "monster_stunned_in_turn": ("skip_next", "recover_now"),
        "collapse_monster_token": ("landing", "first_explorer"),
        "trading": ("exchange", "give"),
    }
    # added after games were logged: left out of the config's JSON at their default, so a game logged before
    # them hashes as it did and resumes (Session.resume checks every logged state hash)
    _LATER = (
        "birthday_today",
        "leave_minimum",
        "collapse_later",
        "collapse_tile",
        "traitor_barriers",
        "closing_floor",
        "monster_speed_roll",
        "monster_stunned_in_turn",
        "collapse_monster_token",
        "trading",
    )

    # options whose default is not what games logged before them played: the JSON leaves such a field out
    # while it holds the value logged games had, and a config read from JSON without it gets that value,
    # so a logged game resumes as it was played (hashing.rules_json, GameConfig.from_json)
    _LEGACY = {"trading": "give"}

    def __post_init__(self) -> None:
        for name, choices in self._CHOICES.items():
            if getattr(self, name) not in choices:
                raise BadConfig(f"house rule {name} must be one of {', '.join(choices)}")
        if not isinstance(self.revolving_wall, bool):
            raise BadConfig("house rule revolving_wall must be true or false")


@dataclasses.dataclass(frozen=True)
class Board:
    """The grid each floor is laid on. ``None`` sizes mean an open table with no edge.

    Cells are (x, y) with y growing to the north. The entrance tile stands at ``entrance`` (Entrance
    Hall) with the Foyer and Grand Staircase north of it; the landings stand at ``upper`` and ``basement``.
    """

    width: int | None = None
    height: int | None = None
    entrance: tuple[int, int] = (0, 0)
    upper: tuple[int, int] = (0, 0)
    basement: tuple[int, int] = (0, 0)

    def inside(self, x: int, y: int) -> bool:
        if self.width is None or self.height is None:
            return True
        return 0 <= x < self.width and 0 <= y < self.height


BOARDS = {
    "open": Board(),
    # the reference table: three floors of 7x7 cells, entrance at the south edge
    "table7": Board(width=7, height=7, entrance=(3, 0), upper=(3, 3), basement=(3, 3)),
}


@dataclasses.dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table: the person's name and the explorer (character id) they play."""

    name: str
    character: str


@dataclasses.dataclass(frozen=True)
class GameConfig:
    """Everything needed to start a game. Seats are listed clockwise around the table.

    ``today`` ("MM-DD") decides who has the next birthday; the engine reads no clock, so the caller
    passes the date. ``seed`` drives the virtual room stack and decks.
    """

    players: tuple[PlayerSpec, ...]
    today: str = "01-01"
    seed: int = 0
    rooms: str = "virtual"  # where room tiles come from: the seeded virtual stack or the table
    cards: str = "virtual"  # where cards come from: seeded virtual decks or the table's draw pad
    board: str = "open"
    house_rules: HouseRules = HouseRules()
    # the operator's corrections of printed haunts' numbers (docs/haunt-files.md): haunt number (as a string)
    # -> number name -> value; logged with the game, so a replay uses the numbers it was played with
    haunt_numbers: dict[str, dict[str, int]] = dataclasses.field(default_factory=dict)

    def validate(self, content: Content | None = None) -> None:
        content = content or load_content()
        if not 3 <= len(self.players) <= 6:
            raise BadConfig(f"Betrayal needs 3 to 6 players, not {len(self.players)}.")
        names = [p.name.strip() for p in self.players]
        if any(not n for n in names) or len(set(names)) != len(names):
            raise BadConfig("Every player needs a name, and no two the same.")
        colors: dict[str, str] = {}
        for p in self.players:
            ch = content.characters.get(p.character)
            if ch is None:
                known = ", ".join(sorted(content.characters))
                raise BadConfig(f"Unknown explorer {p.character!r}; choose from {known}.")
            if ch.color in colors:
                raise BadConfig(
                    f"{ch.name} and {colors[ch.color]} are two sides of one card; only one can play."
                )
            colors[ch.color] = ch.name
        self.today_tuple()
        for field, value in (("rooms", self.rooms), ("cards", self.cards)):
            if value not in SOURCES:
                raise BadConfig(f"{field} must be one of {', '.join(SOURCES)}, not {value!r}.")
        if self.board not in BOARDS:
            raise BadConfig(f"Unknown board {self.board!r}; known: {', '.join(BOARDS)}.")

    def today_tuple(self) -> tuple[int, int]:
        try:
            month, day = (int(v) for v in self.today.split("-"))
            if not (1 <= month <= 12 and 1 <= day <= 31):
                raise ValueError
        except ValueError:
            raise BadConfig(f"today must be MM-DD, not {self.today!r}.") from None
        return month, day

    def to_json(self) -> dict[str, Any]:
        return copy.deepcopy(self._json)

    @functools.cached_property
    def _json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["players"] = [dataclasses.asdict(p) for p in self.players]
        data["house_rules"] = rules_json(self.house_rules)
        if not self.haunt_numbers:  # added later: left out when empty, so older logs hash as they did
            del data["haunt_numbers"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        try:
            data = dict(data)
            players = tuple(PlayerSpec(**p) for p in data.pop("players"))
            rules = HouseRules(**{**HouseRules._LEGACY, **data.pop("house_rules", {})})
            return cls(players=players, house_rules=rules, **data)
        except (TypeError, KeyError, AttributeError) as exc:
            raise BadConfig(f"Malformed game config: {exc}.") from None

    @classmethod
    def quick(cls, *characters: str, **kwargs: Any) -> GameConfig:
        """A config with players named after seats, for tests and the simulator.

        >>> GameConfig.quick("zoe", "ox", "vivian").players[0]
        PlayerSpec(name='Player 1', character='zoe')
        """
        players = tuple(PlayerSpec(f"Player {i + 1}", c) for i, c in enumerate(characters))
        return cls(players=players, **kwargs)
