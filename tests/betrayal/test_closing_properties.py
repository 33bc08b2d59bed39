"""Rule B3.3 over random houses and stacks: a floor is never left closed while tiles for it remain, unless
the engine has said no turn, shift or swap opens it; a rearrangement never cuts a room off from the house
except the one room a shift moves next door; no tile is lost or doubled; and every discovery ends.

On the table (rooms=table) a tile that closes the floor is refused only while another tile left could
keep it open, so some tile is always accepted while any tile for the floor is left: play never sticks.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gamekit import CONTENT, arrange, start
from hauntable.engine.bots import RandomBot
from hauntable.engine.game import Step
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal import GAME, HouseRules
from hauntable.games.betrayal.house import OPPOSITE, HouseView, neighbour
from hauntable.games.betrayal.inputs import Choose, Move, PlaceTile, Roll, Rotate
from hauntable.games.betrayal.prompts import AwaitTile, ChooseAction, ChooseRotation, RearrangeFloor
from hauntable.games.betrayal.state import Placed, Turn

FLOOR = "basement"
LANDING = "Basement Landing"
BASEMENT_TILES = sorted(n for n, r in CONTENT.rooms.items() if r.explorable and FLOOR in r.floors)
NARROW = [t for t in BASEMENT_TILES if len(CONTENT.rooms[t].doors) <= 2]  # dead ends and corridors
DEAD_ENDS = [t for t in BASEMENT_TILES if len(CONTENT.rooms[t].doors) == 1]
MAX_PROMPTS = 60  # prompts answered for one discovery (rotations, rolls of room effects, ...); never near


def reachable(state) -> set[str]:
    """Basement rooms reachable from the landing through doors that meet."""
    view = HouseView(state, CONTENT)
    seen, todo = {LANDING}, [LANDING]
    while todo:
        room = todo.pop()
        for d in view.doors(room):
            other = view.connected(room, d)
            if other is not None and other not in seen and state.house[other].floor == FLOOR:
                seen.add(other)
                todo.append(other)
    return seen


def basement_rooms(state) -> set[str]:
    return {n for n, p in state.house.items() if p.floor == FLOOR}


def every_tile(state) -> list[str]:
    """Basement tiles in the house (on any floor: the Mystic Elevator travels) or still to come."""
    laid = [t for t in state.house if t in BASEMENT_TILES]
    return sorted([*laid, *tiles_left(state)])


def tiles_left(state) -> list[str]:
    return [t for t in (*state.stack, *state.stack_discards) if FLOOR in CONTENT.rooms[t].floors]


def avoids(state, tile: str, cell, entry: str, free: bool) -> bool:
    return bool(HouseView(state, CONTENT).placements(tile, cell, entry, free))


@st.composite
def basements(draw):
    """A game whose basement holds some tiles laid door to door, with a random basement stack."""
    mode = draw(st.sampled_from(["virtual", "table"]))
    rules = HouseRules(
        door_matching=draw(st.sampled_from(["connect_all", "free"])),
        misfit_tiles=draw(st.sampled_from(["discard", "bottom"])),
        closing_floor=draw(st.sampled_from(["lay_first", "rearrange_first"])),
    )
    board = draw(st.sampled_from(["table7", "open"]))
    seed = draw(st.integers(0, 2**32 - 1))
    step = start(today="11-05", seed=seed, board=board, rooms=mode, house_rules=rules)
    s = step.state
    s.decks = {deck: [] for deck in s.decks}  # no cards: their effects are other rules' business
    free = rules.door_matching == "free"
    for _ in range(draw(st.integers(0, 9))):
        view = HouseView(s, CONTENT)
        doorways = sorted(view.open_doorways(FLOOR))
        left = [t for t in s.stack if FLOOR in CONTENT.rooms[t].floors]
        if not doorways or not left:
            break
        _, d, cell = draw(st.sampled_from(doorways))
        tile = draw(st.sampled_from(sorted(left)))
        rotations = view.placements(tile, cell, OPPOSITE[d], free)
        if rotations:
            s.house[tile] = Placed(*cell, draw(st.sampled_from([r for r, _ in rotations])))
            s.stack.remove(tile)
            s.house_changed()
    # a random part of the basement tiles still out of the house stays in the game, in a random order
    # (mostly narrow tiles, so that floors close often)
    pool = draw(st.sampled_from([BASEMENT_TILES, NARROW, DEAD_ENDS, DEAD_ENDS]))
    keep = draw(st.lists(st.sampled_from(pool), unique=True, max_size=len(pool)))
    others = [t for t in s.stack if FLOOR not in CONTENT.rooms[t].floors]
    basement = [t for t in keep if t not in s.house]
    s.stack = others + basement if mode == "table" else draw(st.permutations(others + basement))
    s.stack_discards = []
    return arrange(step)


def discover(step: Step, room: str, d: str, order: list[int], bot: RandomBot) -> tuple[Step, list]:
    """Zoe walks from ``room`` through its open door ``d``; every prompt up to her next turn prompt is
    answered (table tiles in ``order``, checking each refusal). Returns the step and all outcomes."""
    s = step.state
    s.turn = Turn(s.turn.seat)
    step = arrange(step, at={s.turn.seat: room})
    if Move(d) not in step.awaiting.choices():
        return step, []
    free = s.config.house_rules.door_matching == "free"
    step = GAME.apply(step.state, Move(d))
    outcomes = list(step.outcomes)
    for _ in range(MAX_PROMPTS):
        prompt = step.awaiting
        if isinstance(prompt, ChooseAction) or prompt is None:
            return step, outcomes
        if isinstance(prompt, AwaitTile):
            step = place_from_table(step, prompt, order, free)
        elif isinstance(prompt, ChooseRotation):
            step = GAME.apply(step.state, Rotate(prompt.rotations[0]))
        elif isinstance(prompt, RearrangeFloor):
            step = GAME.apply(step.state, Choose("done"))
        else:
            step = GAME.apply(step.state, bot.choose(step))
        outcomes += step.outcomes
    raise AssertionError(f"no turn prompt after {MAX_PROMPTS} answers: {step.awaiting}")


def place_from_table(step: Step, prompt: AwaitTile, order: list[int], free: bool) -> Step:
    """Lay table tiles in a random order until one is accepted, checking every B3.3 refusal."""
    s = step.state
    (x, y), entry = prompt.cells[0], s.ctx["entry"]
    cell = (prompt.floor, x, y)
    tiles = [t for t in s.stack if prompt.floor in CONTENT.rooms[t].floors]
    assert tiles, "a discovery was offered on a floor with no tile left"
    tiles = [tiles[i % len(tiles)] for i in order] + tiles  # a random order, then every tile
    for tile in dict.fromkeys(tiles):
        try:
            return GAME.apply(s, PlaceTile(tile, prompt.floor, x, y, None))
        except IllegalAction as exc:
            if exc.rule == "B3.3":  # refused for closing: only while another tile could keep it open
                assert any(avoids(s, t, cell, entry, free) for t in s.stack if t != tile), exc.sentence
                assert not avoids(s, tile, cell, entry, free)
    raise AssertionError(f"every tile left for {cell} was refused: play would stick")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(basements(), st.data())
def test_B3_3_no_accepted_placement_leaves_a_floor_closed_while_tiles_for_it_remain(step, data):
    bot = RandomBot(data.draw(st.integers(0, 2**16)), Roll)
    declared_complete = False
    for _ in range(12):
        s = step.state
        doorways = sorted(HouseView(s, CONTENT).open_doorways(FLOOR))
        if not doorways or not tiles_left(s):
            break
        room, d, _ = data.draw(st.sampled_from(doorways))
        order = data.draw(st.lists(st.integers(0, 50), max_size=6))
        if data.draw(st.booleans()):  # something lies in every room: no shift can move one
            s.tokens.update({f"item:{name}": name for name in basement_rooms(s)})
        before_rooms, before_reach = basement_rooms(s), reachable(s)
        before_tiles, before_left = every_tile(s), tiles_left(s)
        step, outcomes = discover(step, room, d, order, bot)
        after = step.state
        codes = {o.code for o in outcomes}
        for code in sorted(codes & {"floor.rearranged", "floor.shifted", "floor.swapped", "floor.closed"}):
            event(f"{after.config.rooms}: {code}")
        # no tile is lost or doubled: each is in the house or still to come, once
        assert every_tile(after) == before_tiles
        assert len(basement_rooms(after)) <= len(before_rooms) + 1
        # the floor is open, or complete: no tile left, or the engine said nothing reopens it
        if not HouseView(after, CONTENT).open_doorways(FLOOR) and tiles_left(after):
            assert "floor.closed" in codes, [o.text for o in outcomes]
            declared_complete = True
        # a rearrangement cuts no room off, except the one a shift moved next door
        shifted = {dict(o.params)["room"] for o in outcomes if o.code == "floor.shifted"}
        cut_off = (before_reach - reachable(after)) - shifted
        assert not cut_off, (cut_off, [o.text for o in outcomes])
        for name in shifted:  # it moved next door, one of its doors facing the cell it left
            view, old, new = HouseView(after, CONTENT), s.house[name], after.house[name]
            assert any(neighbour(FLOOR, new.x, new.y, e) == (FLOOR, old.x, old.y) for e in view.doors(name))
        # a closing tile is laid only when no tile left could have kept the floor open (both modes)
        if codes & {"floor.rearranged", "floor.shifted", "floor.swapped", "floor.closed"}:
            cell, free = (
                neighbour(*HouseView(s, CONTENT).cell(room), d),
                s.config.house_rules.door_matching == "free",
            )
            assert not any(avoids(s, t, cell, OPPOSITE[d], free) for t in before_left)
        if declared_complete:
            break


def test_B3_3_the_rearrangement_module_examples_run():
    import doctest

    from hauntable.games.betrayal import rearrange

    failures, tried = doctest.testmod(rearrange)
    assert tried and not failures
