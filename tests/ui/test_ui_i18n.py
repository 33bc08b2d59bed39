"""Every outcome line and every refusal a table sees, in German, Russian and Chinese (issue 7).

Simulated games (the table simulator plus random legal answers) are played to their winner; every outcome
line must come out of the catalogs, not as the engine's English sentence, and so must every refusal a
seat can be shown: at points of each game a set of wrong answers is tried against the state (a dry run,
``apply`` is pure) and each rejection is worded through ``i18n.refusal_text``. The only English left on
purpose are proper names (rooms, cards, explorers, monsters, tokens), which stay as printed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from hauntable.engine.outcomes import Outcome
from hauntable.engine.rejections import Rejection
from hauntable.games.betrayal.cards import CARD_RULES, events, items, omens  # noqa: F401 (they fill it)
from hauntable.session import Session
from hauntable.table.channel import Channel
from hauntable.ui import demo, i18n
from hauntable.ui.simulator import TableSimulator

APP = Path(i18n.__file__).resolve().parents[1]
REJECTIONS = ("IllegalAction", "NotAwaited", "UnreadableInput")
OTHERS = ("de", "ru", "zh")
SEEDS = (3, 5, 7, 11, 13, 17, 19, 23)

# wrong answers tried against the game now and then (each parsed by the game's own input registry)
PROVOCATIONS = (
    "move S",
    "move W",
    "cross",
    "fall",
    "ride",
    "use Axe",
    "drop Axe",
    "take Axe",
    "give Axe 1",
    "free 1",
    "roll 2,2",
    "roll 1,1,1,1,1,1,1,1",
    "end",
    "reveal 1",
    "traitor 1",
    "attack 1 might",
    "split speed=9",
    "rotate 1",
    "card Axe",
    "card Bite",
)


def played(seed: int):
    """(outcomes, rejections) of one simulated game to its end; rejections from the provocations."""
    steps = []
    channel = Channel(Session.new("betrayal", demo.config(seed, 4)))
    channel.bind(on_step=steps.append)
    game = channel.session.game
    wrong = []
    for text in PROVOCATIONS:
        try:
            wrong.append(game.inputs.parse(text))
        except Rejection:
            continue
    rejections: list[Rejection] = []
    sim = TableSimulator(channel, seed)
    for n in range(3000):
        if channel.step.awaiting is None:
            break
        if n % 4 == 0:
            for inp in wrong:
                try:
                    game.apply(channel.step.state, inp)
                except Rejection as exc:
                    rejections.append(exc)
        demo.play(channel, sim, seed * 10_000 + n, 1)  # one answer; its own seed, so answers vary
    sim.close()
    outcomes = [o for step in steps for o in step.outcomes]
    for step in steps:
        prompt = step.state.awaiting
        key = (type(prompt).__name__, getattr(prompt, "code", ""), getattr(prompt, "text", ""))
        if prompt is not None and key not in ASKED:
            ASKED[key] = (step.state, prompt)
    return outcomes, rejections


ASKED: dict = {}  # every prompt the games showed (one per class, code and English text): (state, prompt)
GAMES = {seed: played(seed) for seed in SEEDS}


def test_the_games_are_played_to_a_winner_and_meet_many_refusals():
    rules = {r.rule for _, rejections in GAMES.values() for r in rejections}
    codes = {o.code for outcomes, _ in GAMES.values() for o in outcomes}
    assert len(rules) >= 15 and len(codes) >= 55, (sorted(map(str, rules)), len(codes))
    assert any(o.code == "haunt.victory" for outcomes, _ in GAMES.values() for o in outcomes)


@pytest.mark.parametrize("lang", OTHERS)
def test_no_outcome_line_is_left_in_english(lang):
    english = set()
    for outcomes, _ in GAMES.values():
        for outcome in outcomes:
            if i18n.outcome_text(outcome, lang) == outcome.text:
                english.add((outcome.code, outcome.text))
    assert not english, sorted(english)[:20]


@pytest.mark.parametrize("lang", OTHERS)
def test_no_refusal_is_left_in_english(lang):
    english = set()
    for _, rejections in GAMES.values():
        for r in rejections:
            text = i18n.refusal_text(r.code, r.rule, r.sentence, lang)
            if text == r.sentence:
                english.add((r.rule, r.sentence))
            else:
                assert text.endswith(f"({r.rule})") if r.rule else text
    assert not english, sorted(english)[:20]


def raised_rules() -> set[str]:
    """Every rule id a rejection in the engine and games names (read from their syntax trees)."""
    rules = set()
    for path in sorted((APP / "games").rglob("*.py")) + sorted((APP / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node, "func", None)
            name = getattr(name, "id", getattr(name, "attr", None))
            if not (
                isinstance(node, ast.Call) and name in ("IllegalAction", "NotAwaited", "UnreadableInput")
            ):
                continue
            rule = node.args[1] if len(node.args) > 1 else None
            rule = next((k.value for k in node.keywords if k.arg == "rule"), rule)
            if isinstance(rule, ast.Constant) and rule.value:
                rules.add(rule.value)
    return rules


def test_every_rule_a_rejection_names_has_a_sentence_in_every_language():
    rules = raised_rules()
    assert len(rules) > 40 and {"B2.7", "B3.2", "K1", "G3.3"} <= rules
    missing = {(lang, r) for r in rules for lang in i18n.LANGUAGES if f"rej.{r}" not in i18n.catalog(lang)}
    assert not missing, sorted(missing)
    documented = set(
        re.findall(r"\*\*([A-Z][0-9.]+)\*\*", (APP.parents[1] / "docs" / "rules.md").read_text())
    )
    assert rules <= documented | {"E1", "E2"}, sorted(rules - documented)


def test_a_refusal_reads_in_the_table_language_with_its_rule_id():
    sentence = "The front door is locked: nobody leaves the house."
    assert i18n.refusal_text("rule/illegal", "B2.7", sentence, "en") == sentence
    assert i18n.refusal_text("rule/illegal", "B2.7", sentence, "de") == (
        "Die Haustür ist verschlossen: niemand verlässt das Haus. (B2.7)"
    )
    assert i18n.refusal_text("rule/illegal", None, "Odd.", "zh") == "现在不允许这样做。"
    assert i18n.refusal_text("ui/stale", None, "stale", "ru") == i18n.tr("refusal.stale", "ru")


def numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


@pytest.mark.parametrize("lang", OTHERS)
def test_every_card_summary_is_translated_with_its_numbers(lang):
    texts = i18n.card_texts(lang)
    assert set(texts) == set(CARD_RULES)
    changed = [n for n, rules in CARD_RULES.items() if numbers(rules.summary) != numbers(texts[n])]
    assert not changed, f"{lang}: the numbers differ from the English summary (updated?): {changed}"


def test_option_and_monster_turn_buttons_are_worded_not_text_forms():
    from hauntable.games.betrayal.inputs import Go, Ready
    from hauntable.ui.button_labels import option_label, other_label

    try:
        i18n.set_language("de")
        assert [option_label(o) for o in ("yes", "refuse", "speed", "upper", "E")] == [
            "Ja",
            "Ablehnen",
            "Tempo",
            "Obergeschoss",
            "Osten",
        ]
        assert option_label("Lucky Stone") == "Lucky Stone"  # a card's name stays as printed
        assert other_label(Go("Kitchen")) == "In den Raum Kitchen" and other_label(Ready()) == "Bereit"
    finally:
        i18n.set_language("en")


def test_a_rolls_purpose_is_worded_in_the_language_names_as_printed():
    """A rule's roll carries its purpose as a code (``purpose_text``), never read back from the English."""
    from hauntable.engine.prompts import OptionText, RollDice
    from hauntable.ui.prompt_heading import purpose_text

    def roll(purpose: str, code: str | None = None, **params) -> RollDice:
        worded = OptionText.of(code, **params) if code else None
        return RollDice(0, "", 2, purpose, purpose_text=worded)

    try:
        i18n.set_language("de")
        assert purpose_text(roll("haunt", "haunt")) == "Spukwurf"
        leave = roll("leaving the Junk Room", "leave", room="Junk Room")
        assert purpose_text(leave) == "Raum Junk Room verlassen"
        defence = roll("defence against Peter Akimoto", "defence", who="Peter Akimoto")
        assert purpose_text(defence) == "Abwehr gegen Peter Akimoto"
        assert purpose_text(roll("Shade speed", "monster_speed", monster="Shade")) == "Shade: Tempo"
        assert purpose_text(roll("Angry Being")) == "Angry Being"  # a card's name stays as printed
        exorcise = roll("exorcise (task)", "task", action="exorcise")  # a scripted haunt's task roll
        assert purpose_text(exorcise) == "Austreiben (Aufgabe)"
        assert purpose_text(roll("hold (task)", "task", action="hold")) == "Festhalten (Aufgabe)"
        assert purpose_text(roll("leaving the Junk Room")) == "leaving the Junk Room"  # no code: as given
        i18n.set_language("en")
        assert purpose_text(roll("Shade speed", "monster_speed", monster="Shade")) == "Shade speed"  # English
    finally:
        i18n.set_language("en")


def test_the_games_rolls_for_a_rule_carry_a_worded_purpose_code():
    """The rolls the simulated games asked for: haunt, damage, rooms and fights give a purpose code that
    every catalog words; a roll without one is for a card, an item or a haunt's own purpose."""
    from hauntable.engine.prompts import RollDice
    from hauntable.ui.i18n import catalog

    rolls = [p for _, p in ASKED.values() if isinstance(p, RollDice)]
    codes = {p.purpose_text.code for p in rolls if p.purpose_text is not None}
    assert {"haunt", "attack", "defence"} <= codes, codes
    for lang in ("en", *OTHERS):
        assert all(f"purpose.{code}" in catalog(lang) for code in codes), lang
    starts = ("leaving the ", "open the ", "cross the ", "the floor of the ", "attack on ")
    starts += ("defence against ",)

    def a_rules(purpose: str) -> bool:
        return (
            purpose in ("haunt", "elevator")
            or purpose.endswith((" damage", " speed", " (task)"))
            or (purpose.startswith(starts))
        )

    uncoded = [p.purpose for p in rolls if p.purpose_text is None and a_rules(p.purpose)]
    assert not uncoded, uncoded


def proper_names(state, content) -> set[str]:
    """The printed names a translated line may still show as they are: rooms, cards, explorers, players,
    monsters, tokens and the haunt books."""
    from hauntable.games.betrayal.haunt import SECRETS, TOME

    names = set(content.rooms) | set(CARD_RULES) | {c.name for c in content.characters.values()}
    names |= {e.name for e in state.explorers} | {e.player for e in state.explorers}
    names |= {f"{e.name} ({e.player})" for e in state.explorers}
    for mid, m in (state.haunt.monsters if state.haunt else {}).items():
        names |= {mid, m.kind, m.name}
    return names | set(state.tokens) | {TOME, SECRETS}


def only_names(label: str, names: set[str]) -> bool:
    """True when ``label`` holds nothing but proper names, numbers and punctuation."""
    for name in sorted(names, key=len, reverse=True):
        if name:
            label = label.replace(name, " ")
    return not re.search(r"[A-Za-z]", label)


def shown_in(lang: str, state, prompt, content) -> tuple[str, list[str]]:
    from hauntable.ui.button_labels import choice_label
    from hauntable.ui.prompt_heading import heading

    i18n.set_language(lang)
    try:
        return heading(state, prompt), [choice_label(state, content, prompt, c) for c in prompt.choices()]
    finally:
        i18n.set_language("en")


def test_the_games_ask_many_kinds_of_question():
    kinds = {type(p).__name__ for _, p in ASKED.values()}
    codes = {p.code for _, p in ASKED.values() if getattr(p, "code", "")}
    assert {"ChooseAction", "RollDice", "ChooseOption", "HandOff", "AwaitTile"} <= kinds, kinds
    assert len(codes) >= 4, codes


@pytest.mark.parametrize("lang", OTHERS)
def test_no_prompt_heading_or_button_is_left_in_english(lang):
    """Every heading and button the simulated games showed differs from the English one, except buttons
    that are only printed names (a room, a card, an explorer) or numbers."""
    from hauntable.games.betrayal.content import load_content

    content = load_content()
    english = set()
    for state, prompt in ASKED.values():
        head, labels = shown_in(lang, state, prompt, content)
        head_en, labels_en = shown_in("en", state, prompt, content)
        if head == head_en:
            english.add(("heading", type(prompt).__name__, head))
        names = proper_names(state, content)
        for label, label_en in zip(labels, labels_en, strict=True):
            if label == label_en and not only_names(label, names):
                english.add(("button", type(prompt).__name__, label))
    assert not english, sorted(english)[:20]


def choice_sites() -> list[tuple[str, ast.Call]]:
    """Every ``ChooseOption(...)`` the games build, with its file."""
    sites = []
    for path in sorted((APP / "games").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ChooseOption":
                sites.append((path.name, node))
    return sites


def site_codes(call: ast.Call) -> list[str]:
    """The codes a call site can give (an f-string's expansions are listed by hand below)."""
    code = next((k.value for k in call.keywords if k.arg == "code"), None)
    if isinstance(code, ast.Constant):
        return [code.value]
    if isinstance(code, ast.IfExp):  # "top_tile" if room else ""
        return [c.value for c in (code.body, code.orelse) if isinstance(c, ast.Constant) and c.value]
    if isinstance(code, ast.JoinedStr):
        prefix = code.values[0].value
        claims = ["claim_heroes", "claim_traitor", "claim_house"]
        return {"trait_": ["trait_gain", "trait_lose"], "claim_": claims}.get(prefix) or [
            f"pick_item.{then}" for then in ("entrance", "discard", "stack")
        ]
    return []


def test_every_card_or_rule_choice_has_a_heading_in_every_language_with_the_names_it_needs():
    """Each ChooseOption call site gives a code; each code has ``ask.<code>`` in every catalog, and the
    parameters the site passes cover that sentence's placeholders (else the English text would show)."""
    sites = choice_sites()
    assert len(sites) >= 26
    for name, call in sites:
        codes = site_codes(call)
        assert codes, f"{name}:{call.lineno}: a ChooseOption without a code stays English"
        params = next((k.value for k in call.keywords if k.arg == "params"), None)
        given = {"who"} | {e.elts[0].value for e in getattr(params, "elts", [])}
        for code in codes:
            for lang in i18n.LANGUAGES:
                text = i18n.catalog(lang).get(f"ask.{code}")
                assert text is not None, (lang, code)
                needed = i18n.placeholders(text) - {"question"}
                assert needed <= given, f"{name}:{call.lineno} {lang} ask.{code} needs {needed - given}"


def test_a_choice_heading_is_worded_by_its_code_names_and_trait_words_in_place():
    from gamekit import start
    from hauntable.engine.prompts import OptionText
    from hauntable.games.betrayal.prompts import ChooseOption
    from hauntable.ui.prompt_heading import heading

    state = start().state
    who = f"{state.explorers[0].name} ({state.explorers[0].player})"
    steal = ChooseOption(
        0, "X: deal 3 ...", "steal", ("deal 3 damage",), code="steal", params=(("n", 3), ("loser", "Ox"))
    )
    meant = ChooseOption(
        0, "X: ...", "It", ("a",), code="meant_order", params=(("card", "It"), ("deck", "item"))
    )
    lowest = ChooseOption(
        0,
        "X: Possession - your Speed is already lowest: choose another trait to drop",
        "Possession",
        ("might",),
        code="choose",
        params=(
            ("card", "Possession"),
            ("text", "your Speed is already lowest: choose another trait to drop"),
        ),
        question_text=OptionText.of("lowest", trait="speed"),  # as cards/possession.py asks it
    )
    unknown = ChooseOption(
        0, "X: Odd - what now?", "Odd", ("a",), code="choose", params=(("text", "what now?"),)
    )
    try:
        i18n.set_language("de")
        assert (
            heading(state, steal)
            == f"{who}: Ox 3 körperlichen Schaden zufügen oder stattdessen eine Karte stehlen?"
        )
        assert "Stapels Gegenstand" in heading(state, meant)
        assert heading(state, lowest) == (
            f"{who}: Possession - dein Tempo ist schon am tiefsten: wähle eine andere Eigenschaft, die fällt"
        )
        assert heading(state, unknown) == "X: Odd - what now?"  # a question without a code: the engine's
        i18n.set_language("en")
        assert heading(state, steal) == "X: deal 3 ..."  # English: the engine's own sentence
    finally:
        i18n.set_language("en")


def test_engine_phrase_buttons_are_worded_and_the_answer_sent_is_unchanged():
    from gamekit import start
    from hauntable.engine.prompts import OptionText as T
    from hauntable.games.betrayal.content import load_content
    from hauntable.games.betrayal.prompts import ChooseOption
    from hauntable.ui.button_labels import choice_label, option_label

    state = start().state
    texts = (T("deal", (("n", 3),)), T("steal", (("card", "Axe"),)))
    steal = ChooseOption(0, "t", "steal", ("deal 3 damage", "steal Axe"), code="steal", option_texts=texts)
    try:
        i18n.set_language("de")
        labels = [choice_label(state, load_content(), steal, c) for c in steal.choices()]
        assert labels == ["3 Schaden zufügen", "Axe stehlen"]
        assert [c.option for c in steal.choices()] == ["deal 3 damage", "steal Axe"]  # what the log keeps
        fetch = T("fetch", (("card", "Book"), ("room", "Library")))
        assert option_label("fetch Book from the Library", fetch) == "Book holen\naus dem Raum Library"
        leave = T("leave_in", (("card", "Axe"), ("room", "Attic")))
        assert option_label("leave Axe in the Attic", leave) == "Axe ablegen\nim Raum Attic"
        push = T("push", (("who", "Ox (Ann)"), ("room", "Attic")))
        assert option_label("Ox (Ann) to the Attic", push) == "Ox (Ann)\nin den Raum Attic"
        assert option_label("Ox (Ann) to the Attic") == "Ox (Ann) to the Attic"  # no words given: as is
        assert option_label("a 2", T("die", (("n", 2),))) == "Die 2en"
        assert [
            option_label(o) for o in ("the 0s", "keep a roll", "physical", "rooms", "an item for you")
        ] == [
            "Die Nullen",
            "Wurf behalten",
            "Als körperlichen",
            "Raumplättchen",
            "Ein Gegenstand für dich",
        ]
        i18n.set_language("zh")
        assert option_label("steal Axe", texts[1]) == "偷走 Axe"
    finally:
        i18n.set_language("en")


def test_every_option_the_engine_builds_from_names_carries_its_words():
    """The view words such options from the engine's OptionText, never by parsing the English: every
    ChooseOption of these choices in games/ passes option_texts."""
    import ast
    import pathlib

    games = pathlib.Path(__file__).parents[2] / "app" / "hauntable" / "games" / "betrayal"
    found = {}
    for path in games.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ChooseOption":
                kw = {k.arg: k.value for k in node.keywords}
                code = kw.get("code")
                if isinstance(code, ast.Constant) and code.value in ("steal", "dog", "push", "reroll_which"):
                    found[code.value] = "option_texts" in kw
    assert found == {"steal": True, "dog": True, "push": True, "reroll_which": True}


def test_the_hand_off_and_the_monster_turn_are_worded_in_the_language():
    from gamekit import start
    from hauntable.games.betrayal.inputs import Act
    from hauntable.games.betrayal.prompts import HandOff, MonsterTurn
    from hauntable.ui.button_labels import choice_label
    from hauntable.ui.prompt_heading import heading

    state = start().state
    name = state.explorers[1].name
    books = (("tome", "Traitor's Tome"), ("secrets", "Secrets of Survival"))
    handoff = HandOff(1, "English", 7, "Traitor's Tome", code="traitor", params=books)
    turn = MonsterTurn(0, "Shade (ghost), in the Attic: 2 movement left", "Shade", 2)
    try:
        i18n.set_language("ru")
        assert heading(state, handoff).startswith(f"{name} (") and "сценарий 7" in heading(state, handoff)
        assert "«Traitor's Tome»" in heading(state, handoff)
        assert heading(state, turn) == "Shade в комнате : осталось 2 шага"  # no such monster placed: no kind
        assert choice_label(state, None, turn, Act("exorcise", "sanity")) == "Изгнать\nРассудок"  # noqa: RUF001
        assert choice_label(state, None, turn, Act("accuse", "1")) == f"Обвинить\n{name}"
        assert choice_label(state, None, turn, Act("take", "Key")) == "Взять\nKey"
        i18n.set_language("en")
        assert heading(state, handoff) == "English"
    finally:
        i18n.set_language("en")


def referee_codes() -> set[str]:
    """Every code the table referee gives its own messages (read from the syntax trees of referee.py and
    the plumbing it shares, refereeing.py: ``code=`` keywords, ``code = ...`` names and the code argument of
    ``self._said(accepted, text, code, ...)``); the codes of its Rejection classes are refusals, worded as
    ``rej.code.<code>`` (``refusal_codes``)."""
    codes = set()
    for name in ("referee.py", "refereeing.py"):
        tree = ast.parse((APP / "table" / name).read_text(encoding="utf-8"))
        refusals = {id(n) for c in _rejection_classes(tree) for n in c.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "code" and isinstance(node.value, ast.Constant):
                codes.add(node.value.value)
            named = isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "code" for t in node.targets)
            if named and isinstance(node.value, ast.Constant) and id(node) not in refusals:
                codes.add(node.value.value)
            said = isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "_said"
            if said and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                codes.add(node.args[2].value)
    return codes


def _rejection_classes(tree: ast.AST) -> list[ast.ClassDef]:
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.ClassDef) and any(getattr(b, "id", "") == "Rejection" for b in n.bases)
    ]


def test_the_referees_own_refusals_have_a_sentence_in_every_language():
    """A tap the referee refuses (``Referee.check_touch``: play waits for a lifted tile) is worded by its
    code, since it enforces no rule of the rulebooks."""
    tree = ast.parse((APP / "table" / "referee.py").read_text(encoding="utf-8"))
    codes = {
        n.value.value
        for c in _rejection_classes(tree)
        for n in c.body
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
    }
    assert "table/paused" in codes
    missing = {
        (lang, c) for c in codes for lang in i18n.LANGUAGES if f"rej.code.{c}" not in i18n.catalog(lang)
    }
    assert not missing, sorted(missing)
    assert i18n.refusal_text("table/paused", None, "Play waits...", "de").startswith("Das Spiel wartet")


def test_every_referee_message_has_a_code_and_a_sentence_in_every_language():
    tree = ast.parse((APP / "table" / "referee.py").read_text(encoding="utf-8"))
    uncoded = [  # a Verdict with a message built without TableReferee._said (which always takes a code)
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "Verdict"
        and len(node.args) >= 2
        and not (isinstance(node.args[0], ast.Constant) and node.args[0].value is True)  # accepted: a step
        and not {k.arg for k in node.keywords} & {"code", "rejection"}  # refusals: worded by rule id
    ]
    assert not uncoded, f"referee messages without a code (shown in English): lines {uncoded}"
    codes = referee_codes() | {"no_reader", "no_draw_pad"}  # the last two: the simulator's own
    assert {"put_back", "stacked.cell", "stacked.pad", "reader_silent", "unknown_tag", "no_roll"} <= codes
    missing = {
        (lang, c) for c in codes for lang in i18n.LANGUAGES if f"referee.{c}" not in i18n.catalog(lang)
    }
    assert not missing, sorted(missing)


def test_the_referees_own_messages_on_the_simulated_table_read_in_the_table_language():
    """A paused game ("Put the Kitchen back at ground 3,4"), a roll nobody asked for, stacked tags on a
    cell and on the draw pad, a silent reader and an unknown tag, as the simulator panel shows them."""
    from hauntable.games.betrayal.prompts import ChooseAction
    from hauntable.table.referee import Verdict
    from hauntable.ui.simulator import SimResult, sim_text, told_params

    channel = Channel(Session.new("betrayal", demo.config(3, 4)))
    sim = TableSimulator(channel, 3)
    start = len(channel.step.state.house)
    for n in range(400):
        state = channel.step.state
        if len(state.house) > start and isinstance(state.awaiting, ChooseAction):
            break
        demo.play(channel, sim, n, 1)
    shown = lambda v: sim_text(SimResult(False, "sim.referee", told_params(v)))  # noqa: E731
    try:
        assert not sim.referee.on_roll((1, 1), "table:tower")
        no_roll = sim.referee.told[-1]
        assert sim.pull_tile().ok and sim.referee.paused
        assert not sim.referee.on_roll((1, 1), "table:tower")
        put_back = sim.referee.told[-1]
        name, (floor, x, y) = next(iter(sim.referee._missing.items()))
        cell = sim.layout.reader(f"{floor}:{x},{y}")
        stacked = sim.referee.stacked_verdict(cell, [tag_of("tile", "Kitchen"), "04:00:00:00:00:00:01"])
        pad = sim.referee.stacked_verdict(sim.layout.slot_reader("draw"), [tag_of("card", "Axe")] * 2)
        silent = Verdict(
            False, "Reader ...", code="reader_silent", params=(("place", "slot draw"), ("detail", "x"))
        )
        i18n.set_language("de")
        assert shown(no_roll) == "Jetzt wird kein Wurf erwartet"
        assert shown(put_back) == f"Lege {name} zurück: {i18n.tr(f'floor.{floor}')} {x},{y}"
        assert shown(stacked).startswith(
            f"2 Plättchen liegen übereinander auf {i18n.tr(f'floor.{floor}')} {x},{y}"
        )
        assert "Kitchen" in shown(stacked) and "04:00:00:00:00:00:01" in shown(stacked)
        assert shown(pad) == "2 Marken liegen auf dem Kartenfeld (Axe, Axe). Lege immer nur eine Karte"
        assert shown(silent) == "Der Leser Feld draw antwortet nicht (x)"
        unknown = Verdict(False, "Unknown ...", code="unknown_tag", params=(("uid", "04:AA"),))
        i18n.set_language("zh")
        assert shown(unknown).startswith("未知标签 04:AA")
        i18n.set_language("en")
        assert shown(put_back) == f"Put the {name} back at {floor} {x},{y}"  # English: the referee's words
    finally:
        i18n.set_language("en")
        sim.close()


def tag_of(kind: str, name: str) -> str:
    from hauntable.ui.simulator import tag_uid

    return tag_uid(kind, name)


def test_a_cell_choice_names_its_rule_in_the_language_and_a_card_as_printed():
    from gamekit import start
    from hauntable.games.betrayal.prompts import ChooseTarget
    from hauntable.ui.prompt_heading import heading

    state = start().state
    try:
        i18n.set_language("de")
        assert "der Kellerraum, in dem du landest" in heading(
            state, ChooseTarget(0, "t", "collapse_existing")
        )
        assert heading(state, ChooseTarget(0, "t", "Dynamite")).endswith("(Dynamite)")
    finally:
        i18n.set_language("en")


def test_a_cards_own_question_the_games_asked_carries_its_code():
    """Every card question (``choose`` in the card data) the simulated games asked names its
    ``question.<code>``, so no front-end reads the card's English back."""
    from hauntable.games.betrayal.prompts import ChooseOption

    asked = [p for _, p in ASKED.values() if isinstance(p, ChooseOption) and p.code == "choose"]
    assert asked, "the games asked no card question"
    assert all(p.question_text is not None for p in asked), [p.text for p in asked]


def test_a_monster_named_by_its_kind_is_not_named_twice_in_the_monster_turn():
    """H5.2's prompt names the monster, and its kind only where the two differ ("Mummy (Mummy)")."""
    from gamekit import in_haunt, monster, start
    from hauntable.games.betrayal.prompts import MonsterTurn
    from hauntable.ui.prompt_heading import heading

    ghouls = {"Ghoul": monster("Ghoul"), "Ghoul 2": monster("Ghoul", room="Foyer")}
    state = in_haunt(start(), traitor=1, monsters=ghouls).state
    try:
        for lang in ("en", "de"):
            i18n.set_language(lang)
            one = heading(state, MonsterTurn(0, "", "Ghoul", 2))
            two = heading(state, MonsterTurn(0, "", "Ghoul 2", 1))
            assert one.count("Ghoul") == 1 and "Entrance Hall" in one, one
            assert "(Ghoul)" in two and "Foyer" in two, two
    finally:
        i18n.set_language("en")


def declared_reasons() -> set[str]:
    """Every reason the engine's own rules give a win (``declare(w, side, "why")`` literals, H6.1)."""
    reasons = set()
    for path in sorted((APP / "games").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = getattr(node, "func", None)
            if getattr(func, "id", None) == "declare" and len(node.args) == 3:
                why = node.args[2]
                if isinstance(why, ast.Constant) and isinstance(why.value, str):
                    reasons.add(why.value)
    return reasons


@pytest.mark.parametrize("lang", OTHERS)
def test_H6_1_a_victory_line_keeps_the_engines_reason_in_every_language(lang):
    """'The heroes win: the other side agrees' must not shrink to 'Die Helden gewinnen' on screen."""
    reasons = declared_reasons()
    assert len(reasons) >= 5, reasons
    side = i18n.catalog(lang)["out.haunt.victory.heroes"]
    dropped = []
    for why in sorted(reasons):
        o = Outcome(f"The heroes win: {why}", "haunt.victory", (("side", "heroes"), ("variant", "heroes")))
        text = i18n.outcome_text(o, lang)
        if not text.startswith(f"{side}: ") or len(text) <= len(side) + 3:
            dropped.append(why)
    assert not dropped, dropped
