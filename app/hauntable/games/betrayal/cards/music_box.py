"""The Music Box: open, it holds everyone entering or starting a turn in its room with a Sanity roll."""

from __future__ import annotations

from hauntable.games.betrayal.cards.hands import PILE, held, lose_card
from hauntable.games.betrayal.predicates import trait_roll
from hauntable.games.betrayal.world import World, effect_op, task

MUSIC = "Music Box"
MUSIC_OPEN = "Music Box open"


def music_room(w: World) -> str | None:
    """The room of the open Music Box (with its holder, or lying in a room), or None when it is closed."""
    if not w.s.marks.get(MUSIC_OPEN):
        return None
    holder = w.holder(MUSIC)
    return w.s.explorers[holder].room if holder is not None else w.s.tokens.get(PILE + MUSIC)


@effect_op("music_toggle")
def _music_toggle(w: World, seat: int, card: str) -> None:
    now = not w.s.marks.get(MUSIC_OPEN)
    if now:
        w.own("marks")[MUSIC_OPEN] = True
    else:
        w.own("marks").pop(MUSIC_OPEN, None)
    w.say(
        f"{w.who(seat)} {'opens' if now else 'closes'} the Music Box",
        "card.music_box",
        open=now,
        who=w.who(seat),
        variant="opens" if now else "closes",
    )


def music_check(w: World, seat: int, why: str) -> None:
    """Entering or starting a turn by the open Music Box: Sanity 4+ or the turn ends there."""
    if music_room(w) == w.s.explorers[seat].room:
        trait_roll(w, seat, "sanity", 4, f"resist the Music Box ({why})", on="music_result")


@task("music_result")
def music_result(w: World, seat: int, trait: str, target: int, total: int) -> None:
    if total >= target:
        w.say(f"{w.who(seat)} shakes off the melody", "card.music_resisted", who=w.who(seat))
        return
    w.say(f"{w.who(seat)} is mesmerized by the Music Box: the turn ends", "card.mesmerized", who=w.who(seat))
    if MUSIC in held(w, seat):
        lose_card(w, seat, MUSIC, "room")
        w.say(f"{w.who(seat)} drops the Music Box", "item.drop", who=w.who(seat), card=MUSIC)
    if seat == w.s.turn.seat:  # what the room would have done on entering no longer happens
        w.s.pending = [t for t in w.s.pending if not (t[0] == "enter_effects" and t[1]["seat"] == seat)]
        w.then(("end_turn", dict(seat=seat)))
