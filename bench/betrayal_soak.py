"""Soak: many complete random-legal Betrayal games over varied configs, checking invariants as they go.

Why: the hypothesis property test plays 25 games per run; this plays hundreds (players 3-6, both boards,
house rules, scripted and book haunts) and fails loudly on anything wrong: an exception from a listed
choice, a game that does not end within ``--max-inputs``, a finished haunt with no winner, a dead explorer
still holding cards (K9), a monster offered a second attack in one move (H5.7). The bot is steered a little
where pure chance would hide the haunt: a random bot never claims a victory (engine/bots.py), so in book mode
the soak, standing in for the players, claims one turn in 8 from haunt round 4 on and the other side accepts
(counted as "claimed ends"); a new book monster gets the traits a player would type from the book (speed,
might, sanity, knowledge), and at most 4 are placed. It
counts what the haunt did (monster turns and attacks, deaths, Music Box rolls by monsters), so a regression
that silently stops monsters attacking shows up as a zero.

    .venv/bin/python bench/betrayal_soak.py [--games 300] [--max-inputs 20000] [--seed 0]
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import random
import sys
import time
import traceback

from hauntable.engine.bots import RandomBot
from hauntable.games.betrayal import GAME, GameConfig, HouseRules
from hauntable.games.betrayal.inputs import Choose, Roll
from hauntable.games.betrayal.prompts import ChooseAction, ChooseOption, MonsterTurn
from hauntable.games.betrayal.tool_inputs import Claim

CHARACTERS = ("zoe", "ox", "vivian", "peter", "longfellow", "heather")


def config(i: int, base: int) -> GameConfig:
    """The ``i``-th game's config: player count, board and house rules cycle with different periods."""
    seed = base + i
    rules = HouseRules(
        door_matching=("connect_all", "free")[i % 2],
        misfit_tiles=("discard", "bottom")[i // 2 % 2],
        damage_at_lowest=("allowed", "must_drop")[i // 3 % 2],
        revolving_wall=bool(i // 5 % 2),
        monster_secret_passages=("allowed", "forbidden")[i // 7 % 2],
        haunt_mode=("scripted", "book")[1 if i % 11 == 10 else 0],
    )
    board = ("open", "table7")[i // 4 % 2]
    return GameConfig.quick(
        *CHARACTERS[: 3 + i % 4], today="11-30", seed=seed, board=board, house_rules=rules
    )


def play(cfg: GameConfig, bot_seed: int, max_inputs: int, stats: collections.Counter) -> str | None:
    """One game; returns a problem description, or None when it ended well."""
    step = GAME.new_game(cfg)
    bot = RandomBot(bot_seed, Roll)
    pick = random.Random(bot_seed)
    n = 0
    while step.awaiting is not None and n < max_inputs:
        prompt = step.awaiting
        choice = bot.choose(step)
        h = step.state.haunt
        if isinstance(prompt, ChooseOption) and prompt.purpose == "claim":  # the players agree (H6.2)
            choice = Choose("accept")
            stats["claimed ends"] += 1
        elif (
            h is not None
            and h.mode == "book"
            and h.round >= 4
            and isinstance(prompt, ChooseAction | MonsterTurn)
            and pick.randrange(8) == 0
        ):
            choice = Claim(pick.choice(("heroes", "traitor")))  # the book's goal met: the players claim it
        ms = h.monsters if h is not None else {}
        if choice.kind == "monster" and choice.name not in ms and len(ms) >= 4:  # a horde is slow, not new
            others = [c for c in prompt.choices() if c.kind not in ("monster", "back")]
            choice = others[pick.randrange(len(others))] if others else choice
        if choice.kind == "monster" and choice.name not in ms:
            # book mode lists a bare token; a player types the book's numbers: give it some (H5.7, H5.8, K4)
            traits = dict(speed=1 + n % 3, might=n % 5, sanity=n % 4, knowledge=(n // 5) % 3)
            if not traits["might"] and not traits["sanity"]:
                traits["knowledge"] = 2
            choice = dataclasses.replace(choice, **traits)
            stats["book monsters"] += 1
        if choice.kind in ("check", "trait", "kill", "carry", "counter", "track"):
            stats[f"tool {choice.kind}"] += 1
        if choice.kind == "attack" and choice.trait in ("sanity", "knowledge"):
            stats[f"{choice.trait} fights"] += 1
        if isinstance(prompt, MonsterTurn) and choice.kind == "attack":
            stats[f"monster attacks ({h.mode if h else None})"] += 1
        step = GAME.apply(step.state, choice)
        n += 1
        for o in step.outcomes:
            if o.code == "monster.turn":
                stats[f"monster turns ({step.state.haunt.mode if step.state.haunt else None})"] += 1
            elif o.code == "explorer.dies":
                stats["deaths"] += 1
            elif o.code == "monster.mesmerized" or o.code == "monster.music_resisted":
                stats["monster music rolls"] += 1
            elif o.code == "monster.move_over":
                stats["monsters stunned in their own attack"] += 1
        for e in step.state.explorers:
            if not e.alive and (e.items or e.omens):
                return f"dead {e.name} still holds {e.items + e.omens} (K9)"
        phase = step.state.haunt.mphase if step.state.haunt else None
        if phase is not None and phase.current and isinstance(step.awaiting, MonsterTurn):
            attacks = [c for c in step.awaiting.choices() if c.kind == "attack"]
            if attacks and phase.attacked:
                return f"{phase.current} offered a second attack (H5.7)"
    stats["inputs"] += n
    stats["longest"] = max(stats["longest"], n)
    if step.awaiting is not None:
        return f"not over after {n} inputs"
    h = step.state.haunt
    if not h or h.winner not in ("heroes", "traitor"):
        return "over without a winner"
    stats[f"winner {h.winner}"] += 1
    stats[f"mode {h.mode}"] += 1
    return None


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--max-inputs", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    stats: collections.Counter = collections.Counter()
    problems = []
    c0 = time.process_time()
    for i in range(args.games):
        cfg = config(i, args.seed)
        try:
            problem = play(cfg, args.seed + i, args.max_inputs, stats)
        except Exception:  # a listed choice that crashed the engine: report it with its seed
            problem = traceback.format_exc(limit=3)
        if problem:
            problems.append((i, problem))
            print(f"game {i} (seed {cfg.seed}, {len(cfg.players)} players): {problem}", file=sys.stderr)
    cpu = time.process_time() - c0
    print(f"betrayal soak: {args.games} games from seed {args.seed} in {cpu:.1f} s CPU")
    print(f"problems: {len(problems)}")
    print(f"mean inputs per game: {stats['inputs'] / max(1, args.games):.0f}, longest: {stats['longest']}")
    for key in sorted(k for k in stats if k not in ("inputs", "longest")):
        print(f"{key}: {stats[key]}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
