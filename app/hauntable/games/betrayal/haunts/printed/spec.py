"""A printed haunt's file (docs/haunt-files.md) checked: :func:`parse_file` turns one parsed
``data/haunts/NN.toml`` into a :class:`HauntFile`, or raises :class:`HauntFileError` naming the file, the
haunt and the field (content_files.py reads the files). Every expression is parsed here (expr.py), so a
misspelt name fails when the content loads, not in the middle of a game.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.haunts.printed.expr import Expr, ExprError, evaluate, parse
from hauntable.games.betrayal.haunts.printed.vocab import NAMES
from hauntable.games.betrayal.records import DEFEATS, SIDES

LIMITS = ("turn", "task", "side_turn", "game", "none")
EVENTS = (
    "always",
    "round_start",
    "turn_start",
    "traitor_turn_start",
    "turn_end",
    "traitor_turn_end",
    "monster_turn_end",
    "monster_moved",
    "fight_won",
)
CONFIDENCE = ("high", "medium", "low")
# the haunt's words are English here; their translations are the ``haunts`` gettext catalog (docs/ui.md)
IN_CATALOG = "one English string: the translations are in the haunts catalog (docs/ui.md)"


class HauntFileError(ValueError):
    """A haunt file that does not fit the format: the message names the file, the haunt and the field."""


@dataclasses.dataclass(frozen=True)
class MonsterKind:
    kind: str
    speed: int | None = None
    might: int | None = None
    sanity: int | None = None
    knowledge: int | None = None
    immune: tuple[str, ...] = ()
    beaten: str = "stun"
    slows: bool = True
    side: str = "traitor"

    def traits(self) -> dict[str, int | None]:
        return {t: getattr(self, t) for t in TRAITS}


@dataclasses.dataclass(frozen=True)
class Action:
    id: str
    side: str
    label: str
    where: Expr | None
    where_text: str
    requires: Expr | None
    requires_text: str
    roll: tuple[str, ...]  # traits that may be rolled; () no roll
    target: Expr | None
    limit: str
    success: tuple[Expr, ...]
    failure: tuple[Expr, ...]
    bonus: Expr | None = None  # added to the roll's total (the effects see the sum as ``total``)


@dataclasses.dataclass(frozen=True)
class Trigger:
    at: str
    when: Expr | None
    do: tuple[Expr, ...]


@dataclasses.dataclass(frozen=True)
class Win:
    side: str
    when: Expr
    why: str


@dataclasses.dataclass(frozen=True)
class HauntFile:
    """One printed haunt as the table referees it."""

    number: int
    name: str
    confidence: str
    sources: tuple[str, ...]
    gaps: tuple[str, ...]
    card: dict[str, tuple[str, ...]]  # side -> lines of the rules card
    numbers: dict[str, Expr]
    counters: dict[str, str]  # counter -> its label on the screen
    monsters: tuple[MonsterKind, ...]
    tokens: dict[str, bool]  # token -> may be carried
    setup: tuple[Expr, ...]
    actions: tuple[Action, ...]
    triggers: tuple[Trigger, ...]
    wins: tuple[Win, ...]
    rules: dict[str, Expr]
    attack_traits: tuple[str, ...] = ()
    hooks: str = ""
    texts: dict[str, str] = dataclasses.field(default_factory=dict)  # tell(key) -> the English sentence

    def monster(self, kind: str) -> MonsterKind:
        for m in self.monsters:
            if m.kind == kind:
                return m
        raise KeyError(f"haunt {self.number} has no monster kind {kind!r}")

    def action(self, aid: str) -> Action | None:
        return next((a for a in self.actions if a.id == aid), None)

    def resolve_numbers(self, players: int, heroes_at_start: int, fixed: dict[str, int]) -> dict[str, int]:
        """The haunt's numbers for this table: each expression evaluated in file order (a number may use
        earlier ones), then the operator's corrections (``fixed``) in their place."""
        out: dict[str, int] = {}
        names: dict[str, Any] = {"players": players, "heroes_at_start": heroes_at_start}
        for name, ex in self.numbers.items():
            value = fixed[name] if name in fixed else int(evaluate(ex, {**names, **out}))
            out[name] = value
        return out


_TOP = {
    "number",
    "name",
    "confidence",
    "sources",
    "gaps",
    "card",
    "numbers",
    "counters",
    "monsters",
    "tokens",
    "setup",
    "actions",
    "on",
    "win",
    "rules",
    "attack_traits",
    "hooks",
    "texts",
}
_RULES = (
    "monster_may_enter",
    "explorer_may_enter",
    "movement_cap",
    "untouchable",
    "fight_proof",
    "escape_wins",
    "monster_may_attack",
    "fight_bonus",
    "leave_extra",
    "explorer_may_attack",
    "monster_win_kills",
    "damage_kind",
    "monster_beaten_as",
    "may_hold",
)


class _Reader:
    def __init__(self, name: str, data: dict[str, Any], extra_names: Iterable[str]) -> None:
        self.name, self.data = name, data
        self.haunt = f"haunt {data.get('number', '?')}"
        self.known = set(NAMES) | set(extra_names)

    def fail(self, field: str, why: str) -> HauntFileError:
        return HauntFileError(f"{self.name}: {self.haunt}: {field}: {why}")

    def expr(self, field: str, source: Any) -> Expr:
        if not isinstance(source, str) or not source.strip():
            raise self.fail(field, "must be a non-empty expression string")
        try:
            return parse(source, self.known.__contains__)
        except ExprError as exc:
            raise self.fail(field, str(exc)) from None

    def opt_expr(self, field: str, source: Any) -> Expr | None:
        return None if source in (None, "") else self.expr(field, source)

    def exprs(self, field: str, sources: Any) -> tuple[Expr, ...]:
        if not isinstance(sources, list):
            raise self.fail(field, "must be a list of expressions")
        return tuple(self.expr(f"{field}[{i}]", s) for i, s in enumerate(sources))

    def strs(self, field: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, "must be a list of strings")
        return tuple(value)

    def choice(self, field: str, value: Any, choices: tuple[str, ...]) -> str:
        if value not in choices:
            raise self.fail(field, f"{value!r} is not one of {', '.join(choices)}")
        return str(value)


def parse_file(file: str, data: dict[str, Any], extra_names: Iterable[str] = ()) -> HauntFile:
    """One haunt file's parsed TOML (``file``: its file name, as errors give it) checked into a HauntFile."""
    r = _Reader(file, data, extra_names)
    unknown = set(data) - _TOP
    if unknown:
        raise r.fail(", ".join(sorted(unknown)), "unknown field")
    number = data.get("number")
    if not isinstance(number, int) or not 1 <= number <= 50 or file != f"{number:02d}.toml":
        raise r.fail("number", f"must be 1-50 and match the file name ({file})")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise r.fail("name", "the printed name is required")
    numbers_raw = data.get("numbers", {})
    if not isinstance(numbers_raw, dict):
        raise r.fail("numbers", "must be a table of name = expression")
    r.known |= set(numbers_raw)
    numbers = {k: r.expr(f"numbers.{k}", str(v)) for k, v in numbers_raw.items()}
    monsters = tuple(_monster(r, i, m) for i, m in enumerate(data.get("monsters", [])))
    tokens: dict[str, bool] = {}
    for i, t in enumerate(data.get("tokens", [])):
        if not isinstance(t, dict) or not isinstance(t.get("name"), str):
            raise r.fail(f"tokens[{i}]", "needs a name")
        tokens[t["name"]] = bool(t.get("carry", False))
    actions = tuple(_action(r, i, a) for i, a in enumerate(data.get("actions", [])))
    ids = [a.id for a in actions]
    if len(set(ids)) != len(ids):
        raise r.fail("actions", "action ids must be unique")
    triggers = tuple(
        Trigger(
            r.choice(f"on[{i}].at", t.get("at"), EVENTS),
            r.opt_expr(f"on[{i}].when", t.get("when")),
            r.exprs(f"on[{i}].do", t.get("do", [])),
        )
        for i, t in enumerate(data.get("on", []))
    )
    wins = tuple(
        Win(
            r.choice(f"win[{i}].side", w.get("side"), SIDES),
            r.expr(f"win[{i}].when", w.get("when")),
            str(w.get("why") or r.fail(f"win[{i}].why", "say why this side wins")),
        )
        for i, w in enumerate(data.get("win", []))
    )
    rules_raw = data.get("rules", {})
    bad = set(rules_raw) - set(_RULES)
    if bad:
        raise r.fail("rules", f"unknown rule(s) {sorted(bad)}; known: {', '.join(_RULES)}")
    rules = {k: r.expr(f"rules.{k}", v) for k, v in rules_raw.items()}
    card_raw = data.get("card", {})
    card = {side: r.strs(f"card.{side}", card_raw.get(side, [])) for side in SIDES}
    attack_traits = r.strs("attack_traits", data.get("attack_traits", []))
    for t in attack_traits:
        r.choice("attack_traits", t, TRAITS)
    texts_raw = data.get("texts", {})
    texts: dict[str, str] = {}
    for key, value in texts_raw.items() if isinstance(texts_raw, dict) else []:
        if not isinstance(value, str) or not value:
            raise r.fail(f"texts.{key}", IN_CATALOG)
        texts[key] = value
    if not isinstance(texts_raw, dict):
        raise r.fail("texts", "must be a table of key = sentence")
    counters = data.get("counters", {})
    if not isinstance(counters, dict) or not all(isinstance(v, str) for v in counters.values()):
        raise r.fail("counters", "must be a table of counter = label")
    _check_tells(r, texts, data)
    return HauntFile(
        number=number,
        name=name,
        confidence=r.choice("confidence", data.get("confidence"), CONFIDENCE),
        sources=r.strs("sources", data.get("sources", [])),
        gaps=r.strs("gaps", data.get("gaps", [])),
        card=card,
        numbers=numbers,
        counters=dict(counters),
        monsters=monsters,
        tokens=tokens,
        setup=r.exprs("setup", data.get("setup", [])),
        actions=actions,
        triggers=triggers,
        wins=wins,
        rules=rules,
        attack_traits=attack_traits,
        hooks=str(data.get("hooks", "")),
        texts=texts,
    )


def _monster(r: _Reader, i: int, m: Any) -> MonsterKind:
    field = f"monsters[{i}]"
    if not isinstance(m, dict) or not isinstance(m.get("kind"), str):
        raise r.fail(field, "needs a kind")
    traits: dict[str, int | None] = {}
    for t in TRAITS:
        v = m.get(t)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 12):
            raise r.fail(
                f"{field}.{t}", "a trait is a whole number 0-12 (leave it out when the monster has none)"
            )
        traits[t] = v
    immune = r.strs(f"{field}.immune", m.get("immune", []))
    for t in immune:
        r.choice(f"{field}.immune", t, TRAITS)
    unknown = set(m) - {"kind", *TRAITS, "immune", "beaten", "slows", "side"}
    if unknown:
        raise r.fail(field, f"unknown field(s) {sorted(unknown)}")
    return MonsterKind(
        kind=m["kind"],
        immune=immune,
        beaten=r.choice(f"{field}.beaten", m.get("beaten", "stun"), DEFEATS),
        slows=bool(m.get("slows", True)),
        side=r.choice(f"{field}.side", m.get("side", "traitor"), SIDES),
        **traits,
    )


def _action(r: _Reader, i: int, a: Any) -> Action:
    field = f"actions[{i}]"
    if not isinstance(a, dict) or not isinstance(a.get("id"), str) or not a["id"].isidentifier():
        raise r.fail(field, "needs an id (a short word)")
    field = f"actions.{a['id']}"
    unknown = set(a) - {
        "id",
        "side",
        "label",
        "where",
        "where_text",
        "requires",
        "requires_text",
        "roll",
        "target",
        "limit",
        "success",
        "failure",
        "bonus",
    }
    if unknown:
        raise r.fail(field, f"unknown field(s) {sorted(unknown)}")
    roll = tuple(t for t in str(a.get("roll", "")).split("|") if t)
    for t in roll:
        r.choice(f"{field}.roll", t, TRAITS)
    label = a.get("label")
    if not isinstance(label, str) or not label:
        raise r.fail(f"{field}.label", f"the button needs words, {IN_CATALOG}")
    return Action(
        id=a["id"],
        side=r.choice(f"{field}.side", a.get("side"), (*SIDES, "any", "table")),
        label=label,
        where=r.opt_expr(f"{field}.where", a.get("where")),
        where_text=str(a.get("where_text", "")),
        requires=r.opt_expr(f"{field}.requires", a.get("requires")),
        requires_text=str(a.get("requires_text", "")),
        roll=roll,
        target=r.opt_expr(f"{field}.target", None if a.get("target") is None else str(a.get("target"))),
        limit=r.choice(f"{field}.limit", a.get("limit", "turn"), LIMITS),
        success=r.exprs(f"{field}.success", a.get("success", [])),
        failure=r.exprs(f"{field}.failure", a.get("failure", [])),
        bonus=r.opt_expr(f"{field}.bonus", None if a.get("bonus") is None else str(a.get("bonus"))),
    )


def _check_tells(r: _Reader, texts: dict[str, str], data: dict[str, Any]) -> None:
    """Every ``tell('key')`` in the file names one of its ``[texts]``."""
    for key in re.findall(r"tell\('([^']*)'\)", tomllib_dump_strings(data)):
        if key not in texts:
            raise r.fail("texts", f"tell({key!r}) has no sentence in [texts]")


def tomllib_dump_strings(data: Any) -> str:
    """Every string in the parsed file, joined (to look for calls by pattern)."""
    if isinstance(data, str):
        return data
    if isinstance(data, dict):
        return "\n".join(tomllib_dump_strings(v) for v in data.values())
    if isinstance(data, list):
        return "\n".join(tomllib_dump_strings(v) for v in data)
    return ""
