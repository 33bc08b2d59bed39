"""Words the printed haunts 2-25 need beyond vocab.py (docs/haunt-files.md, "Words of vocab_extra"):
contests (an action with a number ``<id>_vs`` is rolled against that many dice the other side throws, won
on a higher total; its effects see ``total`` and ``margin``: the web's Might 4, the Dragon's Toughness),
monster actions (file actions ``monster_...`` offered on a monster's move), numbered tokens by
stem, a kind's defeat or traits changed mid-game (the Witch made mortal, the Spider growing), a card given
back (the rescued Girl), and a house falling room by room (collapse.py).

A haunt file uses them by naming ``hooks = "extra"`` (or a hook module built on :class:`ExtraHaunt`); they
change the game only through the operations vocab.py uses (``haunt_ops``, the ``gain_card`` task, the
table's dice), so what they do is said like the rest.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.haunts.printed import collapse
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.spec import Action
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.predicates import scenario
from hauntable.games.betrayal.records import DEFEATS
from hauntable.games.betrayal.world import World, task

NAMES: tuple[str, ...] = (
    "carried_token",
    "next_token",
    "monster_here",
    "in_house_rooms",
    "set_beaten",
    "regain_card",
    "set_monster",
    "token_in",
    "per_seat",
    "revealer",
    "kind_of",
    "step_of",
    "total",
    "margin",
    "about",
    "target",
    *collapse.NAMES,
)
VS = "_vs"  # a number ``<action>_vs``: the action is a contest against that many dice
MONSTER = "monster_"  # an action ``monster_...`` is a monster's, offered on its move; ``about`` is its id
MAY_ATTACK = "may_attack"  # its ``where``: may monster ``about`` attack the explorer ``target`` (H5.7)?


def _seat(c: Ctx, seat: int) -> int:
    return c.actor() if seat < 0 else seat


def carried(c: Ctx, stem: str, seat: int = -1) -> list[str]:
    """The tokens named ``stem...`` the explorer carries, in name order."""
    who = _seat(c, seat)
    return sorted(t for t in c.w.haunt.tokens if t.startswith(stem) and c.w.haunt.carrier(t) == who)


def next_token(c: Ctx, stem: str) -> str:
    """The first numbered token ``stem N`` not in play (the next one taken from the box)."""
    n = 1
    while f"{stem} {n}" in c.w.haunt.tokens:
        n += 1
    return f"{stem} {n}"


def monsters_in(c: Ctx, room: str, kind: str = "") -> list[str]:
    return sorted(k for k, m in c.w.haunt.monsters.items() if m.room == room and kind in ("", m.kind))


def set_beaten(c: Ctx, kind: str, beaten: str) -> None:
    """Every monster of ``kind`` in the house is from now on stunned, killed or untouched when beaten."""
    if beaten not in DEFEATS:
        raise ValueError(f"beaten must be one of {DEFEATS}")
    for m in c.w.haunt.monsters.values():
        if m.kind == kind:
            m.beaten = beaten


def set_monster(c: Ctx, kind: str, trait: str, value: int) -> None:
    """Every monster of ``kind`` now has ``value`` in ``trait`` (a Spider growing with the Turn track)."""
    for m in c.w.haunt.monsters.values():
        if m.kind == kind:
            m.set_trait(trait, value)


def regain_card(c: Ctx, card: str, seat: int = -1) -> None:
    """The explorer gets ``card`` back: out of its deck or discard pile, or from where the haunt set it aside
    (the Girl the Phantom took); nothing when someone holds it."""
    if c.w.holder(card) is not None:
        return
    who, deck = _seat(c, seat), c.w.content.cards[card].deck
    for pile in (c.w.deck(deck), c.w.discards(deck)):
        if card in pile:
            pile.remove(card)
    c.w.then(("gain_card", dict(seat=who, deck=deck, name=card, room=None)))


def bind(c: Ctx) -> dict[str, Any]:
    """The names above bound to one evaluation."""
    return {
        "carried_token": lambda stem, seat=-1: next(iter(carried(c, stem, seat)), ""),
        "next_token": lambda stem: next_token(c, stem),
        "monster_here": lambda kind="": next(iter(monsters_in(c, c.here(), kind)), ""),
        "in_house_rooms": lambda rooms: [r for r in rooms if r in c.w.s.house],
        "set_beaten": lambda kind, beaten: set_beaten(c, kind, beaten),
        "regain_card": lambda card, seat=-1: regain_card(c, card, seat),
        "set_monster": lambda kind, trait, value: set_monster(c, kind, trait, value),
        "token_in": lambda room, stem: next(
            (t for t in sorted(c.w.haunt.tokens_in(room)) if t.startswith(stem)), ""
        ),
        "per_seat": lambda name, seat=-1: f"{name} {_seat(c, seat)}",
        "revealer": c.w.haunt.revealer,
        "kind_of": lambda mid: c.w.haunt.monsters[mid].kind if mid in c.w.haunt.monsters else "",
        "step_of": lambda trait, seat=-1: c.w.s.explorers[_seat(c, seat)].traits[trait],
        **collapse.bind(c),
    }


class ExtraHaunt(PrintedHaunt):
    """A printed haunt whose file uses the words above (``hooks = "extra"``); hook modules build on it."""

    extra_names = NAMES

    def extra(self, c: Ctx) -> dict[str, Any]:
        return bind(c)

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        dice = self.contest_dice(w, seat, action)
        if dice is None:
            super().task_result(w, seat, action, option, success, total)
            return
        a = self.spec.action(action)
        label = a.label if a is not None else action
        if a is not None and a.bonus is not None:  # the haunt adds to the actor's roll (haunt 15: the Spear)
            total += int(self.value(w, a.bonus, seat, default=0))
        thrower = w.haunt.traitor if w.haunt.traitor is not None else seat
        w.ask(
            RollDice(
                thrower,
                f"{w.who(thrower)}: roll {dice} dice against {w.who(seat)} - {label}",
                dice,
                label,
                purpose_text=OptionText.of("printed_roll", action=action, haunt=self.spec.number),
            ),
            on="printed_contest",
            seat=seat,
            action=action,
            attack=total,
        )

    # --- monster actions: a file action ``monster_...`` is offered on a monster's move (H5.7) ----------

    def refusal(self, w: World, seat: int, a: Action) -> tuple[str, str] | None:
        if a.id.startswith(MONSTER) or a.id == MAY_ATTACK:  # never an explorer's: they read the monster
            return "monster", f"Only a monster can do that (haunt {self.spec.number}, {self.spec.name})."
        return super().refusal(w, seat, a)

    def monster_may_attack(self, w: World, mid: str, seat: int) -> bool:
        a = self.spec.action(MAY_ATTACK)
        ok = a is None or bool(self.value(w, a.where, about=mid, target=seat))
        return ok and super().monster_may_attack(w, mid, seat)

    def monster_actions(self, w: World, mid: str) -> list[Any]:
        return [
            Act(a.id)
            for a in self.spec.actions
            if a.id.startswith(MONSTER)
            and self.value(w, a.where, about=mid)
            and self.value(w, a.requires, about=mid)
        ]

    def monster_act(self, w: World, mid: str, inp: Act) -> None:
        a = self.spec.action(inp.action)
        if a is None or Act(a.id) not in self.monster_actions(w, mid):
            raise IllegalAction(f"{mid} cannot do that now (haunt {self.spec.number}).", "H5.2")
        name = w.haunt.monsters[mid].name or mid
        w.say(f"{name}: {a.label}", "printed.action", who=name, action=a.label)
        self.run(w, a.success, about=mid)

    def contest_dice(self, w: World, seat: int, action: str) -> int | None:
        """The dice thrown against ``action`` (None: it is no contest): its number ``<action>_vs``."""
        return self.numbers(w).get(action + VS)

    def contest_result(self, w: World, seat: int, action: str, attack: int, total: int) -> None:
        """The actor's ``attack`` against the other side's ``total``: higher wins (K3), a tie is a loss."""
        a = self.spec.action(action)
        if a is None:
            return
        who, margin = w.who(seat), attack - total
        if margin > 0:
            w.say(f"{who} succeeds: {a.label}", "printed.success", who=who, action=a.label, total=attack)
            self.run(w, a.success, seat, total=attack, margin=margin)
        else:
            w.say(f"{who} fails: {a.label}", "printed.failure", who=who, action=a.label, total=attack)
            self.run(w, a.failure, seat, total=attack, margin=-margin)


@task("printed_contest")
def printed_contest(w: World, seat: int, action: str, attack: int, total: int) -> None:
    sc = scenario(w)
    if isinstance(sc, ExtraHaunt):
        sc.contest_result(w, seat, action, attack, total)
