"""The working context of one ``apply``: a draft state, the content, the outcomes said so far, and the
task queue that carries multi-step rules (roll, then split damage, then continue) across prompts.

A rule that needs an answer asks a prompt and names the task that takes the answer; everything after it
is already queued in ``state.pending``. Tasks are (name, params) pairs of plain data, so the state stays
serialisable and a replay rebuilds the same queue.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntable.engine.outcomes import Outcome
from hauntable.engine.prompts import Prompt
from hauntable.games.betrayal.content import MENTAL, PHYSICAL, Content
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.state import Explorer, State

TaskFn = Callable[..., None]
TASKS: dict[str, TaskFn] = {}


def task(name: str) -> Callable[[TaskFn], TaskFn]:
    """Register a function as the task ``name``: called as ``fn(world, **params)``."""

    def register(fn: TaskFn) -> TaskFn:
        if name in TASKS:
            raise ValueError(f"task {name} registered twice")
        TASKS[name] = fn
        return fn

    return register


DAMAGE_TRAITS = {"physical": PHYSICAL, "mental": MENTAL}


class World:
    def __init__(self, state: State, content: Content):
        self.s = state
        self.content = content
        self.out: list[Outcome] = []
        self._owned: set[int] = set()  # seats whose explorer this apply has copied and may change

    # --- queue and prompts -----------------------------------------------------------------------------

    def then(self, *tasks: tuple[str, dict[str, Any]]) -> None:
        """Queue tasks to run next, before anything queued earlier, in the order given."""
        self.s.pending[0:0] = list(tasks)

    def ask(self, prompt: Prompt, on: str | None = None, **ctx: Any) -> None:
        """Wait for ``prompt``; its answer goes to task ``on`` with ``ctx`` (answer handlers add to it)."""
        self.s.awaiting = prompt
        self.s.ctx = {"on": on, **ctx}

    def say(self, text: str, code: str = "", **params: Any) -> None:
        self.out.append(Outcome(text, code, tuple(params.items())))

    # --- reading ---------------------------------------------------------------------------------------

    @property
    def house(self) -> HouseView:
        return HouseView(self.s, self.content)

    def explorer(self, seat: int) -> Explorer:
        """The explorer at ``seat``, safe to change (copied from the previous state on first use)."""
        if seat not in self._owned:
            self.s.explorers[seat] = self.s.explorers[seat].copy()
            self._owned.add(seat)
        return self.s.explorers[seat]

    def value(self, seat: int, trait: str) -> int:
        e = self.s.explorers[seat]
        return self.content.characters[e.character].tracks[trait][e.traits[trait]]

    def who(self, seat: int) -> str:
        return self.s.explorers[seat].name

    # --- changing traits (B4) --------------------------------------------------------------------------

    def change_trait(self, seat: int, trait: str, steps: int) -> int:
        """Move a trait's clip by ``steps`` along its track, capped at the top and, before the haunt, at the
        lowest step above the skull (B4.1, B4.2). Returns the steps actually moved."""
        e = self.explorer(seat)
        before = e.traits[trait]
        e.traits[trait] = max(0, min(7, before + steps))
        return e.traits[trait] - before

    def lose(self, seat: int, trait: str, steps: int) -> None:
        moved = self.change_trait(seat, trait, -steps)
        self.say(
            f"{self.who(seat)} loses {steps} {trait.capitalize()} (now {self.value(seat, trait)})"
            + ("" if moved == -steps else "; it cannot drop below its lowest step before the haunt"),
            "trait.lose",
            who=self.who(seat),
            trait=trait,
            steps=steps,
            value=self.value(seat, trait),
        )

    def gain(self, seat: int, trait: str, steps: int) -> None:
        moved = self.change_trait(seat, trait, steps)
        self.say(
            f"{self.who(seat)} gains {steps} {trait.capitalize()} (now {self.value(seat, trait)})"
            + ("" if moved == steps else "; it is already at the top of its track"),
            "trait.gain",
            who=self.who(seat),
            trait=trait,
            steps=steps,
            value=self.value(seat, trait),
        )
