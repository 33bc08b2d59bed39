"""The admin menu's haunt numbers page (``admin_haunts.kv``): a group with the printed book corrects the
numbers the table enforces for a printed haunt (issue 16 item 2). The page lists the haunts the table
referees from their files; a tap opens one, showing each of its numbers as printed (the file's expression)
and as this table will use it, with buttons one down, one up and back to the book's. A correction is checked
as the files are (a number the haunt has, 0-99), kept in ``admin-settings.json`` and given to every game
started from then on in its config, so the game's log carries the numbers it was played with."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.properties import NumericProperty

from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.ui.i18n import tr
from hauntable.ui.screens.admin_page import ToolPage, button, label

PLAYERS = 4  # the player count the page shows printed values for ("at a table of four")


class HauntsPage(ToolPage):
    haunt = NumericProperty(0)  # the haunt open (0: the list)

    def opened(self, app: Any) -> None:
        self.haunt = 0

    def fill(self, app: Any) -> None:
        fixed = app.controller.choices.haunt_numbers
        made: list[Any] = []
        if not self.haunt:
            for number in sorted(PRINTED):
                spec = PRINTED[number].spec
                note = tr("haunts.corrected") if str(number) in fixed else ""
                made.append(button(f"{number}  {spec.name}{note}", partial(self.open_haunt, app, number)))
            self.put(self.ids.haunts, made)
            self.arrange(self.ids.head, self.ids.tools, *self.no_message())
            return
        spec = PRINTED[self.haunt].spec
        mine = fixed.get(str(self.haunt), {})
        printed = spec.resolve_numbers(PLAYERS, PLAYERS - 1, {})
        self.ids.head.text = tr("haunts.head", number=self.haunt, name=spec.name, confidence=spec.confidence)
        for name, ex in spec.numbers.items():
            line = tr("haunts.number", name=name, printed=ex.source, value=printed[name])
            if name in mine:
                line += tr("haunts.fixed", value=mine[name])
            made.append(label(line))
            made[-1].size_hint_x = 4
            for delta, sign in ((-1, "-1"), (1, "+1")):
                made.append(button(sign, partial(self.change, app, name, delta)))
                made[-1].name = f"haunt-{name}{sign}"
        self.put(self.ids.haunts, made)
        self.arrange(*self.no_message())

    def open_haunt(self, app: Any, number: int) -> None:
        self.haunt = number
        self.screen.refresh()

    def change(self, app: Any, name: str, delta: int) -> None:
        app.controller.choices.change_haunt_number(self.haunt, name, delta, PLAYERS)
        self.screen.refresh()

    def reset(self, app: Any) -> None:
        app.controller.choices.reset_haunt(self.haunt)
        self.screen.refresh()
