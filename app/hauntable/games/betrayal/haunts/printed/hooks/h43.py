"""Haunt 43, The Star-Sickness: a hidden traitor and a disease (H4). The table keeps who is inoculated
(``_inoculated``, public), runs the disease at the end of each of the revealer's turns (the track moves on,
the revealer rolls as many dice as it shows, every explorer in the house not yet inoculated defends with
Might and takes the difference as physical damage) and kills a traitor for good when the Serum is given to
them. With the table's virtual tokens it deals each explorer a second token and makes the secret exchanges
itself (at the end of a turn in a room with another explorer not yet inoculated, one random token each way):
the hands and who has become a traitor live in ``Haunt.private`` (never on a public view; the secret screen
shows each player their own tokens), so the table knows every traitor for the Serum and the traitors' win."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.engine.rng import Rng
from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunt_actions import NO_REVEAL
from hauntable.games.betrayal.haunts.printed.hooks.h34 import traitor_seat
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.world import World

INOCULATED, PLAGUE, EXCHANGES = "_inoculated", "_plague", "_exchanges"
HANDS, TRAITORS = (
    "hands",
    "traitors",
)  # Haunt.private: each seat's tokens; seats that became traitors, in order


def traitors(w: World) -> list[int]:
    """Every traitor the table knows: whoever ever held token 1 (virtual tokens), else the dealt one."""
    made: list[int] | None = w.haunt.private.get(TRAITORS)
    if made is not None:
        return made
    seat = traitor_seat(w)
    return [seat] if seat >= 0 else []


def deal_second_tokens(w: World) -> None:
    """The book deals two tokens each from twice as many: the first deal (H4.1) gave 1..N; N+1..2N now."""
    h = w.haunt
    if h.secret is None:  # the table's own tokens: the players deal and exchange them by hand
        return
    n = len(h.secret)
    rng = Rng(w.s.rng, raw=True)
    extra = rng.shuffled(list(range(n + 1, 2 * n + 1)))
    w.s.rng = rng.state
    h.private[HANDS] = [[h.secret[i], extra[i]] for i in range(n)]
    h.private[TRAITORS] = [h.secret.index(1)]


def exchange(w: World, seat: int, done: list[int]) -> None:
    """At the end of ``seat``'s turn in a room with another explorer not yet inoculated (one not exchanged
    with before first), each gives the other one of their tokens at random; token 1 makes a traitor."""
    h = w.haunt
    hands: list[list[int]] | None = h.private.get(HANDS)
    e = w.s.explorers[seat]
    if not hands or not e.alive or not in_house(e) or seat in done:
        return
    mates = [
        o.seat
        for o in w.s.explorers
        if o.seat != seat and o.alive and in_house(o) and o.room == e.room and o.seat not in done
    ]
    if not mates:
        return
    pairs: list[list[int]] = h.vars.setdefault(EXCHANGES, [])
    fresh = [m for m in mates if sorted((seat, m)) not in pairs]
    mate = (fresh or mates)[0]
    if sorted((seat, mate)) not in pairs:
        pairs.append(sorted((seat, mate)))
    rng = Rng(w.s.rng, raw=True)
    a, b = rng.below(len(hands[seat])), rng.below(len(hands[mate]))
    w.s.rng = rng.state
    hands[seat][a], hands[mate][b] = hands[mate][b], hands[seat][a]
    made: list[int] = h.private[TRAITORS]
    for s in (seat, mate):
        if 1 in hands[s] and s not in made:
            made.append(s)
    w.say(
        f"{w.who(seat)} and {w.who(mate)} exchange a token in secret",
        "haunt43.exchange",
        who=w.who(seat),
        other=w.who(mate),
    )


class StarSickness(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = (
        "inoculate",
        "inoculated",
        "uninoculated_mate",
        "all_inoculated",
        "disease",
        "disease_attack",
        "disease_defend",
        "gather_herbs",
        "make_serum",
        "traitors_win",
    )

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w
        h = w.haunt

        def done() -> list[int]:  # only read: asking must not record an empty list (listing is a read)
            seats: list[int] = h.vars.get(INOCULATED, [])
            return seats

        def living() -> list[int]:
            return [e.seat for e in w.s.explorers if e.alive and in_house(e)]

        def inoculate(seat: int) -> None:
            if seat < 0 or seat in done():
                return
            if seat in traitors(w):  # the Serum kills a traitor for good: no Alien rises
                kill(w, seat, "")
                return
            h.vars.setdefault(INOCULATED, []).append(seat)
            c.restore(seat)

        def uninoculated_mate() -> int:
            ex, me = w.s.explorers, c.me
            mates = [s for s in living() if s != me and s not in done() and ex[s].room == ex[me].room]
            return mates[0] if mates else -1

        def disease() -> None:
            if any(s not in done() for s in living()):
                value = ops.move_track(w, "turn", 1)
                c.roll_for("disease_attack", value, h.revealer, "the Star-Sickness")
            else:
                ops.move_track(w, "turn", 1)

        def disease_attack(total: int) -> None:
            h.vars[PLAGUE] = total
            for s in living():
                if s not in done():
                    c.roll_for("disease_defend", w.dice_for(s, "might"), s, "Might against the Star-Sickness")

        def disease_defend(seat: int, total: int) -> None:
            hit = int(h.vars.get(PLAGUE, 0)) - total
            if hit > 0 and w.s.explorers[seat].alive:
                c.damage(seat, "physical", hit)

        def gather_herbs() -> None:
            ops.carry_token(w, f"Herbs {h.count('_herbs_made')}", c.me)

        def make_serum(needed: int) -> None:
            lab, herbs = int(h.vars.get("_lab", 0)), int(h.vars.get("_herbs_lab", 0))
            if not h.vars.get("_serum") and lab >= 1 and herbs >= 1 and lab + herbs >= needed:
                h.vars["_serum"] = 1
                ops.carry_token(w, "Serum", c.me)
                c.tell("serum")

        def traitors_win() -> bool:
            """Every living explorer is a traitor (the dealt one or one made by an exchange)."""
            made = traitors(w)
            return HANDS in h.private and bool(living()) and all(s in made for s in living())

        return {
            "traitors_win": traitors_win,
            "gather_herbs": gather_herbs,
            "make_serum": make_serum,
            "inoculate": inoculate,
            "inoculated": lambda seat: seat in done(),
            "uninoculated_mate": uninoculated_mate,
            "all_inoculated": lambda: bool(living()) and all(s in done() for s in living()),
            "disease": disease,
            "disease_attack": disease_attack,
            "disease_defend": disease_defend,
        }

    def setup(self, w: World) -> None:
        deal_second_tokens(w)
        w.haunt.vars[NO_REVEAL] = 1  # a traitor may never reveal (the reveal is refused, never offered)
        super().setup(w)

    def on_turn_end(self, w: World, seat: int) -> None:
        if seat >= 0 and not w.haunt.winner:
            exchange(w, seat, w.haunt.vars.get(INOCULATED, []))
        super().on_turn_end(w, seat)
        if seat == w.haunt.revealer and not w.haunt.winner:
            self.names(w, seat)["disease"]()  # the disease: at each end of the revealer's turn
