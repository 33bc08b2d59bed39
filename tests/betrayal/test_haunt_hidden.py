"""Hidden-traitor haunts (H4): secret tokens, turn order, revealing, the dead showing their tokens. Played on
haunt 43 in book mode (house rule haunt_mode = book): the H4 machinery every hidden-traitor haunt shares; the
printed haunts 34 and 43 refereed from their files have tests of their own (tests/betrayal/printed)."""

from __future__ import annotations

from gamekit import choices, do, haunt, refused, texts
from gamekit import start as new_game
from hauntable.games.betrayal.config import HouseRules
from hauntable.games.betrayal.sides import is_traitor, may_attack

FOUR = ("zoe", "ox", "vivian", "peter")


def start(*characters: str, **kwargs):
    """A new game in book mode for the haunt (unless the test says otherwise)."""
    kwargs.setdefault("house_rules", HouseRules(haunt_mode="book"))
    return new_game(*characters, **kwargs)


def hidden(number: int = 43, revealer: int = 1, seed: int = 0):
    return do(haunt(start(*FOUR, seed=seed), number, revealer=revealer), "ready")


def traitor_seat(step) -> int:
    return step.state.haunt.secret.index(1)


def test_H4_1_tokens_1_to_n_are_dealt_and_nobody_is_the_known_traitor():
    step = hidden()
    h = step.state.haunt
    assert sorted(h.secret) == [1, 2, 3, 4]
    assert h.hidden and h.traitor is None
    dealt = {tuple(hidden(seed=s).state.haunt.secret) for s in range(8)}
    assert len(dealt) > 1  # the deal comes from the game's seed


def test_H4_1_each_player_sees_only_their_own_token():
    step = hidden()
    mine = step.state.haunt.secret_seen_by(2)
    assert mine[2] == step.state.haunt.secret[2]
    assert [t for i, t in enumerate(mine) if i != 2] == [None, None, None]
    assert step.state.haunt.secret_seen_by(None) == [None] * 4


def test_H4_2_play_starts_left_of_the_revealer():
    step = hidden(revealer=1)
    assert step.state.turn.seat == 2 and step.state.haunt.order == [2, 3, 0, 1, -1]


def test_H4_3_only_the_traitor_may_reveal_on_anyones_turn_and_the_screen_never_offers_it():
    step = hidden()
    t = traitor_seat(step)
    for _ in range(4):  # the choices the shared screen shows never single out the traitor
        assert not any(c.startswith("reveal") for c in choices(step))
        step = do(step, "end")
    other = next(s for s in range(4) if s != t)
    assert refused(step, f"reveal {other}").rule == "H4.3"
    if step.state.turn.seat == t:
        step = do(step, "end")
    step = do(step, f"reveal {t}")  # during someone else's turn
    h = step.state.haunt
    assert h.traitor == t and not h.hidden and is_traitor(step.state, t)
    assert h.order == [2, 3, 0, 1, -1]  # the order stays as it was
    assert refused(step, f"reveal {t}").rule == "H4.3"  # once


def test_H4_4_the_dead_show_their_tokens():
    step = hidden()
    t = traitor_seat(step)
    other = next(s for s in range(4) if s not in (t, step.state.turn.seat))
    step.state.explorers[other].alive = False
    step = do(step, "end")
    assert any(f"shows token {step.state.haunt.secret[other]}" in x for x in texts(step))
    assert other in step.state.haunt.revealed and step.state.haunt.hidden


def test_H4_4_a_dead_traitor_is_known_by_their_token():
    step = hidden()
    t = traitor_seat(step)
    if t == step.state.turn.seat:
        step = do(step, "end")
    step.state.explorers[t].alive = False
    step = do(step, "end")
    assert step.state.haunt.traitor == t and not step.state.haunt.hidden


def test_H4_5_anyone_may_attack_anyone_while_the_traitor_is_hidden():
    step = hidden()
    assert all(may_attack(step.state, a, b) for a in range(4) for b in range(4) if a != b)


def test_H6_1_when_only_the_hidden_traitor_is_left_alive_the_traitor_wins():
    step = hidden()
    t = traitor_seat(step)
    for e in step.state.explorers:
        if e.seat != t:
            e.alive = False
    step = do(step, "end")
    assert step.state.haunt.winner == "traitor" and step.awaiting is None
    assert any("only the hidden traitor is left" in x for x in texts(step))


def test_H4_4_a_hidden_traitor_killed_in_a_fight_dies_by_K9_and_shows_token_1():
    step = hidden()
    t = traitor_seat(step)
    if t == step.state.turn.seat:
        step = do(step, "end")
    step.state.explorers[t].traits.update(might=0, speed=0)
    step.state.explorers[t].items.append("Axe")
    step = do(step, f"attack {t}")
    step = do(step, "roll " + ",".join(["2"] * step.awaiting.dice))  # the attacker rolls high
    step = do(step, "roll " + ",".join(["0"] * step.awaiting.dice))  # the hidden traitor rolls 0
    deal = next(c for c in choices(step) if "deal" in c)  # damage, not theft (K8)
    step = do(step, deal)
    if step.awaiting.kind == "split":
        step = do(step, str(step.awaiting.choices()[0]))
    assert not step.state.explorers[t].alive
    assert step.state.tokens["item:Axe"] == step.state.explorers[t].room  # K9: the cards stay
    assert step.state.haunt.traitor == t and not step.state.haunt.hidden
    assert any("shows token 1" in x for x in texts(step))


def by_hand(revealer: int = 1):
    """Haunt 43 at a table with physical cards and tokens: the players deal the tokens themselves."""
    return do(haunt(start(*FOUR, cards="table"), 43, revealer=revealer), "ready")


def test_H4_1_table_tokens_are_dealt_by_hand_and_each_explorer_tells_theirs_in_private():
    step = haunt(start(*FOUR, cards="table"), 43, revealer=1)
    assert step.state.haunt.secret is None  # the engine deals nothing: it cannot know the deal
    assert "Deal the numbered tokens 1 to 4 face down" in step.awaiting.text
    step = do(step, "ready")
    for seat, token in enumerate((3, 1, 4, 2)):
        prompt = step.awaiting
        assert prompt.code == "tell_token" and prompt.private and prompt.player == seat
        assert prompt.options == ("1", "2", "3", "4")
        assert not any(str(token) in o.text for o in step.outcomes)  # nothing public says a number
        step = do(step, f"choose {token}")
    h = step.state.haunt
    assert h.secret == [3, 1, 4, 2] and h.hidden and h.traitor is None
    assert "haunt.tokens_told" in [o.code for o in step.outcomes]
    assert step.state.turn.seat == 2 and step.awaiting.kind == "action"  # play starts left of the revealer
    assert refused(step, "reveal 0").rule == "H4.3"
    step = do(step, "reveal 1")  # the holder of token 1 turns it face up
    assert step.state.haunt.traitor == 1 and is_traitor(step.state, 1)


def test_H4_1_table_tokens_that_do_not_add_up_are_told_again_without_saying_whose_was_wrong():
    step = do(by_hand(), "choose 1", "choose 1", "choose 3", "choose 4")
    said = texts(step)
    assert "The tokens told are not 1 to 4 once each: everyone looks at their token again (H4.1)" in said
    assert step.state.haunt.secret is None and step.awaiting.code == "tell_token"
    assert step.awaiting.player == 0
    step = do(step, "choose 2", "choose 1", "choose 3", "choose 4")
    assert step.state.haunt.secret == [2, 1, 3, 4] and step.awaiting.kind == "action"


def test_H4_1_virtual_tokens_are_dealt_by_the_engine_with_no_question():
    step = hidden()
    assert sorted(step.state.haunt.secret) == [1, 2, 3, 4] and step.awaiting.kind == "action"
