"""Victory after the haunt (H6): who is still in play, a side declared the winner when its goal is met, the
dead explorers' tokens shown."""

from __future__ import annotations

from hauntable.games.betrayal.predicates import in_house, scenario
from hauntable.games.betrayal.world import World


def heroes_in_play(w: World) -> list[int]:
    h = w.haunt
    return [e.seat for e in w.s.explorers if in_house(e) and h.side_of(e.seat) == "heroes"]


def survivors(w: World) -> list[int]:
    """Heroes alive, in the house or escaped from it (H6.1); not one who left play (haunt_ops.leave_play)."""
    h = w.haunt
    return [
        e.seat for e in w.s.explorers if e.alive and h.side_of(e.seat) == "heroes" and not e.marks.get("left")
    ]


def survivors_but(w: World, seats: list[int]) -> list[int]:
    """Living explorers other than ``seats`` (escaped heroes count)."""
    return [e.seat for e in w.s.explorers if e.alive and e.seat not in seats]


def declare(w: World, side: str, why: str) -> None:
    """H6.1: the first side to meet its goal wins; the game is over (nothing more is awaited)."""
    h = w.haunt
    if h.winner:
        return
    h.winner = side
    w.s.pending.clear()
    w.s.awaiting = None
    w.s.ctx = {}
    variant = side
    if side == "traitor":  # the house only with nobody on its side, not even hidden (34, 43); 9's heroes turn
        n = len(traitor_side(w))
        variant = "traitors" if n > 1 else "traitor" if n or h.secret is not None else "house"
    names = {"heroes": "The heroes win", "traitor": "The traitor wins", "traitors": "The traitors win"}
    w.say(f"{names.get(variant, 'The house wins')}: {why}", "haunt.victory", side=side, variant=variant)


def traitor_side(w: World) -> list[int]:
    """Seats on the traitor's side, dead or alive: the first traitor and every hero who turned."""
    h = w.haunt
    return [e.seat for e in w.s.explorers if h.side_of(e.seat) == "traitor"]


def check_victory(w: World) -> bool:
    """Deaths first (the dead show their tokens, H4.4), then the haunt's goals; with no hero left in the
    house, the heroes cannot win (H6.1). True once a side has won."""
    h = w.haunt
    if h.winner:
        return True
    _show_dead_tokens(w)
    sc = scenario(w)
    if sc is not None:
        won = sc.check(w)
        if won:
            declare(w, *won)
            return True
    if h.hidden and h.secret is not None:  # only the hidden traitor is left in the house
        secret = h.secret
        left = [e.seat for e in w.s.explorers if in_house(e)]
        if left and all(secret[seat] == 1 for seat in left) and not survivors_but(w, left):
            declare(w, "traitor", "only the hidden traitor is left")
            return True
    if not heroes_in_play(w):
        if survivors(w) and sc is not None and not sc.escape_wins(w):
            return False  # the heroes are out, alive, but their goal is not met: the haunt plays on
        if survivors(w):  # every hero still alive has escaped (H6.1), in book mode too
            declare(w, "heroes", "every surviving hero has escaped")
        elif any(w.haunt.sides.get(seat) == "traitor" for seat in traitor_side(w)):
            declare(w, "traitor", "no hero is left on the heroes' side")
        else:
            declare(w, "traitor", "no hero is left alive")
        return True
    return False


def _show_dead_tokens(w: World) -> None:
    h = w.haunt
    if h.secret is None:
        return
    for e in w.s.explorers:
        if not e.alive and e.seat not in h.revealed:
            h.revealed.append(e.seat)
            token = h.secret[e.seat]
            w.say(f"{e.name} is dead and shows token {token}", "haunt.token_shown", who=e.name, token=token)
            if token == 1:
                h.traitor, h.hidden = e.seat, False
                w.say(f"{e.name} was the traitor", "haunt.traitor_dead", who=e.name)
