"""The library's strategies for ``st.from_type``, registered with Hypothesis.

:func:`register_strategies` runs once both contract_rummy and Hypothesis are imported,
whichever comes second: from Hypothesis's entry point (the top-level module
``_contract_rummy_hypothesis``, which leaves contract_rummy unimported when Hypothesis
comes first) or from the end of ``contract_rummy/__init__.py``. It may run while Hypothesis
is being imported, possibly from :mod:`contract_rummy.testing.strategies` itself, so the
strategies are looked up only when first drawn from.
"""

from __future__ import annotations

import importlib
import operator
import os
import sys
from typing import Any


def register_if_hypothesis_imported() -> None:
    """Call :func:`register_strategies` if Hypothesis is imported and its plugins are on.

    contract_rummy calls this as its import ends, for Hypothesis imported before it.
    Hypothesis's ``HYPOTHESIS_NO_PLUGINS`` turns this off as it turns off the entry point.
    """
    if sys.modules.get("hypothesis") is not None and not os.environ.get("HYPOTHESIS_NO_PLUGINS"):
        register_strategies()


def register_strategies() -> None:
    """Register the library's strategies with Hypothesis, for ``st.from_type``.

    Hypothesis and contract_rummy do this by themselves when both are imported, unless
    ``HYPOTHESIS_NO_PLUGINS`` is set; then a test suite may call it. Calling it again
    registers the same strategies again. It needs the ``hypothesis`` extra.

    >>> from hypothesis import find, strategies as st
    >>> from contract_rummy import Card
    >>> from contract_rummy.testing import register_strategies
    >>> register_strategies()
    >>> find(st.from_type(Card), lambda card: card.rank is not None)
    Card.parse('AC')
    """
    from hypothesis import strategies as st  # noqa: PLC0415 - Hypothesis is an optional extra

    from contract_rummy import (  # noqa: PLC0415
        Board,
        Card,
        Chance,
        Contract,
        CutDeck,
        DealCard,
        Discard,
        End,
        FirstDealer,
        GameRecord,
        GreedyBot,
        Group,
        HeuristicBot,
        LayOff,
        Penalties,
        PlayerView,
        RandomBot,
        RoundFacts,
        RoundState,
        Run,
        SwapJoker,
        Totals,
        Variant,
    )

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
    st.register_type_strategy(Penalties, later("penalties"))

    # The actions that hold a card take notation too, so the types alone would draw any str.
    # Targets are indices into a table: never negative, though they may point past its end.
    def card() -> st.SearchStrategy[Card]:
        return st.from_type(Card)

    def target() -> st.SearchStrategy[int]:
        return st.integers(min_value=0)

    def end() -> st.SearchStrategy[End | None]:
        return st.none() | st.sampled_from(End)

    st.register_type_strategy(Discard, st.deferred(lambda: st.builds(Discard, card())))
    st.register_type_strategy(DealCard, st.deferred(lambda: st.builds(DealCard, card())))
    st.register_type_strategy(FirstDealer, st.builds(FirstDealer, st.integers(0, 7)))
    st.register_type_strategy(CutDeck, st.builds(CutDeck, st.integers(0, 200)))
    st.register_type_strategy(
        LayOff, st.deferred(lambda: st.builds(LayOff, card(), target(), end()))
    )
    st.register_type_strategy(
        SwapJoker, st.deferred(lambda: st.builds(SwapJoker, card(), target(), target(), end()))
    )
    st.register_type_strategy(RoundState, later("states"))
    # A state's parts are drawn from states, so that they hold what a game can hold.
    for part, name in (
        (RoundFacts, "facts"),
        (Board, "board"),
        (Totals, "totals"),
        (Chance, "chance"),
    ):
        st.register_type_strategy(part, later("states").map(operator.attrgetter(name)))
    st.register_type_strategy(PlayerView, later("views"))
    st.register_type_strategy(GameRecord, later("game_records"))
    # The heuristic bot's settings are counts: buys from none, go-downs compared from one.
    st.register_type_strategy(GreedyBot, st.builds(GreedyBot, max_buys=st.integers(0, 20)))
    st.register_type_strategy(RandomBot, st.builds(RandomBot, seed=st.integers(0, 2**64)))
    st.register_type_strategy(
        HeuristicBot,
        st.builds(
            HeuristicBot,
            max_buys=st.integers(0, 20),
            go_down_choices=st.integers(1, 64),
        ),
    )


#: The former name of :func:`register_strategies`, which Hypothesis's entry point named
#: before the entry point left the package: metadata installed then still calls it.
_hypothesis_setup_hook = register_strategies
