"""Haunt 20, Ghost Bride, refereed from its file (data/haunts/20.toml)."""

from __future__ import annotations

from gamekit import arrange, do, haunt, refused
from gamekit import start as new_game
from printedkit import FOUR, begin, build, roll_total, turn
from printedplay import act, monster_prompt_for, settle, strong

ROOMS = ("Chapel", "Crypt", "Library")


def bride():
    return begin(20, *ROOMS, revealer=0, omen="Ring")


def test_h20_ghost_bride_heroes_win_with_the_real_grooms_corpse_and_the_ring_in_the_chapel():
    step = bride()
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    strong(step, hero)
    step = act(step, hero, "Library", "name", "knowledge")
    step = act(step, hero, "Crypt", "locate", "knowledge")
    step = act(step, hero, "Crypt", "dig", "might")
    assert step.state.haunt.carrier("Corpse") == hero and not step.state.haunt.winner
    step.state.explorers[hero].omens.append("Ring")
    step = turn(step, hero, "Chapel")
    step = do(step, "end")
    assert step.state.haunt.winner == "heroes"


def test_h20_ghost_bride_traitor_wins_when_the_wedding_reaches_turn_3():
    step = bride()
    h = step.state.haunt
    groom = next(s for s in range(4) if s != h.traitor)
    h.vars["_groom"] = groom
    step.state.explorers[groom].alive = False
    h.monsters["Ghost Bride"].room = "Chapel"
    for _ in range(3):
        step = do(turn(step, h.traitor, "Library"), "end")
    assert step.state.haunt.track("turn") == 3 and step.state.haunt.winner == "traitor"


def test_h20_digging_before_the_body_is_found_is_refused():
    step = bride()
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    rej = refused(turn(step, hero, "Crypt"), "act dig option=might")
    assert "find the body first" in rej.sentence and "haunt 20" in rej.sentence


def wedding_waits_for(step, groom: int):
    """The Bride in the Chapel: the wedding stands still while ``groom`` lives, then reaches turn 3."""
    h = step.state.haunt
    h.monsters["Ghost Bride"].room = "Chapel"
    step = do(turn(step, h.traitor, "Library"), "end")
    assert step.state.haunt.track("turn") == 0 and not step.state.haunt.winner  # the groom lives
    step.state.explorers[groom].alive = False
    for _ in range(3):
        step = do(turn(step, h.traitor, "Library"), "end")
    return step


def test_h20_with_the_ring_in_the_traitors_hand_the_groom_is_the_hero_to_the_traitors_left():
    """The table's reading (the books name no groom then): Vivian reveals the haunt holding the Ring and
    turns traitor; the wedding waits for the hero to her left, not for her own death."""
    step = build(new_game(*FOUR), *ROOMS)
    arrange(step)
    step.state.decks["omen"].remove("Ring")
    step.state.explorers[2].omens.append("Ring")
    step = haunt(step, 20, revealer=2, omen="Ring", room="Entrance Hall")
    while step.awaiting is not None and step.awaiting.kind == "handoff":
        step = do(step, "ready")
    assert step.state.haunt.traitor == 2 and "Ring" in step.state.explorers[2].omens
    step = wedding_waits_for(step, 3)
    assert step.state.haunt.track("turn") == 3 and step.state.haunt.winner == "traitor"


def test_h20_with_the_ring_out_of_play_the_groom_is_the_hero_to_the_traitors_left():
    step = bride()
    assert all("Ring" not in e.omens for e in step.state.explorers)
    traitor = step.state.haunt.traitor
    step = wedding_waits_for(step, (traitor + 1) % 4)
    assert step.state.haunt.winner == "traitor"


def test_h20_the_brides_mental_damage_lowers_the_grooms_might_instead():
    step = bride()
    groom = step.state.haunt.vars["_groom"]
    step.state.haunt.monsters["Ghost Bride"].room = "Library"
    step = monster_prompt_for(do(turn(step, groom, "Library"), "end"), "Ghost Bride")
    before = dict(step.state.explorers[groom].traits)
    step = settle(
        roll_total(roll_total(do(step, f"attack {groom} trait=sanity"), 5), 1)
    )  # 4 damage: Might -2
    after = step.state.explorers[groom].traits
    assert after["might"] == before["might"] - 2
    assert (after["sanity"], after["knowledge"], after["speed"]) == (
        before["sanity"],
        before["knowledge"],
        before["speed"],
    )


def test_h20_only_the_ring_holder_may_attack_the_bride():
    step = bride()
    h = step.state.haunt
    hero = next(s for s in range(4) if s not in (h.traitor, h.vars["_groom"]))
    h.monsters["Ghost Bride"].room = "Library"
    rej = refused(turn(step, hero, "Library"), "attack 'Ghost Bride' trait=sanity")
    assert "cannot attack Ghost Bride" in rej.sentence and rej.rule == "haunt20"
