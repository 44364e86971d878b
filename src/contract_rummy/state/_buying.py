"""Who may buy the top discard, or ask for it, and in what order (R19-R21, R27, R31).

One home for these rules: the engine asks :func:`buyers` whom to offer the card to, and a
state built by hand is checked against :func:`buy_refusal` and :func:`priority`, so the
two can never disagree (the test suite also checks that :func:`buyers` lists exactly the
players whom :func:`buy_refusal` lets buy, in :func:`priority` order).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from contract_rummy.cards import Card
from contract_rummy.state._parts import Board
from contract_rummy.variants import Variant

if TYPE_CHECKING:
    from contract_rummy.state._round import RoundState

__all__ = ["buy_refusal", "buyers", "buyers_of", "can_draw", "priority"]


def can_draw(state: RoundState, count: int) -> bool:
    """Whether ``count`` cards can be drawn once the top discard is bought (R21, R27).

    The stock, and the discards under the new top card that a reshuffle would make into a
    new stock, unless the round has had every reshuffle its variant allows (R29).
    """
    return _can_draw(state.facts.variant, state.board, state.stock, state.discard, count)


def _can_draw(
    variant: Variant, board: Board, stock: tuple[Card, ...], discard: tuple[Card, ...], count: int
) -> bool:
    limit = variant.max_reshuffles
    refill = limit is None or board.reshuffles < limit
    return len(stock) + (max(0, len(discard) - 2) if refill else 0) >= count


def buy_refusal(state: RoundState, player: int) -> str | None:
    """Why ``player`` may not buy the top discard of ``state``, or ask for it, or ``None``.

    The reasons are R19's and R21's: a variant without buying, the cap on buys, a player
    who is down, the discarder buying back their own card, and a penalty card that cannot
    be drawn. The pile must not be empty.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> from contract_rummy.state import buy_refusal
    >>> buy_refusal(state, 0) is None
    True
    >>> buy_refusal(cr.new_game(cr.VARIANTS["no-buy"], seed=1), 0)
    'no-buy has no buying (buying is False): player 0 may not buy'
    """
    variant = state.facts.variant
    board = state.board
    if not variant.buying:
        return f"{variant.name} has no buying (buying is False): player {player} may not buy"
    if variant.max_buys is not None and board.buys[player] >= variant.max_buys:
        return f"player {player} is at the cap of {variant.max_buys} buys"
    if board.down[player] and not variant.down_players_may_buy:
        return f"player {player} is down and may not buy"
    if state.discarded_by[-1] == player and not variant.discarder_may_buy:
        return f"player {player} discarded the top card and may not buy it back"
    # R21, R27: the penalty is drawn once the card leaves the pile, reshuffling if need be.
    if not can_draw(state, variant.buy_penalty):
        return f"no penalty card can be drawn for player {player}"
    return None


def priority(state: RoundState, player: int) -> tuple[bool, int]:
    """Where ``player`` comes in the order buyers are asked (R19, R21): a sort key.

    From the active player's left; the player who discarded the top card comes last.
    """
    return (state.discarded_by[-1] == player, (player - state.active) % len(state.hands))


def buyers(state: RoundState, last_buyer: int | None) -> tuple[int, ...]:
    """Who may buy the top discard, or ask for it (R31), in priority order (R19-R21).

    Everyone :func:`buy_refusal` lets buy but ``last_buyer``, who made the last buy of this
    window and may not buy again at once (R20), sorted by :func:`priority`.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(seed=1)
    >>> from contract_rummy.state import buyers
    >>> state.active, buyers(state, None), buyers(state, 3)
    (2, (3, 0, 1), (0, 1))
    """
    return buyers_of(
        state.facts.variant,
        state.active,
        state.stock,
        state.discard,
        state.discarded_by,
        state.board,
        last_buyer,
    )


def buyers_of(
    variant: Variant,
    active: int,
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    discarded_by: tuple[int | None, ...],
    board: Board,
    last_buyer: int | None,
) -> tuple[int, ...]:
    """:func:`buyers` of a state with these parts, without the state (R19-R21).

    For the engine, which works out who is asked next before it builds the state a buy
    makes, so that a buy builds one state, not two.

    >>> import contract_rummy as cr
    >>> from contract_rummy.state import buyers_of
    >>> state = cr.new_game(seed=1)
    >>> parts = (state.stock, state.discard, state.discarded_by, state.board)
    >>> buyers_of(state.variant, state.active, *parts, 3)
    (0, 1)
    """
    if not variant.buying or not discard:
        return ()
    penalty = variant.buy_penalty
    # R21: the bought card leaves first, then the penalty is drawn, reshuffling if need be.
    if len(stock) < penalty and not _can_draw(variant, board, stock, discard, penalty):
        return ()
    order = _order(len(board.down), active, discarded_by[-1], variant.discarder_may_buy)
    max_buys = variant.max_buys
    down_may_buy = variant.down_players_may_buy
    if last_buyer is None and max_buys is None and down_may_buy:
        return order
    buys, down = board.buys, board.down
    # A list, then a tuple: cheaper than a tuple of a generator.
    return tuple(
        [
            p
            for p in order
            if p != last_buyer
            and (max_buys is None or buys[p] < max_buys)
            and (down_may_buy or not down[p])
        ]
    )


@functools.cache
def _order(
    players: int, active: int, discarder: int | None, discarder_may_buy: bool
) -> tuple[int, ...]:
    """The players who may be offered the top discard, in priority order (R19, R21).

    From the active player's left; the player who discarded the card comes last, or not at
    all. (Worked out once for each table and seat: there are few.)
    """
    order = [(active + k) % players for k in range(1, players)]
    if discarder is not None and discarder in order:
        order.remove(discarder)
        if discarder_may_buy:
            order.append(discarder)  # R21: the discarder buys back with the lowest priority
    return tuple(order)
