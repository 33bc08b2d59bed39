"""A game logged before an update still resumes after it: Session.resume checks every logged state hash, so
a refactoring of the rules must leave each intermediate state as it was, not only the final one (the bot-game
fingerprint sees only final states). The digests are of every state hash along seeded bot games with damage
splits, computed by main at 3b0fe9b (before the rules were layered)."""

from __future__ import annotations

import hashlib

from hauntable.engine.bots import RandomBot
from hauntable.engine.hashing import state_hash
from hauntable.games.betrayal import GAME, GameConfig, HouseRules
from hauntable.games.betrayal.inputs import Roll

CHARACTERS = ("zoe", "ox", "vivian", "peter", "longfellow", "heather")
LOGGED = {  # seed -> (inputs, damage splits asked, digest of the state hashes)
    1: (81, 1, "ec1f7202bb9eed3c14edfa491c71c4cc"),
    2: (70, 3, "a48a7d1e0e46b61bbf301fa92f537113"),
    3: (52, 2, "2a6601d4d41ad4092f0f02cf502b56c3"),
}


def test_every_intermediate_state_hashes_as_it_was_logged():
    for seed, expected in LOGGED.items():
        # as logged then: one-way trades (house rule trading=give, which a logged config's JSON leaves out)
        config = GameConfig.quick(
            *CHARACTERS[: 3 + seed % 4], today="11-30", seed=seed, house_rules=HouseRules(trading="give")
        )
        step, bot, h, splits = GAME.new_game(config), RandomBot(seed, Roll), hashlib.sha256(), 0
        while step.awaiting is not None:
            step = GAME.apply(step.state, bot.choose(step))
            splits += step.awaiting is not None and step.awaiting.kind == "split"
            h.update(state_hash(step.state).encode())
        assert (step.state.seq, splits, h.hexdigest()[:32]) == expected, f"seed {seed}"
