"""Haunt 47, Worm Ouroboros, refereed from its file (data/haunts/47.toml) and its hook (hooks/h47.py)."""

from __future__ import annotations

from gamekit import do, refused
from hauntable.games.betrayal.prompts import MonsterTurn
from printedkit import begin, fight, roll, spaces_to_leave, turn

ROOMS = ("Library", "Chapel", "Gymnasium", "Dining Room", "Kitchen")


def worm():
    return begin(47, *ROOMS, revealer=0, room="Dining Room")


def test_h47_the_traitor_becomes_the_worm_two_heads_in_the_reveal_room():
    step = worm()
    h, zoe = step.state.haunt, step.state.explorers[0]
    assert h.traitor == 0 and zoe.alive and zoe.marks.get("left")
    heads = [m for m in h.monsters.values() if m.kind == "Ouroboros Head"]
    assert len(heads) == 2 and all(m.room == "Dining Room" and m.might == 6 for m in heads)


def test_h47_worm_ouroboros_heroes_win_by_weakening_and_beating_both_heads():
    step = worm()
    step.state.explorers[1].omens.append("Skull")
    step = turn(step, 1, "Dining Room")
    assert "immune" in refused(step, "attack 'Ouroboros Head'").sentence
    for head in ("Ouroboros Head", "Ouroboros Head 2"):
        step = turn(step, 1, "Dining Room")
        step = roll(do(step, "act weaken option=sanity"), 2)
        assert step.state.haunt.monsters[head].might == 5
        for _ in range(2):  # half of 4 players: 2 hits
            step = turn(step, 1, "Dining Room")
            step = fight(do(step, f"attack '{head}'"), hero=1, hero_wins=True)
        assert head not in step.state.haunt.monsters
    assert step.state.haunt.winner == "heroes"


def test_h47_the_weakening_spell_needs_the_skull():
    step = turn(worm(), 1, "Dining Room")
    rej = refused(step, "act weaken option=sanity")
    assert "Skull" in rej.sentence and "haunt 47" in rej.sentence


def test_h47_the_traitor_wins_when_the_heads_lay_the_sixteenth_body():
    step = worm()
    h = step.state.haunt
    for i in range(1, 16):
        h.put(f"Body {i}", "Library")
    while not isinstance(step.awaiting, MonsterTurn):
        step = do(step, "end") if step.awaiting.kind == "action" else roll(step, 2)
    while step.state.haunt.winner is None and step.awaiting is not None:
        if isinstance(step.awaiting, MonsterTurn):
            goes = [c for c in step.awaiting.choices() if c.kind == "go"]
            step = do(step, str(goes[0]) if goes else "end")
        else:
            step = do(step, "end") if step.awaiting.kind == "action" else roll(step, 2)
    assert step.state.haunt.winner == "traitor"
    assert sum(1 for t in step.state.haunt.tokens if t.startswith("Body")) >= 16


def test_h47_body_tokens_slow_heroes_like_monsters():
    step = worm()
    assert spaces_to_leave(step, 1, "Library") == 1
    step.state.haunt.put("Body 1", "Library")
    step.state.haunt.put("Body 2", "Library")
    assert spaces_to_leave(step, 1, "Library") == 3


def test_h47_a_head_leaves_a_body_in_every_room_it_steps_out_of():
    step = worm()
    head = next(mid for mid, m in step.state.haunt.monsters.items() if m.kind == "Ouroboros Head")
    while not (isinstance(step.awaiting, MonsterTurn) and step.awaiting.monster == head):
        step = do(step, "end") if step.awaiting.kind in ("action", "monster") else roll(step, 2)
    left = []
    for _ in range(2):
        here = step.state.haunt.monsters[head].room
        goes = [c for c in step.awaiting.choices() if c.kind == "go" and c.room not in left]
        step = do(step, str(goes[0]))
        left.append(here)
        assert step.state.haunt.tokens_in(here), f"no Body left in the {here}"
    assert len(set(left)) == 2
