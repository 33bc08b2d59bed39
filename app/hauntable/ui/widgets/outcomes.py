"""The play screen's recent outcomes, newest last and never cut off (issue 18 item 9: a long line or two
wrapped the newest line out of the box). The lines that fit are measured, the oldest dropped first."""

from __future__ import annotations

import math
from collections.abc import Sequence

from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label

SPARE = 0.92  # measured widths are a little short of the wrapped text's: keep a margin


def fitting(label: Label, lines: Sequence[str]) -> str:
    """As many of the newest ``lines`` as the label's box holds once wrapped to its width."""
    width = (label.text_size[0] or label.width) * SPARE
    if width <= 0 or label.height <= 0:
        return "\n".join(lines)
    core = CoreLabel(font_size=label.font_size, font_name=label.font_name)
    line_height = core.get_extents("Ag")[1] * max(1.0, label.line_height)
    rows = [max(1, math.ceil(core.get_extents(line)[0] / width)) for line in lines]
    room = max(1, int(label.height // line_height))
    kept = len(lines)
    while kept > 1 and sum(rows[len(lines) - kept :]) > room:
        kept -= 1
    return "\n".join(lines[len(lines) - kept :])


def show_fitting(label: Label, lines: Sequence[str]) -> None:
    """Show the newest ``lines`` that fit, and fit them again whenever the box changes size (the first
    refresh may come before the layout has given the label its width)."""
    label.outcome_lines = list(lines)
    if not getattr(label, "fits_outcomes", False):
        label.fits_outcomes = True
        label.bind(size=lambda *_: setattr(label, "text", fitting(label, label.outcome_lines)))
    label.text = fitting(label, label.outcome_lines)
