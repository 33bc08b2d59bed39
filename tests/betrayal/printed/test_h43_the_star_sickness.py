"""Haunt 43, The Star-Sickness, refereed from its file (data/haunts/43.toml) and its hook (hooks/h43.py): a
hidden traitor, the Serum researched, gathered and made, inoculation, the disease on the track, and the
secret token exchanges the table makes and keeps off the public views."""

from __future__ import annotations

from gamekit import do, refused, texts
from hauntable.fleet.public import summary
from printedkit import begin, roll, turn

LAB = "Research Laboratory"
ROOMS = (LAB, "Gardens", "Conservatory", "Library")


def star_sickness():
    return begin(43, *ROOMS, revealer=0)


def secret_traitor(step) -> int:
    return step.state.haunt.secret.index(1)


def research(step, seat: int, each: int = 2):
    return roll(do(turn(step, seat, LAB), "act research option=knowledge"), each)


def make_serum(step, maker: int):
    """Three lab successes and one herbs token added by ``maker``: four tokens for four explorers."""
    for _ in range(3):
        step = research(step, maker)
    step = roll(do(turn(step, maker, "Gardens"), "act herbs option=knowledge"), 2)
    assert step.state.haunt.carrier("Herbs 1") == maker
    return do(turn(step, maker, LAB), "act add_herbs")


def end_revealers_turn(step, attack: int, defence):
    """The revealer (seat 0) ends a turn: the disease rolls (every die ``attack``), each explorer it hits
    defends (every die ``defence(seat)``); damage splits take the first choice. Returns the defenders."""
    step = do(turn(step, 0), "end")
    assert step.awaiting.kind == "roll" and step.awaiting.purpose == "the Star-Sickness"
    step = roll(step, attack)
    defenders = []
    while step.awaiting is not None and step.awaiting.kind != "action" and step.state.haunt.winner is None:
        if step.awaiting.kind == "roll":
            defenders.append(step.awaiting.player)
            step = roll(step, defence(step.awaiting.player))
        else:
            step = do(step, str(step.awaiting.choices()[0]))
    return step, defenders


def test_h43_the_traitor_stays_hidden_and_the_track_starts_at_1():
    step = star_sickness()
    h = step.state.haunt
    assert h.hidden and h.traitor is None and sorted(h.secret) == [1, 2, 3, 4]
    assert h.track("turn") == 1
    public = " ".join(texts(step))
    assert "token 1" not in public and "traitor!" not in public


def test_h43_research_needs_5_and_leaves_a_lab_token():
    step = research(star_sickness(), 1, each=2)  # Knowledge dice all 2s: 5+ for any explorer
    assert step.state.haunt.vars["_lab"] == 1
    step = star_sickness()
    step = roll(do(turn(step, 1, LAB), "act research option=knowledge"), 0)
    assert step.state.haunt.vars.get("_lab", 0) == 0


def test_h43_the_serum_needs_herbs_and_lab_work_then_goes_to_whoever_adds_the_last():
    step = star_sickness()
    for _ in range(4):
        step = research(step, 1)
    assert step.state.haunt.carrier("Serum") is None  # four lab tokens but no herbs: no Serum
    step = roll(do(turn(step, 2, "Gardens"), "act herbs option=knowledge"), 2)
    step = do(turn(step, 2, LAB), "act add_herbs")
    assert step.state.haunt.carrier("Serum") == 2


def test_h43_adding_herbs_needs_herbs_refused_naming_the_haunt():
    rej = refused(turn(star_sickness(), 1, LAB), "act add_herbs")
    assert "herbs" in rej.sentence and "haunt 43" in rej.sentence


def test_h43_the_disease_moves_the_track_and_a_good_might_roll_blocks_it():
    step = star_sickness()
    before = [dict(e.traits) for e in step.state.explorers]
    step, defenders = end_revealers_turn(step, 1, lambda seat: 2)  # 2 dice of 1 against 2+ dice of 2
    assert step.state.haunt.track("turn") == 2 and sorted(defenders) == [0, 1, 2, 3]
    assert [dict(e.traits) for e in step.state.explorers] == before


def test_h43_the_disease_wounds_a_blank_defence_but_spares_the_inoculated():
    step = star_sickness()
    step.state.haunt.vars["_inoculated"] = [1]
    before = [dict(e.traits) for e in step.state.explorers]
    step, defenders = end_revealers_turn(step, 1, lambda seat: 0)  # 2 damage to each who defends
    assert sorted(defenders) == [0, 2, 3]
    assert step.state.explorers[1].traits == before[1]
    assert all(step.state.explorers[s].traits != before[s] for s in (0, 2, 3))


def test_h43_star_sickness_heroes_win_when_the_serum_is_made_and_everyone_is_inoculated():
    step = star_sickness()
    t = secret_traitor(step)
    heroes = [s for s in range(4) if s != t]
    maker = heroes[0]
    step = make_serum(step, maker)
    assert step.state.haunt.carrier("Serum") == maker
    step = do(turn(step, maker, "Library"), "act inoculate_self")
    for s in [*heroes[1:], t]:
        assert step.state.haunt.winner is None
        step = turn(step, maker, "Library")
        step.state.explorers[s].room = "Library"
        step = do(step, "act inoculate_other")
    assert not step.state.explorers[t].alive  # the Serum killed the traitor for good
    assert step.state.haunt.winner == "heroes"


def test_h43_star_sickness_traitor_wins_when_only_the_traitor_is_left():
    step = star_sickness()
    t = secret_traitor(step)
    step, _ = end_revealers_turn(step, 2, lambda seat: 2 if seat == t else 0)  # 4 damage to each hero
    assert step.state.haunt.winner == "traitor"
    assert [e.seat for e in step.state.explorers if e.alive] == [t]


def hands(step):
    return step.state.haunt.private["hands"]


def test_h43_each_explorer_holds_two_secret_tokens_of_twice_as_many():
    step = star_sickness()
    h = step.state.haunt
    assert sorted(t for hand in hands(step) for t in hand) == list(range(1, 9))
    assert all(len(hand) == 2 for hand in hands(step))
    assert h.private["traitors"] == [secret_traitor(step)]


def exchange_between(step, a: int, b: int):
    """Seats ``a`` (holding token 1 alone) and ``b`` end ``a``'s turn together in the Library."""
    h = step.state.haunt
    h.private["hands"][a], h.private["hands"][b] = [1], [6, 7]
    h.private["traitors"] = [a]
    step.state.explorers[b].room = "Library"
    return do(turn(step, a, "Library"), "end")


def test_h43_an_exchange_at_the_end_of_a_shared_turn_makes_whoever_gets_token_1_a_traitor_too():
    step = exchange_between(star_sickness(), 1, 2)
    h = step.state.haunt
    assert h.private["hands"][2].count(1) == 1 and h.private["hands"][1] in ([6], [7])
    assert h.private["traitors"] == [1, 2]  # a traitor for good, even after trading token 1 away
    said = [t for t in texts(step) if "exchange" in t]
    assert said and not any(ch.isdigit() for t in said for ch in t)  # who, never which token


def test_h43_the_public_views_never_show_the_tokens():
    step = exchange_between(star_sickness(), 1, 2)
    public = summary("betrayal", 1, "playing", step.state)
    assert "hands" not in repr(public) and public["haunt"]["traitor"] is None
    from hauntable.ui.screens.secret import private_lines  # why: imports Kivy, only for this test

    mine = private_lines(step.state, 2)
    assert "1" in mine[0] and "traitor" in mine[1]
    assert "1" not in private_lines(step.state, 1)[0]  # token 1 gone: still a traitor for good
    assert "traitor for good" in private_lines(step.state, 1)[1]


def test_h43_the_serum_kills_a_traitor_made_by_an_exchange():
    step = exchange_between(star_sickness(), 1, 2)
    h = step.state.haunt
    h.vars["_serum"] = 1
    h.carry("Serum", 3)
    step.state.explorers[1].room = "Gardens"  # the dealt traitor elsewhere: only seat 2 is with seat 3
    step = turn(step, 3, "Library")
    step = do(step, "act inoculate_other")  # the first mate not yet inoculated: seat 2
    assert not step.state.explorers[2].alive


def test_h43_the_traitors_win_when_every_living_explorer_is_a_traitor():
    step = exchange_between(star_sickness(), 1, 2)
    for seat in (0, 3):
        step.state.explorers[seat].alive = False
    step = do(turn(step, 1, "Library"), "end")
    assert step.state.haunt.winner == "traitor"


def test_h43_the_traitor_may_never_reveal():
    from hauntable.ui.screens.secret import may_reveal  # why: imports Kivy, only for this test

    step = star_sickness()
    t = secret_traitor(step)
    step = turn(step, t, LAB)
    assert "haunt 43" in refused(step, f"reveal {t}").sentence
    assert not may_reveal(step.state, t)
