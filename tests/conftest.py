"""Shared test configuration: the Hypothesis profiles.

The default profile, ``fast``, draws 50 examples per property, and the tests that size
their own work (whole games, hands, deals) read their share of it from
``settings().max_examples``: the suite runs in minutes. ``HYPOTHESIS_PROFILE=thorough``
(``nox -s thorough``) draws 2000, forty times as many, and those tests grow with it. ``ci``
is the old name of the default profile, kept for scripts that name it.
"""

from __future__ import annotations

import os

from hypothesis import settings

#: Examples per property under the default profile, and under ``thorough``.
FAST_EXAMPLES = 50
THOROUGH_EXAMPLES = 2000

settings.register_profile("fast", max_examples=FAST_EXAMPLES, deadline=None)
settings.register_profile("ci", settings.get_profile("fast"))
settings.register_profile("thorough", max_examples=THOROUGH_EXAMPLES, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))
