"""Hypothesis's entry point for contract_rummy, outside the package so as not to import it.

Hypothesis imports this module and calls :func:`_hypothesis_setup_hook` while it is itself
being imported (the ``hypothesis`` entry point of pyproject.toml). Registering a strategy
for ``st.from_type`` needs the library's types, and a module inside ``contract_rummy``
would import the whole library with its package, so the hook registers the strategies only
when contract_rummy has been imported already; when it is imported later, it registers
them itself (the end of ``contract_rummy/__init__.py``). ``import hypothesis`` alone never
imports contract_rummy.
"""

from __future__ import annotations

import sys


def _hypothesis_setup_hook() -> None:
    """Register the library's strategies now if contract_rummy has been imported."""
    if "contract_rummy" in sys.modules:
        from contract_rummy.testing import register_strategies  # noqa: PLC0415

        register_strategies()
