"""What a haunt file's effects do (docs/haunt-files.md): :class:`Effects`, the half of the expression
vocabulary that changes the game, as methods over one moment of one game (the world, the acting seat, the
haunt file). :class:`~hauntable.games.betrayal.haunts.printed.vocab.Ctx` adds the reading half and binds
both into an expression's names. Every change goes through the operations the rest of the rules use
(``haunt_ops``, ``World.gain``, ``cards.hands``, the combat and damage tasks), so it says what it did in every
language and follows K9 and H5 like any other.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.rng import Rng
from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.cards.hands import lose_card
from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.house import adjacent as adjacent_rooms
from hauntable.games.betrayal.predicates import in_house, start_fight
from hauntable.games.betrayal.victory import declare
from hauntable.games.betrayal.world import World


class Effects:
    """The changing half of a haunt expression's words, for the world ``w`` and the acting seat ``me``."""

    w: World
    spec: Any
    me: int

    def here(self) -> str:
        return self.w.s.explorers[self.me].room if self.me >= 0 else ""

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

    def roll_damage(self, seats: list[int], dice: int, kind: str = "physical") -> None:
        """Roll ``dice`` dice through the table; each of ``seats`` takes the total as ``kind`` damage."""
        alive = [seat for seat in seats if in_house(self.w.s.explorers[seat])]
        if alive and dice > 0:
            self.w.then(("damage_roll", dict(seats=alive, dice=min(8, dice), kind=kind)))

    def damage(self, seat: int, kind: str, amount: int, armor: bool = True) -> None:
        """Fixed damage; ``armor`` False: the Armor takes nothing off it (haunt 36's flood)."""
        if amount > 0 and in_house(self.w.s.explorers[seat]):
            self.w.then(("damage", dict(seat=seat, kind=kind, amount=amount, armor=armor)))

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

    def roll_for(self, action: str, dice: int, seat: int = -1, why: str = "", about: str = "") -> None:
        """The one roll a haunt asks for whose result runs a file action: ``seat`` (default: the actor, else
        the traitor, even dead, H3.5) rolls ``dice`` dice (0 to 8) through the table; the total against the
        action's ``target`` (none: always met) runs its ``success`` or ``failure`` effects, which see
        ``total``, ``margin`` and ``about`` (a monster's id: the roll is that monster's, no card aids it).
        The action is never offered (``side = "table"``): only this roll runs it."""
        h = self.w.haunt
        if seat < 0:
            seat = self.me if self.me >= 0 else (h.traitor if h.traitor is not None else 0)
        a = self.spec.action(action)
        if a is None:
            raise ValueError(f"haunt {h.number} has no action {action!r}")
        why = why or a.label
        self.w.then(
            ("printed_roll", dict(seat=seat, dice=dice, counter="", why=why, action=action, about=about))
        )

    def tell(self, key: str) -> None:
        """Say one of the haunt file's ``[texts]`` to the table (the English; the screen words it in the
        table's language by ``haunt`` and ``key``, the haunts catalog's ``NN.text.<key>``)."""
        text = self.spec.texts[key]
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
