"""The admin menu's choices kept across restarts: ``admin-settings.json`` beside the game log.

A table is switched off at night; the language, the seats' angles, the idle time, the house rules for
the next game, the table layout and the Geisterstunde castle board chosen in the admin menu must still
hold in the morning. Written
whole to a temporary file and renamed over the old one (a power cut leaves the old file or the new one,
never half of one). A file
that does not read, or a value that is not valid any more (a house rule renamed in an update), is left
out with a warning rather than stopping the table.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "admin-settings.json"
>>> save(path, {"language": "de", "house_rules": {"haunt_roll_dice": "per_omen"}})
>>> load(path)["house_rules"]
{'haunt_roll_dice': 'per_omen'}
>>> load(path.with_name("missing.json"))
{}
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from hauntable.engine.rejections import BadConfig, ContentError
from hauntable.games.betrayal.config import HouseRules
from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.games.geisterstunde.content import BoardLayout, content_of
from hauntable.kiosk.layouts import KEY_PATTERN as LAYOUT_KEY

FILE_NAME = "admin-settings.json"
LANGUAGES = ("en", "de", "ru", "zh")
ANGLES = (0, 90, 180, 270)
log = logging.getLogger(__name__)


def settings_path(db_file: str | os.PathLike[str]) -> Path:
    """The settings file beside the table's database (``paths.db_path``)."""
    return Path(db_file).with_name(FILE_NAME)


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The saved choices that are still valid: ``language``, ``seat_angles``, ``idle_seconds``,
    ``house_rules``, ``haunt_numbers``, ``layout`` (a key of :mod:`hauntable.kiosk.layouts`),
    ``castle_board`` (a Geisterstunde :class:`BoardLayout` as JSON; each only when present and valid); {}
    when there is no file."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.warning("admin settings %s not read (%s); using the defaults", path, exc)
        return {}
    if not isinstance(data, dict):
        log.warning("admin settings %s is not an object; using the defaults", path)
        return {}
    out: dict[str, Any] = {}
    if data.get("language") in LANGUAGES:
        out["language"] = data["language"]
    angles = data.get("seat_angles")
    if isinstance(angles, list) and len(angles) == 6 and all(a in ANGLES for a in angles):
        out["seat_angles"] = [int(a) for a in angles]
    idle = data.get("idle_seconds")
    if isinstance(idle, int) and not isinstance(idle, bool) and idle >= 30:
        out["idle_seconds"] = idle
    layout = data.get("layout")
    if isinstance(layout, str) and LAYOUT_KEY.match(layout):  # checked against the files at start
        out["layout"] = layout
    rules = data.get("house_rules")
    if isinstance(rules, dict):
        kept: dict[str, Any] = {}
        for name, value in rules.items():
            try:
                HouseRules(**{**kept, name: value})
            except (BadConfig, TypeError) as exc:
                log.warning("admin settings: house rule %s=%r left out (%s)", name, value, exc)
                continue
            kept[name] = value
        out["house_rules"] = kept
    board = data.get("castle_board")
    if board is not None:  # the table's own Geisterstunde board: checked as the packaged board is at load
        try:
            content_of(BoardLayout.from_json(board))
        except ContentError as exc:
            log.warning("admin settings: the castle board is left out (%s); using the proposed one", exc)
        else:
            out["castle_board"] = board
    if "haunt_numbers" in data:  # the operator's corrections of printed haunts: checked as the files are
        out["haunt_numbers"] = checked_haunt_numbers(data["haunt_numbers"])
    return out


def save(path: str | os.PathLike[str], values: dict[str, Any]) -> None:
    """Write ``values`` whole (temporary file, fsync, rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(values, f, indent=1, sort_keys=True)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def saved_layout(data_dir: str | os.PathLike[str] | None) -> tuple[str | None, Path | None]:
    """The layout chosen in the admin menu: (its key, its file), the file only when it still exists;
    (None, None) when none was chosen or nothing is saved (``data_dir`` None)."""
    from hauntable.kiosk.layouts import resolve

    if data_dir is None:
        return None, None
    key = load(Path(data_dir) / FILE_NAME).get("layout")
    if key is None:
        return None, None
    path = resolve(key, data_dir)
    if path is None or not path.is_file():
        log.warning("admin settings: the chosen layout %s is gone; using the default", key)
        return key, None
    return key, path


MAX_NUMBER = 99  # the largest number a correction may set


def checked_haunt_numbers(data: object) -> dict[str, dict[str, int]]:
    """Saved corrections checked as the haunt files are at load: a haunt with a file, a number it has,
    a whole number 0-99; anything else is dropped with a warning (the printed value applies)."""
    out: dict[str, dict[str, int]] = {}
    if not isinstance(data, dict):
        log.warning("admin settings: haunt_numbers is not a table; ignored")
        return out
    for haunt, numbers in data.items():
        spec = PRINTED[int(haunt)].spec if str(haunt).isdigit() and int(haunt) in PRINTED else None
        if spec is None or not isinstance(numbers, dict):
            log.warning("admin settings: no printed haunt %r to correct; ignored", haunt)
            continue
        for name, value in numbers.items():
            if (
                name in spec.numbers
                and isinstance(value, int)
                and not isinstance(value, bool)
                and 0 <= value <= MAX_NUMBER
            ):
                out.setdefault(str(haunt), {})[name] = value
            else:
                log.warning("admin settings: haunt %s number %r = %r ignored", haunt, name, value)
    return out
