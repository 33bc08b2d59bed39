"""Pure text rendering of a Betrayal state: floor maps, explorer sheets, prompts and the haunt banner.

Every function takes a state (and the content) and returns plain text, so the terminal loop stays thin and
tests can read the screen without a terminal. No ANSI codes here: colour, if any, is the loop's business.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from hauntable.engine.inputs import Input
from hauntable.engine.outcomes import Outcome
from hauntable.engine.prompts import Prompt, RollDice
from hauntable.games.betrayal.content import DIRECTIONS, FLOORS, TRAITS, Content
from hauntable.games.betrayal.house import OPPOSITE, HouseView, doors_of, neighbour
from hauntable.games.betrayal.state import State

CELL_W = 9  # characters inside a tile box
CELL_H = 3  # lines inside a tile box: two for the name, one for the explorers
FLOOR_TITLES = {"basement": "BASEMENT", "ground": "GROUND FLOOR", "upper": "UPPER FLOOR"}
MAP_ORDER = ("basement", "ground", "upper")
DOORWAY = "?"

# Names that greedy word wrapping would mangle in a 9x2 box.
SHORT_NAMES = {
    "Stairs from Basement": ("Stairs", "from Bsmt"),
    "Underground Lake": ("Undergrnd", "Lake"),
    "Research Laboratory": ("Research", "Lab"),
    "Operating Laboratory": ("Operating", "Lab"),
    "Conservatory": ("Conserv-", "atory"),
    "Basement Landing": ("Basement", "Landing"),
}


# --- small helpers ------------------------------------------------------------------------------------


def short_name(name: str, width: int = CELL_W, lines: int = 2) -> list[str]:
    """A room name wrapped into ``lines`` lines of ``width``, words too long cut with a dot."""
    if name in SHORT_NAMES and width == CELL_W and lines == 2:
        return list(SHORT_NAMES[name])
    out: list[str] = []
    for word in name.split():
        if len(word) > width:
            word = word[: width - 1] + "."
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: width - 1] + "."
    return out


def explorer_tags(state: State) -> dict[int, str]:
    """One capital letter per explorer for the map, unique in this game (first name, else surname, ...)."""
    tags: dict[int, str] = {}
    used: set[str] = set()
    for e in state.explorers:
        words = [w.strip('"') for w in e.name.split() if w.strip('"')]
        candidates = [w[0].upper() for w in (words[0], words[-1], *words[1:-1])]
        candidates += [c.upper() for c in "".join(words) if c.isalpha()]
        candidates += [str(d) for d in range(10)]
        tag = next(c for c in candidates if c not in used)
        used.add(tag)
        tags[e.seat] = tag
    return tags


def trait_value(state: State, content: Content, seat: int, trait: str) -> int:
    e = state.explorers[seat]
    return content.characters[e.character].tracks[trait][e.traits[trait]]


def render_track(track: Sequence[int], index: int) -> str:
    """A trait track with the current step in brackets: `` 3  4 [5] 6 ...`` (3 characters a step)."""
    return "".join(f"[{v}]" if i == index else f" {v} " for i, v in enumerate(track)).rstrip()


# --- the map --------------------------------------------------------------------------------------------


def render_floor(
    state: State,
    content: Content,
    floor: str,
    marks: dict[tuple[int, int], str] | None = None,
    tags: dict[int, str] | None = None,
) -> list[str]:
    """One floor as lines of text: a box per tile, door gaps, explorer letters, ``?`` on open doorways.

    ``marks`` puts a short label in an empty or placed cell (the numbered targets of a choice).
    North is up. Boxes share their walls; a gap in a wall is a door that meets a door or open space.
    """
    view = HouseView(state, content)
    tags = tags if tags is not None else explorer_tags(state)
    marks = marks or {}
    placed = {(p.x, p.y): name for name, p in state.house.items() if p.floor == floor}
    doorways: set[tuple[int, int]] = set()
    if view.tiles_left_for(floor):
        doorways = {(c[1], c[2]) for _, _, c in view.open_doorways(floor)}
    cells = set(placed) | doorways | set(marks)
    if not cells:
        return []
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, y1 = min(xs), max(ys)
    cols, rows = max(xs) - x0 + 1, y1 - min(ys) + 1
    pw, ph = CELL_W + 1, CELL_H + 1
    canvas = [[" "] * (cols * pw + 1) for _ in range(rows * ph + 1)]

    def origin(x: int, y: int) -> tuple[int, int]:
        return (y1 - y) * ph, (x - x0) * pw  # (line, column) of the top-left corner

    def put(line: int, col: int, text: str) -> None:
        for i, ch in enumerate(text):
            canvas[line][col + i] = ch

    for x, y in placed:
        top, left = origin(x, y)
        put(top, left, "+" + "-" * CELL_W + "+")
        put(top + ph, left, "+" + "-" * CELL_W + "+")
        for i in range(1, ph):
            canvas[top + i][left] = canvas[top + i][left + pw] = "|"
    for (x, y), name in placed.items():
        top, left = origin(x, y)
        for d in view.doors(name):
            _, nx, ny = neighbour(floor, x, y, d)
            other = placed.get((nx, ny))
            if other is not None and OPPOSITE[d] not in view.doors(other):
                continue  # a false door: it opens onto the other tile's wall
            mid = left + 1 + (CELL_W - 3) // 2
            if d == "N":
                put(top, mid, "   ")
            elif d == "S":
                put(top + ph, mid, "   ")
            elif d == "W":
                canvas[top + 2][left] = " "
            else:
                canvas[top + 2][left + pw] = " "
        for i, text in enumerate(short_name(name)):
            put(top + 1 + i, left + 1, text)
        here = [tags[e.seat] for e in state.explorers if e.room == name and e.alive]
        letters = " ".join(here) if 2 * len(here) - 1 <= CELL_W else "".join(here)[:CELL_W]
        put(top + CELL_H, left + 1, letters.center(CELL_W).rstrip())
    for x, y in doorways - set(placed) - set(marks):
        top, left = origin(x, y)
        canvas[top + 2][left + pw // 2] = DOORWAY
    for (x, y), label in marks.items():
        top, left = origin(x, y)
        line = top + CELL_H if (x, y) in placed else top + 2
        put(line, left + 1, f"({label})".center(CELL_W) if (x, y) not in placed else f"<{label}>")
    return ["".join(row).rstrip() for row in canvas]


def render_map(
    state: State,
    content: Content,
    width: int | None = None,
    marks: dict[tuple[str, int, int], str] | None = None,
    floors: Sequence[str] = MAP_ORDER,
) -> str:
    """The floors (all three by default), side by side where ``width`` allows, else one under the other."""
    tags = explorer_tags(state)
    marks = marks or {}
    blocks = []
    for floor in floors:
        floor_marks = {(x, y): label for (f, x, y), label in marks.items() if f == floor}
        lines = render_floor(state, content, floor, floor_marks, tags)
        blocks.append([FLOOR_TITLES[floor], *lines])
    rows: list[list[list[str]]] = []
    for block in blocks:
        block_w = max(len(line) for line in block)
        if rows and width is not None and _row_width(rows[-1]) + 3 + block_w <= width:
            rows[-1].append(block)
        else:
            rows.append([block])
    out: list[str] = []
    for row in rows:
        height = max(len(b) for b in row)
        widths = [max(len(line) for line in b) for b in row]
        for i in range(height):
            parts = [(b[i] if i < len(b) else "").ljust(w) for b, w in zip(row, widths, strict=True)]
            out.append("   ".join(parts).rstrip())
        out.append("")
    return "\n".join(out).rstrip("\n")


def _row_width(row: list[list[str]]) -> int:
    return sum(max(len(line) for line in b) for b in row) + 3 * (len(row) - 1)


# --- explorers and status --------------------------------------------------------------------------------


def render_explorers(state: State, content: Content) -> str:
    """Each explorer: map letter, name, player, room; the four traits with value and track; items, omens."""
    tags = explorer_tags(state)
    out = []
    for e in state.explorers:
        ch = content.characters[e.character]
        mark = "*" if e.seat == state.turn.seat else " "
        where = e.room if e.alive else "dead"
        out.append(f"{mark} {tags[e.seat]}  {e.name} ({e.player}) - {where}")
        cells = []
        for trait in TRAITS:
            value = ch.tracks[trait][e.traits[trait]]
            cells.append(
                f"{trait.capitalize():<9} {value}: {render_track(ch.tracks[trait], e.traits[trait])}"
            )
        out.append(f"    {cells[0]:<38}{cells[1]}")  # 79 columns: fits an 80-column terminal
        out.append(f"    {cells[2]:<38}{cells[3]}")
        for label, cards in (("Items", e.items), ("Omens", e.omens)):
            if cards:
                out.append(
                    textwrap.fill(
                        f"{label}: {', '.join(cards)}",
                        79,
                        initial_indent="    ",
                        subsequent_indent="           ",
                    )
                )
    return "\n".join(out)


def render_status(state: State, content: Content) -> str:
    """Round, omens drawn (what the next haunt roll must beat) and room tiles left."""
    view = HouseView(state, content)
    left = ", ".join(f"{f} {len(view.tiles_left_for(f))}" for f in FLOORS)
    omens = state.omens_drawn
    haunt = f" - a haunt roll below {omens} starts the haunt" if omens else ""
    return f"Round {state.round}. Omens drawn: {omens}{haunt}.\nRoom tiles left: {left}."


# --- prompts --------------------------------------------------------------------------------------------


def describe_choice(state: State, content: Content, prompt: Prompt, inp: Input) -> str:
    """A few words saying what a listed choice does, for a person choosing by number."""
    kind = inp.kind
    seat = prompt.player if prompt.player is not None else state.turn.seat
    e = state.explorers[seat]
    view = HouseView(state, content)
    room = content.rooms.get(e.room)
    if kind == "move":
        to = inp.to  # type: ignore[attr-defined]
        if to in ("up", "down"):
            return f"take the stairs {to}"
        other = view.connected(e.room, to)
        if other is not None:
            return f"to the {other}"
        floor, x, y = view.cell(e.room)
        there = view.room_at(neighbour(floor, x, y, to))
        return f"to the {there}" if there else "explore a new room"
    if kind == "end":
        return "end the turn"
    if kind == "cross" and room is not None and room.barrier:
        b = room.barrier
        return f"try the barrier ({b['trait'].capitalize()} roll {b['target']}+)"
    if kind == "fall" and room is not None:
        return f"fall to the {room.fall_to['room']}" if room.fall_to else "fall to the basement"
    if kind == "ride":
        return "ride the elevator"
    if kind == "rotate":
        tile = getattr(prompt, "tile", "")
        if tile in content.rooms:
            doors = doors_of(content.rooms[tile], inp.quarter_turns)  # type: ignore[attr-defined]
            return "doors " + " ".join(d for d in DIRECTIONS if d in doors)
    if kind == "split":
        ch = content.characters[e.character]
        parts = []
        for trait in getattr(prompt, "traits", ()):
            n = getattr(inp, trait)
            idx = e.traits[trait]
            now, after = ch.tracks[trait][idx], ch.tracks[trait][max(0, idx - n)]
            parts.append(f"{trait.capitalize()} {now}->{after}" if n else f"{trait.capitalize()} {now}")
        return ", ".join(parts)
    if kind == "target":
        floor, x, y = inp.floor, inp.x, inp.y  # type: ignore[attr-defined]
        if (here := view.room_at((floor, x, y))) is not None:
            return f"{floor} {x},{y}, where the {here} stands now"
        beside = [
            name
            for d in DIRECTIONS
            if (name := view.room_at(neighbour(floor, x, y, d))) is not None
            and OPPOSITE[d] in view.doors(name)
        ]
        return f"{floor} {x},{y}" + (f", beside the {' and the '.join(beside)}" if beside else "")
    return ""


def choice_marks(prompt: Prompt | None) -> dict[tuple[str, int, int], str]:
    """Map labels for a prompt: the numbers of cell choices, or ``new`` where a tile is being turned."""
    if prompt is None:
        return {}
    marks = {}
    for i, c in enumerate(prompt.choices(), 1):
        if c.kind == "target":
            marks[(c.floor, c.x, c.y)] = str(i)  # type: ignore[attr-defined]
    if prompt.kind == "rotation":
        marks[(prompt.floor, prompt.x, prompt.y)] = "new"  # type: ignore[attr-defined]
    return marks


def render_prompt(state: State, content: Content, prompt: Prompt) -> str:
    """The prompt sentence, then its numbered choices or how to answer a roll."""
    lines = [prompt.text]
    if prompt.kind == "action":
        left = getattr(prompt, "movement_left", 0)
        lines[0] += f"  ({left} move{'s' if left != 1 else ''} left)"
    if isinstance(prompt, RollDice):
        n = prompt.dice
        if prompt.target is not None:
            lines.append(f"  A total of {prompt.target} or more succeeds.")
        example = "2 0 1 1 0 2 1 0"[: 2 * n - 1] if n else "roll -"
        dice = f"{n} virtual di{'c' if n != 1 else ''}e"
        lines.append(f"  Press Enter to throw {dice}, or type the faces you threw (e.g. {example}).")
        return "\n".join(lines)
    choices = prompt.choices()
    width = max((len(str(c)) for c in choices), default=0)
    for i, c in enumerate(choices, 1):
        what = describe_choice(state, content, prompt, c)
        lines.append(f"  {i:>2}) {c!s:<{width}}   {what}".rstrip())
    if not choices:
        lines.append(f"  Type an answer: {', '.join(prompt.accepts)} ...")
    return "\n".join(lines)


def render_outcomes(outcomes: Iterable[Outcome], width: int | None = None) -> str:
    """What happened, one dash per outcome, long sentences wrapped under their first word."""
    if width is None:
        return "\n".join(f"  - {o.text}" for o in outcomes)
    return "\n".join(
        textwrap.fill(o.text, width - 1, initial_indent="  - ", subsequent_indent="    ") for o in outcomes
    )


def render_screen(
    state: State,
    content: Content,
    outcomes: Iterable[Outcome] = (),
    width: int | None = None,
    with_prompt: bool = True,
    floors: Sequence[str] = MAP_ORDER,
) -> str:
    """The whole screen after a step: map, explorers, status, what just happened, then the prompt.

    What just happened sits right above the prompt, where the eye is when the next line is typed.
    ``floors`` narrows the map (a short terminal); a note then says how to see the rest.
    """
    prompt = state.awaiting
    shown = render_map(state, content, width, choice_marks(prompt), floors)
    hidden = [FLOOR_TITLES[f].lower() for f in MAP_ORDER if f not in floors]
    if hidden:
        shown += f"\n(not shown to fit the window: {' and '.join(hidden)}; type map to see them)"
    parts = [
        shown,
        "",
        render_explorers(state, content),
        "",
        render_status(state, content),
    ]
    said = render_outcomes(outcomes, width)
    if said:
        parts += ["", said]
    if prompt is not None and with_prompt:
        parts += ["", render_prompt(state, content, prompt)]
    return "\n".join(parts)


def focus_floors(state: State) -> tuple[str, ...]:
    """The floors that matter right now: where the prompt's explorer stands and where its choices lie."""
    prompt = state.awaiting
    seat = prompt.player if prompt is not None and prompt.player is not None else state.turn.seat
    wanted = (
        {state.house[state.explorers[seat].room].floor}
        if state.explorers[seat].room in state.house
        else set()
    )
    wanted |= {f for f, _, _ in choice_marks(prompt)}
    return tuple(f for f in MAP_ORDER if f in wanted) or MAP_ORDER


def render_haunt(state: State) -> str:
    """The haunt banner: haunt number, omen, room, who revealed it, the traitor, and the winner once won."""
    h = state.haunt
    who = state.explorers[h.revealer] if h is not None else None
    winner = h.winner if h is not None else None
    lines = [
        "THE HAUNT IS OVER" if winner else "THE HAUNT BEGINS",
        f"Haunt {h.number}: the {h.omen} in the {h.room}" if h is not None else "Haunt ?: the ? in the ?",
    ]
    if who is not None:
        lines.append(f"Revealed by {who.name} ({who.player}), the haunt revealer")
    traitor = h.traitor if h is not None else None
    if traitor is not None:
        lines.append(f"The traitor: {state.explorers[traitor].name}")
    if winner:
        lines.append("The heroes win." if winner == "heroes" else "The traitor's side wins.")
    else:
        lines.append("Open the haunt books at this haunt.")
    width = max(len(line) for line in lines) + 4
    bar = "=" * width
    return "\n".join([bar, *(f"  {line}" for line in lines), bar])
