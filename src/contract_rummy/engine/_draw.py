"""Phase DRAW: the active player takes the top of the stock or of the discard pile (R13).

With the Shanghai call (R31) the other players were asked first: taking the discard blocks
a pending request, and choosing the stock grants it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from contract_rummy._hands import Hand, add_one_held
from contract_rummy.actions import Action, DrawStock, TakeDiscard
from contract_rummy.cards import CARDS, Card
from contract_rummy.engine._buy import active_draws, grant, open_window
from contract_rummy.engine._common import (
    Outcome,
    PhaseRules,
    Position,
    pile_without_top,
    refuse,
    with_item,
    with_known,
    wrong_phase,
)
from contract_rummy.engine._known import learned
from contract_rummy.events import TookDiscard
from contract_rummy.state import (
    NEW_TURN,
    NO_WINDOW,
    Board,
    BuyWindow,
    Phase,
    RoundState,
    Turn,
    updater,
)

__all__ = ["DRAW"]

_STOCK_OR_DISCARD: Final[tuple[Action, ...]] = (DrawStock(), TakeDiscard())
_STOCK_ONLY: Final[tuple[Action, ...]] = (DrawStock(),)
#: The turn of a player who took each card from the discard pile and must keep it (R17).
_KEPT: Final = tuple(Turn(kept_card=card) for card in CARDS)
#: The phase a draw moves to, read once: an attribute of an enum class is looked up through
#: ``EnumType.__getattr__``, several times slower than a module's name.
_PLAY: Final = Phase.PLAY


@updater(RoundState)
def _taken(
    state: RoundState,
    *,
    phase: Phase,
    hands: tuple[Hand, ...],
    discard: tuple[Card, ...],
    discarded_by: tuple[int | None, ...],
    board: Board,
    turn: Turn,
    window: BuyWindow,
    moves: int,
) -> RoundState:
    """``state`` once its active player took the top discard: the fields a take changes."""
    raise NotImplementedError  # made from the fields by updater()


@functools.cache
def _takes(player: int, blocked: int | None) -> tuple[TookDiscard, ...]:
    """``player``'s :class:`TookDiscard` of each card, blocking ``blocked``, by card index.

    Made once: events are immutable values, so the steps share them.
    """
    return tuple(TookDiscard(player, card, blocked) for card in CARDS)


def _legal(position: Position, hand: Hand) -> Sequence[Action]:
    if position.discard and (hand or position.facts.variant.discard_taken_card):
        return _STOCK_OR_DISCARD
    return _STOCK_ONLY


def _check(position: Position, hand: Hand, action: Action) -> None:
    if isinstance(action, DrawStock):
        return
    if not isinstance(action, TakeDiscard):
        wrong_phase(position, action)
    if not position.discard:
        refuse("R13", "the discard pile is empty: take the top card of the stock")
    if not hand and not position.facts.variant.discard_taken_card:
        refuse("R17", f"player {position.active} holds no other card to discard after taking it")


def _draw_stock(state: RoundState, action: DrawStock) -> Outcome:
    if not state.facts.variant.shanghai_call:
        # R18, R19: choosing the stock opens the buy window on the top discard.
        return open_window(state)
    # R31: the stock grants a pending request; with none, the player simply draws.
    return active_draws(state) if state.window.requester is None else grant(state)


def _take_discard(state: RoundState, action: TakeDiscard) -> Outcome:
    variant = state.facts.variant
    player = state.active
    hands = state.hands
    hand = hands[player]
    _check(state, hand, action)
    card = state.discard[-1]
    taken, held = add_one_held(hand, card)
    # R17: the taken card stays in hand this turn, unless a copy was held before.
    kept = variant.discard_taken_card or held
    discard, discarded_by = pile_without_top(state)
    blocked = state.window.requester  # R31: taking the discard blocks a pending request
    board = state.board
    after = _taken(
        state,
        phase=_PLAY,
        hands=with_item(hands, player, taken),
        discard=discard,
        discarded_by=discarded_by,
        board=with_known(board, learned(board.known, player, card)),  # seen by everyone
        turn=NEW_TURN if kept else _KEPT[card.index],
        window=NO_WINDOW,
        moves=state.moves + 1,
    )
    return after, (_takes(player, blocked)[card.index],)


#: Phase DRAW (R13, R17, R18, R31).
DRAW: Final = PhaseRules(
    legal=_legal, check=_check, plays={DrawStock: _draw_stock, TakeDiscard: _take_discard}
)
