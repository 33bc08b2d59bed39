"""The hooks of the printed haunts 2-25 (their files name ``hooks``): ``extra`` (the words of vocab_extra.py
for a haunt with no machine of its own), then one module per haunt that needs one; hooks/__init__.py merges
them into ``HOOKS``."""

from __future__ import annotations

from hauntable.games.betrayal.haunts.printed.hooks import h07, h10, h12
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab_extra import ExtraHaunt

MORE_HOOKS: dict[str, type[PrintedHaunt]] = {
    "extra": ExtraHaunt,
    "h07": h07.CarnivorousIvy,
    "h10": h10.FamilyGathering,
    "h12": h12.Fleshwalkers,
}
