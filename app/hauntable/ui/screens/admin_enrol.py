"""The admin menu's tag enrolment page (``admin_enrol.kv``): the pieces of one category with how many
tags each holds; a tap on a piece, then its tag laid on the enrol pad, saves it in the registry
``hauntable enroll`` writes (through :class:`hauntable.kiosk.enrol.EnrolDesk`)."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.clock import Clock

from hauntable.engine.rejections import HauntableError
from hauntable.kiosk.enrol import EnrolDesk, Said
from hauntable.table.enrolment import CATEGORIES, pieces
from hauntable.ui.i18n import tr
from hauntable.ui.screens.admin_page import ToolPage, button


class EnrolPage(ToolPage):
    """The page's desk (the pad and the registry) while it is open, and the desk's last answer."""

    desk: EnrolDesk | None = None
    said: Said | None = None  # the desk's last answer, shown on the page
    category = ("betrayal", "tile")  # the (game, kind) whose pieces the page lists
    POLL_S = 0.05  # how often the page reads the pad while a piece is picked

    def opened(self, app: Any) -> None:
        """Open the table's enrol pad (the configured layout and backend) and registry."""
        self.closed()
        self.said = None
        try:
            settings = app.controller.settings
            self.desk = EnrolDesk(app.controller.registry_path(), settings.layout, settings.backend)
        except (HauntableError, OSError) as exc:
            self.said = Said("enrol.fault", {"error": str(exc)}, done=True)

    def closed(self) -> None:
        Clock.unschedule(self._poll)
        if self.desk is not None:
            self.desk.close()
            self.desk = None

    def pick(self, name: str) -> None:
        """A tap on a piece: lay its tag on the pad now (the page reads the pad until it has an answer)."""
        assert self.desk is not None
        game, kind = self.category
        self.said, self.screen.message = self.desk.pick(game, kind, name), ""
        Clock.unschedule(self._poll)
        if self.desk.waiting():
            Clock.schedule_interval(self._poll, self.POLL_S)
        self.screen.refresh()

    def _poll(self, _dt: float) -> bool | None:
        if self.desk is None or not self.desk.waiting():
            return False
        said = self.desk.poll()
        if said is not None:
            self.said = said
            self.screen.refresh()
        return False if said is not None and said.done else None

    def forget(self, name: str) -> None:
        assert self.desk is not None
        self.said = self.desk.forget(self.category[1], name)
        self.screen.refresh()

    def show_category(self, category: tuple[str, str]) -> None:
        self.category = category
        self.screen.refresh()

    def sim_lay(self) -> None:
        """The simulator's hand lays a tag no piece has on the enrol pad (mock backend)."""
        assert self.desk is not None
        uid = self.desk.sim_lay_new_tag()
        self.screen.message = tr("enrol.sim_laid", uid=uid)
        self.screen.refresh()

    def sim_lift(self) -> None:
        assert self.desk is not None
        self.desk.sim_lift()
        self.screen.message = tr("enrol.sim_lifted")
        self.screen.refresh()

    def fill(self, app: Any) -> None:
        ids, said, desk = self.ids, self.said, self.desk
        left_out = list(self.no_message())
        if said is not None:
            ids.said.text = said_text(said)
        else:
            left_out.append(ids.said)
        if desk is None:
            self.arrange(*left_out, ids.forget, ids.pick, ids.sim, ids.categories, ids.count, ids.pieces)
            return
        game, kind = self.category
        target = desk.target
        if said is not None and said.key == "enrol.full" and target is None:
            full = said.params["name"]
            ids.forget.text, ids.forget.action = tr("enrol.forget", name=full), partial(self.forget, full)
        else:
            left_out.append(ids.forget)
        if target is not None or said is not None:
            left_out.append(ids.pick)
        if not desk.simulated:
            left_out.append(ids.sim)
        chosen = (0.3, 0.5, 0.8, 1)
        ids.categories.cols = len(CATEGORIES)
        self.put(
            ids.categories,
            [
                button(
                    tr(f"enrol.cat.{c[0]}.{c[1]}"),
                    partial(self.show_category, c),
                    chosen if c == self.category else None,
                )
                for c in CATEGORIES
            ],
        )
        copies, held = pieces(kind, game), desk.held(game, kind)
        done = sum(1 for name, n in copies.items() if held[name] >= n)
        ids.count.text = tr("enrol.count", n=done, total=len(copies))
        made = []
        for name, n in copies.items():
            shown = tr("enrol.figure_name", name=name) if kind == "figure" else name
            colour = None
            if target is not None and target.name == name:
                colour = (0.3, 0.6, 0.3, 1)
            elif held[name] >= n:
                colour = (0.45, 0.45, 0.5, 1)
            made.append(button(f"{shown}  {held[name]}/{n}", partial(self.pick, name), colour))
        self.put(ids.pieces, made)
        self.arrange(*left_out)


def said_text(said: Said) -> str:
    """An enrol desk's answer in the current language; the piece's kind word translated, its name not."""
    params = dict(said.params)
    if "kind" in params:
        name = params.get("name", "")
        shown = tr("enrol.figure_name", name=name) if params["kind"] == "figure" else name
        params["piece"] = tr(f"enrol.piece.{params['kind']}", name=shown)
    return tr(said.key, **params)
