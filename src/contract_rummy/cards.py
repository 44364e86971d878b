"""Cards, their notation, and decks (R2).

Every distinct card exists exactly once in memory: :class:`Card` interns its values, so
comparing two cards is an identity check and hashing one is free. Two physical copies of
the same card, from two decks, are the same value (R2).

>>> Card.parse("10h")
Card.parse('10H')
>>> parse_cards("7C, 10H JK")
(Card.parse('7C'), Card.parse('10H'), JOKER)
>>> Card(Rank.SEVEN, Suit.CLUBS) is Card.parse("7c")
True
"""

from __future__ import annotations

import enum
import re
import string
from collections.abc import Iterable, Iterator
from typing import ClassVar, Final

import attrs

from contract_rummy._checks import check_int, is_int
from contract_rummy.errors import NotationError, quoted

__all__ = [
    "ACE_HIGH",
    "CARDS",
    "JOKER",
    "NATURALS",
    "RUN_CARDS",
    "Card",
    "Rank",
    "Suit",
    "as_card",
    "as_cards",
    "build_deck",
    "format_cards",
    "parse_cards",
    "run_card",
]


class Suit(enum.Enum):
    """The four suits, named by their letters ``C D H S``.

    >>> Suit.SPADES.letter, Suit.SPADES.symbol
    ('S', '♠')
    """

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        """The suit's letter in card notation: ``C``, ``D``, ``H`` or ``S``."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        """The suit's place in the canonical order, 0-3 (clubs, diamonds, hearts, spades)."""
        return _SUIT_ORDER[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    # Each suit is one object, equal only to itself: hashed by identity in C, not through
    # Enum's hash of its name in Python (suits key many look-ups).
    __hash__ = object.__hash__


_SUIT_SYMBOLS: Final = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
}
_SUIT_ORDER: Final = {suit: index for index, suit in enumerate(Suit)}


class Rank(enum.IntEnum):
    """Card ranks, ace low: ``ACE=1`` up to ``KING=13``.

    In a run an ace may also stand above the king; runs write that position as 14 (R8).

    >>> Rank.QUEEN.symbol, Rank.TEN.symbol, Rank(1).symbol
    ('Q', '10', 'A')
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The rank in card notation: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_SYMBOLS: Final = {
    rank: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank.value, str(rank.value)) for rank in Rank
}


@attrs.frozen(init=False, eq=False, order=False, hash=False, repr=False)
class Card:
    """A playing card, or the joker: an interned, hashable, totally ordered value.

    Build one with ``Card(rank, suit)``, with :meth:`Card.parse`, or use :data:`JOKER`.
    ``Card()`` with no arguments is the joker too. Cards order by suit (clubs, diamonds,
    hearts, spades), then rank (ace low), with the joker last: the canonical order of a hand.

    Attributes:
        rank: The card's rank, or ``None`` for the joker.
        suit: The card's suit, or ``None`` for the joker.
        index: The card's position in the canonical order: 0-51 for the naturals (13 per
            suit), 52 for the joker. Handy as an array index.

    >>> sorted(parse_cards("JK KD 2C AD"))
    [Card.parse('2C'), Card.parse('AD'), Card.parse('KD'), JOKER]
    >>> Card(Rank.ACE, Suit.DIAMONDS).is_joker, Card().is_joker
    (False, True)
    """

    rank: Rank | None
    suit: Suit | None
    index: int

    _interned: ClassVar[dict[tuple[Rank | None, Suit | None], Card]] = {}

    def __new__(cls, rank: Rank | int | None = None, suit: Suit | None = None) -> Card:  # noqa: D102
        # Only None or a true int may take the fast path: True and 1.0 hash like Rank.ACE.
        if rank is None or is_int(rank):
            try:
                return cls._interned[rank, suit]  # type: ignore[index]
            except (KeyError, TypeError):
                pass
        if rank is None or suit is None:
            raise TypeError(
                f"a natural card needs both a rank and a suit, got rank={rank!r}, suit={suit!r}"
            )
        if not isinstance(suit, Suit):
            raise TypeError(f"suit must be a Suit, got {suit!r}")
        if not is_int(rank):
            raise TypeError(f"rank must be a Rank or an int, got {rank!r}")
        if rank not in range(1, 14):
            raise ValueError(f"rank must be a Rank (1-13), got {rank!r}")
        # A plain int equal to a rank (Card(7, Suit.SPADES)) finds the interned card.
        return cls._interned[Rank(rank), suit]

    @classmethod
    def _make(cls, rank: Rank | None, suit: Suit | None, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        cls._interned[rank, suit] = card
        return card

    @property
    def is_joker(self) -> bool:
        """Whether this card is the joker."""
        return self.rank is None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in notation, case-insensitively.

        Ranks are ``A 2-9 10 T J Q K``, suits ``C D H S`` or ``♣ ♦ ♥ ♠``, the joker ``JK``
        or ``*``.

        Raises:
            NotationError: if ``text`` is not exactly one card.
            TypeError: if ``text`` is not a str (``None``, a number, bytes), as
                :func:`as_card` refuses it.

        >>> Card.parse("qs"), Card.parse("T♥"), Card.parse("*")
        (Card.parse('QS'), Card.parse('10H'), JOKER)
        >>> Card.parse("11S")
        Traceback (most recent call last):
        ...
        contract_rummy.errors.NotationError: '11S' is not a card: expected a rank ...
        >>> Card.parse(None)
        Traceback (most recent call last):
        ...
        TypeError: expected card notation as a str, got NoneType
        """
        if not isinstance(text, str):
            raise TypeError(f"expected card notation as a str, got {type(text).__name__}")
        try:
            return _BY_TOKEN[text.strip().translate(_ASCII_UPPER)]
        except KeyError:
            raise NotationError(
                f"{quoted(text)} is not a card: expected a rank (A 2-9 10 T J Q K) then a suit "
                "(C D H S), or JK",
                token=text,
            ) from None

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.letter

    def __repr__(self) -> str:
        return "JOKER" if self.rank is None else f"Card.parse({str(self)!r})"

    def __hash__(self) -> int:
        return self.index

    # Every card is interned, so equality is identity: object's own comparison, which keeps
    # ``==`` and ``card in hand`` in C.
    __eq__ = object.__eq__
    __ne__ = object.__ne__

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, ...]:
        # Pickling and deep-copying go through Card(...), which returns the interned value.
        return (_card_by_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


#: Every natural card once, in canonical order (``AC`` ... ``KS``).
NATURALS: Final[tuple[Card, ...]] = tuple(
    Card._make(rank, suit, 13 * _SUIT_ORDER[suit] + rank - 1) for suit in Suit for rank in Rank
)
#: The joker. Every joker in a deck is this same value (R2).
JOKER: Final[Card] = Card._make(None, None, 52)
#: Every distinct card once, by :attr:`Card.index`: ``CARDS[card.index] is card``. Tables
#: indexed by card (one value per card, made once) are built over it.
CARDS: Final[tuple[Card, ...]] = (*NATURALS, JOKER)


def _card_by_index(index: int) -> Card:
    return CARDS[index]


#: In a run, position 14 is the ace above the king (R8); positions 1-13 are the ranks.
ACE_HIGH: Final = 14
#: ``RUN_CARDS[suit order][position]``: the natural card at a run position (1-14), the
#: suits in the order of :class:`Suit` (a table read by :func:`run_card`).
RUN_CARDS: Final[tuple[tuple[Card, ...], ...]] = tuple(
    (JOKER, *NATURALS[13 * s : 13 * s + 13], NATURALS[13 * s]) for s in range(4)
)


def run_card(suit: Suit, position: int) -> Card:
    """The natural card at ``position`` (1-14) of a run of ``suit``: 14 is the high ace (R8).

    >>> from contract_rummy.cards import run_card
    >>> run_card(Suit.SPADES, 7), run_card(Suit.HEARTS, 1), run_card(Suit.HEARTS, 14)
    (Card.parse('7S'), Card.parse('AH'), Card.parse('AH'))
    """
    if not isinstance(suit, Suit):
        raise TypeError(f"suit must be a Suit, got {suit!r}")
    if not is_int(position) or not 1 <= position <= ACE_HIGH:
        raise ValueError(f"run positions are 1-14, got {position!r}")
    return RUN_CARDS[_SUIT_ORDER[suit]][position]


def _tokens() -> dict[str, Card]:
    ranks: dict[str, int] = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
    ranks.update({str(value): value for value in range(2, 11)})
    suits = {suit.letter: suit for suit in Suit} | {suit.symbol: suit for suit in Suit}
    table = {
        rank_text + suit_text: Card(rank, suit)
        for rank_text, rank in ranks.items()
        for suit_text, suit in suits.items()
    }
    table["JK"] = table["*"] = JOKER
    return table


_BY_TOKEN: Final = _tokens()
#: Each card's canonical notation; a lookup that finds nothing but Cards (they compare by
#: identity), so formatting checks its input for free.
_TEXT: Final[dict[Card, str]] = {card: str(card) for card in CARDS}
#: Case-insensitive for ASCII letters only (str.upper would read the long s, U+017F, as S),
#: and blind to the variation selectors that ask for a suit symbol's text or emoji form:
#: "♥️" is "♥" then U+FE0F, as a copy from a phone or a web page gives it.
_ASCII_UPPER: Final = str.maketrans(
    string.ascii_lowercase,
    string.ascii_uppercase,
    "\N{VARIATION SELECTOR-15}\N{VARIATION SELECTOR-16}",
)
_SEPARATORS: Final = re.compile(r"[\s,]+")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, keeping their order.

    Raises:
        NotationError: naming the first token that is not a card.
        TypeError: if ``text`` is not a str (a list of cards is :func:`as_cards`'s to read).

    >>> parse_cards("7c 10H, jk")
    (Card.parse('7C'), Card.parse('10H'), JOKER)
    >>> parse_cards("")
    ()
    >>> parse_cards("7C 1OH")
    Traceback (most recent call last):
    ...
    contract_rummy.errors.NotationError: '1OH' is not a card: ...
    """
    if not isinstance(text, str):
        raise TypeError(f"expected card notation as a str, got {type(text).__name__}")
    return tuple(Card.parse(token) for token in _SEPARATORS.split(text) if token)


def as_card(value: Card | str, name: str = "card") -> Card:
    """One card given either as a Card or in notation (``"7C"``, read by :meth:`Card.parse`).

    What actions, melds and variants take wherever they take a card. ``name`` names the
    value in the error message.

    Raises:
        NotationError: if the text is not exactly one card.
        TypeError: if ``value`` is neither a Card nor a str.

    >>> as_card("7c"), as_card(JOKER)
    (Card.parse('7C'), JOKER)
    >>> as_card(7)
    Traceback (most recent call last):
    ...
    TypeError: card must be a Card or card notation such as '7C', got 7
    """
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise TypeError(f"{name} must be a Card or card notation such as '7C', got {value!r}")


def as_cards(value: str | Iterable[Card], name: str = "cards") -> tuple[Card, ...]:
    """Cards given either as Cards or as notation: the cards, in order.

    A str is read as :func:`parse_cards` reads it; anything else must be an iterable of
    Cards. ``name`` names the value in the error messages.

    Raises:
        NotationError: if the text holds a token that is not a card.
        TypeError: if ``value`` is neither a str nor an iterable, or holds anything but
            Cards.

    >>> as_cards("7c 8C jk")
    (Card.parse('7C'), Card.parse('8C'), JOKER)
    >>> as_cards([JOKER, Card.parse("2S")])
    (JOKER, Card.parse('2S'))
    >>> as_cards(7, "stock")
    Traceback (most recent call last):
    ...
    TypeError: stock must be Cards or card notation (a str), got 7
    >>> as_cards(["7C"], "hands[0]")
    Traceback (most recent call last):
    ...
    TypeError: hands[0] must hold Cards, got '7C'
    """
    if isinstance(value, str):
        return parse_cards(value)
    if not isinstance(value, Iterable):
        raise TypeError(f"{name} must be Cards or card notation (a str), got {value!r}")
    cards = tuple(value)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"{name} must hold Cards, got {card!r}")
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in canonical notation, separated by spaces: the inverse of `parse_cards`.

    Raises:
        TypeError: if ``cards`` is notation (a str) rather than cards, or holds anything
            but Cards.

    >>> format_cards(parse_cards("10h qs *"))
    '10H QS JK'
    >>> format_cards("7C 8C")
    Traceback (most recent call last):
    ...
    TypeError: cards must be Cards, not notation: got '7C 8C' (parse_cards reads notation)
    """
    given: object = cards  # the annotation rules out what a caller may still pass
    if isinstance(given, str | bytes):
        raise TypeError(
            f"cards must be Cards, not notation: got {cards!r} (parse_cards reads notation)"
        )
    try:
        return " ".join([_TEXT[card] for card in cards])
    except KeyError as error:
        raise TypeError(f"cards must hold only Cards, got {error.args[0]!r}") from None
    except TypeError:  # not iterable, or an item that cannot be hashed
        raise TypeError(f"cards must be an iterable of Cards, got {cards!r}") from None


def build_deck(decks: int, jokers: int) -> tuple[Card, ...]:
    """All the cards shuffled together for a round, in canonical order (R2).

    Args:
        decks: How many standard 52-card decks.
        jokers: How many jokers on top of them.

    >>> deck = build_deck(2, 3)
    >>> len(deck), deck.count(JOKER), deck.count(Card.parse("7S"))
    (107, 3, 2)
    """
    check_int("decks", decks)
    check_int("jokers", jokers)
    if decks < 0 or jokers < 0:
        raise ValueError(f"decks and jokers must be >= 0, got decks={decks}, jokers={jokers}")
    return tuple(_repeat(NATURALS, decks)) + (JOKER,) * jokers


def _repeat(cards: tuple[Card, ...], times: int) -> Iterator[Card]:
    for card in cards:
        for _ in range(times):
            yield card
