"""Fast copies of the games' slots dataclasses and plain data: a state and its records are copied for every
input applied, so the copy is generated once per class (as dataclasses generate ``__init__``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def copier(cls: type[T], maybe_none: tuple[str, ...] = (), **deep: Callable[[Any], Any]) -> Callable[[T], T]:
    """A fast copy of dataclass ``cls``: fields named in ``deep`` are copied with the function given (list,
    dict, ...), the others shared; those also named in ``maybe_none`` stay None when None (tested inline,
    not through a lambda called for every copy). A generic copy costs three times as much.
    A field added to the class is copied too (shared, unless named in ``deep``)."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    unknown = (set(deep) | set(maybe_none)) - set(names)
    if unknown:
        raise ValueError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    if set(maybe_none) - set(deep):
        raise ValueError(f"{cls.__name__}: maybe_none names fields not copied in deep")
    if getattr(cls, "__post_init__", None) is not None:
        raise ValueError(f"{cls.__name__}: a copy skips __init__, so it would skip __post_init__ too")

    def line(n: str) -> str:
        if n in maybe_none:
            return f"\n    v = s.{n}\n    n.{n} = v if v is None else _{n}(v)"
        return f"\n    n.{n} = _{n}(s.{n})" if n in deep else f"\n    n.{n} = s.{n}"

    # the fields set one by one on a new instance: a third cheaper than calling the dataclass __init__
    lines = "".join(line(n) for n in names)
    namespace: dict[str, Any] = {"cls": cls, "_new": object.__new__}
    namespace.update({f"_{n}": fn for n, fn in deep.items()})
    exec(f"def copy(s):\n    n = _new(cls){lines}\n    return n", namespace)  # from field names only
    copy: Callable[[T], T] = namespace["copy"]
    return copy


def fields_of(obj: Any) -> dict[str, Any]:
    """A slots dataclass's fields as a dict (what ``__dict__`` gave before the classes had slots)."""
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


def copy_data(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, scalars), faster than ``copy.deepcopy``."""
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_data(v) for v in value]
    return value
