"""The awaited prompt's one line in the current language, worded from the prompt's typed fields and codes.

Apart from the buttons' words (``button_labels.py``) and the drawing models (``viewmodel.py``): a heading
is read from a prompt's ``code``, ``params`` and ``purpose_text``, never by translating the engine's
English back; in English, or without a translation, the engine's own sentence is shown.
"""

from __future__ import annotations

from hauntable.engine.prompts import Prompt, RollDice
from hauntable.games.betrayal.prompts import (
    AwaitCard,
    AwaitTile,
    ChooseAction,
    ChooseOption,
    ChooseRotation,
    ChooseTarget,
    HandOff,
    HauntTools,
    MonsterTurn,
    RearrangeFloor,
    SplitDamage,
)
from hauntable.games.betrayal.state import State
from hauntable.ui.hauntview import haunt_number, monster_word, printed_label, rules_card
from hauntable.ui.i18n import (
    catalog,
    labelled_action,
    language,
    monster_name,
    monster_names,
    placeholders,
    purpose_words,
    tr,
)
from hauntable.ui.rollheading import roll_heading


def who(state: State, seat: int | None) -> str:
    if seat is None:
        return ""
    e = state.explorers[seat]
    return f"{e.name} ({e.player})"


def heading(state: State, prompt: Prompt) -> str:
    """The prompt's one line, in the current language, from its typed fields."""
    w = who(state, prompt.player if prompt.player is not None else state.turn.seat)
    if isinstance(prompt, ChooseAction):
        return tr("prompt.action", who=w, n=prompt.movement_left)
    if isinstance(prompt, RollDice):
        special = roll_heading(
            state, prompt, w, purpose_text(prompt, haunt_number(state))
        )  # the haunt roll, a monster's
        if special is not None:
            return special
        if prompt.trait and prompt.target is not None:
            trait = tr(f"trait.{prompt.trait}")
            return tr(
                "prompt.roll_target",
                who=w,
                n=prompt.dice,
                trait=trait,
                purpose=purpose_text(prompt, haunt_number(state)),
                target=prompt.target,
            )
        return tr("prompt.roll", who=w, n=prompt.dice, purpose=purpose_text(prompt, haunt_number(state)))
    if isinstance(prompt, SplitDamage):
        return tr("prompt.split", who=w, n=prompt.amount, damage=tr(f"damage.{prompt.damage}"))
    if isinstance(prompt, ChooseRotation):
        return tr("prompt.rotation", who=w, tile=prompt.tile)
    if isinstance(prompt, ChooseTarget):
        purpose = prompt.purpose  # a rule's own (collapse, elevator) is worded; a card's name stays
        if f"target_purpose.{purpose}" in catalog("en"):
            purpose = tr(f"target_purpose.{purpose}")
        return tr("prompt.target", who=w, purpose=purpose)
    if isinstance(prompt, AwaitTile):
        return tr("prompt.tile", floor=tr(f"floor.{prompt.floor}"))
    if isinstance(prompt, RearrangeFloor):
        changes = [tr("rearrange.move", room=room, x=x, y=y) for room, x, y in prompt.moves]
        changes += [tr("rearrange.turn", room=room) for room in prompt.turned]
        return tr("prompt.rearrange", who=w, floor=tr(f"floor.{prompt.floor}"), changes="; ".join(changes))
    if isinstance(prompt, AwaitCard):
        return tr("prompt.card", who=w, deck=tr(f"deck.{prompt.deck}"))
    if isinstance(prompt, ChooseOption):
        return asked_text(prompt, w, haunt_number(state))
    if isinstance(prompt, HandOff) and prompt.code and language() != "en":
        params = {"who": w, "number": prompt.number, **dict(prompt.params)}
        text = tr(f"handoff.{prompt.code}", **params)
        card = (  # the heroes' rules card: the haunt file's lines, in the table's language (haunts catalog)
            rules_card(state, prompt.number, "heroes")
            if prompt.code in ("printed.heroes", "printed.open", "printed.hidden")
            else None
        )
        return f"{text}\n{card}" if card else text
    if isinstance(prompt, HauntTools):
        return tr("prompt.tools", who=w)
    if isinstance(prompt, MonsterTurn):
        monster = state.haunt.monsters.get(prompt.monster) if state.haunt else None
        name = monster_name(haunt_number(state), prompt.monster)
        kind = monster_word(state, monster.kind, monster.kind) if monster else ""
        return tr(  # a monster named by its kind alone is not named twice ("Mummy (Mummy)")
            "prompt.monster" if kind and kind != name else "prompt.monster_plain",
            monster=name,
            kind=kind,
            room=monster.room if monster else "",
            n=prompt.movement_left,
        )
    return prompt.text


# parameters of a choice's heading that name an identifier with a catalog entry of its own (its group)
WORDED_PARAMS = {"trait": "trait", "floor": "floor", "deck": "deck", "dir": "dir"}


def asked_text(prompt: ChooseOption, w: str, number: int = 0) -> str:
    """A card's or rule's choice in the current language by its ``code`` (``ask.<code>``), names as printed;
    in English, or without a translation, the engine's own sentence."""
    if language() == "en" or not prompt.code:
        return prompt.text
    key = f"ask.{prompt.code}"
    params: dict[str, object] = {"who": w, **monster_names(dict(prompt.params), number, language())}
    if prompt.code == "choose":
        if prompt.question_text is None:  # a question the engine gives no code: its own words
            return prompt.text
        question = dict(prompt.question_text.params)
        for name, group in WORDED_PARAMS.items():
            if name in question:
                question[name] = tr(f"{group}.{question[name]}")
        params["question"] = tr(f"question.{prompt.question_text.code}", **question)
    for name, group in WORDED_PARAMS.items():
        if name in params and f"{group}.{params[name]}" in catalog("en"):
            params[name] = tr(f"{group}.{params[name]}")
    text = catalog(language()).get(key)
    if text is None or not placeholders(text) <= set(params):
        return prompt.text
    return text.format(**params)


def purpose_text(prompt: RollDice, number: int = 0) -> str:
    """A roll's purpose in the current language: a rule's (``purpose.<code>``, from the engine's
    ``purpose_text``) with its room, explorer or monster names as printed, a haunt task's action worded
    (``act.<action>``, or printed haunt ``number``'s button words); a card's or room's name, and every
    purpose in English, as the engine gave it."""
    worded = prompt.purpose_text
    if language() == "en":
        return prompt.purpose
    if worded is None:
        return labelled_action(number, prompt.purpose, language())
    params = monster_names(dict(worded.params), number, language())  # "attack on Mummy": the Mummy worded
    params = purpose_words(params, language())  # a printed haunt's counter by its label
    action = params.get("action")
    if action is not None and f"act.{action}" in catalog("en"):
        params["action"] = tr(f"act.{action}")
    elif isinstance(action, str) and printed_label(number, action) is not None:
        params["action"] = printed_label(number, action)
    return tr(f"purpose.{worded.code}", **params)
