"""The fight rules a haunt file may write in ``[rules]`` (docs/haunt-files.md): ``fight_bonus``,
``explorer_may_attack``, ``damage_kind``, ``monster_beaten_as``, ``monster_win_kills``, and the
``fight_won`` trigger. A mixin of :class:`~hauntable.games.betrayal.haunts.printed.runtime.PrintedHaunt`,
apart so the runtime stays small: the fight (fight.py, combat.py) asks these Scenario hooks."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal import monsters as mon
from hauntable.games.betrayal.death import kill as kill_explorer
from hauntable.games.betrayal.haunts.printed.expr import Expr
from hauntable.games.betrayal.haunts.printed.spec import HauntFile
from hauntable.games.betrayal.haunts.script import Scenario
from hauntable.games.betrayal.predicates import seat_of
from hauntable.games.betrayal.world import World


class FightRules(Scenario):
    """The fight hooks read from the file's ``[rules]``; ``value`` and ``fire`` are PrintedHaunt's."""

    spec: HauntFile

    def value(self, w: World, ex: Expr | None, me: int = -1, default: Any = True, **context: Any) -> Any:
        raise NotImplementedError

    def fire(self, w: World, at: str, me: int = -1, **context: Any) -> None:
        raise NotImplementedError

    def fight_bonus(self, w: World, key: str, foe: str, trait: str, attacking: bool) -> int:
        """The ``fight_bonus`` rule for fighter ``key`` (``me`` when an explorer, else ``monster``/``kind``)
        against ``foe`` (``foe`` a seat or -1, ``foe_kind`` a monster's kind or '')."""
        ex = self.spec.rules.get("fight_bonus")
        if ex is None:
            return 0
        ms = w.haunt.monsters
        me, foe_seat = seat_of(key), seat_of(foe)
        return int(
            self.value(
                w,
                ex,
                -1 if me is None else me,
                monster="" if me is not None else key,
                kind=ms[key].kind if me is None and key in ms else "",
                foe=-1 if foe_seat is None else foe_seat,
                foe_kind=ms[foe].kind if foe_seat is None and foe in ms else "",
                fight_trait=trait,
                attacking=attacking,
            )
            or 0
        )

    def explorer_may_attack(self, w: World, seat: int, target: str) -> bool:
        ex = self.spec.rules.get("explorer_may_attack")
        if ex is None:
            return True
        ms, foe = w.haunt.monsters, seat_of(target)
        return bool(
            self.value(
                w,
                ex,
                seat,
                seat=seat,
                foe=-1 if foe is None else foe,
                monster="" if foe is not None else target,
                foe_kind=ms[target].kind if foe is None and target in ms else "",
            )
        )

    def _fighters(self, w: World, winner: str, loser: str) -> tuple[int, dict[str, Any]]:
        """``me`` (the winner's seat or -1) and the context names of a fight's result."""
        ms, ws, ls = w.haunt.monsters, seat_of(winner), seat_of(loser)
        return -1 if ws is None else ws, {
            "monster": "" if ws is not None else winner,
            "kind": ms[winner].kind if ws is None and winner in ms else "",
            "foe": -1 if ls is None else ls,
            "foe_kind": ms[loser].kind if ls is None and loser in ms else "",
        }

    def fight_damage_kind(self, w: World, winner: str, loser: str, trait: str, base: str) -> str:
        ex = self.spec.rules.get("damage_kind")
        if ex is None:
            return base
        me, names = self._fighters(w, winner, loser)
        return str(self.value(w, ex, me, fight_trait=trait, base=base, **names))

    def monster_beaten(self, w: World, mid: str, fight: dict[str, Any]) -> bool:
        """The ``monster_beaten_as`` rule: 'stun' or 'kill' instead of its record (haunt 13: a Nightmare
        beaten in its own attack is only stunned); '' keeps the record. ``me`` the explorer who beat it."""
        ex = self.spec.rules.get("monster_beaten_as")
        m = w.haunt.monsters.get(mid)
        if ex is None or m is None:
            return False
        attacking = fight["attacker"] == mid
        winner = fight["defender"] if attacking else fight["attacker"]
        me = seat_of(winner)
        how = self.value(w, ex, -1 if me is None else me, monster=mid, kind=m.kind, attacking=attacking)
        if how == "kill":
            ops.kill_monster(w, mid)
        elif how == "stun":
            mon.stun(w, mid)
        return how in ("kill", "stun")

    def fight_won(self, w: World, winner: str, loser: str, fight: dict[str, Any]) -> None:
        """The file's ``fight_won`` triggers: ``me`` the winner when an explorer, else ``monster``/``kind``;
        ``foe`` the loser's seat (-1 for a monster), ``foe_kind`` its kind; ``margin`` the damage about to be
        dealt and ``dealt`` its kind (haunt 10 counts the Madman's physical damage)."""
        me, names = self._fighters(w, winner, loser)
        self.fire(w, "fight_won", me, **names, margin=fight.get("margin", 0), dealt=fight.get("dealt", ""))

    def explorer_beaten(self, w: World, mid: str, seat: int, fight: dict[str, Any]) -> bool:
        """The ``monster_win_kills`` rule: a monster's win kills the explorer outright (haunt 3's Cat eats a
        Frog), instead of damage."""
        ex = self.spec.rules.get("monster_win_kills")
        m = w.haunt.monsters.get(mid)
        if ex is None or m is None or not self.value(w, ex, monster=mid, kind=m.kind, seat=seat):
            return False
        kill_explorer(w, seat, f"{m.name or mid} kills {w.who(seat)}")
        return True
