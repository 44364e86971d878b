"""Shared test configuration: the Hypothesis profiles, and which tests are the rules' own.

The default profile, ``fast``, draws 50 examples per property, and the tests that size
their own work (whole games, hands, deals) read their share of it from
``settings().max_examples``: the suite runs in minutes. ``HYPOTHESIS_PROFILE=thorough``
(``nox -s thorough``) draws 2000, forty times as many, and those tests grow with it. ``ci``
is the old name of the default profile, kept for scripts that name it.

The tests of the rules modules (the engine, the go-down search, the state, the values
below them) carry the ``rules`` mark: ``nox -s tests`` measures the rules modules' branch
coverage under them alone, and runs the other tests (the layers above: views, records, bots,
simulation, the command line, the adapters) without coverage, which would triple their time.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

#: Examples per property under the default profile, and under ``thorough``.
FAST_EXAMPLES = 50
THOROUGH_EXAMPLES = 2000

settings.register_profile("fast", max_examples=FAST_EXAMPLES, deadline=None)
settings.register_profile("ci", settings.get_profile("fast"))
settings.register_profile("thorough", max_examples=THOROUGH_EXAMPLES, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))


#: The browser test of the playground runs in its own session (``nox -s browser``), which
#: sets ``PLAYGROUND_BROWSER``: it needs a built site, Chromium and Playwright.
collect_ignore = [] if os.environ.get("PLAYGROUND_BROWSER") else ["browser"]

ROOT = Path(__file__).resolve().parent.parent
#: The tests of the rules modules, and those modules, whose docstrings' examples are tests
#: too: what carries the ``rules`` mark. The rules modules are noxfile.py's RULES_MODULES.
RULES_TESTS = tuple(
    ROOT / path
    for path in (
        "tests/rules",
        "tests/test_bad_input.py",
        "tests/test_cards.py",
        "tests/test_chance.py",
        "tests/test_contracts.py",
        "tests/test_engine_api.py",
        "tests/test_errors.py",
        "tests/test_events.py",
        "tests/test_fuzz.py",
        "tests/test_godown.py",
        "tests/test_godown_bounds.py",
        "tests/test_godown_counting.py",
        "tests/test_godown_reference.py",
        "tests/test_golden.py",
        "tests/test_known.py",
        "tests/test_loading.py",
        "tests/test_meetable.py",
        "tests/test_melds.py",
        "tests/test_perft.py",
        "tests/test_play_properties.py",
        "tests/test_preset_properties.py",
        "tests/test_presets.py",
        "tests/test_shuffler.py",
        "tests/test_state.py",
        "tests/test_variants.py",
        "src/contract_rummy/_hands.py",
        "src/contract_rummy/_meetable.py",
        "src/contract_rummy/actions.py",
        "src/contract_rummy/cards.py",
        "src/contract_rummy/contracts.py",
        "src/contract_rummy/engine",
        "src/contract_rummy/events.py",
        "src/contract_rummy/godown",
        "src/contract_rummy/melds.py",
        "src/contract_rummy/state",
        "src/contract_rummy/variants.py",
    )
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of the rules modules ``rules``; refuse a name in RULES_TESTS gone stale."""
    missing = [str(path.relative_to(ROOT)) for path in RULES_TESTS if not path.exists()]
    if missing:
        raise pytest.UsageError(f"tests/conftest.py's RULES_TESTS names missing {missing}")
    rules: dict[Path, bool] = {}  # by file: thousands of tests come from a few hundred
    for item in items:
        if item.path not in rules:
            rules[item.path] = any(
                item.path == path or item.path.is_relative_to(path) for path in RULES_TESTS
            )
        if rules[item.path]:
            item.add_marker(pytest.mark.rules)
