"""The working context of one ``apply``: a draft state, the content, the outcomes said so far, and the
task queue that carries multi-step rules (roll, then split damage, then continue) across prompts.

A rule that needs an answer asks a prompt and names the task that takes the answer; everything after it
is already queued in ``state.pending``. Tasks are (name, params) pairs of plain data, so the state stays
serialisable and a replay rebuilds the same queue; ``World.rules`` (the rule set of ruleset.py) maps the
names to code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from hauntable.engine.outcomes import Outcome
from hauntable.engine.prompts import Prompt
from hauntable.games.betrayal.cards.aid_offers import offer_aids
from hauntable.games.betrayal.content import MENTAL, PHYSICAL, Content
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.records import Haunt
from hauntable.games.betrayal.sides import is_traitor
from hauntable.games.betrayal.state import Explorer, Placed, State, copy_explorer, share_explorer

TaskFn = Callable[..., None]
_F = TypeVar("_F", bound=Callable[..., Any])  # an effect operation: returns tasks or None


def task(name: str) -> Callable[[TaskFn], TaskFn]:
    """Name a function as the task ``name``, called as ``fn(world, **params)``. Only a mark: the rule set
    (ruleset.py) collects the marked functions of the modules it lists, once."""

    def mark(fn: TaskFn) -> TaskFn:
        fn.task_name = name  # type: ignore[attr-defined]
        return fn

    return mark


def effect_op(name: str) -> Callable[[_F], _F]:
    """Name a function as the card effect ``name`` serving one card: ``fn(w, seat, card, *args) -> tasks
    or None``. Only a mark, collected by the rule set like ``task``."""

    def mark(fn: _F) -> _F:
        fn.effect_op_name = name  # type: ignore[attr-defined]
        return fn

    return mark


@dataclasses.dataclass(frozen=True)
class RuleSet:
    """Every name the rules are chained by, built in one place (ruleset.py) and checked there: the tasks of
    ``state.pending`` and prompt answers, the effect operations of the card language, and the haunt's hooks
    into the turn (its actions, their handlers, its phase turn, its one move hook and its scenarios).

    The queue in the state stays plain data (task names and parameters) so a replay rebuilds it; this maps
    the names to code."""

    tasks: Mapping[str, TaskFn] = dataclasses.field(default_factory=dict)
    effect_ops: Mapping[str, Callable[..., Any]] = dataclasses.field(default_factory=dict)
    action_hooks: tuple[Callable[[World], list[Any]], ...] = ()  # actions added to the turn prompt
    action_handlers: Mapping[str, Callable[[World, Any], None]] = dataclasses.field(default_factory=dict)
    # phase_turn[phase](world) asks the next prompt of a phase when nothing is queued; True: the explorer
    # whose turn it is acts (the turn prompt)
    phase_turn: Mapping[str, Callable[[World], bool]] = dataclasses.field(default_factory=dict)
    # (extra cost to leave the room, movement cap or None) for an explorer after the haunt, or no hook
    move_hook: Callable[[World, int], tuple[int, int | None]] | None = None
    scenarios: Mapping[int, Any] = dataclasses.field(default_factory=dict)  # haunt number -> its script


DAMAGE_TRAITS = {"physical": PHYSICAL, "mental": MENTAL}
_new_tuple = tuple.__new__


class World:
    # the rule set, bound once by ruleset.py (imported by the package): the modules below it name tasks and
    # effect operations as data and reach their code through here, never by importing upwards
    rules: ClassVar[RuleSet] = RuleSet()

    def __init__(self, state: State, content: Content):
        """A world over a state this apply owns (a clone): it copies what it changes on first use. Listing a
        prompt's choices asks questions of a clone too (rules.action_prompt), so a question that writes
        changes nothing a replay would not."""
        self.s = state
        self.content = content
        self.out: list[Outcome] = []
        # what this apply has copied and may change: seats (their explorers), state containers (by field
        # name) and card piles, in one set (every apply makes one)
        self._copied: set[Any] = set()

    # --- queue and prompts -----------------------------------------------------------------------------

    def then(self, *tasks: tuple[str, dict[str, Any]]) -> None:
        """Queue tasks to run next, before anything queued earlier, in the order given."""
        self.s.pending[0:0] = tasks

    def ask(self, prompt: Prompt, on: str | None = None, **ctx: Any) -> None:
        """Wait for ``prompt``; its answer goes to task ``on`` with ``ctx`` (answer handlers add to it)."""
        self.s.ctx = {"on": on, **ctx}
        self.s.awaiting = offer_aids(self.s, self.content, prompt)

    def say(self, text: str, code: str = "", **params: Any) -> None:
        # tuple.__new__ skips the named tuple's Python-level __new__: a few outcomes per input add up
        self.out.append(_new_tuple(Outcome, (text, code, tuple(params.items()))))

    # --- reading ---------------------------------------------------------------------------------------

    @property
    def haunt(self) -> Haunt:
        """The haunt's records, for rules that run only once the haunt is rolled (state.haunt is set)."""
        h = self.s.haunt
        if h is None:
            raise RuntimeError("no haunt yet: a haunt rule ran during exploration")
        return h

    @property
    def house(self) -> HouseView:
        return HouseView(self.s, self.content)

    def explorer(self, seat: int) -> Explorer:
        """The explorer at ``seat``, safe to change (copied from the previous state on first use)."""
        if seat not in self._copied:
            self.s.explorers[seat] = copy_explorer(self.s.explorers[seat])
            self._copied.add(seat)
        return self.s.explorers[seat]

    def move_explorer(self, seat: int, room: str, side: str | None = None) -> Explorer:
        """Put the explorer at ``seat`` in ``room`` (on ``side`` of a barrier). Most inputs are moves that
        change nothing else: the explorer is copied, but its traits and cards stay shared with the
        previous state until ``explorer`` is asked for it. Change only ``room`` and ``side`` of the
        explorer returned."""
        if seat not in self._copied and ("moved", seat) not in self._copied:
            self.s.explorers[seat] = share_explorer(self.s.explorers[seat])
            self._copied.add(("moved", seat))
        e = self.s.explorers[seat]
        e.room, e.side = room, side
        return e

    def own(self, field: str) -> Any:
        """The state's container ``field`` (house, stack, stack_discards, decks, card_discards, tokens,
        marks), safe to change. ``State.clone`` shares these with the previous state, which must not see
        the change: change them only through here (copied on first use in this apply) or assign a new one."""
        if field not in self._copied:
            setattr(self.s, field, getattr(self.s, field).copy())
            self._copied.add(field)
        return getattr(self.s, field)

    def place(self, room: str, placed: Placed) -> None:
        """Lay ``room`` (or move it) in the house. The cell index is updated, not rebuilt (it is shared with
        the previous state, so it is copied: a dict copy is cheaper than building it again)."""
        house = self.own("house")
        cells = dict(self.s.cells)
        old = house.get(room)
        if old is not None and cells.get((old.floor, old.x, old.y)) == room:
            del cells[(old.floor, old.x, old.y)]
        cells[(placed.floor, placed.x, placed.y)] = room
        house[room] = placed
        self.s._cells = cells

    def deck(self, name: str) -> list[str]:
        """The draw pile of ``name`` (omen, item, event), safe to change (copied on first use)."""
        return self._pile("decks", name)

    def discards(self, name: str) -> list[str]:
        """The discard pile of ``name``, safe to change (copied on first use)."""
        return self._pile("card_discards", name)

    def _pile(self, field: str, name: str) -> list[str]:
        piles = self.own(field)
        if (field, name) not in self._copied:
            piles[name] = list(piles[name])
            self._copied.add((field, name))
        out: list[str] = piles[name]
        return out

    def value(self, seat: int, trait: str) -> int:
        e = self.s.explorers[seat]
        return self.content.characters[e.character].tracks[trait][e.traits[trait]]

    def who(self, seat: int) -> str:
        return self.s.explorers[seat].name

    def dice_for(self, seat: int, trait: str, event: bool = False, extra: int = 0) -> int:
        """Dice for a trait roll (B4.4) after the card rules that change it (C8): the Candle on an event's
        roll (+1), the Blessing (+1), Drip (-1) and Smoke (-2) in the room; at least 1 die under Drip and
        Smoke, never more than 8."""
        e = self.s.explorers[seat]
        n = self.value(seat, trait) + extra
        if event and "Candle" in e.items:
            n += 1
        tokens = self.s.tokens
        if tokens.get("Blessing") == e.room and not is_traitor(self.s, seat):  # heroes only (H3)
            n += 1
        if tokens.get("Drip") == e.room:
            n = max(1, n - 1)
        if tokens.get("Smoke") == e.room:
            n = max(1, n - 2)
        return max(0, min(8, n))

    def seats_from(self, seat: int) -> list[int]:
        """Every seat, starting with ``seat`` and going clockwise (to the left)."""
        n = len(self.s.explorers)
        return [(seat + i) % n for i in range(n)]

    def right_of(self, seat: int) -> int:
        """The player on the right: play goes clockwise, so the one who played just before."""
        return (seat - 1) % len(self.s.explorers)

    def holder(self, card: str) -> int | None:
        """The seat holding ``card`` (an item or omen), if anyone does."""
        for e in self.s.explorers:
            if card in e.items or card in e.omens:
                return e.seat
        return None

    # --- changing traits (B4) --------------------------------------------------------------------------

    def change_trait(self, seat: int, trait: str, steps: int, excess: bool = False) -> int:
        """Move a trait's clip by ``steps`` along its track, capped at the top and, before the haunt, at the
        lowest step above the skull (B4.1, B4.2). Returns the steps actually moved. After the haunt a drop
        past the lowest step reaches the skull: the explorer dies (K9; the clip stays on the lowest step
        and the ``die`` task runs next).

        C6: a gain from an item or omen (``excess``) that would pass the top is noted as excess steps, and a
        loss takes those excess steps first, so dropping the Book at the top costs the two noted steps.
        """
        e = self.explorer(seat)
        before = e.traits[trait]
        moved = 0
        if steps < 0 and e.excess.get(trait):
            used = min(e.excess[trait], -steps)
            e.excess[trait] -= used
            if not e.excess[trait]:
                del e.excess[trait]
            steps += used
            moved -= used
        if before + steps < 0 and self.s.phase == "haunt" and e.alive:  # K9: the skull, after the haunt
            e.alive = False
            self.then(("die", dict(seat=seat)))
        e.traits[trait] = max(0, min(7, before + steps))
        if excess and before + steps > 7:
            e.excess[trait] = e.excess.get(trait, 0) + before + steps - 7
            moved += before + steps - 7
        return moved + e.traits[trait] - before

    def lose(self, seat: int, trait: str, steps: int) -> None:
        moved = self.change_trait(seat, trait, -steps)
        if moved != -steps and not self.s.explorers[seat].alive:
            why = "; it reaches the skull"
        elif moved != -steps:
            why = "; it cannot drop below its lowest step before the haunt"
        else:
            why = ""
        self.say(
            f"{self.who(seat)} loses {steps} {trait.capitalize()} (now {self.value(seat, trait)}){why}",
            "trait.lose",
            who=self.who(seat),
            trait=trait,
            steps=steps,
            value=self.value(seat, trait),
        )

    def gain(self, seat: int, trait: str, steps: int, excess: bool = False) -> None:
        moved = self.change_trait(seat, trait, steps, excess)
        over = self.s.explorers[seat].excess.get(trait, 0)
        self.say(
            f"{self.who(seat)} gains {steps} {trait.capitalize()} (now {self.value(seat, trait)}"
            + (f", {over} above the top)" if over else ")")
            + ("" if moved == steps else "; it is already at the top of its track"),
            "trait.gain",
            who=self.who(seat),
            trait=trait,
            steps=steps,
            value=self.value(seat, trait),
        )
