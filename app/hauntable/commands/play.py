"""``hauntable play``: Betrayal in the terminal, with virtual dice, decks and room stack.

The clock is read here and only here (the seed and today's date), so the engine stays a pure function of
its config and inputs; the seed is printed so a game can be played again. Every accepted input goes to the
game log unless ``--no-log``, which is what makes ``--resume`` possible.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import sys
import time
from typing import Any

from hauntable.engine.dice import VirtualDice
from hauntable.engine.rejections import BadConfig, HauntableError
from hauntable.gamelog import GameLog, LogError
from hauntable.gamelog.opening import open_table_log
from hauntable.games.betrayal.config import BOARDS, DEFAULT_CHARACTERS, GameConfig, HouseRules, PlayerSpec
from hauntable.games.betrayal.content import load_content
from hauntable.paths import add_data_dir_argument, db_path
from hauntable.session import Session
from hauntable.textui.loop import TextLoop

GAME_NAME = "betrayal"


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "play",
        help="play Betrayal in the terminal (virtual dice, decks and room stack)",
        description="Play Betrayal at House on the Hill in the terminal, through the haunt to its winner. "
        "Type a choice number or an input; 'help' lists them.",
    )
    p.add_argument(
        "--players",
        metavar="LIST",
        help='who plays, clockwise: "Ann:zoe,Ben:ox,Cy:vivian" (name:explorer; an explorer left out is '
        "picked for you) or a number of players, 3 to 6 (default: 3)",
    )
    p.add_argument("--seed", type=int, help="seed of the room stack, decks and virtual dice (default: clock)")
    p.add_argument("--today", metavar="MM-DD", help="today's date, for who goes first (default: today)")
    p.add_argument("--board", choices=sorted(BOARDS), default="open", help="board grid (default: open)")
    p.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule (repeatable), e.g. haunt_roll_dice=per_omen; see docs/house-rules.md",
    )
    add_data_dir_argument(p)
    p.add_argument("--no-log", action="store_true", help="do not record the game (it cannot be resumed)")
    p.add_argument(
        "--resume",
        nargs="?",
        const="latest",
        metavar="GAME_ID",
        help="continue a logged game: the latest unfinished one, or GAME_ID",
    )
    p.set_defaults(run=run)


def parse_players(text: str | None) -> tuple[PlayerSpec, ...]:
    """``"Ann:zoe,Ben"`` or ``"4"`` into seats; explorers left out get unused cards. Raises BadConfig."""
    if text is None or text.strip().isdigit():
        n = int(text) if text else 3
        if not 3 <= n <= len(DEFAULT_CHARACTERS):
            raise BadConfig(f"Betrayal needs 3 to 6 players, not {n}.")
        return tuple(PlayerSpec(f"Player {i + 1}", c) for i, c in enumerate(DEFAULT_CHARACTERS[:n]))
    characters = load_content().characters
    seats: list[tuple[str, str | None]] = []
    for part in text.split(","):
        name, _, given = part.partition(":")
        cid = given.strip().lower() or None
        if cid is not None and cid not in characters:
            known = ", ".join(sorted(characters))
            raise BadConfig(f"Unknown explorer {cid!r} for {name.strip()!r}; choose from {known}.")
        seats.append((name.strip(), cid))
    taken = {characters[c].color for _, c in seats if c}
    out = []
    for name, chosen in seats:
        cid = chosen or next((c for c in DEFAULT_CHARACTERS if characters[c].color not in taken), None)
        if cid is None:
            raise BadConfig("Too many players: every card is taken.")
        if chosen is None:
            taken.add(characters[cid].color)
        out.append(PlayerSpec(name, cid))
    return tuple(out)


def parse_house_rules(pairs: list[str]) -> HouseRules:
    """``name=value`` pairs into HouseRules; a bad name or value raises BadConfig naming the choices."""
    fields = {f.name: f for f in dataclasses.fields(HouseRules)}
    values: dict[str, Any] = {}
    for pair in pairs:
        name, eq, raw = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not eq or name not in fields:
            raise BadConfig(
                f"--house-rule wants NAME=VALUE with NAME one of {', '.join(fields)}; got {pair!r}."
            )
        raw = raw.strip()
        if fields[name].type in (bool, "bool"):
            if raw.lower() not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                raise BadConfig(f"house rule {name} must be true or false, not {raw!r}.")
            values[name] = raw.lower() in ("true", "yes", "1", "on")
        else:
            values[name] = raw
    return HouseRules(**values)


def build_config(args: argparse.Namespace, now: datetime.datetime | None = None) -> GameConfig:
    """The game config from the options; the clock fills in a missing seed and date. Raises BadConfig."""
    now = now or datetime.datetime.now()
    seed = args.seed if args.seed is not None else time.time_ns() // 1000 % 1_000_000
    config = GameConfig(
        players=parse_players(args.players),
        today=args.today or now.strftime("%m-%d"),
        seed=seed,
        board=args.board,
        house_rules=parse_house_rules(args.house_rule),
    )
    config.validate()
    return config


def dice_for(session: Session) -> VirtualDice:
    """Virtual dice seeded by the game, wound on past the rolls already logged so a resume rolls anew."""
    return VirtualDice(session.step.state.config.seed).wind_past(session.logged_rolls())


def header(session: Session) -> str:
    """The line atop every screen: how to play this game again, and whether it is being logged."""
    config = session.step.state.config
    parts = ["Betrayal", f"seed {config.seed}", f"today {config.today}"]
    parts.append(f"game {session.game_id}, logged" if session.game_id is not None else "not logged")
    return " | ".join([*parts, "type help for help"])


def _fail(message: str, code: int = 2) -> int:
    print(f"hauntable play: {message}", file=sys.stderr)
    return code


def _open_log(args: argparse.Namespace) -> GameLog:
    """The table's log; whatever is wrong with it is said (a damaged file is salvaged and set aside, a
    read-only or newer one is played on in memory) rather than stopping the game."""
    opened = open_table_log(db_path(args.data_dir))
    for notice in opened.notices:
        print(f"! {notice}", file=sys.stderr)
    return opened.log


def run(args: argparse.Namespace) -> int:
    if args.resume is not None and args.no_log:
        return _fail("--resume reads the game log; it cannot be used with --no-log.")
    log: GameLog | None = None
    try:
        if args.resume is not None:
            log = _open_log(args)
            if args.resume == "latest":
                record = log.latest_unfinished()
                if record is None:
                    return _fail(f"no unfinished game to resume in {log.path}.")
                game_id = record.id
            elif args.resume.isdigit():
                game_id = int(args.resume)
            else:
                return _fail(f"--resume takes a game number, not {args.resume!r}.")
            session = Session.resume(log, game_id)
            print(f"Resuming game {game_id} from {log.path}.")
        else:
            config = build_config(args)
            if not args.no_log:
                log = _open_log(args)
            session = Session.new(GAME_NAME, config, log=log)
            saved = f"; logged as game {session.game_id} in {log.path}" if log is not None else ""
            print(f"Seed {config.seed}{saved}.")
        loop = TextLoop(session, sys.stdin, sys.stdout, dice_for(session), header=header(session))
        return loop.run()
    except BadConfig as exc:
        return _fail(str(exc))
    except LogError as exc:
        return _fail(str(exc))
    except HauntableError as exc:
        return _fail(str(exc), 1)
    finally:
        if log is not None:
            log.close()
