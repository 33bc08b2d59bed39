"""The haunt (issue 4, rules H1-H7 in docs/rules.md): who becomes the traitor, the set-up and the private
hand-off, the haunt's turn order with the monster turn, hidden traitors, book mode's tools and victory.

Everything lives in ``state.haunt``, a :class:`~hauntable.games.betrayal.records.Haunt` record made by the
haunt roll and set up here (sides, mode, turn order, the hidden traitor's tokens).

A scripted haunt is a :class:`~hauntable.games.betrayal.haunts.Scenario`; every other haunt runs in book
mode, where the table names the haunt and the books, and offers generic tools.
"""

from __future__ import annotations

from hauntable.engine.rng import Rng
from hauntable.games.betrayal import monsters as mon
from hauntable.games.betrayal.cards.hands import discard_kept
from hauntable.games.betrayal.content import Content, HauntSpec
from hauntable.games.betrayal.monster_turn import monster_prompt
from hauntable.games.betrayal.predicates import in_house, scenario
from hauntable.games.betrayal.prompts import ChooseOption, HandOff
from hauntable.games.betrayal.records import MONSTER_TURN
from hauntable.games.betrayal.state import State, Turn
from hauntable.games.betrayal.victory import check_victory, declare
from hauntable.games.betrayal.world import World, task

TOME, SECRETS = "Traitor's Tome", "Secrets of Survival"
NEGATIVE_KEPT = ("Webs", "Debris", "Lights Out", "Grave Dirt")  # H3.1: the traitor shakes these off


# --- the traitor (H1) -------------------------------------------------------------------------------------


def choose_traitor(state: State, content: Content, spec: HauntSpec, revealer: int) -> int | None:
    """H1.1-H1.4: the traitor by the haunt's rule; ties go to the revealer if among them, else to the first
    of them clockwise from the revealer. None for hidden, no-traitor and no-traitor-at-first haunts."""
    n = len(state.explorers)
    clockwise = [(revealer + i) % n for i in range(n)]
    rule, trait = spec.traitor, spec.trait
    if rule == "character_else":
        who = next((e.seat for e in state.explorers if e.character == spec.character), None)
        if who is not None:
            return who
        rule, trait = spec.fallback or "", spec.fallback_trait
    if rule == "haunt_revealer":
        return revealer
    if rule == "left_of_haunt_revealer":
        return clockwise[1]
    if rule in ("hidden_traitor", "none", "none_at_first"):
        return None
    pool = [s for s in clockwise if not (spec.except_revealer and s == revealer)]

    def measure(seat: int) -> int:
        e = state.explorers[seat]
        ch = content.characters[e.character]
        if rule in ("oldest", "youngest"):
            return ch.age
        assert trait is not None  # the trait rules name their trait (content validation)
        return ch.tracks[trait][e.traits[trait]]

    values = {s: measure(s) for s in pool}
    best = max(values.values()) if rule in ("highest_trait", "oldest") else min(values.values())
    tied = [s for s in pool if values[s] == best]
    return revealer if revealer in tied else tied[0]


# --- haunt start (H2) -------------------------------------------------------------------------------------


@task("haunt_start")
def haunt_start(w: World) -> None:
    h = w.haunt
    number = h.number
    spec = w.content.haunts[number]
    known = w.rules.scenarios.get(number)
    printed = known is not None and known.printed  # a printed haunt run from its file (haunts/printed)
    scripted = (
        (printed or spec.mode == "scripted")
        and known is not None
        and w.s.config.house_rules.haunt_mode == "scripted"
    )
    revealer = h.revealer
    n = len(w.s.explorers)
    traitor = choose_traitor(w.s, w.content, spec, revealer)
    hidden = spec.traitor == "hidden_traitor"
    h.traitor, h.hidden, h.winner = traitor, hidden, None
    h.mode = "scripted" if scripted else "book"
    h.name, h.rule = (known.name if printed and known is not None else spec.name), spec.traitor
    h.round, h.at = 0, -1
    by_hand = hidden and w.s.config.cards == "table"  # H4.1: the players deal the table's tokens
    if hidden and not by_hand:  # H4.1: tokens 1..N dealt face down from the seeded generator
        rng = Rng(w.s.rng, raw=True)
        h.secret = rng.shuffled(list(range(1, n + 1)))
        w.s.rng = rng.state
    if hidden:
        h.revealed = []
    start = traitor if traitor is not None else revealer  # H2.3, H4.2: play starts on their left
    order = [(start + i) % n for i in range(1, n + 1)]
    if traitor is not None:
        order.remove(traitor)
        order.append(traitor)
    h.order = [*order, MONSTER_TURN]
    # a printed haunt under its printed name
    title = f"haunt {number}" + (f", {h.name}" if h.name != f"Haunt {number}" else "")
    if traitor is not None:
        w.say(
            f"{w.who(traitor)} is the traitor ({title})", "haunt.traitor", who=w.who(traitor), number=number
        )
        free_traitor(w, traitor)
    elif hidden:
        w.say(f"The traitor of {title} is hidden: tokens are dealt face down", "haunt.hidden", number=number)
    else:
        w.say(f"{title.capitalize()} has no traitor (yet)", "haunt.no_traitor", number=number)
    sc = known if scripted else None
    if sc is not None and printed:
        printed_handoff(w, traitor, hidden, "traitor" if traitor is not None else "open")
        return
    if sc is not None:
        sc.setup(w)
    if traitor is not None:
        text = (
            f"{w.who(traitor)}, you are the traitor: read haunt {number} in the {TOME}, away from the "
            "others; "
            f"the heroes read haunt {number} in {SECRETS}. Tap ready when you are back."
        )
        book, code = TOME, "traitor"
    elif by_hand:
        text = (
            f"Haunt {number}: everyone reads it in {SECRETS}. Deal the numbered tokens 1 to {n} face down, "
            "one to each explorer; each looks at their own in secret, and whoever holds token 1 is the "
            "traitor. Tap ready."
        )
        book, code = SECRETS, "hidden_table"
    elif hidden:
        text = (
            f"Haunt {number}: everyone reads it in {SECRETS}. Each explorer looks at their own token in "
            "secret; whoever holds token 1 is the traitor. Tap ready."
        )
        book, code = SECRETS, "hidden"
    else:
        text = f"Haunt {number}: everyone reads it in {SECRETS}. Tap ready when set."
        book, code = SECRETS, "open"
    params: tuple[tuple[str, object], ...] = (("tome", TOME), ("secrets", SECRETS))
    if by_hand:
        params += (("last", n),)
    if sc is not None:  # a scenario that is no printed haunt (tests' fixtures; none ships): no books read
        who = f"{w.who(traitor)}, you are the traitor. " if traitor is not None else ""
        text = (
            f"Haunt {number}: {who}The table runs its own scenario for this haunt, {sc.name}, not the "
            f"printed one: do not read the books (the house rule haunt_mode=book plays the printed haunt). "
            f"Heroes: {sc.heroes_goal} Traitor: {sc.traitor_goal} Tap ready."
        )
        code = "scenario.traitor" if traitor is not None else "scenario"
        params = (("name", sc.name), ("heroes", sc.heroes_goal), ("traitor", sc.traitor_goal))
    w.ask(HandOff(traitor, text, number, book, code=code, params=params), on="haunt_ready")


def free_traitor(w: World, seat: int) -> None:
    """H3.1: a new traitor sheds the lasting harm of cards drawn before (Webs, Debris, ...)."""
    for card in NEGATIVE_KEPT:
        if card in w.s.explorers[seat].kept:
            discard_kept(w, seat, card, "the traitor is freed from it")


def printed_handoff(w: World, traitor: int | None, hidden: bool, step: str) -> None:
    """H2.2 for a printed haunt the table referees: the traitor reads the Traitor's Tome in private and
    confirms, then the heroes read Secrets of Survival and confirm; only then does the table perform both
    sides' set-up (``printed_ready``). Hidden-traitor and no-traitor haunts: everyone reads, one confirm."""
    h = w.haunt
    number, name = h.number, h.name
    sc = scenario(w)
    # the heroes' rules card on the shared screen; the traitor's stays out of it (the heroes do not know the
    # traitor's goals): a private view may show it from the prompt's ``card`` parameter
    secret = "\n".join(f"- {line}" for line in sc.card(w, "traitor")) if sc is not None else ""
    card = "\n".join(f"- {line}" for line in sc.card(w, "heroes")) if sc is not None else ""
    params: tuple[tuple[str, object], ...] = (("name", name), ("tome", TOME), ("secrets", SECRETS))
    if step == "traitor":
        assert traitor is not None
        text = (
            f"{w.who(traitor)}, you are the traitor: read haunt {number}, {name}, in the {TOME}, away from "
            "the others. Tap ready when you are back."
        )
        params = (("who", w.who(traitor)), *params, ("card", secret))
        w.ask(
            HandOff(traitor, text, number, TOME, code="printed.traitor", params=params),
            on="printed_ready",
            step="heroes",
        )
        return
    first_hero = next(s for s in h.order if s >= 0 and s != traitor)
    if step == "heroes":
        text = (
            f"Heroes: read haunt {number}, {name}, in {SECRETS} and check the rules card the table enforces. "
            f"Tap ready when your side is set.\n{card}"
        )
        w.ask(
            HandOff(
                first_hero, text, number, SECRETS, code="printed.heroes", params=(*params, ("card", card))
            ),
            on="printed_ready",
            step="setup",
        )
        return
    code = "printed.hidden" if hidden else "printed.open"
    text = (
        f"Haunt {number}, {name}: everyone reads it in {SECRETS}"
        + (
            ". Each explorer looks at their own token in secret; whoever holds token 1 is the traitor"
            if hidden
            else ""
        )
        + f". Tap ready when set.\n{card}"
    )
    w.ask(
        HandOff(
            None if hidden else first_hero, text, number, SECRETS, code=code, params=(*params, ("card", card))
        ),
        on="printed_ready",
        step="setup",
    )


@task("printed_ready")
def printed_ready(w: World, step: str) -> None:
    """A side confirmed the hand-off: the heroes read next, or the set-up is performed and play begins."""
    h = w.haunt
    if step == "heroes":
        printed_handoff(w, h.traitor, h.hidden, "heroes")
        return
    sc = scenario(w)
    if sc is not None:
        sc.setup(w)
    if h.winner:
        return
    haunt_ready(w)


@task("haunt_ready")
def haunt_ready(w: World) -> None:
    w.say("The haunt begins", "haunt.ready")
    h = w.haunt
    # tokens dealt by hand: each explorer tells theirs first (H4.1)
    told: list[int] = []
    tell = [("tell_token", dict(told=told))] if h.hidden and h.secret is None else []
    w.then(*tell, ("haunt_next_turn", dict(seat=-2)))


@task("tell_token")
def tell_token(w: World, told: list[int]) -> None:
    """H4.1 with the table's tokens: the engine cannot see them, so each explorer in seat order tells their
    own token's number in private (the screen passes to them alone). Once all are told they must be 1 to
    N once each, or everyone looks again, told only that it did not add up (never who is wrong)."""
    n = len(w.s.explorers)
    if len(told) < n:
        seat = len(told)
        w.ask(
            ChooseOption(
                seat,
                f"{w.who(seat)}: look at your token in secret and tell its number (only you see this)",
                "token",
                tuple(str(i) for i in range(1, n + 1)),
                private=True,
                code="tell_token",
                params=(("who", w.who(seat)),),
            ),
            on="token_told",
            told=told,
        )
        return
    if sorted(told) != list(range(1, n + 1)):
        w.say(
            f"The tokens told are not 1 to {n} once each: everyone looks at their token again (H4.1)",
            "haunt.tokens_again",
            last=n,
        )
        w.then(("tell_token", dict(told=[])))
        return
    w.haunt.secret = list(told)
    w.say("Every explorer has told their token in secret (H4.1)", "haunt.tokens_told")


@task("token_told")
def token_told(w: World, told: list[int], option: str) -> None:
    w.then(("tell_token", dict(told=[*told, int(option)])))


@task("haunt_next_turn")
def haunt_next_turn(w: World, seat: int) -> None:
    """H2.3: heroes from the traitor's left, then the traitor, then the monsters; the dead and the escaped
    are skipped, and the monster turn only comes while monsters are in the house. A traitor out of play
    still has their turn's haunt events (a printed haunt's track, de l.343)."""
    h = w.haunt
    if h.winner:
        return
    order = h.order
    sc = scenario(w)
    if sc is not None and sc.printed and seat >= 0:  # a printed haunt's turn-end triggers
        sc.on_turn_end(w, seat)
        if check_victory(w):
            return
    for _ in range(len(order) + 1):
        h.at = (h.at + 1) % len(order)
        if h.at == 0:
            h.round += 1
            w.say(f"Haunt round {h.round}", "haunt.round", round=h.round)
            if sc is not None:
                sc.on_round(w, h.round)
                if check_victory(w):
                    return
        who = order[h.at]
        if who == MONSTER_TURN:
            if h.monsters:
                w.then(("monster_turn", {}))
                return
            continue
        if not in_house(w.s.explorers[who]):
            if who == h.traitor and sc is not None and sc.printed:  # H2.3: a dead traitor still has a turn
                sc.dead_traitor_turn(w, who)
                if check_victory(w):
                    return
            continue
        w.s.turn = Turn(who)
        w.say(f"{w.who(who)}'s turn", "turn.start", who=w.who(who))
        if sc is not None and sc.printed:  # a printed haunt's turn-start triggers
            sc.on_turn_start(w, who)
            if check_victory(w):
                return
        if w.s.explorers[who].kept or w.s.marks.get("Music Box open"):
            w.then(("start_of_turn", dict(seat=who)))
        return
    declare(w, "traitor", "nobody is left to stand against the house")


def haunt_turn(w: World) -> bool:
    """Nothing is queued in the haunt: check victory, then ask the monster whose turn it is, or say that the
    explorer whose turn it is acts (True: the reducer asks the turn prompt)."""
    h = w.haunt
    if h.winner or check_victory(w):
        return False
    if w.s.pending:  # the haunt's checks queued something (a printed haunt's roll): that comes first
        return False
    if h.mphase is not None and h.mphase.active:
        if h.mphase.current:
            monster_prompt(w)
        return False
    if not in_house(w.s.current):  # died or escaped during their own turn: the turn passes
        w.then(("haunt_next_turn", dict(seat=w.s.turn.seat)))
        return False
    return True


# --- the haunt's actions on the turn prompt -------------------------------------------------------------


def leave_hook(w: World, seat: int) -> tuple[int, int | None]:
    if w.s.haunt is None or not w.s.haunt.started:
        return 0, None
    sc = scenario(w)
    cap = sc.movement_cap(w, seat) if sc is not None else None
    extra = mon.explorer_leave_extra(w, seat)
    return (extra if sc is None else max(0, sc.leave_extra(w, seat, extra))), cap
