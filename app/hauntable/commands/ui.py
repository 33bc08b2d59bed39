"""``hauntable ui``: the Kivy table app, on the table's readers or with the table simulator (``make run``).

Kivy reads the environment when it is imported, so the defaults (no argv parsing, no ~/.kivy writes,
logging through Python) are set here before any Kivy import. ``--kiosk`` makes the window full screen and
closable only from the admin menu; without it the app runs in an ordinary window for development.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from typing import Any

from hauntable.paths import add_data_dir_argument, db_path


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "ui",
        help="the touchscreen table app (Kivy), on the readers or with the table simulator",
        description="The Hauntable table app with a simulator panel for the hardware.",
    )
    p.add_argument(
        "--lang",
        choices=("en", "de", "ru", "zh"),
        help="language (default: the one chosen in the admin menu, else en)",
    )
    p.add_argument(
        "--seed", type=int, help="seed of the simulated room stack, decks and dice (default: clock)"
    )
    p.add_argument("--today", metavar="MM-DD", help="today's date, for who goes first (default: today)")
    p.add_argument("--kiosk", action="store_true", help="full screen, no way out but the admin PIN")
    p.add_argument("--size", default="1280x800", help="window size WxH when not in kiosk mode")
    p.add_argument("--no-log", action="store_true", help="do not record games")
    p.add_argument(
        "--layout", metavar="FILE", help="the table's layout (default: $HAUNTABLE_LAYOUT, else the reference)"
    )
    p.add_argument(
        "--backend",
        choices=("mock", "pi"),
        default=os.environ.get("HAUNTABLE_BACKEND") or "mock",
        help="hardware backend of the self-test and a live table (default: $HAUNTABLE_BACKEND, else mock)",
    )
    p.add_argument(
        "--table",
        choices=("live", "simulated"),
        default=os.environ.get("HAUNTABLE_TABLE") or None,
        help="Betrayal on the table's readers (live) or through the simulator panel (simulated) "
        "(default: $HAUNTABLE_TABLE, else live on the pi backend, simulated on mock)",
    )
    p.add_argument(
        "--export-dir",
        metavar="DIR",
        default=os.environ.get("HAUNTABLE_EXPORT_DIR"),
        help="log export goes here instead of a USB drive under /media (default: $HAUNTABLE_EXPORT_DIR)",
    )
    p.add_argument(
        "--tower",
        metavar="PORT",
        help="the dice tower's serial port (default: $HAUNTABLE_TOWER, else the layout's [[tower]] on the "
        "pi backend; none: virtual dice)",
    )
    add_data_dir_argument(p)
    p.set_defaults(run=run)


def tower_port(args: argparse.Namespace) -> str | None:
    """``--tower``, ``$HAUNTABLE_TOWER``, or the layout's tower (not on the mock backend); see ui/tower.py."""
    from hauntable.engine.rejections import HauntableError
    from hauntable.table.layout import load_layout
    from hauntable.ui.tower import configured_port

    if args.tower:
        return args.tower
    try:
        layout = load_layout(args.layout)
    except HauntableError as exc:
        print(f"hauntable ui: {exc}; no dice tower", file=sys.stderr)
        layout = None
    return configured_port(layout, args.backend, os.environ)


CHECK_AFTER = 20.0  # s: the full check of the log waits until the table is up


def check_later(app: Any, path: str) -> None:
    """SQLite's full quick_check, off the start (it costs the log's size): damage found is said on the
    attract screen and the next start salvages the log (gamelog/opening.py)."""
    from hauntable.gamelog.opening import integrity_problem, mark_check_failed

    time.sleep(CHECK_AFTER)
    problem = integrity_problem(path)
    if problem is None:
        return
    mark_check_failed(path)
    sentence = f"The game log has damaged pages ({problem}); the next start repairs it. Back it up now."
    print(f"hauntable ui: {sentence}", file=sys.stderr)

    def tell() -> None:
        app.controller.notice = sentence
        app.changed()

    app.post(tell)


def run(args: argparse.Namespace) -> int:
    for key in ("KIVY_NO_ARGS", "KIVY_NO_CONFIG", "KIVY_NO_FILELOG"):  # before anything imports Kivy
        os.environ.setdefault(key, "1")
    width, _, height = args.size.partition("x")
    os.environ.setdefault("KCFG_GRAPHICS_WIDTH", width)
    os.environ.setdefault("KCFG_GRAPHICS_HEIGHT", height)
    from kivy.config import Config

    Config.set("kivy", "exit_on_escape", "0")
    if args.kiosk:  # a touch table: no pointer drawn on the screen
        Config.set("graphics", "show_cursor", "0")
    from hauntable.gamelog.opening import open_table_log
    from hauntable.kiosk.settings import saved_layout
    from hauntable.ui.app import HauntableApp, UiSettings

    pin_file = str(db_path(args.data_dir).with_name("admin-pin.json"))
    data = str(db_path(args.data_dir).parent)  # the admin menu's choices are kept here (kiosk/settings.py)
    if args.layout is None:  # the layout chosen in the admin menu, before the tower port is looked up
        chosen = saved_layout(data)[1]
        args.layout = str(chosen) if chosen is not None else None
    settings = UiSettings(
        language=args.lang,
        kiosk=args.kiosk,
        pin_file=pin_file,
        layout=args.layout,
        backend=args.backend,
        table=args.table,
        export_dir=args.export_dir,
        tower_port=tower_port(args),
        tower_raw_log=str(db_path(args.data_dir).with_name("dice-serial.log")),
        data_dir=data,
    )
    log, notice = None, None
    if not args.no_log:
        opened = open_table_log(db_path(args.data_dir))
        log, notice = opened.log, opened.notice
        if notice:
            print(f"hauntable ui: {notice}", file=sys.stderr)
    try:
        app = HauntableApp(settings, log=log, seed=args.seed, today=args.today)
        app.controller.notice = notice or ""  # shown on the attract screen, where the operator looks first
        if log is not None and opened.saving:
            threading.Thread(
                target=check_later, args=(app, str(db_path(args.data_dir))), name="log-check", daemon=True
            ).start()
        app.freeze_when_started()  # the table's own process only (tests build many apps in one)
        app.run()
    finally:
        if log is not None:
            log.close()
    return 0
