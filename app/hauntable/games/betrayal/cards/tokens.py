"""The tokens cards leave in rooms and what using one does (``use NAME``: walk a Secret Passage or Stairs,
search a closet, work a switch, C11); a new passage may be taken at once."""

from __future__ import annotations

from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.cards.language import Effect, damage_dice, draw, op, roll, say
from hauntable.games.betrayal.movement import movement_left
from hauntable.games.betrayal.sides import is_traitor
from hauntable.games.betrayal.world import World, effect_op


@effect_op("free_walk")
def _free_walk(w: World, seat: int, card: str, name: str) -> None:
    """The drawer may take the new passage or stairs at once, even without movement left (C11)."""
    if seat == w.s.turn.seat:
        w.s.turn.tried.append(f"free:{name}")


TOKEN_USES: dict[str, tuple[str, str, list[Effect]]] = {
    "Secret Passage": ("Secret Passage", "walk", []),
    "Secret Stairs": ("Secret Stairs", "walk", []),
    "Closet": (
        "Closet Door",
        "search",
        [
            roll(
                "dice:2",
                (4, None, [draw("item")]),
                (2, 3, [draw("event")]),
                (0, 1, [op("untoken", "Closet"), draw("event")]),
            )
        ],
    ),
    "Skeletons": (
        "Skeletons",
        "search",
        [
            roll(
                "sanity",
                (5, None, [op("untoken", "Skeletons"), draw("item")]),
                (0, 4, [damage_dice("mental", 1)]),
            )
        ],
    ),
    "Safe": (
        "Locked Safe",
        "search",
        [
            roll(
                "knowledge",
                (5, None, [op("untoken", "Safe"), draw("item"), draw("item")]),
                (2, 4, [damage_dice("physical", 1)]),
                (0, 1, [damage_dice("physical", 2)]),
            )
        ],
    ),
    "Slide": ("Mystic Slide", "search", [op("slide_roll")]),
    "Wall Switch": (
        "Revolving Wall",
        "switch",
        [
            roll(
                "knowledge",
                (3, None, [op("through_switch")]),
                (0, 2, [say("the hidden switch is not found")]),
            )
        ],
    ),
}


@effect_op("untoken")
def _untoken(w: World, seat: int, card: str, name: str) -> None:
    if w.own("tokens").pop(name, None) is not None:
        w.say(f"The {name} token is removed", "card.untoken", token=name)


PAIRS = {
    "Secret Passage": "Secret Passage 2",
    "Secret Stairs": "Secret Stairs 2",
    "Wall Switch": "Wall Switch 2",
}


_BASE: dict[str, str] = {}


def token_uses(w: World, seat: int) -> list[str]:
    """The tokens in the explorer's room that can be used (their base names, in a fixed order)."""
    if not _BASE:
        for name in TOKEN_USES:
            _BASE[name] = name
            if name in PAIRS:
                _BASE[PAIRS[name]] = name
    room = w.s.explorers[seat].room
    found = {_BASE[t] for t, r in w.s.tokens.items() if r == room and t in _BASE}
    return [n for n in dict.fromkeys(_BASE.values()) if n in found]


def other_end(w: World, name: str, room: str) -> str | None:
    a, b = w.s.tokens.get(name), w.s.tokens.get(PAIRS[name])
    if a is None or b is None or a == b:
        return None
    return b if a == room else a


def check_token(w: World, seat: int, name: str) -> None:

    e = w.s.explorers[seat]
    kind = TOKEN_USES[name][1]
    if kind == "walk":  # Secret Passage, Secret Stairs: one space of movement (C11)
        if other_end(w, name, e.room) is None:
            raise IllegalAction(f"The {name} leads nowhere yet.", "C11")
        if f"free:{name}" in w.s.turn.tried:
            return
        if w.s.turn.movement_over:
            raise IllegalAction(f"{e.name} cannot move again this turn.", "B2.3")

        if movement_left(w) <= 0:
            raise IllegalAction(f"{e.name} has no movement left.", "B2.1")
        return
    if kind == "switch" and other_end(w, name, e.room) is None:
        raise IllegalAction(f"The {name} leads nowhere.", "C11")
    if f"token:{name}" in w.s.turn.tried:
        raise IllegalAction(f"{e.name} already tried the {name} this turn.", "C11")


def use_token(w: World, seat: int, name: str) -> None:

    card, kind, effects = TOKEN_USES[name]
    e = w.explorer(seat)
    if kind == "walk":
        to = other_end(w, name, e.room)
        free = f"free:{name}" in w.s.turn.tried
        if free:
            w.s.turn.tried.remove(f"free:{name}")
        w.say(f"{e.name} takes the {name} to the {to}", "card.passage", who=e.name, room=to, card=name)
        tasks = [
            ("arrive", dict(seat=seat, room=to, entry=None, cost=0 if free else 1)),
            ("passage_side", dict(seat=seat, room=to, key=f"side:{card}:{to}")),  # B6.1 in a barrier room
        ]
        if free and name == "Secret Stairs":  # following them at once draws an event in the new room
            tasks.append(("draw_card", dict(seat=seat, deck="event")))
        w.then(*tasks)
        return
    w.s.turn.tried.append(f"token:{name}")
    if kind == "switch" and is_traitor(w.s, seat):  # H3.3: the traitor turns the wall without a roll
        w.say(
            f"{e.name} is the traitor and slips through the {card}",
            "traitor.revolving",
            who=e.name,
            card=card,
        )
        effects = [["through_switch"]]
    w.then(("effects", dict(seat=seat, card=card, effects=list(effects))))
