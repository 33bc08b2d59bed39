"""The rule set, built once, here: every task, card effect operation and haunt hook by name (world.RuleSet).

The rules chain their steps by name through the task queue in the state (plain data, so a replay rebuilds
it). Those names are bound to code in this one place: ``build`` walks the modules listed below, in this
order, and collects the functions marked ``@task(name)`` and ``@effect_op(name)``; a name marked twice
is an error. tests/betrayal/test_task_registry.py checks every task name and parameter set queued in the
code against the signatures collected here. Importing this module binds the rule set to ``World``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from hauntable.games.betrayal import (
    book_tools,
    card_draw,
    claims,
    combat,
    damage,
    death,
    discovery,
    elevator,
    falls,
    fight,
    haunt,
    haunt_actions,
    monster_turn,
    rooms,
    turns,
    victory,
)
from hauntable.games.betrayal.cards import (
    aids,
    bloody_vision,
    card_attack,
    creepy_puppet,
    crystal_ball,
    dark_dice,
    dog,
    drawn_closer,
    dynamite,
    healing,
    holding,
    interpreter,
    jonahs_turn,
    lost_items,
    mask,
    meant_to_be,
    mirror,
    music_box,
    mystic_slide,
    new_room,
    pickpockets_gloves,
    places,
    possession,
    puzzle_box,
    revolving_wall,
    spirit_board,
    tokens,
    trading,
    webs_and_debris,
    what_the,
)
from hauntable.games.betrayal.haunts import SCENARIOS
from hauntable.games.betrayal.haunts.printed import collapse as printed_collapse
from hauntable.games.betrayal.haunts.printed import runtime as printed_runtime
from hauntable.games.betrayal.haunts.printed import vocab_extra
from hauntable.games.betrayal.haunts.printed.hooks import h41
from hauntable.games.betrayal.inputs import Attack
from hauntable.games.betrayal.world import RuleSet, World

# Every module whose functions are tasks or card effect operations.
MODULES: tuple[ModuleType, ...] = (
    interpreter,
    card_attack,
    places,
    new_room,
    aids,
    holding,
    trading,
    tokens,
    webs_and_debris,
    dog,
    music_box,
    puzzle_box,
    possession,
    creepy_puppet,
    lost_items,
    mirror,
    jonahs_turn,
    meant_to_be,
    mystic_slide,
    revolving_wall,
    what_the,
    healing,
    dark_dice,
    pickpockets_gloves,
    mask,
    spirit_board,
    dynamite,
    bloody_vision,
    crystal_ball,
    drawn_closer,
    discovery,
    card_draw,
    rooms,
    falls,
    elevator,
    damage,
    combat,
    fight,
    death,
    turns,
    monster_turn,
    haunt,
    victory,
    claims,
    book_tools,
    haunt_actions,
    printed_runtime,
    vocab_extra,
    printed_collapse,
    h41,
)


def _marked(modules: tuple[ModuleType, ...], mark: str) -> dict[str, Any]:
    """name -> function for the functions of ``modules`` carrying ``mark`` (their own, not imported ones)."""
    out: dict[str, Any] = {}
    for module in modules:
        for fn in vars(module).values():
            name = getattr(fn, mark, None)
            if name is None or getattr(fn, "__module__", None) != module.__name__:
                continue
            if name in out and out[name] is not fn:
                raise ValueError(f"{mark} {name} is marked twice ({out[name].__module__}, {module.__name__})")
            out[name] = fn
    return out


def build() -> RuleSet:
    ops = _marked(MODULES, "effect_op_name")
    twice = set(ops) & set(interpreter.PRIMITIVES)
    if twice:
        raise ValueError(f"card effects both primitive and card-specific: {sorted(twice)}")
    return RuleSet(
        tasks=_marked(MODULES, "task_name"),
        effect_ops={**interpreter.PRIMITIVES, **ops},
        action_hooks=(combat.attack_options, haunt_actions.haunt_actions),
        action_handlers={Attack.kind: combat.resolve_attack, **haunt_actions.HANDLERS},
        phase_turn={"haunt": haunt.haunt_turn},
        move_hook=haunt.leave_hook,
        scenarios=SCENARIOS,
    )


RULES = build()
World.rules = RULES
