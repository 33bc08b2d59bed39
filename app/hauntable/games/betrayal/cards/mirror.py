"""Image in the Mirror: an item for you or an item from you."""

from __future__ import annotations

from typing import Any

from hauntable.engine.rng import Rng
from hauntable.games.betrayal.cards.lost_items import card_picked_item
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task

MIRROR_VARIANTS = ("an item for you", "an item from you")


@effect_op("mirror")
def _mirror(w: World, seat: int, card: str) -> list[Any] | None:
    """Image in the Mirror is printed twice with different effects. The first copy drawn with virtual cards
    is picked by the generator; at a table the player says which one they read. The second is the other."""
    used = w.s.marks.get("mirror", [])
    left = [v for v in MIRROR_VARIANTS if v not in used]
    if not left:
        left = list(MIRROR_VARIANTS)  # reshuffled back in: both again
        used = []
    if len(left) == 1 or w.s.config.cards == "virtual":
        rng = Rng(w.s.rng, raw=True)
        pick = left[rng.below(len(left))] if len(left) > 1 else left[0]
        w.s.rng = rng.state
        return [("mirror_variant", dict(seat=seat, card=card, option=pick))]
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: which Image in the Mirror is this?",
            card,
            tuple(left),
            code="mirror",
            params=(("card", card),),
        ),
        on="mirror_variant",
        seat=seat,
        card=card,
    )
    return None


@task("mirror_variant")
def mirror_variant(w: World, seat: int, card: str, option: str) -> None:
    w.own("marks")["mirror"] = [*w.s.marks.get("mirror", []), option]
    if option == MIRROR_VARIANTS[0]:
        w.say(f"{card}: your reflection hands you an item", "card.say", card=card, variant="reflection")
        w.then(("draw_card", dict(seat=seat, deck="item")))
        return
    giver = next((s for s in w.seats_from(seat) if w.s.explorers[s].items), None)
    if giver is None:
        w.say(f"{card}: nobody has an item to hand through the mirror", "card.nothing", card=card)
        return
    if len(w.s.explorers[giver].items) == 1:
        card_picked_item(w, giver, card, "stack", w.s.explorers[giver].items[0])
        return
    w.then(
        (
            "card_pick_item",
            dict(
                seat=giver,
                chooser=giver,
                card=card,
                then="stack",
                text="choose an item to hand through the mirror",
            ),
        )
    )
