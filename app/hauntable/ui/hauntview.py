"""The haunt as the map and the haunt box show it, read from ``state.haunt``. Kivy-free and pure.

Monsters (stunned or not, with what they carry), the haunt's tokens in rooms, the tokens explorers carry,
the haunt's counters (``vars``, the Turn/Damage ``tracks``), each side's goal and a printed haunt's rules
card, in the table's language. A printed haunt's own words (its monsters, tokens, counters, goals and card
lines) come from the ``haunts`` catalog by key (:func:`~hauntable.ui.i18n.haunt_word`), English where it
has none; rooms stay as printed; another counter's word comes from ``counter.<name>`` (a counter the
catalogs do not know shows its name as the haunt wrote it).
"""

from __future__ import annotations

import dataclasses
import re

from hauntable.games.betrayal.haunts import SCENARIOS
from hauntable.games.betrayal.haunts.printed import PRINTED, PrintedHaunt
from hauntable.games.betrayal.records import CARRIED, HELD
from hauntable.games.betrayal.state import State
from hauntable.ui.i18n import catalog, haunt_word, monster_name, printed_action, tr, track_word


@dataclasses.dataclass(frozen=True)
class MonsterMark:
    """One monster on the map: its id, the short name drawn on it, stunned, its side, tokens it carries."""

    id: str
    label: str
    stunned: bool
    side: str
    carries: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class HauntLayer:
    """What one floor shows of the haunt: monsters and the haunt's tokens by room name."""

    monsters: dict[str, tuple[MonsterMark, ...]]
    tokens: dict[str, tuple[str, ...]]

    def __hash__(self) -> int:  # frozen with dict fields: hashed by content for the floor's repaint key
        return hash((tuple(sorted(self.monsters.items())), tuple(sorted(self.tokens.items()))))


EMPTY = HauntLayer({}, {})


def monster_label(mid: str, name: str) -> str:
    """The text on a monster's label: its printed name (the map cuts it with "…" only if its room is
    too narrow)."""
    return name or mid


def printed_haunt(state: State) -> PrintedHaunt | None:
    """The printed haunt running from its file (None: none, or book mode)."""
    h = state.haunt
    running = SCENARIOS.get(h.number) if h is not None and h.mode == "scripted" else None
    return running if isinstance(running, PrintedHaunt) else None


def haunt_number(state: State) -> int:
    return state.haunt.number if state.haunt is not None else 0


def printed_label(number: int, action: str) -> str | None:
    """Printed haunt ``number``'s action ``action`` as its button says it in the table's language (the
    haunts catalog; the file's English where it has none); None: no such printed action."""
    return printed_action(number, action)


def token_word(state: State, name: str) -> str:
    """A printed haunt's token by its name in the table's language (``Rat Nest 2``: the stem's word and
    the number, ``Body of Zoe``); any other name as printed."""
    printed = printed_haunt(state)
    return name if printed is None else monster_name(printed.spec.number, name)


def monster_word(state: State, kind: str, name: str) -> str:
    """A monster's name on the map: a printed haunt's kind in the table's language, else as printed."""
    printed = printed_haunt(state)
    if printed is None or name != kind or all(m.kind != kind for m in printed.spec.monsters):
        return name
    return haunt_word(printed.spec.number, f"monster.{kind}", kind)


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def card_lines(state: State, number: int, side: str) -> list[str]:
    """Printed haunt ``number``'s card lines for ``side`` with this table's numbers, in the table's
    language (the haunts catalog; the file's English where it has none)."""
    printed = PRINTED.get(number)
    if printed is None or state.haunt is None:
        return []
    values = printed.card_values(state)
    return [
        PLACEHOLDER.sub(lambda m: str(values.get(m[1], m[0])), haunt_word(number, f"card.{side}.{i}", line))
        for i, line in enumerate(printed.spec.card.get(side, ()))
    ]


def rules_card(state: State, number: int, side: str) -> str:
    """Printed haunt ``number``'s rules card for ``side`` in the table's language, as the hand-off shows
    it (``PrintedHaunt.card`` gives the English): each line with this table's numbers, what the players
    settle by hand, the weak-sources warning. Empty when ``number`` is not a printed haunt."""
    printed = PRINTED.get(number)
    if printed is None or state.haunt is None:
        return ""
    spec = printed.spec
    lines = card_lines(state, number, side)
    lines += [
        tr("haunt.card.by_hand", gap=haunt_word(number, f"gap.{i}", gap)) for i, gap in enumerate(spec.gaps)
    ]
    if spec.confidence == "low":
        lines.append(tr("haunt.card.low"))
    return "\n".join(f"- {line}" for line in lines)


def haunt_layer(state: State) -> HauntLayer:
    """Monsters and room tokens of the haunt by room (all floors: the floor view picks its own rooms)."""
    h = state.haunt
    if h is None or not h.started:
        return EMPTY
    held: dict[str, list[str]] = {}
    tokens: dict[str, list[str]] = {}
    for name, place in sorted(h.tokens.items()):
        if place.startswith(HELD):
            held.setdefault(place[len(HELD) :], []).append(token_word(state, name))
        elif not place.startswith(CARRIED):
            tokens.setdefault(place, []).append(token_word(state, name))
    monsters: dict[str, list[MonsterMark]] = {}
    for mid, m in sorted(h.monsters.items()):
        carries = tuple(held.get(mid, ())) + tuple(m.items)
        label = monster_word(state, m.kind, monster_label(mid, m.name))
        mark = MonsterMark(mid, label, m.stunned, m.side, carries)
        monsters.setdefault(m.room, []).append(mark)
    return HauntLayer(
        {room: tuple(ms) for room, ms in monsters.items()}, {room: tuple(ts) for room, ts in tokens.items()}
    )


def carried_by_seat(state: State) -> dict[int, tuple[str, ...]]:
    """The haunt tokens each explorer carries (shown on their panel and as a dot on their pawn)."""
    h = state.haunt
    out: dict[int, list[str]] = {}
    if h is not None:
        for name, place in sorted(h.tokens.items()):
            if place.startswith(CARRIED):
                out.setdefault(int(place[len(CARRIED) :]), []).append(token_word(state, name))
    return {seat: tuple(names) for seat, names in out.items()}


def counter_lines(state: State) -> list[str]:
    """The haunt's counters a player follows: the numbers and lists (by their length) in ``vars`` that
    have a word in the catalogs (``counter.<name>``; flags and lists a haunt keeps for itself within a
    turn have none), and the Turn/Damage track's clips."""
    h = state.haunt
    if h is None:
        return []
    out = []
    printed = printed_haunt(state)
    labels = printed.spec.counters if printed is not None else {}  # a printed haunt names its own counters
    for name, value in sorted(h.vars.items()):
        head, of, _who = name.partition(" of ")
        counted = isinstance(value, int) and not isinstance(value, bool)
        if name in labels and counted:
            assert printed is not None
            out.append(f"{haunt_word(printed.spec.number, f'counter.{name}', labels[name])}: {value}")
            continue
        if of and head in labels and counted:  # "Collar of Zoe" (haunt 34): the counter's word of whose
            assert printed is not None
            out.append(f"{monster_name(printed.spec.number, name)}: {value}")
            continue
        if (
            isinstance(value, bool)
            or not isinstance(value, int | list)
            or f"counter.{name}" not in catalog("en")
        ):
            continue
        n = len(value) if isinstance(value, list) else value
        out.append(f"{tr(f'counter.{name}')}: {n}")
    for name, value in sorted(h.tracks.items()):
        out.append(tr("counter.track", name=track_word(name), n=value))
    return out


def goal_lines(state: State) -> list[tuple[str, str]]:
    """(side, goal) for each side, in the table's language: the printed haunt's goals, the haunt's own goal
    list (book mode, when it sets one), else where to read them (the haunt book's number). None while each
    side's book is its own (H2.2: the traitor read the Tome apart): the shared screen shows neither side's
    goal, each reads its own card (``private_card``); a side's win says why at the end."""
    h = state.haunt
    if h is None or not h.started or (h.books_apart and h.winner is None):
        return []
    printed = printed_haunt(state)
    out = []
    for side in ("heroes", "traitor"):
        goal = ""
        if printed is not None:  # the file's goals (its wins' whys), in the table's language
            wins = enumerate(printed.spec.wins)
            goal = "; ".join(haunt_word(h.number, f"win.{i}", w.why) for i, w in wins if w.side == side)
        if not goal and h.goals_of(side):
            goal = "; ".join(h.goals_of(side))
        if not goal:
            goal = tr("haunt.goal_book", n=h.number)
        out.append((side, goal))
    return out


def traitor_name(state: State) -> str:
    """The unmasked traitor (empty while none, or hidden)."""
    h = state.haunt
    if h is None or h.hidden or h.traitor is None:
        return ""
    return state.explorers[h.traitor].name


def card_sides(state: State) -> tuple[str, ...]:
    """Whose card the play screen offers: ("heroes", "traitor") while each side's book is its own (each
    opens its card with the other side looking away), ("all",) when everyone reads Secrets of Survival
    (hidden-traitor and no-traitor haunts, H4), () with no printed haunt running or once it is won."""
    h = state.haunt
    if printed_haunt(state) is None or h is None or h.winner is not None:
        return ()
    return ("heroes", "traitor") if h.books_apart and h.traitor is not None else ("all",)


def private_card(state: State, side: str) -> tuple[str, str]:
    """The title and text (Kivy markup) of ``side``'s card as the secret screen shows it: this table's
    numbers, in the table's language where the haunts catalog has it (``card_lines``); "all": both sides'
    lines under their headings, for a haunt everyone reads; then what is left to the players and the
    weak-sources warning once."""
    printed = printed_haunt(state)
    h = state.haunt
    if printed is None or h is None:
        return "", ""
    number = printed.spec.number
    haunt = f"{tr('haunt.number', n=number)}, {printed.spec.name}"
    lines: list[str] = []
    for one in ("heroes", "traitor") if side == "all" else (side,):
        card = card_lines(state, number, one)
        if side == "all" and card:
            lines.append(f"[b]{tr(f'haunt.side.{one}')}[/b]")
        lines += [f"· {words(line)}" for line in card]
    gaps = [haunt_word(number, f"gap.{i}", gap) for i, gap in enumerate(printed.spec.gaps)]
    if gaps:
        lines.append(f"[b]{tr('card.by_hand')}[/b]")
        lines += [f"· {words(gap)}" for gap in gaps]
    if printed.spec.confidence == "low":
        lines.append(tr("haunt.card.low"))
    return tr(f"card.title.{side}", haunt=haunt), "\n".join(lines)


def words(text: str) -> str:
    """A file's own words inside Kivy markup: its brackets and ampersands shown as written."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")
