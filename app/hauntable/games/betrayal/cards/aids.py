"""Cards that change a roll (rule C12): before it is thrown (Idol, Adrenaline Shot, Angel Feather, the roll
kept from It is Meant to Be) and after (Lucky Stone, Rabbit's Foot).

A roll prompt whose roller holds such a card becomes an ``AidedRoll``: it still takes the dice, and also
``use NAME`` for a card usable before the throw. After the throw, a holder of the Lucky Stone or the
Rabbit's Foot is asked whether to keep the result. Bookkeeping travels in the prompt's context under keys
starting with ``_aid`` and is removed before the rule that asked for the roll gets its total.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.cards.aid_offers import AFTER, MEANT, holds_aid, holds_nothing
from hauntable.games.betrayal.cards.hands import lose_card
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task


def use_before(w: World, prompt: RollDice, ctx: dict[str, Any], name: str) -> None:
    """Answer a roll prompt with ``use NAME``: change the coming roll, then ask for it again."""
    if name not in getattr(prompt, "aids", ()):
        raise IllegalAction(f"The {name} cannot help this roll.", "C12")
    seat = prompt.player
    assert seat is not None  # aids are offered to the seat that rolls
    used = (*ctx.get("_aid_used", ()), name)
    ctx = dict(ctx, _aid_used=used)

    if name == "Idol":
        w.s.turn.tried.append("item:Idol")
        w.say(f"{w.who(seat)} rubs the Idol: 2 more dice, 1 Sanity", "card.idol", who=w.who(seat))
        w.lose(seat, "sanity", 1)
        prompt = dataclasses.replace(_plain(prompt), dice=min(8, prompt.dice + 2))
    elif name == "Adrenaline Shot":
        w.say(f"{w.who(seat)} uses the Adrenaline Shot: +4 to this roll", "card.adrenaline", who=w.who(seat))
        lose_card(w, seat, name, "discard")
        ctx["_aid_bonus"] = ctx.get("_aid_bonus", 0) + 4
        prompt = _plain(prompt)
    else:  # the Angel Feather names a number; It is Meant to Be uses the kept total
        if name == MEANT:
            total = w.explorer(seat).marks.pop(MEANT)
            w.say(f"{w.who(seat)} uses the kept roll: {total}", "card.meant", total=total, who=w.who(seat))
            finish(w, ctx, min(total, 16))
            return
        lose_card(w, seat, name, "discard")
        w.ask(
            ChooseOption(
                seat,
                f"{w.who(seat)}: Angel Feather - name the result",
                name,
                tuple(str(n) for n in range(9)),
                code="angel_feather",
                params=(("card", name),),
            ),
            on="aid_number",
            aid_ctx=ctx,
        )
        return
    w.s.awaiting, w.s.ctx = None, {}
    w.ask(prompt, **_ask_args(ctx))


def _plain(prompt: RollDice) -> RollDice:
    fields = {f.name: getattr(prompt, f.name) for f in dataclasses.fields(RollDice)}
    return RollDice(**fields)


def _ask_args(ctx: dict[str, Any]) -> dict[str, Any]:
    args = dict(ctx)
    return {"on": args.pop("on"), **args}


@task("aid_number")
def aid_number(w: World, aid_ctx: dict[str, Any], option: str) -> None:
    w.say(f"The Angel Feather sets the roll to {option}", "card.feather", total=int(option))
    finish(w, aid_ctx, int(option))


def finish(w: World, ctx: dict[str, Any], total: int) -> None:
    """Hand the total (with any Adrenaline Shot bonus) to the rule that asked for the roll."""
    params = {k: v for k, v in ctx.items() if not k.startswith("_aid")}
    total += ctx.get("_aid_bonus", 0)
    on = params.pop("on")
    w.then((on, dict(params, total=total)))


def after_roll(w: World, prompt: RollDice, ctx: dict[str, Any], faces: tuple[int, ...]) -> bool:
    """After a throw: offer the Lucky Stone or Rabbit's Foot; True when a question was asked."""
    seat = prompt.player
    if seat is None or ctx.get("_aid_rerolled") or ctx.get("_aid_none") or not faces:
        return False
    if holds_nothing(w.s, seat):
        return False
    options = [n for n in AFTER if holds_aid(w.s, seat, n)]
    if "Rabbit's Foot" in options and "item:Rabbit's Foot" in w.s.turn.tried:
        options.remove("Rabbit's Foot")
    if not options:
        return False
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: keep the roll of {sum(faces)}, or reroll?",
            "reroll",
            ("keep", *options),
            code="reroll",
            params=(("total", sum(faces)),),
        ),
        on="aid_after",
        aid_ctx=ctx,
        faces=list(faces),
        seat=seat,
    )
    return True


@task("aid_after")
def aid_after(w: World, aid_ctx: dict[str, Any], faces: list[Any], seat: int, option: str) -> None:
    if option == "keep":
        finish(w, aid_ctx, sum(faces))
        return
    choices = []
    if option == "Lucky Stone":
        for label, rerolled in (("the 0s", {0}), ("the 0s and 1s", {0, 1}), ("all", {0, 1, 2})):
            if any(f in rerolled for f in faces) and label not in choices:
                choices.append(label)
        texts: tuple[OptionText, ...] = ()  # fixed phrases: the front-end words them by their text
    else:
        choices = [f"a {f}" for f in sorted(set(faces))]
        texts = tuple(OptionText("die", (("n", f),)) for f in sorted(set(faces)))
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {option} - which dice are thrown again?",
            option,
            tuple(choices),
            code="reroll_which",
            params=(("card", option),),
            option_texts=texts,
        ),
        on="aid_which",
        aid_ctx=aid_ctx,
        faces=faces,
        seat=seat,
        card=option,
    )


@task("aid_which")
def aid_which(w: World, aid_ctx: dict[str, Any], faces: list[Any], seat: int, card: str, option: str) -> None:

    if card == "Lucky Stone":
        again = {"the 0s": {0}, "the 0s and 1s": {0, 1}, "all": {0, 1, 2}}[option]
        kept = [f for f in faces if f not in again]
        lose_card(w, seat, card, "discard")
    else:
        kept = list(faces)
        kept.remove(int(option[2:]))
        w.s.turn.tried.append("item:Rabbit's Foot")
    n = len(faces) - len(kept)
    w.ask(
        RollDice(seat, f"{w.who(seat)}: {card} - throw {n} dice again", n, card),
        on="aid_rerolled",
        aid_ctx=dict(aid_ctx, _aid_rerolled=True),
        kept=kept,
    )


@task("aid_rerolled")
def aid_rerolled(w: World, aid_ctx: dict[str, Any], kept: list[Any], total: int) -> None:
    w.say(f"The roll is now {sum(kept) + total}", "card.rerolled", total=sum(kept) + total)
    finish(w, aid_ctx, sum(kept) + total)
