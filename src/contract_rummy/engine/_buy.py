"""Phase BUY: the other players buy the top discard (R18-R22), or ask for it (R31).

Without the call, the buy window opens when the active player chooses the stock, and closes
when nobody (more) may or wants to buy; the active player then draws the top of the stock
(R20).

With the call (``Variant.shanghai_call``), the asking opens when a turn begins with a card
on the discard pile (:func:`~contract_rummy.engine._common.begin_turn`): the players who may
buy are asked in the same order, and the first ``Buy()`` is a request that closes the
asking. The active player answers it in phase DRAW: ``TakeDiscard()`` blocks it, and
``DrawStock()`` grants it (:func:`grant`). When everyone passes, the active player draws as
usual, with no buy window after the draw.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

from contract_rummy._hands import Hand, add, add_one
from contract_rummy.actions import Action, Buy, Pass
from contract_rummy.cards import CARDS, Card
from contract_rummy.engine._common import (
    Outcome,
    PhaseRules,
    Position,
    asked,
    draw,
    pile_without_top,
    window,
    with_item,
    wrong_phase,
)
from contract_rummy.engine._known import learned
from contract_rummy.engine._round import end_round
from contract_rummy.events import Bought, Drew, Event, RoundEnd
from contract_rummy.state import (
    NO_WINDOW,
    Board,
    BuyWindow,
    Chance,
    Phase,
    RoundState,
    builder,
    buyers,
    buyers_of,
    updater,
)

__all__ = ["BUY", "active_draws", "grant", "open_window"]

_BUY_OR_PASS: Final[tuple[Action, ...]] = (Buy(), Pass())
#: The kinds of action phase BUY takes, for ``isinstance``: a tuple, since ``Buy | Pass``
#: would build a new union at every check.
_ANSWERS: Final = (Buy, Pass)
#: The phases this module moves to, read once: an attribute of an enum class is looked up
#: through ``EnumType.__getattr__``, several times slower than a module's name.
_BUY: Final = Phase.BUY
_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
_chance: Final = builder(Chance, Chance.__init__)


@functools.cache
def _draws(player: int) -> tuple[Drew, ...]:
    """``player``'s :class:`Drew` of each card, by card index, made once.

    Events are immutable values, so the steps share them rather than build one at every
    draw.
    """
    return tuple(Drew(player, card) for card in CARDS)


#: Builds a :class:`Bought` from its fields, unchecked: a buy's event, made at every buy
#: (its cards are too many to keep each event made once, as :func:`_draws` does).
_bought_event: Final = builder(Bought, Bought.__init__)


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
        offer = window(queue[1:], last_buyer)
        return asked(
            state, phase=_BUY, to_act=queue[0], window=offer, moves=state.moves + 1
        ), events
    return active_draws(state, events)


@updater(RoundState)
def _drawn(
    state: RoundState,
    *,
    phase: Phase,
    to_act: int,
    hands: tuple[Hand, ...],
    stock: tuple[Card, ...],
    window: BuyWindow,
    moves: int,
) -> RoundState:
    """``state`` once the active player drew the top of the stock: the fields a draw changes."""
    raise NotImplementedError  # made from the fields by updater()


@updater(Board)
def _board_bought(
    board: Board, *, buys: tuple[int, ...], known: tuple[tuple[Card, ...], ...]
) -> Board:
    """``board`` once a player bought (R19, R21) with no reshuffle: the fields it changes."""
    raise NotImplementedError  # made from the fields by updater()


@updater(RoundState)
def _restocked(
    state: RoundState,
    *,
    phase: Phase,
    to_act: int,
    hands: tuple[Hand, ...],
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    discarded_by: tuple[int | None, ...],
    board: Board,
    window: BuyWindow,
    chance: Chance,
    moves: int,
) -> RoundState:
    """``state`` once a buy or a reshuffle changed the piles: the fields they change."""
    raise NotImplementedError  # made from the fields by updater()


def active_draws(state: RoundState, events: tuple[Event, ...] = ()) -> Outcome:
    """R20: the active player draws the top of the stock and plays; R27 if none can be."""
    stock = state.stock
    if not stock:
        return _draw_reshuffling(state, events)
    # Nearly every turn: the top card, with no reshuffle, and nothing else changes.
    player = state.active
    hands, stock, drew = _top_drawn(player, state.hands, stock)
    after = _drawn(
        state,
        phase=_PLAY,
        to_act=player,
        hands=hands,
        stock=stock,
        window=NO_WINDOW,
        moves=state.moves + 1,
    )
    return after, events + (drew,)  # noqa: RUF005 - no list


def _top_drawn(
    player: int, hands: tuple[Hand, ...], stock: tuple[Card, ...]
) -> tuple[tuple[Hand, ...], tuple[Card, ...], Drew]:
    """The hands and the stock once ``player`` draws the top of ``stock``, and its event."""
    card = stock[0]
    return (
        with_item(hands, player, add_one(hands[player], card)),
        stock[1:],
        _draws(player)[card.index],
    )


def _draw_reshuffling(state: RoundState, events: tuple[Event, ...]) -> Outcome:
    """:func:`active_draws` from an empty stock: reshuffle the discards first (R27, R29)."""
    drawn = draw(state, 1, (state.discard, state.discarded_by))
    if drawn is None:
        return end_round(state, RoundEnd.STOCK_EXHAUSTED, state.moves + 1, events)
    player = state.active
    card = drawn.cards[0]
    hands = state.hands
    after = _restocked(
        state,
        phase=_PLAY,
        to_act=player,
        hands=with_item(hands, player, add(hands[player], drawn.cards)),
        stock=drawn.stock,
        discard=drawn.discard,
        discarded_by=drawn.discarded_by,
        board=state.board.replace(reshuffles=drawn.reshuffles),
        window=NO_WINDOW,
        chance=_chance(drawn.rng, state.chance.shuffler),
        moves=state.moves + 1,
    )
    return after, (*events, *drawn.events, _draws(player)[card.index])


def _legal(position: Position, hand: Hand) -> Sequence[Action]:
    return _BUY_OR_PASS


def _check(position: Position, hand: Hand, action: Action) -> None:
    if not isinstance(action, _ANSWERS):
        wrong_phase(position, action)


def _pass(state: RoundState, action: Pass) -> Outcome:
    if state.facts.variant.shanghai_call:
        return _answer_asking(state, action)
    window = state.window
    return _ask(state, window.queue, window.last_buyer)


def _buy_or_ask(state: RoundState, action: Buy) -> Outcome:
    if state.facts.variant.shanghai_call:
        return _answer_asking(state, action)
    return _buy(state)


#: What a buy changes (R19, R21, R27): the hands, the stock, the discard pile and who
#: discarded its cards, the board, the shuffler, and the events; see :func:`_bought`.
_Bought: TypeAlias = tuple[
    tuple[Hand, ...],
    tuple[Card, ...],
    tuple[Card, ...],
    tuple[int | None, ...],
    Board,
    Chance,
    tuple[Event, ...],
]


def _bought(state: RoundState, buyer: int) -> _Bought:
    """``buyer`` takes the top discard, then the penalty from the stock (R19, R21, R27).

    The parts that change, not a state: the caller builds one state with them and with
    what follows the buy (who is asked next, or the active player's draw). Nearly every
    buy finds its penalty in the stock: those parts are worked out here, with no reshuffle
    to allow for.
    """
    card = state.discard[-1]
    count = state.facts.variant.buy_penalty
    stock = state.stock
    if len(stock) < count:  # the penalty needs a reshuffle (R27): rare
        return _bought_reshuffling(state, buyer, card)
    penalty = stock[:count]
    hands, board = state.hands, state.board
    buys = board.buys
    return (
        with_item(hands, buyer, add(hands[buyer], (card, *penalty))),
        stock[count:],
        state.discard[:-1],
        state.discarded_by[:-1],
        _board_bought(
            board,
            buys=with_item(buys, buyer, buys[buyer] + 1),
            known=learned(board.known, buyer, card),  # the card, not the penalty: seen by all
        ),
        state.chance,
        (_bought_event(buyer, card, penalty),),
    )


def _bought_reshuffling(state: RoundState, buyer: int, card: Card) -> _Bought:
    """:func:`_bought` of a penalty that needs the discards reshuffled into a stock (R27)."""
    drawn = draw(state, state.facts.variant.buy_penalty, pile_without_top(state))
    assert drawn is not None, "R21: buyers are only asked when a penalty card can be drawn"
    hands, board = state.hands, state.board
    reshuffled = drawn.reshuffles != board.reshuffles
    return (
        with_item(hands, buyer, add(hands[buyer], (card, *drawn.cards))),
        drawn.stock,
        drawn.discard,
        drawn.discarded_by,
        board.replace(
            buys=with_item(board.buys, buyer, board.buys[buyer] + 1),
            reshuffles=drawn.reshuffles,
            known=learned(board.known, buyer, card),  # the card, not the penalty: seen by all
        ),
        _chance(drawn.rng, state.chance.shuffler) if reshuffled else state.chance,
        (*drawn.events, _bought_event(buyer, card, drawn.cards)),
    )


def _buy(state: RoundState) -> Outcome:
    """A buy, then the next offer of the discard (R20) or the active player's draw.

    One state is built for both: the next players to ask are worked out from the parts the
    buy changes (:func:`~contract_rummy.state.buyers_of`).
    """
    buyer = state.to_act
    assert buyer is not None
    parts = _bought(state, buyer)
    hands, stock, discard, discarded_by, board, chance, events = parts
    active = state.active
    # R20: the next discard is offered again from the active player's left.
    queue = buyers_of(state.facts.variant, active, stock, discard, discarded_by, board, buyer)
    if queue:
        phase, to_act, offer = _BUY, queue[0], window(queue[1:], buyer)
    elif stock:  # nobody is asked: the active player draws (R20)
        hands, stock, drew = _top_drawn(active, hands, stock)
        phase, to_act, offer, events = _PLAY, active, NO_WINDOW, events + (drew,)  # noqa: RUF005
    else:  # the active player's draw needs a reshuffle first (R27): rare
        return _draw_reshuffling(*_holding(state, parts))
    after = _restocked(
        state,
        phase=phase,
        to_act=to_act,
        hands=hands,
        stock=stock,
        discard=discard,
        discarded_by=discarded_by,
        board=board,
        window=offer,
        chance=chance,
        moves=state.moves + 1,
    )
    return after, events


def _answer_asking(state: RoundState, action: Action) -> Outcome:
    """R31: a request closes the asking; a pass leaves it to the next player who may ask.

    Once everyone passed, the active player draws as usual (phase DRAW, nothing pending).
    """
    moves = state.moves + 1
    if isinstance(action, Buy):
        requester = state.to_act
        pending = window((), None, requester)
        return asked(state, phase=_DRAW, to_act=state.active, window=pending, moves=moves), ()
    queue = state.window.queue
    if queue:
        return asked(state, phase=_BUY, to_act=queue[0], window=window(queue[1:]), moves=moves), ()
    return asked(state, phase=_DRAW, to_act=state.active, window=NO_WINDOW, moves=moves), ()


def grant(state: RoundState) -> Outcome:
    """R31: the active player grants the pending request by choosing the stock.

    The requester takes the top discard and the penalty card (a buy, R19, R21, R27), then
    the active player draws the top of the stock and plays: no other buy this turn.
    """
    requester = state.window.requester
    assert requester is not None
    return active_draws(*_holding(state, _bought(state, requester)))


def _holding(state: RoundState, parts: _Bought) -> Outcome:
    """``state`` with the parts a buy changed (its move not counted yet), and its events."""
    hands, stock, discard, discarded_by, board, chance, events = parts
    bought = state.replace(
        hands=hands,
        stock=stock,
        discard=discard,
        discarded_by=discarded_by,
        board=board,
        chance=chance,
    )
    return bought, events


#: Phase BUY (R18-R22, R31).
BUY: Final = PhaseRules(legal=_legal, check=_check, plays={Buy: _buy_or_ask, Pass: _pass})
