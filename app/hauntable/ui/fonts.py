"""One font for every language the table speaks: Latin, Cyrillic and CJK in a single face.

Kivy draws text with SDL2_ttf and does no font fallback, so a Latin-only default font shows Chinese as
boxes. We register one face that covers all four catalogs under the name ``Hauntable`` and make it the
default. Preferred: WenQuanYi Micro Hei (Debian ``fonts-wqy-microhei``, ~5 MB, Latin+Cyrillic+CJK);
then Noto Sans CJK (``fonts-noto-cjk``); ``HAUNTABLE_FONT`` overrides both. Without any of them we fall
back to Kivy's Roboto and say so, since Russian and Chinese will not render.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

FONT_NAME = "Hauntable"
CANDIDATES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
)
log = logging.getLogger(__name__)


def find_font() -> str | None:
    """The path of the first usable all-script font, or None."""
    override = os.environ.get("HAUNTABLE_FONT")
    for path in ((override,) if override else ()) + CANDIDATES:
        if path and Path(path).is_file():
            return path
    return None


def register() -> str:
    """Register the font with Kivy as ``Hauntable`` and make it the default; returns its path or ''."""
    from kivy.core.text import DEFAULT_FONT, LabelBase

    path = find_font()
    if path is None:
        log.warning("no CJK+Cyrillic font found (apt-get install fonts-wqy-microhei); using Roboto")
        return ""
    LabelBase.register(FONT_NAME, path)
    LabelBase.register(DEFAULT_FONT, path)
    return path
