"""Actions: what a player can do, as small frozen values (R13-R24).

Every action is equal to another of its kind with the same fields, hashes alike, and reads
back from its ``repr``. Which actions are legal in a state is the engine's business:
:func:`contract_rummy.legal_actions` lists them and :func:`contract_rummy.apply` plays one.

>>> from contract_rummy import Card, meld
>>> Discard(Card.parse("7S"))
Discard(card=Card.parse('7S'))
>>> GoDown([meld("7C 7D 7H"), meld("9S 9S JK")]) == GoDown([meld("9S 9S JK"), meld("7C 7D 7H")])
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Final, SupportsIndex, TypeAlias, get_args

import attrs

from contract_rummy._checks import integer, is_int
from contract_rummy.cards import CARDS, Card, as_card
from contract_rummy.melds import End, Group, Run, as_end

__all__ = [
    "ACTION_TYPES",
    "CHANCE_ACTIONS",
    "DISCARDS",
    "Action",
    "Buy",
    "ChanceAction",
    "CutDeck",
    "DealCard",
    "Discard",
    "DrawStock",
    "FirstDealer",
    "GoDown",
    "LayOff",
    "NextRound",
    "Pass",
    "SwapJoker",
    "TakeDiscard",
    "not_an_action",
]


def _plain(value: SupportsIndex) -> int:
    """An integer (an int, or a NumPy integer an agent's ``argmax`` gives) as a plain int.

    Anything else is left as it is, for the field's validator to refuse in its own words.
    """
    found = integer(value)
    return value if found is None else found  # type: ignore[return-value]


def _index(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not is_int(value):
        raise TypeError(f"{attribute.name} must be an int index into the table, got {value!r}")
    if value < 0:  # not counted from the end: a meld's index is where it lies on the table
        raise ValueError(f"{attribute.name} must be an index into the table, from 0, got {value}")


_ORDER: Final = operator.attrgetter("order_key")


def _end(value: End | str | None) -> End | None:
    """A lay-off's end, as :func:`~contract_rummy.melds.as_end` reads it."""
    return as_end(value)


def _joker_end(value: End | str | None) -> End | None:
    """A swap's joker end, as :func:`~contract_rummy.melds.as_end` reads it."""
    return as_end(value, "joker_end")


@attrs.frozen
class DrawStock:
    """Take the top card of the stock (R13); other players may then buy the discard (R18)."""


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile (R13); no buy happens (R18)."""


@attrs.frozen
class Buy:
    """Buy the top discard out of turn, with a penalty card from the stock (R19)."""


@attrs.frozen
class Pass:
    """Decline to buy the top discard (R19, R20)."""


def _melds(value: Iterable[Group | Run]) -> tuple[Group | Run, ...]:
    given: object = value  # the annotation rules out what a caller may still pass
    if isinstance(given, str):
        raise TypeError(
            f"GoDown takes melds, not notation: got {given!r}; build each meld, as in "
            'GoDown([meld("7C 7D 7H"), meld("9S 10S JS QS")])'
        )
    if not hasattr(value, "__iter__"):
        raise TypeError(f"melds must be an iterable of Group and Run melds, got {value!r}")
    melds = tuple(value)
    for item in melds:
        if not isinstance(item, Group | Run):
            raise TypeError(f"GoDown takes Group and Run melds, got {item!r}")
    return tuple(sorted(melds, key=_ORDER))


@attrs.frozen
class GoDown:
    """Lay down the round's contract (R14), or in the last round the whole hand (R24).

    The melds are kept in a canonical order (groups by rank, then runs by suit and
    position), so two go-downs of the same melds are equal whatever order they were given in.

    Attributes:
        melds: The groups and runs laid down, in canonical order.
    """

    melds: tuple[Group | Run, ...] = attrs.field(converter=_melds)

    @classmethod
    def _trusted(cls, melds: tuple[Group | Run, ...]) -> GoDown:
        """A go-down of melds already in canonical order: no conversion, no checks."""
        action = object.__new__(cls)
        object.__setattr__(action, "melds", melds)
        return action


@attrs.frozen
class LayOff:
    """Add ``card`` from hand to the meld ``table[target]`` (R15).

    ``end`` is given exactly when the card could go at either end of a run (a wild card, or
    an ace on a run from 2 to K) and is ``None`` otherwise, so each lay-off has one form.

    Attributes:
        card: The card from the player's hand; notation (``"7C"``) is read as the card.
        target: The index of the meld in ``state.table``.
        end: The end of the run, when the card fits both; else ``None``. Its name (``"low"``)
            is read as the end.

    >>> LayOff("7C", 0) == LayOff(Card.parse("7C"), 0)
    True
    """

    card: Card = attrs.field(converter=as_card)
    target: int = attrs.field(converter=_plain, validator=_index)
    end: End | None = attrs.field(default=None, converter=_end)

    @classmethod
    def _trusted(cls, card: Card, target: int, end: End | None) -> LayOff:
        """A lay-off the engine listed: no checks."""
        action = object.__new__(cls)
        object.__setattr__(action, "card", card)
        object.__setattr__(action, "target", target)
        object.__setattr__(action, "end", end)
        return action


@attrs.frozen
class SwapJoker:
    """Put ``card`` in place of the wild standing for it in ``table[target]`` (R23).

    The freed wild goes at once onto ``table[joker_target]`` (which may be the same run);
    ``joker_end`` follows the one-form rule of :attr:`LayOff.end <LayOff>`.

    Attributes:
        card: The natural card from the player's hand; notation (``"7C"``) is read as the
            card.
        target: The index in ``state.table`` of the meld holding the wild card.
        joker_target: The index of the meld the freed wild card goes onto.
        joker_end: The end of that run, when the wild fits both; else ``None``; by name
            too.
    """

    card: Card = attrs.field(converter=as_card)
    target: int = attrs.field(converter=_plain, validator=_index)
    joker_target: int = attrs.field(converter=_plain, validator=_index)
    joker_end: End | None = attrs.field(default=None, converter=_joker_end)

    @classmethod
    def _trusted(
        cls, card: Card, target: int, joker_target: int, joker_end: End | None
    ) -> SwapJoker:
        """A swap the engine listed: no checks."""
        action = object.__new__(cls)
        object.__setattr__(action, "card", card)
        object.__setattr__(action, "target", target)
        object.__setattr__(action, "joker_target", joker_target)
        object.__setattr__(action, "joker_end", joker_end)
        return action


@attrs.frozen
class Discard:
    """Discard ``card``, ending the turn (R13); discarding the last card goes out (R16).

    Attributes:
        card: The card from the player's hand; notation (``"7C"``) is read as the card.

    Raises:
        NotationError: if ``card`` is a str that is not one card.
        TypeError: if ``card`` is neither a Card nor a str.

    >>> Discard("7c")
    Discard(card=Card.parse('7C'))
    >>> Discard("7X")
    Traceback (most recent call last):
    ...
    contract_rummy.errors.NotationError: '7X' is not a card: ...
    """

    card: Card = attrs.field(converter=as_card)


@attrs.frozen
class NextRound:
    """Deal the next round once a round is over (R4, R5)."""


#: One :class:`Discard` of each card, by :attr:`Card.index`: actions are immutable values, so
#: listings share these rather than make one per listing.
DISCARDS: Final[tuple[Discard, ...]] = tuple(Discard(card) for card in CARDS)

#: Any action.
Action: TypeAlias = (
    DrawStock | TakeDiscard | Buy | Pass | GoDown | LayOff | SwapJoker | Discard | NextRound
)


# == chance outcomes ==========================================================================


def _count(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not is_int(value):
        raise TypeError(f"{attribute.name} must be an int, got {value!r}")
    if value < 0:
        raise ValueError(f"{attribute.name} must not be negative, got {value}")


@attrs.frozen
class FirstDealer:
    """Chance's outcome: ``player`` deals the first round (R4).

    Played at a chance point that draws the first dealer (a game made with
    ``new_game(auto_chance=False)``), as :func:`contract_rummy.chance_point` says.

    >>> import contract_rummy as cr
    >>> state = cr.apply(cr.new_game(auto_chance=False), FirstDealer(2))
    >>> cr.chance_point(state).kind  # the deal waits for its order
    ChanceKind.DEAL
    >>> cr.deal(state, sorted(state.stock)).dealer
    2
    """

    player: int = attrs.field(converter=_plain, validator=_count)


@attrs.frozen
class CutDeck:
    """Chance's outcome: the cut lifted ``lifted`` cards off the shuffled deck (R32).

    Played at a cut's chance point: from 1 to the deck's size less one.

    >>> import contract_rummy as cr
    >>> state = cr.new_game(cr.LIVERPOOL_CUT, auto_chance=False)
    >>> state = cr.deal(cr.apply(state, FirstDealer(0)), sorted(state.stock))
    >>> cr.chance_point(state).bound, CutDeck(41) in cr.legal_actions(state)
    (106, True)
    >>> state = cr.apply(state, CutDeck(41))  # exactly the cards dealt: the R32 bonus
    >>> state.cut, state.scores
    (41, (0, 0, 0, -50))
    """

    lifted: int = attrs.field(converter=_plain, validator=_count)


@attrs.frozen
class DealCard:
    """Chance's outcome: ``card`` is the next card of the shuffled order (R5, R27).

    At a deal's chance point, the order is the deck's from the top: the cards dealt one at a
    time from the dealer's left, then the card turned up, then the stock top first. At a
    reshuffle's, it is the new stock's, top first. :func:`contract_rummy.deal` deals a whole
    order, one :class:`DealCard` a card.

    >>> DealCard("7s")
    DealCard(card=Card.parse('7S'))
    >>> import contract_rummy as cr
    >>> state = cr.apply(cr.new_game(auto_chance=False), cr.FirstDealer(0))
    >>> state = cr.apply(state, DealCard("7s"))
    >>> cr.chance_point(state).placed, len(cr.chance_point(state).remaining)
    ((Card.parse('7S'),), 106)
    """

    card: Card = attrs.field(converter=as_card)


#: Any outcome of chance, played at a chance point (:func:`contract_rummy.chance_point`).
ChanceAction: TypeAlias = FirstDealer | CutDeck | DealCard

#: The kinds of chance's outcomes (:data:`ChanceAction`): the first dealer (R4), the cut
#: (R32), a card of a deal's or a reshuffle's order (R5, R27). Each class's name is its name
#: in JSON (:func:`~contract_rummy.to_dict`) and in notation
#: (:func:`~contract_rummy.notation.parse_outcome`).
CHANCE_ACTIONS: Final[tuple[type[ChanceAction], ...]] = (FirstDealer, CutDeck, DealCard)

#: Every kind of action: the players' (:data:`Action`) and chance's outcomes
#: (:data:`ChanceAction`).
ACTION_TYPES: Final[frozenset[type[Action | ChanceAction]]] = frozenset(
    (*get_args(Action), *CHANCE_ACTIONS)
)


def not_an_action(value: object) -> str | None:
    """Why ``value`` is not an action, for a ``TypeError``; ``None`` when it is one.

    An action's class given for the action itself is told to be called, with the fields
    it needs.

    >>> not_an_action(DrawStock()) is None
    True
    >>> not_an_action(DrawStock)
    'expected an action, got the class DrawStock: call it, as in DrawStock()'
    >>> not_an_action(LayOff)
    'expected an action, got the class LayOff: call it, as in LayOff(card, target)'
    >>> not_an_action("DrawStock")
    "expected an action, got 'DrawStock'"
    """
    if type(value) in ACTION_TYPES:
        return None
    if isinstance(value, type) and value in ACTION_TYPES:  # DrawStock for DrawStock()
        needed = ", ".join(
            field.name
            for field in attrs.fields(value)
            if field.init and field.default is attrs.NOTHING
        )
        return (
            f"expected an action, got the class {value.__name__}: call it, as in "
            f"{value.__name__}({needed})"
        )
    return f"expected an action, got {value!r}"
