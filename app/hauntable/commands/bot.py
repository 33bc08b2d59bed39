"""``hauntable bot``: a random-legal player that plays a logged game, for soak tests and crash tests.

Each choice depends only on (``--seed``, the game's seq) (:func:`~hauntable.engine.bots.seq_seeded_choice`),
so a run killed at any point and continued with ``--game-id`` makes exactly the choices an uninterrupted
run makes. Prints ``seq<TAB>input<TAB>state hash`` per accepted input, each only after it is logged.
"""

from __future__ import annotations

import argparse
import os
import sys

from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.game import find_game, game_names
from hauntable.engine.rejections import HauntableError
from hauntable.gamelog import GameLog, LogError, LogWriteError
from hauntable.paths import add_data_dir_argument, db_path
from hauntable.session import ResumeError, Session

GAME_NAME = "betrayal"
DEFAULT_PLAYERS = {"betrayal": "zoe,ox,vivian", "geisterstunde": "Anna,Ben,Cleo"}


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "bot",
        help="let a random-legal bot play a logged game",
        description="Let a random-legal bot play a new or logged game, printing seq, input and state hash "
        "per accepted input. Stops when the game stops awaiting input or at --max-inputs.",
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--game-id", type=int, metavar="N", help="resume logged game N and continue it")
    which.add_argument("--new", action="store_true", help="start a new game (the default)")
    parser.add_argument("--seed", type=int, required=True, help="the bot's seed (and a new game's seed)")
    parser.add_argument(
        "--max-inputs",
        type=int,
        default=10_000,
        metavar="M",
        help="stop once the game holds M inputs in total, counting resumed ones (default 10000)",
    )
    parser.add_argument(
        "--game",
        default=GAME_NAME,
        choices=game_names(),
        help="the game a new bot game plays (default %(default)s; a resumed game keeps its own)",
    )
    parser.add_argument(
        "--players",
        default=None,
        help="a new game's seats, comma separated: Betrayal explorers (default zoe,ox,vivian) or "
        "Geisterstunde player names, the first one the first ghost (default Anna,Ben,Cleo)",
    )
    parser.add_argument("--today", default="01-01", metavar="MM-DD", help="a new game's date (birthdays)")
    add_data_dir_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    config = None
    if args.game_id is None:
        seats = [p.strip() for p in (args.players or DEFAULT_PLAYERS.get(game.name, "")).split(",")]
        if game.name == "betrayal":
            players = [{"name": f"Player {i}", "character": c} for i, c in enumerate(seats, 1)]
            data = {"players": players, "seed": args.seed, "today": args.today}
        else:
            data = {"players": seats, "seed": args.seed}
        try:
            config = game.config_from_json(data)
            game.new_game(config)  # refuse a bad config before the log is touched
        except HauntableError as exc:
            print(f"bot: {exc}", file=sys.stderr)
            return 2
    with GameLog(db_path(args.data_dir)) as log:
        try:
            if config is None:
                session = Session.resume(log, args.game_id)
            else:
                session = Session.new(game.name, config, log=log)
        except LogError as exc:
            print(f"bot: {exc}", file=sys.stderr)
            return 2
        except ResumeError as exc:
            print(f"bot: cannot resume: {exc}", file=sys.stderr)
            return 1
        print(f"bot: game {session.game_id} at seq {session.step.state.seq}", file=sys.stderr, flush=True)
        try:
            while not session.over and session.step.state.seq < args.max_inputs:
                inp = seq_seeded_choice(session.game, session.step, args.seed)
                step = session.submit(inp, source="bot")
                print(f"{step.state.seq}\t{inp}\t{session.state_hash}", flush=True)
        except LogWriteError as exc:  # a full or read-only card: every printed input is logged
            print(f"bot: {exc.sentence}; continue with --game-id {session.game_id}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print(f"bot: interrupted; continue with --game-id {session.game_id}", file=sys.stderr)
            return 130
        except BrokenPipeError:
            # the reader went away (`| head`); what was printed is logged, so stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
    return 0
