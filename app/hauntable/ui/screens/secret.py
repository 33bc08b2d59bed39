"""The private hand-off of a hidden-traitor haunt (H2.2, H4.1, H4.3) on a shared screen: "pass the table to
seat N", then only that player's token (read through ``Haunt.secret_seen_by``, so no other token can reach
the screen),
then hidden again before the next player. The holder of token 1 may reveal from here while the game awaits a
prompt that accepts it; every seat's private view has the same layout, so a glance tells nobody much.

After the haunt banner every living explorer looks once, in seat order; later the play screen's "Secret
tokens" button opens a picker for one player to look again (and for the traitor to reveal).

With the table's own tokens (``cards="table"``) the players deal them by hand and the engine asks each
explorer in turn to tell their number (a private ``tell_token`` prompt): the app comes here for each, "pass
the table", then that player taps the number on their token; the next is asked until all have told. Haunt
41's invisible traitor tells the room their move ends in the same way (``hide_room``).

A printed haunt's rules card (H2.2) is told the same way: the traitor's card after "pass the table to the
traitor, everyone else looks away", the heroes' after "the traitor looks away"; a card everyone reads (a
hidden-traitor or no-traitor haunt) is shown at once. Hiding it blanks the screen and goes back to the game.
"""

from __future__ import annotations

from kivy.app import App
from kivy.uix.button import Button
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from hauntable.games.betrayal.inputs import Choose, Reveal
from hauntable.ui.hauntview import private_card
from hauntable.ui.i18n import tr


def is_hidden_haunt(state) -> bool:
    """A hidden-traitor haunt whose tokens are dealt (the screen has something private to show)."""
    return state is not None and state.haunt is not None and state.haunt.secret is not None


# private prompts one explorer answers alone (the screen passes to them first): the number of a token dealt
# by hand (H4.1), and haunt 41's invisible traitor telling the room their move ends in: the button's and
# the question's words
TELLS = {"tell_token": ("secret.tell", "secret.which"), "hide_room": ("secret.tell_room", "secret.where")}


def token_to_tell(state):
    """The private prompt asking one explorer to tell what only they know (``TELLS``), or None."""
    prompt = state.awaiting if state is not None else None
    return prompt if getattr(prompt, "code", "") in TELLS else None


def private_lines(state, seat: int) -> list[str]:
    """What ``seat`` may read on the private view: their own token only (H4.1); in haunt 43, their own hand
    of tokens and whether they have become a traitor (``Haunt.private``, the seat's own part only)."""
    h = state.haunt
    hands, made = h.private.get("hands"), h.private.get("traitors", ())
    if hands:
        lines = [tr("secret.tokens", tokens=", ".join(str(t) for t in hands[seat]))]
        lines.append(tr("secret.traitor_for_good") if seat in made else tr("secret.hero"))
        return lines
    token = h.secret_seen_by(seat)[seat]
    lines = [tr("secret.token", n=token)]
    lines.append(tr("secret.traitor") if token == 1 else tr("secret.hero"))
    return lines


def may_reveal(state, seat: int) -> bool:
    """The reveal button: token 1, still hidden, the haunt allows it, and the awaited prompt accepts a reveal
    (H4.3)."""
    h = state.haunt
    prompt = state.awaiting
    if h.vars.get("_no_reveal"):  # haunt 43: a traitor may never reveal
        return False
    return h.hidden and (h.secret or [])[seat] == 1 and prompt is not None and "reveal" in prompt.accepts


class SecretScreen(Screen):
    """Three views: the picker (``queue`` empty), "pass the table" (``showing`` False), the private token."""

    queue: list[int]
    showing: bool = False
    telling: bool = False  # tokens dealt by hand are being told: back to the game once all are
    card_side: str = ""  # a rules card asked for: "heroes", "traitor" or "all" (hauntview.card_sides)
    shown_for: tuple[int, int, int] | None = None  # (game channel, state seq, seat) of the question shown

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.queue = []

    def start(self, seats: list[int]) -> None:
        self.queue, self.showing, self.card_side = list(seats), False, ""

    def start_card(self, side: str) -> None:
        """One side's rules card: first the other side looks away (a card all read shows at once)."""
        self.queue, self.showing, self.card_side = [], side == "all", side

    def refresh(self) -> None:
        app = App.get_running_app()
        state = app.controller.channel.step.state if app and app.controller.channel else None
        box = self.ids.buttons
        box.clear_widgets()
        tell = token_to_tell(state)
        if tell is not None:
            self._tell_view(state, tell, box)
            return
        self._card_font(bool(self.card_side))
        if self.card_side:
            self._card_view(state, box)
            return
        if self.telling:  # every token has been told
            self.telling, self.showing = False, False
            self._back()
            return
        if not is_hidden_haunt(state):
            self.ids.title.text, self.ids.body.text = "", ""
            box.add_widget(self._button(tr("secret.back"), "secret-back", self._back))
            return
        if not self.queue:
            self.ids.title.text, self.ids.body.text = tr("secret.pick"), ""
            for e in state.explorers:
                if e.alive:
                    name = f"secret-seat-{e.seat}"
                    box.add_widget(self._button(f"{e.name} ({e.player})", name, self._pick))
            box.add_widget(self._button(tr("secret.back"), "secret-back", self._back))
            return
        seat = self.queue[0]
        e = state.explorers[seat]
        who = f"{e.name} ({e.player})"
        if not self.showing:
            self.ids.title.text, self.ids.body.text = tr("secret.pass", who=who), ""
            box.add_widget(self._button(tr("secret.show", who=e.name), "secret-show", self._show))
            return
        self.ids.title.text = who
        self.ids.body.text = "\n".join(private_lines(state, seat))
        box.add_widget(self._button(tr("secret.hide"), "secret-hide", self._hide))
        if may_reveal(state, seat):
            box.add_widget(self._button(tr("secret.reveal"), "secret-reveal", self._reveal))

    def _card_view(self, state, box) -> None:
        """Whoever may not read the card looks away first; then the card, with one button that hides it."""
        side = self.card_side
        h = state.haunt if state is not None else None
        title, text = private_card(state, side) if h is not None else ("", "")
        if state is None or h is None or not text:
            self._back()
            return
        if not self.showing:
            traitor = state.explorers[h.traitor] if h.traitor is not None else None
            who = f"{traitor.name} ({traitor.player})" if traitor is not None else ""
            self.ids.title.text = (
                tr("secret.pass", who=who) if side == "traitor" else tr("card.away", who=who)
            )
            self.ids.body.text = ""
            show = tr("card.show.traitor", who=traitor.name if traitor else "")
            show = show if side == "traitor" else tr("card.show.heroes")
            box.add_widget(self._button(show, "card-show", self._show))
            return
        self.ids.title.text = escape_markup(title)
        self.ids.body.text = text
        box.add_widget(self._button(tr("card.hide"), "card-hide", self._back))

    def _card_font(self, card: bool) -> None:
        """A card's many lines read smaller and from the left; a token's one line large and centred."""
        body, title = self.ids.body, self.ids.title
        body.font_size, body.halign = (17, "left") if card else (28, "center")
        title.size_hint_y, title.height = (None, 56) if card else (1, title.height)

    def _tell_view(self, state, prompt, box) -> None:
        """Pass the table to the explorer asked, then their own tap says which token they hold."""
        self.telling = True
        e = state.explorers[prompt.player]
        who = f"{e.name} ({e.player})"
        asked = (id(App.get_running_app().controller.channel), state.seq, prompt.player)
        if not self.showing or self.shown_for != asked:  # a new question: pass the table first
            self.showing = False
            self.ids.title.text, self.ids.body.text = tr("secret.pass", who=who), ""
            show = lambda *_a: self._show_to(asked)  # noqa: E731
            box.add_widget(self._button(tr(TELLS[prompt.code][0], who=e.name), "secret-show", show))
            return
        self.ids.title.text, self.ids.body.text = who, tr(TELLS[prompt.code][1])
        for option in prompt.options:
            box.add_widget(self._button(option, f"secret-tell-{option}", self._tell))

    def _show_to(self, asked: tuple[int, int, int]) -> None:
        self.shown_for = asked
        self._show()

    def _tell(self, button: Button) -> None:
        app = App.get_running_app()
        self.showing = False  # blank before the next player takes the table
        option = button.name.removeprefix("secret-tell-")
        app.controller.submit(Choose(option), app.controller.channel.step.state.seq)
        self.refresh()

    def _button(self, text: str, name: str, action) -> Button:
        b = Button(text=text, font_size=24, size_hint_y=None, height=70)
        b.name = name
        b.bind(on_release=action)
        return b

    def _pick(self, button: Button) -> None:
        self.start([int(button.name.rsplit("-", 1)[1])])
        self.refresh()

    def _show(self, *_args) -> None:
        self.showing = True
        self.refresh()

    def _hide(self, *_args) -> None:
        self.queue.pop(0)
        self.showing = False
        if self.queue:
            self.refresh()
        else:
            self._back()

    def _reveal(self, *_args) -> None:
        app = App.get_running_app()
        seat = self.queue[0]
        app.controller.submit(Reveal(seat), app.controller.channel.step.state.seq)
        self.queue, self.showing = [], False
        self._back()

    def _back(self, *_args) -> None:
        self.queue, self.showing, self.card_side = [], False, ""
        self.ids.title.text, self.ids.body.text = "", ""  # nothing private stays behind
        App.get_running_app().go("play")
