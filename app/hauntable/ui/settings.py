"""The table app's settings: what the command line gives (:class:`UiSettings`) and what the admin menu
changes and keeps across restarts (:class:`AdminChoices`, in ``admin-settings.json`` via
:mod:`hauntable.kiosk.settings`)."""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import Any

from hauntable.games.betrayal.config import HouseRules
from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.games.geisterstunde.content import BoardLayout
from hauntable.kiosk import settings as admin_settings
from hauntable.kiosk.settings import MAX_NUMBER, checked_haunt_numbers
from hauntable.paths import db_path
from hauntable.table.channel import TURN_GUARD

log = logging.getLogger(__name__)

ANGLES = (0, 90, 180, 270)


@dataclasses.dataclass
class UiSettings:
    """What the admin menu changes. ``seat_angles[seat]`` turns that seat's prompts (0/90/180/270)."""

    language: str | None = None  # None: the admin menu's saved choice, else English
    seat_angles: list[int] = dataclasses.field(default_factory=lambda: [0] * 6)
    idle_seconds: int = 120
    pin_file: str | None = None  # the admin PIN store (kiosk/pin.py); None: admin-pin.json beside the log
    kiosk: bool = False
    house_rules: dict[str, Any] = dataclasses.field(default_factory=dict)  # for the next game (str/bool)
    export_dir: str | None = None  # log export goes here instead of a detected USB drive (kiosk/media.py)
    layout: str | None = None  # the table's layout file (default: $HAUNTABLE_LAYOUT or hardware/reference)
    backend: str | None = "mock"  # the self-test's and a live table's; None: $HAUNTABLE_BACKEND or layout's
    # Betrayal's table: "live" (the readers, ui/live_table.py) or "simulated" (the simulator panel's hands);
    # None: live on the pi backend, simulated on the mock
    table: str | None = None
    tower_port: str | None = None  # the dice tower's serial port (ui/tower.py); None: virtual dice only
    tower_raw_log: str | None = None  # the tower's raw serial traffic goes here (dice-serial.log)
    # the table's data directory (paths.data_dir): the tag registry, and the admin menu's choices, which
    # are loaded at start and saved on every change (kiosk/settings.py); None: nothing is saved
    data_dir: str | None = None
    # a tap on a new turn's prompt this soon (seconds) after the turn changed is taken for a double tap on
    # the last turn's End turn and refused (table/channel.py, TURN_GUARD); tests of other things set 0
    turn_guard: float = TURN_GUARD


class AdminChoices:
    """The admin menu's choices over ``settings``: loaded at start, saved on every change. A language
    given on the command line wins over the saved one; so does ``--layout``."""

    def __init__(self, settings: UiSettings):
        self.settings = settings
        self.language = "en"  # the admin menu's language, kept across restarts
        self.layout: str | None = None  # the admin menu's layout choice (kiosk/layouts.py)
        self.castle_board: BoardLayout | None = None  # the table's own Geisterstunde board; None: ours
        # the operator's corrections of printed haunts' numbers (haunt -> name -> value), for the next game
        self.haunt_numbers: dict[str, dict[str, int]] = {}
        self._load()

    def _settings_file(self) -> Path | None:
        if self.settings.data_dir is None:
            return None
        return admin_settings.settings_path(db_path(self.settings.data_dir, create=False))

    def _load(self) -> None:
        """The admin menu's saved choices over the defaults; a language given on the command line wins."""
        path = self._settings_file()
        saved = admin_settings.load(path) if path is not None else {}
        if self.settings.language is None:
            self.settings.language = saved.get("language", "en")
        self.language = saved.get("language", self.settings.language)  # what save() keeps
        for name in ("seat_angles", "idle_seconds", "house_rules"):
            if name in saved:
                setattr(self.settings, name, saved[name])
        if "castle_board" in saved:
            self.castle_board = BoardLayout.from_json(saved["castle_board"])
        self.haunt_numbers = checked_haunt_numbers(saved.get("haunt_numbers", {}))
        # the admin's layout choice (kiosk/layouts.py) applies from a start on; --layout wins over it
        self.layout, path = admin_settings.saved_layout(self.settings.data_dir)
        if self.settings.layout is None and path is not None:
            self.settings.layout = str(path)

    def save(self) -> None:
        """Keep the admin menu's choices for the next start (called on every change)."""
        path = self._settings_file()
        if path is None:
            return
        values = {
            "language": self.language,
            "seat_angles": list(self.settings.seat_angles),
            "idle_seconds": int(self.settings.idle_seconds),
            "house_rules": dict(self.settings.house_rules),
        }
        if self.layout is not None:
            values["layout"] = self.layout
        if self.castle_board is not None:
            values["castle_board"] = self.castle_board.to_json()
        if self.haunt_numbers:
            values["haunt_numbers"] = {h: dict(n) for h, n in self.haunt_numbers.items()}
        try:
            admin_settings.save(path, values)
        except OSError as exc:  # a full or read-only card: the choice holds until the next restart
            log.warning("Hauntable: admin settings not saved to %s: %s", path, exc)

    def turn_seat(self, seat: int) -> None:
        """The admin menu: that seat's prompts turn a quarter further (0 -> 90 -> 180 -> 270 -> 0)."""
        angles = list(self.settings.seat_angles)
        angles[seat] = ANGLES[(ANGLES.index(angles[seat]) + 1) % len(ANGLES)]
        self.settings.seat_angles = angles
        self.save()

    def change_idle(self, delta: int) -> None:
        """The admin menu: the attract screen comes back after this many seconds more (30 at least)."""
        self.settings.idle_seconds = max(30, int(self.settings.idle_seconds) + delta)
        self.save()

    def house_rules(self) -> HouseRules:
        """The house rules the next game starts with (chosen in the admin menu; defaults otherwise)."""
        return HouseRules(**self.settings.house_rules)

    def next_house_rule(self, name: str) -> None:
        """The admin menu: a house rule moves to its next value (bools flip), for the next game."""
        value = getattr(self.house_rules(), name)
        choices = HouseRules._CHOICES.get(name, (False, True) if isinstance(value, bool) else (value,))
        self.settings.house_rules[name] = choices[(choices.index(value) + 1) % len(choices)]
        self.save()

    def default_house_rules(self) -> None:
        self.settings.house_rules.clear()
        self.save()

    def choose_layout(self, key: str) -> None:
        """Keep the layout ``key`` (kiosk/layouts.py); the next start opens the table with it."""
        self.layout = key
        self.save()

    def keep_castle_board(self, layout: BoardLayout | None) -> None:
        """The admin menu's castle board (checked by the caller): every Geisterstunde game started from
        now on is played on it; None: the proposed board again."""
        self.castle_board = layout
        self.save()

    def change_haunt_number(self, haunt: int, name: str, delta: int, players: int = 4) -> None:
        """The admin menu: a printed haunt's number one up or down (from its printed value for ``players``
        the first time); from then on fixed at that value for every game started, whatever the players."""
        spec = PRINTED[haunt].spec
        fixed = self.haunt_numbers.setdefault(str(haunt), {})
        base = fixed.get(name, spec.resolve_numbers(players, players - 1, {})[name])
        fixed[name] = max(0, min(MAX_NUMBER, base + delta))
        self.save()

    def reset_haunt(self, haunt: int) -> None:
        """The admin menu: the haunt's numbers as printed again."""
        self.haunt_numbers.pop(str(haunt), None)
        self.save()

    def keep_language(self, lang: str) -> None:
        """The admin menu's language is the table's from now on, kept across restarts."""
        self.language = lang
        self.save()
