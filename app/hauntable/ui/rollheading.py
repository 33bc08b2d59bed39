"""Two rolls whose heading misled (issue 18 item 9): a monster's fight roll named the traitor, who only
throws its dice (H3.5), as if the traitor fought; the haunt roll did not say what was at stake. No Kivy."""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal.predicates import seat_of
from hauntable.games.betrayal.state import State
from hauntable.ui.i18n import language, monster_name, tr

ROLLING_SIDE = {"combat_defend": "attacker", "combat_result": "defender"}  # the task the roll answers


def fighting_monster(state: State) -> str | None:
    """The monster whose dice the awaited fight roll throws (None: an explorer's own roll, or no fight)."""
    ctx: dict[str, Any] = state.ctx or {}
    fight, side = ctx.get("fight"), ROLLING_SIDE.get(str(ctx.get("on")))
    if not isinstance(fight, dict) or side is None:
        return None
    key = str(fight.get(side, ""))
    if not key or seat_of(key) is not None:
        return None
    monster = state.haunt.monsters.get(key) if state.haunt is not None else None
    return (monster.name or key) if monster is not None else key


def roll_heading(state: State, prompt: RollDice, who: str, purpose: str) -> str | None:
    """The heading of a haunt roll or a monster's fight roll; None for every other roll."""
    worded = prompt.purpose_text
    if worded is not None and worded.code == "haunt":
        return tr("prompt.haunt_roll", who=who, n=prompt.dice, omens=state.omens_drawn)
    monster = fighting_monster(state)
    if monster is None:
        return None
    trait = tr(f"trait.{prompt.trait}") if prompt.trait else ""
    thrower = f" ({tr('prompt.thrown_by', who=who)})" if who else ""
    if state.haunt is not None:
        monster = monster_name(state.haunt.number, monster, language())
    return tr(
        "prompt.monster_roll", monster=monster, thrower=thrower, n=prompt.dice, trait=trait, purpose=purpose
    )
