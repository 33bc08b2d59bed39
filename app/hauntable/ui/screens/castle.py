"""The Geisterstunde screen: the castle, whose turn, hand sizes, the top card's crest, the plan cards
(face down until turned over), the answers to the awaited prompt, what just happened, the winner.

The ghost's plan is built on a pad of five crest buttons: taps add a card face down (the pad shows how many,
not which: the five buttons look the same whatever was tapped, and a second tap on a crest already laid
changes nothing), "Lay the cards" submits them, "Take them back" starts again. On a shared screen the table
can watch the ghost's fingers; at a table with readers the plan slots keep it secret: on a live
table (``--table live``) the pad gives way to "The cards are laid", and a line says what the hands do.
Nothing on this screen depends on a plan card not yet turned over: a refused plan is worded by its
rule, not by the engine's sentence that names the card (tests/ui/test_ui_castle_secrets.py plays twin
games that differ only in the hidden cards and compares every widget and the pixels).
"""

from __future__ import annotations

from kivy.app import App
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from hauntable.engine.outcomes import Outcome
from hauntable.games.geisterstunde.content import content_of
from hauntable.games.geisterstunde.inputs import Plan
from hauntable.ui import i18n
from hauntable.ui.castle_view import (
    castle_model,
    choice_label,
    crest_name,
    heading,
    outcome_line,
    refusal_line,
    table_line,
)
from hauntable.ui.widgets.castle import CastleBoard  # noqa: F401  (castle.kv uses it)
from hauntable.ui.widgets.prompt import ChoiceButton

RECENT = 6
LIVE_HINTS = ("plan", "turn", "draw", "discard", "reveal")  # prompts the hands answer on a live table


class CastleScreen(Screen):
    """Properties and redraw only; the layout is castle.kv, the actions go through the app's channel."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.content = content_of(None)  # the game's board, set at each refresh
        self.pending_plan: list[str] = []
        self.recent: list[Outcome] = []  # newest first; words chosen at each redraw, in today's language
        self._channel = None  # the game's channel last shown (a new one: a new game)
        self._seq = -1  # the seq last shown
        self.table_message = ""  # what the simulated table's referee said last
        self.ids.board.on_room = self._room_tapped

    def refresh(self) -> None:
        app = App.get_running_app()
        channel = app.controller.channel if app else None
        if channel is None or channel.session.game.name != "geisterstunde":
            return
        state = channel.step.state
        self.content = content_of(state.config.board)  # ours, or the table's own board
        model = castle_model(state, self.content)
        self.ids.board.model = model
        self.ids.status.text = "\n".join(model.status)
        if channel is not self._channel:  # a new game: its outcomes from now on, every step's
            self._channel = channel
            self.recent = list(reversed(channel.step.outcomes))[:RECENT]
            channel.bind(on_step=lambda step, c=channel: self._stepped(c, step))
        if state.seq != self._seq:
            self._seq = state.seq
            if state.awaiting is None or state.awaiting.kind != "plan":
                self.pending_plan = []
        self.ids.outcomes.text = "\n".join(outcome_line(o, self.content) for o in self.recent)
        refusal = channel.last_refusal
        text = ""
        if refusal is not None and refusal.seq == state.seq:
            text = refusal_line(refusal.code, refusal.rule, refusal.sentence)
        self.ids.refusal.text = text
        self.ids.table.text = self._table_text(state, app)
        self.ids.heading.text = heading(state)
        self.ids.winner.text = i18n.tr("castle.won", who=model.winner) if model.winner else ""
        self._answers(state, app)

    def _answers(self, state, app) -> None:
        area = self.ids.answers
        area.clear_widgets()
        prompt = state.awaiting
        if prompt is None:
            again = Button(text=i18n.tr("haunt.again"), font_size=22)
            again.bind(on_release=lambda *_: (app.controller.abandon_game(), app.go("attract")))
            area.add_widget(again)
            return
        if prompt.kind == "plan":
            live = app.controller.live_table
            area.add_widget(self._plan_pad(state, app) if live is None else self._plan_laid(live))
            return
        choices = prompt.choices()
        grid = GridLayout(cols=min(3, max(1, len(choices))), spacing=6)
        for inp in choices:
            b = ChoiceButton(text=choice_label(inp, state), inp=inp, seq=state.seq, font_size=18)
            b.bind(on_release=self._answer)
            grid.add_widget(b)
        area.add_widget(grid)

    def _stepped(self, channel, step) -> None:
        """Every step's outcomes, also of steps made between two frames (a live table's readers, a deal)."""
        app = App.get_running_app()
        if app is not None and app.controller.channel is channel:
            self.recent = (list(reversed(step.outcomes)) + self.recent)[:RECENT]

    def _table_text(self, state, app) -> str:
        """The line about the table: the simulated table's last words; on a live table what the hands do
        now and the referee's last words (worded for everyone's eyes); a table in trouble."""
        controller = app.controller
        if controller.castle_table is not None:
            return self.table_message
        live = controller.live_table
        if live is None:
            return controller.sim_message  # "The table's readers are not working (...)", or nothing
        trouble = controller.trouble()
        if trouble is not None:
            return controller.table_notice()
        lines = []
        if state.awaiting is not None and state.awaiting.kind in LIVE_HINTS:
            lines.append(i18n.tr(f"castle.live.{state.awaiting.kind}"))
        if live.verdict is not None:
            said = table_line(live.verdict, state, self.content)
            lines.append(i18n.tr("castle.for_ghost", text=said) if live.verdict.seat is not None else said)
        return "\n".join(line for line in lines if line)

    def _plan_laid(self, live) -> Button:
        """A live table: the ghost lays its cards face down on the plan slots (the readers keep them
        secret; four are the plan at once), and says here when fewer are all it lays."""
        done = Button(text=i18n.tr("castle.live.plan_done"), font_size=20)
        done.name = "plan-done"
        done.bind(on_release=lambda *_: live.table.referee.confirm_plan())
        return done

    def _answer(self, btn: ChoiceButton) -> None:
        """A tap on an answer: through the simulated table's key slot for a key, else the channel."""
        app = App.get_running_app()
        table = app.controller.castle_table
        if table is not None and btn.inp.kind == "key" and btn.seq == app.controller.channel.seq:
            state = app.controller.channel.step.state
            colour = btn.inp.card
            card = next(k for k in state.hands[state.turn] if k.startswith(colour + "-"))
            self._told(table.play_key(card))
            return
        app.controller.submit(btn.inp, btn.seq)
        if table is not None:
            table.sync()  # the figures follow what was done by touch (a reveal, a swap)

    def _room_tapped(self, room: str) -> None:
        """Simulated table: lift the figure whose move it is and set it down in ``room``."""
        app = App.get_running_app()
        table = app.controller.castle_table if app else None
        prompt = app.controller.channel.step.awaiting if app and app.controller.channel else None
        if table is None or prompt is None or prompt.kind not in ("turn", "reveal"):
            return
        self._told(table.move_figure(prompt.player, room))

    def _told(self, verdict) -> None:
        app = App.get_running_app()
        text = table_line(verdict, app.controller.channel.step.state, self.content)
        if verdict.seat is not None:  # addressed to the ghost, worded for everyone's eyes (table_line)
            text = i18n.tr("castle.for_ghost", text=text)
        self.table_message = text
        if verdict.accepted:
            app.controller.castle_table.sync()  # hands tidy the figures after a swap
        app.refresh()

    def _plan_pad(self, state, app) -> BoxLayout:
        pad = BoxLayout(orientation="vertical", spacing=6)
        crests = GridLayout(cols=5, spacing=6)
        for crest in self.content.crests:
            # never disabled or marked: a grey button would show the table which crests were laid
            b = Button(text=crest_name(crest), font_size=17)
            b.name = f"crest-{crest}"
            b.bind(on_release=lambda _b, c=crest: self._add(c))
            crests.add_widget(b)
        pad.add_widget(crests)
        row = BoxLayout(spacing=6)
        laid = Button(text=i18n.tr("castle.plan_lay", n=len(self.pending_plan)), font_size=18)
        laid.name = "plan-lay"
        laid.disabled = not self.pending_plan
        seq = state.seq
        laid.bind(on_release=lambda *_: self._lay(app, seq))
        back = Button(text=i18n.tr("castle.plan_clear"), font_size=18, disabled=not self.pending_plan)
        back.bind(on_release=lambda *_: self._clear())
        row.add_widget(laid)
        row.add_widget(back)
        pad.add_widget(row)
        return pad

    def _add(self, crest: str) -> None:
        if len(self.pending_plan) < 4 and crest not in self.pending_plan:
            self.pending_plan.append(crest)
        self.refresh()

    def _clear(self) -> None:
        self.pending_plan = []
        self.refresh()

    def _lay(self, app, seq: int) -> None:
        plan, self.pending_plan = tuple(self.pending_plan), []
        if app.controller.castle_table is not None and seq == app.controller.channel.seq:
            self._told(app.controller.castle_table.lay_plan(plan))  # face down on the four plan slots
            return
        app.controller.submit(Plan(plan), seq)
        self.refresh()
