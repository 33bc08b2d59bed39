"""Every task the Betrayal code queues by name, and every card effect it names, exists in the rule set and
takes the parameters it is given (read from the source: a name or a parameter that no task has would
otherwise fail only when a game reaches it, or, for a prompt's answer task, never be noticed).

Task references found in the code: ``("name", dict(k=...))`` / ``("name", {"k": ...})`` pairs (queued
with ``w.then`` or returned by an effect operation), and ``on="name"`` given to ``w.ask``, ``trait_roll``
or ``lay_turned`` (the answer task of a prompt, called with the context plus the answer's own fields).
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass
from pathlib import Path

import pytest

from hauntable.games.betrayal import ruleset, turns
from hauntable.games.betrayal.ruleset import RULES, build

GAME_DIR = Path(__file__).resolve().parents[2] / "app" / "hauntable" / "games" / "betrayal"

# What each prompt's answer adds to the context before its task runs (rules.py, the _resolve_* functions).
# prompt class -> (fields always added, fields sometimes added, context fields the resolver takes away)
ANSWERS: dict[str, tuple[set[str], set[str], set[str]]] = {
    "RollDice": ({"total"}, set(), {"_aid_none", "_aid_used", "_aid_bonus"}),  # cards/aids.finish
    "AidedRoll": ({"total"}, set(), {"_aid_none", "_aid_used", "_aid_bonus"}),
    "ChooseOption": ({"option"}, set(), set()),
    "ChooseRotation": ({"rotation"}, set(), set()),
    "ChooseTarget": ({"floor", "x", "y"}, set(), set()),
    "AwaitTile": ({"tile", "floor", "x", "y", "rotation"}, {"rearrange"}, {"need_link"}),
    "AwaitCard": ({"name"}, set(), set()),
    "HandOff": (set(), set(), set()),
    "SplitDamage": ({"amounts"}, set(), set()),
}
# The fields a helper adds itself besides its ``**ctx`` (predicates.trait_roll, discovery.lay_turned).
HELPERS: dict[str, tuple[set[str], set[str]]] = {  # callee -> (fields it adds, its own keywords)
    "trait_roll": ({"seat", "trait", "target", "total"}, {"worded"}),
    "lay_turned": ({"rotation"}, {"question"}),
}


# Functions whose (name, dict) pairs are answers, not tasks: where a move leads ("room" or "discover").
NOT_QUEUED = {"move_target"}


@dataclass
class Ref:
    where: str
    name: str
    keys: set[str]
    complete: bool  # every parameter is in ``keys`` (no ``**spread`` or base dict whose keys are unknown)
    optional: frozenset[str] = frozenset()


def _dict_keys(node: ast.expr, queued: bool) -> tuple[set[str], bool] | None:
    """The keys of ``dict(k=...)`` or ``{"k": ...}`` (or, in a pair sure to be queued, a variable: keys
    unknown), and whether they are all known."""
    if isinstance(node, ast.Name) and queued:
        return set(), False
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        keys = {k.arg for k in node.keywords if k.arg is not None}
        return keys, not node.args and all(k.arg is not None for k in node.keywords)
    if isinstance(node, ast.Dict):
        keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
        return keys, all(isinstance(k, ast.Constant) for k in node.keys)
    return None


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def references(paths: list[Path] | None = None) -> tuple[list[Ref], list[Ref]]:
    """(task references, effect-op references) in every module of games/betrayal (or ``paths``)."""
    tasks: list[Ref] = []
    ops: list[Ref] = []
    for path in paths or sorted(GAME_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text())
        rel = path.relative_to(GAME_DIR.parent.parent.parent) if path.is_relative_to(GAME_DIR) else path.name
        skipped = {
            id(n)
            for f in ast.walk(tree)
            if isinstance(f, ast.FunctionDef) and f.name in NOT_QUEUED
            for n in ast.walk(f)
        }
        # pairs given to ``then`` or listed (an effect operation returns a list of them) are surely queued
        queued = {
            id(e)
            for n in ast.walk(tree)
            for e in (n.args if isinstance(n, ast.Call) and _callee(n) == "then" else getattr(n, "elts", ()))
            if isinstance(n, ast.Call | ast.List)
        }
        built: dict[str, set[str]] = {}  # variable -> the prompt classes assigned to it in this module
        for n in ast.walk(tree):
            assigned = isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and len(n.targets) == 1
            if assigned and isinstance(n.targets[0], ast.Name):
                built.setdefault(n.targets[0].id, set()).add(_callee(n.value))
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            where = f"{rel}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Tuple) and len(node.elts) == 2:
                first, second = node.elts
                found = _dict_keys(second, id(node) in queued)
                if isinstance(first, ast.Constant) and isinstance(first.value, str) and found is not None:
                    tasks.append(Ref(where, first.value, *found))
            if not isinstance(node, ast.Call):
                continue
            callee = _callee(node)
            if callee == "op" and node.args and isinstance(node.args[0], ast.Constant):
                ops.append(Ref(where, node.args[0].value, set(), True, frozenset({str(len(node.args) - 1)})))
            on = next((k.value for k in node.keywords if k.arg == "on"), None)
            if not (isinstance(on, ast.Constant) and isinstance(on.value, str)):
                continue
            keys = {k.arg for k in node.keywords if k.arg not in (None, "on")}
            complete = all(k.arg is not None for k in node.keywords)
            optional: set[str] = set()
            if callee == "ask":
                prompt = node.args[0] if node.args else None
                kind = _callee(prompt) if isinstance(prompt, ast.Call) else ""
                if isinstance(prompt, ast.Name) and len(built.get(prompt.id, ())) == 1:
                    (kind,) = built[prompt.id]
                if kind in ANSWERS:
                    added, optional, removed = ANSWERS[kind]
                    keys = (keys - removed) | added
                else:
                    complete = False  # a prompt built elsewhere: its answer's fields are not known here
            elif callee in HELPERS:
                added, own = HELPERS[callee]
                keys = (keys - own) | added
                if callee == "lay_turned":
                    complete = False  # its params come from the caller's tile
            else:
                pytest.fail(f"{where}: on= given to {callee}, which this test does not know")
            tasks.append(Ref(where, on.value, keys, complete, frozenset(optional)))
    return tasks, ops


TASKS, OPS = references()


def test_the_walk_finds_the_queue_in_the_code():
    assert len(TASKS) > 200
    assert {r.name for r in TASKS} >= {"arrive", "effects", "die", "next_turn", "combat", "haunt_start"}
    assert len(OPS) > 40


@pytest.mark.parametrize("ref", TASKS, ids=lambda r: f"{r.name}@{r.where}")
def test_every_queued_task_exists_and_takes_its_parameters(ref: Ref):
    fn = RULES.tasks.get(ref.name)
    assert fn is not None, f"{ref.where}: no task {ref.name!r} in the rule set"
    sig = inspect.signature(fn)
    args = dict.fromkeys(ref.keys)
    try:
        if ref.complete:
            sig.bind(None, **args)
        else:
            sig.bind_partial(None, **args)
        if ref.optional:
            sig.bind_partial(None, **args, **dict.fromkeys(ref.optional))
    except TypeError as e:
        pytest.fail(f"{ref.where}: task {ref.name}{sig} called with {sorted(ref.keys)}: {e}")


@pytest.mark.parametrize("ref", OPS, ids=lambda r: f"{r.name}@{r.where}")
def test_every_card_effect_named_exists_and_takes_its_arguments(ref: Ref):
    fn = RULES.effect_ops.get(ref.name)
    assert fn is not None, f"{ref.where}: no card effect {ref.name!r}"
    (n,) = ref.optional
    try:
        inspect.signature(fn).bind(None, 0, "card", *range(int(n)))
    except TypeError as e:
        pytest.fail(f"{ref.where}: card effect {ref.name} given {n} arguments: {e}")


def test_every_task_in_the_rule_set_is_queued_somewhere():
    """A task nobody queues by a name written in the code is dead code."""
    unused = set(RULES.tasks) - {r.name for r in TASKS}
    assert not unused, f"tasks never queued by name: {sorted(unused)}"


def test_the_rule_set_is_built_the_same_each_time_and_refuses_a_name_marked_twice(monkeypatch):
    again = build()
    assert again.tasks == RULES.tasks and again.effect_ops == RULES.effect_ops

    def twin(w, seat):  # a second function marked with an existing task name
        pass

    twin.task_name = "end_turn"
    twin.__module__ = turns.__name__
    monkeypatch.setattr(turns, "twin_end_turn", twin, raising=False)
    with pytest.raises(ValueError, match="end_turn"):
        ruleset.build()


def test_the_walk_catches_a_name_or_a_parameter_no_task_has(tmp_path):
    """What the checks above would say of code naming a task that is not there (as ``on="split"`` did before
    "split" was a task) or with a wrong field."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def f(w, seat, kind):\n"
        "    w.ask(SplitDamage(seat), on='splitt', seat=seat, kind=kind)\n"
        "    w.then(('end_turn', dict(seat=seat, who=seat)))\n"
        "    w.ask(RollDice(seat, 'x', 2, 'y'), on='haunt_result', seat=seat)\n"
    )
    found = {r.name: r for r in references([bad])[0]}
    assert {n: sorted(r.keys) for n, r in found.items()} == {
        "end_turn": ["seat", "who"],
        "splitt": ["amounts", "kind", "seat"],
        "haunt_result": ["seat", "total"],  # the roll's answer adds the total
    }
    with pytest.raises(AssertionError, match="no task 'splitt'"):
        test_every_queued_task_exists_and_takes_its_parameters(found["splitt"])
    with pytest.raises(pytest.fail.Exception, match="who"):
        test_every_queued_task_exists_and_takes_its_parameters(found["end_turn"])
    test_every_queued_task_exists_and_takes_its_parameters(found["haunt_result"])
