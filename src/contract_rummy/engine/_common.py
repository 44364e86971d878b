"""What the phases of the engine share: refusals, the discard pile, drawing from the stock."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, NoReturn, TypeAlias, TypeVar

from contract_rummy.actions import Action, Discard
from contract_rummy.cards import _ALL, Card
from contract_rummy.errors import IllegalActionError
from contract_rummy.events import Event, Reshuffled
from contract_rummy.state import Phase, RoundState

__all__ = [
    "DISCARDS",
    "Drawn",
    "Outcome",
    "PhaseRules",
    "Pile",
    "can_draw",
    "draw",
    "pile_with",
    "pile_without_top",
    "refuse",
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
    return (*values[:index], value, *values[index + 1 :])


#: The discard pile, bottom first, and who discarded each of its cards (R21): the two always
#: change together, through :func:`pile_without_top`, :func:`pile_with` and the reshuffle of
#: :func:`draw`.
Pile: TypeAlias = tuple[tuple[Card, ...], tuple[int | None, ...]]


def pile_without_top(state: RoundState) -> Pile:
    """The pile once its top card is taken (R13) or bought (R19)."""
    return state.discard[:-1], state.discarded_by[:-1]


def pile_with(state: RoundState, card: Card, player: int) -> Pile:
    """The pile once ``player`` discards ``card`` on it (R13)."""
    return (*state.discard, card), (*state.discarded_by, player)


class Drawn(NamedTuple):
    """Cards drawn from the stock, and what the stock and the discard pile became."""

    cards: tuple[Card, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    discarded_by: tuple[int | None, ...]
    rng: int
    reshuffles: int
    events: tuple[Event, ...]


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
        return Drawn(
            stock[:count], stock[count:], discard, discarded_by, state.rng, state.reshuffles, ()
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
            events.append(Reshuffled(len(stock), reshuffles))
        drawn.append(stock[0])
        stock = stock[1:]
    return Drawn(tuple(drawn), stock, discard, discarded_by, rng, reshuffles, tuple(events))


def can_draw(state: RoundState, count: int) -> bool:
    """Whether ``count`` cards can be drawn once the top discard is bought (R21, R27)."""
    limit = state.variant.max_reshuffles
    refill = limit is None or state.reshuffles < limit
    return len(state.stock) + (max(0, len(state.discard) - 2) if refill else 0) >= count
