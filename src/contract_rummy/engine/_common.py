"""What the phases of the engine share: refusals, the pile, the stock, the start of a turn.

Refusals, the discard pile, drawing from the stock, who may buy the top discard (R19-R21),
and how a turn begins (with the Shanghai call, R31, by asking the other players).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, NoReturn, TypeAlias, TypeVar

from contract_rummy.actions import Action, Buy, Discard, Pass
from contract_rummy.cards import _ALL, Card
from contract_rummy.errors import IllegalActionError
from contract_rummy.events import Event, Reshuffled
from contract_rummy.state import BuyWindow, Phase, RoundState

__all__ = [
    "DISCARDS",
    "Drawn",
    "Outcome",
    "PhaseRules",
    "Pile",
    "begin_turn",
    "buyers",
    "can_draw",
    "draw",
    "pile_with",
    "pile_without_top",
    "refuse",
    "window",
    "with_item",
    "wrong_phase",
]

A = TypeVar("A")

#: One Discard value per card: actions are immutable, so listings share them.
DISCARDS: Final = tuple(Discard(card) for card in _ALL)


#: What playing an action gives: the next state and its events (a :class:`Step`, as a plain
#: tuple until :func:`contract_rummy.step` wraps it).
Outcome: TypeAlias = tuple[RoundState, tuple[Event, ...]]


class PhaseRules(NamedTuple):
    """The rules of one phase: each phase of :class:`Phase` has one of these.

    Attributes:
        legal: Every legal action of a state in the phase, in the listing's order.
        check: Raise :class:`IllegalActionError` unless the action is legal, without
            making the next state; dispatches on the action's type, so one kind of action
            may be legal in several phases.
        play: The next state and what happened (raising as ``check`` does).
    """

    legal: Callable[[RoundState], Sequence[Action]]
    check: Callable[[RoundState, Action], object]
    play: Callable[[RoundState, Action], Outcome]


def refuse(rule: str, message: str) -> NoReturn:
    """Refuse an action: :class:`IllegalActionError` citing ``rule``."""
    raise IllegalActionError(f"{rule}: {message}", rule=rule)


def wrong_phase(state: RoundState, action: object) -> NoReturn:
    """Refuse an action that the state's phase does not take, saying what is expected."""
    phase = state.phase
    call = state.variant.shanghai_call
    if call and phase is Phase.BUY:
        refuse(
            "R31",
            f"{action!r} is not possible now: player {state.to_act} may ask for the top "
            f"discard (Buy()) or pass, before player {state.active} draws",
        )
    requester = state.window.requester
    if phase is Phase.DRAW and requester is not None:
        refuse(
            "R31",
            f"{action!r} is not possible now: player {state.active} answers player "
            f"{requester}'s request for the top discard: TakeDiscard() blocks it, "
            "DrawStock() grants it",
        )
    if phase is Phase.DRAW and call and isinstance(action, Buy | Pass):
        refuse(
            "R31",
            f"{action!r} is not possible now: the asking is over and nobody asked; player "
            f"{state.active} must take the top card of the stock or of the discard pile",
        )
    if phase is Phase.DRAW:
        refuse(
            "R13",
            f"{action!r} is not possible now: player {state.active} must take the top card "
            "of the stock or of the discard pile",
        )
    if phase is Phase.BUY:
        refuse("R19", f"{action!r} is not possible now: player {state.to_act} may buy or pass")
    if phase is Phase.PLAY:
        refuse(
            "R13",
            f"{action!r} is not possible now: player {state.active} is playing their turn "
            "(meld, lay off, discard)",
        )
    if phase is Phase.ROUND_OVER:
        refuse("R25", f"{action!r} is not possible now: the round is over; play NextRound()")
    refuse("R28", f"{action!r} is not possible now: the game is over")


def with_item(values: tuple[A, ...], index: int, value: A) -> tuple[A, ...]:
    """``values`` with the item at ``index`` replaced by ``value``."""
    # Concatenation builds the tuple directly; ``(*head, value, *tail)`` goes through a list.
    return values[:index] + (value,) + values[index + 1 :]  # noqa: RUF005


#: The discard pile, bottom first, and who discarded each of its cards (R21): the two always
#: change together, through :func:`pile_without_top`, :func:`pile_with` and the reshuffle of
#: :func:`draw`.
Pile: TypeAlias = tuple[tuple[Card, ...], tuple[int | None, ...]]


def pile_without_top(state: RoundState) -> Pile:
    """The pile once its top card is taken (R13) or bought (R19)."""
    return state.discard[:-1], state.discarded_by[:-1]


def pile_with(state: RoundState, card: Card, player: int) -> Pile:
    """The pile once ``player`` discards ``card`` on it (R13)."""
    # Concatenation builds each tuple directly; a starred display goes through a list.
    return state.discard + (card,), state.discarded_by + (player,)  # noqa: RUF005


class Drawn(NamedTuple):
    """Cards drawn from the stock, and what the stock and the discard pile became."""

    cards: tuple[Card, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    discarded_by: tuple[int | None, ...]
    rng: int
    reshuffles: int
    events: tuple[Event, ...]


#: Makes a :class:`Drawn` of a tuple of its seven fields, in order, without calling
#: ``Drawn.__new__``, a Python function that also takes keywords: most draws (a buy's
#: penalty card) find the cards in the stock and build one.
_new_drawn: Final[Callable[[type[Drawn], tuple[object, ...]], Drawn]] = tuple.__new__


def draw(state: RoundState, count: int, pile: Pile) -> Drawn | None:
    """Draw ``count`` cards from the stock, over the discard pile ``pile`` (R27).

    When the stock runs out, the discards under the top card are shuffled into a new stock.
    Returns ``None`` when the cards cannot be drawn: the discards under the top are too few,
    or the round has had every reshuffle its variant allows (R29). The pile is passed in
    because a buy takes its card off the pile before drawing its penalty (R21).
    """
    discard, discarded_by = pile
    stock = state.stock
    if len(stock) >= count:
        return _new_drawn(
            Drawn,
            (stock[:count], stock[count:], discard, discarded_by, state.rng, state.reshuffles, ()),
        )
    rng, reshuffles = state.rng, state.reshuffles
    limit = state.variant.max_reshuffles
    drawn: list[Card] = []
    events: list[Event] = []
    while len(drawn) < count:
        if not stock:
            if len(discard) < 2 or (limit is not None and reshuffles >= limit):
                return None
            shuffled, rng = state.shuffler.shuffle(discard[:-1], rng)
            stock = tuple(shuffled)
            # The pile keeps its top card, and who discarded it (R21).
            discard, discarded_by = discard[-1:], discarded_by[-1:]
            reshuffles += 1
            events.append(Reshuffled(len(stock), reshuffles, stock))
        drawn.append(stock[0])
        stock = stock[1:]
    return Drawn(tuple(drawn), stock, discard, discarded_by, rng, reshuffles, tuple(events))


def can_draw(state: RoundState, count: int) -> bool:
    """Whether ``count`` cards can be drawn once the top discard is bought (R21, R27)."""
    limit = state.variant.max_reshuffles
    refill = limit is None or state.reshuffles < limit
    return len(state.stock) + (max(0, len(state.discard) - 2) if refill else 0) >= count


#: Buy windows are few (who is still to be asked, the last buyer, a requester): each made
#: once.
window: Final = functools.cache(BuyWindow)


def buyers(state: RoundState, last_buyer: int | None) -> tuple[int, ...]:
    """Who may buy the top discard, or ask for it (R31), in priority order (R19-R21)."""
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


def begin_turn(state: RoundState) -> RoundState:
    """The state of a turn that begins: ``state`` is in phase DRAW for the active player.

    With the Shanghai call (R31), a turn that begins with a card on the discard pile opens
    the asking first: phase BUY for the first player who may ask, in the order of R19-R21
    (buy caps and penalty cards included). When nobody may ask, the active player draws.
    """
    if not state.variant.shanghai_call:
        return state
    askers = buyers(state, None)
    if not askers:
        return state
    return state._asking(askers[0], window(askers[1:]))
