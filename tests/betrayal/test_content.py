"""The packaged Betrayal data against the published counts, and the loader's errors on broken copies.

Why: a wrong track value or haunt number plays silently wrong for a whole evening, so the numbers are
pinned here (spot checks always; every value against the reference CSVs when ``../shared`` is beside the
repo), and a broken data file must fail at load with a message naming file, entry and field.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hauntable.engine.rejections import ContentError
from hauntable.games.betrayal.content import DATA_DIR, TRAITS, Content, load_content

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO.parent / "shared" / "reference" / "betrayal"
CARDS_DOC = REPO / "docs" / "cards.md"
FILES = ("characters.toml", "rooms.toml", "cards.toml", "haunt_chart.toml", "haunts.toml")
FLOOR_LETTERS = {"B": "basement", "G": "ground", "U": "upper"}
MONTHS = (
    *("January", "February", "March", "April", "May", "June"),
    *("July", "August", "September", "October", "November", "December"),
)


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def reference_rows(name: str) -> list[dict[str, str]]:
    """Rows of a reference CSV, or skip: CI clones have shared/ beside the repo, other checkouts may not."""
    path = REFERENCE / name
    if not path.exists():
        pytest.skip(f"reference table {path} is not present")
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# --- the packaged data ------------------------------------------------------------------------------------


def test_packaged_data_loads_once_and_equals_a_fresh_load(content):
    assert load_content() is content
    assert load_content(DATA_DIR) == content


def test_twelve_explorers_on_six_two_sided_cards(content):
    assert len(content.characters) == 12
    colors = Counter(c.color for c in content.characters.values())
    assert colors == dict.fromkeys(("red", "yellow", "green", "blue", "white", "purple"), 2)
    assert all(cid == c.id for cid, c in content.characters.items())


def test_every_track_has_eight_rising_values_and_a_start_on_it(content):
    for c in content.characters.values():
        assert set(c.tracks) == set(c.start) == set(TRAITS), c.id
        for trait in TRAITS:
            track = c.tracks[trait]
            assert len(track) == 8 and list(track) == sorted(track) and track[0] >= 1, (c.id, trait)
            assert 0 <= c.start[trait] < 8, (c.id, trait)


@pytest.mark.parametrize(
    ("cid", "trait", "track", "start"),
    [  # copied by hand from reference/betrayal/characters.csv
        ("ox", "speed", (2, 2, 2, 3, 4, 5, 5, 6), 4),
        ("zoe", "sanity", (3, 4, 5, 5, 6, 6, 7, 8), 2),
        ("jenny", "sanity", (1, 1, 2, 4, 4, 4, 5, 6), 4),
        ("longfellow", "knowledge", (4, 5, 5, 5, 5, 6, 7, 8), 4),
        ("brandon", "speed", (3, 4, 4, 4, 5, 6, 7, 8), 2),
        ("peter", "knowledge", (3, 4, 4, 5, 6, 7, 7, 8), 2),
        ("vivian", "might", (2, 2, 2, 4, 4, 5, 6, 6), 2),
    ],
)
def test_track_spot_checks(content, cid, trait, track, start):
    c = content.characters[cid]
    assert (c.tracks[trait], c.start[trait]) == (track, start)


def test_character_spot_checks(content):
    ox, rhinehardt, zoe = (content.characters[i] for i in ("ox", "rhinehardt", "zoe"))
    assert (ox.name, ox.color, ox.age, ox.birthday) == ("Ox Bellows", "red", 23, (10, 18))
    assert rhinehardt.birthday == (4, 29)  # SOURCES.md: majority over VD's April 26
    assert (zoe.age, zoe.value("speed"), zoe.value("knowledge")) == (8, 4, 3)
    assert content.characters["vivian"].hobbies == ("Old Movies", "Horses")


def test_characters_match_the_reference_table(content):
    rows = reference_rows("characters.csv")
    assert {r["id"] for r in rows} == set(content.characters)
    for row in rows:
        c = content.characters[row["id"]]
        month, day = row["birthday"].split()
        assert (c.name, c.color, c.age) == (row["name"], row["color"], int(row["age"])), c.id
        assert c.birthday == (MONTHS.index(month) + 1, int(day)), c.id
        assert list(c.hobbies) == row["hobbies"].split("; "), c.id
        for t in TRAITS:
            assert list(c.tracks[t]) == [int(v) for v in row[f"{t}_track"].split()], (c.id, t)
            assert c.start[t] == int(row[f"{t}_start_index"]), (c.id, t)
            assert c.value(t) == int(row[f"{t}_start_value"]), (c.id, t)


def test_room_tiles_of_the_base_box(content):
    base = [r for r in content.rooms.values() if r.expansion is None]
    kinds = Counter(r.kind for r in base)
    assert kinds == {"explore": 42, "landing": 2, "start": 3}
    assert {r.name for r in base if r.kind == "landing"} == {"Basement Landing", "Upper Landing"}
    entrance = {r.name for r in base if r.kind == "start"}
    assert entrance == {"Entrance Hall", "Foyer", "Grand Staircase"}
    assert all(content.rooms[n].room_group == "entrance" for n in entrance)
    assert content.rooms["Entrance Hall"].front_door == "S"
    assert len(content.room_tiles()) == 42
    assert "Revolving Wall" not in content.room_tiles()
    assert len(content.room_tiles(frozenset({"optional"}))) == 43


def test_symbol_totals_of_the_explorable_base_rooms(content):
    # SOURCES.md (rooms.csv): 13 omen rooms, 4 item rooms, 18 event rooms and 7 with no symbol.
    base = [r for r in content.rooms.values() if r.explorable and r.expansion is None]
    assert Counter(r.symbol for r in base) == {"omen": 13, "item": 4, "event": 18, "none": 7}


def test_room_spot_checks(content):
    rooms = content.rooms
    assert (rooms["Kitchen"].floors, rooms["Kitchen"].doors) == (("basement", "ground"), ("N", "E"))
    assert rooms["Stairs from Basement"].doors == ("S",) and rooms["Stairs from Basement"].confidence == "low"
    assert rooms["Crypt"].doors == ("N",) and rooms["Game Room"].doors == ("N", "E", "S")
    assert rooms["Vault"].symbol == "event" and rooms["Vault"].barrier["behind"] == ["item", "item"]
    assert rooms["Grand Staircase"].stairs_to == "Upper Landing"
    assert rooms["Coal Chute"].slide_to == "Basement Landing"
    assert rooms["Gallery"].fall_to == {"room": "Ballroom", "damage_dice": 1}


def test_rooms_match_the_reference_table(content):
    rows = reference_rows("rooms.csv")
    assert {r["name"] for r in rows} == {n for n, r in content.rooms.items() if r.expansion is None}
    for row in rows:
        r = content.rooms[row["name"]]
        assert r.kind == row["tile_type"], r.name
        assert r.floors == tuple(FLOOR_LETTERS[f] for f in row["floors"]), r.name
        assert "".join(r.doors) == row["doors_canonical"] and len(r.doors) == int(row["door_count"]), r.name
        assert r.symbol == row["card_symbol"], r.name
        assert (r.symbol == "omen") == (row["haunt_chart_room"] == "yes"), r.name
        assert r.confidence == row["confidence"], r.name
        assert r.windows == {"yes?": "likely", "unknown": "unknown"}[row["windows_hint"]], r.name


def test_decks_of_the_base_box(content):
    assert {d: len(content.deck(d)) for d in ("omen", "item", "event")} == {
        "omen": 13,
        "item": 22,
        "event": 45,
    }
    assert content.deck("event").count("Image in the Mirror") == 2
    assert [c.name for c in content.cards.values() if c.copies != 1] == ["Image in the Mirror"]
    assert len(content.cards) == 79  # 80 cards, one name printed twice
    subtypes = {n: c.subtype for n, c in content.cards.items() if c.subtype}
    assert subtypes == {
        "Dog": "companion",
        "Girl": "companion",
        "Madman": "companion",
        "Spear": "weapon",
        "Axe": "weapon",
        "Blood Dagger": "weapon",
        "Revolver": "weapon",
        "Sacrificial Dagger": "weapon",
    }


def test_cards_match_the_reference_tables(content):
    for deck in ("omen", "item", "event"):
        rows = reference_rows(f"{deck}s.csv")
        assert {r["name"] for r in rows} == {n for n, c in content.cards.items() if c.deck == deck}, deck
        for row in rows:
            card = content.cards[row["name"]]
            assert card.copies == int(row["copies"]), card.name
            assert (card.subtype or "") == row.get("subtype", ""), card.name


def test_the_omen_rooms_are_exactly_the_chart_rows(content):
    omen_rooms = {r.name for r in content.rooms.values() if r.symbol == "omen"}
    assert len(omen_rooms) == 13 and set(content.haunt_chart) == omen_rooms
    omens = {n for n, c in content.cards.items() if c.deck == "omen"}
    assert all(set(row) == omens for row in content.haunt_chart.values())


def test_haunt_chart_numbers(content):
    numbers = [n for row in content.haunt_chart.values() for n in row.values()]
    assert len(numbers) == 169 and all(1 <= n <= 50 for n in numbers)
    assert set(numbers) == set(range(1, 51))  # every haunt can come up
    assert content.haunt_chart["Charred Room"]["Skull"] == 47  # SOURCES.md: WEB's base table prints 34
    assert content.haunt_chart["Abandoned Room"]["Girl"] == 1
    assert content.haunt_chart["Pentagram Chamber"]["Book"] == 50


def test_haunt_chart_matches_the_reference_table(content):
    rows = reference_rows("haunt_chart.csv")
    assert len(rows) == 169
    for row in rows:
        assert content.haunt_chart[row["room"]][row["omen"]] == int(row["haunt"]), (row["room"], row["omen"])


def test_docs_cards_lists_every_card_of_the_content(content):
    """docs/cards.md is generated by hand; this keeps it from falling behind the data."""
    listed: dict[str, tuple[str, int]] = {}
    for line in CARDS_DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 2 or cells[1] not in ("omen", "item", "event"):
            continue
        m = re.fullmatch(r"(.+?)(?: x(\d+))?", cells[0])
        assert m is not None and m[1] not in listed, f"docs/cards.md lists {cells[0]!r} twice"
        listed[m[1]] = (cells[1], int(m[2] or 1))
    expected = {n: (c.deck, c.copies) for n, c in content.cards.items()}
    assert listed == expected


# --- validation errors on broken copies -------------------------------------------------------------------


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | str):
        return json.dumps(v)  # a JSON string or integer is a valid TOML one
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {v!r} as TOML")


def toml_dumps(data: dict[str, list[dict[str, Any]]]) -> str:
    """Just enough TOML for our data files (arrays of tables, inline values); tomllib cannot write."""
    out = []
    for key, entries in data.items():
        for entry in entries:
            out.append(f"[[{key}]]")
            out += [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in entry.items()]
            out.append("")
    return "\n".join(out)


def find(data: dict, name: str) -> tuple[list, dict[str, Any]]:
    """The table array holding the entry whose name (or id, or room) is ``name``, and that entry."""
    for entries in data.values():
        for entry in entries:
            if name in (entry.get("name"), entry.get("id"), entry.get("room")):
                return entries, entry
    raise KeyError(name)


def broken_copy(tmp_path: Path, file: str, breaks: Callable[[dict], None]) -> Path:
    """Copy the four data files into tmp_path and rewrite ``file`` after ``breaks`` changed its data."""
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    data = tomllib.loads((DATA_DIR / file).read_text(encoding="utf-8"))
    breaks(data)
    (tmp_path / file).write_text(toml_dumps(data), encoding="utf-8")
    return tmp_path


def test_the_rewritten_files_load_the_same_content(tmp_path, content):
    """The writer above must not change anything by itself, or a failure could come from it."""
    for file in FILES:
        data = tomllib.loads((DATA_DIR / file).read_text(encoding="utf-8"))
        (tmp_path / file).write_text(toml_dumps(data), encoding="utf-8")
    assert load_content(tmp_path) == content


def edit(name: str, field: str, value: Any) -> Callable[[dict], None]:
    """Set ``field`` (dotted for a nested table: ``speed.track``) of the entry called ``name``."""

    def breaks(data: dict) -> None:
        *tables, last = field.split(".")
        target = find(data, name)[1]
        for t in tables:
            target = target[t]
        target[last] = value

    return breaks


def twice(name: str) -> Callable[[dict], None]:
    def breaks(data: dict) -> None:
        entries, entry = find(data, name)
        entries.append(dict(entry))

    return breaks


def drop(name: str) -> Callable[[dict], None]:
    def breaks(data: dict) -> None:
        entries, entry = find(data, name)
        entries.remove(entry)

    return breaks


def drop_key(name: str, table: str, key: str) -> Callable[[dict], None]:
    def breaks(data: dict) -> None:
        entry = find(data, name)[1]
        del (entry[table] if table else entry)[key]

    return breaks


def unknown_omen(data: dict) -> None:
    haunts = find(data, "Kitchen")[1]["haunts"]
    haunts["Bone"] = haunts.pop("Bite")


C, R, K, H, T = FILES
SEVEN = [2, 2, 2, 3, 4, 5, 5]
BROKEN = [  # id, file, how to break it, the entry and the field the message must name
    ("track-7-values", C, edit("ox", "speed.track", SEVEN), "Ox Bellows", "speed.track"),
    ("track-falls", C, edit("ox", "speed.track", [*SEVEN, 1]), "Ox Bellows", "speed.track"),
    ("start-index-8", C, edit("zoe", "might.start", 8), "Zoe Ingstrom", "might.start"),
    ("birthday-no-such-date", C, edit("zoe", "birthday", "11-31"), "Zoe Ingstrom", "birthday"),
    ("birthday-not-mm-dd", C, edit("zoe", "birthday", "Nov 5"), "Zoe Ingstrom", "birthday"),
    ("character-unknown-field", C, edit("ox", "height", "6'4"), "Ox Bellows", "height"),
    ("character-duplicate-id", C, twice("zoe"), "Zoe Ingstrom", "id"),
    ("three-of-one-colour", C, edit("ox", "color", "blue"), "blue", "color"),
    ("unknown-floor", R, edit("Kitchen", "floors", ["basement", "attic"]), "Kitchen", "floors"),
    ("door-Q", R, edit("Attic", "doors", ["Q"]), "Attic", "doors"),
    ("unknown-symbol", R, edit("Larder", "symbol", "relic"), "Larder", "symbol"),
    ("room-unknown-field", R, edit("Chapel", "colour", "grey"), "Chapel", "colour"),
    ("rule-unknown-field", R, edit("Tower", "barrier.speed", 3), "Tower", "barrier.speed"),
    ("rule-not-a-trait", R, edit("Attic", "exit_roll.lose", "luck"), "Attic", "exit_roll.lose"),
    ("room-duplicate-name", R, twice("Kitchen"), "Kitchen", "name"),
    ("stairs-to-no-room", R, edit("Grand Staircase", "stairs_to", "Loft"), "Grand Staircase", "stairs_to"),
    ("slide-to-no-room", R, edit("Coal Chute", "slide_to", "Cellar"), "Coal Chute", "slide_to"),
    ("card-unknown-field", K, edit("Axe", "effect", "sharp"), "Axe", "effect"),
    ("card-unknown-subtype", K, edit("Dog", "subtype", "pet"), "Dog", "subtype"),
    ("card-duplicate-name", K, edit("Bell", "name", "Axe"), "Axe", "name"),
    ("missing-card", K, drop("Bell"), "item", "copies"),
    ("chart-unknown-omen", H, unknown_omen, "Kitchen", "haunts.Bone"),
    ("chart-row-twice", H, twice("Kitchen"), "Kitchen", "room"),
    ("birthday-one-digit", C, edit("zoe", "birthday", "1-5"), "Zoe Ingstrom", "birthday"),
    ("trait-table-unknown-key", C, edit("ox", "speed.strat", 1), "Ox Bellows", "speed.strat"),
    ("front-door-on-a-door", R, edit("Entrance Hall", "front_door", "N"), "Entrance Hall", "front_door"),
    (
        "rule-missing-key",
        R,
        drop_key("Library", "once_per_game_bonus", "trait"),
        "Library",
        "once_per_game_bonus.trait",
    ),
    (
        "rule-bad-floor",
        R,
        edit("Collapsed Room", "collapse.to_floor", "attic"),
        "Collapsed Room",
        "collapse.to_floor",
    ),
    (
        "rule-bad-damage-kind",
        R,
        edit("Crypt", "end_turn_damage.kind", "spiritual"),
        "Crypt",
        "end_turn_damage.kind",
    ),
    (
        "stairs-to-itself",
        R,
        edit("Grand Staircase", "stairs_to", "Grand Staircase"),
        "Grand Staircase",
        "stairs_to",
    ),
    ("card-copies-0", K, edit("Axe", "copies", 0), "Axe", "copies"),
    ("chart-haunt-51", H, edit("Kitchen", "haunts.Skull", 51), "Kitchen", "haunts.Skull"),
    ("chart-row-not-an-omen-room", H, edit("Kitchen", "room", "Attic"), "Attic", "room"),
    ("chart-row-missing", H, drop("Kitchen"), "Kitchen", "room"),
    ("haunt-unknown-traitor-rule", T, edit("Haunt 2", "traitor", "tallest"), "Haunt 2", "traitor"),
    ("haunt-trait-missing", T, drop_key("Haunt 3", "", "trait"), "Haunt 3", "trait"),
    ("haunt-unknown-character", T, edit("Haunt 7", "character", "igor"), "Haunt 7", "character"),
    ("haunt-unknown-mode", T, edit("Haunt 2", "mode", "improvised"), "Haunt 2", "mode"),
    ("haunt-missing", T, drop("Haunt 50"), "50", "number"),
    ("haunt-number-twice", T, edit("Haunt 3", "number", 2), "Haunt 3", "number"),
]


@pytest.mark.parametrize(
    ("file", "breaks", "entry", "field"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN]
)
def test_a_broken_data_file_names_file_entry_and_field(tmp_path, file, breaks, entry, field):
    with pytest.raises(ContentError) as raised:
        load_content(broken_copy(tmp_path, file, breaks))
    err = raised.value
    assert (err.file, err.entry, err.field) == (file, entry, field)
    assert str(err).startswith(f"{file}: {entry}: {field}: ")
    assert err.code == "content/invalid"


def test_an_unreadable_data_file_names_the_file(tmp_path):
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    (tmp_path / "rooms.toml").write_text("[[room]\nname = ", encoding="utf-8")
    with pytest.raises(ContentError, match=r"^rooms\.toml: .*cannot be read"):
        load_content(tmp_path)
