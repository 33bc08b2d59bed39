"""How fast the Betrayal engine plays after the haunt: random-legal fights, deaths and turns (rules K1-K9).

Why: the haunt's property tests and the "random games end" benchmark fold ``apply`` over the haunt phase,
where every turn prompt also lists the attacks the explorer could make. For seeds 0, 1, 2, ... a game is
explored by the random bot until the haunt roll starts the haunt (book mode; a game with no haunt within
3,000 inputs is skipped), the haunt's own rule picks the traitor, and the bot plays up to 600 haunt inputs
with every turn prompt's choices listed, as a screen would; it never claims a book haunt's victory (one
tap would end the fight). Those haunt inputs are then applied again in a tight loop from the haunt's
first state. Prints (a) haunt inputs applied per second, apply only; (b) turn prompts listed per second
(attacks included); (c) attacks, deaths and games that ended within the 600 inputs (a side won, or
everyone died). Times are CPU time of this process.

    .venv/bin/python bench/combat_throughput.py [--seconds 8]
"""

from __future__ import annotations

import argparse
import sys
import time

from hauntable.engine.bots import RandomBot
from hauntable.engine.game import Step
from hauntable.games.betrayal import GAME, GameConfig, HouseRules
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import Roll
from hauntable.games.betrayal.prompts import ChooseAction

EXPLORERS = ("zoe", "ox", "vivian", "peter")


def haunt_start(seed: int):
    """The first turn prompt of the haunt of seed ``seed`` (None if the haunt did not begin within 3,000
    inputs) and the bot that got there. The haunt starts by the rules, in book mode: its traitor is chosen
    by the haunt's own rule and the bot answers the set-up (the hand-off) as players would."""
    bot = RandomBot(seed, lambda faces, source: Roll(faces, source), end_bias=0.05)
    config = GameConfig.quick(*EXPLORERS, today="11-30", seed=seed, house_rules=HouseRules(haunt_mode="book"))
    step = GAME.new_game(config)
    for _ in range(3000):
        if step.awaiting is None or step.state.phase == "haunt":
            break
        step = GAME.apply(step.state, bot.choose(step))
    while step.awaiting is not None and not isinstance(step.awaiting, ChooseAction):
        step = GAME.apply(step.state, bot.choose(step))
    return (step.state if step.state.phase == "haunt" and step.awaiting is not None else None), bot


def fight_on(bot: RandomBot, step: Step):
    """The bot's answer, asked again (up to 20 times) while it is a book haunt's ``victory`` claim."""
    inp = bot.choose(step)
    for _ in range(20):
        if inp.kind != "victory":
            break
        inp = bot.choose(step)
    return inp


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="stop starting new games after this")
    args = parser.parse_args(argv)
    load_content()
    games = inputs_n = prompts = attacks = deaths = ended = 0
    list_cpu = apply_cpu = 0.0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < args.seconds:
        first, bot = haunt_start(seed)
        seed += 1
        if first is None:
            continue
        state, inputs = first, []
        for _ in range(600):
            if state.awaiting is None:
                ended += 1
                break
            if isinstance(state.awaiting, ChooseAction):
                c0 = time.process_time()
                state.awaiting.choices()
                list_cpu += time.process_time() - c0
                prompts += 1
            inp = fight_on(bot, Step(state))
            step = GAME.apply(state, inp)
            inputs.append(inp)
            attacks += inp.kind == "attack"
            deaths += sum(o.code == "explorer.dies" for o in step.outcomes)
            state = step.state
        c0 = time.process_time()
        s = first
        for replay in inputs:
            s = GAME.apply(s, replay).state
        apply_cpu += time.process_time() - c0
        inputs_n += len(inputs)
        games += 1
    print(f"games: {games} (seeds 0-{seed - 1}), haunt inputs: {inputs_n}")
    print(f"(a) haunt inputs applied per second, apply only: {inputs_n / apply_cpu:,.0f}")
    print(f"(b) turn prompts listed per second (attacks included): {prompts / list_cpu:,.0f}")
    print(f"(c) attacks: {attacks}, deaths: {deaths}, games that ended: {ended}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
