"""The words on a prompt's buttons: one label per legal input, in the current language.

Nothing here decides a rule (house style 14): the buttons are exactly ``prompt.choices()``, labelled.
Card, room, monster and token names stay as printed, only verbs and fixed words are translated; an input
with no words of its own shows its text form.
"""

from __future__ import annotations

from hauntable.engine.inputs import Input
from hauntable.engine.prompts import OptionText, Prompt
from hauntable.games.betrayal import inputs as bi
from hauntable.games.betrayal.content import TRAITS, Content
from hauntable.games.betrayal.house import OPPOSITE, HouseView, doors_of
from hauntable.games.betrayal.prompts import (
    HAUNT_ACTIONS,
    ChooseAction,
    ChooseOption,
    ChooseRotation,
    ChooseTarget,
    MonsterTurn,
    SplitDamage,
)
from hauntable.games.betrayal.state import State
from hauntable.games.betrayal.tool_inputs import (
    Back,
    CarryToken,
    ChangeSide,
    Check,
    Claim,
    Counter,
    Escape,
    Kill,
    ShiftTrait,
    Tools,
    Track,
)
from hauntable.ui.hauntview import haunt_number, printed_label
from hauntable.ui.i18n import tr

ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}  # door directions, the same in every language


def choice_label(state: State, content: Content, prompt: Prompt, inp: Input) -> str:
    """A button's words for one legal input; falls back to the input's own text form."""
    if isinstance(inp, bi.Act):
        return act_label(state, inp)
    if isinstance(prompt, MonsterTurn) and isinstance(inp, bi.Attack):  # a monster's attack (H5.7): whom
        return tr("action.attack", who=state.explorers[int(inp.target)].name)
    if isinstance(prompt, ChooseAction):
        if isinstance(inp, bi.Move):
            label = tr("action.move", dir=tr(f"dir.{inp.to}"))
            room = state.current.room
            if inp.to in OPPOSITE and room in state.house:
                beyond = HouseView(state, content).connected(room, inp.to)
                label += f"\n{beyond}" if beyond else "\n?"
            return label
        if isinstance(inp, bi.Attack):  # whom, and with what when it is not a plain Might attack
            target = inp.target
            name = state.explorers[int(target)].name if target.isdigit() else target
            monster = state.haunt.monsters.get(target) if state.haunt else None
            name = (monster.name or name) if monster else name
            trait = tr(f"trait.{inp.trait}") if inp.trait != "might" else ""
            extra = " / ".join(x for x in (inp.weapon, trait) if x)
            return tr("action.attack", who=name) + (f"\n{extra}" if extra else "")
        card_action = action_label(state, inp)
        if card_action is not None:
            return card_action
        if inp.kind in HAUNT_ACTIONS:  # a scripted haunt's own actions: their action and option as written
            return other_label(inp)
        return tr(f"action.{inp.kind}")
    if isinstance(prompt, SplitDamage):
        a, b = prompt.traits
        return tr(
            "split.option", a=tr(f"trait.{a}"), n=getattr(inp, a), b=tr(f"trait.{b}"), m=getattr(inp, b)
        )
    if isinstance(prompt, ChooseRotation) and isinstance(inp, bi.Rotate):
        doors = doors_of(content.rooms[prompt.tile], inp.quarter_turns)
        return tr("rotation.option", n=inp.quarter_turns, doors=" ".join(ARROWS[d] for d in doors))
    if isinstance(prompt, ChooseTarget) and isinstance(inp, bi.Target):
        return tr("target.option", floor=tr(f"floor.{inp.floor}"), x=inp.x, y=inp.y)
    if isinstance(prompt, ChooseOption) and isinstance(inp, bi.Choose):
        texts = dict(zip(prompt.options, prompt.option_texts, strict=False))
        return option_label(inp.option, texts.get(inp.option))
    tool = action_label(state, inp)  # the haunt's tools (HauntTools), and opening them on a monster's turn
    if tool is not None:
        return tool
    return other_label(inp)


OPTION_WORDS: tuple[str, ...] = ("yes", "no", "accept", "refuse", "keep", "all", "done", "nothing")
OPTION_WORDS += ("take", "decline", "bring", "leave", "seen", "reorder", "mental", "physical", "none")
OPTION_PHRASES = {  # options that are fixed phrases of the engine or the card data -> catalog key
    "keep a roll": "option.keep_roll",
    "the 0s": "option.zeros",
    "the 0s and 1s": "option.zeros_ones",
    "an item for you": "option.mirror_for",
    "an item from you": "option.mirror_from",
}


def option_label(option: str, text: OptionText | None = None) -> str:
    """One option of a card's or rule's choice: its words in the current language when we know them (the
    engine's :class:`OptionText` for an option built from names and numbers, such as "steal Axe"; yes, a
    trait, a floor, a direction, a deck), else the option itself (names stay as printed). The option the
    engine receives is unchanged: only the button's words are translated."""
    if text is not None:
        return tr(f"option.{text.code}", **dict(text.params))
    if option in OPTION_WORDS:
        return tr(f"option.{option}")
    if option in OPTION_PHRASES:
        return tr(OPTION_PHRASES[option])
    for group in ("trait", "floor", "dir", "deck"):
        if tr(f"{group}.{option}") != f"{group}.{option}":
            return tr(f"{group}.{option}")
    return option


def act_label(state: State, inp: bi.Act) -> str:
    """A scripted haunt's own action (docs/haunts.md): its verb from the catalog (``act.<action>``), its
    option a trait's word, an explorer's name for a seat, else as printed (a card's or item's name)."""
    verb = tr(f"act.{inp.action}")
    if (
        verb == f"act.{inp.action}"
    ):  # a printed haunt's action: its words from the haunt file, else as written
        verb = printed_label(haunt_number(state), inp.action) or inp.action
    option = inp.option
    if option in TRAITS:
        option = tr(f"trait.{option}")
    elif option.isdigit() and int(option) < len(state.explorers):
        option = state.explorers[int(option)].name
    return f"{verb}\n{option}" if option else verb


def other_label(inp: Input) -> str:
    """The haunt's other prompts (the monster turn, the hand-off, a roll's aids); else the input's text."""
    if isinstance(inp, bi.Go):
        return tr("action.monster_go", room=inp.room)
    if isinstance(inp, bi.EndTurn):
        return tr("action.monster_end")
    if isinstance(inp, bi.Ready):
        return tr("action.ready")
    if isinstance(inp, bi.Use):
        return tr("action.use", card=inp.name)
    if isinstance(inp, bi.Act):
        return f"{inp.action} {inp.option}".strip()
    return str(inp)


def action_label(state: State, inp: Input) -> str | None:
    """Words for a turn's card actions and book mode's tools (None: not one of them). Card, room, monster
    and token names stay as printed."""
    if isinstance(inp, bi.Use | bi.Drop | bi.Take):
        return tr(f"action.{inp.kind}", card=inp.name)
    if isinstance(inp, bi.Give):
        return tr("action.give", card=inp.name, who=state.explorers[inp.to].name)
    if isinstance(inp, bi.Trade):
        return tr("action.trade", who=state.explorers[inp.to].name)
    if isinstance(inp, bi.Free):
        return tr("action.free", who=state.explorers[inp.seat].name)
    tool = tool_label(state, inp)
    if tool is not None:
        return tool
    if isinstance(inp, bi.PlaceMonster):
        placed = state.haunt is not None and inp.name in state.haunt.monsters
        return tr("action.monster_move" if placed else "action.monster_new", name=inp.name, room=inp.room)
    if isinstance(inp, bi.Stun):
        return tr("action.stun", name=inp.name)
    if isinstance(inp, bi.PlaceToken):
        h = state.haunt
        carrier = h.carrier(inp.name) if h is not None else None
        if inp.room and carrier is not None and state.explorers[carrier].room == inp.room:
            return tr("action.token_drop", name=inp.name, who=state.explorers[carrier].name)
        if inp.room:
            return tr("action.token_put", name=inp.name, room=inp.room)
        return tr("action.token_off", name=inp.name)
    if isinstance(inp, bi.NameTraitor):
        return tr("action.traitor", who=state.explorers[inp.seat].name)
    return None


def tool_label(state: State, inp: Input) -> str | None:
    """Words for the haunt's tools and a victory claim (book_tools.py; None: not one of them)."""
    if isinstance(inp, Tools | Back):
        return tr(f"action.{inp.kind}")
    if isinstance(inp, Claim):
        return tr(f"action.claim.{inp.side}")
    if isinstance(inp, Kill):
        return tr(f"action.{inp.how}", name=inp.name)
    if isinstance(inp, Counter | Track):
        return tr(f"action.{inp.kind}_{'up' if inp.by > 0 else 'down'}", name=inp.name, n=abs(inp.by))
    if not isinstance(inp, Check | ShiftTrait | Escape | ChangeSide | CarryToken):
        return None
    who = state.explorers[inp.seat].name if 0 <= inp.seat < len(state.explorers) else str(inp.seat)
    if isinstance(inp, Check):
        return tr("action.check", who=who, trait=tr(f"trait.{inp.trait}"))
    if isinstance(inp, ShiftTrait):
        way = "up" if inp.by > 0 else "down"
        return tr(f"action.trait_{way}", who=who, trait=tr(f"trait.{inp.trait}"), n=abs(inp.by))
    if isinstance(inp, Escape):
        return tr(f"action.{inp.how}", who=who)
    if isinstance(inp, ChangeSide):
        return tr(f"action.side.{inp.side}", who=who)
    return tr("action.carry", who=who, name=inp.name)
