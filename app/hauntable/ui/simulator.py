"""The simulator: the touch panel that stands in for the table's hands, acting on the mock hardware.

On a real table, hands lay tiles on RFID cells, drop cards on the draw pad and throw dice into the tower;
the scanner debounces what the readers see and the referee turns it into inputs (issue 5), and the dice
link hands rolls to the referee (issue 6). The simulator does exactly the hands' part, on the mock
backend of the reference table: it lays a tile's tag on the mock reader under the cell, puts a card's
tag on the draw pad and takes it off again, lifts and flickers tags, and gives the tower's faces to the
referee the way the dice link does. The scanner and the referee then produce the engine inputs, as they
would at the table; the simulator never makes one itself. Every tile and card has a made-up tag,
enrolled in an in-memory registry.

The mock's clock is simulated: each action runs the scanner synchronously until the referee has
answered (tens of simulated ms, well under a ms of real time per read), so the UI stays deterministic.

Like a person, it sets aside a tile the game refuses and draws the next one, asking the engine (a dry-run
``apply``, which is pure) rather than deciding itself whether a tile fits; a tile the referee refuses is
taken back off the table.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
from typing import Any

from hauntable.engine.dice import VirtualDice
from hauntable.engine.prompts import RollDice
from hauntable.engine.rejections import Rejection
from hauntable.engine.rng import Rng
from hauntable.engine.takeback import Offer
from hauntable.games.betrayal.content import Content, load_content
from hauntable.games.betrayal.inputs import DrawCard, PlaceTile
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile, RearrangeFloor
from hauntable.table.backends.mock import MockBackend
from hauntable.table.channel import Channel
from hauntable.table.layout import Layout, load_layout, reference_layout_path
from hauntable.table.lights import Lights
from hauntable.table.referee import DRAW_PAD, Referee, Verdict
from hauntable.table.registry import TagRegistry
from hauntable.table.scanner import ScanEvent, Scanner
from hauntable.ui import i18n

TOWER_SOURCE = "virtual-tower"
SETTLE_S = 2.0  # simulated seconds an action may take to be seen (a lift far from the expected cells)


def tag_uid(kind: str, name: str) -> str:
    """A made-up 7-byte NTAG UID for a piece, the same every run: ``04:`` + 6 bytes of its name's hash."""
    digest = hashlib.sha256(f"{kind}:{name}".encode()).digest()[:6]
    return ":".join(f"{b:02X}" for b in (0x04, *digest))


@dataclasses.dataclass(frozen=True)
class SimResult:
    """What a simulator action did, as an i18n key and its parameters (the panel translates it)."""

    ok: bool
    key: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)


def told_params(verdict: Verdict) -> dict[str, Any]:
    """What the panel needs to word a referee's message: the English sentence, the engine's refusal code
    and rule (worded by rule id), or the referee's own code (``referee``) and its names and numbers."""
    params: dict[str, Any] = {"message": verdict.message}
    if verdict.rejection is not None:  # the engine's refusal: the panel words it by rule id
        params.update(code=verdict.rejection.code, rule=verdict.rejection.rule)
    elif verdict.code:
        params.update(dict(verdict.params), referee=verdict.code)
    return params


def sim_text(result: SimResult) -> str:
    """A simulator action's (or a live table's) result in the current language; an engine refusal the
    referee passed on is worded by its rule id like a refusal at the seat (``i18n.refusal_text``)."""
    params = result.params
    if result.key == "sim.referee" and "code" in params:
        return i18n.refusal_text(params["code"], params.get("rule"), params["message"])
    if result.key == "sim.referee" and "referee" in params:
        return i18n.referee_text(params["referee"], params, params["message"])
    return i18n.tr(result.key, **params)


class TableSimulator:
    """Stands in for the table's hands. Every method is one thing a hand or a device does.

    >>> sim = TableSimulator(channel, seed=7)        # doctest: +SKIP
    >>> sim.place_next_tile()                        # doctest: +SKIP
    """

    def __init__(
        self, channel: Channel, seed: int, content: Content | None = None, layout: Layout | None = None
    ):
        self.channel = channel
        self.content = content or load_content()
        self.seed = seed
        rng = Rng(seed ^ 0x5EED)
        self.stack: list[str] = rng.shuffled(sorted(self.content.room_tiles()))
        self.decks: dict[str, list[str]] = {
            deck: rng.shuffled(sorted(self.content.deck(deck))) for deck in ("omen", "item", "event")
        }
        # a resumed game's tower throws on from where the log left it, never the logged faces again
        self.dice = VirtualDice(seed, name=TOWER_SOURCE).wind_past(channel.session.logged_rolls())
        self.tower_connected = True
        self.lifted: str | None = None  # a tile pulled off its cell and not yet put back
        self.flickers = 0
        self.where: dict[str, str] = {}  # tile -> the reader its tag lies on
        # the table: mock readers, scanner, referee, a registry with a tag for every tile and card
        self.layout = layout or load_layout(reference_layout_path())
        self.backend = MockBackend(self.layout)
        self.registry = TagRegistry(":memory:")
        for name in self.content.room_tiles():
            self.registry.enrol(tag_uid("tile", name), "tile", name)
        for deck in ("omen", "item", "event"):
            for name in dict.fromkeys(self.content.deck(deck)):
                self.registry.enrol(tag_uid("card", name), "card", name)
        self.scanner = Scanner(self.backend.readers(), self.backend.clock, on_event=self._seen)
        self.lights = Lights.from_backend(self.backend)
        self.verdicts: list[Verdict] = []
        # through the channel, as a tap: the screen sees each step (a move and its placement: both)
        self.referee = Referee(channel, self.layout, self.registry, scanner=self.scanner, lights=self.lights)

    ACTIONS = {  # the simulator panel's buttons
        "place_tile": "place_next_tile",
        "draw_card": "put_card_on_draw_pad",
        "throw": "throw_dice",
        "pull": "pull_tile",
        "unplug": "unplug_tower",
        "flicker": "flicker_reader",
        "rearrange": "rearrange_floor",
    }

    def act(self, action: str) -> SimResult:
        """One of the panel's buttons by its name in :data:`ACTIONS` (a KeyError for any other)."""
        return getattr(self, self.ACTIONS[action])()

    def close(self) -> None:
        self.lights.close()
        self.backend.close()
        self.registry.close()

    # --- the table's machinery ------------------------------------------------------------------------

    def _seen(self, event: ScanEvent) -> None:
        self.backend.dispatch(event)
        verdict = self.referee.observe(event)
        if verdict.message or verdict.accepted:
            self.verdicts.append(verdict)

    def _run(self, done) -> list[Verdict]:
        """Scan (simulated time) until ``done()`` holds or SETTLE_S passes; the verdicts on the way."""
        self.verdicts.clear()
        self.scanner.run_until(done, SETTLE_S)
        return list(self.verdicts)

    def _reader_at(self, floor: str, x: int, y: int) -> str | None:
        spec = self.layout.cell_reader(floor, x, y)
        return spec.id if spec is not None else None

    def _tidy(self) -> None:
        """Move tags the way the game moved tiles (the Mystic Elevator, a tile back into the stack), as
        the players would when the screen says so; the referee ignores those moves."""
        house = self.channel.step.state.house
        for name, reader in list(self.where.items()):
            if name == self.lifted:
                continue
            placed = house.get(name)
            target = self._reader_at(placed.floor, placed.x, placed.y) if placed is not None else None
            if target == reader:
                continue
            uid = tag_uid("tile", name)
            self.backend.reader(reader).lift(uid)
            del self.where[name]
            if target is not None:
                self.backend.reader(target).place(uid)
                self.where[name] = target
            self.scanner.run_until(functools.partial(self.tag_moved, uid, reader, target), SETTLE_S)

    def tag_on(self, reader: str, uid: str) -> bool:
        """The scanner sees tag ``uid`` on ``reader``."""
        return uid in self.scanner.present(reader)

    def tag_moved(self, uid: str, left: str, to: str | None) -> bool:
        """The scanner sees tag ``uid`` gone from ``left`` and on ``to`` (if it went anywhere)."""
        return not self.tag_on(left, uid) and (to is None or self.tag_on(to, uid))

    def _lay(self, reader: str, uid: str) -> list[Verdict]:
        """Put a tag on a reader and wait for the referee's answer (or for nothing to happen)."""
        self._tidy()
        self.referee.refresh()  # the game may have moved on by touch since the last action
        self.backend.reader(reader).place(uid)
        return self._run(lambda: bool(self.verdicts) or uid in self.scanner.present(reader))

    def _take_off(self, reader: str, uid: str) -> list[Verdict]:
        """Lift a tag and wait until the scanner has seen it go (and the referee has answered)."""
        self.backend.reader(reader).lift(uid)
        return self._run(lambda: uid not in self.scanner.present(reader))

    def _said(self, verdicts: list[Verdict], fallback: SimResult) -> SimResult:
        told = [v for v in verdicts if v.message and not v.accepted]
        if told:
            last = told[-1]
            return SimResult(False, "sim.referee", told_params(last))
        return fallback

    # --- the room stack ---------------------------------------------------------------------------------

    def place_next_tile(self, cell: tuple[int, int] | None = None) -> SimResult:
        """Draw tiles from the virtual stack until one fits and lay its tag at ``cell`` (default: the cell
        asked); the scanner and referee make the placement.

        A tile the game refuses goes to the bottom, the way a person sets a misfit aside. At a cell the
        game did not ask for the tile is still laid, so the refusal the players see is the referee's.
        """
        prompt = self.channel.step.awaiting
        if not isinstance(prompt, AwaitTile):
            return SimResult(False, "sim.no_tile_wanted")
        x, y = cell if cell is not None else prompt.cells[0]
        reader = self._reader_at(prompt.floor, x, y)
        if reader is None:
            where = f"{prompt.floor} {x},{y}"
            told = {"message": f"No reader under {where} on this table", "referee": "no_reader"}
            return SimResult(False, "sim.referee", {**told, "floor": prompt.floor, "x": x, "y": y})
        state = self.channel.step.state
        tried: list[str] = []
        chosen = None
        for tile in list(self.stack):
            if tile in state.house or tile not in state.stack:
                continue
            if prompt.floor not in self.content.rooms[tile].floors:
                continue  # the back of the tile shows its floors: a person would not even try it
            try:  # pure: a dry run changes nothing
                self.channel.session.game.apply(state, PlaceTile(tile, prompt.floor, x, y, None))
            except Rejection:
                tried.append(tile)
                continue
            chosen = tile
            break
        if chosen is None:  # nothing fits (or a wrong cell): lay one anyway so the referee's refusal shows
            chosen = next(
                (t for t in self.stack if t in state.stack and prompt.floor in self.content.rooms[t].floors),
                None,
            )
            if chosen is None:
                return SimResult(False, "sim.no_tile_fits", {"floor": prompt.floor})
        uid = tag_uid("tile", chosen)
        verdicts = self._lay(reader, uid)
        if not any(v.accepted for v in verdicts):
            self._take_off(reader, uid)  # refused: the hand takes the tile back
            return self._said(verdicts, SimResult(False, "sim.no_tile_fits", {"floor": prompt.floor}))
        for t in tried:  # set aside, to the bottom of the stack
            self.stack.remove(t)
            self.stack.append(t)
        self.stack.remove(chosen)
        self.where[chosen] = reader
        return SimResult(True, "sim.tile_placed", {"tile": chosen, "x": x, "y": y})

    def rearrange_floor(self) -> SimResult:
        """B3.3 at the table: move the tiles' tags to the cells the engine moved the tiles to, as the players
        would. The readers see them arrive; when nothing needs turning the referee answers ``done`` itself,
        else the players tap it (no reader sees a turn)."""
        prompt = self.channel.step.awaiting
        if not isinstance(prompt, RearrangeFloor):
            return SimResult(False, "sim.no_rearrange_wanted")
        self.verdicts.clear()
        self._tidy()
        told = self._said(self.verdicts, SimResult(True, "sim.rearranged", {"n": len(prompt.moves)}))
        return told

    def _last_tile(self) -> tuple[str, str] | None:
        """(name, reader) of the last explorable tile laid, if a reader is under it."""
        house = self.channel.step.state.house
        for name in reversed([n for n in house if self.content.rooms[n].explorable]):
            placed = house[name]
            reader = self._reader_at(placed.floor, placed.x, placed.y)
            if reader is not None:
                return name, reader
        return None

    def pull_tile(self) -> SimResult:
        """Lift the last laid tile's tag off its reader, or put a lifted tile back: the referee pauses
        play until it is back."""
        if self.lifted is not None:
            name, self.lifted = self.lifted, None
            placed = self.channel.step.state.house[name]
            reader = self._reader_at(placed.floor, placed.x, placed.y)
            assert reader is not None
            verdicts = self._lay(reader, tag_uid("tile", name))
            if self.referee.paused:
                return self._said(verdicts, SimResult(False, "sim.tile_pulled", {"tile": name}))
            return SimResult(True, "sim.tile_back", {"tile": name})
        last = self._last_tile()
        if last is None:
            return SimResult(False, "sim.nothing_to_pull")
        name, reader = last
        self._tidy()
        self._take_off(reader, tag_uid("tile", name))
        if not self.referee.paused:
            return SimResult(False, "sim.nothing_to_pull")
        self.lifted = name
        return SimResult(True, "sim.tile_pulled", {"tile": name})

    def flicker_reader(self, times: int = 3) -> SimResult:
        """The reader under the last laid tile loses and finds its tag ``times`` times. The scanner's
        debounce makes nothing of it: no input, no message."""
        last = self._last_tile()
        if last is None:
            return SimResult(False, "sim.nothing_to_flicker")
        name, reader = last
        self.backend.reader(reader).flicker(tag_uid("tile", name), times)
        reads = self.backend.reader(reader).reads
        verdicts = self._run(lambda: self.backend.reader(reader).reads >= reads + 2 * times + 1)
        self.flickers += times
        return self._said(verdicts, SimResult(True, "sim.flickered", {"tile": name, "times": times}))

    # --- cards --------------------------------------------------------------------------------------------

    def put_card_on_draw_pad(self) -> SimResult:
        """Draw the top card of the deck the game asks for, lay its tag on the draw pad, and once the
        referee has answered, take it into a hand (off the pad)."""
        prompt = self.channel.step.awaiting
        if not isinstance(prompt, AwaitCard):
            return SimResult(False, "sim.no_card_wanted")
        spec = self.layout.slot_reader(DRAW_PAD)
        if spec is None:
            return SimResult(
                False, "sim.referee", {"message": "This table has no draw pad", "referee": "no_draw_pad"}
            )
        state = self.channel.step.state
        deck = self.decks[prompt.deck]
        for _ in range(len(deck)):
            name = deck.pop(0)
            deck.append(name)  # a virtual deck never runs dry: what is drawn goes under
            try:
                self.channel.session.game.apply(state, DrawCard(name))
            except Rejection:
                continue  # that copy is in play already
            uid = tag_uid("card", name)
            verdicts = self._lay(spec.id, uid)
            self._take_off(spec.id, uid)
            if any(v.accepted for v in verdicts):
                return SimResult(True, "sim.card_drawn", {"card": name})
            return self._said(verdicts, SimResult(False, "sim.no_card_wanted"))
        return SimResult(False, "sim.deck_empty", {"deck": prompt.deck})

    # --- a take back (rule E3) ---------------------------------------------------------------------------

    def put_back(self, offer: Offer) -> None:
        """The hands undo what an agreed take back undid: a tile laid goes back on top of the stack (its
        tag off the table), a card drawn back on top of its deck; figures are not on readers."""
        for done in offer.undone:
            if isinstance(done.inp, PlaceTile) and done.inp.tile not in self.stack:
                self.stack.insert(0, done.inp.tile)
            elif isinstance(done.inp, DrawCard):
                for deck in self.decks.values():
                    if done.inp.name in deck:
                        deck.remove(done.inp.name)
                        deck.insert(0, done.inp.name)
                        break
        self._tidy()
        self.referee.refresh()

    # --- the dice tower -----------------------------------------------------------------------------------

    def throw_dice(self) -> SimResult:
        """Throw as many dice as the prompt asks into the tower; the faces go to the referee as the dice
        link delivers a real tower's roll."""
        prompt = self.channel.step.awaiting
        if not isinstance(prompt, RollDice):
            return SimResult(False, "sim.no_roll_wanted")
        if not self.tower_connected:
            return SimResult(False, "sim.tower_unplugged")
        faces, source = self.dice.roll(prompt.dice)
        before = len(self.referee.told)
        accepted = self.referee.on_roll(faces, source)
        if not accepted:
            if len(self.referee.told) > before:
                return SimResult(False, "sim.referee", told_params(self.referee.told[-1]))
            return SimResult(False, "sim.referee", {"message": "refused"})
        return SimResult(True, "sim.dice_thrown", {"faces": " ".join(map(str, faces))})

    def unplug_tower(self) -> SimResult:
        """Unplug (or plug back) the tower: unplugged, dice must be entered by hand."""
        self.tower_connected = not self.tower_connected
        return SimResult(True, "sim.tower_plugged" if self.tower_connected else "sim.tower_unplugged")
