"""What an action did: the events the engine reports beside the next state.

An action says what a player chose; its events say what happened because of it, which the
action alone does not tell: which card was drawn, the penalty card of a buy, a reshuffle of
the discards, the wild card a swap freed, the end of a round with its scores, the end of the
game, the deal of the next round. :func:`contract_rummy.step` returns them with the next
state, in the order they happened:

>>> import contract_rummy as cr
>>> state = cr.new_game(seed=1)
>>> state = cr.apply(state, cr.DrawStock())
>>> after, events = cr.step(state, cr.Buy())
>>> for event in events:
...     print(event)
Bought(player=3, card=Card.parse('4D'), penalty=(Card.parse('8S'),))
Drew(player=2, card=Card.parse('KC'))

Records, player views, logs and user interfaces read events rather than work them out
again from two states. Some events name cards that only one player may see (a card drawn
from the stock); a server sends each player their own copy, :func:`censored`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple, TypeAlias

import attrs

from contract_rummy._checks import is_int
from contract_rummy.cards import Card
from contract_rummy.state import RoundState

__all__ = [
    "CENSORS",
    "Bought",
    "BoughtUnseen",
    "Dealt",
    "Drew",
    "DrewUnseen",
    "Event",
    "GameEnded",
    "Reshuffled",
    "RoundEnd",
    "RoundEnded",
    "SeenEvent",
    "Step",
    "TookDiscard",
    "WildFreed",
    "censor",
    "censored",
]


class RoundEnd(enum.Enum):
    """Why a round ended."""

    #: A player went out (R16, R24, R25).
    WENT_OUT = "went out"
    #: A card had to be drawn and none could be, even by reshuffling the discards, or the
    #: round had used every reshuffle its variant allows (R27, R29).
    STOCK_EXHAUSTED = "stock exhausted"
    #: The round reached the variant's turn limit (R29).
    TURN_LIMIT = "turn limit"

    def __repr__(self) -> str:
        return f"RoundEnd.{self.name}"


@attrs.frozen
class Drew:
    """The active player drew the top card of the stock (R13, R20).

    Attributes:
        player: Who drew.
        card: The card drawn; only that player may see it.
    """

    player: int
    card: Card


@attrs.frozen
class TookDiscard:
    """The active player took the top card of the discard pile (R13, R18).

    Attributes:
        player: Who took it.
        card: The card, seen by everyone.
        blocked: With the Shanghai call (R31), the player whose request for the card this
            blocked, with no penalty for anyone; ``None`` when nobody had asked.
    """

    player: int
    card: Card
    blocked: int | None = None


@attrs.frozen
class Bought:
    """A player bought the top discard and drew the penalty from the stock (R19, R21).

    With the Shanghai call (R31) this is a granted request, reported when the active player
    chooses the stock, before the active player's :class:`Drew`.

    Attributes:
        player: The buyer.
        card: The card bought, seen by everyone.
        penalty: The penalty cards drawn from the stock; only the buyer may see them.
    """

    player: int
    card: Card
    penalty: tuple[Card, ...]


@attrs.frozen
class Reshuffled:
    """The discards under the top card were shuffled into a new stock (R27).

    Attributes:
        cards: How many cards the new stock has.
        reshuffles: How many reshuffles the round has had, this one included.
        stock: The new stock as shuffled, top first, before any card is drawn from it: what
            a game record keeps when the shuffler cannot replay it from a seed. It is
            hidden information: a server keeps it from the players.
    """

    cards: int
    reshuffles: int
    stock: tuple[Card, ...] = ()


@attrs.frozen
class WildFreed:
    """A swap put a natural card in place of a wild card, which went onto a meld (R23).

    Attributes:
        player: Who swapped.
        card: The natural card put in, from the player's hand.
        wild: The wild card taken back (a joker, or a natural wild card, R30).
        target: The index of the meld the wild card left.
        joker_target: The index of the meld it went onto.
    """

    player: int
    card: Card
    wild: Card
    target: int
    joker_target: int


@attrs.frozen
class RoundEnded:
    """The round ended and every hand was scored (R25, R26, R27, R29).

    Attributes:
        round_number: The round that ended.
        reason: Why it ended.
        went_out: The player who went out, or ``None``.
        penalties: Each player's penalty points for the round.
        scores: The running totals, this round included.
    """

    round_number: int
    reason: RoundEnd
    went_out: int | None
    penalties: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen
class GameEnded:
    """The last round ended: the game is over (R28).

    Attributes:
        winners: The players sharing the win.
        scores: The final totals.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen
class Dealt:
    """The next round was shuffled and dealt (R4, R5), by ``NextRound()``.

    In a game dealt step by step (``new_game(auto_chance=False)``), the chance outcome
    that completes a deal reports it, the first round's included.

    Attributes:
        round_number: The round dealt.
        dealer: Who dealt it.
        top_discard: The card turned up to start the discard pile.
        exact_cut: With a cut bonus (``Variant.cut_bonus``), the player on the dealer's
            right whose cut was exact, and whose total it lowered; else ``None``.
        cut: With a cut bonus, how many cards the cut lifted (R32, ``RoundState.cut``);
            else ``None``.
    """

    round_number: int
    dealer: int
    top_discard: Card
    exact_cut: int | None = None
    cut: int | None = None


#: Anything :func:`contract_rummy.step` reports.
Event: TypeAlias = (
    Drew | TookDiscard | Bought | Reshuffled | WildFreed | RoundEnded | GameEnded | Dealt
)


class Step(NamedTuple):
    """The result of :func:`contract_rummy.step`: the next state and what happened.

    It unpacks as a pair: ``after, events = cr.step(state, action)``.
    """

    #: The state after the action.
    state: RoundState
    #: What the action did, in the order it happened.
    events: tuple[Event, ...]


# == what each player may see of an event =====================================================


@attrs.frozen
class DrewUnseen:
    """Another player drew the top card of the stock, which you may not see (R13, R20).

    What everyone but the drawer sees of a :class:`Drew` (:func:`censor`): one card went
    from the stock into ``player``'s hand, face down.

    Attributes:
        player: Who drew.

    >>> import contract_rummy as cr
    >>> cr.censor(cr.Drew(2, cr.Card.parse("KC")), 0)
    DrewUnseen(player=2)
    """

    player: int

    @property
    def cards(self) -> int:
        """How many cards went from the stock into ``player``'s hand: one."""
        return 1


@attrs.frozen
class BoughtUnseen:
    """Another player bought the top discard and drew the penalty unseen (R19, R21).

    What everyone but the buyer sees of a :class:`Bought` (:func:`censor`): the card bought,
    seen by everyone, and how many penalty cards went from the stock into the buyer's hand,
    face down.

    Attributes:
        player: The buyer.
        card: The card bought.
        penalty: How many penalty cards the buyer drew from the stock.

    >>> import contract_rummy as cr
    >>> bought = cr.Bought(3, cr.Card.parse("4D"), penalty=(cr.Card.parse("8S"),))
    >>> cr.censor(bought, 0)
    BoughtUnseen(player=3, card=Card.parse('4D'), penalty=1)
    """

    player: int
    card: Card
    penalty: int


#: What a player may see of an event (:func:`censor`): the event itself when it hides
#: nothing from them, or the marker of its hidden cards (:class:`DrewUnseen`,
#: :class:`BoughtUnseen`, a :class:`Reshuffled` without its ``stock``).
SeenEvent: TypeAlias = Event | DrewUnseen | BoughtUnseen


def _public(event: Event, player: int | None) -> SeenEvent:
    """An event that hides nothing: everyone sees it whole."""
    return event


def _drew(event: Drew, player: int | None) -> Drew | DrewUnseen:
    return event if event.player == player else DrewUnseen(event.player)


def _bought(event: Bought, player: int | None) -> Bought | BoughtUnseen:
    if event.player == player:
        return event
    return BoughtUnseen(event.player, event.card, len(event.penalty))


def _reshuffled(event: Reshuffled, player: int | None) -> Reshuffled:
    # The new stock's order is nobody's to see; its size and the count of reshuffles are.
    return event if not event.stock else Reshuffled(event.cards, event.reshuffles)


#: How each kind of event is censored: a function of the event and the player who sees it
#: (``None`` for someone who holds no hand, such as a spectator) that gives what that
#: player may see of it. Every member of :data:`Event` has its entry: a new kind of event
#: is refused by :func:`censor` until it has one.
CENSORS: Final[Mapping[type, Callable[[Any, int | None], SeenEvent]]] = MappingProxyType(
    {
        Drew: _drew,
        TookDiscard: _public,
        Bought: _bought,
        Reshuffled: _reshuffled,
        WildFreed: _public,
        RoundEnded: _public,
        GameEnded: _public,
        Dealt: _public,
    }
)


#: The markers of hidden cards: what a player sees of them is themselves.
_MARKERS: Final = (DrewUnseen, BoughtUnseen)


def censor(event: SeenEvent, player: int | None) -> SeenEvent:
    """What ``player`` may see of ``event``: the cards hidden from them replaced by a marker.

    A card drawn from the stock is seen by its drawer only (:class:`DrewUnseen` for the
    others), the penalty cards of a buy by the buyer only (:class:`BoughtUnseen`), and the
    order of a reshuffled stock by nobody (a :class:`Reshuffled` without its ``stock``).
    Every other event, like every action, is public. The markers keep how many cards moved
    and where: two states that differ only in cards ``player`` cannot see give ``player``
    equal copies of the events of the same action. ``player`` is ``None`` for someone who
    holds no hand (a spectator), who sees what everyone sees.

    A :class:`Dealt` is the same for everyone: each player's new hand is not in it (a
    player's history keeps it, :mod:`contract_rummy.history`). A marker (and a
    :class:`Reshuffled` without its ``stock``) is seen as it is: censoring twice is
    censoring once.

    Raises:
        TypeError: if ``event`` is not an event nor a marker, or ``player`` is neither
            ``None`` nor an int (a bool is not one).
        ValueError: if ``player`` is a negative int.

    >>> import contract_rummy as cr
    >>> state = cr.apply(cr.new_game(seed=1), cr.DrawStock())
    >>> after, events = cr.step(state, cr.Buy())
    >>> for event in events:
    ...     print(censor(event, 3))
    Bought(player=3, card=Card.parse('4D'), penalty=(Card.parse('8S'),))
    DrewUnseen(player=2)
    >>> for event in events:
    ...     print(censor(event, 0))
    BoughtUnseen(player=3, card=Card.parse('4D'), penalty=1)
    DrewUnseen(player=2)
    """
    if player is not None and (type(player) is not int or player < 0):
        if not is_int(player):
            raise TypeError(f"player must be None or an int, got {player!r}")
        if player < 0:
            raise ValueError(f"player must be None or a player (an int >= 0), got {player}")
    censoring = CENSORS.get(type(event))
    if censoring is None:
        if type(event) in _MARKERS:
            return event
        if hasattr(event, "hands") or hasattr(event, "hand"):  # a state or a view: its repr
            raise TypeError(  # shows cards hidden from some player
                f"expected an event, got a {type(event).__name__}, which is not shown: it "
                "holds cards hidden from players"
            )
        raise TypeError(f"expected an event, got {event!r}")
    return censoring(event, player)


def censored(events: Iterable[SeenEvent], player: int | None) -> tuple[SeenEvent, ...]:
    """``player``'s copy of a step's events: each as :func:`censor` gives it, in order.

    >>> import contract_rummy as cr
    >>> after, events = cr.step(cr.new_game(seed=1), cr.DrawStock())
    >>> events
    ()
    >>> after, events = cr.step(after, cr.Pass())
    >>> after, events = cr.step(after, cr.Pass())
    >>> after, events = cr.step(after, cr.Pass())
    >>> censored(events, 2)
    (Drew(player=2, card=Card.parse('8S')),)
    >>> censored(events, 0), censored(events, None)
    ((DrewUnseen(player=2),), (DrewUnseen(player=2),))

    Raises:
        TypeError: as :func:`censor` does, and for a whole :class:`Step` (its state holds
            every card): pass ``step.events``.
    """
    if isinstance(events, Step):
        raise TypeError(
            "censored takes a step's events: pass step.events, not the whole Step (its "
            "state holds cards hidden from players)"
        )
    return tuple(censor(event, player) for event in events)
