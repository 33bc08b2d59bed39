"""Drive the real app in a real (offscreen or Xvfb) Kivy window: start it, tick frames, find, tap.

Shared by ``tests/ui``, ``scripts/screenshots.py`` and ``bench/ui_*.py`` so they all press widgets the
way a finger does: a touch down and up at the widget's centre in window coordinates, through Kivy's
input dispatch, not by calling handlers. Import only after :func:`kv_env` (Kivy reads the env at import).
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Iterator

WINDOW = (1280, 800)


def kv_env(width: int = WINDOW[0], height: int = WINDOW[1]) -> None:
    """Environment for a headless, deterministic Kivy: see ../shared/notes/headless-kivy.md."""
    for key, value in {
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_CONFIG": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_NO_CONSOLELOG": "1",
        "KIVY_LOG_MODE": "PYTHON",
        "KCFG_GRAPHICS_WIDTH": str(width),
        "KCFG_GRAPHICS_HEIGHT": str(height),
        "KCFG_KIVY_EXIT_ON_ESCAPE": "0",
        "KCFG_GRAPHICS_MAXFPS": "0",  # no frame cap: tests tick frames themselves
    }.items():
        os.environ.setdefault(key, value)
    # no xclip/xsel on a headless box: Kivy logs a clipboard traceback that is noise here
    logging.getLogger("kivy").addHandler(logging.NullHandler())


MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")


def plain(text: str) -> str:
    """Text without Kivy markup tags, as a player reads it."""
    return MARKUP.sub("", text)


class Harness:
    """One app on the window, built without ``App.run()`` so a test owns the frame loop."""

    def __init__(self, app):
        from kivy.app import App
        from kivy.base import EventLoop
        from kivy.core.window import Window

        self.app, self.window, self.loop = app, Window, EventLoop
        EventLoop.ensure_window()
        Window.size = WINDOW
        App._running_app = app
        app.root = app.build()
        Window.add_widget(app.root)
        self.frames(3)

    def close(self) -> None:
        from kivy.app import App

        self.window.remove_widget(self.app.root)
        self.app.dispatch("on_stop")  # kv's `app` proxy caches the app until on_stop
        App._running_app = None

    def frames(self, n: int = 2) -> None:
        """Tick the clock and draw ``n`` frames (a little real time passes, for button state timers)."""
        for _ in range(n):
            time.sleep(0.002)
            self.loop.idle()

    def frames_until(self, done, seconds: float = 15.0) -> bool:
        """Draw frames (which run what other threads posted: a live table's readings) until ``done()``;
        False if ``seconds`` pass first."""
        end = time.monotonic() + seconds
        while not done():
            if time.monotonic() > end:
                return False
            self.frames(1)
        return True

    @property
    def screen(self):
        return self.app.root.current_screen

    def walk(self, root=None) -> Iterator:
        root = root or self.app.root.current_screen
        yield from root.walk(restrict=True)

    def texts(self) -> str:
        """Every text on the current screen, joined by newlines (what a player can read there)."""
        out = [getattr(w, "text", "") for w in self.walk()]
        return "\n".join(plain(t) for t in out if isinstance(t, str) and t)

    def find(self, text: str | None = None, name: str | None = None, contains: bool = False):
        """The first visible button-like widget with this text (or ``.name``); raises LookupError."""
        for w in self.walk():
            if name is not None and getattr(w, "name", None) == name and hasattr(w, "on_release"):
                return w
            t = getattr(w, "text", None)
            pressable = isinstance(t, str) and hasattr(w, "on_release")
            if text is not None and pressable and (t == text or (contains and text in str(t))):
                return w
        raise LookupError(f"no widget {text or name!r} on screen {self.app.root.current!r}")

    def tap(self, widget=None, *, pos: tuple[float, float] | None = None, frames: int = 3) -> None:
        """A finger down and up at the widget's centre (or at window ``pos``), then a few frames."""
        from kivy.tests.common import UTMotionEvent

        if pos is None:
            pos = widget.to_window(*widget.center)
        x, y = pos
        w, h = self.window.size
        touch = UTMotionEvent("unittest", id(self), {"x": x / w, "y": y / h})
        self.loop.post_dispatch_input("begin", touch)
        touch.move({"x": x / w, "y": y / h})
        self.loop.post_dispatch_input("end", touch)
        self.frames(frames)

    def tap_text(self, text: str, contains: bool = False) -> None:
        self.tap(self.find(text, contains=contains))

    def screenshot(self, path: str) -> str:
        """Write the window to exactly ``path`` (Kivy appends a counter; we rename)."""
        written = self.window.screenshot(name=path)
        if written and written != path:
            os.replace(written, path)
        return path


# A script (``python -c KILLABLE_APP DB PIN_FILE``) that runs the real app on a new game and answers its
# prompts one a frame, as taps or the simulated table would, printing the seq after each: the power-loss
# test and bench/app_power_loss.py SIGKILL it at chosen points and check what the log kept.
KILLABLE_APP = """
import sys
from hauntable.ui.harness import kv_env
kv_env()
from hauntable.gamelog import GameLog
from hauntable.ui import demo
from hauntable.ui.app import HauntableApp, UiSettings
from hauntable.ui.harness import Harness

log = GameLog(sys.argv[1])
h = Harness(HauntableApp(UiSettings(pin_file=sys.argv[2]), log=log, seed=5, today="11-30"))
assert h.app.controller.start_game([("Ann", "zoe"), ("Ben", "ox"), ("Cy", "vivian")]) is None
while h.app.controller.channel.step.awaiting is not None:
    c = h.app.controller
    demo.play(c.channel, c.simulator, 5, 1)  # one answer, as a tap or a hand would give it
    h.frames(1)
    print(h.app.controller.channel.seq, flush=True)
"""


def kill_app_after(db: str | os.PathLike[str], pin: str | os.PathLike[str], kill_after: int) -> int:
    """Run ``KILLABLE_APP`` on the log ``db`` until it has shown ``kill_after`` inputs (or its game ends),
    SIGKILL it, and return the last seq it showed: the power cut the appliance test and bench make."""
    import signal
    import subprocess
    import sys

    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLABLE_APP, str(db), str(pin)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    shown = 0
    assert proc.stdout is not None
    for line in proc.stdout:
        shown = int(line)
        if shown >= kill_after:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return shown
