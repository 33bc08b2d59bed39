"""Haunt 34, Guillotines: a collar on every neck and a hidden traitor (H4). The table deals the collar
numbers (``_collars``, public), keeps which collars are still on (``_on``), runs the timer at the end of each
of the revealer's turns (every collar whose number is at most the track rolls 3 dice through the table; a
total under the track fires it) and, knowing the hidden traitor's token, reveals the traitor instead of
killing them (their collar does not work). ``true_heroes`` never counts the traitor, hidden or not."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.engine.rng import Rng
from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunt_actions import reveal
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.world import World

COLLARS, ON, KEY = "_collars", "_on", "Key"
KEY_ROOMS = (
    "Attic",
    "Catacombs",
    "Chasm",
    "Collapsed Room",
    "Crypt",
    "Furnace Room",
    "Gallery",
    "Junk Room",
    "Operating Laboratory",
    "Pentagram Chamber",
    "Tower",
    "Vault",
)


def traitor_seat(w: World) -> int:
    """The traitor's seat, hidden or not (-1: none known to the table)."""
    h = w.haunt
    if h.traitor is not None:
        return h.traitor
    return (h.secret or []).index(1) if 1 in (h.secret or []) else -1


class Guillotines(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = (
        "deal_collars",
        "lay_keys",
        "key_here",
        "collar_on",
        "roommate",
        "unlock",
        "collar_timer",
        "collar_fires",
        "collars_on",
        "true_heroes",
        "true_heroes_alive",
    )

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w
        h = w.haunt

        def on() -> list[int]:  # dealt by deal_collars; a read never adds the key
            seats: list[int] = h.vars.get(ON, [])
            return seats

        def deal_collars() -> None:
            n = len(w.s.explorers)
            rng = Rng(w.s.rng, raw=True)
            h.vars[COLLARS] = rng.shuffled(list(range(1, n + 1)))
            w.s.rng = rng.state
            h.vars[ON] = [e.seat for e in w.s.explorers if in_house(e)]
            for seat in h.vars[ON]:
                ops.set_counter(w, f"Collar of {w.who(seat)}", h.vars[COLLARS][seat])

        def lay_keys() -> None:
            laid: list[str] = h.vars.setdefault("_keys_laid", [])
            for room in KEY_ROOMS:
                if room in w.s.house and room not in laid:
                    laid.append(room)
                    ops.put_token(w, f"{KEY} ({room})", room)

        def key_here() -> str:
            return next((t for t in h.tokens_in(c.here()) if t.startswith(KEY)), "")

        def roommate() -> int:
            ex, me = w.s.explorers, c.me
            return next(
                (s for s in on() if s != me and in_house(ex[s]) and ex[s].room == ex[me].room),
                -1,
            )

        def unlock(seat: int) -> None:
            if seat in on():
                on().remove(seat)
                ops.set_counter(w, f"Collar of {w.who(seat)}", 0)

        def collar_timer() -> None:
            value = ops.move_track(w, "turn", 1)
            for seat in list(on()):
                if in_house(w.s.explorers[seat]) and h.vars[COLLARS][seat] <= value:
                    c.roll_for("collar", 3, seat, f"the collar of {w.who(seat)}")

        def collar_fires(seat: int, total: int) -> None:
            if seat not in on() or total >= h.track("turn"):
                return
            on().remove(seat)
            if seat == traitor_seat(w):  # the traitor's collar does not work: they must reveal
                if h.hidden:
                    reveal(w, seat)
                return
            kill(w, seat, "")

        def true_heroes() -> list[int]:
            t = traitor_seat(w)
            return [e.seat for e in w.s.explorers if e.seat != t]

        def collars_on() -> int:
            t = traitor_seat(w)
            return sum(1 for s in on() if s != t and in_house(w.s.explorers[s]))

        return {
            "deal_collars": deal_collars,
            "lay_keys": lay_keys,
            "key_here": key_here,
            "collar_on": lambda seat: seat in on(),
            "roommate": roommate,
            "unlock": unlock,
            "collar_timer": collar_timer,
            "collar_fires": collar_fires,
            "collars_on": collars_on,
            "true_heroes": lambda: len(true_heroes()),
            "true_heroes_alive": lambda: sum(1 for s in true_heroes() if w.s.explorers[s].alive),
        }

    def on_turn_end(self, w: World, seat: int) -> None:
        super().on_turn_end(w, seat)
        if seat == w.haunt.revealer and not w.haunt.winner:
            self.names(w, seat)["collar_timer"]()  # the collar timer: at each end of the revealer's turn
