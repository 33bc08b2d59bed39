"""What the dice-tower link says about a tower, as records: its state, the tower that introduced itself,
a roll it delivered, a fault it reported (with the sentence the table shows) and the link's health
counters. The state machine that makes them is ``link.py``.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from typing import Any


class LinkState(enum.Enum):
    OPENING = "opening"
    HELLO = "hello"
    READY = "ready"
    RESYNC = "resync"
    LOST = "lost"
    INCOMPATIBLE = "incompatible"

    def __str__(self) -> str:
        return self.value


@dataclasses.dataclass(frozen=True)
class TowerInfo:
    """What a tower said in its HELLO."""

    tower_id: str
    boot: str
    fw: str
    proto: int
    kinds: tuple[str, ...]
    wells: int
    mode: str


@dataclasses.dataclass(frozen=True)
class TowerRoll:
    """One roll as the tower reported it. ``source`` is what the game logs: ``tower:1#3f2a91c0.7``."""

    faces: tuple[int, ...]
    kind: str
    tower_id: str
    boot: str
    seq: int

    @property
    def source(self) -> str:
        return f"tower:{self.tower_id}#{self.boot}.{self.seq}"


Delivery = Callable[[TowerRoll], bool]
"""The link hands each roll to its driver (``DiceTower``), which asks the game's
:data:`~hauntable.table.dice_link.rolls.RollConsumer` and says whether it was taken. Once per roll."""


@dataclasses.dataclass
class LinkHealth:
    """Counters for the admin screen. ``ratio`` is the share of received lines that were good frames."""

    state: LinkState = LinkState.OPENING
    frames_in: int = 0
    frames_out: int = 0
    bad_frames: int = 0
    bad_by_reason: dict[str, int] = dataclasses.field(default_factory=dict)
    rolls_taken: int = 0
    rolls_refused: int = 0
    duplicates: int = 0
    early_rolls: int = 0
    gaps: int = 0
    consumer_errors: int = 0
    resyncs: int = 0
    reconnects: int = 0
    tower_resets: int = 0
    faults: int = 0
    last_error: str = ""
    tower_counters: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def ratio(self) -> float:
        total = self.frames_in + self.bad_frames
        return 1.0 if total == 0 else self.frames_in / total

    @property
    def resends(self) -> int:
        """Rolls the tower had to send again, as its last STATUS counted them (0 before the first)."""
        value = self.tower_counters.get("resends", "0")
        return int(value) if value.isdigit() else 0

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["state"] = str(self.state)
        out["ratio"] = round(self.ratio, 4)
        out["resends"] = self.resends
        return out


@dataclasses.dataclass(frozen=True)
class TowerFault:
    """An ERROR the tower reported: ``code`` (jam, edge, range, overflow, stale, full, calibrate, ...)."""

    code: str
    detail: tuple[str, ...]
    boot: str

    @property
    def sentence(self) -> str:
        if self.code == "rethrow" and self.again:
            places = " and ".join(p.replace("-", " ") for p in self.again)
            return f"Throw again the die at the {places}: it could not be read."
        return FAULT_SENTENCES.get(self.code, f"The dice tower reports a fault: {self.code}.")

    @property
    def fields(self) -> dict[str, str]:
        """``key=value`` details, also those packed in one token (``dice=5,unsure=1,again=back-left``)."""
        out = {}
        for token in self.detail:
            for item in token.split(","):
                key, eq, value = item.partition("=")
                if eq:
                    out[key] = value
        return out

    @property
    def again(self) -> tuple[str, ...]:
        """Where the dice to throw again lie (``back-left``, ``front-middle``, ...), for a rethrow."""
        value = self.fields.get("again", "")
        return tuple(value.split("+")) if value else ()


FAULT_SENTENCES = {
    "jam": "A die is stuck in the dice tower's chute.",
    "edge": "A die landed on its edge; roll it again.",
    "range": "A dice tower sensor reads out of range; check its wiring.",
    "overflow": "More dice went in than the tray has wells; roll fewer dice.",
    "stale": "Dice lie in the tray from before the tower restarted; clear the tray and roll again.",
    "full": "The dice tower holds too many rolls the table has not taken; check the connection.",
    "calibrate": "Calibration refused: no such well or face.",
    "rethrow": "A die could not be read; throw it again.",
    "clear": "Take every die out of the dice tray before the next throw.",
    "kind": "Those are not the dice this game plays with.",
    "uncalibrated": "The dice tower's camera is not calibrated: calibrate it from the admin menu.",
    "internal": "The dice tower's firmware hit an error and carried on; check dice-serial.log.",
}
