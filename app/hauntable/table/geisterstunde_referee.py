"""The Geisterstunde table referee: plan slots, the key slot and figures under the castle's rooms.

The castle board lies on the table's ground-floor reader grid (:func:`castle_cells`: room "rc" over cell
(col + 1, 5 - row) of the 7x7 reference grid, the Verlies north of the Schatzkammer). What it maps:

- **Plan slots** ``ghost:1`` .. ``ghost:4``: the ghost lays its crest cards face down, left to right; the
  readers read them anyway. Each card laid is checked at once against the engine's plan rules, and an
  impossible one is refused in a message for the ghost alone (:attr:`Verdict.seat`); four good cards are
  the plan, fewer become the plan when the ghost confirms (:meth:`confirm_plan`, a button or a tap).
- **The key slot** ``key``: a key card laid there is played (``key red-lion``) on a runner's turn, read as
  the card taken from the pile when one is awaited (``draw``, the draw pad works too), discarded when a
  hand of five must shed one.
- **Figures** (tags of kind ``figure`` named after the seat, "1" to "4"): a runner's figure moved through a
  door whose key the runner holds plays that key; through a door without the key, or through a wall, it is
  caught and named, and play waits until it is back. The ghost's figure moved to the room its next card
  names turns that card over (``reveal``).

Every message is the engine's sentence or a sentence that names what to put back; none names an unrevealed
crest. Touch play needs none of this: with no readers the screen submits the same inputs.
"""

from __future__ import annotations

from collections.abc import Callable

from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import Rejection
from hauntable.games.geisterstunde.content import content_of
from hauntable.games.geisterstunde.content_model import EXIT, Content
from hauntable.games.geisterstunde.inputs import Discard, Draw, Key, Plan, Reveal
from hauntable.games.geisterstunde.prompts import AwaitDraw, DiscardKey, LayPlan, RevealCard, RunnerTurn
from hauntable.games.geisterstunde.rules import check_plan
from hauntable.session import Session
from hauntable.table.channel import Channel
from hauntable.table.layout import Layout, ReaderSpec
from hauntable.table.referee import Referee, TablePaused
from hauntable.table.refereeing import DRAW_PAD, IGNORED, TableReferee, Verdict
from hauntable.table.registry import TagRegistry
from hauntable.table.scanner import ScanEvent, Scanner

KEY_SLOT = "key"
PLAN_SLOTS = ("ghost:1", "ghost:2", "ghost:3", "ghost:4")
GHOST_CARD = "ghost-"  # ghost crest cards are enrolled as cards named "ghost-lily", ...
Cell = tuple[str, int, int]


def castle_cells(content: Content, origin: tuple[int, int] = (1, 5)) -> dict[str, Cell]:
    """Room id -> the ground-floor reader cell under it; row 0 (north) at y = origin y, the Verlies above
    the room the ghost leaves it for."""
    ox, oy = origin
    cells = {rid: ("ground", ox + r.col, oy - r.row) for rid, r in content.rooms.items()}
    start = content.ghost_steps[content.dungeon]
    (first,) = start.values()
    _, x, y = cells[first]
    cells[content.dungeon] = ("ground", x, y + 1)
    return cells


def _said(code: str, **params: object) -> dict:
    """A Verdict's ``code`` and ``params`` (``gsref.<code>`` in the UI catalogs); the message stays English"""
    return {"code": f"gsref.{code}", "params": tuple(params.items())}


class GeisterstundeReferee(TableReferee):
    """Maps observations to Geisterstunde inputs for one game at one table.

    ``on_message(text)`` receives what the whole table may read; ``on_private(seat, text)`` what only
    one player may read (the ghost's plan checks). ``figures`` names the figure tag of each seat.
    """

    CODE_PREFIX = "gsref."

    def __init__(
        self,
        door: Channel | Session,
        layout: Layout,
        registry: TagRegistry,
        *,
        scanner: Scanner | None = None,
        on_message: Callable[[str], None] | None = None,
        on_private: Callable[[int, str], None] | None = None,
        on_step: Callable[[Step], None] | None = None,
        figures: tuple[str, ...] = ("1", "2", "3", "4"),
        origin: tuple[int, int] = (1, 5),
    ):
        super().__init__(door, layout, registry, scanner=scanner, on_message=on_message, on_step=on_step)
        self.on_private = on_private
        self.private: list[tuple[int, str]] = []
        self.private_told: list[Verdict] = []  # the verdicts behind ``private``, with their codes
        self.content = content_of(self.session.step.state.config.board)  # the table's own board, if any
        self.cells = castle_cells(self.content, origin)
        self.rooms = {cell: rid for rid, cell in self.cells.items()}
        self.figures = {name: seat for seat, name in enumerate(figures)}
        self._plan: dict[int, str] = {}  # plan slot number -> crest, while the ghost lays its cards
        self._astray: dict[int, str] = {}  # seat -> the room its figure must go back to
        # seat -> the room its figure was last lifted from: only a figure lifted from the room the game
        # has it in can make a move; a figure first seen elsewhere (a late read, a figure not yet moved
        # after a key on the key slot) is told where it belongs and plays nothing
        self._lifted: dict[int, str] = {}
        self.channel.add_check(self.check_touch)  # a tap while a figure is astray waits, as the readers do
        self.refresh()

    # --- state ----------------------------------------------------------------------------------------------

    @property
    def state(self):
        return self.session.step.state

    @property
    def paused(self) -> bool:
        """True while a figure stands where the game says it is not."""
        return bool(self._astray)

    def check_touch(self, inp: Input) -> None:
        """A tap while a figure stands where the game does not have it waits like the readers do: the
        figure first goes back (``TablePaused``), or the game and the table would disagree."""
        with self._lock:
            if self._astray:
                raise TablePaused(f"Play waits for the table: {self.pause_message()}.")

    def pause_message(self) -> str | None:
        for seat, room in self._astray.items():
            return f"Put {self._who(seat)} back in {self.content.label(room)}"
        return None

    def _who(self, seat: int) -> str:
        name = self.state.config.players[seat]
        return "the ghost" if seat == self.state.ghost else f"{name}'s figure"

    def expected_readers(self) -> list[str]:
        """Readers to read first: the plan slots while the ghost plans, the key slot and the rooms beyond
        the runner's doors on a turn, the next room of the ghost's path while it reveals, astray figures'
        home rooms."""
        cells: list[Cell] = [self.cells[room] for room in self._astray.values()]
        slots: list[str] = []
        awaiting = self.session.step.awaiting
        if isinstance(awaiting, LayPlan):
            slots += PLAN_SLOTS
        elif isinstance(awaiting, RunnerTurn):
            slots.append(KEY_SLOT)
            doors = self.content.rooms[awaiting.room].doors
            cells += [self.cells[to] for to in doors.values() if to != EXIT]
        elif isinstance(awaiting, AwaitDraw | DiscardKey):
            slots += [KEY_SLOT, DRAW_PAD]
        elif isinstance(awaiting, RevealCard):
            s = self.state
            nxt = self.content.step(s.rooms[s.ghost], s.plan[s.revealed])
            if nxt is not None:
                cells.append(self.cells[nxt])
        return self._readers_at(cells, slots)

    def refresh(self) -> None:
        """Re-read what the game awaits and tell the scanner (after every step: the channel calls it)."""
        with self._lock:
            if not isinstance(self.session.step.awaiting, LayPlan):
                self._plan.clear()
            elif not self._plan and self.scanner is not None:
                self._plan = self._cards_on_slots()  # cards left lying from the last round count
            super().refresh()

    def _cards_on_slots(self) -> dict[int, str]:
        """The ghost cards the scanner sees on the plan slots now: slot number -> crest."""
        assert self.scanner is not None
        found: dict[int, str] = {}
        for i, slot in enumerate(PLAN_SLOTS, 1):
            spec = self.layout.slot_reader(slot)
            if spec is None:
                continue
            for uid in self.scanner.present(spec.id):
                tag = self.registry.lookup(uid)
                if tag is not None and tag.kind == "card" and tag.name.startswith(GHOST_CARD):
                    found[i] = tag.name.removeprefix(GHOST_CARD)
        return found

    # --- observations ---------------------------------------------------------------------------------------

    def _observed(self, spec: ReaderSpec, event: ScanEvent) -> Verdict:
        if event.kind in ("appeared", "stacked"):  # figures share rooms (G3.4): one more figure is a move
            return self._appeared(spec, event)
        if event.kind == "removed":
            return self._removed(spec, event.uid)
        return IGNORED

    def confirm_plan(self) -> Verdict:
        """The ghost says its 1-3 cards are all it lays (a button or a tap): they become the plan."""
        with self._lock:
            if not isinstance(self.session.step.awaiting, LayPlan):
                return self._tell(Verdict(False, "No plan is awaited now", **_said("no_plan")))
            crests = self._laid()
            if not crests:
                return self._private(
                    "Lay 1 to 4 crest cards on the plan slots, from slot 1 on (G2.1)",
                    said=_said("plan_empty"),
                )
            return self._submit(Plan(crests, source="table:ghost"))

    def _appeared(self, spec: ReaderSpec, event: ScanEvent) -> Verdict:
        uid = event.uid
        tag = self.registry.lookup(uid)
        if tag is None:
            return self._tell(Verdict(False, self.registry.describe(uid), **_said("unknown_tag", uid=uid)))
        if tag.kind == "figure" and spec.cell is not None:
            return self._figure(tag.name, spec.cell, spec, event.elsewhere)
        if tag.kind != "card":
            return IGNORED
        if spec.slot in PLAN_SLOTS:
            return self._plan_card(int(spec.slot.split(":")[1]), tag.name)
        if spec.slot in (KEY_SLOT, DRAW_PAD):
            return self._key_card(tag.name, spec)
        return IGNORED

    def _removed(self, spec: ReaderSpec, uid: str) -> Verdict:
        tag = self.registry.lookup(uid)
        if tag is not None and spec.slot in PLAN_SLOTS and isinstance(self.session.step.awaiting, LayPlan):
            self._plan.pop(int(spec.slot.split(":")[1]), None)
        if tag is not None and tag.kind == "figure" and spec.cell is not None:
            seat, room = self.figures.get(tag.name), self.rooms.get(spec.cell)
            rooms = self.state.rooms
            if seat is not None and room is not None and seat < len(rooms) and room == rooms[seat]:
                # figures are lifted to be moved; a lift read after the move it made (the arrival was
                # read first: ``elsewhere``) is no lift from the room the game now has it in
                self._lifted[seat] = room
        return IGNORED  # cards leave the key slot for the discard pile or a hand

    # --- the ghost's plan -----------------------------------------------------------------------------------

    def _laid(self) -> tuple[str, ...]:
        """The crests on plan slots 1, 2, ... up to the first empty slot."""
        out = []
        for i in range(1, 5):
            if i not in self._plan:
                break
            out.append(self._plan[i])
        return tuple(out)

    def _plan_card(self, slot: int, name: str) -> Verdict:
        if not isinstance(self.session.step.awaiting, LayPlan):
            if self.state.plan and slot <= len(self.state.plan):
                return IGNORED  # a re-read of a card of the plan laid: it still lies there
            text = "The ghost lays its cards at the start of a round (G2.4)"
            return self._tell(Verdict(False, text, **_said("plan_later")))
        if not name.startswith(GHOST_CARD):
            return self._private(
                f"Slot {slot} takes a ghost crest card, not a key", said=_said("slot_crest", slot=slot)
            )
        self._plan[slot] = name.removeprefix(GHOST_CARD)
        crests = self._laid()
        if len(crests) < len(self._plan):
            gap = len(crests) + 1
            return self._private(
                f"Lay the cards from slot 1 on, with no gap (slot {gap} is empty)",
                said=_said("plan_gap", slot=gap),
            )
        try:
            plan = Plan(crests, source="table:ghost")
            check_plan(self.state, self.content, plan)
        except Rejection as exc:
            return self._private(exc.sentence, exc)
        if len(crests) == 4:
            return self._submit(plan)
        n = len(crests)
        return self._private(
            f"{n} card(s) lie: lay another, or confirm the plan", said=_said("plan_more", n=n)
        )

    def _private(self, text: str, rejection: Rejection | None = None, said: dict | None = None) -> Verdict:
        seat = self.state.ghost
        verdict = Verdict(False, text, rejection=rejection, seat=seat, **(said or {}))
        self.private.append((seat, text))
        self.private_told.append(verdict)
        if self.on_private is not None:
            self.on_private(seat, text)
        return verdict

    # --- keys -----------------------------------------------------------------------------------------------

    def _key_card(self, name: str, spec: ReaderSpec) -> Verdict:
        if self.paused:
            return self._tell(Verdict(False, self.pause_message(), **self._pause_said()))
        if name.startswith(GHOST_CARD):
            text = "That is a ghost card: it belongs on the plan slots"
            return self._tell(Verdict(False, text, **_said("ghost_card")))
        awaiting = self.session.step.awaiting
        source = f"table:{spec.id}"
        inp: Input
        if isinstance(awaiting, RunnerTurn) and spec.slot == KEY_SLOT:
            inp = Key(name, source=source)
        elif isinstance(awaiting, AwaitDraw):
            inp = Draw(name, source=source)
        elif isinstance(awaiting, DiscardKey) and spec.slot == KEY_SLOT:
            inp = Discard(name)
        else:
            return self._tell(Verdict(False, "No key card expected now", **_said("no_key")))
        return self._submit(inp)

    # --- figures --------------------------------------------------------------------------------------------

    def _figure(self, name: str, cell: Cell, spec: ReaderSpec, elsewhere: tuple[str, ...] = ()) -> Verdict:
        seat = self.figures.get(name)
        room = self.rooms.get(cell)
        s = self.state
        if seat is None or seat >= len(s.rooms) or room is None:
            return IGNORED  # a figure of no seat in this game, or off the castle
        home = s.rooms[seat]
        lifted_from = self._lifted.pop(seat, None)
        home_reader = self.layout.cell_reader(*self.cells[home])
        if home_reader is not None and home_reader.id in elsewhere:
            lifted_from = home  # set down here before its lift from home was read: the same move
        if room == home:
            if self._astray.pop(seat, None) is not None:
                self.refresh()
                if self.paused:
                    return self._tell(Verdict(False, self.pause_message(), **self._pause_said()))
                return self._tell(Verdict(False, f"{self._who(seat)} is back", **_said("back", seat=seat)))
            return IGNORED  # the figure stands where the game says: a move already made, or a re-read
        if lifted_from != home and seat not in self._astray:
            # not lifted from where the game has it: a late read, or a figure still to be moved
            return self._tell(
                Verdict(
                    False,
                    f"{self._who(seat).capitalize()} belongs in {self.content.label(home)}",
                    **_said("belongs", seat=seat, room=home),
                )
            )
        awaiting = self.session.step.awaiting
        if seat == s.ghost:
            revealing = isinstance(awaiting, RevealCard) and not self.paused
            if revealing and self.content.step(home, s.plan[s.revealed]) == room:
                return self._submit(Reveal())
            return self._stray(seat, "The ghost floats only as its cards are turned over (G5.1)", "float")
        if isinstance(awaiting, RunnerTurn) and awaiting.player == seat and not self.paused:
            doors = self.content.rooms[home].doors
            colour = next((c for c, to in doors.items() if to == room), None)
            here, there = self.content.label(home), self.content.label(room)
            if colour is None:
                return self._stray(
                    seat, f"No door leads from {here} to {there} (G3.2)", "no_door", home, room
                )
            if not any(k.startswith(colour + "-") for k in s.hands[seat]):
                who = s.config.players[seat]
                return self._stray(
                    seat,
                    f"{who} holds no {colour} key for the door from {here} to {there} (G3.3)",
                    "no_key_for_door",
                    home,
                    room,
                    colour,
                )
            return self._submit(Key(colour, source=f"table:{spec.id}"))
        return self._stray(seat, f"It is not {s.config.players[seat]}'s move", "not_move")

    def _stray(
        self, seat: int, why: str, reason: str, here: str = "", there: str = "", colour: str = ""
    ) -> Verdict:
        """A figure set down where the game does not have it: say why, and pause until it is put back."""
        self._astray[seat] = self.state.rooms[seat]
        self.refresh()
        said = _said(
            f"stray.{reason}",
            seat=seat,
            here=here,
            there=there,
            colour=colour,
            **self._astray_first(),
        )
        return self._tell(Verdict(False, f"{why}: {self.pause_message()}", **said))

    def _pause_said(self) -> dict:
        """The pause message's code and names: the first figure astray and the room it belongs in."""
        return _said("put_back", **self._astray_first())

    def _astray_first(self) -> dict[str, object]:
        for seat, room in self._astray.items():
            return {"back_seat": seat, "back_room": room}
        return {}

    # --- submitting -----------------------------------------------------------------------------------------

    def _refused(self, inp: Input, exc: Rejection) -> Verdict:
        if isinstance(inp, Plan):
            return self._private(exc.sentence, exc)
        return super()._refused(inp, exc)

    def _accepted_text(self, step: Step) -> str | None:
        """The step's outcomes, then the next prompt."""
        texts = [o.text for o in step.outcomes]
        prompt = super()._accepted_text(step)
        return "; ".join([*texts, prompt] if prompt else texts) or None


def make_referee(session: Session, layout: Layout, registry: TagRegistry, **kwargs):
    """The referee for the session's game: Betrayal's or Geisterstunde's."""
    if session.game.name == "geisterstunde":
        return GeisterstundeReferee(session, layout, registry, **kwargs)
    return Referee(session, layout, registry, **kwargs)
