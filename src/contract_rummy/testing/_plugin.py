"""Hypothesis's entry point: ``st.from_type`` for the library's types.

Hypothesis runs :func:`_hypothesis_setup_hook` while it is being imported, possibly from
:mod:`contract_rummy.testing.strategies` itself, so the strategies are looked up only when
first drawn from.
"""

from __future__ import annotations

import importlib
from typing import Any


def _hypothesis_setup_hook() -> None:
    """Register the library's strategies for ``st.from_type``."""
    from hypothesis import strategies as st  # noqa: PLC0415 - Hypothesis is an optional extra

    from contract_rummy import Card, Contract, Group, RoundState, Run, Variant  # noqa: PLC0415

    def later(name: str, **options: Any) -> st.SearchStrategy[Any]:
        def build() -> st.SearchStrategy[Any]:
            module = importlib.import_module("contract_rummy.testing.strategies")
            return getattr(module, name)(**options)  # type: ignore[no-any-return]

        return st.deferred(build)

    st.register_type_strategy(Card, later("cards"))
    st.register_type_strategy(Group, later("melds", kind=Group))
    st.register_type_strategy(Run, later("melds", kind=Run))
    st.register_type_strategy(Contract, later("contracts"))
    st.register_type_strategy(Variant, later("variants"))
    st.register_type_strategy(RoundState, later("states"))
