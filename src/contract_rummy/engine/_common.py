"""What the phases of the engine share: positions, refusals, the pile, the stock, a turn's start.

What the listing reads (:class:`Position`), refusals, the discard pile, drawing from the
stock, and how a turn begins (with the Shanghai call, R31, by asking the other players who
may buy, :func:`~contract_rummy.state.buyers_of`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, NamedTuple, NoReturn, Protocol, TypeAlias, TypeVar

from contract_rummy._hands import Hand
from contract_rummy.actions import DISCARDS, Action, Buy, Pass
from contract_rummy.cards import Card
from contract_rummy.errors import IllegalActionError, Refusal
from contract_rummy.events import Event, Reshuffled
from contract_rummy.state import (
    NO_WINDOW,
    Board,
    BuyWindow,
    Phase,
    RoundFacts,
    RoundState,
    Turn,
    buyers_of,
    updater,
)
from contract_rummy.variants import Variant

__all__ = [
    "DISCARDS",
    "Drawn",
    "Outcome",
    "PhaseRules",
    "Pile",
    "Play",
    "Position",
    "asked",
    "begin_turn",
    "draw",
    "next_dealer",
    "opening",
    "pile_with",
    "pile_without_top",
    "refuse",
    "window",
    "with_item",
    "with_known",
    "wrong_phase",
]

A = TypeVar("A")

#: Read once: an enum class's attributes are looked up through ``EnumType.__getattr__``,
#: several times slower than a module's name.
_BUY: Final = Phase.BUY
_DRAW: Final = Phase.DRAW


class Position(Protocol):
    """What a player's legal actions are read from: a state, or that player's view.

    Both :class:`~contract_rummy.RoundState` and :class:`~contract_rummy.PlayerView` have
    these parts under these names, so the engine lists and checks a view's actions without
    a state behind it; the hand of the player to act is passed beside the position.
    """

    @property
    def facts(self) -> RoundFacts:
        """What stays the same all round."""

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, bottom first."""

    @property
    def board(self) -> Board:
        """The melds on the table and the round's counts."""

    @property
    def phase(self) -> Phase:
        """What kind of choice is due."""

    @property
    def active(self) -> int:
        """Whose turn it is."""

    @property
    def to_act(self) -> int | None:
        """Who must choose now."""

    @property
    def turn(self) -> Turn:
        """What the active player has done this turn (the kept card as its player sees it)."""

    @property
    def window(self) -> BuyWindow:
        """The buy window."""


#: What playing an action gives: the next state and its events (a :class:`Step`, as a plain
#: tuple until :func:`contract_rummy.step` wraps it).
#:
#: The next state's ``moves`` is one more than the state the action was played in, and is
#: counted once, where the next state is finished: every build that finishes an action's
#: state says ``moves=state.moves + 1``; a state made on the way (a buy's, before the next
#: player is asked) keeps the number it came with, and the functions that finish the work
#: from it (:func:`~contract_rummy.engine.end_round`) are told the number.
Outcome: TypeAlias = tuple[RoundState, tuple[Event, ...]]


#: Plays one kind of action in one phase: the next state and what happened. Typed with
#: ``Any`` for the action, so that each function takes its own kind of action
#: (:attr:`PhaseRules.plays` gives it only that kind).
Play: TypeAlias = Callable[[RoundState, Any], Outcome]


class PhaseRules(NamedTuple):
    """The rules of one phase: each phase of :class:`Phase` has one of these.

    ``legal`` and ``check`` read a :class:`Position`, a state or a player's view, and the
    hand of the player to act, so that a view's actions are listed and checked without a
    state behind it; ``plays`` make the next state, so they take a whole state.

    Attributes:
        legal: Every legal action of a position in the phase, in the listing's order.
        check: Raise :class:`IllegalActionError` unless the action is legal, without
            making the next state; dispatches on the action's type, so one kind of action
            may be legal in several phases.
        plays: By the type of action, the function that plays it in this phase: the next
            state and what happened (raising as ``check`` does). A type not here is
            refused by :meth:`play`. The engine looks the function up itself, so that an
            action costs one call less.
    """

    legal: Callable[[Position, Hand], Sequence[Action]]
    check: Callable[[Position, Hand, Action], object]
    plays: Mapping[type, Play]

    def play(self, state: RoundState, action: Action) -> Outcome:
        """The next state and what happened: ``action`` played by its type's function."""
        found = self.plays.get(type(action))
        if found is None:
            wrong_phase(state, action)
        return found(state, action)


def next_dealer(dealer: int, players: int) -> int:
    """Who deals the round after the one ``dealer`` dealt: the deal passes to the left (R4)."""
    return (dealer + 1) % players


def refuse(rule: str, message: str) -> NoReturn:
    """Refuse an action: :class:`IllegalActionError` citing ``rule``."""
    raise IllegalActionError(Refusal(rule, message))


def wrong_phase(state: Position, action: object) -> NoReturn:
    """Refuse an action that the position's phase does not take, saying what is expected."""
    phase = state.phase
    call = state.facts.variant.shanghai_call
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
    # A list copy changed in place, then a tuple: two new objects, where slices and
    # concatenation make five (a third fewer instructions for a tuple of four hands).
    items = list(values)
    items[index] = value
    return tuple(items)


@updater(Board)
def _board_knowing(board: Board, *, known: tuple[tuple[Card, ...], ...]) -> Board:
    """``board`` with other known cards: the one field a take or a discard changes."""
    raise NotImplementedError  # made from the fields by updater()


def with_known(board: Board, known: tuple[tuple[Card, ...], ...]) -> Board:
    """``board`` with the known cards ``known`` (R18, R19): ``board`` itself if unchanged."""
    return board if known is board.known else _board_knowing(board, known=known)


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
    rng, reshuffles = state.chance.rng, state.board.reshuffles
    if len(stock) >= count:
        return _new_drawn(
            Drawn, (stock[:count], stock[count:], discard, discarded_by, rng, reshuffles, ())
        )
    limit = state.facts.variant.max_reshuffles
    drawn: list[Card] = []
    events: list[Event] = []
    while len(drawn) < count:
        if not stock:
            if len(discard) < 2 or (limit is not None and reshuffles >= limit):
                return None
            shuffled, rng = state.chance.shuffler.shuffle(discard[:-1], rng)
            stock = tuple(shuffled)
            # The pile keeps its top card, and who discarded it (R21).
            discard, discarded_by = discard[-1:], discarded_by[-1:]
            reshuffles += 1
            events.append(Reshuffled(len(stock), reshuffles, stock))
        drawn.append(stock[0])
        stock = stock[1:]
    return Drawn(tuple(drawn), stock, discard, discarded_by, rng, reshuffles, tuple(events))


#: Buy windows are few (who is still to be asked, the last buyer, a requester): each made
#: once.
window: Final = functools.cache(BuyWindow)


@updater(RoundState)
def asked(
    state: RoundState, *, phase: Phase, to_act: int, window: BuyWindow, moves: int
) -> RoundState:
    """``state`` once ``to_act`` is asked to choose in ``phase``, the buy window ``window``."""
    raise NotImplementedError  # made from the fields by updater()


def begin_turn(state: RoundState) -> RoundState:
    """The state of a turn that begins: ``state`` is in phase DRAW for the active player.

    ``state`` is the state the action makes, its ``moves`` already counted (see
    :data:`Outcome`): the asking keeps that number. Who acts first is :func:`opening`'s.
    """
    board = state.board
    phase, to_act, offer = opening(
        state.facts.variant, state.active, state.stock, state.discard, state.discarded_by, board
    )
    if phase is _DRAW:
        return state
    return asked(state, phase=phase, to_act=to_act, window=offer, moves=state.moves)


def opening(
    variant: Variant,
    active: int,
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    discarded_by: tuple[int | None, ...],
    board: Board,
) -> tuple[Phase, int, BuyWindow]:
    """The phase, the player to act and the buy window of a turn that begins (R13, R31).

    Phase DRAW for the ``active`` player; but with the Shanghai call (R31), a turn that
    begins with a card on the discard pile opens the asking first: phase BUY for the first
    player who may ask, in the order of R19-R21 (buy caps and penalty cards included).
    Read from the parts of the state, so that the action ending a turn builds one state.
    """
    if variant.shanghai_call:
        askers = buyers_of(variant, active, stock, discard, discarded_by, board, None)
        if askers:
            return _BUY, askers[0], window(askers[1:])
    return _DRAW, active, NO_WINDOW
