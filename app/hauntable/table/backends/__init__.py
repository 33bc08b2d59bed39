"""Backends: the code that really touches readers, pins and towers, chosen by configuration.

``HAUNTABLE_BACKEND`` (``mock`` | ``pi``) overrides the layout file's ``backend``; a device constructor's
``backend=`` argument overrides both (tests). Backends are imported by name only when chosen, so a PC
never imports spidev and the Pi never needs the mock. A backend that fails to load raises
:class:`BackendError` after a warning naming the cause: we never fall back to another backend silently.

>>> from hauntable.table.layout import load_layout
>>> backend = load_backend(load_layout(), name="mock")
>>> backend.name, len(backend.readers())
('mock', 166)
>>> backend.close()
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hauntable.engine.rejections import HauntableError

if TYPE_CHECKING:
    from hauntable.table.backends.base import Backend
    from hauntable.table.layout import Layout

ENV_VAR = "HAUNTABLE_BACKEND"
BACKENDS = {
    "mock": "hauntable.table.backends.mock:MockBackend",
    "pi": "hauntable.table.backends.pi:PiBackend",
}


class BackendError(HauntableError, RuntimeError):
    """The chosen backend cannot run here (missing package, no SPI device, unknown name)."""

    code = "table/backend"


def backend_name(layout: Layout, env: Mapping[str, str] | None = None) -> str:
    """The backend to use: ``$HAUNTABLE_BACKEND`` if set, else the layout's ``backend``."""
    env = os.environ if env is None else env
    return env.get(ENV_VAR) or layout.backend


def load_backend(
    layout: Layout, name: str | None = None, env: Mapping[str, str] | None = None, **kwargs: Any
) -> Backend:
    """Import and start the backend ``name`` (default: :func:`backend_name`) for ``layout``.

    Raises:
        BackendError: unknown name, or the backend failed to start (the warning says why).
    """
    name = name or backend_name(layout, env)
    if name not in BACKENDS:
        raise BackendError(f"unknown table backend {name!r}; known: {', '.join(BACKENDS)}")
    module_name, class_name = BACKENDS[name].split(":")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
        return cls(layout, **kwargs)
    except BackendError as exc:
        warnings.warn(f"table backend {name!r} failed: {exc}", RuntimeWarning, stacklevel=2)
        raise
    except Exception as exc:  # any start failure is a BackendError the caller can show, never a crash
        warnings.warn(f"table backend {name!r} failed: {exc!r}", RuntimeWarning, stacklevel=2)
        raise BackendError(f"table backend {name!r} failed: {type(exc).__name__}: {exc}") from exc


_default: Backend | None = None


def default_backend() -> Backend:
    """The backend devices use when built without ``backend=`` (like gpiozero's ``Device.pin_factory``).

    Loaded on first use from the default layout (``$HAUNTABLE_LAYOUT`` or the packaged reference layout).
    """
    global _default
    if _default is None:
        from hauntable.table.layout import load_layout

        _default = load_backend(load_layout())
    return _default


def set_default_backend(backend: Backend | None) -> None:
    """Install ``backend`` as the default (None: forget it, the next use loads from configuration)."""
    global _default
    _default = backend
