"""What the go-down search needs to know about a variant, worked out once per variant.

Cards are handled by index (:attr:`Card.index`, 0-52). A hand's card counts are packed into
one integer, a fixed number of bits per card index (its *field*), so that "does the hand
still hold these cards?" and "take them out" are each one or two integer operations,
however many cards a meld has:

>>> from contract_rummy.cards import parse_cards
>>> from contract_rummy.variants import PAGAT
>>> t = tables(PAGAT)
>>> def pack(text):
...     return t.pack_indices(card.index for card in parse_cards(text))
>>> hand, guard = pack("7C 7D 7H JK"), t.guard
>>> ((hand | guard) - pack("7C 7D JK")) & guard == guard  # the hand holds them
True
>>> ((hand | guard) - pack("7S")) & guard == guard
False
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import attrs

from contract_rummy.cards import CARDS, RUN_CARDS
from contract_rummy.variants import Variant

__all__ = ["CARDS_AT", "LANE_BYTES", "MEMO_LIMIT", "Tables", "tables"]

#: Card indices run 0-51 for the naturals and 52 for the joker.
CARD_TYPES: Final = 53

#: Where a hand's counts lie in its :attr:`Tables.lanes` summed, by byte: 14 by rank (the
#: jokers' first), then 53 by card index.
CARDS_AT: Final = 14
LANE_BYTES: Final = CARDS_AT + CARD_TYPES

#: How many entries each of the search's memos in a variant's tables keeps before starting
#: afresh: enough for the entries that hands share, few enough that memory stays flat however
#: many games a process plays (a suit's held positions vary without end).
MEMO_LIMIT: Final = 16_384


@attrs.frozen
class Tables:
    """Lookup tables for one variant, indexed by card index.

    Attributes:
        wild: The card indices that are wild under the variant (jokers, wild ranks).
        is_wild: ``is_wild[i]``: whether card index ``i`` is wild.
        lowest: The lowest run position (R8).
        highest: The highest run position (R8).
        longest: The most cards a run can hold.
        width: Bits per card index in a packed hand.
        unit: ``unit[i]``: one card of index ``i``, packed.
        guard: The top bit of every field. Set it in every field of a packed hand, take
            packed cards away, and a field whose count would go below zero borrows its
            guard bit: so the hand holds the cards exactly when every guard bit survives.
        mask: The bits of one field.
        rank_cards: ``rank_cards[r]``: the four card indices of rank ``r`` (1-13).
        at: ``at[s][p]``: the card index at position ``p`` (1-14) of a run of suit ``s``.
        suit_bits: ``suit_bits[i]``: the run positions card ``i`` can take, as bits (bit
            ``p - 1`` for position ``p``; an ace has two); 0 for the joker.
        suit_of: ``suit_of[i]``: the suit index of card ``i``, 4 for the joker.
        rank_of: ``rank_of[i]``: the rank of card ``i`` (1-13), 0 for the joker.
        wild_ranks: The ranks that are wild, besides the joker.
        natural_positions: ``natural_positions[s]``: the run positions of suit ``s`` that a
            run may take and whose card is not wild, as bits (see :attr:`suit_bits`).
        natural_fields: The fields of every card that is not wild, in a packed hand.
        suit_fields: ``suit_fields[s]``: the fields of the cards of suit ``s``, wild or not.
        rank_fields: ``rank_fields[r]``: the fields of the cards of rank ``r`` (1-13),
            in rank order from the ace.
        lanes: ``lanes[i]``: one card of index ``i`` in a byte of its rank (byte 0 for the
            joker) and one in a byte of its own (see :data:`CARDS_AT`): summed over a hand
            and turned into :data:`LANE_BYTES` bytes, its counts by rank and by card. A
            hand holds fewer than 256 cards of a rank.
        candidates: Memo of the search's candidate groups by rank, filled as hands are
            met (see :mod:`._candidates`).
        suit_runs: Memo of the search's candidate runs by suit, filled as hands are met.
        windows: Memo of the search's candidate runs by suit and first position, filled
            as hands are met; :attr:`suit_runs` is made from it.
        plans: The search's plan of each round, by round number (see :mod:`._plan`).
        run_gains: The search's memo of what runs of each length can hold of a suit, by
            the suit's counts (see :mod:`._plan`).
        suit_slots: Memo of the search's bound on the wild cards one suit's runs need in
            a round played at once, by the suit's counts (see :mod:`._bounds`).
    """

    wild: tuple[int, ...]
    is_wild: tuple[bool, ...]
    lowest: int
    highest: int
    longest: int
    width: int
    unit: tuple[int, ...]
    guard: int
    mask: int
    rank_cards: tuple[tuple[int, ...], ...]
    at: tuple[tuple[int, ...], ...]
    suit_bits: tuple[int, ...]
    suit_of: tuple[int, ...]
    rank_of: tuple[int, ...]
    wild_ranks: tuple[int, ...]
    natural_positions: tuple[int, ...]
    natural_fields: int
    suit_fields: tuple[int, ...]
    rank_fields: tuple[int, ...]
    lanes: tuple[int, ...]
    candidates: dict[tuple[Any, ...], tuple[Any, ...]] = attrs.field(factory=dict, eq=False)
    suit_runs: dict[tuple[Any, ...], tuple[Any, ...]] = attrs.field(factory=dict, eq=False)
    windows: dict[tuple[Any, ...], tuple[Any, ...]] = attrs.field(factory=dict, eq=False)
    plans: dict[int, Any] = attrs.field(factory=dict, eq=False)
    run_gains: dict[int, Any] = attrs.field(factory=dict, eq=False)
    suit_slots: dict[tuple[int, ...], tuple[int, ...]] = attrs.field(factory=dict, eq=False)

    def pack_indices(self, indices: Iterable[int]) -> int:
        """Card indices' counts, packed."""
        unit = self.unit
        return sum(unit[index] for index in indices)

    def count(self, hand: int, index: int) -> int:
        """How many cards of index ``index`` the packed ``hand`` holds."""
        return (hand >> (self.width * index)) & self.mask

    def indices(self, hand: int, present: Iterable[int]) -> list[int]:
        """The card indices of the packed ``hand``, with repeats, among ``present``."""
        width, mask = self.width, self.mask
        found: list[int] = []
        for index in present:
            found.extend((index,) * ((hand >> (width * index)) & mask))
        return found

    def best_run_window(self, length: int, held: bytes) -> int:
        """The most positions of a suit one run of ``length`` covers (R8).

        ``held[r - 1]`` is 1 when the hand holds the suit's card of rank ``r``, else 0; the
        ace stands at both ends, positions 1 and 14.
        """
        # Byte p - 1 holds position p. Times 1 + 256 + ... + 256 ** (length - 1), byte k
        # counts the positions held of the window that ends at position k + 1 (no byte
        # carries: a window holds at most 14 positions, and 28 bytes hold the product).
        line = int.from_bytes(held + held[:1], "little")
        most = min(length, 14)  # (no window holds more positions)
        sums = (line * _ONES[most]).to_bytes(32, "little")
        windows = sums[self.lowest + length - 2 : self.highest]
        # The best count, looked for from the most down: a few searches of a short
        # string cost less than max() over it.
        for best in _DOWN[most]:
            if best in windows:
                return best
        return 0


def _build(variant: Variant) -> Tables:
    is_wild = tuple(variant.is_wild(card) for card in CARDS)
    # A field holds the most copies of one card, or every wild card of the deck: the
    # search counts them all as jokers (see ._wilds).
    copies = max(
        max(
            *variant.deck_counts(players),
            sum(1 for card in variant.deck(players) if is_wild[card.index]),
        )
        for players in range(variant.min_players, variant.max_players + 1)
    )
    width = copies.bit_length() + 1
    suit_bits = [0] * CARD_TYPES
    for row in RUN_CARDS:
        for position in range(1, 15):
            suit_bits[row[position].index] |= 1 << (position - 1)
    mask = (1 << width) - 1
    rank_of = (*(index % 13 + 1 for index in range(52)), 0)

    def fields(indices: Iterable[int]) -> int:
        return sum(mask << (width * index) for index in indices)

    return Tables(
        wild=tuple(index for index, wild in enumerate(is_wild) if wild),
        is_wild=is_wild,
        lowest=variant.lowest_position,
        highest=variant.highest_position,
        longest=variant.longest_run,
        width=width,
        unit=tuple(1 << (width * index) for index in range(CARD_TYPES)),
        guard=sum(1 << (width * index + width - 1) for index in range(CARD_TYPES)),
        mask=(1 << width) - 1,
        rank_cards=((), *(tuple(13 * s + r - 1 for s in range(4)) for r in range(1, 14))),
        at=tuple(tuple(card.index for card in row) for row in RUN_CARDS),
        suit_bits=tuple(suit_bits),
        suit_of=(*(index // 13 for index in range(52)), 4),
        rank_of=rank_of,
        wild_ranks=tuple(sorted(rank.value for rank in variant.wild_ranks)),
        natural_positions=tuple(
            sum(
                1 << (position - 1)
                for position in range(variant.lowest_position, variant.highest_position + 1)
                if not is_wild[row[position].index]
            )
            for row in RUN_CARDS
        ),
        natural_fields=fields(index for index in range(CARD_TYPES) if not is_wild[index]),
        suit_fields=tuple(fields(range(13 * suit, 13 * suit + 13)) for suit in range(4)),
        rank_fields=tuple(fields(range(rank, 52, 13)) for rank in range(13)),
        lanes=tuple(
            (1 << (8 * rank)) + (1 << (8 * (CARDS_AT + index)))
            for index, rank in enumerate(rank_of)
        ),
    )


#: ``_ONES[n]``: 1 + 256 + ... + 256 ** (n - 1), a byte of 1 for each position of a window.
_ONES: Final = tuple(sum(1 << (8 * k) for k in range(n)) for n in range(15))
#: ``_DOWN[n]``: the counts a window of ``n`` positions may hold, the most first.
_DOWN: Final = tuple(tuple(range(n, 0, -1)) for n in range(15))

_CACHE: Final[dict[Variant, Tables]] = {}


#: The variant last asked for and its tables: most calls ask for the same variant again,
#: and an identity test is quicker than hashing it (its hash is a Python method).
_LAST: list[tuple[Variant, Tables]] = []


def tables(variant: Variant) -> Tables:
    """The tables of ``variant``, built on first use (a variant's hash is cached)."""
    last = _LAST[-1] if _LAST else None  # (read once: another thread may replace it)
    if last is not None and last[0] is variant:
        return last[1]
    found = _CACHE.get(variant)
    if found is None:
        if len(_CACHE) >= 64:
            _CACHE.clear()
        found = _CACHE[variant] = _build(variant)
    _LAST[:] = [(variant, found)]  # one pair at most
    return found
