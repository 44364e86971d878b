"""Phase BUY: the other players may buy the top discard, one at a time (R18-R22).

The buy window opens when the active player chooses the stock, and closes when nobody
(more) may or wants to buy; the active player then draws the top of the stock (R20).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from contract_rummy._hands import add
from contract_rummy.actions import Action, Buy, Pass
from contract_rummy.engine._common import (
    Outcome,
    PhaseRules,
    can_draw,
    draw,
    pile_without_top,
    with_item,
    wrong_phase,
)
from contract_rummy.engine._round import end_round
from contract_rummy.events import Bought, Drew, Event, RoundEnd
from contract_rummy.state import NO_WINDOW, BuyWindow, Phase, RoundState

__all__ = ["BUY", "active_draws", "buyers", "open_window"]

_BUY_OR_PASS: Final[tuple[Action, ...]] = (Buy(), Pass())
#: Buy windows are few (who is still to be asked, and the last buyer): each made once.
_window: Final = functools.cache(BuyWindow)


def buyers(state: RoundState, last_buyer: int | None) -> tuple[int, ...]:
    """Who may buy the top discard, in priority order (R19-R21)."""
    variant = state.variant
    if not variant.buying or not state.discard:
        return ()
    # R21: the bought card leaves first, then the penalty is drawn, reshuffling if need be.
    if len(state.stock) < variant.buy_penalty and not can_draw(state, variant.buy_penalty):
        return ()
    order = _order(
        len(state.hands), state.active, state.discarded_by[-1], variant.discarder_may_buy
    )
    max_buys = variant.max_buys
    down_may_buy = variant.down_players_may_buy
    if last_buyer is None and max_buys is None and down_may_buy:
        return order
    buys, down = state.buys, state.down
    return tuple(
        p
        for p in order
        if p != last_buyer
        and (max_buys is None or buys[p] < max_buys)
        and (down_may_buy or not down[p])
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


def open_window(state: RoundState) -> Outcome:
    """R18, R19: the active player chose the stock; ask the first player who may buy."""
    return _ask(state, buyers(state, None), None)


def _ask(
    state: RoundState,
    queue: tuple[int, ...],
    last_buyer: int | None,
    events: tuple[Event, ...] = (),
) -> Outcome:
    """Offer the top discard to the first of ``queue`` (R19, R20).

    With nobody left to ask, the active player draws.
    """
    if queue:
        window = _window(queue[1:], last_buyer)
        return state._replace(phase=Phase.BUY, to_act=queue[0], window=window), events
    return active_draws(state, events)


def active_draws(state: RoundState, events: tuple[Event, ...] = ()) -> Outcome:
    """R20: the active player draws the top of the stock and plays; R27 if none can be."""
    drawn = draw(state, 1, (state.discard, state.discarded_by))
    if drawn is None:
        return end_round(state, RoundEnd.STOCK_EXHAUSTED, events)
    player = state.active
    card = drawn.cards[0]
    after = state._replace(
        phase=Phase.PLAY,
        to_act=player,
        hands=with_item(state.hands, player, add(state.hands[player], drawn.cards)),
        stock=drawn.stock,
        discard=drawn.discard,
        discarded_by=drawn.discarded_by,
        rng=drawn.rng,
        reshuffles=drawn.reshuffles,
        window=NO_WINDOW,
    )
    return after, (*events, *drawn.events, Drew(player, card))


def _legal(state: RoundState) -> Sequence[Action]:
    return _BUY_OR_PASS


def _check(state: RoundState, action: Action) -> None:
    if not isinstance(action, Buy | Pass):
        wrong_phase(state, action)


def _play(state: RoundState, action: Action) -> Outcome:
    _check(state, action)
    if isinstance(action, Pass):
        return _ask(state, state.window.queue, state.window.last_buyer)
    return _buy(state)


def _buy(state: RoundState) -> Outcome:
    buyer = state.to_act
    assert buyer is not None
    card = state.discard[-1]
    drawn = draw(state, state.variant.buy_penalty, pile_without_top(state))
    assert drawn is not None, "R21: buyers are only asked when a penalty card can be drawn"
    bought = state._replace(
        hands=with_item(state.hands, buyer, add(state.hands[buyer], (card, *drawn.cards))),
        stock=drawn.stock,
        discard=drawn.discard,
        discarded_by=drawn.discarded_by,
        rng=drawn.rng,
        reshuffles=drawn.reshuffles,
        buys=with_item(state.buys, buyer, state.buys[buyer] + 1),
    )
    events = (*drawn.events, Bought(buyer, card, drawn.cards))
    # R20: the next discard is offered again from the active player's left.
    return _ask(bought, buyers(bought, buyer), buyer, events)


#: Phase BUY (R18-R22).
BUY: Final = PhaseRules(legal=_legal, check=_check, play=_play)
