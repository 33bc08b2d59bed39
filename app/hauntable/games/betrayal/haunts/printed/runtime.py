"""A printed haunt refereed from its file (docs/haunt-files.md): :class:`PrintedHaunt` is the
:class:`~hauntable.games.betrayal.haunts.script.Scenario` every haunt file runs as. It performs the set-up
once both sides have read their book (haunt.py's hand-off), offers each side's special actions where and when
the file allows them, rolls through the table's dice (the haunt's task roll, H7.2), applies the effects,
fires the file's triggers and checks each side's win conditions after every input (H6.1).

Everything a game needs later lives in ``state.haunt.vars``: the numbers resolved for this table
(``_n``: players, and the operator's corrections from the game's config), the heroes at the start, and which
once-per-turn or once-per-game actions were used. The haunt object itself holds only the parsed file.
"""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.haunts.printed.expr import Expr, evaluate
from hauntable.games.betrayal.haunts.printed.fightrules import FightRules
from hauntable.games.betrayal.haunts.printed.spec import Action, HauntFile
from hauntable.games.betrayal.haunts.printed.vocab import Ctx, namespace
from hauntable.games.betrayal.haunts.script import roll
from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.state import State
from hauntable.games.betrayal.world import World, task

NUMBERS, AT_START, USED = "_n", "_heroes_at_start", "_used"


class _Keep(dict[str, Any]):
    """str.format_map values that leave an unknown ``{name}`` as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class PrintedHaunt(FightRules):
    """One printed haunt, run from its file. A hook module may subclass it and override any hook."""

    printed: ClassVar[bool] = True
    extra_names: ClassVar[tuple[str, ...]] = ()  # names a hook subclass adds to the haunt's expressions

    def __init__(self, spec: HauntFile) -> None:
        self.spec = spec

    # the Scenario contract reads these as class attributes; a printed haunt's come from its file
    @property
    def number(self) -> int:  # type: ignore[override]
        return self.spec.number

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.spec.name

    @property
    def heroes_goal(self) -> str:  # type: ignore[override]
        return "; ".join(w.why for w in self.spec.wins if w.side == "heroes")

    @property
    def traitor_goal(self) -> str:  # type: ignore[override]
        return "; ".join(w.why for w in self.spec.wins if w.side == "traitor")

    # --- evaluation -------------------------------------------------------------------------------------

    def extra(self, c: Ctx) -> dict[str, Any]:
        """Names a hook subclass adds (``extra_names``), bound to ``c``."""
        return {}

    def names(self, w: World, me: int = -1, **context: Any) -> dict[str, Any]:
        c = Ctx(w, self.spec, me, context)
        ns = namespace(c, self.numbers(w))
        ns.update(self.extra(c))
        return ns

    def numbers(self, w: World) -> dict[str, int]:
        stored: dict[str, int] = w.haunt.vars.get(NUMBERS, {})
        return stored

    def value(self, w: World, ex: Expr | None, me: int = -1, default: Any = True, **context: Any) -> Any:
        return default if ex is None else evaluate(ex, self.names(w, me, **context))

    def run(self, w: World, effects: tuple[Expr, ...], me: int = -1, **context: Any) -> None:
        for ex in effects:
            if w.haunt.winner:
                return
            evaluate(ex, self.names(w, me, **context))

    # --- the rules card (issue 16 item 2: each side can read what the table enforces) -------------------

    def card(self, w: World, side: str) -> list[str]:
        """The rules card ``side`` reads before play and at any time: the file's lines with this table's
        numbers (the operator's corrections included), then what is left to the players, and a warning when
        the sources are weak. In English: the screen words it in the table's language from
        :meth:`card_values` and the haunts catalog (``ui/hauntwords.py``)."""
        values = self.card_values(w.s)
        lines = [line.format_map(_Keep(values)) for line in self.spec.card.get(side, ())]
        lines += [f"By hand: {gap}" for gap in self.spec.gaps]
        if self.spec.confidence == "low":
            lines.append("Low confidence: these rules come from one unofficial source; your book decides.")
        return lines

    def card_values(self, s: State) -> dict[str, int]:
        """The numbers the card's ``{name}`` placeholders show at this table (``players`` and the haunt's
        numbers, as resolved at set-up or, before it, from the table and the operator's corrections)."""
        h = s.haunt
        assert h is not None
        numbers = h.vars.get(NUMBERS) or self.spec.resolve_numbers(
            len(s.explorers),
            sum(1 for e in s.explorers if e.alive and h.side_of(e.seat) == "heroes"),
            s.config.haunt_numbers.get(str(self.spec.number), {}),
        )
        return {"players": len(s.explorers), **numbers}

    # --- set-up (after both sides confirmed the hand-off) -----------------------------------------------

    def setup(self, w: World) -> None:
        h = w.haunt
        heroes = [e.seat for e in w.s.explorers if e.alive and h.side_of(e.seat) == "heroes"]
        h.vars[AT_START] = len(heroes)
        fixed = w.s.config.haunt_numbers.get(str(self.spec.number), {})
        h.vars[NUMBERS] = self.spec.resolve_numbers(len(w.s.explorers), len(heroes), fixed)
        h.vars[USED] = {}
        h.attack_traits = self.spec.attack_traits
        h.goals = {
            side: tuple(x.why for x in self.spec.wins if x.side == side) for side in ("heroes", "traitor")
        }
        self.run(w, self.spec.setup)

    # --- special actions (H7) ---------------------------------------------------------------------------

    def _side_ok(self, w: World, seat: int, a: Action) -> bool:
        if a.side == "table":  # never offered: the table's own roll (roll_for)
            return False
        return a.side == "any" or w.haunt.side_of(seat) == a.side

    def _used(self, w: World, seat: int, a: Action) -> bool:
        used: dict[str, Any] = w.haunt.vars.get(USED, {})
        if a.limit == "turn":
            return f"act:{a.id}" in w.s.turn.tried or (bool(a.roll) and "task" in w.s.turn.tried)
        if a.limit == "task":
            return "task" in w.s.turn.tried
        if a.limit == "side_turn":
            return used.get(a.id) == [w.haunt.round, w.haunt.side_of(seat)]
        if a.limit == "game":
            return a.id in used
        return False

    def why_not(self, w: World, seat: int, a: Action) -> str | None:
        """None when ``seat`` may take action ``a`` now, else the refusal's sentence."""
        found = self.refusal(w, seat, a)
        return None if found is None else found[1]

    def refusal(self, w: World, seat: int, a: Action) -> tuple[str, str] | None:
        """None when ``seat`` may take action ``a`` now, else (why, sentence): why is ``side``, ``used``,
        ``where``, ``requires`` or ``monster``, the last part of the refusal's rule id
        (``haunt25.destroy.requires``), so the screen can word it in the table's language."""
        rule = f"haunt {self.spec.number}, {self.spec.name}"
        if not self._side_ok(w, seat, a):
            return "side", f"Only the {a.side} may {a.label.lower()} ({rule})."
        if self._used(w, seat, a):
            return "used", f"{a.label} was already tried this turn ({rule}; one haunt roll a turn, H7.2)."
        if not self.value(w, a.where, seat):
            where = f" {a.where_text}" if a.where_text else " here"
            return "where", f"{a.label} can only be done{where} ({rule})."
        if not self.value(w, a.requires, seat):
            need = f": {a.requires_text}" if a.requires_text else ""
            return "requires", f"{a.label} is not possible yet{need} ({rule})."
        return None

    def actions(self, w: World, seat: int) -> list[Any]:
        out: list[Any] = []
        for a in self.spec.actions:
            if self.why_not(w, seat, a) is None:
                out.extend([Act(a.id, t) for t in a.roll] if a.roll else [Act(a.id)])
        return out

    def act(self, w: World, seat: int, inp: Act) -> None:
        a = self.spec.action(inp.action)
        if a is None:
            raise IllegalAction(f"Haunt {self.spec.number} has no action {inp.action!r}.", "H7.1")
        refused = self.refusal(w, seat, a)
        if refused is not None:
            raise IllegalAction(refused[1], f"haunt{self.spec.number}.{a.id}.{refused[0]}")
        if a.roll and inp.option not in a.roll:
            raise IllegalAction(
                f"{a.label} is rolled with {' or '.join(t.capitalize() for t in a.roll)}.",
                f"haunt{self.spec.number}.{a.id}",
            )
        self._mark_used(w, seat, a)
        if a.roll:
            target = int(self.value(w, a.target, seat, default=0))
            roll(w, seat, a.id, inp.option, target)
            return
        who = w.who(seat)
        w.say(f"{who}: {a.label}", "printed.action", who=who, action=a.label)
        self.run(w, a.success, seat)

    def _mark_used(self, w: World, seat: int, a: Action) -> None:
        if a.limit == "turn":
            w.s.turn.tried.append(f"act:{a.id}")
        elif a.limit == "task" and not a.roll:  # a roll marks the turn's task itself (script.roll)
            w.s.turn.tried.append("task")
        elif a.limit in ("side_turn", "game"):
            used = w.haunt.vars.setdefault(USED, {})
            used[a.id] = [w.haunt.round, w.haunt.side_of(seat)]

    def roll_result(self, w: World, seat: int, action: str, total: int, about: str = "") -> None:
        """A roll asked by ``roll_for``: the action's effects by its target (H6.1 is checked after)."""
        a = self.spec.action(action)
        if a is None or (about and about not in w.haunt.monsters):
            return
        target = int(self.value(w, a.target, seat, default=0, about=about))
        effects = a.success if total >= target else a.failure
        self.run(w, effects, seat, total=total, margin=abs(total - target), about=about)

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        a = self.spec.action(action)
        if a is None:
            return
        who = w.who(seat)
        if a.bonus is not None:  # the haunt adds to the roll (haunt 50: +1 a Clue held)
            total += int(self.value(w, a.bonus, seat, default=0))
            success = total >= int(self.value(w, a.target, seat, default=0))
        if success:
            w.say(f"{who} succeeds: {a.label}", "printed.success", who=who, action=a.label, total=total)
            self.run(w, a.success, seat, total=total)
        else:
            w.say(f"{who} fails: {a.label}", "printed.failure", who=who, action=a.label, total=total)
            self.run(w, a.failure, seat, total=total)

    # --- triggers and victory (H6.1) --------------------------------------------------------------------

    def fire(self, w: World, at: str, me: int = -1, **context: Any) -> None:
        for t in self.spec.triggers:
            if t.at == at and not w.haunt.winner and self.value(w, t.when, me, **context):
                self.run(w, t.do, me, **context)

    def on_round(self, w: World, n: int) -> None:
        self.fire(w, "round_start")

    def on_turn_start(self, w: World, seat: int) -> None:
        self.fire(w, "turn_start", seat)
        if seat == w.haunt.traitor:
            self.fire(w, "traitor_turn_start", seat)

    def on_turn_end(self, w: World, seat: int) -> None:
        if seat < 0:
            return
        self.fire(w, "turn_end", seat)
        if seat == w.haunt.traitor:
            self.fire(w, "traitor_turn_end", seat)

    def dead_traitor_turn(self, w: World, seat: int) -> None:
        """The traitor is dead (or out of the house) but still has a turn (H2.3, de "Der Verräter hat immer
        einen Zug"): where it would be, the haunt's traitor-turn events happen (a track moving on), nothing
        else; the traitor's player still moves the monsters (H5.7)."""
        self.fire(w, "traitor_turn_start", seat)
        self.fire(w, "traitor_turn_end", seat)

    def end_monster_turn(self, w: World) -> None:
        self.fire(w, "monster_turn_end")

    def monster_moved(self, w: World, mid: str, left: str) -> None:
        m = w.haunt.monsters.get(mid)
        if m is not None:
            self.fire(w, "monster_moved", monster=mid, kind=m.kind, room=left)

    def check(self, w: World) -> tuple[str, str] | None:
        self.fire(w, "always")
        for win in self.spec.wins:
            if self.value(w, win.when):
                return win.side, win.why
        return None

    # --- the file's [rules] -----------------------------------------------------------------------------

    def monster_may_enter(self, w: World, mid: str, room: str) -> bool:
        ex = self.spec.rules.get("monster_may_enter")
        m = w.haunt.monsters[mid]
        return bool(self.value(w, ex, monster=mid, kind=m.kind, room=room))

    def may_hold(self, w: World, seat: int, card: str) -> bool:
        ex = self.spec.rules.get("may_hold")
        return ex is None or bool(self.value(w, ex, seat, seat=seat, card=card))

    def monster_may_attack(self, w: World, mid: str, seat: int) -> bool:
        ex = self.spec.rules.get("monster_may_attack")
        m = w.haunt.monsters[mid]
        return ex is None or bool(self.value(w, ex, monster=mid, kind=m.kind, seat=seat))

    def leave_extra(self, w: World, seat: int, base: int) -> int:
        ex = self.spec.rules.get("leave_extra")
        return base if ex is None else int(self.value(w, ex, seat, seat=seat, base=base))

    def movement_cap(self, w: World, seat: int) -> int | None:
        ex = self.spec.rules.get("movement_cap")
        if ex is None:
            return None
        cap = self.value(w, ex, seat, seat=seat)
        return None if cap is None else int(cap)

    def escape_wins(self, w: World) -> bool:
        ex = self.spec.rules.get("escape_wins")
        return ex is None or bool(self.value(w, ex))

    def untouchable(self, w: World, seat: int) -> bool:
        ex = self.spec.rules.get("untouchable")
        return ex is not None and bool(self.value(w, ex, seat, seat=seat))

    def fight_proof(self, w: World, seat: int, kind: str) -> bool:
        ex = self.spec.rules.get("fight_proof")
        return ex is not None and bool(self.value(w, ex, seat, seat=seat, kind=kind))

    @property
    def bars_rooms(self) -> bool:  # type: ignore[override]
        return "explorer_may_enter" in self.spec.rules

    def explorer_may_enter(self, w: World, seat: int, room: str) -> bool:
        ex = self.spec.rules.get("explorer_may_enter")
        return in_house(w.s.explorers[seat]) and bool(self.value(w, ex, seat, seat=seat, room=room))


# --- dice a haunt asks for: into a counter (roll_into) or running a file action (roll_for) -----------------


@task("printed_roll")
def printed_roll(
    w: World, seat: int, dice: int, counter: str, why: str, action: str = "", about: str = ""
) -> None:
    """Ask ``seat`` to roll ``dice`` dice through the table (the tower or the pad); the total is added to
    the haunt's counter ``counter``, or given to the haunt's ``action`` (``printed_rolled``). A monster's
    roll (``about``) takes no card's aid, and with no dice to roll it totals 0 at once; an explorer's roll
    of 0 dice is still asked (as games were logged: a logged 0-dice roll must find its prompt)."""
    dice = max(0, min(8, dice))
    if dice == 0 and about:
        printed_rolled(w, counter, action, seat, 0, about)
        return
    what = f"{about}: {why}" if about else why
    text = f"{w.who(seat)}: roll {dice} dice - {what}"
    # a monster's roll names its monster; a plain roll's ctx keeps the keys it was logged with (hashes)
    about_ctx = {"about": about, "_aid_none": True} if about else {}
    # the screen words the roll by the action's label in the haunts catalog (issue 18); view-only, unhashed
    worded = None
    sc = w.rules.scenarios.get(w.haunt.number)
    if not action and isinstance(sc, PrintedHaunt) and counter in sc.spec.counters:  # by its counter's label
        worded = OptionText.of("printed_counter_roll", counter=counter, haunt=w.haunt.number)
    if action:
        code = "printed_monster_roll" if about else "printed_roll"
        worded = OptionText.of(
            code, action=action, haunt=w.haunt.number, **({"monster": about} if about else {})
        )
    w.ask(
        RollDice(seat, text, dice, what, purpose_text=worded),
        on="printed_rolled",
        counter=counter,
        action=action,
        roller=seat,
        **about_ctx,
    )


@task("printed_rolled")
def printed_rolled(w: World, counter: str, action: str, roller: int, total: int, about: str = "") -> None:
    sc = w.rules.scenarios.get(w.haunt.number)
    if action and isinstance(sc, PrintedHaunt):
        sc.roll_result(w, roller, action, total, about)
        return
    Ctx(w, None).count_add(counter, total)
