"""The haunt contract: :class:`Scenario` is what the rules ask of the haunt running (its set-up, actions,
task rolls, monsters, goals). Every haunt the table referees is a printed one run from its file
(haunts/printed/runtime.py's ``PrintedHaunt``; haunts/__init__.py gathers them by number); a group that
wants to read the books itself sets the house rule ``haunt_mode = "book"``. A scenario keeps its counters in
``state.haunt.vars`` (plain data; records.Haunt) and never stores anything on itself, so the game stays a
pure function of its inputs.

A subclass must set ``number``, ``name``, ``heroes_goal`` and ``traitor_goal`` and may override any hook:

- ``setup(w)``: monsters, tokens and counters when the haunt starts (H2.4).
- ``actions(w, seat)`` / ``act(w, seat, inp)``: special actions (``Act`` inputs) on an explorer's turn.
- ``task_result(w, seat, action, option, success, total)``: the outcome of a roll asked with :func:`roll`.
- ``monster_actions(w, mid)`` / ``monster_act(w, mid, inp)``: a monster's special actions.
- ``check(w)``: ``(side, why)`` when a side has met its goal (H6.1), else None.
- ``on_round(w, n)``: the start of haunt round ``n``; ``on_turn_start(w, seat)``, ``on_turn_end(w, seat)``;
  ``end_monster_turn(w)``; ``on_reveal(w, seat)``; ``monster_moved(w, mid, left)`` after each step.
- ``movement_cap(w, seat)``: the most an explorer may move this turn, or None.
- ``monster_beaten(w, mid, fight)``: True when the haunt handles a monster losing a fight itself;
  ``explorer_beaten(w, mid, seat, fight)`` likewise when a monster wins against an explorer;
  ``untouchable(w, seat)``: an explorer no attack may target and no fight may hurt;
  ``fight_proof(w, seat, kind)``: an explorer who may be attacked but whom a fight's ``kind`` of damage
  does not hurt (haunt 18's traitor and physical attacks).
- ``monster_may_enter(w, mid, room)``: False keeps monsters out of a room; ``explorer_may_enter(w, seat,
  room)`` likewise explorers (asked only when ``bars_rooms``).
- ``fight_bonus(w, key, foe, trait, attacking)``: what a haunt adds to a fighter's roll (K3);
  ``explorer_may_attack(w, seat, target)``: False refuses an explorer's attack (K2);
  ``leave_extra(w, seat, base)``: the extra spaces an explorer pays to leave its room (H5.1; ``base`` is
  the table's count of opponents there).
"""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal.inputs import Act
from hauntable.games.betrayal.world import World


class Scenario:
    number: ClassVar[int] = 0
    name: ClassVar[str] = ""
    heroes_goal: ClassVar[str] = ""
    traitor_goal: ClassVar[str] = ""
    printed: ClassVar[bool] = False  # a printed haunt run from its file (haunts/printed)

    def setup(self, w: World) -> None:
        pass

    def actions(self, w: World, seat: int) -> list[Any]:
        return []

    def act(self, w: World, seat: int, inp: Act) -> None:
        pass

    def task_result(self, w: World, seat: int, action: str, option: str, success: bool, total: int) -> None:
        pass

    def monster_actions(self, w: World, mid: str) -> list[Any]:
        return []

    def monster_act(self, w: World, mid: str, inp: Act) -> None:
        pass

    def check(self, w: World) -> tuple[str, str] | None:
        return None

    def on_round(self, w: World, n: int) -> None:
        pass

    def end_monster_turn(self, w: World) -> None:
        pass

    def on_turn_start(self, w: World, seat: int) -> None:
        pass

    def dead_traitor_turn(self, w: World, seat: int) -> None:
        """A printed haunt's traitor-turn events when the traitor is out of play (H2.3)."""

    def escape_wins(self, w: World) -> bool:
        """Whether heroes who all left the house alive win (H6.1's reading for scripted haunts); a printed
        haunt may say no (haunt 46: the Victims must get out too)."""
        return True

    def untouchable(self, w: World, seat: int) -> bool:
        """An explorer no attack may target and no fight may hurt in this haunt (haunt 42's traitor)."""
        return False

    def fight_proof(self, w: World, seat: int, kind: str) -> bool:
        """An explorer a fight's damage of ``kind`` does not hurt (still attacked, still hurting back)."""
        return False

    def monster_beaten(self, w: World, mid: str, fight: dict[str, Any]) -> bool:
        """A monster lost a fight (K3): True when the haunt has dealt with it instead of H5.3's stun."""
        return False

    def explorer_beaten(self, w: World, mid: str, seat: int, fight: dict[str, Any]) -> bool:
        """Monster ``mid`` beat explorer ``seat`` (K3): True when the haunt has dealt with it (no damage)."""
        return False

    def explorer_may_attack(self, w: World, seat: int, target: str) -> bool:
        """Whether the explorer at ``seat`` may attack ``target`` (a seat or a monster id; haunt 3: a Frog
        attacks nobody and only the Cat may attack it)."""
        return True

    def fight_won(self, w: World, winner: str, loser: str, fight: dict[str, Any]) -> None:
        """``winner`` beat ``loser`` in a fight and is about to deal damage (haunt 5: the Dog's or a
        Werewolf's win bites a hero)."""

    def fight_damage_kind(self, w: World, winner: str, loser: str, trait: str, base: str) -> str:
        """The damage ``winner`` deals (``base``: K4's by the trait; haunt 13's Nightmares: mental)."""
        return base

    def fight_bonus(self, w: World, key: str, foe: str, trait: str, attacking: bool) -> int:
        """What the haunt adds to fighter ``key``'s roll against ``foe`` (haunt 29: the Monster's +2)."""
        return 0

    def leave_extra(self, w: World, seat: int, base: int) -> int:
        """The extra spaces ``seat`` pays to leave its room (H5.1): ``base`` opponents by the table's count,
        or the haunt's own (haunt 36: the Rowboat's weight; haunt 47: the Worm's Body)."""
        return base

    def on_turn_end(self, w: World, seat: int) -> None:
        pass

    def monster_moved(self, w: World, mid: str, left: str) -> None:
        """Monster ``mid`` has just stepped out of room ``left`` on its move (haunt 47: a Body stays)."""

    def on_reveal(self, w: World, seat: int) -> None:
        pass

    def movement_cap(self, w: World, seat: int) -> int | None:
        return None

    def monster_may_enter(self, w: World, mid: str, room: str) -> bool:
        return True

    def dynamite_own_room(self, w: World, seat: int) -> bool:
        """Whether ``seat`` may also throw the Dynamite into its own room, itself unharmed (haunt 45)."""
        return False

    def may_hold(self, w: World, seat: int, card: str) -> bool:
        """Whether the explorer at ``seat`` may come to hold ``card`` (haunt 44's Medallion)."""
        return True

    def monster_may_attack(self, w: World, mid: str, seat: int) -> bool:
        """Whether monster ``mid`` may attack the explorer at ``seat`` (H5.7): a haunt's monster that never
        attacks (the Witch casts spells instead), or spares someone for now."""
        return True

    bars_rooms: ClassVar[bool] = False  # explorer_may_enter can say no (movement asks only then)

    def explorer_may_enter(self, w: World, seat: int, room: str) -> bool:
        return True


def roll(
    w: World, seat: int, action: str, trait: str, target: int, option: str = "", task: bool = True
) -> None:
    """Ask ``seat`` for a trait roll whose outcome goes to the scenario's ``task_result``; ``task`` marks the
    turn's one task roll as used (H7.2); rolls a monster forces on a hero are not tasks."""
    if task:
        w.s.turn.tried.append("task")
    w.then(("haunt_task_roll", dict(seat=seat, action=action, trait=trait, target=target, option=option)))
