"""Frame rate of the play screen's house view with 40+ tiles, 6 explorers and 12 tokens.

Two figures over ~3 s each: every frame the three floors are panned by a pixel (a finger dragging the
map: each floor's cached framebuffer texture is moved), and every frame every tile of the three floors is
painted again (the worst case; normally only a floor whose model changed is repainted).
Run: ``.venv/bin/python bench/ui_house_fps.py`` (offscreen SDL when DISPLAY is unset; software GL).
Goal: >= 30 fps.
"""

from __future__ import annotations

import time

from hauntable.ui.harness import kv_env

kv_env()


def main() -> None:
    from hauntable.ui import demo
    from hauntable.ui.app import HauntableApp, UiSettings
    from hauntable.ui.harness import Harness

    h = Harness(HauntableApp(UiSettings(), seed=1, today="11-30"))
    channel, _sim = demo.game_at(seed=1, steps=0, seats=6)
    h.app.controller.attach(channel.session)
    state = demo.big_house(channel.step.state)
    channel.session.play_on_from(type(channel.step)(state))  # show the big house (a bench-only state)
    h.app.refresh()
    h.frames(5)
    screen = h.app.root.get_screen("play")
    views = [screen.ids[f] for f in ("basement", "ground", "upper")]
    frames, start = 0, time.perf_counter()
    while time.perf_counter() - start < 3.0:
        for v in views:
            v.pan = [frames % 2, 0.0]
        h.loop.idle()
        frames += 1
    elapsed = time.perf_counter() - start
    print(
        f"house view: {len(state.house)} tiles, {len(state.explorers)} explorers, {len(state.tokens)} tokens"
    )
    print(f"house view fps, panning all three floors every frame: {frames / elapsed:.1f}")
    frames, start = 0, time.perf_counter()
    while time.perf_counter() - start < 3.0:
        for v in views:
            v._painted_for = None  # force the floors' framebuffers to be painted again, tile by tile
            v.redraw()
        h.loop.idle()
        frames += 1
    elapsed = time.perf_counter() - start
    print(f"house view fps, repainting every tile of all three floors every frame: {frames / elapsed:.1f}")


if __name__ == "__main__":
    main()
