"""The Betrayal play screen: three floors, explorer panels, the prompt at its seat, outcomes, simulator."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.button import Button
from kivy.uix.screenmanager import Screen

from hauntable.engine.outcomes import Outcome
from hauntable.textui.render import explorer_tags
from hauntable.ui import i18n
from hauntable.ui.hauntview import (
    card_sides,
    carried_by_seat,
    counter_lines,
    goal_lines,
    haunt_layer,
    traitor_name,
)
from hauntable.ui.mapfocus import map_focus
from hauntable.ui.screens.secret import is_hidden_haunt
from hauntable.ui.statusline import status_line
from hauntable.ui.viewmodel import explorer_models, floor_model
from hauntable.ui.widgets.explorer import ExplorerPanel
from hauntable.ui.widgets.floor_paint import HAUNT_TOKEN, MONSTER, STUNNED
from hauntable.ui.widgets.outcomes import show_fitting
from hauntable.ui.widgets.prompt import PromptBar

RECENT_OUTCOMES = 7
FULL_PANELS = 3  # up to this many seats every panel shows its full tracks; beyond, only the current one


def map_legend() -> list[tuple[tuple[float, float, float], str]]:
    """The haunt's marks on the map, named (the large floor's title line)."""
    return [
        (MONSTER, i18n.tr("map.monster")),
        (STUNNED, i18n.tr("map.stunned")),
        (HAUNT_TOKEN, i18n.tr("map.token")),
    ]


def haunt_box_text(state) -> str:
    """The haunt at a glance above the map: its number and name, the counters, and each side's goal."""
    h = state.haunt
    if h is None or not h.started or h.winner is not None:
        return ""
    title = i18n.tr("haunt.number", n=h.number)
    name = h.name
    named = f"{title}: {name}" if name and name != title and name != f"Haunt {h.number}" else title
    head = [f"[b]{named}[/b]", *counter_lines(state)]
    lines = ["   ·   ".join(head)]
    traitor = traitor_name(state)
    heroes, evil = i18n.tr("haunt.side.heroes"), i18n.tr("haunt.side.traitor")
    evil = f"{evil} ({traitor})" if traitor else evil
    for side, goal in goal_lines(state):
        who = evil if side == "traitor" else heroes
        colour = "ff7766" if side == "traitor" else "88ccff"
        lines.append(f"[color={colour}][b]{who}:[/b][/color] {goal}")
    if h.books_apart:  # H2.2: neither side's goal on the shared screen, each reads its own card
        sides = f"[color=88ccff][b]{heroes}[/b][/color], [color=ff7766][b]{evil}[/b][/color]"
        lines.append(f"{sides}: {i18n.tr('haunt.goals_apart')}")
        step = getattr(state.awaiting, "code", "")
        if step in ("printed.traitor", "printed.heroes") and traitor:  # the hand-off: who reads, who is away
            lines.append(i18n.tr(f"handoff.note.{step.split('.')[1]}", who=traitor))
    return "\n".join(lines)


def card_reveal(outcomes: tuple[Outcome, ...]) -> str:
    """The card drawn in this step, named big, with the effect sentence the engine gave for it (if any)."""
    for o in outcomes:
        if o.code in ("card.omen", "card.item", "card.event"):
            card = dict(o.params)["card"]
            # the card's effect line (its summary, or what a data effect said), in the table's language
            effect = next((i18n.outcome_text(x) for x in outcomes if x.text.startswith(f"{card}:")), "")
            title = f"[b]{i18n.tr('deck.' + o.code.split('.')[1])}: {card}[/b]"
            return f"{title}   {effect.removeprefix(card).lstrip(':： ')}" if effect else title  # noqa: RUF001
    return ""


class PlayScreen(Screen):
    """Properties and redraw only; the layout is play.kv, the actions go through the app's channel."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.prompt_bar = PromptBar()
        self.panels: list[ExplorerPanel] = []
        self._built_for: tuple[int, str] | None = None
        self._cards_for: tuple[tuple[str, ...], str] = ((), "")  # the card buttons shown, in which language
        self._panels_lang = ""  # the language the explorer panels were last drawn in
        self._auto_focus = ""  # the floor play last moved to (a tap on a small floor shows another)
        self.ids.seatbox.content = self.prompt_bar
        # the panels change height after they are drawn (a death, cards): place the column again then
        self.ids.panels.bind(height=lambda *_a: Clock.schedule_once(self._follow_current))
        # and when the column's own height settles (a column laid out after the panels kept their scroll)
        self.ids.panel_scroll.bind(height=lambda *_a: Clock.schedule_once(self._follow_current))

    def refresh(self) -> None:
        self.refresh_map()
        self.refresh_rest()

    def refresh_map(self) -> None:
        """The three floors only: what a tile laid on the table must change first (see app._on_step_frame)."""
        app = App.get_running_app()
        channel = app.controller.channel if app else None
        if channel is None:
            return
        state, content = channel.step.state, app.controller.content
        tags = explorer_tags(state)
        layer = haunt_layer(state)
        carrying = sorted(carried_by_seat(state))
        legend = map_legend() if layer.monsters or layer.tokens else []
        focus = map_focus(state)
        for floor in ("basement", "ground", "upper"):
            view = self.ids[floor]
            view.title = i18n.tr(f"floor.{floor}")
            view.tags = [tags[e.seat] for e in state.explorers]
            view.carrying = carrying
            view.haunt = layer
            view.legend = legend
            if focus is not None and focus[0] == floor:
                view.center_on = focus[1]
            view.model = floor_model(state, content, floor)
        if focus is not None and focus[0] != self._auto_focus:  # play moved to another floor: show it large
            self._auto_focus = focus[0]
            self.ids.house.focus = focus[0]

    def refresh_rest(self) -> None:
        """Status line, explorer panels, prompt bar, outcomes, card reveal."""
        app = App.get_running_app()
        channel = app.controller.channel if app else None
        if channel is None:
            return
        state, content = channel.step.state, app.controller.content
        self.ids.status.text = status_line(state)
        refusal = channel.last_refusal
        sentence = ""
        if refusal is not None:
            sentence = i18n.refusal_text(refusal.code, refusal.rule, refusal.sentence)
        self._panels(state, content, refusal.seat if refusal else None, sentence)
        prompt = state.awaiting
        seat = prompt.player if prompt is not None and prompt.player is not None else state.turn.seat
        self.ids.seatbox.angle = app.controller.settings.seat_angles[
            seat % len(app.controller.settings.seat_angles)
        ]
        tower = app.controller.tower_text()
        if self._built_for != (state.seq, app.lang, tower):
            self._built_for = (state.seq, app.lang, tower)
            sim = {  # the simulator panel's hands; a live table's hands are real (none shown)
                "throw": lambda: app.controller.sim("throw"),
                "place_tile": lambda: app.controller.sim("place_tile"),
                "draw_card": lambda: app.controller.sim("draw_card"),
                "rearrange": lambda: app.controller.sim("rearrange"),
            }
            sim = sim if app.controller.simulator is not None else {}
            self.prompt_bar.show(
                state, content, app.controller.submit, sim, app.controller.roll_virtual, tower
            )
        self.prompt_bar.refusal = sentence
        self.prompt_bar.notice = app.controller.table_notice()
        show_fitting(self.ids.happened, self._recent(channel))
        self.ids.reveal.text = card_reveal(channel.step.outcomes)
        self.ids.haunt_box.text = haunt_box_text(state)
        hidden = is_hidden_haunt(state) and state.haunt.winner is None
        button = self.ids.secret
        button.height, button.opacity, button.disabled = (36, 1, False) if hidden else (0, 0, True)
        self._card_buttons(card_sides(state), app)

    def _card_buttons(self, sides: tuple[str, ...], app) -> None:
        """Each side's "read your card" button (H2.2), or one "Rules card" for a haunt everyone reads."""
        row = self.ids.cards
        if self._cards_for == (sides, app.lang):
            return
        self._cards_for = (sides, app.lang)
        row.clear_widgets()
        row.height, row.opacity, row.disabled = (36, 1, False) if sides else (0, 0, True)
        for side in sides:
            b = Button(
                text=i18n.tr(f"card.button.{side}"), font_size=14, background_color=(0.45, 0.3, 0.6, 1)
            )
            b.name = f"card-{side}"
            b.halign = "center"
            b.bind(width=lambda b, w: setattr(b, "text_size", (w - 6, None)))
            b.bind(on_release=lambda _b, side=side: app.read_card(side))
            row.add_widget(b)

    def _panels(self, state, content, refused_seat: int | None, sentence: str) -> None:
        models = explorer_models(state, content)
        carried = carried_by_seat(state)
        box = self.ids.panels
        if len(self.panels) != len(models):
            box.clear_widgets()
            self.panels = [ExplorerPanel(size_hint_y=None) for _ in models]
            for p in self.panels:
                box.add_widget(p)
        relabel = self._panels_lang != i18n.language()  # the language changed: the same models, new words
        self._panels_lang = i18n.language()
        compact = len(models) > FULL_PANELS  # 4-6 seats: only the explorer whose turn it is in full
        for panel, model in zip(self.panels, models, strict=True):
            panel.refusal = sentence if refused_seat == model.seat else ""
            panel.compact = compact and not model.current
            panel.carried = list(carried.get(model.seat, ()))
            if panel.model != model:  # frozen dataclasses: equal models need no redraw
                panel.model = model
            elif relabel:
                panel.refresh()
        Clock.schedule_once(self._follow_current)

    def _follow_current(self, *_args) -> None:
        """The column follows the explorer whose turn it is, when it is taller than its place."""
        scroll = self.ids.panel_scroll
        current = next((p for p in self.panels if p.model is not None and p.model.current), None)
        if self.ids.panels.height <= scroll.height:
            scroll.scroll_y = 1
        elif current is not None:
            scroll.scroll_to(current, padding=0, animate=False)

    def _recent(self, channel) -> list[str]:
        outcomes: list[Outcome] = [o for step in channel.history[-RECENT_OUTCOMES:] for o in step.outcomes]
        h = channel.step.state.haunt
        number = h.number if h is not None else 0  # a printed haunt's monsters worded in the table's language
        return [f"· {i18n.outcome_text(o, haunt=number)}" for o in outcomes[-RECENT_OUTCOMES:]]
