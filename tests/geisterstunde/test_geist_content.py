"""The castle and the cards as data (G8): what the loader guarantees, and the errors it names."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from geistkit import CONTENT
from hauntable.engine.rejections import ContentError
from hauntable.games.geisterstunde.content import DATA_DIR, load_content
from hauntable.games.geisterstunde.content_model import EXIT


def test_G8_the_castle_has_25_rooms_five_crests_each_five_times_and_three_south_exits():
    assert len(CONTENT.rooms) == 25
    assert Counter(r.crest for r in CONTENT.rooms.values()) == {c: 5 for c in CONTENT.crests}
    assert CONTENT.exits == {"40": "red", "42": "green", "44": "blue"}
    assert all(CONTENT.rooms[r].row == 4 for r in CONTENT.exits)
    assert CONTENT.rooms[CONTENT.treasury].name == "Schatzkammer"


def test_G8_the_deck_is_45_keys_15_per_colour_9_per_crest_and_the_ghost_has_one_card_per_crest():
    assert len(CONTENT.keys) == 45
    assert Counter(k.split("-")[0] for k in CONTENT.keys) == {"red": 15, "green": 15, "blue": 15}
    assert set(Counter(k.split("-")[1] for k in CONTENT.keys).values()) == {9}
    assert sorted(CONTENT.ghost_cards) == sorted(CONTENT.crests)


def test_G8_every_ghost_card_names_at_most_one_neighbour_and_the_dungeon_leads_only_to_the_treasury():
    for rid, room in CONTENT.rooms.items():
        steps = CONTENT.ghost_steps[rid]
        assert room.crest not in steps  # no neighbour shares the room's own crest
        assert len(steps) == sum(
            1
            for other in CONTENT.rooms.values()
            if abs(other.row - room.row) + abs(other.col - room.col) == 1
        )
    assert CONTENT.ghost_steps[CONTENT.dungeon] == {"lily": "02"}


def test_G8_a_key_names_one_door_and_every_room_has_two_doors_at_least():
    for room in CONTENT.rooms.values():
        assert len(room.doors) >= 2
        for colour, to in room.doors.items():
            if to != EXIT:
                assert CONTENT.rooms[to].doors[colour] == room.id  # doors work both ways
    assert set(CONTENT.rooms["02"].doors) == {"red", "green", "blue"}  # every start hand can leave


def test_G8_the_shortest_escape_takes_seven_keys():
    # breadth-first over door steps from the treasury to leaving through any exit
    dist, todo = {"02": 0}, ["02"]
    while todo:
        here = todo.pop(0)
        for to in CONTENT.rooms[here].doors.values():
            if to != EXIT and to not in dist:
                dist[to] = dist[here] + 1
                todo.append(to)
    assert min(dist[r] + 1 for r in CONTENT.exits) == 7


@pytest.fixture
def data(tmp_path: Path) -> Path:
    for name in ("board.toml", "cards.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_G8_two_neighbours_with_one_crest_are_refused_naming_the_room(data: Path):
    # room 11 shows the lily as well: room 01 then sees the lily in 02 and in 11
    _edit(data / "board.toml", 'col = 1\ncrest = "tower"', 'col = 1\ncrest = "lily"')
    with pytest.raises(ContentError) as err:
        load_content(data)
    assert err.value.file == "board.toml" and err.value.field == "crest"
    assert "two neighbours with the crest lily" in str(err.value)


def test_G8_a_dead_end_is_refused(data: Path):
    _edit(data / "board.toml", '"00-01" = "blue"\n', "")
    with pytest.raises(ContentError) as err:
        load_content(data)
    assert (err.value.entry, err.value.field) == ("room 00", "doors")
    assert "dead end" in err.value.problem


def test_G8_a_room_no_runner_can_reach_is_refused(data: Path):
    for door in ('"01-02" = "red"\n', '"01-11" = "green"\n', '"00-10" = "red"\n'):
        _edit(data / "board.toml", door, "")  # rooms 00 and 01 keep only the door between them
    with pytest.raises(ContentError) as err:
        load_content(data)
    assert (err.value.entry, err.value.field) == ("room 00", "doors")
    assert "no runner can reach it" in err.value.problem


def test_G8_two_doors_of_one_colour_in_a_room_are_refused(data: Path):
    _edit(data / "board.toml", '"00-10" = "red"', '"00-10" = "blue"')
    with pytest.raises(ContentError) as err:
        load_content(data)
    assert err.value.entry == "door 00-10" and "already has a blue door" in err.value.problem


def test_G8_a_deck_whose_sum_is_wrong_is_refused(data: Path):
    _edit(data / "cards.toml", "total = 45", "total = 44")
    with pytest.raises(ContentError) as err:
        load_content(data)
    assert (err.value.file, err.value.entry, err.value.field) == ("cards.toml", "keys", "total")
