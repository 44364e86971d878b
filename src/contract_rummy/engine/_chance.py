"""Chance as steps: the deal, the cut and the reshuffle as points a caller resolves.

By default the state's shuffler resolves every random draw inside :func:`apply` (the first
dealer, R4; the deal, R5; the cut, R32; a reshuffle, R27). A game made with
``auto_chance=False`` holds :data:`~contract_rummy.shuffler.STEPS` instead: where a draw
is due, the engine stops in phase CHANCE, the cards still where they were before the
action that needs chance, and ``chance.pending`` (a
:class:`~contract_rummy.state.ChancePoint`) says what is to be dealt.
Chance's outcomes are then played as actions (:class:`~contract_rummy.DealCard`,
:class:`~contract_rummy.CutDeck`, :class:`~contract_rummy.FirstDealer`), and
:func:`order_to_deal` checks a whole order before it is dealt a card at a time; once chance
has drawn all the action needs, the action is played with what it drew.

Inside the engine, :class:`~contract_rummy.shuffler.StepShuffler` gives the action what
chance drew, in the order the engine asks for it, and signals a draw still to come with
:class:`~contract_rummy.shuffler.NeedChance`, which :func:`stop` turns into the chance
point; the signal never leaves the engine.

A chance point's state names the dealer of the deal under way as soon as it is known (R4):
the first dealer once chance has drawn them, and from the start of each later round's
deal, the player on the left of the dealer of the round just over.
:func:`waiting_state` gives back the state the waiting action was played in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeVar

import attrs

from contract_rummy._hands import BY_INDEX, Hand, some_cards
from contract_rummy.actions import (
    Action,
    ChanceAction,
    CutDeck,
    DealCard,
    FirstDealer,
    NextRound,
)
from contract_rummy.cards import Card, parse_cards
from contract_rummy.engine._common import Outcome, Position, next_dealer, refuse
from contract_rummy.errors import InvalidStateError, Refusal
from contract_rummy.events import Event
from contract_rummy.shuffler import STEPS, NeedChance, StepShuffler
from contract_rummy.state import (
    Chance,
    ChanceKind,
    ChancePoint,
    Phase,
    RoundFacts,
    RoundState,
    not_a_state,
)

__all__ = [
    "NEW_GAME_DEALER",
    "STEPS",
    "NeedChance",
    "StepShuffler",
    "chance_outcomes",
    "chance_point",
    "check_outcome",
    "checked_steps",
    "legal_outcomes",
    "order_to_deal",
    "resolve",
    "stop",
    "waiting_facts",
    "waiting_state",
]

T = TypeVar("T")

_CHANCE: Final = Phase.CHANCE


@attrs.frozen
class _CheckedSteps(StepShuffler):
    """:class:`~contract_rummy.shuffler.StepShuffler`, each draw checked against what is due."""

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        given, after = super().shuffle(items, state)
        if Counter(given) != Counter(items):
            raise InvalidStateError(
                Refusal(
                    "R5, R27", f"chance drew an order of other cards than the {len(items)} due"
                )
            )
        return given, after

    def below(self, bound: int, state: int) -> tuple[int, int]:
        number, after = super().below(bound, state)
        if not 0 <= number < bound:
            raise InvalidStateError(
                Refusal("R4, R32", f"chance drew {number} where a number below {bound} is due")
            )
        return number, after


def checked_steps(drawn: tuple[tuple[Card, ...] | int, ...]) -> StepShuffler:
    """A :class:`~contract_rummy.shuffler.StepShuffler` giving ``drawn``, each draw checked."""
    return _CheckedSteps(drawn)


#: The chance part of such a game's states between chance points.
_STEPPED: Final = Chance(0, STEPS)
#: The dealer a new game dealt step by step names until chance draws the first one (R4).
NEW_GAME_DEALER: Final = 0


def chance_point(state: RoundState) -> ChancePoint | None:
    """What chance is to deal now, or ``None`` when a player (or nobody) acts (R5, R27, R32).

    Only a game made with ``auto_chance=False`` stops for chance: its state is then in
    phase CHANCE, and :func:`~contract_rummy.chance_outcomes` lists what chance may deal.

    >>> import contract_rummy as cr
    >>> cr.chance_point(cr.new_game(seed=1)) is None
    True
    >>> point = cr.chance_point(cr.new_game(auto_chance=False))
    >>> point.kind, point.bound
    (ChanceKind.DEALER, 4)
    """
    if not isinstance(state, RoundState):
        raise TypeError(not_a_state(state))
    return state.chance.pending


def chance_outcomes(state: RoundState) -> tuple[tuple[ChanceAction, float], ...]:
    """Chance's outcomes at a chance point, each with its probability; ``()`` elsewhere.

    An order is dealt a card at a time: each distinct card still to place, with its copies
    over the cards still to place (R5, R27). A number is uniform: each first dealer (R4),
    each cut from 1 card to all but one (R32).

    >>> import contract_rummy as cr
    >>> state = cr.new_game(players=4, auto_chance=False)
    >>> cr.chance_outcomes(state)[0]
    (FirstDealer(player=0), 0.25)
    >>> state = cr.apply(state, cr.FirstDealer(2))
    >>> action, probability = cr.chance_outcomes(state)[0]
    >>> action, round(probability * 106)
    (DealCard(card=Card.parse('AC')), 2)
    """
    point = chance_point(state)
    if point is None:
        return ()
    if point.kind is ChanceKind.DEALER:
        return tuple((FirstDealer(p), 1.0 / point.bound) for p in range(point.bound))
    if point.kind is ChanceKind.CUT:
        return tuple((CutDeck(n), 1.0 / point.bound) for n in range(1, point.bound + 1))
    total = len(point.remaining)
    counts = Counter(point.remaining)
    return tuple((DealCard(card), copies / total) for card, copies in counts.items())


def stop(
    state: RoundState,
    action: Action | None,
    drawn: tuple[tuple[Card, ...] | int, ...],
    need: NeedChance,
    moves: int,
) -> RoundState:
    """The chance point where ``action``, played in ``state``, waits for ``need``.

    ``drawn`` is what chance drew for the action before; ``moves`` numbers the state.
    """
    items = need.items
    if items is not None:
        dealing = action is None or type(action) is NextRound
        kind = ChanceKind.DEAL if dealing else ChanceKind.RESHUFFLE
        remaining = tuple(sorted(items, key=BY_INDEX))
    else:
        kind = ChanceKind.DEALER if action is None and not drawn else ChanceKind.CUT
        remaining = ()
    point = ChancePoint(kind, remaining, (), need.bound, action, drawn, state.phase, state.to_act)
    facts = state.facts
    dealer = _dealer_at(facts, state.players, action, drawn)
    if dealer != facts.dealer:
        facts = RoundFacts(facts.variant, facts.round_number, dealer, facts.cut)
    return state.replace(
        facts=facts, phase=_CHANCE, to_act=None, chance=Chance(0, STEPS, point), moves=moves
    )


def _dealer_at(
    facts: RoundFacts,
    players: int,
    action: Action | None,
    drawn: tuple[tuple[Card, ...] | int, ...],
) -> int:
    """The dealer a chance point names, ``facts`` being those of the state ``action`` waits in.

    The dealer of the deal under way, once known (R4): the first dealer chance drew (the
    first of ``drawn``) for a new game's first deal; for a later round's, the player on the
    left of the dealer of the round just over. A reshuffle's is the round's own dealer.
    """
    if action is None:
        first = drawn[0] if drawn else None
        return first if type(first) is int else facts.dealer
    if type(action) is NextRound:
        return next_dealer(facts.dealer, players)
    return facts.dealer


def waiting_facts(state: RoundState, point: ChancePoint) -> RoundFacts:
    """The facts of the state ``point``'s action waits in, ``state`` being at ``point``.

    The inverse of what :func:`stop` names (R4): the new game's dealer before a first deal,
    the dealer of the round just over before a later round's deal.
    """
    facts = state.facts
    waiting = point.action
    if waiting is None:
        dealer = NEW_GAME_DEALER
    elif type(waiting) is NextRound:
        dealer = (facts.dealer - 1) % state.players
    else:
        return facts
    if dealer == facts.dealer:
        return facts
    return RoundFacts(facts.variant, facts.round_number, dealer, facts.cut)


def waiting_state(state: RoundState) -> RoundState | None:
    """The state the action waiting at ``state``'s chance point was played in (R4, R5, R27).

    A game dealt step by step stops in phase CHANCE where an action needs chance, the
    cards still where they were before the action, and names the dealer of the deal under
    way as soon as it is known (R4). This is the state the action was played in: its
    phase, its player to act and its dealer (during round 2's deal, round 1's dealer, who
    played ``NextRound()``), with no chance point. ``None`` at a new game's first deal,
    which no action waits for; ``state`` itself at no chance point. ``moves`` is left as
    ``state``'s, which counts chance's outcomes too.

    Raises:
        TypeError: if ``state`` is not a :class:`~contract_rummy.RoundState`.

    >>> import contract_rummy as cr
    >>> from contract_rummy.engine import waiting_state
    >>> state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(3))
    >>> state.dealer, waiting_state(state)
    (3, None)
    >>> state = cr.deal(state, sorted(state.stock))
    >>> waiting_state(state) is state
    True

    A round dealt by player 3 ends at once (its stock is empty, R27); the next deal is
    player 0's:

    >>> deck = list(cr.PAGAT.deck(4))
    >>> hands = [deck[1 + p :: 4] for p in range(4)]
    >>> over = cr.start_round(
    ...     dealer=3, hands=hands, stock=[], discard=deck[:1], auto_chance=False
    ... )
    >>> over = cr.apply(over, cr.DrawStock())
    >>> dealing = cr.apply(over, cr.NextRound())
    >>> over.dealer, dealing.phase, dealing.dealer, waiting_state(dealing).dealer
    (3, Phase.CHANCE, 0, 3)
    """
    if not isinstance(state, RoundState):
        raise TypeError(not_a_state(state))
    point = state.chance.pending
    if point is None:
        return state
    if point.action is None:
        return None
    return state.replace(
        facts=waiting_facts(state, point),
        phase=point.phase,
        to_act=point.to_act,
        chance=Chance(state.chance.rng, state.chance.shuffler),
    )


def _what(point: ChancePoint) -> str:
    """What chance deals at ``point``, as a message says it."""
    if point.kind is ChanceKind.DEALER:
        return f"chance draws the first dealer (R4): FirstDealer(0 to {point.bound - 1})"
    if point.kind is ChanceKind.CUT:
        return f"chance draws the cut (R32): CutDeck(1 to {point.bound})"
    rule = "R5" if point.kind is ChanceKind.DEAL else "R27"
    return (
        f"chance deals the {point.kind.value}'s order ({rule}): DealCard of one of the "
        f"{len(point.remaining)} cards still to place"
    )


#: The rule that says what chance deals at a chance point of each kind.
_RULE_OF: Final = {
    ChanceKind.DEALER: "R4",
    ChanceKind.DEAL: "R5",
    ChanceKind.CUT: "R32",
    ChanceKind.RESHUFFLE: "R27",
}


def _rule(point: ChancePoint) -> str:
    return _RULE_OF[point.kind]


def legal_outcomes(position: Position, hand: Hand) -> Sequence[Action]:
    """Chance's outcomes at a state's chance point, as actions; none for a view."""
    if not isinstance(position, RoundState):  # a view: no player acts at a chance point
        return ()
    outcomes: Sequence[ChanceAction] = tuple(action for action, _ in chance_outcomes(position))
    return outcomes  # type: ignore[return-value] # chance's actions, listed for chance


def check_outcome(position: Position, hand: Hand, action: object) -> None:
    """Refuse anything but one of chance's outcomes at the chance point, citing the rule."""
    point = position.chance.pending if isinstance(position, RoundState) else None
    if point is None:
        refuse("R5", f"{action!r} is not possible now: chance deals, no player acts")
    kind = point.kind
    rule = _rule(point)
    if type(action) is FirstDealer and kind is ChanceKind.DEALER:
        if not 0 <= action.player < point.bound:
            refuse(rule, f"the first dealer is a player, 0-{point.bound - 1}, got {action.player}")
        return
    if type(action) is CutDeck and kind is ChanceKind.CUT:
        if not 1 <= action.lifted <= point.bound:
            refuse(rule, f"the cut lifts 1 to {point.bound} cards, got {action.lifted}")
        return
    ordering = kind in (ChanceKind.DEAL, ChanceKind.RESHUFFLE)
    if type(action) is DealCard and ordering:
        if action.card not in point.remaining:
            refuse(
                rule,
                f"{action.card} is not among the cards still to place in the "
                f"{kind.value}'s order: {some_cards(point.remaining) or 'none'}",
            )
        return
    refuse(rule, f"{action!r} is not possible now: {_what(point)}")


def order_to_deal(state: RoundState, cards: Iterable[Card | str] | str) -> tuple[DealCard, ...]:
    """The :class:`~contract_rummy.DealCard` of each card of ``cards``, in order, checked.

    ``cards`` must be exactly the cards still to place in the order of the deal (R5) or the
    reshuffle (R27) that chance deals in ``state``, as a list of cards or as notation.
    """
    if not isinstance(state, RoundState):
        raise TypeError(not_a_state(state))
    if isinstance(cards, str):
        cards = parse_cards(cards)
    dealt = tuple(DealCard(card) for card in cards)
    point = state.chance.pending
    if point is None:
        refuse("R5", "no order is to be dealt now: the state is not at a chance point")
    kind = point.kind
    rule = _rule(point)
    if kind not in (ChanceKind.DEAL, ChanceKind.RESHUFFLE):
        refuse(rule, f"no order is to be dealt now: {_what(point)}")
    given = Counter(action.card for action in dealt)
    if given != Counter(point.remaining):
        extra = sorted((given - Counter(point.remaining)).elements())
        missing = sorted((Counter(point.remaining) - given).elements())
        refuse(
            rule,
            f"the order dealt must place exactly the {len(point.remaining)} cards still to "
            f"place in the {kind.value}'s order: missing {some_cards(missing) or 'none'}"
            f"; not to place {some_cards(extra) or 'none'}",
        )
    return dealt


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def resolve(
    state: RoundState,
    action: object,
    play: Callable[[RoundState, Action], Outcome],
    first_deal: Callable[[RoundState, Chance, int], Outcome],
) -> Outcome:
    """Play chance's outcome ``action`` at the chance point of ``state``.

    When chance has drawn all the waiting action needs, the action is played with it by
    ``play`` (or, for a new game's first deal, ``first_deal``); the state after it keeps
    :data:`~contract_rummy.shuffler.STEPS`.
    """
    check_outcome(state, (), action)
    point = state.chance.pending
    assert point is not None  # check_outcome refuses a state with no chance point
    if state.chance.shuffler is not STEPS:
        raise InvalidStateError(
            Refusal(
                _rule(point),
                "a chance point is dealt step by step: its shuffler must be STEPS, got "
                f"{state.chance.shuffler!r}",
            )
        )
    moves = state.moves + 1
    outcome: tuple[Card, ...] | int
    if type(action) is DealCard:
        remaining = _without(point.remaining, action.card)
        placed = (*point.placed, action.card)
        if remaining:
            point = attrs.evolve(point, remaining=remaining, placed=placed)
            return state.replace(chance=Chance(0, STEPS, point), moves=moves), ()
        outcome = placed
    elif type(action) is FirstDealer:
        outcome = action.player
    else:
        assert type(action) is CutDeck  # check_outcome lets nothing else through
        outcome = action.lifted - 1
    drawn = (*point.drawn, outcome)
    given = Chance(0, StepShuffler(drawn))
    before = state.replace(
        facts=waiting_facts(state, point),
        phase=point.phase,
        to_act=point.to_act,
        chance=given,
        moves=moves - 1,
    )
    waiting = point.action
    events: tuple[Event, ...] = ()
    try:
        if waiting is None:
            after, events = first_deal(before, given, moves)
        else:
            after, events = play(before, waiting)
    except NeedChance as need:
        return stop(before, waiting, drawn, need, moves), ()
    return after.replace(chance=_STEPPED), events
