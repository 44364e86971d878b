"""Tools for testing code built on contract_rummy.

:mod:`contract_rummy.testing.strategies` holds Hypothesis strategies for cards, hands, melds,
variants, reachable game states and actions (it needs the ``hypothesis`` extra).
"""
