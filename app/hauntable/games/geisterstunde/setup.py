"""Set-up and dealing (G1): the first hands, the swap of a hand that cannot start, the pile refilled."""

from __future__ import annotations

from hauntable.engine.game import Step
from hauntable.engine.rng import Rng
from hauntable.games.geisterstunde.basics import HAND, Out, player_name, pop_pile, say, table_refill
from hauntable.games.geisterstunde.config import GameConfig
from hauntable.games.geisterstunde.content import content_of
from hauntable.games.geisterstunde.content_model import Content, card_parts
from hauntable.games.geisterstunde.plan import start_round
from hauntable.games.geisterstunde.prompts import AwaitDraw
from hauntable.games.geisterstunde.state import State


def new_game(config: GameConfig, content: Content | None = None) -> Step:
    """G1: the ghost in the Verlies, runners in the Schatzkammer with four keys each."""
    c = content or content_of(config.board)
    config.validate()
    rng = Rng(config.seed)
    pile = rng.shuffled(c.keys) if config.cards == "virtual" else []
    n = len(config.players)
    rooms = [c.dungeon if seat == config.ghost else c.treasury for seat in range(n)]
    s = State(
        config=config,
        seq=0,
        round=1,
        phase="deal",
        ghost=config.ghost,
        rooms=rooms,
        hands=[()] * n,
        pile=pile,
        discards=[],
        rng=rng.state,
        turn=config.ghost,
    )
    out: Out = []
    say(
        out,
        f"A new game: {player_name(s, s.ghost)} is the ghost in the Verlies, "
        f"{', '.join(player_name(s, r) for r in s.runners())} start in the {c.rooms[c.treasury].name} (G1.2)",
        "game.start",
        ghost=player_name(s, s.ghost),
    )
    deal_next(s, c, out, s.runners()[0])
    return Step(s, tuple(out))


def deal_next(s: State, c: Content, out: Out, seat: int | None) -> None:
    """Deal four keys to ``seat`` and each runner after it (G1.3), then start the first round."""
    order = s.runners()
    while seat is not None:
        s.turn, s.dealt, s.swaps = seat, 0, 0
        if s.config.cards == "table":
            table_refill(s, c.keys, out)
            s.awaiting = deal_prompt(s)
            return
        while True:
            hand = tuple(pop_pile(s, out) for _ in range(HAND))
            s.hands[seat] = hand
            if not must_swap(s, hand):
                break
            swap_hand(s, out, seat)
        i = order.index(seat)
        seat = order[i + 1] if i + 1 < len(order) else None
    start_round(s, c, out)


def deal_prompt(s: State) -> AwaitDraw:
    return AwaitDraw(
        s.turn, f"{player_name(s, s.turn)}: take key card {s.dealt + 1} of {HAND} from the pile", "deal"
    )


def must_swap(s: State, hand: tuple[str, ...]) -> bool:
    """G1.4: four keys of one colour are swapped (once, or until mixed: house rule mono_hand)."""
    if len(hand) < HAND or len({card_parts(k)[0] for k in hand}) != 1:
        return False
    return s.config.house_rules.mono_hand == "until_mixed" or s.swaps == 0


def swap_hand(s: State, out: Out, seat: int) -> None:
    colour = card_parts(s.hands[seat][0])[0]
    say(
        out,
        f"{player_name(s, seat)} was dealt four {colour} keys and swaps them for four new ones (G1.4)",
        "deal.swap",
        who=player_name(s, seat),
        colour=colour,
    )
    if s.config.house_rules.mono_swap == "discard":
        s.discards = [*s.discards, *s.hands[seat]]
    else:  # shuffle_back: into the pile, shuffled (at a table the players shuffle; the engine reads the deal)
        say(out, "The four keys are shuffled back into the pile (G1.4)", "deal.shuffle_back")
        if s.config.cards == "virtual":
            rng = Rng(s.rng, raw=True)
            s.pile = rng.shuffled([*s.pile, *s.hands[seat]])
            s.rng = rng.state
    s.hands[seat] = ()
    s.swaps += 1
