"""What to draw, read from engine state: floors, explorer panels, prompt buttons. Kivy-free and pure.

Nothing here decides a rule (house style 14): the buttons are exactly ``prompt.choices()``, labelled;
the cells offered are the prompt's own; door geometry comes from the engine's ``HouseView``.
"""

from __future__ import annotations

import dataclasses

from hauntable.engine.inputs import Input
from hauntable.engine.prompts import OptionText, Prompt, RollDice
from hauntable.games.betrayal import inputs as bi
from hauntable.games.betrayal.content import FLOORS, TRAITS, Content
from hauntable.games.betrayal.haunts.printed import action_label as printed_action_label
from hauntable.games.betrayal.house import OPPOSITE, HouseView, doors_of, neighbour
from hauntable.games.betrayal.prompts import (
    HAUNT_ACTIONS,
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
from hauntable.ui.i18n import catalog, language, placeholders, scenario_texts, tr
from hauntable.ui.rollheading import roll_heading

ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}  # door directions, the same in every language
SEAT_COLORS = (
    (0.90, 0.30, 0.30),
    (0.30, 0.60, 0.95),
    (0.35, 0.80, 0.40),
    (0.95, 0.80, 0.25),
    (0.75, 0.45, 0.90),
    (0.95, 0.55, 0.20),
)


@dataclasses.dataclass(frozen=True)
class TileModel:
    name: str
    x: int
    y: int
    doors: tuple[str, ...]  # doors that open (onto a door or onto open space), world directions
    explorers: tuple[int, ...]  # seats standing here
    tokens: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class FloorModel:
    floor: str
    tiles: tuple[TileModel, ...]
    doorways: tuple[tuple[int, int], ...]  # empty cells behind an open door
    offered: tuple[tuple[int, int], ...]  # cells the awaited prompt asks to tap (tile or target)

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1) over tiles, doorways and offered cells; (0, 0, 0, 0) for an empty floor."""
        cells = [(t.x, t.y) for t in self.tiles] + list(self.doorways) + list(self.offered)
        if not cells:
            return (0, 0, 0, 0)
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        return (min(xs), min(ys), max(xs), max(ys))


def floor_model(state: State, content: Content, floor: str) -> FloorModel:
    view = HouseView(state, content)
    placed = {(p.x, p.y): name for name, p in state.house.items() if p.floor == floor}
    tiles = []
    for (x, y), name in sorted(placed.items()):
        doors = []
        for d in view.doors(name):
            other = placed.get(neighbour(floor, x, y, d)[1:])
            if other is None or OPPOSITE[d] in view.doors(other):
                doors.append(d)  # a door onto another room's wall is drawn as wall
        here = tuple(e.seat for e in state.explorers if e.room == name and e.alive)
        tokens = tuple(sorted(t for t, room in state.tokens.items() if room == name))
        tiles.append(TileModel(name, x, y, tuple(doors), here, tokens))
    doorways: set[tuple[int, int]] = set()
    if view.tiles_left_for(floor):
        doorways = {(c[1], c[2]) for _, _, c in view.open_doorways(floor)}
    return FloorModel(floor, tuple(tiles), tuple(sorted(doorways - set(placed))), offered_cells(state, floor))


def offered_cells(state: State, floor: str) -> tuple[tuple[int, int], ...]:
    prompt = state.awaiting
    if isinstance(prompt, AwaitTile) and prompt.floor == floor:
        return tuple(prompt.cells)
    if isinstance(prompt, ChooseTarget):
        return tuple((t.x, t.y) for t in prompt.targets if isinstance(t, bi.Target) and t.floor == floor)
    if isinstance(prompt, ChooseRotation) and prompt.floor == floor:
        return ((prompt.x, prompt.y),)  # the new tile being turned
    return ()


@dataclasses.dataclass(frozen=True)
class TraitModel:
    trait: str
    value: int
    track: tuple[int, ...]
    index: int
    start: int


@dataclasses.dataclass(frozen=True)
class ExplorerModel:
    seat: int
    name: str
    player: str
    room: str
    current: bool
    alive: bool
    traits: tuple[TraitModel, ...]
    items: tuple[str, ...]
    omens: tuple[str, ...]


def explorer_models(state: State, content: Content) -> tuple[ExplorerModel, ...]:
    out = []
    for e in state.explorers:
        ch = content.characters[e.character]
        traits = tuple(
            TraitModel(t, ch.tracks[t][e.traits[t]], tuple(ch.tracks[t]), e.traits[t], ch.start[t])
            for t in TRAITS
        )
        current = state.turn.seat == e.seat and state.awaiting is not None
        out.append(
            ExplorerModel(
                e.seat, e.name, e.player, e.room, current, e.alive, traits, tuple(e.items), tuple(e.omens)
            )
        )
    return tuple(out)


# --- the prompt ---------------------------------------------------------------------------------------


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
        special = roll_heading(state, prompt, w, purpose_text(prompt))  # the haunt roll, a monster's
        if special is not None:
            return special
        if prompt.trait and prompt.target is not None:
            trait = tr(f"trait.{prompt.trait}")
            return tr(
                "prompt.roll_target",
                who=w,
                n=prompt.dice,
                trait=trait,
                purpose=purpose_text(prompt),
                target=prompt.target,
            )
        return tr("prompt.roll", who=w, n=prompt.dice, purpose=purpose_text(prompt))
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
        return asked_text(prompt, w)
    if isinstance(prompt, HandOff) and prompt.code and language() != "en":
        params = {"who": w, "number": prompt.number, **dict(prompt.params)}
        if prompt.code.startswith("scenario"):  # our own scenario's name and goals, in ui/locale/scenarios_*
            params.update(scenario_texts(language()).get(prompt.number, {}))
        text = tr(f"handoff.{prompt.code}", **params)
        card = (
            params.get("card")
            if prompt.code in ("printed.heroes", "printed.open", "printed.hidden")
            else None
        )
        return f"{text}\n{card}" if card else text  # the rules card: the haunt file's own words
    if isinstance(prompt, HauntTools):
        return tr("prompt.tools", who=w)
    if isinstance(prompt, MonsterTurn) and language() != "en":
        monster = state.haunt.monsters.get(prompt.monster) if state.haunt else None
        return tr(
            "prompt.monster",
            monster=prompt.monster,
            kind=monster.kind if monster else "",
            room=monster.room if monster else "",
            n=prompt.movement_left,
        )
    return prompt.text


# parameters of a choice's heading that name an identifier with a catalog entry of its own (its group)
WORDED_PARAMS = {"trait": "trait", "floor": "floor", "deck": "deck", "dir": "dir"}


def asked_text(prompt: ChooseOption, w: str) -> str:
    """A card's or rule's choice in the current language by its ``code`` (``ask.<code>``), names as printed;
    in English, or without a translation, the engine's own sentence."""
    if language() == "en" or not prompt.code:
        return prompt.text
    key = f"ask.{prompt.code}"
    params: dict[str, object] = {"who": w, **dict(prompt.params)}
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


def purpose_text(prompt: RollDice) -> str:
    """A roll's purpose in the current language: a rule's (``purpose.<code>``, from the engine's
    ``purpose_text``) with its room, explorer or monster names as printed, a haunt task's action worded
    (``act.<action>``); a card's or room's name, and every purpose in English, as the engine gave it."""
    worded = prompt.purpose_text
    if language() == "en" or worded is None:
        return prompt.purpose
    params = dict(worded.params)
    action = params.get("action")
    if action is not None and f"act.{action}" in catalog("en"):
        params["action"] = tr(f"act.{action}")
    return tr(f"purpose.{worded.code}", **params)


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
        verb = (
            printed_action_label(state.haunt.number if state.haunt else 0, inp.action, language())
            or inp.action
        )
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


def floors() -> tuple[str, ...]:
    """Floors in drawing order, bottom to top of the house: basement, ground, upper."""
    return tuple(FLOORS)
