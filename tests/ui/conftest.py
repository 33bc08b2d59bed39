"""Fixtures for the Kivy UI tests: a real window (offscreen SDL, or Xvfb when DISPLAY is set).

``kv_env`` must run before anything imports Kivy, so it runs at conftest import. ``table_app`` builds a
fresh app on the shared window with a fixed seed and date, and takes it down after the test.
"""

from __future__ import annotations

import pytest

from hauntable.kiosk.pin import PinStore
from hauntable.ui.harness import kv_env

kv_env()


@pytest.fixture
def make_app(tmp_path_factory):
    """``make_app(seed=3, **settings)`` -> a Harness around a new HauntableApp on the window."""
    from hauntable.ui import i18n
    from hauntable.ui.app import HauntableApp, UiSettings
    from hauntable.ui.harness import Harness

    made = []

    pin_file = tmp_path_factory.mktemp("admin") / "admin-pin.json"
    PinStore(pin_file).set("1234")

    def make(seed: int = 3, log=None, **settings):
        settings.setdefault("pin_file", str(pin_file))
        # never the user's data directory: the tag registry and admin settings go to a scratch one
        settings.setdefault("data_dir", str(tmp_path_factory.mktemp("data")))
        # taps come faster than fingers here: the double-tap guard across turns is tested on its own
        settings.setdefault("turn_guard", 0.0)
        h = Harness(HauntableApp(UiSettings(**settings), log=log, seed=seed, today="11-30"))
        made.append(h)
        return h

    yield make
    for h in made:
        h.close()
    i18n.set_language("en")


@pytest.fixture
def table_app(make_app):
    return make_app()
