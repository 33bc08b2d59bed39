"""The scripted haunts by number (``SCENARIOS``): every printed haunt is refereed from its file
(data/haunts/NN.toml, run by haunts/printed/; docs/haunts.md lists all 50), each a
:class:`~hauntable.games.betrayal.haunts.script.Scenario`. The base class is in script.py; the rule set
(ruleset.py) hands these to the rules.
"""

from __future__ import annotations

from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.games.betrayal.haunts.script import Scenario

SCENARIOS: dict[int, Scenario] = dict(PRINTED)

__all__ = ["SCENARIOS", "Scenario"]
