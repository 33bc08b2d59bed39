"""The admin menu's table layout page (``admin_layout.kv``): the layout in use drawn per floor with the
reader under each cell, then its slot readers, and a choice among the packaged layouts and those in the
data directory's ``layouts/`` (:mod:`hauntable.kiosk.layouts`), used from the next start. Layouts are
chosen, not edited: the layout file does that."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from kivy.uix.widget import Widget

from hauntable.games.betrayal.config import BOARDS
from hauntable.kiosk.layouts import available, resolve
from hauntable.table.layout import FLOORS, Layout, LayoutError, ReaderSpec, default_layout_path, load_layout
from hauntable.ui.i18n import tr
from hauntable.ui.screens.admin_page import AdminCell, AdminRows, ToolPage, button, label


class LayoutPage(ToolPage):
    def fill(self, app: Any) -> None:
        """The layout in use and the layouts on offer; a choice is saved and used from the next start, so
        a game in progress and the readers already open keep theirs."""
        ids, settings, chosen = self.ids, app.controller.settings, app.controller.choices.layout
        left_out: list[Widget] = list(self.no_message())
        path = Path(settings.layout) if settings.layout else default_layout_path()
        layout: Layout | None
        try:
            layout = load_layout(path)
        except LayoutError as exc:
            layout = None
            ids.load_failed.text = tr("layout.load_failed", error=str(exc))
            left_out += [ids.in_use, ids.floors, ids.no_slots, ids.slots, ids.slot_grid]
        else:
            ids.in_use.text = tr(
                "layout.in_use",
                name=layout.name,
                file=Path(layout.path).name,
                backend=layout.backend,
                board=layout.board or "-",
                n=len(layout.readers),
            )
            left_out.append(ids.load_failed)
        made: list[Widget] = []
        for choice in available(settings.data_dir):  # above the grids: no scrolling to choose
            where = tr("layout.packaged" if choice.packaged else "layout.data")
            if choice.layout is None:
                broken = label(tr("layout.broken", file=choice.path.name, where=where, error=choice.error))
                broken.color = (1, 0.55, 0.5, 1)
                made.append(broken)
                continue
            text = tr("layout.option", name=choice.layout.name, file=choice.path.name, where=where)
            if choice.key == chosen:
                text += "  —  " + tr("layout.chosen")
            colour = (0.3, 0.6, 0.3, 1) if choice.key == chosen else None
            made.append(button(text, partial(self.choose, app, choice.key), colour))
        self.put(ids.choices, made)
        if layout is not None:
            left_out += self.readers(layout)
        self.arrange(*left_out)

    def readers(self, layout: Layout) -> list[Widget]:
        """Per floor a grid of the reader under each cell (north at the top, like the board), then the
        slot readers; returns the parts left out."""
        ids = self.ids
        cells = [r for r in layout.readers if r.cell is not None]
        board = BOARDS.get(layout.board or "")
        many_buses = len(layout.buses) > 1
        made: list[Widget] = []
        for floor in FLOORS:
            here = [(r, r.cell) for r in cells if r.cell is not None and r.cell[0] == floor]
            if not here:
                continue
            width = max([board.width or 0 if board else 0] + [c[1] + 1 for _r, c in here])
            height = max([board.height or 0 if board else 0] + [c[2] + 1 for _r, c in here])
            made.append(label(tr("layout.floor", floor=tr(f"floor.{floor}"), n=len(here))))
            grid = AdminRows(cols=width + 1)
            grid.add_widget(AdminCell(text=""))
            for x in range(width):
                grid.add_widget(AdminCell(text=f"x{x}", dim=True))
            for y in reversed(range(height)):
                grid.add_widget(AdminCell(text=f"y{y}", dim=True))
                for x in range(width):
                    spec = layout.cell_reader(floor, x, y)
                    text = reader_text(spec, many_buses) if spec else "·"
                    grid.add_widget(AdminCell(text=text, dim=not spec))
            made.append(grid)
        self.put(ids.floors, made)
        slots = [r for r in layout.readers if r.slot is not None]
        if not slots:
            return [ids.slots, ids.slot_grid] if made else [ids.floors, ids.slots, ids.slot_grid]
        ids.slots.text = tr("layout.slots", n=len(slots))
        shown = [AdminCell(text=f"{slot_text(s.slot)}: {reader_text(s, many_buses)}") for s in slots]
        self.put(ids.slot_grid, shown)
        return [ids.no_slots] if made else [ids.floors, ids.no_slots]

    def choose(self, app: Any, key: str) -> None:
        """Keep ``key`` (kiosk/layouts.py) in admin-settings.json; the next start opens the table with it."""
        app.controller.choices.choose_layout(key)
        name = resolve(key, app.controller.settings.data_dir)
        self.screen.message = tr("layout.saved", file=name.name if name else key)
        self.screen.refresh()


def reader_text(spec: ReaderSpec, many_buses: bool) -> str:
    """A reader's select in a few characters: decoder address ``#12`` or ``GPIO8`` (bus named if several)."""
    select = f"#{spec.address}" if spec.address is not None else f"GPIO{spec.cs_pin}"
    return f"{spec.bus} {select}" if many_buses else select


def slot_text(slot: str | None) -> str:
    """A slot's name in the current language: "draw pad", "seat 2", ... (the layout's id if unknown)."""
    kind, _, n = str(slot).partition(":")
    text = tr(f"layout.slot.{kind}", n=n)
    return str(slot) if text.startswith("layout.slot.") else text
