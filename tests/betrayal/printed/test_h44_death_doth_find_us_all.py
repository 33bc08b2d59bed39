"""Haunt 44, Death Doth Find Us All, refereed from its file (data/haunts/44.toml) and hook (hooks/h44.py)."""

from __future__ import annotations

from gamekit import CONTENT, choices, do, refused, texts
from printedkit import begin, fight, roll, turn

ROOMS = ("Kitchen", "Gallery", "Chapel", "Charred Room", "Tower")


def aging():
    return begin(44, *ROOMS, revealer=0)


def years(step, seat):
    born = CONTENT.characters[step.state.explorers[seat].character].age
    return born + 10 * step.state.haunt.vars["_aging"][str(seat)]


def settle(step):
    """Answer the prompts the aging table raises (a trait choice: the first offered; rolls: 1 each)."""
    while step.awaiting is not None and step.awaiting.kind != "action":
        step = roll(step, 1) if step.awaiting.kind == "roll" else do(step, str(step.awaiting.choices()[0]))
    return step


def test_h44_every_hero_ages_ten_years_at_once_and_the_traitor_does_not():
    first = aging()
    assert any("ages to" in x for x in texts(first))
    step = settle(first)
    h = step.state.haunt
    t = h.traitor
    for e in step.state.explorers:
        if e.seat != t:
            assert years(step, e.seat) == CONTENT.characters[e.character].age + 10
    assert str(t) not in h.vars["_aging"]


def test_h44_entering_the_thirties_raises_sanity_and_knowledge():
    step = settle(aging())
    ox = 1  # Ox Bellows, 23: the set-up takes him to 33, into his thirties
    assert step.state.haunt.traitor != ox  # the youngest (not the revealer) is the traitor
    start = CONTENT.characters["ox"].start
    assert years(step, ox) == 33
    assert step.state.explorers[ox].traits["sanity"] == start["sanity"] + 1
    assert step.state.explorers[ox].traits["knowledge"] == start["knowledge"] + 1
    assert step.state.explorers[ox].traits["might"] == start["might"]


def test_h44_death_doth_find_us_all_heroes_win_by_the_ritual_in_as_many_rooms_as_players():
    step = settle(aging())
    t = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    for room in ("Kitchen", "Gallery", "Charred Room", "Tower"):
        step = turn(step, hero, room)
        step = roll(do(step, "act ritual option=sanity"), 2)
    assert step.state.haunt.winner == "heroes"


def test_h44_a_ritual_room_serves_once():
    step = settle(aging())
    t = step.state.haunt.traitor
    hero = next(e.seat for e in step.state.explorers if e.seat != t)
    step = roll(do(turn(step, hero, "Kitchen"), "act ritual option=sanity"), 2)
    rej = refused(turn(step, hero, "Kitchen"), "act ritual option=sanity")
    assert "not used" in rej.sentence and "haunt 44" in rej.sentence


def test_h44_the_traitor_wins_when_age_has_taken_every_hero():
    step = settle(aging())
    t = step.state.haunt.traitor
    for _ in range(12):
        step = do(turn(step, t), "end")
        while step.awaiting is not None and step.awaiting.kind != "action" and not step.state.haunt.winner:
            step = (
                roll(step, 2) if step.awaiting.kind == "roll" else do(step, str(step.awaiting.choices()[0]))
            )
        if step.state.haunt.winner:
            break
    assert step.state.haunt.winner == "traitor"


def test_h44_each_hero_death_lets_the_traitor_roll_3_dice_and_share_the_total_among_its_traits():
    step = settle(aging())
    t = step.state.haunt.traitor
    victim = next(e.seat for e in step.state.explorers if e.seat != t)
    step.state.explorers[victim].traits["might"] = 1  # one blow from the skull
    step = do(turn(step, victim, "Kitchen"), "end")
    before = dict(step.state.explorers[t].traits)
    step = do(turn(step, t, "Kitchen"), f"attack {victim}")
    step = fight(step, t)  # the traitor's rolls all 2s: the fight, then the 3 dice of the death (6)
    assert not step.state.explorers[victim].alive
    assert any("feeds the traitor" in x for x in texts(step))
    chosen = []
    while step.awaiting.kind == "option" and step.awaiting.player == t:
        chosen.append(str(step.awaiting.choices()[len(chosen) % 4]))
        step = do(step, chosen[-1])
    assert len(chosen) == 6  # one choice a point
    after = step.state.explorers[t].traits
    assert {k: after[k] - before[k] for k in before} == {"might": 2, "speed": 2, "sanity": 1, "knowledge": 1}


def test_h44_the_traitor_cannot_pick_up_be_given_or_trade_for_the_medallion():
    step = settle(aging())
    t = step.state.haunt.traitor
    holder = 0  # the revealer drew the Medallion
    step.state.explorers[holder].omens.append("Medallion")
    assert holder != t
    step = do(turn(step, t, "Kitchen"), "end")
    step = turn(step, holder, "Kitchen")
    assert f"give Medallion {t}" not in choices(step)
    assert refused(step, f"give Medallion {t}").rule == "H7.4"
    step = do(do(step, f"trade {t}"), "choose accept")  # the traitor agrees to trade: the Medallion stays
    assert "Medallion" in step.state.explorers[holder].omens
    assert "Medallion" not in step.state.explorers[t].omens
    step = do(turn(step, holder, "Kitchen"), "drop Medallion")
    step = turn(step, t, "Kitchen")
    assert "take Medallion" not in choices(step)
    assert refused(step, "take Medallion").rule == "H7.4"
    other = next(e.seat for e in step.state.explorers if e.seat not in (t, holder))
    assert "take Medallion" in choices(turn(step, other, "Kitchen"))  # a hero may


def test_h44_the_traitor_cannot_steal_the_medallion():
    step = settle(aging())
    t = step.state.haunt.traitor
    holder = 0  # the revealer drew the Medallion
    step.state.explorers[holder].omens.append("Medallion")
    step = do(turn(step, holder, "Kitchen"), "end")
    step = do(turn(step, t, "Kitchen"), f"attack {holder}")
    while step.awaiting.kind == "roll":
        step = roll(step, 2 if step.awaiting.player == t else 0)
    assert step.awaiting.kind != "option" or not any("Medallion" in str(c) for c in step.awaiting.choices())
