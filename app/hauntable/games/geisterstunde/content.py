"""Geisterstunde content (the castle board, the key deck, the ghost cards) loaded from TOML and validated.

Data files hold names and numbers; the rules live in ``rules.py``. Validation runs at load and raises
:class:`~hauntable.engine.rejections.ContentError` naming the file, the entry and the field, so a board
where a ghost card could name two rooms, a room no runner can reach or a dead end never starts a game.
The records are in ``content_model.py``, the reading and checking of the files in ``content_files.py``;
this module loads them: the packaged castle, a directory's, or a table's own board layout.

>>> c = load_content()
>>> len(c.rooms), len(c.keys), c.rooms["02"].crest, c.step("dungeon", "lily")
(25, 45, 'lily', '02')
>>> c.rooms["02"].doors["green"], c.rooms["40"].doors["red"]
('12', 'exit')

A table playing with a printed board whose crests and door colours differ from ours keeps them as a
:class:`BoardLayout` (entered in the admin menu, carried in the game's config so a logged game replays on
its own board); :func:`content_of` builds and checks it with the same loader:

>>> layout = BoardLayout.of(c)
>>> content_of(layout) is content_of(None) or content_of(layout).rooms == c.rooms
True
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Any

from hauntable.engine.rejections import ContentError
from hauntable.games.geisterstunde.content_files import build_content, read_data
from hauntable.games.geisterstunde.content_model import EXIT, Content

DATA_DIR = Path(__file__).with_name("data")


def load_content(data_dir: Path | None = None) -> Content:
    """Load and validate the board and the cards (cached for the packaged data)."""
    if data_dir is None:
        return _packaged()
    return _load(data_dir)


@functools.cache
def _packaged() -> Content:
    return _load(DATA_DIR)


@dataclasses.dataclass(frozen=True)
class BoardLayout:
    """What differs from one printed castle board to another, as the operator reads it off the board: the
    crest of each room, the colour of each door between two rooms (``"00-01"``, a missing pair is a wall)
    and of each exit (room -> colour). The rooms' places, the Schatzkammer and the Verlies stay ours."""

    crests: tuple[tuple[str, str], ...]  # (room, crest), sorted
    doors: tuple[tuple[str, str], ...]  # ("00-01", colour), sorted
    exits: tuple[tuple[str, str], ...]  # (room, colour), sorted

    @classmethod
    def of(cls, content: Content) -> BoardLayout:
        """The layout of a loaded castle."""
        doors = set()
        for r in content.rooms.values():
            for colour, to in r.doors.items():
                if to != EXIT:
                    doors.add(("-".join(sorted((r.id, to))), colour))
        return cls(
            tuple(sorted((r.id, r.crest or "") for r in content.rooms.values())),
            tuple(sorted(doors)),
            tuple(sorted(content.exits.items())),
        )

    @classmethod
    def make(cls, crests: dict[str, str], doors: dict[str, str], exits: dict[str, str]) -> BoardLayout:
        return cls(tuple(sorted(crests.items())), tuple(sorted(doors.items())), tuple(sorted(exits.items())))

    def to_json(self) -> dict[str, dict[str, str]]:
        return {"crests": dict(self.crests), "doors": dict(self.doors), "exits": dict(self.exits)}

    @classmethod
    def from_json(cls, data: Any) -> BoardLayout:
        """Raises ContentError for a shape that is not three tables of names."""
        if not isinstance(data, dict) or set(data) != {"crests", "doors", "exits"}:
            raise ContentError("board", "(layout)", "(table)", "needs crests, doors and exits")
        parts = []
        for name in ("crests", "doors", "exits"):
            part = data[name]
            if not isinstance(part, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in part.items()
            ):
                raise ContentError("board", name, "(table)", "must map names to names")
            parts.append(part)
        return cls.make(*parts)


def content_of(layout: BoardLayout | None) -> Content:
    """The castle a game is played on: ours (None), or a table's own layout, checked as the packaged data
    is at load (raises ContentError naming the room, door or crest that breaks a rule). Cached."""
    if layout is None:
        return _packaged()
    return _with_layout(layout)


@functools.cache
def _with_layout(layout: BoardLayout) -> Content:
    board = read_data("board.toml", DATA_DIR)
    crests = dict(layout.crests)
    board["room"] = [{**r, "crest": crests.get(r.get("id"), r.get("crest"))} for r in board.get("room", [])]
    board["doors"] = dict(layout.doors)
    board["exits"] = dict(layout.exits)
    content = build_content(board, read_data("cards.toml", DATA_DIR))
    return content if content != _packaged() else _packaged()


def _load(data_dir: Path) -> Content:
    return build_content(read_data("board.toml", data_dir), read_data("cards.toml", data_dir))
