"""The simulator: the one adapter between the touch panel that stands in for the table and the game.

On a real table, hands lay tiles on RFID cells, drop cards on the draw pad and throw dice into the tower;
the referee (issue 5) and the dice link (issue 6) turn those observations into inputs. Until their APIs
land, this adapter produces the same engine inputs directly (``PlaceTile``, ``DrawCard``, ``Roll``) from a
seeded virtual room stack, virtual decks and virtual dice, and sends them through the UI's one
:class:`~hauntable.ui.channel.Channel`. Swapping in the mock hardware later replaces only this module.

The simulator plays the part of a person's hands, not the referee: like a person it sets aside a tile the
game refuses and draws the next one, and it asks the engine (a dry-run ``apply``, which is pure) rather
than deciding itself whether a tile fits.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hauntable.engine.dice import VirtualDice
from hauntable.engine.prompts import RollDice
from hauntable.engine.rejections import Rejection
from hauntable.engine.rng import Rng
from hauntable.games.betrayal.content import Content, load_content
from hauntable.games.betrayal.inputs import DrawCard, PlaceTile, Roll
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile
from hauntable.ui.channel import Channel

TOWER_SOURCE = "virtual-tower"


@dataclasses.dataclass(frozen=True)
class SimResult:
    """What a simulator action did, as an i18n key and its parameters (the panel translates it)."""

    ok: bool
    key: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)


class TableSimulator:
    """Stands in for the table hardware. Every method is one thing a hand or a device does.

    >>> sim = TableSimulator(channel, seed=7)        # doctest: +SKIP
    >>> sim.place_next_tile()                        # lay the next fitting tile where the game waits
    """

    def __init__(self, channel: Channel, seed: int, content: Content | None = None):
        self.channel = channel
        self.content = content or load_content()
        self.seed = seed
        rng = Rng(seed ^ 0x5EED)
        self.stack: list[str] = rng.shuffled(sorted(self.content.room_tiles()))
        self.decks: dict[str, list[str]] = {
            deck: rng.shuffled(sorted(self.content.deck(deck))) for deck in ("omen", "item", "event")
        }
        self.dice = VirtualDice(seed)
        self.tower_connected = True
        self.lifted: str | None = None  # a tile pulled off its cell and not yet put back
        self.flickers = 0

    # --- the room stack ---------------------------------------------------------------------------------

    def place_next_tile(self, cell: tuple[int, int] | None = None) -> SimResult:
        """Draw tiles from the virtual stack until one fits and lay it at ``cell`` (default: the cell asked).

        A tile the game refuses goes to the bottom, the way a person sets a misfit aside. A cell the game
        did not ask for is still submitted, so the refusal the players see is the engine's own.
        """
        prompt = self.channel.step.awaiting
        if not isinstance(prompt, AwaitTile):
            return SimResult(False, "sim.no_tile_wanted")
        x, y = cell if cell is not None else prompt.cells[0]
        state = self.channel.step.state
        tried: list[str] = []
        for tile in list(self.stack):
            if tile in state.house or tile not in state.stack:
                continue
            if prompt.floor not in self.content.rooms[tile].floors:
                continue  # the back of the tile shows its floors: a person would not even try it
            inp = PlaceTile(tile, prompt.floor, x, y, None, source="simulator:reader")
            try:
                self.channel.session.game.apply(state, inp)  # pure: a dry run changes nothing
            except Rejection:
                tried.append(tile)
                continue
            for t in tried:  # set aside, to the bottom of the stack
                self.stack.remove(t)
                self.stack.append(t)
            self.stack.remove(tile)
            self.channel.submit(inp, state.seq, source="simulator")
            return SimResult(True, "sim.tile_placed", {"tile": tile, "x": x, "y": y})
        # nothing fits (or a wrong cell): let the engine refuse a real attempt so its sentence is shown
        fits_floor = (
            t for t in self.stack if t in state.stack and prompt.floor in self.content.rooms[t].floors
        )
        first = next(fits_floor, None)
        if first is not None:
            self.channel.submit(
                PlaceTile(first, prompt.floor, x, y, None, source="simulator:reader"), state.seq
            )
        return SimResult(False, "sim.no_tile_fits", {"floor": prompt.floor})

    def pull_tile(self) -> SimResult:
        """Lift the last laid tile off its reader, or put a lifted tile back.

        The engine has no input for a lifted tile yet (the referee of issue 5 decides what it means); the
        simulator only reports it so the screen can warn the table.
        """
        if self.lifted is not None:
            name, self.lifted = self.lifted, None
            return SimResult(True, "sim.tile_back", {"tile": name})
        placed = [n for n in self.channel.step.state.house if self.content.rooms[n].explorable]
        if not placed:
            return SimResult(False, "sim.nothing_to_pull")
        self.lifted = placed[-1]
        return SimResult(True, "sim.tile_pulled", {"tile": self.lifted})

    def flicker_reader(self, times: int = 3) -> SimResult:
        """A reader loses and finds its tag ``times`` times. A tag that comes back unchanged is no input."""
        placed = [n for n in self.channel.step.state.house if self.content.rooms[n].explorable]
        if not placed:
            return SimResult(False, "sim.nothing_to_flicker")
        self.flickers += times
        return SimResult(True, "sim.flickered", {"tile": placed[-1], "times": times})

    # --- cards --------------------------------------------------------------------------------------------

    def put_card_on_draw_pad(self) -> SimResult:
        """Draw the top card of the deck the game asks for and lay it on the draw pad."""
        prompt = self.channel.step.awaiting
        if not isinstance(prompt, AwaitCard):
            return SimResult(False, "sim.no_card_wanted")
        state = self.channel.step.state
        deck = self.decks[prompt.deck]
        for _ in range(len(deck)):
            name = deck.pop(0)
            deck.append(name)  # a virtual deck never runs dry: what is drawn goes under
            inp = DrawCard(name, source="simulator:draw-pad")
            try:
                self.channel.session.game.apply(state, inp)
            except Rejection:
                continue  # that copy is in play already
            self.channel.submit(inp, state.seq, source="simulator")
            return SimResult(True, "sim.card_drawn", {"card": name})
        return SimResult(False, "sim.deck_empty", {"deck": prompt.deck})

    # --- the dice tower -----------------------------------------------------------------------------------

    def throw_dice(self) -> SimResult:
        """Throw as many dice as the prompt asks into the virtual tower."""
        prompt = self.channel.step.awaiting
        if not isinstance(prompt, RollDice):
            return SimResult(False, "sim.no_roll_wanted")
        if not self.tower_connected:
            return SimResult(False, "sim.tower_unplugged")
        faces, source = self.dice.roll(prompt.dice)
        source = source.replace("virtual:", f"{TOWER_SOURCE}:", 1)
        self.channel.submit(Roll(faces, source=source), self.channel.seq, source="simulator")
        return SimResult(True, "sim.dice_thrown", {"faces": " ".join(map(str, faces))})

    def unplug_tower(self) -> SimResult:
        """Unplug (or plug back) the tower: unplugged, dice must be entered by hand."""
        self.tower_connected = not self.tower_connected
        return SimResult(True, "sim.tower_plugged" if self.tower_connected else "sim.tower_unplugged")
