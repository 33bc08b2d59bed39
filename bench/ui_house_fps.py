"""Frame rate of the play screen's house view: a full house (45 rooms), six explorers, the haunt's
monsters (one stunned) and tokens, on a 1280x800 window with software GL.

Honest frames: after every frame the benchmark calls ``glFinish()``, so a frame counts only once the GL
driver has finished drawing it (with offscreen rendering Kivy's frames were otherwise counted while
llvmpipe still had them queued). Three figures over ~3 s each:
- panning: the large floor moved by a pixel every frame (a finger dragging the map; its cached
  framebuffer texture is moved, nothing repainted);
- redraw: nothing changes but the window is drawn again (the cost of a frame of this screen itself);
- zooming: the large floor's cell size changes every frame (a pinch: the floor is painted again).
Prints frames per second and CPU ms per frame. Run: ``.venv/bin/python bench/ui_house_fps.py``
(offscreen SDL when DISPLAY is unset; ``xvfb-run -s "-screen 0 1280x800x24"`` for an X server).
Goal: >= 30 fps.
"""

from __future__ import annotations

import time

from hauntable.ui.harness import kv_env

kv_env()


def run(h, seconds: float, change) -> tuple[float, float]:
    """(frames per second, CPU ms per frame) of finished frames while ``change(n)`` runs before each."""
    from kivy.graphics.opengl import glFinish

    frames, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        change(frames)
        h.loop.idle()
        glFinish()
        frames += 1
    elapsed = time.perf_counter() - start
    return frames / elapsed, (time.process_time() - cpu) * 1000 / frames


def main() -> None:
    from hauntable.ui import demo
    from hauntable.ui.app import HauntableApp, UiSettings
    from hauntable.ui.harness import Harness

    h = Harness(HauntableApp(UiSettings(), seed=1, today="11-30"))
    channel, sim = demo.haunt_house()
    h.app.controller.take_over(channel, sim)
    h.app.controller.haunt_shown = True
    h.app.go("play")
    h.frames(5)
    state = channel.step.state
    screen = h.app.root.get_screen("play")
    large = screen.ids[screen.ids.house.focus]
    print(
        f"house view: {len(state.house)} rooms, {len(state.explorers)} explorers, "
        f"{len(state.haunt.monsters)} monsters, {len(state.haunt.tokens)} haunt tokens, "
        f"{len(state.tokens)} card tokens; large floor: {large.floor_id}"
    )

    def pan(n: int) -> None:
        large.pan = [float(n % 2), 0.0]

    def zoom(n: int) -> None:
        large.zoom = 1.0 + 0.05 * (n % 2)

    def redraw(_n: int) -> None:
        h.window.canvas.ask_update()

    for name, change in (("panning", pan), ("redraw", redraw), ("zooming (repaint)", zoom)):
        fps, ms = run(h, 3.0, change)
        print(f"house view, {name}: {fps:.1f} fps finished (glFinish), {ms:.1f} ms CPU per frame")


if __name__ == "__main__":
    main()
