"""The haunt files' small expression language (docs/haunt-files.md): rules are written as Python-like
expressions, but no Python is run. :func:`parse` turns a string into a checked tree at load time (an unknown
name or call, or any construct outside the language, is a :class:`ExprError`); :func:`evaluate` walks the
tree against a namespace of values and functions. That keeps haunt files plain data an operator can read and
correct, while the table can check every name they use before a game starts.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from typing import Any

_BIN: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_CMP: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


class ExprError(ValueError):
    """An expression outside the language, or naming something the vocabulary lacks."""


class Expr:
    """One parsed expression: its source (for messages) and its checked tree."""

    __slots__ = ("node", "source")

    def __init__(self, source: str, node: ast.expr) -> None:
        self.source, self.node = source, node

    def __repr__(self) -> str:
        return f"Expr({self.source!r})"


def parse(source: str, known: Callable[[str], bool]) -> Expr:
    """Parse ``source``; every free name and called function must satisfy ``known``."""
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError as exc:
        raise ExprError(f"not an expression: {source!r} ({exc.msg})") from None
    _check(tree.body, known, source)
    return Expr(source, tree.body)


def _check(node: ast.AST, known: Callable[[str], bool], source: str) -> None:
    if isinstance(node, ast.Constant):
        if not isinstance(node.value, (int, str, bool)) and node.value is not None:
            raise ExprError(f"{source!r}: only numbers, strings, true/false")
        return
    if isinstance(node, ast.Name):
        if not known(node.id):
            raise ExprError(f"{source!r}: unknown name {node.id!r}")
        return
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or not known(node.func.id):
            raise ExprError(f"{source!r}: unknown function {ast.unparse(node.func)!r}")
        for arg in node.args:
            _check(arg, known, source)
        for kw in node.keywords:
            if kw.arg is None:
                raise ExprError(f"{source!r}: no ** arguments")
            _check(kw.value, known, source)
        return
    children: list[ast.AST]
    if isinstance(node, ast.BoolOp):
        children = list(node.values)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
        children = [node.operand]
    elif isinstance(node, ast.BinOp) and type(node.op) in _BIN:
        children = [node.left, node.right]
    elif isinstance(node, ast.Compare) and all(type(op) in _CMP for op in node.ops):
        children = [node.left, *node.comparators]
    elif isinstance(node, ast.IfExp):
        children = [node.test, node.body, node.orelse]
    elif isinstance(node, (ast.List, ast.Tuple)):
        children = list(node.elts)
    else:
        raise ExprError(f"{source!r}: {type(node).__name__} is not part of the haunt language")
    for child in children:
        _check(child, known, source)


def evaluate(expr: Expr, names: Mapping[str, Any]) -> Any:
    return _eval(expr.node, names)


def _eval(node: ast.AST, names: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return names[node.id]
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        fn = names[node.func.id]
        args = [_eval(a, names) for a in node.args]
        kwargs = {kw.arg: _eval(kw.value, names) for kw in node.keywords if kw.arg is not None}
        return fn(*args, **kwargs)
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            value: Any = True
            for v in node.values:
                value = _eval(v, names)
                if not value:
                    return value
            return value
        value = False
        for v in node.values:
            value = _eval(v, names)
            if value:
                return value
        return value
    if isinstance(node, ast.UnaryOp):
        operand = _eval(node.operand, names)
        return (not operand) if isinstance(node.op, ast.Not) else -operand
    if isinstance(node, ast.BinOp):
        return _BIN[type(node.op)](_eval(node.left, names), _eval(node.right, names))
    if isinstance(node, ast.Compare):
        left = _eval(node.left, names)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _eval(right_node, names)
            if not _CMP[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        return _eval(node.body if _eval(node.test, names) else node.orelse, names)
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_eval(e, names) for e in node.elts]
    raise ExprError(f"cannot evaluate {type(node).__name__}")  # parse() lets none of these through
