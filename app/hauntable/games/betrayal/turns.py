"""The explorer's turn from its end to the next one (B7.1 the haunt roll, B1.4 who goes first)."""

from __future__ import annotations

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.games.betrayal.config import GameConfig
from hauntable.games.betrayal.content import Content
from hauntable.games.betrayal.records import Haunt
from hauntable.games.betrayal.state import Turn
from hauntable.games.betrayal.world import World, task


def first_seat(config: GameConfig, content: Content) -> int:
    """B1.4: the explorer whose birthday comes next goes first; a birthday today counts as the next one
    (house rule birthday_today=counts) or comes round only next year (after_today)."""
    today = config.today_tuple()
    today_counts = config.house_rules.birthday_today == "counts"

    def days_until(seat: int) -> int:
        month, day = content.characters[config.players[seat].character].birthday
        passed = (month, day) < today if today_counts else (month, day) <= today
        return passed * 10_000 + month * 100 + day - (today[0] * 100 + today[1])

    return min(range(len(config.players)), key=days_until)


@task("end_turn")
def end_turn(w: World, seat: int) -> None:
    who = w.who(seat)
    w.say(f"{who} ends the turn", "turn.end", who=who)
    w.then(
        ("end_of_turn_room", dict(seat=seat)),
        ("end_of_turn_cards", dict(seat=seat)),
        ("haunt_roll", dict(seat=seat)),
        ("next_turn", dict(seat=seat)),
    )


@task("haunt_roll")
def haunt_roll(w: World, seat: int) -> None:
    """B7.1: after a turn in which an omen was drawn, before the haunt, roll for the haunt."""
    if w.s.phase != "explore" or not w.s.turn.omen_drawn:
        return
    six = w.s.config.house_rules.haunt_roll_dice == "six"
    dice = 6 if six else min(8, w.s.omens_drawn)
    w.ask(
        RollDice(
            seat,
            f"{w.who(seat)}: haunt roll - roll {dice} dice; below {w.s.omens_drawn} the haunt begins",
            dice,
            "haunt",
            purpose_text=OptionText.of("haunt"),
        ),
        on="haunt_result",
        seat=seat,
    )


@task("haunt_result")
def haunt_result(w: World, seat: int, total: int) -> None:
    if total >= w.s.omens_drawn:
        w.say(
            f"Haunt roll {total}: not below {w.s.omens_drawn} omen(s). The house waits...",
            "haunt.no",
            total=total,
            omens=w.s.omens_drawn,
        )
        return
    omen, room = w.s.turn.omen_drawn, w.s.explorers[seat].room
    chart = w.content.haunt_chart
    chart_room = room if room in chart else w.s.turn.omen_room
    number = chart.get(chart_room or "", {}).get(omen or "")
    # an omen was drawn this turn (haunt_roll asks only then) and the chart has every omen x room cell
    assert omen is not None and chart_room is not None and number is not None
    w.s.phase = "haunt"
    w.s.pending.clear()
    w.s.haunt = Haunt(revealer=seat, omen=omen, room=chart_room, number=number, total=total)
    w.then(("haunt_start", {}))  # haunt.py: traitor, set-up, hand-off, the haunt's turn order
    w.say(
        f"Haunt roll {total}, below {w.s.omens_drawn}: the haunt begins! {w.who(seat)} revealed it with the "
        f"{omen} in the {chart_room}: haunt {number} (B7.2)",
        "haunt.begins",
        who=w.who(seat),
        omen=omen,
        room=chart_room,
        number=number,
    )


@task("next_turn")
def next_turn(w: World, seat: int) -> None:
    """The next explorer clockwise takes a turn. Nobody dies before the haunt (B4.2); after it, the haunt's
    turn order (haunt.py) skips the dead (K9)."""
    if w.s.phase == "haunt":  # H2.3: the haunt's own turn order (haunt.py)
        w.then(("haunt_next_turn", dict(seat=seat)))
        return
    nxt = (seat + 1) % len(w.s.explorers)
    if w.s._first is None:
        w.s._first = first_seat(w.s.config, w.content)
    if nxt == w.s._first:
        w.s.round += 1
    w.s.turn = Turn(nxt)
    who = w.who(nxt)
    w.say(f"{who}'s turn", "turn.start", who=who)
    if w.s.explorers[nxt].kept or w.s.marks.get("Music Box open"):
        w.then(("start_of_turn", dict(seat=nxt)))
