#!/usr/bin/env python3
"""Render every main screen of the table app in each language to docs/screenshots/<screen>-<lang>.png.

Runs the real app in an offscreen SDL window (or Xvfb when DISPLAY is set), 1280x800, with games played
by the simulator and a random-legal chooser to reach each screen.
Run: ``.venv/bin/python scripts/screenshots.py``
(``make screenshots``). Options: ``--out DIR``, ``--lang en,de``, ``--screen play,haunt``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))

from hauntable.ui.harness import kv_env

kv_env()

SCREENS = (
    "attract",
    "resume",
    "setup",
    "play",
    "dice",
    "rotation",
    "card",
    "haunt",
    "admin",
    "enrol",
    "export",
    "rules",
    "selftest",
    "layout",
    "seat90",
    "monster",
    "monsterturn",
    "rearrange",
    "castle",
    "ghostsetup",
    "board",
    "castlelive",
    "house",
    "traitorcard",
    "end",
)
PIN = "1234"


def main(argv: list[str] | None = None) -> int:
    from hauntable.engine.prompts import RollDice
    from hauntable.games.betrayal.prompts import ChooseAction, ChooseRotation, MonsterTurn
    from hauntable.ui import demo, i18n
    from hauntable.ui.app import HauntableApp, UiSettings
    from hauntable.ui.harness import Harness

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "screenshots"))
    parser.add_argument("--lang", default=",".join(i18n.LANGUAGES))
    parser.add_argument("--screen", default=",".join(SCREENS))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = args.screen.split(",")

    import tempfile

    from hauntable.gamelog import GameLog
    from hauntable.kiosk.pin import PinStore
    from hauntable.session import Session
    from hauntable.table.channel import Channel
    from hauntable.ui.simulator import TableSimulator

    scratch = Path(tempfile.mkdtemp(prefix="hauntable-shots-"))
    PinStore(scratch / "admin-pin.json").set(PIN)  # never the real table's PIN file
    stick = scratch / "usb-stick"
    stick.mkdir()

    def seeded_log(lang: str) -> GameLog:
        """A log of its own for each language (else the resume and export screens of the later languages
        list the games the earlier ones logged, seat names in another language)."""
        log = GameLog(scratch / f"table-{lang}.sqlite3", durable=False)
        for seed, steps in ((11, 120), (5, 60)):  # one game over-ish, one unfinished, for resume and export
            logged = Session.new("betrayal", demo.config(seed, 4), log=log)
            logged_channel = Channel(logged)
            demo.play(logged_channel, TableSimulator(logged_channel, seed), seed, steps)
        log.mark(1, "abandoned")
        return log

    languages = args.lang.split(",")
    log = seeded_log(languages[0])
    settings = UiSettings(
        pin_file=str(scratch / "admin-pin.json"), export_dir=str(stick), data_dir=str(scratch)
    )
    h = Harness(HauntableApp(settings, log=log, seed=3, today="11-30"))

    def show_game(seed: int, steps: int, stop=None, seats: int = 4) -> None:
        channel, sim = demo.game_at(seed, steps, seats, stop)
        h.app.controller.take_over(channel, sim)
        h.app.refresh()

    trait_roll = lambda p: isinstance(p, RollDice) and p.trait is not None  # noqa: E731

    def attract(offer: bool) -> None:
        h.app.controller.offer_resume() if offer else setattr(h.app, "resume_offer", "")
        h.app.go("attract")

    def admin_page(page: str) -> None:
        h.app.go("admin")
        h.frames(2)
        _unlock(h)
        screen = h.app.root.get_screen("admin")
        if page == "selftest":
            screen.run_selftest()
            for _ in range(500):
                h.frames(1)
                if screen.selftest_rows is not None:
                    break
        elif page == "enrol":
            _enrol(h, screen)
        elif page == "layout":
            _layout(scratch, h, screen)
        elif page == "board":  # one room's crest changed: the page names the rule it breaks
            screen.open_page("board")
            screen.pages["board"].next_crest("12")
        else:
            screen.open_page(page)

    scenes = {
        "attract": lambda: attract(False),
        "resume": lambda: attract(True),
        "setup": lambda: h.app.go("setup"),
        "play": lambda: show_game(5, 60, lambda p: isinstance(p, ChooseAction) and len(p.choices()) > 2),
        "dice": lambda: show_game(5, 400, trait_roll),
        "rotation": lambda: show_game(7, 400, lambda p: isinstance(p, ChooseRotation)),
        "card": lambda: (show_game(5, 400, lambda p: p.kind == "card"), h.app.controller.sim("draw_card")),
        "haunt": lambda: show_game(3, 2000, lambda p: p.kind == "handoff"),  # the reveal, not the end
        "admin": lambda: admin_page("menu"),
        "enrol": lambda: admin_page("enrol"),
        "export": lambda: admin_page("export"),
        "rules": lambda: admin_page("rules"),
        "selftest": lambda: admin_page("selftest"),
        "layout": lambda: admin_page("layout"),
        "seat90": lambda: _seat90(h, show_game),
        "monster": lambda: _monster(h),
        # a printed haunt's monster turn: its moves, the claims behind the haunt button (issue 18)
        "monsterturn": lambda: show_game(7, 3000, lambda p: isinstance(p, MonsterTurn)),
        "rearrange": lambda: _rearrange(h),
        "castle": lambda: _castle(h),
        "ghostsetup": lambda: (h.app.controller.abandon_game(), h.app.go("ghostsetup")),
        "board": lambda: admin_page("board"),
        "castlelive": lambda: _castle_live(h),
        "house": lambda: _house(h),
        "traitorcard": lambda: _traitor_card(h, show_game),
        "end": lambda: _end(h, h.app.controller.log),
    }
    for lang in languages:
        if lang != languages[0]:
            log.close()
            log = h.app.controller.log = seeded_log(lang)
        h.app.controller.set_language(lang)
        for name in wanted:
            h.app.controller.settings.seat_angles = [0] * 6
            scenes[name]()
            h.frames(4)
            path = h.screenshot(str(out / f"{name}-{lang}.png"))
            print(path)
    h.close()
    log.close()
    return 0


def _house(h) -> None:
    """The haunt in a full house: 45 rooms, six seats, two Hounds (one stunned, one carrying the Key)."""
    from hauntable.ui import demo

    channel, sim = demo.haunt_house()
    h.app.controller.take_over(channel, sim)
    h.app.controller.haunt_shown = True
    h.app.go("play")


def _traitor_card(h, show_game) -> None:
    """Haunt 21 (seed 10, six seats) at the traitor's hand-off: the traitor's card on the private view
    (after "Traitor: read your card" and the others looking away)."""
    show_game(10, 3000, lambda p: getattr(p, "code", "") == "printed.traitor", seats=6)
    h.app.controller.haunt_shown = True
    h.app.go("play")
    h.frames(2)
    h.tap(h.find(name="card-traitor"))
    h.tap(h.find(name="card-show"))


def _end(h, log) -> None:
    """The end of a logged six-seat game (seed 10: haunt 21, the traitor's side wins, five dead)."""
    from hauntable.session import Session
    from hauntable.table.channel import Channel
    from hauntable.ui import demo
    from hauntable.ui.simulator import TableSimulator

    channel = Channel(Session.new("betrayal", demo.config(10, 6), log=log))
    sim = TableSimulator(channel, 10)
    demo.play(channel, sim, 10, 3000)
    h.app.controller.take_over(channel, sim)
    h.app.go("haunt")


def _rearrange(h) -> None:
    """A basement closed on the simulated table (B3.3): the prompt says which tile to move where."""
    from hauntable.ui import demo

    channel, sim = demo.closed_basement(demo.DEAD_ENDS)
    h.app.controller.take_over(channel, sim)
    h.app.refresh()


def _monster(h) -> None:
    """Book mode: the pad for a new monster's traits (in the haunt tools), Speed 2 and Might 5 entered."""
    from hauntable.games.betrayal.inputs import PlaceMonster
    from hauntable.games.betrayal.tool_inputs import Tools
    from hauntable.ui import demo
    from hauntable.ui.widgets.prompt import ChoiceButton

    channel, sim = demo.book_monster_game()
    h.app.controller.take_over(channel, sim)
    h.app.go("play")
    h.frames(3)
    # book mode's tools: one button of the turn, opening their own prompt (found by its input: its words
    # are the table's language)
    h.tap(next(b for b in h.walk() if isinstance(b, ChoiceButton) and isinstance(b.inp, Tools)))
    h.tap(next(b for b in h.walk() if isinstance(b, ChoiceButton) and isinstance(b.inp, PlaceMonster)))
    for name, times in (("monster-speed-plus", 2), ("monster-might-plus", 5)):
        for _ in range(times):
            h.tap(h.find(name=name), frames=1)


def _enrol(h, screen) -> None:
    """The enrol page after the Kitchen's tag was saved and the same tag was laid again for the Library."""
    screen.open_page("enrol")
    page = screen.pages["enrol"]
    for tag in page.desk.registry.all():  # each language starts from an empty registry
        page.desk.registry.forget(tag.uid)
    for name in ("Kitchen", "Library"):
        page.pick(name)
        if name == "Kitchen":
            page.sim_lay()
        for _ in range(200):
            h.frames(1)
            if page.said is not None and page.said.key in ("enrol.saved", "enrol.already"):
                break


def _layout(scratch: Path, h, screen) -> None:
    """The layout page with the bench layout chosen for the next start and a broken file in the data
    folder's layouts/ (listed with its file:line error)."""
    folder = scratch / "layouts"
    folder.mkdir(exist_ok=True)
    (folder / "garage.toml").write_text(
        'name = "garage"\nbackend = "pi"\n\n[[bus]]\nid = "spi0"\ndevice = [0, 0]\nselect = "gpio"\n\n'
        '[[reader]]\nslot = "draw"\nbus = "spi1"\ncs_pin = 8\n'
    )
    screen.open_page("layout")
    screen.pages["layout"].choose(h.app, "packaged:bench.toml")


def _castle(h) -> None:
    """A Geisterstunde game played by the random bot until the ghost has turned a card over mid-plan."""
    from hauntable.engine.bots import seq_seeded_choice

    h.app.controller.start_geisterstunde(seed=11)
    channel = h.app.controller.channel
    for _ in range(2000):
        state = channel.step.state
        if state.awaiting is None or (
            state.awaiting.kind == "reveal" and state.revealed >= 1 and state.round > 2
        ):
            break
        channel.submit(seq_seeded_choice(channel.session.game, channel.step, 11), channel.seq)
    h.app.refresh()


def _castle_live(h) -> None:
    """Geisterstunde on a live table (the mock readers): the keys dealt as read on the key slot, the ghost
    to lay its plan on the plan slots."""
    from hauntable.games.geisterstunde.inputs import Draw

    controller = h.app.controller
    controller.abandon_game()
    table, controller.settings.table = controller.settings.table, "live"
    try:
        controller.start_geisterstunde(seed=11)
    finally:
        controller.settings.table = table
    channel = controller.channel
    for card in ("red-lion", "green-eagle", "blue-lily", "red-tower") * 2:
        channel.submit(Draw(card, source="table:key"), channel.seq)
    h.app.refresh()


def _unlock(h) -> None:
    screen = h.app.root.get_screen("admin")
    for digit in PIN:
        screen.key(digit)
    screen.submit_pin()


def _seat90(h, show_game) -> None:
    """The prompt turned toward a seat on the table's side (seat angles 90 for everyone)."""
    show_game(5, 60)
    h.app.controller.settings.seat_angles = [90] * 6
    h.app.refresh()


if __name__ == "__main__":
    sys.exit(main())
