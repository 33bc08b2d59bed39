"""Inputs: frozen values that round-trip through text and JSON.

An input is what reaches the engine from a player's tap, a physical observation (a tile at a cell, a card
on the draw pad, dice faces from a tower) or a virtual source. Text form, as in python-chess's UCI moves::

    >>> from hauntable.engine.inputs import Input, InputRegistry
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, repr=False)
    ... class Roll(Input):
    ...     kind = "roll"
    ...     faces: tuple[int, ...]
    ...     source: str = "virtual"
    >>> reg = InputRegistry([Roll])
    >>> r = reg.parse("roll 2,1,0 source=tower:1")
    >>> r
    Roll.parse('roll 2,1,0 source=tower:1')
    >>> reg.from_json(r.to_json()) == r
    True

Fields without a default are positional in text; fields with a default are written ``key=value`` and only
when they differ from the default. Values with spaces are shell-quoted. The text and the JSON are what the
game log stores, so a failing test's output pastes into a new test.
"""

from __future__ import annotations

import dataclasses
import shlex
import types
import typing
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from hauntable.engine.rejections import UnreadableInput


@dataclasses.dataclass(frozen=True)
class Input:
    """Base of every input. Subclasses are ``@dataclass(frozen=True, repr=False)`` and set ``kind`` (the
    first word of the text); ``repr=False`` keeps the pasteable ``Kind.parse('...')`` repr.

    Subclasses may override ``check()`` to refuse impossible values with :class:`UnreadableInput`.
    """

    kind: ClassVar[str] = ""
    # a choice a random bot never makes (engine/bots.py): one that, tapped at random, would end a game or
    # change it in a way no rule asked for (claiming a victory)
    bots_skip: ClassVar[bool] = False

    def __post_init__(self) -> None:
        for name in _tuple_fields(self.__class__):
            value = getattr(self, name)
            if isinstance(value, list):  # JSON gives lists; keep inputs hashable
                object.__setattr__(self, name, tuple(value))
        self.check()

    def check(self) -> None:
        """Refuse impossible values (override in subclasses)."""

    def __str__(self) -> str:
        text = self.__dict__.get("_text")
        if text is None:
            text = self._format()
            object.__setattr__(self, "_text", text)  # inputs are frozen: the text never changes
        return text

    def _format(self) -> str:
        words = [self.kind]
        for f in _fields(type(self)):
            value = getattr(self, f.name)
            if _has_default(f):
                if value == _default(f):
                    continue
                words.append(f"{f.name}={_quote(_encode(value))}")
            else:
                words.append(_quote(_encode(value)))
        return " ".join(words)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in _fields(type(self)):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def parse(cls, text: str) -> Input:
        """Parse the text form of this one kind."""
        return InputRegistry([cls]).parse(text)


class InputRegistry:
    """The input kinds one game understands, for parsing text and JSON back into typed inputs."""

    def __init__(self, kinds: Iterable[type[Input]]):
        self._kinds: dict[str, type[Input]] = {}
        for k in kinds:
            if not k.kind or k.kind in self._kinds:
                raise ValueError(f"input kind {k.kind!r} of {k.__name__} is empty or registered twice")
            if k.__repr__ is not Input.__repr__:
                raise ValueError(f"{k.__name__} must be declared with @dataclass(frozen=True, repr=False)")
            self._kinds[k.kind] = k

    def __contains__(self, kind: str) -> bool:
        return kind in self._kinds

    def __iter__(self) -> Iterator[type[Input]]:
        return iter(self._kinds.values())

    def kinds(self) -> list[str]:
        return sorted(self._kinds)

    def _kind(self, kind: object) -> type[Input]:
        if not isinstance(kind, str) or kind not in self._kinds:
            known = ", ".join(self.kinds())
            raise UnreadableInput(f"Unknown input {kind!r}; known inputs: {known}.", "E1")
        return self._kinds[kind]

    def parse(self, text: str) -> Input:
        """Parse ``kind value ... key=value`` text. Raises UnreadableInput with a sentence saying why."""
        try:
            words = shlex.split(text)
        except ValueError as exc:
            raise UnreadableInput(f"Cannot read {text!r}: {exc}.", "E1") from None
        if not words:
            raise UnreadableInput("Empty input.", "E1")
        cls = self._kind(words[0])
        fields = {f.name: f for f in _fields(cls)}
        positional = [f for f in fields.values() if not _has_default(f)]
        values: dict[str, Any] = {}
        args = []
        for word in words[1:]:
            name, eq, raw = word.partition("=")
            if eq and name in fields:
                values[name] = _decode(cls, fields[name], raw)
            else:
                args.append(word)
        if len(args) != len(positional):
            names = " ".join(f"<{f.name}>" for f in positional)
            raise UnreadableInput(
                f"{cls.kind!r} takes {len(positional)} value(s) ({names}), got {len(args)} in {text!r}.",
                "E1",
            )
        for f, raw in zip(positional, args, strict=True):
            values[f.name] = _decode(cls, f, raw)
        return _build(cls, values)

    def from_json(self, data: object) -> Input:
        """Rebuild an input from ``to_json()`` output. Raises UnreadableInput on a malformed object."""
        if not isinstance(data, dict):
            raise UnreadableInput(f"An input must be a JSON object, not {type(data).__name__}.", "E1")
        cls = self._kind(data.get("kind"))
        fields = _field_map(cls)
        unknown = set(data) - set(fields) - {"kind"}
        if unknown:
            raise UnreadableInput(f"{cls.kind!r} has no field(s) {sorted(unknown)}.", "E1")
        values = {}
        for name, f in fields.items():
            if name not in data:
                if _has_default(f):
                    continue
                raise UnreadableInput(f"{cls.kind!r} needs the field {name!r}.", "E1")
            values[name] = _coerce(cls, f, data[name])
        return _build(cls, values)


# --- codec helpers -------------------------------------------------------------------------------------

_HINTS: dict[type, dict[str, Any]] = {}


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


_TUPLE_FIELDS: dict[type, tuple[str, ...]] = {}


def _tuple_fields(cls: type) -> tuple[str, ...]:
    names = _TUPLE_FIELDS.get(cls)
    if names is None:
        names = _TUPLE_FIELDS[cls] = tuple(
            f.name for f in _fields(cls) if typing.get_origin(_hint(cls, f)) is tuple
        )
    return names


def _hint(cls: type, f: dataclasses.Field[Any]) -> Any:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints[f.name]


def _has_default(f: dataclasses.Field[Any]) -> bool:
    return f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    factory = f.default_factory
    assert callable(factory)  # _has_default said there is one
    return factory()


def _quote(word: str) -> str:
    return shlex.quote(word) if word else "''"


def _encode(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(_encode(v) for v in value) if value else "-"
    return str(value)


def _strip_optional(tp: Any) -> tuple[Any, bool]:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return tp, False


def _decode(cls: type[Input], f: dataclasses.Field[Any], raw: str) -> Any:
    tp, optional = _strip_optional(_hint(cls, f))
    if optional and raw == "none":
        return None
    if typing.get_origin(tp) is tuple:
        (item,) = {a for a in typing.get_args(tp) if a is not Ellipsis}
        parts = [] if raw in ("", "-") else raw.split(",")
        return tuple(_scalar(cls, f, item, p) for p in parts)
    return _scalar(cls, f, tp, raw)


def _scalar(cls: type[Input], f: dataclasses.Field[Any], tp: Any, raw: str) -> Any:
    if tp is bool:
        if raw in ("yes", "true", "1"):
            return True
        if raw in ("no", "false", "0"):
            return False
    elif tp is int:
        try:
            return int(raw)
        except ValueError:
            pass
    elif tp is str:
        return raw
    raise UnreadableInput(f"{cls.kind!r}: {f.name} must be {getattr(tp, '__name__', tp)}, not {raw!r}.", "E1")


_SHAPES: dict[tuple[type, str], tuple[Any, bool, Any]] = {}
_FIELD_MAPS: dict[type, dict[str, dataclasses.Field[Any]]] = {}


def _shape(cls: type[Input], name: str) -> tuple[Any, bool, Any]:
    """A field's type, whether it may be None, and its item type when it is a tuple (once per field:
    ``from_json`` runs for every logged input of a resume)."""
    shape = _SHAPES.get((cls, name))
    if shape is None:
        tp, optional = _strip_optional(_hint(cls, _field_map(cls)[name]))
        item = None
        if typing.get_origin(tp) is tuple:
            (item,) = {a for a in typing.get_args(tp) if a is not Ellipsis}
        shape = _SHAPES[(cls, name)] = (tp, optional, item)
    return shape


def _field_map(cls: type[Input]) -> dict[str, dataclasses.Field[Any]]:
    fields = _FIELD_MAPS.get(cls)
    if fields is None:
        fields = _FIELD_MAPS[cls] = {f.name: f for f in _fields(cls)}
    return fields


def _coerce(cls: type[Input], f: dataclasses.Field[Any], value: Any) -> Any:
    tp, optional, item = _shape(cls, f.name)
    if value is None and optional:
        return None
    if item is not None:
        if not isinstance(value, list | tuple) or not all(_is(v, item) for v in value):
            raise UnreadableInput(f"{cls.kind!r}: {f.name} must be a list of {item.__name__}.", "E1")
        return tuple(value)
    if not _is(value, tp):
        raise UnreadableInput(f"{cls.kind!r}: {f.name} must be {getattr(tp, '__name__', tp)}.", "E1")
    return value


def _is(value: Any, tp: Any) -> bool:
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, tp)


def _build(cls: type[Input], values: dict[str, Any]) -> Input:
    for name, value in values.items():
        if isinstance(value, str) and not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate: no log, file or screen can hold it
                raise UnreadableInput(f"{cls.kind!r}: {name} is not valid Unicode text.", "E1") from None
    try:
        return cls(**values)
    except TypeError as exc:
        raise UnreadableInput(f"{cls.kind!r}: {exc}.", "E1") from None
