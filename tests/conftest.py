"""Shared test configuration: the Hypothesis profiles.

``HYPOTHESIS_PROFILE=thorough pytest`` runs every property with 2000 examples; the default
``ci`` profile keeps the suite to a few seconds.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=100, deadline=None)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
