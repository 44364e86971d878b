"""Hands as the rules see them: canonical order, copies of a card, and R16's last card.

A hand is a tuple of cards in canonical order (by :attr:`Card.index`). These helpers are
shared by the go-down search and the engine, so that each rule about hands has one home.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Sequence
from typing import Final, TypeAlias

from contract_rummy.cards import Card, format_cards

__all__ = [
    "BY_INDEX",
    "LISTED",
    "Hand",
    "add",
    "add_one",
    "add_one_held",
    "distinct",
    "find",
    "keeps_a_discard",
    "remove",
    "some_cards",
    "without",
]

#: A hand: cards in canonical order.
Hand: TypeAlias = tuple[Card, ...]
#: Sorting by this key gives the canonical order without calling Card.__lt__.
BY_INDEX: Final = operator.attrgetter("index")


#: The most cards a message lists of a long list: the rest are counted.
LISTED: Final = 30


def some_cards(cards: Sequence[Card]) -> str:
    """The first :data:`LISTED` cards of ``cards`` in notation, and how many more there are.

    >>> from contract_rummy.cards import Card
    >>> some_cards([Card.parse("7S")] * 32).endswith("7S 7S and 2 more")
    True
    """
    if len(cards) <= LISTED:
        return format_cards(cards)
    return f"{format_cards(cards[:LISTED])} and {len(cards) - LISTED:,} more"


def keeps_a_discard(left: int, *, only_kept_left: bool, final_discard: bool) -> bool:
    """R16, R17: whether a hand of ``left`` cards still lets its player end the turn.

    Before the last round a meld, lay-off or swap must leave a card the player may
    discard: not an empty hand (unless the variant lets players go out without a final
    discard, R16), and never only the card taken from the discard pile this turn (R17),
    which the player could neither discard nor play.

    Args:
        left: How many cards would be left in hand.
        only_kept_left: Whether, with one card left, that card is the one R17 keeps.
        final_discard: The variant's :attr:`~contract_rummy.Variant.final_discard`.

    >>> keeps_a_discard(0, only_kept_left=False, final_discard=True)
    False
    >>> keeps_a_discard(1, only_kept_left=True, final_discard=False)
    False
    """
    if left == 0:
        return not final_discard
    return left > 1 or not only_kept_left


def distinct(hand: Hand) -> list[Card]:
    """The different cards of ``hand``, in canonical order (copies are interchangeable, R2).

    >>> from contract_rummy.cards import parse_cards
    >>> [str(card) for card in distinct(parse_cards("7C 7C 8C JK JK"))]
    ['7C', '8C', 'JK']
    """
    found: list[Card] = []
    previous = None
    for card in hand:
        if card is not previous:
            found.append(card)
            previous = card
    return found


def add(hand: Hand, cards: Sequence[Card]) -> Hand:
    """``hand`` with ``cards`` added, still in canonical order (each after its copies).

    >>> from contract_rummy.cards import parse_cards
    >>> add(parse_cards("7C 8C JK"), parse_cards("9C 7C")) == parse_cards("7C 7C 8C 9C JK")
    True
    """
    if len(cards) == 1:
        return add_one(hand, cards[0])
    merged = list(hand)
    for card in cards:
        # A binary search per card reads a few indices, where sorting reads every card's.
        merged.insert(bisect.bisect_right(merged, card.index, key=BY_INDEX), card)
    return tuple(merged)


def add_one(hand: Hand, card: Card) -> Hand:
    """``hand`` with ``card`` added, still in canonical order (after any copies of it).

    >>> from contract_rummy.cards import parse_cards
    >>> hand = parse_cards("7C 8C JK")
    >>> add_one(hand, parse_cards("9C")[0]) == parse_cards("7C 8C 9C JK")
    True
    """
    at = bisect.bisect_right(hand, card.index, key=BY_INDEX)
    # A list copy with the card inserted, then a tuple: two new objects, where slices and
    # concatenation make five.
    cards = list(hand)
    cards.insert(at, card)
    return tuple(cards)


def add_one_held(hand: Hand, card: Card) -> tuple[Hand, bool]:
    """:func:`add_one`, and whether ``hand`` held a copy of ``card`` before: one search.

    >>> from contract_rummy.cards import parse_cards
    >>> hand = parse_cards("7C 8C JK")
    >>> add_one_held(hand, hand[1])[1], add_one_held(hand, parse_cards("9C")[0])[1]
    (True, False)
    """
    at = bisect.bisect_right(hand, card.index, key=BY_INDEX)
    cards = list(hand)
    cards.insert(at, card)
    return tuple(cards), at > 0 and hand[at - 1] is card


def find(hand: Hand, card: Card) -> int:
    """Where ``hand`` holds ``card`` (the first copy), or -1.

    A binary search on the canonical order: it compares card indices, never cards.

    >>> from contract_rummy.cards import parse_cards
    >>> hand = parse_cards("7C 7C 8C JK")
    >>> find(hand, hand[2]), find(hand, parse_cards("9C")[0])
    (2, -1)
    """
    at = bisect.bisect_left(hand, card.index, key=BY_INDEX)
    return at if at < len(hand) and hand[at] is card else -1


def remove(hand: Hand, card: Card) -> Hand:
    """``hand`` without one copy of ``card``, which it must hold."""
    at = find(hand, card)
    if at < 0:
        raise ValueError(f"the hand does not hold {card}")
    return hand[:at] + hand[at + 1 :]


def without(hand: Hand, cards: Sequence[Card]) -> Hand:
    """``hand`` less one copy of each of ``cards``, in any order; cards it lacks are skipped.

    One pass over both in canonical order, comparing indices: ``list.remove`` compares
    cards with ``==``, which a card answers far more slowly than its index.

    >>> from contract_rummy.cards import parse_cards
    >>> hand = parse_cards("7C 7C 8C 9C JK")
    >>> without(hand, parse_cards("9C 7C 5D")) == parse_cards("7C 8C JK")
    True
    """
    gone = sorted(cards, key=BY_INDEX)
    count = len(gone)
    left: list[Card] = []
    at = 0
    for card in hand:
        index = card.index
        while at < count and gone[at].index < index:
            at += 1  # a card the hand lacks
        if at < count and gone[at] is card:
            at += 1
        else:
            left.append(card)
    return tuple(left)
