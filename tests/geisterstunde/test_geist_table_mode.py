"""Table mode (cards="table"): key cards taken from the physical pile arrive as ``draw`` inputs."""

from __future__ import annotations

from geistkit import CONTENT, arrange, codes, do, refused, start, texts


def dealt(n: int = 2):
    step = start(n, cards="table")
    hands = [["red-lion", "green-eagle", "blue-lily", "red-tower"], ["green-lion", "blue-eagle", "red-lily"]]
    for seat in range(1, n):
        for card in (hands[seat - 1] + ["blue-dragon"])[:4]:
            step = do(step, f"draw {card}")
    return step


def test_G1_3_table_deal_then_the_plan():
    step = dealt(3)
    assert step.state.pile == [] and step.state.hands[1] == (
        "red-lion",
        "green-eagle",
        "blue-lily",
        "red-tower",
    )
    assert step.awaiting.kind == "plan" and "deal.done" in codes(step)


def test_G4_1_a_skip_asks_for_the_card_read_on_the_key_slot():
    step = arrange(do(dealt(), "plan lily"), hands={1: ("red-lion",)})
    step = do(step, "skip")
    assert step.awaiting.kind == "draw" and step.awaiting.purpose == "skip" and not step.awaiting.optional
    assert refused(step, "pass").rule == "G4.1"
    step = do(step, "draw green-dragon")
    assert step.state.hands[1] == ("red-lion", "green-dragon") and step.awaiting.kind == "reveal"


def test_G4_2_at_the_end_of_a_move_the_matching_top_card_may_be_read_or_passed():
    step = arrange(do(dealt(), "plan lily"), hands={1: ("green-lion", "red-eagle")})
    step = do(step, "key green", "end")  # into 12, the dragon
    assert step.awaiting.kind == "draw" and step.awaiting.optional
    err = refused(step, "draw red-lion")
    assert err.rule == "G4.2" and "not the crest of room 12" in err.sentence
    taken = do(step, "draw blue-dragon")
    assert taken.state.hands[1] == ("red-eagle", "blue-dragon")
    passed = do(step, "pass")
    assert passed.state.hands[1] == ("red-eagle",) and passed.awaiting.kind == "reveal"


def test_G4_5_table_cards_an_empty_pile_is_dealt_again_from_the_discards_in_an_order_nobody_knows():
    step = arrange(do(dealt(), "plan lily"), hands={1: ("red-lion",)})
    rest = list(CONTENT.keys)
    rest.remove("red-lion")
    rest.remove("green-dragon")
    step.state.discards[:] = rest  # one key, a green dragon, is still in the pile
    skipped = do(step, "skip")
    assert "pile.reshuffle_table" not in codes(skipped)
    err = refused(skipped, "draw red-tower")  # its three cards are all on the discard pile
    assert err.rule == "G4.5" and "cannot come from the pile" in err.sentence
    step.state.discards.append("green-dragon")  # the pile is empty
    step = do(step, "skip")
    assert "The draw pile is empty: shuffle the discards into a new pile (G4.5)" in texts(step)
    assert step.state.discards == [] and step.awaiting.kind == "draw"
    step = do(step, "draw red-tower")  # any discarded key may come next
    assert step.state.hands[1] == ("red-lion", "red-tower")
