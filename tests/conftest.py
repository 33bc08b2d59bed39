"""Test-wide settings: the hypothesis profile.

Locally the property tests draw new examples each run (hypothesis's default profile), so over time they
search more games. CI (``.ci/run`` sets ``HAUNTABLE_HYPOTHESIS=ci``) runs the ``ci`` profile: derandomized,
the same examples every run, so a rare failure does not block an unrelated landing by chance (it is found
locally, or by the soaks in bench/); ``print_blob`` prints what reproduces any failure with
``@reproduce_failure``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.load_profile(os.environ.get("HAUNTABLE_HYPOTHESIS", "default"))
