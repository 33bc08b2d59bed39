"""Soak of the printed haunts (issue 16): N random-legal games of every haunt that runs from its file, each
from a house explored by the bot, to a winner. Prints games per second and, per haunt, the share that reached
a winner with no stuck prompt, no exception and no step that changed the state it was given (the goal:
100 % of at least 20 games a haunt).

The haunt is forced at a random moment of exploration (after 40-120 bot inputs), revealed in a room of the
house that leads to it on the haunt chart when one is laid, by a random seat; then the bot plays every side
through the table's own prompts. A game still running after ``--max-inputs`` is stuck (random bots wander:
a long haunt such as 12 or 38 can take more than 6,000 inputs to end, hence 20,000).

    .venv/bin/python bench/haunt_soak.py [--games 20] [--max-inputs 20000] [--seed 0] [--haunts 26,38]
        [--vary]

``--vary``: each game with 3-6 players, the ``open`` or ``table7`` board and house rules drawn as the
random-games test draws them (tests/betrayal/test_properties.py); a stuck game is then described (who is
alive, who left the house, the prompt), to sort deadlocks a group would end by a claim (H6.4) from rule bugs.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
import traceback

from hauntable.engine.bots import RandomBot
from hauntable.engine.game import Step
from hauntable.engine.hashing import state_hash
from hauntable.games.betrayal import GAME, GameConfig, HouseRules
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.games.betrayal.inputs import Roll
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.records import Haunt
from hauntable.games.betrayal.rules import _run
from hauntable.games.betrayal.world import World

CHARACTERS = ("zoe", "ox", "vivian", "peter", "longfellow", "heather")
CONTENT = load_content()


def force_haunt(step: Step, number: int, pick: random.Random) -> Step:
    """Start haunt ``number`` now, as the haunt roll would, revealed where the chart leads to it."""
    s = step.state
    cells = [
        (room, omen) for room, row in CONTENT.haunt_chart.items() for omen, n in row.items() if n == number
    ]
    laid = [(room, omen) for room, omen in cells if room in s.house]
    room, omen = pick.choice(laid) if laid else ("Entrance Hall", cells[0][1] if cells else "Skull")
    revealer = pick.randrange(len(s.explorers))
    if (
        omen in s.decks["omen"]
    ):  # the revealer drew the omen that began it: a haunt may need the card (20's Ring)
        s.decks["omen"] = [c for c in s.decks["omen"] if c != omen]
        s.explorers[revealer].omens.append(omen)
    s.phase = "haunt"
    s.haunt = Haunt(revealer=revealer, omen=omen, room=room, number=number, total=0)
    s.pending[:] = [("haunt_start", {})]
    s.awaiting, s.ctx = None, {}
    w = World(s, CONTENT)
    _run(w)
    return Step(s, tuple(w.out))


def varied(seed: int) -> GameConfig:
    """A config drawn as test_H6_1's strategy draws it: players, board and the house rules it varies."""
    p = random.Random(f"vary {seed}")
    rules = HouseRules(
        door_matching=p.choice(["connect_all", "free"]),
        misfit_tiles=p.choice(["discard", "bottom"]),
        damage_at_lowest=p.choice(["allowed", "must_drop"]),
        revolving_wall=p.choice([True, False]),
        closing_floor=p.choice(["lay_first", "rearrange_first"]),
        monster_speed_roll=p.choice(["turn_start", "per_group"]),
        monster_stunned_in_turn=p.choice(["skip_next", "recover_now"]),
    )
    players = CHARACTERS[: p.randint(3, 6)]
    return GameConfig.quick(
        *players, today="11-30", seed=seed, board=p.choice(["open", "table7"]), house_rules=rules
    )


def stuck_how(step: Step) -> str:
    """Who is where in a game that does not end: the dead, those out of the house, the prompt."""
    s, h = step.state, step.state.haunt
    people = []
    for e in s.explorers:
        side = "traitor" if h is not None and e.seat == h.traitor else "hero"
        where = "dead" if not e.alive else ("out" if not in_house(e) else e.room)
        people.append(f"{e.name.split()[0]} ({side}) {where}")
    return f"{', '.join(people)}; awaiting: {step.awaiting.text[:70] if step.awaiting else '-'}"


def play(
    number: int, seed: int, max_inputs: int, why: collections.Counter[str], vary: bool = False
) -> tuple[str | None, int]:
    pick = random.Random(seed)
    plain = GameConfig.quick(*CHARACTERS[: 3 + seed % 4], today="11-30", seed=seed)
    cfg = varied(seed) if vary else plain
    step = GAME.new_game(cfg)
    bot = RandomBot(seed, Roll)
    for _ in range(pick.randrange(40, 120)):
        if step.awaiting is None or step.state.phase != "explore":
            break
        step = GAME.apply(step.state, bot.choose(step))
    if step.state.phase != "explore" or step.awaiting is None:
        return None, 0  # the house's own haunt came first: not this haunt's game
    step = force_haunt(step, number, pick)
    n = 0
    while step.awaiting is not None and n < max_inputs:
        before, inp = state_hash(step.state), bot.choose(step)
        old = step.state
        step = GAME.apply(old, inp)
        n += 1
        if state_hash(old) != before:  # a step must never change the state it was given (replay, take back)
            return f"input {n} ({inp}) changed the state it was given", n
        for o in step.outcomes:
            if o.code == "haunt.victory":
                why[o.text] += 1
    h = step.state.haunt
    if step.awaiting is not None:
        return f"stuck: not over after {n} inputs (awaiting {step.awaiting.kind}): {stuck_how(step)}", n
    if h is None or h.winner not in ("heroes", "traitor"):
        return "over without a winner", n
    return None, n


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--max-inputs", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--haunts", default="", help="comma-separated numbers (default: every haunt file)")
    ap.add_argument(
        "--vary", action="store_true", help="players, board and house rules as test_H6_1 draws them"
    )
    args = ap.parse_args(argv)
    numbers = [int(x) for x in args.haunts.split(",") if x] or sorted(PRINTED)
    total_games = total_ok = 0
    c0 = time.process_time()
    for number in numbers:
        ok = played = inputs = 0
        problems: list[str] = []
        seed = args.seed
        why: collections.Counter[str] = collections.Counter()
        while played < args.games:
            seed += 1
            try:
                problem, n = play(number, seed, args.max_inputs, why, args.vary)
            except Exception:  # a listed choice that crashed the engine: report it with its seed
                problem, n = traceback.format_exc(limit=4), 1
            if n == 0 and problem is None:
                continue  # the house reached its own haunt before the forced one
            played += 1
            inputs += n
            if problem is None:
                ok += 1
            else:
                problems.append(f"seed {seed}: {problem}")
        total_games += played
        total_ok += ok
        name = PRINTED[number].spec.name
        print(
            f"haunt {number:2d} {name}: {ok}/{played} to a winner ({100 * ok / played:.0f} %), "
            f"{inputs / played:.0f} inputs a game"
        )
        print("    " + "; ".join(f"{k} x{v}" for k, v in why.most_common()))
        for p in problems[:3]:
            print(f"    {p.strip().splitlines()[-1]}", file=sys.stderr)
    cpu = time.process_time() - c0
    print(
        f"haunt soak: {total_games} games of {len(numbers)} haunts in {cpu:.1f} s CPU, "
        f"{total_games / cpu:.1f} games/s; {total_ok}/{total_games} to a winner "
        f"({100 * total_ok / max(1, total_games):.1f} %)"
    )
    return 0 if total_ok == total_games else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
