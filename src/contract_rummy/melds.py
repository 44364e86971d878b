"""Melds: groups and runs, checked against R7-R10 as a variant configures them.

A :class:`Group` is three or more cards of one rank (R7); a :class:`Run` is four or more
consecutive cards of one suit, listed low to high (R8). A wild card stands for one specific
card, fixed by the meld it is in (R10): in a group, the group's rank; in a run, the card at
its position.

>>> meld("3S 4S JK 6S")
Run(Suit.SPADES, 3, '3S 4S JK 6S')
>>> meld("7C JK 7D")
Group(Rank.SEVEN, '7C 7D JK')
>>> Run(Suit.SPADES, 3, "3S 4S JK 6S").stands_for(2)
Card.parse('5S')
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final, NamedTuple, TypeAlias, TypeVar

import attrs

from contract_rummy._checks import integer
from contract_rummy._hands import add_one
from contract_rummy.cards import (
    ACE_HIGH,
    CARDS,
    JOKER,
    RUN_CARDS,
    Card,
    Rank,
    Suit,
    as_card,
    as_cards,
    format_cards,
    parse_cards,  # noqa: F401 - the examples below read cards with it
    run_card,
)
from contract_rummy.errors import InvalidMeldError, Refusal, quoted
from contract_rummy.variants import PAGAT, Variant, check_variant

__all__ = ["End", "Group", "Meld", "Run", "as_end", "meld", "under"]


class End(enum.Enum):
    """The two ends of a run: where a card is laid off or a freed joker goes (R15, R23)."""

    LOW = "low"
    HIGH = "high"

    def __repr__(self) -> str:
        return f"End.{self.name}"

    # Members are singletons compared by identity: hash them as objects, which is faster
    # than Enum's hash of the name (ends key the engine's kept lay-offs and swaps).
    __hash__ = object.__hash__


def _check_position(position: object, length: int) -> int:
    """``position`` as a plain int (a NumPy integer too) if a card of ``length`` is there."""
    found = integer(position)
    if found is None:
        raise TypeError(f"position must be an int, got {position!r}")
    position = found
    if not -length <= position < length:
        raise IndexError(
            f"position must be in 0..{length - 1} (or -{length}..-1, counting from the end) "
            f"for a meld of {length} cards, got {position}"
        )
    return position


def as_end(value: End | str | None, name: str = "end") -> End | None:
    """An end given as an :class:`End`, by its name in any case (``"low"``), or ``None``.

    What actions and :meth:`Meld.add` take wherever they take an end. ``name`` names the
    value in the error messages.

    Raises:
        ValueError: if a str names no end.
        TypeError: if ``value`` is neither an End, a str nor ``None``.

    >>> as_end("low"), as_end("HIGH"), as_end(End.LOW), as_end(None)
    (End.LOW, End.HIGH, End.LOW, None)
    >>> as_end("middle")
    Traceback (most recent call last):
    ...
    ValueError: end must be End.LOW, End.HIGH or None ('low' or 'high'), got 'middle'
    """
    if value is None or isinstance(value, End):
        return value
    if isinstance(value, str):
        found = End.__members__.get(value.strip().upper())
        if found is None:
            raise ValueError(
                f"{name} must be End.LOW, End.HIGH or None ('low' or 'high'), got {value!r}"
            )
        return found
    raise TypeError(f"{name} must be End.LOW, End.HIGH or None, got {value!r}")


def _group_cards(value: Iterable[Card] | str) -> tuple[Card, ...]:
    return tuple(sorted(as_cards(value)))


#: Each rank with its article, as a message says it: "a 7", "an 8", "an A".
_A_RANK: Final = {
    rank: f"{'an' if rank.symbol in ('8', 'A') else 'a'} {rank.symbol}" for rank in Rank
}


def _rank(value: object) -> Rank:
    if isinstance(value, Rank):
        return value
    found = integer(value)
    if found is None:  # a wrong type is the caller's mistake, not a rule's refusal
        raise TypeError(f"a group's rank must be a Rank or an int, got {value!r}")
    value = found
    if value not in range(1, 14):
        raise InvalidMeldError(
            Refusal("R7", f"a group's rank must be a Rank (1-13), got {value!r}")
        )
    return Rank(value)


_ROWS: Final = {suit: RUN_CARDS[suit.index] for suit in Suit}


def _natural(suit: Suit, position: int) -> Card:
    """The natural card at ``position`` (1-14) of a run of ``suit``, unchecked."""
    return _ROWS[suit][position]


@attrs.frozen
class Meld:
    """What groups and runs share: their cards, and the variant whose rules they follow.

    Attributes:
        cards: The cards, in the meld's order (canonical for a group, low to high for a run).
        variant: The rules the meld was checked against; not part of its value.
    """

    cards: tuple[Card, ...]
    variant: Variant = attrs.field(default=PAGAT, kw_only=True, eq=False, repr=False)
    #: The positions of the wild cards standing for another card, once asked for.
    _wilds: tuple[int, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    #: The indices of the cards that may be laid off or swapped in here, once asked for.
    _reach: frozenset[int] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    #: The cards that may be laid off here with their places, once asked for.
    _fits: tuple[tuple[Card, tuple[End | None, ...]], ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    #: The cards that may swap in here with the wild cards they free, once asked for.
    _swaps: tuple[tuple[Card, Card], ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )

    def __getstate__(self) -> dict[str, object]:
        """What a pickle or a copy keeps: the meld's value, not what it worked out since.

        A meld pickled by one version of the library then loads under another, whose
        cached answers may differ (see :meth:`__setstate__`).
        """
        # The fields a constructor takes make the value; the others are cached answers.
        return {f.name: getattr(self, f.name) for f in attrs.fields(type(self)) if f.init}

    def __setstate__(self, state: dict[str, object]) -> None:
        """Restore a pickled meld: its value, with nothing worked out yet.

        Any answers a pickle made by an older version still holds are dropped, to be
        worked out again by this code when asked for.
        """
        for field in attrs.fields(type(self)):
            value = state[field.name] if field.init else field.default
            object.__setattr__(self, field.name, value)

    def accepts(self, card: Card | str) -> bool:
        """Whether ``card`` can be laid off on this meld (R15).

        Wherever a meld's method takes a card, it takes the card's notation too (``"7S"``,
        read by :func:`~contract_rummy.cards.as_card`); where it takes cards, notation of
        several (``"7S 8S"``, read by :func:`~contract_rummy.cards.as_cards`).
        """
        raise NotImplementedError

    def add(self, card: Card | str, end: End | str | None = None) -> Meld:
        """This meld with ``card`` laid off on it (R15); ``end`` picks a run's end."""
        raise NotImplementedError

    def stands_for(self, position: int) -> Card | Rank:
        """What the card at ``position`` stands for: a run's card, or a group's rank."""
        raise NotImplementedError

    def wild_positions(self) -> tuple[int, ...]:
        """Positions of the wild cards standing for another card (R10)."""
        wilds = self._wilds
        if wilds is None:
            wilds = self._find_wilds()
            object.__setattr__(self, "_wilds", wilds)
        return wilds

    def _find_wilds(self) -> tuple[int, ...]:
        raise NotImplementedError

    def placements(self, card: Card | str) -> tuple[End | None, ...]:
        """How ``card`` can be laid off here, in the one form an action gives (R15).

        ``()`` when it does not fit; ``(None,)`` when it fits one place; ``(End.LOW,
        End.HIGH)`` when it fits either end of a run (a wild card, or an ace on a run from
        2 to K), so that the action must say which.
        """
        raise NotImplementedError

    def swap(self, card: Card | str) -> tuple[Meld, Card] | None:
        """This meld with ``card`` in place of a wild card, and the freed wild (R23, R30).

        ``None`` if no wild card here stands for ``card``.
        """
        raise NotImplementedError

    @property
    def order_key(self) -> tuple[int, int, int, tuple[int, ...]]:
        """The meld's place in the canonical order of a go-down's melds.

        Groups come first, by rank; then runs, by suit and first position; then the cards
        decide, by :attr:`Card.index`.

        >>> meld("7C 7D 7H").order_key
        (0, 7, 0, (6, 19, 32))
        """
        raise NotImplementedError

    def lay_offs(self, cards: str | Iterable[Card]) -> list[tuple[Card, End | None]]:
        """Every way to lay off one of ``cards`` here (R15), as ``(card, end)`` pairs.

        ``end`` follows the one-form rule of :meth:`placements`. The pairs come in the
        order a listing of legal actions gives them: a group takes the cards in their
        order; a run its natural neighbours, low end first, then the wild cards.
        """
        raise NotImplementedError

    def swappable(self, cards: str | Iterable[Card]) -> list[Card]:
        """The cards among ``cards`` that a wild card here stands for (R23), in order.

        Each one can :meth:`swap` in.
        """
        raise NotImplementedError

    def fits(self) -> tuple[tuple[Card, tuple[End | None, ...]], ...]:
        """Every card that can be laid off here (R15), with its :meth:`placements`.

        In the order :meth:`lay_offs` gives them for a hand in canonical order (which holds
        each card once): ``lay_offs(hand)`` is each of these cards that ``hand`` holds,
        at each of its places. Worked out once for the meld.

        >>> [(str(card), ends) for card, ends in meld("3S 4S 5S 6S").fits()]
        [('2S', (None,)), ('7S', (None,)), ('JK', (End.LOW, End.HIGH))]
        """
        found = self._fits
        if found is None:
            found = self._find_fits()
            object.__setattr__(self, "_fits", found)
        return found

    def _find_fits(self) -> tuple[tuple[Card, tuple[End | None, ...]], ...]:
        raise NotImplementedError

    def swaps(self) -> tuple[tuple[Card, Card], ...]:
        """Every card that can :meth:`swap` in here (R23), with the wild card it frees.

        In canonical order, as :meth:`swappable` gives them from a hand: ``swappable(hand)``
        is each of these cards that ``hand`` holds. Worked out once for the meld.

        >>> [(str(card), str(wild)) for card, wild in meld("3S 4S JK 6S").swaps()]
        [('5S', 'JK')]
        """
        found = self._swaps
        if found is None:
            found = self._find_swaps()
            object.__setattr__(self, "_swaps", found)
        return found

    def _find_swaps(self) -> tuple[tuple[Card, Card], ...]:
        raise NotImplementedError

    def reach(self) -> frozenset[int]:
        """The :attr:`Card.index` of every card this meld may take (R15, R23), or more.

        Every card that :meth:`lay_offs` or :meth:`swappable` gives is among them.

        A hand with none of these cards has nothing to lay off or swap in on this meld:
        the engine skips such melds when it lists a player's lay-offs.

        >>> sorted(meld("7C 7D 7H").reach())  # the four sevens, and the joker
        [6, 19, 32, 45, 52]
        >>> sorted(meld("3S 4S 5S 6S").reach())  # 2S, 7S and the joker
        [40, 45, 52]
        """
        reach = self._reach
        if reach is None:
            reach = self._find_reach()
            object.__setattr__(self, "_reach", reach)
        return reach

    def _find_reach(self) -> frozenset[int]:
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return format_cards(self.cards)


@attrs.frozen(init=False, getstate_setstate=False)  # Meld's own pickling
class Group(Meld):
    """Three or more cards of one rank, suits free to repeat (R7).

    Jokers (and cards of the variant's wild ranks) stand for the group's rank, so a group
    may be all jokers with its rank announced (R10). The cards are kept in canonical order.

    Args:
        rank: The rank every card is or stands for.
        cards: The cards, as Cards or notation; any order.
        variant: The rules to check against (default :data:`PAGAT`).

    Raises:
        InvalidMeldError: if the cards break R7 or R10, or ``rank`` is not 1 to 13.
        TypeError: if ``rank`` is not a :class:`Rank` or an int, or ``cards`` not cards.

    >>> Group(Rank.SEVEN, "JK 7C 7C")
    Group(Rank.SEVEN, '7C 7C JK')
    >>> Group(Rank.SEVEN, "7C 8C 7D")
    Traceback (most recent call last):
    ...
    contract_rummy.errors.InvalidMeldError: R7: 8C is not a 7 and is not wild
    """

    rank: Rank

    def __init__(
        self, rank: Rank | int, cards: Iterable[Card] | str, *, variant: Variant = PAGAT
    ) -> None:
        rank = _rank(rank)
        cards = _group_cards(cards)
        check_variant(variant)
        problem = _group_problem(rank, cards, variant) or _copies_problem(cards, variant)
        if problem:
            raise InvalidMeldError(problem)
        self.__attrs_init__(cards, variant=variant, rank=rank)

    @classmethod
    def _trusted(cls, rank: Rank, cards: tuple[Card, ...], variant: Variant) -> Group:
        """A group known to be valid, with its cards in canonical order: no checks."""
        group = object.__new__(cls)
        group.__attrs_init__(cards, variant=variant, rank=rank)
        return group

    def accepts(self, card: Card | str) -> bool:
        """Whether ``card`` can join the group: its rank, or wild (R15).

        >>> g = Group(Rank.SEVEN, "7C 7D 7H")
        >>> g.accepts(Card.parse("7S")), g.accepts(Card.parse("JK")), g.accepts(Card.parse("8S"))
        (True, True, False)
        """
        card = as_card(card)
        return card.rank is self.rank or self.variant.wild_by_index[card.index]

    def add(self, card: Card | str, end: End | str | None = None) -> Group:
        """The group with ``card`` added (R15); ``end`` must be ``None``.

        >>> Group(Rank.SEVEN, "7C 7D 7H").add(Card.parse("7C"))
        Group(Rank.SEVEN, '7C 7C 7D 7H')
        >>> Group(Rank.SEVEN, "7C 7D 7H").add("JK")
        Group(Rank.SEVEN, '7C 7D 7H JK')
        """
        card = as_card(card)
        if end is not None and as_end(end) is not None:
            raise InvalidMeldError(Refusal("R15", "a group has no ends; lay off with end=None"))
        rank, variant = self.rank, self.variant
        if card.rank is not rank and not variant.wild_by_index[card.index]:  # accepts()
            raise InvalidMeldError(
                Refusal("R15", f"{card} is not {_A_RANK[rank]} and is not wild")
            )
        return self._same_shape(Group._trusted(rank, add_one(self.cards, card), variant))

    def placements(self, card: Card | str) -> tuple[End | None, ...]:
        """``(None,)`` if ``card`` may join the group (R15), else ``()``.

        >>> Group(Rank.SEVEN, "7C 7D 7H").placements(Card.parse("JK"))
        (None,)
        """
        return _ONE_PLACE if self.accepts(card) else ()

    @property
    def order_key(self) -> tuple[int, int, int, tuple[int, ...]]:
        """``(0, rank, 0, card indices)``: see :attr:`Meld.order_key`."""
        return (0, self.rank.value, 0, tuple(card.index for card in self.cards))

    def lay_offs(self, cards: str | Iterable[Card]) -> list[tuple[Card, End | None]]:
        """The cards of the group's rank and the wild cards among ``cards``, each once.

        >>> Group(Rank.SEVEN, "7C 7D 7H").lay_offs(parse_cards("7S 8S JK"))
        [(Card.parse('7S'), None), (JOKER, None)]
        """
        rank, wild = self.rank, self.variant.wild_by_index
        return [(card, None) for card in as_cards(cards) if card.rank is rank or wild[card.index]]

    def swappable(self, cards: str | Iterable[Card]) -> list[Card]:
        """The cards of the group's rank among ``cards``, if the group holds a wild card."""
        cards = as_cards(cards)
        if not self.wild_positions():
            return []
        return [card for card in cards if card.rank is self.rank]

    def _find_fits(self) -> tuple[tuple[Card, tuple[End | None, ...]], ...]:
        return self._take_shape().fits

    def _find_reach(self) -> frozenset[int]:
        return self._take_shape().reach

    def _take_shape(self) -> _Shape:
        """The group's shape, its ``fits`` and ``reach`` kept at once: one look-up."""
        shape = _kept_shape(_GROUP_SHAPES, (self.variant, self.rank), self._work_out_shape)
        object.__setattr__(self, "_fits", shape.fits)
        object.__setattr__(self, "_reach", shape.reach)
        return shape

    def _same_shape(self, group: Group) -> Group:
        """``group``, of this group's rank, knowing what this group knows of their shape."""
        object.__setattr__(group, "_fits", self._fits)
        object.__setattr__(group, "_reach", self._reach)
        return group

    def _work_out_shape(self) -> _Shape:
        # Every card of the rank, and every wild card (R15, R23): each fits in canonical order.
        value = self.rank.value
        wild = self.variant.wild_by_index
        reach = frozenset((*(value - 1 + 13 * suit for suit in range(4)), *_wild_indices(wild)))
        fits = tuple((CARDS[index], _ONE_PLACE) for index in sorted(reach))
        return _Shape((), _ONE_PLACE, fits, reach)

    def _find_swaps(self) -> tuple[tuple[Card, Card], ...]:
        # Each card of the rank frees the last wild card, as swap() does (R23).
        wilds = self.wild_positions()
        if not wilds:
            return ()
        freed = self.cards[wilds[-1]]
        value = self.rank.value
        return tuple((CARDS[value - 1 + 13 * suit], freed) for suit in range(4))

    def swap(self, card: Card | str) -> tuple[Group, Card] | None:
        """The group with ``card`` for its last wild card, and the freed wild (R23).

        Only where swaps in groups are allowed, and only for a card of the group's rank; a
        joker is freed before a wild natural card.

        >>> Group(Rank.SEVEN, "7C 7D JK").swap(Card.parse("7H"))
        (Group(Rank.SEVEN, '7C 7D 7H'), JOKER)
        """
        card = as_card(card)
        wilds = self.wild_positions()
        if not wilds or card.rank is not self.rank:
            return None
        position = wilds[-1]
        wild = self.cards[position]
        rest = (*self.cards[:position], *self.cards[position + 1 :])
        return self._same_shape(Group._trusted(self.rank, add_one(rest, card), self.variant)), wild

    def stands_for(self, position: int) -> Rank:
        """The group's rank: what every card in it is or stands for (R10).

        Raises:
            TypeError: if ``position`` is not an int.
            IndexError: if no card is at ``position``.
        """
        _check_position(position, len(self.cards))
        return self.rank

    def _find_wilds(self) -> tuple[int, ...]:
        """Positions of the cards that are not of the group's rank."""
        return tuple(i for i, card in enumerate(self.cards) if card.rank is not self.rank)

    def __repr__(self) -> str:
        return f"Group({self.rank!r}, {str(self)!r})"


@attrs.frozen(init=False, getstate_setstate=False)  # Meld's own pickling
class Run(Meld):
    """Four or more consecutive cards of one suit, listed low to high (R8).

    ``low`` is the position of the first card: 1 for an ace below the two, up to 13;
    :attr:`high` is the last card's, 14 for an ace above the king. A run never wraps
    (K-A-2 is not a run) and holds at most 14 cards, ace to ace.

    Args:
        suit: The suit of every card.
        low: The position the first card stands for.
        cards: The cards from low to high, as Cards or notation.
        variant: The rules to check against (default :data:`PAGAT`).

    Raises:
        InvalidMeldError: if the cards break R8 or R10, or ``low`` is not 1 to 13.
        TypeError: if ``suit`` is not a :class:`Suit`, ``low`` not an int, or ``cards``
            not cards.

    >>> r = Run(Suit.HEARTS, 11, "JH QH JK AH")
    >>> r.high, r.stands_for(2)
    (14, Card.parse('KH'))
    >>> Run(Suit.SPADES, 13, "KS AS 2S 3S")
    Traceback (most recent call last):
    ...
    contract_rummy.errors.InvalidMeldError: R8: a run of 4 from K would end past the ace ...
    """

    suit: Suit
    low: int
    #: Once asked for: what the run may take by its suit, ends and length (:class:`_Shape`).
    _shaped: _Shape | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __init__(
        self, suit: Suit, low: int, cards: Iterable[Card] | str, *, variant: Variant = PAGAT
    ) -> None:
        if not isinstance(suit, Suit):
            raise TypeError(f"a run's suit must be a Suit, got {suit!r}")
        found = integer(low)
        if found is None:
            raise TypeError(f"a run's low position must be an int, got {low!r}")
        low = found
        cards = as_cards(cards)
        check_variant(variant)
        problem = _run_problem(suit, low, cards, variant) or _copies_problem(cards, variant)
        if problem:
            raise InvalidMeldError(problem)
        self.__attrs_init__(cards, variant=variant, suit=suit, low=low)

    @classmethod
    def _trusted(cls, suit: Suit, low: int, cards: tuple[Card, ...], variant: Variant) -> Run:
        """A run known to be valid: no checks."""
        run = object.__new__(cls)
        run.__attrs_init__(cards, variant=variant, suit=suit, low=low)
        return run

    @property
    def high(self) -> int:
        """The position of the last card: 14 for an ace above the king."""
        return self.low + len(self.cards) - 1

    def stands_for(self, position: int) -> Card:
        """The natural card that the card at ``position`` is or stands for (R10).

        Raises:
            TypeError: if ``position`` is not an int.
            IndexError: if no card is at ``position``.

        >>> Run(Suit.SPADES, 3, "3S 4S JK 6S").stands_for(9)
        Traceback (most recent call last):
        ...
        IndexError: position must be in 0..3 (or -4..-1, counting from the end) for a meld of 4
        cards, got 9
        """
        position = _check_position(position, len(self.cards))
        return _natural(self.suit, self.low + position % len(self.cards))

    def stands_for_position(self, position: int) -> Card:
        """The natural card at run position ``position`` (1-14), inside the run or not.

        >>> Run(Suit.SPADES, 3, "3S 4S JK 6S").stands_for_position(7)
        Card.parse('7S')
        """
        return run_card(self.suit, position)

    def wild_positions(self) -> tuple[int, ...]:
        """Positions of the cards standing for another card (R10).

        >>> Run(Suit.SPADES, 3, "3S 4S JK 6S").wild_positions()
        (2,)
        """
        return super().wild_positions()

    def _find_wilds(self) -> tuple[int, ...]:
        row = _ROWS[self.suit]
        low = self.low
        return tuple(i for i, card in enumerate(self.cards) if card is not row[low + i])

    def ends(self, card: Card | str) -> tuple[End, ...]:
        """The ends ``card`` can be laid off at, low end first (R8, R15).

        A wild fits either end while the run has room; an ace fits both ends of a run
        from 2 to K; nothing goes past an ace end or beyond the longest run.

        >>> r = Run(Suit.SPADES, 2, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
        >>> r.ends(Card.parse("AS")), r.ends(Card.parse("JK")), r.ends(Card.parse("AH"))
        ((End.LOW, End.HIGH), (End.LOW, End.HIGH), ())
        """
        variant = self.variant
        card = as_card(card)
        if len(self.cards) >= variant.max_run_length:
            return ()
        wild = variant.wild_by_index[card.index]
        below = self.low - 1
        low = below >= variant.lowest_position and (wild or card is _natural(self.suit, below))
        above = self.high + 1
        high = above <= variant.highest_position and (wild or card is _natural(self.suit, above))
        return _ENDS[low, high]

    def placements(self, card: Card | str) -> tuple[End | None, ...]:
        """Where ``card`` can be laid off, in one form: both ends only when it fits both.

        >>> run = Run(Suit.SPADES, 3, "3S 4S 5S 6S")
        >>> run.placements(Card.parse("7S")), run.placements(Card.parse("JK"))
        ((None,), (End.LOW, End.HIGH))
        """
        card = as_card(card)
        if self.variant.wild_by_index[card.index]:
            # Every wild card fits where the joker does: worked out once for the run's shape.
            return self._shape().wild_ends
        return _one_form(self.ends(card))

    def neighbours(self) -> tuple[Card, ...]:
        """The natural cards that would extend the run, low end first (R8).

        An ace once, for a run from 2 to K; nothing past an ace end or beyond the longest
        run.

        >>> Run(Suit.SPADES, 3, "3S 4S 5S 6S").neighbours()
        (Card.parse('2S'), Card.parse('7S'))
        """
        variant = self.variant
        if len(self.cards) >= variant.max_run_length:
            return ()
        found: list[Card] = []
        for position in (self.low - 1, self.high + 1):
            if variant.lowest_position <= position <= variant.highest_position:
                card = _natural(self.suit, position)
                if card not in found and not variant.is_wild(card):
                    found.append(card)
        return tuple(found)

    @property
    def order_key(self) -> tuple[int, int, int, tuple[int, ...]]:
        """``(1, suit index, low, card indices)``: see :attr:`Meld.order_key`."""
        return (1, self.suit.index, self.low, tuple(card.index for card in self.cards))

    def lay_offs(self, cards: str | Iterable[Card]) -> list[tuple[Card, End | None]]:
        """The run's :meth:`neighbours` among ``cards``, then its wild cards, at each end.

        >>> run = Run(Suit.SPADES, 3, "3S 4S 5S 6S")
        >>> [(str(card), end) for card, end in run.lay_offs(parse_cards("JK 7S 8S 2S"))]
        [('2S', None), ('7S', None), ('JK', End.LOW), ('JK', End.HIGH)]
        """
        naturals, wild_ends, _, _ = self._shape()
        held = as_cards(cards)
        found: list[tuple[Card, End | None]] = []
        if naturals:
            indices = {card.index for card in held}
            for card, ends in naturals:
                if card.index in indices:
                    found.extend((card, end) for end in ends)
        if wild_ends:
            wild = self.variant.wild_by_index
            for card in held:
                if wild[card.index]:
                    found.extend((card, end) for end in wild_ends)
        return found

    def _find_fits(self) -> tuple[tuple[Card, tuple[End | None, ...]], ...]:
        return self._shape().fits

    def _shape(self) -> _Shape:
        """What the run may take by its suit, ends and length; shared by runs of its shape."""
        shape = self._shaped
        if shape is None:
            key = (self.variant, self.suit, self.low, len(self.cards))
            shape = _kept_shape(_RUN_SHAPES, key, self._work_out_shape)
            object.__setattr__(self, "_shaped", shape)
        return shape

    def _work_out_shape(self) -> _Shape:
        # The natural neighbours, low end first, then the wild cards in canonical order;
        # the neighbours' positions and the wild cards while it has room (R15, R23).
        variant = self.variant
        naturals = tuple((card, _one_form(self.ends(card))) for card in self.neighbours())
        wild_ends = _one_form(self.ends(JOKER))  # where any wild card goes: the joker is wild
        if not wild_ends:
            return _Shape(naturals, wild_ends, naturals, frozenset())
        wilds = _wild_indices(variant.wild_by_index)
        fits = (*naturals, *((CARDS[index], wild_ends) for index in wilds))
        lowest, highest = variant.lowest_position, variant.highest_position
        ends = [end for end in (self.low - 1, self.high + 1) if lowest <= end <= highest]
        reach = frozenset((*(_natural(self.suit, end).index for end in ends), *wilds))
        return _Shape(naturals, wild_ends, fits, reach)

    def swappable(self, cards: str | Iterable[Card]) -> list[Card]:
        """The cards among ``cards`` that a wild card of the run stands for.

        >>> run = Run(Suit.SPADES, 3, "3S 4S JK 6S")
        >>> [str(c) for c in run.swappable("5S 6S 5H")]
        ['5S']
        """
        cards = as_cards(cards)
        wanted = {_natural(self.suit, self.low + p).index for p in self.wild_positions()}
        if not wanted:
            return []
        return [card for card in cards if card.index in wanted]

    def _find_reach(self) -> frozenset[int]:
        # What its shape takes, and its wild cards' stand-ins (R15, R23).
        reach = self._shape().reach
        wilds = self.wild_positions()
        if not wilds:
            return reach
        row, low = _ROWS[self.suit], self.low
        return reach.union([row[low + position].index for position in wilds])

    def _find_swaps(self) -> tuple[tuple[Card, Card], ...]:
        # Each wild card's stand-in frees it; an ace standing at both ends frees the low
        # one, as swap() does (R23). In canonical order: an ace above the king comes first.
        row, low, cards = _ROWS[self.suit], self.low, self.cards
        freed: dict[Card, Card] = {}
        for position in self.wild_positions():
            freed.setdefault(row[low + position], cards[position])
        return tuple(sorted(freed.items(), key=_by_stand_in))

    def swap(self, card: Card | str) -> tuple[Run, Card] | None:
        """The run with ``card`` in place of the wild card standing for it, and that wild (R23).

        >>> Run(Suit.SPADES, 3, "3S 4S JK 6S").swap(Card.parse("5S"))
        (Run(Suit.SPADES, 3, '3S 4S 5S 6S'), JOKER)
        """
        card = as_card(card)
        for position in self.wild_positions():
            if _natural(self.suit, self.low + position) is card:
                wild = self.cards[position]
                cards = (*self.cards[:position], card, *self.cards[position + 1 :])
                run = Run._trusted(self.suit, self.low, cards, self.variant)
                object.__setattr__(run, "_shaped", self._shaped)  # the same shape
                return run, wild
        return None

    def accepts(self, card: Card | str) -> bool:
        """Whether ``card`` fits at either end of the run (R15)."""
        return bool(self.ends(card))

    def add(self, card: Card | str, end: End | str | None = None) -> Run:
        """The run with ``card`` laid off (R15); ``end`` is needed when both ends fit.

        >>> Run(Suit.SPADES, 3, "3S 4S 5S 6S").add(Card.parse("7S"))
        Run(Suit.SPADES, 3, '3S 4S 5S 6S 7S')
        >>> Run(Suit.SPADES, 3, "3S 4S 5S 6S").add("JK", "low")
        Run(Suit.SPADES, 2, 'JK 3S 4S 5S 6S')
        """
        card = as_card(card)
        end = as_end(end)
        ends = self.ends(card)
        if end is None:
            if len(ends) > 1:
                raise InvalidMeldError(
                    Refusal("R15", f"{card} fits both ends of {self}; choose an End")
                )
            if not ends:
                raise InvalidMeldError(Refusal("R15", f"{card} does not extend the run {self}"))
            end = ends[0]
        elif end not in ends:
            raise InvalidMeldError(
                Refusal("R15", f"{card} does not fit the {end.value} end of {self}")
            )
        if end is End.LOW:
            return Run._trusted(self.suit, self.low - 1, (card, *self.cards), self.variant)
        return Run._trusted(self.suit, self.low, (*self.cards, card), self.variant)

    def __repr__(self) -> str:
        return f"Run({self.suit!r}, {self.low}, {str(self)!r})"


_ONE_PLACE: Final[tuple[End | None, ...]] = (None,)
_ENDS: Final[dict[tuple[bool, bool], tuple[End, ...]]] = {
    (False, False): (),
    (True, False): (End.LOW,),
    (False, True): (End.HIGH,),
    (True, True): (End.LOW, End.HIGH),
}


def _one_form(ends: tuple[End, ...]) -> tuple[End | None, ...]:
    """A run's ``ends`` for a card in the one form an action gives (R15): see ``placements``."""
    return ends if len(ends) != 1 else _ONE_PLACE


class _Shape(NamedTuple):
    """What a meld may take that its shape alone decides (R15, R23).

    A shape is a group's rank, or a run's suit, ends and length, under one variant: every
    meld of that shape shares it.
    """

    #: A run's natural neighbours, low end first, each with its places (a group: none).
    naturals: tuple[tuple[Card, tuple[End | None, ...]], ...]
    #: Where any wild card goes (see :meth:`Meld.placements`).
    wild_ends: tuple[End | None, ...]
    #: What :meth:`Meld.fits` gives.
    fits: tuple[tuple[Card, tuple[End | None, ...]], ...]
    #: :meth:`Meld.reach` but a run's wild cards' stand-ins.
    reach: frozenset[int]


#: The most shapes kept in :data:`_GROUP_SHAPES` and :data:`_RUN_SHAPES`.
_SHAPES_BOUND: Final = 4096
#: Each group's shape by variant and rank; emptied when it holds :data:`_SHAPES_BOUND`.
_GROUP_SHAPES: Final[dict[tuple[Variant, Rank], _Shape]] = {}
#: Each run's shape by variant, suit, low position and length: working one out costs
#: several times a look-up, and a table makes a few hundred shapes over and over. Bounded
#: as :data:`_GROUP_SHAPES`.
_RUN_SHAPES: Final[dict[tuple[Variant, Suit, int, int], _Shape]] = {}
_Key = TypeVar("_Key")


def _kept_shape(shapes: dict[_Key, _Shape], key: _Key, work_out: Callable[[], _Shape]) -> _Shape:
    """The shape kept in ``shapes`` under ``key``, worked out and kept if not there yet."""
    shape = shapes.get(key)
    if shape is None:
        if len(shapes) >= _SHAPES_BOUND:
            shapes.clear()
        shape = shapes[key] = work_out()
    return shape


def _by_stand_in(swap: tuple[Card, Card]) -> int:
    return swap[0].index


@functools.lru_cache(maxsize=64)  # one entry per set of wild ranks in use
def _wild_indices(wild: tuple[bool, ...]) -> tuple[int, ...]:
    """The indices of the wild cards, from a variant's ``wild_by_index``."""
    return tuple(index for index, is_wild in enumerate(wild) if is_wild)


def under(meld: Group | Run, variant: Variant) -> Group | Run:
    """``meld`` as the rules of ``variant`` see it: the same meld, checked against them.

    A meld remembers the variant it was built under; the same cards may be a meld under one
    variant and not under another (a 2 is wild only where 2s are wild). Cheap when ``meld``
    was built under ``variant`` already.

    Raises:
        InvalidMeldError: if the meld breaks R7-R10 under ``variant``.

    >>> import attrs
    >>> from contract_rummy.melds import under
    >>> deuces = attrs.evolve(PAGAT, wild_ranks={Rank.TWO})
    >>> under(Group(Rank.SEVEN, "7C 7D 2S", variant=deuces), PAGAT)
    Traceback (most recent call last):
    ...
    contract_rummy.errors.InvalidMeldError: R7: 2S is not a 7 and is not wild
    """
    if meld.variant is variant:
        return meld
    if isinstance(meld, Group):
        return Group(meld.rank, meld.cards, variant=variant)
    return Run(meld.suit, meld.low, meld.cards, variant=variant)


@functools.lru_cache(maxsize=64)
def _most_copies(variant: Variant) -> dict[Card, int]:
    """The most copies of each card the deck of ``variant`` holds, at any number of players."""
    most: dict[Card, int] = {}
    for players in range(variant.min_players, variant.max_players + 1):
        for card, copies in Counter(variant.deck(players)).items():
            most[card] = max(most.get(card, 0), copies)
    return most


def _copies_problem(cards: tuple[Card, ...], variant: Variant) -> Refusal | None:
    """R2: why ``cards`` hold more copies of a natural card than any deck of ``variant``.

    ``None`` when they do not. Jokers are not counted: a meld may hold any number (R10);
    the deck's own count of them is the state's to check.
    """
    most = _most_copies(variant)
    for card, copies in Counter(cards).items():
        if card is not JOKER and copies > most.get(card, 0):
            return Refusal(
                "R2",
                f"{copies:,} copies of {card}, but the {variant.name} deck holds "
                f"{most.get(card, 0)}",
            )
    return None


def _group_problem(rank: Rank, cards: tuple[Card, ...], variant: Variant) -> Refusal | None:
    """Why ``cards`` are not a group of ``rank`` under ``variant`` (R7, R10), or ``None``."""
    if len(cards) < variant.min_group_length:
        return Refusal(
            "R7", f"a group needs at least {variant.min_group_length} cards, got {len(cards)}"
        )
    for card in cards:
        if card.rank is not rank and not variant.is_wild(card):
            return Refusal("R7", f"{card} is not {_A_RANK[rank]} and is not wild")
    return None


def _run_problem(
    suit: Suit, low: int, cards: tuple[Card, ...], variant: Variant
) -> Refusal | None:
    """Why ``cards`` are not a run of ``suit`` from ``low`` (R8, R10), or ``None``."""
    length = len(cards)
    if length < variant.min_run_length:
        return Refusal("R8", f"a run needs at least {variant.min_run_length} cards, got {length}")
    if length > variant.max_run_length:
        return Refusal("R8", f"a run holds at most {variant.max_run_length} cards, got {length}")
    high = low + length - 1
    if not 1 <= low <= 13:
        return Refusal("R8", f"a run's low position must be 1 (ace) to 13 (king), got {low}")
    if high > ACE_HIGH:
        start = Rank(low).symbol
        return Refusal(
            "R8",
            f"a run of {length} from {start} would end past the ace (K-A-2 never makes a run)",
        )
    if low < variant.lowest_position or high > variant.highest_position:
        return Refusal("R8", f"aces are {variant.aces.value} only in {variant.name}")
    for offset, card in enumerate(cards):
        natural = _natural(suit, low + offset)
        if card is not natural and not variant.is_wild(card):
            return Refusal(
                "R8", f"{card} cannot stand for {natural} in a run of {suit.name.lower()}"
            )
    return None


Interpretation: TypeAlias = Group | Run


def meld(text: str | Iterable[Card], *, variant: Variant = PAGAT) -> Group | Run:
    """Build the one group or run the cards make, listed low to high for a run.

    When cards could read as a group and as a run, the reading where more cards stand for
    themselves wins; if that still leaves two readings, or none, :class:`InvalidMeldError`
    asks for an explicit :class:`Group` or :class:`Run`.

    Args:
        text: Cards in notation (or as Cards).
        variant: The rules to check against (default :data:`PAGAT`).

    >>> meld("JH QH KH AH")
    Run(Suit.HEARTS, 11, 'JH QH KH AH')
    >>> meld("7S JK JK JK")
    Traceback (most recent call last):
    ...
    contract_rummy.errors.InvalidMeldError: R10: '7S JK JK JK' reads as a group of 7s and as
    a run of spades from 7: build Group(rank, cards) or Run(suit, low, cards)
    """
    cards = as_cards(text, "text")
    check_variant(variant)
    shown = text if isinstance(text, str) else format_cards(cards)
    best = best_readings(cards, variant)
    if len(best) == 1:
        return best[0]
    hint = "build Group(rank, cards) or Run(suit, low, cards)"
    if not best:
        raise InvalidMeldError(
            Refusal(
                "R7, R8",
                f"{_explain(cards, variant)}{quoted(shown)} is neither a group nor a run"
                f"{_in_order(cards, variant)}; {hint}",
            )
        )
    described = " and as ".join(_describe(reading) for reading in best[:2])
    raise InvalidMeldError(Refusal("R10", f"{quoted(shown)} reads as {described}: {hint}"))


def best_readings(cards: tuple[Card, ...], variant: Variant) -> list[Interpretation]:
    """The readings of ``cards`` as a meld in which the most cards stand for themselves.

    One reading is the meld :func:`meld` builds; none or several, and it refuses.
    """
    best: list[Interpretation] = []
    best_naturals = -1
    for reading in _readings(cards, variant):
        naturals = len(reading.cards) - len(reading.wild_positions())
        if naturals > best_naturals:
            best, best_naturals = [reading], naturals
        elif naturals == best_naturals:
            best.append(reading)
    return best


def _readings(cards: tuple[Card, ...], variant: Variant) -> Iterable[Interpretation]:
    group_cards = tuple(sorted(cards))
    for rank in Rank:
        if _group_problem(rank, group_cards, variant) is None:
            yield Group(rank, group_cards, variant=variant)
    for suit in Suit:
        for low in range(1, 14):
            if _run_problem(suit, low, cards, variant) is None:
                yield Run(suit, low, cards, variant=variant)


def _explain(cards: tuple[Card, ...], variant: Variant) -> str:
    """What to say first of cards that are neither a group nor a run (R7, R8)."""
    if len(cards) < min(variant.min_group_length, variant.min_run_length):
        count = len(cards)
        return f"{count} card{' is' if count == 1 else 's are'} too few for a meld: "
    return ""


def _in_order(cards: tuple[Card, ...], variant: Variant) -> str:
    """A hint for cards that make a run only in another order (R8): how it reads then."""
    ordered = sorted(cards)  # canonical order: by suit, then rank from the ace
    aces_high = [card for card in ordered if card.rank is not Rank.ACE] + [
        card for card in ordered if card.rank is Rank.ACE
    ]
    for order in (ordered, aces_high):
        if tuple(order) != cards and any(
            isinstance(reading, Run) for reading in _readings(tuple(order), variant)
        ):
            return f" (a run's cards go in order, low to high: {quoted(format_cards(order))})"
    return ""


def _describe(reading: Interpretation) -> str:
    if isinstance(reading, Group):
        return f"a group of {reading.rank.symbol}s"
    return f"a run of {reading.suit.name.lower()} from {Rank(reading.low).symbol}"
