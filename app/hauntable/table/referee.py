"""The table referee: turns what the readers and the tower observe into the input the game awaits.

It sits between the scanner (debounced :class:`~hauntable.table.scanner.ScanEvent`) and a
:class:`~hauntable.session.Session`, and answers every observation with a :class:`Verdict` whose
``message`` is what the players are told:

- a tile tag appearing at a house cell becomes ``PlaceTile(rotation=None)`` (the engine asks for the
  rotation only when more than one is legal); laid beyond an open door of the explorer's room before
  anyone chose to move, it becomes that move plus the placement, both or neither;
- a card tag on the draw pad becomes the awaited ``DrawCard``;
- a tile lifted from the house pauses play: "Put the Kitchen back at ground 3,4", until it is back;
- a roll from the tower (:meth:`Referee.on_roll`) nobody asked for: "No roll expected now";
- an unknown tag: "Unknown tag 04:A2:...: the operator enrols it in the admin menu (Enrol tags) or with
  hauntable enroll";
- two tags on one reader (the scanner's ``stacked``): "2 tiles are stacked on ground 3,4 (the Kitchen
  and the Attic): leave only one there"; nothing is submitted until one is taken off. Figures are not
  read (moves are tapped): a figure standing on a room is no stack, and a tile read together with the
  figure set on it is laid;
- while a closed floor is being rearranged (``RearrangeFloor``, rule B3.3), a moved tile seen at its new
  cell is noted ("The Crypt is in place"); once every moved tile is and none needs turning, the referee
  answers ``done`` itself. A turn cannot be read, so then the players answer ``done`` on the screen. A
  moved tile laid elsewhere is told where it goes.

With :class:`~hauntable.table.lights.Lights` it also lights the LEDs of the places the game waits at
(the cell for the awaited tile, the draw pad, the tower while a roll is awaited) and flashes ``fault`` and
the place's LED on every refusal.

Every rejection shows its sentence and changes nothing: the session refuses before it logs. The inputs
go through the game's channel like a tap's (:class:`~hauntable.table.refereeing.TableReferee`), and after
every accepted input, whoever made it, the referee tells the scanner which readers to read first
(:meth:`expected_readers`) and the LEDs what to light.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import IllegalAction, Rejection
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.house import STEP, HouseView
from hauntable.games.betrayal.inputs import Choose, DrawCard, Move, PlaceTile, Roll
from hauntable.games.betrayal.prompts import (
    AwaitCard,
    AwaitTile,
    ChooseAction,
    ChooseRotation,
    RearrangeFloor,
)
from hauntable.session import Session
from hauntable.table.channel import Channel
from hauntable.table.layout import Layout, ReaderSpec
from hauntable.table.lights import ROLL as ROLL_LED
from hauntable.table.lights import Lights
from hauntable.table.refereeing import DRAW_PAD, IGNORED, TableReferee, Verdict
from hauntable.table.registry import TagRegistry
from hauntable.table.scanner import ScanEvent, Scanner

__all__ = ["DRAW_PAD", "IGNORED", "NO_ROLL", "Referee", "TablePaused", "Verdict"]

NO_ROLL = "No roll expected now"


class TablePaused(Rejection):
    """A tap while a tile of the house is off the table: play waits until it is back."""

    code = "table/paused"


class Referee(TableReferee):
    """Maps observations to Betrayal's inputs for one game at one table (see the module's docstring);
    with ``lights`` it lights and flashes the table's LEDs."""

    def __init__(
        self,
        door: Channel | Session,
        layout: Layout,
        registry: TagRegistry,
        *,
        scanner: Scanner | None = None,
        on_message: Callable[[str], None] | None = None,
        lights: Lights | None = None,
        on_step: Callable[[Step], None] | None = None,
    ):
        super().__init__(door, layout, registry, scanner=scanner, on_message=on_message, on_step=on_step)
        self.lights = lights
        self._missing: dict[str, tuple[str, int, int]] = {}  # tile name -> the cell it must return to
        self._stacks: dict[str, str] = {}  # reader -> the stack last told there
        self._arrived: tuple[int, set[str]] = (-1, set())  # (seq, moved tiles seen at their new cells)
        self._content = load_content()
        self.channel.add_check(self.check_touch)  # a tap the readers contradict is refused (B3.3.5)
        self.refresh()

    # --- state -----------------------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        """True while a tile of the house is off the table."""
        return bool(self._missing)

    def pause_message(self) -> str | None:
        for name, (floor, x, y) in self._missing.items():
            return f"Put the {name} back at {floor} {x},{y}"
        return None

    def _paused(self) -> Verdict:
        """The pause told again: which tile goes back where."""
        for name, (floor, x, y) in self._missing.items():
            return self._said(False, self.pause_message(), "put_back", name=name, floor=floor, x=x, y=y)
        return Verdict(False)

    def expected_readers(self) -> list[str]:
        """Readers where the next observation is likely: where the awaited tile or card will appear,
        cells beyond the open doors of the explorer's room, and where a lifted tile must return."""
        cells: list[tuple[str, int, int]] = list(self._missing.values())
        slots: list[str] = []
        awaiting = self.session.step.awaiting
        if isinstance(awaiting, AwaitTile):
            cells += [(awaiting.floor, x, y) for x, y in awaiting.cells]
        elif isinstance(awaiting, ChooseRotation):
            cells.append((awaiting.floor, awaiting.x, awaiting.y))
        elif isinstance(awaiting, AwaitCard):
            slots.append(DRAW_PAD)
        elif isinstance(awaiting, ChooseAction):
            cells += [cell for _, cell in self._doorways()]
        elif isinstance(awaiting, RearrangeFloor):
            cells += self._rearranged_cells(awaiting)
        return self._readers_at(cells, slots)

    def _doorways(self) -> list[tuple[str, tuple[str, int, int]]]:
        """(direction, empty cell) beyond each open door of the current explorer's room."""
        state = self.session.step.state
        if not hasattr(state, "current") or state.current.room not in state.house:
            return []
        view = HouseView(state, self._content)
        placed = state.house[state.current.room]
        out = []
        for room, _, cell in view.open_doorways(placed.floor):
            if room == state.current.room:
                dx, dy = cell[1] - placed.x, cell[2] - placed.y
                direction = next(d for d, step in STEP.items() if step == (dx, dy))
                out.append((direction, cell))
        return out

    def lit_places(self) -> set[str]:
        """LED names to light: readers where the game waits for a tag, towers (and ``roll``) while a roll
        is awaited; while paused, only the cells lifted tiles must go back to."""
        cells = list(self._missing.values())
        places: set[str] = set()
        awaiting = self.session.step.awaiting
        if not self.paused:
            if isinstance(awaiting, AwaitTile):
                cells += [(awaiting.floor, x, y) for x, y in awaiting.cells]
            elif isinstance(awaiting, AwaitCard):
                places.add(DRAW_PAD)
            elif isinstance(awaiting, RearrangeFloor):
                cells += self._rearranged_cells(awaiting)
            if awaiting is not None and "roll" in awaiting.accepts:
                places |= {tower.id for tower in self.layout.towers} | {ROLL_LED}
        places |= {spec.id for cell in cells if (spec := self.layout.cell_reader(*cell)) is not None}
        return places

    def _rearranged_cells(self, prompt: RearrangeFloor) -> list[tuple[str, int, int]]:
        """Where the tiles of a rearrangement now lie (B3.3): the cells to lay moved tiles at or turn."""
        house = self.session.step.state.house
        names = [room for room, _, _ in prompt.moves] + list(prompt.turned)
        return [(p.floor, p.x, p.y) for name in dict.fromkeys(names) if (p := house.get(name)) is not None]

    def check_touch(self, inp: Input) -> None:
        """Check a tap against what the readers saw before the screen submits it. While a tile of the house
        is off the table play waits for it, taps too (``TablePaused``); ``done`` while a rearranged floor
        (B3.3.5) still has a moved tile the readers have not seen at its new cell is refused, or the game's
        house and the one on the table would differ from then on."""
        with self._lock:
            if self._missing:
                raise TablePaused(f"Play waits for the table: {self.pause_message()}.")
            awaiting = self.session.step.awaiting
            if not isinstance(awaiting, RearrangeFloor) or getattr(inp, "option", None) != "done":
                return
            seq, arrived = self._arrived
            if seq != self.session.step.state.seq:
                arrived = set()
            waiting = [(room, x, y) for room, x, y in awaiting.moves if room not in arrived]
            if waiting:
                room, x, y = waiting[0]
                raise IllegalAction(
                    f"Lay the {room} at {awaiting.floor} {x},{y} first: the readers have not seen it there.",
                    "B3.3.5",
                )

    def refresh(self) -> None:
        """Re-read what the game awaits and tell the scanner and the LEDs (after every step: the
        channel calls it)."""
        with self._lock:
            super().refresh()
            if self.lights is not None:
                self.lights.show(self.lit_places(), paused=self.paused)

    # --- observations ----------------------------------------------------------------------------------

    def observe(self, event: ScanEvent) -> Verdict:
        """Handle one scanner event (never raises for anything a player can do); a refusal flashes."""
        with self._lock:
            verdict = super().observe(event)
            if verdict.refused and self.lights is not None:
                self.lights.flash(event.reader)
            return verdict

    def _observed(self, spec: ReaderSpec, event: ScanEvent) -> Verdict:
        if event.kind == "appeared":
            return self._appeared(spec, event.uid)
        if event.kind == "stacked":
            # figures stand on rooms (Betrayal reads none: moves are tapped), so a stack is its other tags;
            # a tile that settled with a figure set on it at once is laid
            pieces = [uid for uid in event.detail.split() if not self._is_figure(uid)]
            if self._is_figure(event.uid):
                return IGNORED
            if len(pieces) <= 1:
                return self._appeared(spec, event.uid)
            detail = " ".join(pieces)
            if self._stacks.get(spec.id) == detail:
                return IGNORED  # the same stack, told once (one event per tag that settled in it)
            self._stacks[spec.id] = detail
            return self._tell(self.stacked_verdict(spec, pieces))
        self._stacks.pop(spec.id, None)
        if event.kind == "removed":
            return self._removed(spec, event.uid)
        return IGNORED

    def _is_figure(self, uid: str) -> bool:
        tag = self.registry.lookup(uid)
        return tag is not None and tag.kind == "figure"

    def on_roll(self, faces: Sequence[int], source: str) -> bool:
        """A roll from a dice tower (a :data:`~hauntable.table.dice_link.rolls.RollConsumer`); True if the
        game accepted it (the tower then acknowledges it). A rejected roll is told to the players and is
        not applied, so the tower must not retry it."""
        with self._lock:
            accepted = self._roll(tuple(faces), source)
            if not accepted and self.lights is not None:
                self.lights.flash(source.removeprefix("table:"), ROLL_LED)
            return accepted

    def _roll(self, faces: tuple[int, ...], source: str) -> bool:
        if self.paused:
            self._tell(self._paused())
            return False
        awaiting = self.session.step.awaiting
        if awaiting is None or "roll" not in awaiting.accepts:
            self._tell(self._said(False, NO_ROLL, "no_roll"))
            return False
        return self._submit(Roll(faces, source=source)).accepted

    def _appeared(self, spec: ReaderSpec, uid: str) -> Verdict:
        tag = self.registry.lookup(uid)
        if tag is None:
            told = self.registry.describe(uid)
            return self._tell(self._said(False, told, "unknown_tag", uid=uid))
        if spec.cell is not None and tag.kind == "tile":
            if tag.name in self._missing:
                return self._returned(tag.name, spec.cell)
            if self.paused:
                return self._tell(self._paused())
            awaiting = self.session.step.awaiting
            if isinstance(awaiting, RearrangeFloor) and any(m[0] == tag.name for m in awaiting.moves):
                return self._moved(awaiting, tag.name, spec)
            if tag.name in self.session.step.state.house:
                return IGNORED  # already in the house and not missing: a re-read after a reader hiccup
            return self._place(tag.name, spec)
        if spec.slot == DRAW_PAD and tag.kind == "card":
            if self.paused:
                return self._tell(self._paused())
            return self._submit(DrawCard(tag.name, source=f"table:{spec.id}"))
        if tag.kind == "tile" and spec.slot == DRAW_PAD:
            told = f"The {tag.name} is a room tile: lay it in the house"
            return self._tell(self._said(False, told, "tile_on_pad", name=tag.name))
        if tag.kind == "card" and spec.cell is not None:
            told = f"{tag.name} is a card: lay it on the draw pad"
            return self._tell(self._said(False, told, "card_on_cell", name=tag.name))
        return IGNORED  # figures (moves are tapped) and other slots: not read in Betrayal

    def stacked_verdict(self, spec: ReaderSpec, uids: Sequence[str]) -> Verdict:
        """The stacked-tags message with its kind and names (cards, tiles and unknown UIDs as read)."""
        tags = [self.registry.lookup(uid) for uid in uids]
        names = ", ".join(sorted(t.name if t is not None else u for t, u in zip(tags, uids, strict=True)))
        if spec.cell is not None:
            code = "stacked.cell"
        elif spec.slot == DRAW_PAD:
            code = "stacked.pad"
        else:
            code = "stacked.slot"
        return self._said(
            False, self.stacked_message(spec, uids), code, n=len(uids), place=spec.place, names=names
        )

    def stacked_message(self, spec: ReaderSpec, uids: Sequence[str]) -> str:
        """The sentence for several tags on one reader, naming what they are where the registry knows."""
        tags = [self.registry.lookup(uid) for uid in uids]
        names = " and ".join(
            sorted(
                f"the {t.name}" if t is not None else f"an unknown tag {u}"
                for t, u in zip(tags, uids, strict=True)
            )
        )
        if spec.cell is not None:
            what = "tiles are stacked on"
        elif spec.slot == DRAW_PAD:
            what = (
                "cards lie on the draw pad:"
                if all(t and t.kind == "card" for t in tags)
                else "tags lie on the draw pad:"
            )
            return f"{len(uids)} {what} {names}. Lay one card at a time"
        else:
            what = "tags lie on"
        return f"{len(uids)} {what} {spec.place} ({names}): leave only one there"

    def _place(self, name: str, spec: ReaderSpec) -> Verdict:
        assert spec.cell is not None
        floor, x, y = spec.cell
        place = PlaceTile(name, floor, x, y, None, source=f"table:{spec.id}")
        step = self.session.step
        if isinstance(step.awaiting, ChooseAction):
            move = next((Move(d) for d, cell in self._doorways() if cell == spec.cell), None)
            if move is not None and move in step.awaiting.choices():
                try:  # apply is pure: try both on the current state before logging either
                    after_move = self.session.game.apply(step.state, move)
                    self.session.game.apply(after_move.state, place)
                except Rejection:
                    pass  # fall through: the placement alone is refused with the engine's sentence
                else:
                    self._offer(move, source=f"table:{spec.id}")
        return self._submit(place)

    def _moved(self, prompt: RearrangeFloor, name: str, spec: ReaderSpec) -> Verdict:
        """A tile the rearrangement moves (B3.3) seen at ``spec``: in place, or told where it goes."""
        state = self.session.step.state
        target = state.house[name]
        if spec.cell != (target.floor, target.x, target.y):
            told = f"Lay the {name} at {target.floor} {target.x},{target.y} (B3.3)"
            return self._tell(
                self._said(False, told, "lay_at", name=name, floor=target.floor, x=target.x, y=target.y)
            )
        seq, arrived = self._arrived
        if seq != state.seq:
            arrived = set()
        arrived.add(name)
        self._arrived = (state.seq, arrived)
        waiting = [(room, x, y) for room, x, y in prompt.moves if room not in arrived]
        if waiting:
            room, x, y = waiting[0]
            told = f"The {name} is in place; now lay the {room} at {prompt.floor} {x},{y}"
            said = self._said(
                False, told, "in_place_next", True, name=name, room=room, floor=prompt.floor, x=x, y=y
            )
            return self._tell(said)
        if prompt.turned:
            turned = " and the ".join(prompt.turned)
            told = f"The {name} is in place: answer done once the {turned} is turned"
            return self._tell(
                self._said(False, told, "in_place_turn", True, name=name, turned=", ".join(prompt.turned))
            )
        return self._submit(Choose("done"), source=f"table:{spec.id}")

    def _removed(self, spec: ReaderSpec, uid: str) -> Verdict:
        tag = self.registry.lookup(uid)
        if tag is None or tag.kind != "tile" or spec.cell is None:
            return IGNORED  # cards leave the draw pad for a hand; unknown tags were never in play
        placed = self.session.step.state.house.get(tag.name)
        if placed is None or (placed.floor, placed.x, placed.y) != spec.cell:
            return IGNORED  # a refused tile taken back: nothing to restore
        self._missing[tag.name] = spec.cell
        self.refresh()
        return self._tell(self._paused())

    def _returned(self, name: str, cell: tuple[str, int, int]) -> Verdict:
        if self._missing[name] != cell:
            return self._tell(self._paused())
        del self._missing[name]
        self.refresh()
        if self.paused:
            return self._tell(self._paused())
        return self._tell(self._said(False, f"The {name} is back", "back", True, name=name))
