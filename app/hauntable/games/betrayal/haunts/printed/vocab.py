"""The words a haunt file may use (docs/haunt-files.md): values and conditions that read the game, and
effects that change it and say what they did. :func:`namespace` binds them to one moment of one game (the
world, the acting seat and room, the haunt's numbers); :data:`NAMES` is what the loader accepts.

Effects (effects.py) change the game only through the functions the rest of the rules use (``World.gain``,
``haunt_ops``, ``death.kill``, the ``Haunt`` record's token and counter methods), so a printed haunt's harm
and deaths follow K9 and H5 like any other.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.rejections import IllegalAction
from hauntable.engine.rng import Rng
from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.cards.hands import PILE
from hauntable.games.betrayal.death import kill as kill_explorer
from hauntable.games.betrayal.haunts.printed.effects import Effects, _trait
from hauntable.games.betrayal.house import adjacent as adjacent_rooms
from hauntable.games.betrayal.house import distances, monster_walker
from hauntable.games.betrayal.monsters import stun
from hauntable.games.betrayal.movement import movement_left
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.rooms import VAULT_EMPTY
from hauntable.games.betrayal.world import World

# names every expression may use besides the haunt's own numbers and the context names of its field
VALUES = ("players", "heroes_at_start", "round", "reveal_room", "traitor", "me", "here")
# set by the field that evaluates (rules, rolls; the fight_bonus and leave_extra rules' own)
CONTEXT = (
    "seat",
    "room",
    "monster",
    "kind",
    "total",
    "margin",
    "dealt",
    "foe",
    "foe_kind",
    "fight_trait",
    "attacking",
    "base",
    "card",
)


class Ctx(Effects):
    """One evaluation: the world, the acting seat (-1: none) and the haunt file's spec."""

    def __init__(self, w: World, spec: Any, me: int = -1, extra: dict[str, Any] | None = None) -> None:
        self.w, self.spec, self.me = w, spec, me
        self.extra = extra or {}

    # --- reading -------------------------------------------------------------------------------------

    def heroes(self) -> list[int]:
        h = self.w.haunt
        return [e.seat for e in self.w.s.explorers if h.side_of(e.seat) == "heroes"]

    def monsters(self, kind: str = "") -> int:
        house = self.w.s.house
        return sum(1 for m in self.w.haunt.monsters.values() if m.room in house and kind in ("", m.kind))

    def tokens(self, stem: str) -> int:
        return sum(1 for t in self.w.haunt.tokens if t.startswith(stem))

    def far_room(self, room: str, at_least: int = 0) -> str:
        """The room on ``room``'s floor farthest from it by monster paths (ties: the first met); a room at
        least ``at_least`` away when one exists."""
        s = self.w.s
        floor = s.house[room].floor if room in s.house else ""
        dist = distances(s, self.w.content, room, monster_walker(s))
        same = [(d, r) for r, d in dist.items() if s.house[r].floor == floor and r != room]
        if not same:
            return room
        best = max(d for d, _ in same)
        return next(r for d, r in same if d == best)

    def random_room(self, floor: str = "") -> str:
        s = self.w.s
        rooms = sorted(r for r, p in s.house.items() if floor in ("", p.floor))
        rng = Rng(s.rng, raw=True)
        pick = rng.shuffled(rooms)[0]
        s.rng = rng.state
        return pick

    def symbol_rooms(self, kind: str) -> list[str]:
        rooms = self.w.content.rooms
        return sorted(r for r in self.w.s.house if rooms[r].symbol == kind)

    def unoccupied(self, rooms: list[str]) -> list[str]:
        taken = {e.room for e in self.w.s.explorers if in_house(e)}
        return [r for r in rooms if r not in taken]

    def speed_rolled(self, kind: str) -> int:
        """The movement rolled for ``kind`` in the monster turn now (or last) played (H5.2)."""
        p = self.w.haunt.mphase
        return p.speeds.get(kind, 0) if p is not None else 0

    def nearer(self, monster: str, room: str, targets: list[str]) -> bool:
        """Whether stepping into ``room`` brings ``monster`` closer (monster paths) to the nearest of
        ``targets`` (rooms); True when none can be reached from where it stands (it may go anywhere)."""
        s, m = self.w.s, self.w.haunt.monsters.get(monster)
        if m is None:
            return True
        walker = monster_walker(s)
        now = distances(s, self.w.content, m.room, walker)
        if not any(t in now for t in targets):
            return True
        then = distances(s, self.w.content, room, walker)
        return min((then[t] for t in targets if t in then), default=99) < min(
            now[t] for t in targets if t in now
        )

    def states(self, name: str) -> list[int]:
        """The seats in the explorer state ``name`` (haunt 3's Frogs), kept in the haunt's memory."""
        return list(self.w.haunt.vars.get("_states", {}).get(name, []))

    def set_state(self, name: str, seat: int, on: bool = True) -> None:
        table: dict[str, list[int]] = self.w.haunt.vars.get("_states", {})
        seats = [s for s in table.get(name, []) if s != seat] + ([seat] if on else [])
        self.w.haunt.vars["_states"] = {**table, name: sorted(seats)}  # new containers: states share them

    def lowest(self, trait: str, seat: int) -> None:
        """The explorer's ``trait`` drops to its lowest step above the skull."""
        steps = self.w.s.explorers[seat].traits[_trait(trait)] - 1
        if steps > 0:
            self.w.lose(seat, _trait(trait), steps)

    def card_room(self, card: str) -> str:
        """Where a card is: its holder's room, or the room it lies in ('' when neither)."""
        seat = self.w.holder(card)
        if seat is not None:
            return self.w.s.explorers[seat].room
        return str(self.w.s.tokens.get(PILE + card, ""))


def namespace(c: Ctx, numbers: dict[str, int]) -> dict[str, Any]:
    """Every name an expression can see, bound to ``c``."""
    w, h, s = c.w, c.w.haunt, c.w.s
    explorers = s.explorers

    def seat_or_me(seat: int) -> int:
        if seat < 0 and c.me < 0:
            raise ValueError("this needs a seat: there is no acting explorer here")
        return c.me if seat < 0 else seat

    ns: dict[str, Any] = {
        "players": len(explorers),
        "heroes_at_start": int(h.vars.get("_heroes_at_start", len(c.heroes()))),
        "round": h.round,
        "reveal_room": h.room,
        "traitor": -1 if h.traitor is None else h.traitor,
        "me": c.me,
        "here": c.here(),
        # reading
        "alive": lambda seat=-1: explorers[seat_or_me(seat)].alive,
        "in_house": lambda seat=-1: in_house(explorers[seat_or_me(seat)]),
        "heroes_alive": lambda: sum(1 for seat in c.heroes() if explorers[seat].alive),
        "heroes_in_house": lambda: sum(1 for seat in c.heroes() if in_house(explorers[seat])),
        "escaped": lambda: sum(
            1 for seat in c.heroes() if explorers[seat].alive and not in_house(explorers[seat])
        ),
        "traitor_alive": lambda: h.traitor is not None and explorers[h.traitor].alive,
        "count": lambda name: int(h.vars.get(name, 0)),
        "track": lambda name="turn": h.track(name),
        "monsters": c.monsters,
        "monster_room": lambda mid: h.monsters[mid].room if mid in h.monsters else "",
        "stunned": lambda mid: mid in h.monsters and h.monsters[mid].stunned,
        "tokens": c.tokens,
        "token_room": lambda name: h.token_room(name) or "",
        "carrier": lambda name: -1 if h.carrier(name) is None else h.carrier(name),
        "tokens_in": lambda room, stem="": sum(1 for t in h.tokens_in(room) if t.startswith(stem)),
        "carries": lambda token, seat=-1: h.carrier(token) == seat_or_me(seat),
        "has": lambda card, seat=-1: (
            card in explorers[seat_or_me(seat)].items or card in explorers[seat_or_me(seat)].omens
        ),
        "holder": lambda card: -1 if w.holder(card) is None else w.holder(card),
        "room_of": lambda seat=-1: explorers[seat_or_me(seat)].room,
        "floor_of": lambda room: s.house[room].floor if room in s.house else "",
        "in_house_room": lambda room: room in s.house,
        "symbol_rooms": c.symbol_rooms,
        "adjacent": lambda room: adjacent_rooms(s, w.content, room) if room in s.house else [],
        "far_room": c.far_room,
        "random_room": c.random_room,
        "trait": lambda seat, name: w.value(seat, _trait(name)),
        # changing
        "add": c.count_add,
        "set": c.count_set,
        "advance": lambda name="turn", by=1: ops.move_track(w, name, by),
        "put": lambda token, room: ops.put_token(w, token, room),
        "take": lambda token, seat=-1: ops.carry_token(w, token, seat_or_me(seat)),
        "drop": lambda token: ops.drop_token(w, token),
        "give": lambda token, seat: ops.hand_token(w, token, seat),
        "remove": lambda token: ops.remove_token(w, token) if token in h.tokens else None,
        "spawn": c.spawn,
        "spawn_each": c.spawn_each,
        "kill_monster": lambda mid: ops.kill_monster(w, mid) if mid in h.monsters else None,
        "remove_monster": lambda mid: ops.remove_monster(w, mid) if mid in h.monsters else None,
        "kill_kind": c.kill_kind,
        "stun": lambda mid: stun(w, mid) if mid in h.monsters else None,
        "move_monster": c.move_monster,
        "hurt": lambda trait, n=1, seat=-1: ops.shift_trait(w, seat_or_me(seat), trait, -n),
        "gain": lambda trait, n=1, seat=-1: ops.shift_trait(w, seat_or_me(seat), trait, n),
        "escape": lambda seat=-1: ops.escape(w, seat_or_me(seat)),
        "leave_play": lambda seat=-1: ops.leave_play(w, seat_or_me(seat)),
        "kill_me": lambda: kill_explorer(w, c.actor(), ""),
        "kill": lambda seat: kill_explorer(w, seat, ""),
        "turn_side": lambda side, seat=-1: ops.change_side(w, seat_or_me(seat), side),
        "move_to": c.move_to,
        "restore": c.restore,
        "spread": c.spread,
        "unoccupied": c.unoccupied,
        "clear_room": c.clear_room,
        "first": lambda xs, default="": xs[0] if xs else default,
        "size": len,
        "without": lambda xs, *names: [x for x in xs if x not in names],
        "mark": c.mark,
        "marked": lambda name: name in h.vars.get("_marks", []),
        "speed_rolled": c.speed_rolled,
        "heroes_in": lambda room: [
            seat for seat in c.heroes() if in_house(explorers[seat]) and explorers[seat].room == room
        ],
        "monsters_in": lambda room, kind="": sum(
            1 for m in h.monsters.values() if m.room == room and kind in ("", m.kind)
        ),
        "nearer": c.nearer,
        "opened": lambda room: s.tokens.get(VAULT_EMPTY) == room,
        "set_state": lambda name, seat=-1: c.set_state(name, seat_or_me(seat)),
        "clear_state": lambda name, seat=-1: c.set_state(name, seat_or_me(seat), False),
        "in_state": lambda name, seat=-1: seat_or_me(seat) in c.states(name),
        "state_seats": lambda name: [x for x in c.states(name) if in_house(explorers[x])],
        "state_rooms": lambda name: sorted(
            {explorers[x].room for x in c.states(name) if in_house(explorers[x])}
        ),
        "state_free": lambda name, seats: [x for x in seats if x not in c.states(name)],
        "state_in": lambda name, room: next(
            (x for x in c.states(name) if in_house(explorers[x]) and explorers[x].room == room), -1
        ),
        "lowest": lambda trait, seat=-1: c.lowest(trait, seat_or_me(seat)),
        "token_rooms": lambda stem: sorted(
            {r for t in h.tokens if t.startswith(stem) and (r := h.token_room(t) or "") in s.house}
        ),
        "hero_rooms": lambda: sorted(
            {explorers[seat].room for seat in c.heroes() if in_house(explorers[seat])}
        ),
        "monster_rooms": lambda kind="": sorted(
            {m.room for m in h.monsters.values() if m.room in s.house and kind in ("", m.kind)}
        ),
        "roll_damage": c.roll_damage,
        "damage": c.damage,
        "fight": c.fight,
        "hold": c.hold,
        "hand_card": c.hand_card,
        "held_by": lambda token: h.holder(token) or "",
        "monster_has": lambda mid, card: mid in h.monsters and card in h.monsters[mid].items,
        "set_aside": c.set_aside,
        "card_room": c.card_room,
        "stuns": lambda mid: h.monsters[mid].stuns if mid in h.monsters else 0,
        "monster_trait": lambda mid, name: (
            (h.monsters[mid].trait(_trait(name)) or 0) if mid in h.monsters else 0
        ),
        "set_monster_trait": lambda mid, name, n: h.monsters[mid].set_trait(_trait(name), n),
        "kill_beaten": c.kill_beaten,
        "set_immune": lambda mid, traits: setattr(
            h.monsters[mid], "immune", tuple(_trait(t) for t in traits)
        ),
        "drop_cards": lambda seat=-1: c.drop_cards(seat_or_me(seat)),
        "roll_into": c.roll_into,
        "tell": c.tell,
        "roll_for": c.roll_for,
        "remember": lambda name, value: h.vars.__setitem__(name, value),
        "recall": lambda name: h.vars.get(name, ""),
        "who": lambda seat=-1: w.who(seat_or_me(seat)),
        "put_each": c.put_each,
        "take_n": lambda xs, n: list(xs)[: max(0, n)],
        "carried": lambda stem, seat=-1: sum(1 for t in h.carried_by(seat_or_me(seat)) if t.startswith(stem)),
        "token_names": lambda room, stem="": [t for t in h.tokens_in(room) if t.startswith(stem)],
        "moves_left": lambda: movement_left(w) if c.me >= 0 and s.turn.seat == c.me else 0,
        "spend_move": c.spend_move,
        "card_effects": c.card_effects,
        "take_card": c.take_card,
        "discard": c.discard,
        "in_deck": lambda card: card in s.decks.get(w.content.cards[card].deck, []),
        "dice": lambda trait, seat=-1: w.dice_for(seat_or_me(seat), _trait(trait)),
        "remove_carried": c.remove_carried,
        "win": c.win,
        "refuse": _refuse,
    }
    ns.update(numbers)
    ns.update(c.extra)
    return ns


def _refuse(text: str, rule: str = "H7.1") -> None:
    raise IllegalAction(text, rule)


# every function an expression may call (the loader rejects any other name)
FUNCTIONS: tuple[str, ...] = (
    "alive",
    "in_house",
    "heroes_alive",
    "heroes_in_house",
    "escaped",
    "traitor_alive",
    "count",
    "track",
    "monsters",
    "monster_room",
    "stunned",
    "tokens",
    "token_room",
    "carrier",
    "tokens_in",
    "carries",
    "has",
    "holder",
    "room_of",
    "floor_of",
    "in_house_room",
    "symbol_rooms",
    "adjacent",
    "far_room",
    "random_room",
    "trait",
    "add",
    "set",
    "advance",
    "put",
    "take",
    "drop",
    "give",
    "remove",
    "spawn",
    "spawn_each",
    "kill_monster",
    "remove_monster",
    "kill_kind",
    "stun",
    "move_monster",
    "hurt",
    "gain",
    "escape",
    "leave_play",
    "kill_me",
    "kill",
    "turn_side",
    "move_to",
    "restore",
    "spread",
    "unoccupied",
    "clear_room",
    "first",
    "size",
    "without",
    "mark",
    "marked",
    "speed_rolled",
    "heroes_in",
    "monsters_in",
    "opened",
    "nearer",
    "set_state",
    "clear_state",
    "in_state",
    "state_seats",
    "state_rooms",
    "state_free",
    "state_in",
    "lowest",
    "token_rooms",
    "hero_rooms",
    "monster_rooms",
    "roll_damage",
    "damage",
    "fight",
    "hold",
    "hand_card",
    "held_by",
    "monster_has",
    "set_aside",
    "card_room",
    "stuns",
    "monster_trait",
    "set_monster_trait",
    "kill_beaten",
    "set_immune",
    "drop_cards",
    "roll_into",
    "tell",
    "roll_for",
    "remember",
    "recall",
    "who",
    "put_each",
    "take_n",
    "carried",
    "token_names",
    "moves_left",
    "spend_move",
    "card_effects",
    "take_card",
    "discard",
    "in_deck",
    "dice",
    "remove_carried",
    "win",
    "refuse",
)
NAMES: frozenset[str] = frozenset((*VALUES, *CONTEXT, *FUNCTIONS))
