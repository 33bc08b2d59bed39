"""The words a haunt file may use (docs/haunt-files.md): values and conditions that read the game, and
effects that change it and say what they did. :func:`namespace` binds them to one moment of one game (the
world, the acting seat and room, the haunt's numbers); :data:`NAMES` is what the loader accepts.

Effects change the game only through the same functions the rest of the rules use (``World.gain``,
``monsters.add_monster``, ``death.kill``, the ``Haunt`` record's token and counter methods), so a printed
haunt's harm and deaths follow K9 and H5 like any other.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.rejections import IllegalAction
from hauntable.engine.rng import Rng
from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.cards.hands import PILE, lose_card
from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.death import kill as kill_explorer
from hauntable.games.betrayal.house import adjacent as adjacent_rooms
from hauntable.games.betrayal.house import distances, monster_walker
from hauntable.games.betrayal.monsters import stun
from hauntable.games.betrayal.movement import movement_left
from hauntable.games.betrayal.predicates import in_house, start_fight
from hauntable.games.betrayal.victory import declare
from hauntable.games.betrayal.world import World

# names every expression may use besides the haunt's own numbers and the context names of its field
VALUES = ("players", "heroes_at_start", "round", "reveal_room", "traitor", "me", "here")
CONTEXT = ("seat", "room", "monster", "kind", "total")  # set by the field that evaluates (rules, rolls)


class Ctx:
    """One evaluation: the world, the acting seat (-1: none) and the haunt file's spec."""

    def __init__(self, w: World, spec: Any, me: int = -1, extra: dict[str, Any] | None = None) -> None:
        self.w, self.spec, self.me = w, spec, me
        self.extra = extra or {}

    # --- reading -------------------------------------------------------------------------------------

    def here(self) -> str:
        return self.w.s.explorers[self.me].room if self.me >= 0 else ""

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

    # --- changing -------------------------------------------------------------------------------------

    def actor(self) -> int:
        if self.me < 0:
            raise ValueError("this effect needs an acting explorer")
        return self.me

    def spawn(self, kind: str, room: str, n: int = 1) -> list[str]:
        made = []
        for _ in range(max(0, n)):
            mid = self._free_id(kind)
            m = self.spec.monster(kind)
            ops.new_monster(
                self.w,
                mid,
                kind,
                room,
                **m.traits(),
                name=kind if mid != kind else "",
                side=m.side,
                immune=m.immune,
                beaten=m.beaten,
                slows=m.slows,
            )
            made.append(mid)
        return made

    def spawn_each(self, kind: str, rooms: list[str]) -> list[str]:
        return [mid for r in rooms for mid in self.spawn(kind, r)]

    def _free_id(self, kind: str) -> str:
        ms = self.w.haunt.monsters
        if kind not in ms and not any(k.startswith(kind + " ") for k in ms):
            return kind
        k = 2
        while f"{kind} {k}" in ms:
            k += 1
        return f"{kind} {k}"

    def kill_kind(self, kind: str) -> None:
        for mid in [k for k, m in self.w.haunt.monsters.items() if m.kind == kind]:
            ops.kill_monster(self.w, mid)

    def move_monster(self, mid: str, room: str) -> None:
        self.w.haunt.monsters[mid].room = room
        self.w.say(f"{mid} moves to the {room}", "monster.move", monster=mid, room=room)

    def move_to(self, room: str) -> None:
        seat = self.actor()
        self.w.explorer(seat).room = room
        who = self.w.who(seat)
        self.w.say(f"{who} is moved to the {room}", "printed.moved", who=who, room=room)

    def restore(self, seat: int = -1) -> None:
        """Each trait below its starting value back to it (a haunt's set-up heals the traitor so)."""
        seat = self.actor() if seat < 0 else seat
        e = self.w.explorer(seat)
        start = self.w.content.characters[e.character].start
        for t in TRAITS:
            if e.traits[t] < start[t]:
                self.w.gain(seat, t, start[t] - e.traits[t])

    def spread(self, kind: str, rooms: list[str], n: int) -> list[str]:
        """``n`` monsters of ``kind``, one a room in ``rooms`` in turn, doubling up when there are more
        monsters than rooms."""
        if not rooms:
            return []
        return [mid for i in range(max(0, n)) for mid in self.spawn(kind, rooms[i % len(rooms)])]

    def unoccupied(self, rooms: list[str]) -> list[str]:
        taken = {e.room for e in self.w.s.explorers if in_house(e)}
        return [r for r in rooms if r not in taken]

    def clear_room(self, room: str) -> None:
        """Explorers in ``room`` step to the first room next to it (a haunt's set-up empties a room so)."""
        s = self.w.s
        if room not in s.house:
            return
        out = [r for r in adjacent_rooms(s, self.w.content, room) if r != room]
        for e in s.explorers:
            if in_house(e) and e.room == room and out:
                self.w.explorer(e.seat).room = out[0]
                who = self.w.who(e.seat)
                self.w.say(f"{who} is moved to the {out[0]}", "printed.moved", who=who, room=out[0])

    def count_add(self, name: str, by: int = 1) -> int:
        """Add to a counter; one whose name starts with ``_`` is the haunt's own memory and says nothing."""
        if name.startswith("_"):
            return self.w.haunt.count(name, by)
        return ops.add_counter(self.w, name, by)

    def count_set(self, name: str, value: int) -> None:
        if name.startswith("_"):
            self.w.haunt.vars[name] = value
        else:
            ops.set_counter(self.w, name, value)

    def mark(self, name: str) -> None:
        """Remember ``name`` (a room or card used once for a haunt's roll, H7: 'that room cannot be used
        again')."""
        marks: list[str] = self.w.haunt.vars.setdefault("_marks", [])
        if name not in marks:
            marks.append(name)

    def speed_rolled(self, kind: str) -> int:
        """The movement rolled for ``kind`` in the monster turn now (or last) played (H5.2)."""
        p = self.w.haunt.mphase
        return p.speeds.get(kind, 0) if p is not None else 0

    def roll_damage(self, seats: list[int], dice: int, kind: str = "physical") -> None:
        """Roll ``dice`` dice through the table; each of ``seats`` takes the total as ``kind`` damage."""
        alive = [seat for seat in seats if in_house(self.w.s.explorers[seat])]
        if alive and dice > 0:
            self.w.then(("damage_roll", dict(seats=alive, dice=min(8, dice), kind=kind)))

    def damage(self, seat: int, kind: str, amount: int) -> None:
        if amount > 0 and in_house(self.w.s.explorers[seat]):
            self.w.then(("damage", dict(seat=seat, kind=kind, amount=amount)))

    def fight(self, target: str, trait: str) -> None:
        """The actor attacks ``target`` (a monster id, or a seat as text) in ``trait`` by the combat rules
        (K1-K7): a haunt's special attack, such as a Sanity attack only a ritual allows."""
        start_fight(self.w, str(self.actor()), target, _trait(trait))

    def hold(self, token: str, mid: str) -> None:
        """A monster takes a haunt token (the Mummy becomes the Girl's custodian)."""
        self.w.haunt.hold(token, mid)
        name = self.w.haunt.monsters[mid].name or mid
        self.w.say(f"{name} now holds the {token}", "printed.monster_holds", monster=name, token=token)

    def hand_card(self, card: str, mid: str) -> None:
        """The actor hands an item or omen card to a monster in the room, which carries it (H5)."""
        seat = self.actor()
        e = self.w.explorer(seat)
        pile = e.items if card in e.items else e.omens
        pile.remove(card)
        self.w.haunt.monsters[mid].items.append(card)
        name = self.w.haunt.monsters[mid].name or mid
        self.w.say(
            f"{self.w.who(seat)} hands the {card} to {name}",
            "printed.hands_card",
            who=self.w.who(seat),
            card=card,
            monster=name,
        )

    def set_aside(self, card: str, seat: int = -1) -> None:
        """An explorer's item or omen card leaves play (set aside, not discarded), its trait bonus with it."""
        seat = self.actor() if seat < 0 else seat
        e = self.w.s.explorers[seat]
        if card in e.items or card in e.omens:
            lose_card(self.w, seat, card, "hand")
            who = self.w.who(seat)
            self.w.say(f"{who} sets the {card} aside", "printed.set_aside", who=who, card=card)

    def card_room(self, card: str) -> str:
        """Where a card is: its holder's room, or the room it lies in ('' when neither)."""
        seat = self.w.holder(card)
        if seat is not None:
            return self.w.s.explorers[seat].room
        return str(self.w.s.tokens.get(PILE + card, ""))

    def kill_beaten(self, kind: str, n: int) -> None:
        """Every monster of ``kind`` beaten ``n`` times or more is destroyed."""
        for mid, m in list(self.w.haunt.monsters.items()):
            if m.kind == kind and m.stuns >= n:
                ops.kill_monster(self.w, mid)

    def drop_cards(self, seat: int) -> None:
        """Every item and omen the explorer holds drops in their room (a haunt takes their body away)."""
        e = self.w.s.explorers[seat]
        for card in [*e.items, *e.omens]:
            lose_card(self.w, seat, card, "room")

    def roll_into(self, counter: str, dice: int, why: str = "", seat: int = -1) -> None:
        """``seat`` (default: the actor, else the traitor, else the first seat) rolls ``dice`` dice through
        the table and the total is added to ``counter``."""
        h = self.w.haunt
        if seat < 0:
            seat = self.me if self.me >= 0 else (h.traitor if h.traitor is not None else 0)
        if dice > 0:
            self.w.then(("printed_roll", dict(seat=seat, dice=dice, counter=counter, why=why or counter)))

    def roll_for(self, action: str, dice: int, seat: int = -1, why: str = "") -> None:
        """``seat`` (default: the actor, else the traitor) rolls ``dice`` dice through the table; the file's
        action ``action`` (a ``side = "table"`` one) then runs its ``success`` effects seeing ``total``."""
        h = self.w.haunt
        if seat < 0:
            seat = self.me if self.me >= 0 else (h.traitor if h.traitor is not None else 0)
        if self.spec.action(action) is None:
            raise ValueError(f"haunt {h.number} has no action {action!r}")
        why = why or self.spec.action(action).label
        self.w.then(("printed_roll", dict(seat=seat, dice=dice, counter="", why=why, action=action)))

    def tell(self, key: str) -> None:
        """Say one of the haunt file's ``[texts]`` to the table (our words, as the file gives them)."""
        text = self.spec.texts[key]["en"]
        self.w.say(text, "printed.tell", sentence=text, haunt=self.spec.number, key=key)

    def put_each(self, stem: str, rooms: list[str]) -> None:
        """Tokens ``stem 1`` .. ``stem n``, one in each of ``rooms``."""
        for i, room in enumerate(rooms, 1):
            ops.put_token(self.w, f"{stem} {i}", room)

    def remove_carried(self, stem: str, seat: int = -1) -> None:
        """The first token whose name starts with ``stem`` that the explorer carries leaves play."""
        seat = self.actor() if seat < 0 else seat
        for token in self.w.haunt.carried_by(seat):
            if token.startswith(stem):
                ops.remove_token(self.w, token)
                return

    def card_effects(self, effects: list[Any], seat: int = -1) -> None:
        """Run effects of the card language (cards/language.py: ``[['lose_any', 1, ['might', 'speed']]]``)
        for an explorer: choices, damage splits and rolls are asked as for a card."""
        seat = self.actor() if seat < 0 else seat
        if in_house(self.w.s.explorers[seat]):
            self.w.then(("effects", dict(seat=seat, card=self.spec.name, effects=effects)))

    def take_card(self, card: str, seat: int = -1) -> None:
        """The actor searches the card's deck for ``card`` and takes it (the deck is shuffled after, with
        virtual decks); at a table with physical decks the hands take it and the screen says so."""
        seat = self.actor() if seat < 0 else seat
        deck = self.w.content.cards[card].deck
        pile = self.w.s.decks.get(deck, [])
        if self.w.s.config.cards == "virtual":
            if card not in pile:
                return
            rest = [c for c in pile if c != card]
            rng = Rng(self.w.s.rng, raw=True)
            self.w.own("decks")[deck] = rng.shuffled(rest)
            self.w.s.rng = rng.state
        self.w.then(("gain_card", dict(seat=seat, deck=deck, name=card)))

    def discard(self, card: str, seat: int = -1) -> None:
        """An explorer's item or omen goes to its discard pile (its bonus with it)."""
        seat = self.actor() if seat < 0 else seat
        e = self.w.s.explorers[seat]
        if card in e.items or card in e.omens:
            lose_card(self.w, seat, card, "discard")
            who = self.w.who(seat)
            self.w.say(f"{who} discards the {card}", "printed.discards", who=who, card=card)

    def spend_move(self, n: int = 1) -> None:
        """The action costs the actor ``n`` spaces of this turn's movement (as entering rooms does)."""
        self.w.s.turn.moved += n

    def win(self, side: str, why: str) -> None:
        declare(self.w, side, why)


def _trait(name: str) -> str:
    if name not in TRAITS:
        raise ValueError(f"no trait {name!r}")
    return name


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
        "take": lambda token: ops.carry_token(w, token, c.actor()),
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
