"""Hypothesis's entry point: ``st.from_type`` for the library's types.

Hypothesis runs :func:`_hypothesis_setup_hook` while it is being imported, possibly from
:mod:`contract_rummy.testing.strategies` itself, so the strategies are looked up only when
first drawn from.
"""

from __future__ import annotations

import importlib
import operator
from typing import Any


def _hypothesis_setup_hook() -> None:
    """Register the library's strategies for ``st.from_type``."""
    from hypothesis import strategies as st  # noqa: PLC0415 - Hypothesis is an optional extra

    from contract_rummy import (  # noqa: PLC0415
        Board,
        Card,
        Chance,
        Contract,
        Discard,
        End,
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
