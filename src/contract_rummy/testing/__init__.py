"""Tools for testing code built on contract_rummy.

:mod:`contract_rummy.testing.strategies` holds Hypothesis strategies for cards, hands, melds,
variants, reachable game states and actions (it needs the ``hypothesis`` extra). With
Hypothesis installed, ``st.from_type`` draws the library's types from them: the package
registers them by itself (:func:`register_strategies`), without importing Hypothesis, and
``import hypothesis`` alone does not import contract_rummy.
"""

from contract_rummy.testing._plugin import register_if_hypothesis_imported, register_strategies

__all__ = ["register_if_hypothesis_imported", "register_strategies"]
