"""The text renderers on hand-made states: tiles where they stand, doors as gaps, doorways, traits."""

from __future__ import annotations

from hauntable.engine.outcomes import Outcome
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.records import Haunt
from hauntable.games.betrayal.state import Placed, State
from hauntable.textui import render

CONTENT = load_content()
PW, PH = render.CELL_W + 1, render.CELL_H + 1  # pitch of a cell on the canvas


def new_state(*characters: str) -> State:
    config = GameConfig.quick(*(characters or ("zoe", "ox", "vivian")), seed=3, today="11-30")
    return GAME.new_game(config).state


def place(state: State, name: str, floor: str, x: int, y: int, rotation: int = 0) -> None:
    """Lay a tile by hand (tests own the state they built)."""
    state.house[name] = Placed(floor, x, y, rotation)
    if name in state.stack:
        state.stack.remove(name)
    state.house_changed()


class Grid:
    """Reads a rendered floor back by cell, given the cells the renderer had to cover."""

    def __init__(self, lines: list[str], x0: int, y1: int):
        width = max(len(line) for line in lines)
        self.lines = [line.ljust(width) for line in lines]
        self.x0, self.y1 = x0, y1

    def origin(self, x: int, y: int) -> tuple[int, int]:
        return (self.y1 - y) * PH, (x - self.x0) * PW

    def inner(self, x: int, y: int) -> list[str]:
        top, left = self.origin(x, y)
        return [self.lines[top + i][left + 1 : left + PW] for i in range(1, PH)]

    def east_wall(self, x: int, y: int) -> str:
        top, left = self.origin(x, y)
        return "".join(self.lines[top + i][left + PW] for i in range(1, PH))

    def north_wall(self, x: int, y: int) -> str:
        top, left = self.origin(x, y)
        return self.lines[top][left + 1 : left + PW]


def ground_grid(state: State) -> Grid:
    view = HouseView(state, CONTENT)
    cells = {(p.x, p.y) for p in state.house.values() if p.floor == "ground"}
    cells |= {(c[1], c[2]) for _, _, c in view.open_doorways("ground")}
    lines = render.render_floor(state, CONTENT, "ground")
    return Grid(lines, min(x for x, _ in cells), max(y for _, y in cells))


def test_tiles_stand_at_their_cells_with_names_and_explorers():
    state = new_state()
    place(state, "Dining Room", "ground", 1, 0, rotation=3)  # doors W (meets the hall) and N
    state.explorers[1].room = "Dining Room"
    grid = ground_grid(state)
    assert grid.inner(0, 0)[:2] == ["Entrance ", "Hall     "]
    assert grid.inner(0, 1)[0].strip() == "Foyer"
    assert grid.inner(0, 2)[:2] == ["Grand    ", "Staircase"]
    assert grid.inner(1, 0)[:2] == ["Dining   ", "Room     "]
    assert grid.inner(0, 0)[2].split() == ["Z", "V"]
    assert grid.inner(1, 0)[2].strip() == "O"


def test_doors_are_gaps_and_false_doors_are_walls():
    state = new_state()
    place(state, "Dining Room", "ground", 1, 0, rotation=3)
    grid = ground_grid(state)
    assert grid.east_wall(0, 0) == "| |"  # Entrance Hall E meets Dining Room W
    assert "   " in grid.north_wall(0, 0)  # Entrance Hall N meets Foyer S
    assert grid.north_wall(0, 1) == "---   ---"  # Foyer N meets Grand Staircase S
    assert grid.north_wall(0, 2) == "-" * render.CELL_W  # the staircase has no north door

    state = new_state()
    place(state, "Dining Room", "ground", 1, 0, rotation=0)  # doors N and E: a wall faces the hall
    grid = ground_grid(state)
    assert grid.east_wall(0, 0) == "|||"


def test_open_doorways_are_marked_where_a_tile_could_go():
    state = new_state()
    place(state, "Dining Room", "ground", 1, 0, rotation=3)
    grid = ground_grid(state)
    doorways = {(c[1], c[2]) for _, _, c in HouseView(state, CONTENT).open_doorways("ground")}
    assert (1, 1) in doorways and (-1, 0) in doorways
    for x, y in doorways:
        assert render.DOORWAY in grid.inner(x, y)[1], (x, y)
    assert render.DOORWAY not in "".join(grid.inner(2, 0))  # the Dining Room has no east door now


def test_map_shows_all_three_floors_and_numbered_targets():
    state = new_state()
    text = render.render_map(state, CONTENT, width=None, marks={("basement", 1, 0): "2"})
    assert text.index("BASEMENT") < text.index("GROUND FLOOR") < text.index("UPPER FLOOR")
    assert "Landing" in text and "(2)" in text
    wide = render.render_map(state, CONTENT, width=200)
    assert "BASEMENT" in wide.splitlines()[0] and "UPPER FLOOR" in wide.splitlines()[0]


def test_short_names_fit_the_box():
    for name in CONTENT.rooms:
        lines = render.short_name(name)
        assert 1 <= len(lines) <= 2 and all(len(line) <= render.CELL_W for line in lines), name


def test_track_marks_the_current_step():
    assert render.render_track((3, 4, 5, 6, 6, 7, 8, 8), 2) == " 3  4 [5] 6  6  7  8  8"


def test_explorers_show_trait_values_tracks_items_and_omens():
    state = new_state()
    zoe = state.explorers[0]
    zoe.traits["speed"] = 6
    zoe.traits["might"] = 0
    zoe.items.append("Pickpocket's Gloves")
    zoe.omens.append("Madman")
    text = render.render_explorers(state, CONTENT)
    block = text.split("Ox Bellows")[0]
    speed = CONTENT.characters["zoe"].tracks["speed"]
    assert f"Speed     {speed[6]}: {render.render_track(speed, 6)}" in block
    might = CONTENT.characters["zoe"].tracks["might"]
    assert f"Might     {might[0]}: [{might[0]}]" in block
    assert "    Items: Pickpocket's Gloves\n    Omens: Madman" in block
    zoe.omens.extend(["Bite", "Skull", "Book", "Crystal Ball", "Ring", "Spirit Board", "Holy Symbol"] * 2)
    assert max(len(line) for line in render.render_explorers(state, CONTENT).splitlines()) < 80
    current = state.explorers[state.turn.seat].name
    heads = [line for line in text.splitlines() if line.startswith("*")]  # whose turn it is
    assert len(heads) == 1 and current in heads[0]


def test_tags_stay_unique():
    state = new_state("peter", "longfellow", "zoe")  # Peter and Professor share a first letter
    tags = render.explorer_tags(state)
    assert len(set(tags.values())) == 3 and tags[0] == "P"


def test_prompt_numbers_its_choices_and_says_what_they_do():
    state = new_state()
    text = render.render_prompt(state, CONTENT, state.awaiting)
    choices = state.awaiting.choices()
    for i, c in enumerate(choices, 1):
        assert f"{i:>2}) {c}" in text
    assert "to the Foyer" in text and "explore a new room" in text and "end the turn" in text


def test_screen_has_outcomes_status_and_prompt():
    state = new_state()
    state.omens_drawn = 2
    screen = render.render_screen(state, CONTENT, (Outcome("Something creaks"),), width=100)
    assert "  - Something creaks" in screen
    assert "Omens drawn: 2" in screen
    assert screen.rstrip().endswith("end the turn")


def test_haunt_banner():
    state = new_state()
    state.haunt = Haunt(revealer=1, omen="Skull", room="Crypt", number=27, total=1)
    banner = render.render_haunt(state)
    assert "THE HAUNT BEGINS" in banner and "Haunt 27: the Skull in the Crypt" in banner
    assert "Ox Bellows" in banner
