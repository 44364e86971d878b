"""Whether a contract can be met at all from a deck (R2, R7-R10, R12, R14, R24).

What :class:`~contract_rummy.variants.Variant` asks of every round's contract when it is
built, once for each deck its numbers of players get: the fewest wild cards with which the
contract's melds can be laid from that deck, if any. The search is exact: it proves that
no hand from the deck can meet a contract before a variant is refused for it.

The deck holds ``decks`` copies of each natural card. A card of a wild rank can stand in
any place of any meld (as itself or as a wild card, R30), so it counts with the jokers
among the wild cards; every other card fits only its own rank in a group, or its own
position in a run of its suit (R7, R8). A physical card is in one meld only (R9), and two
runs of a suit may not be contiguous (R12) unless the variant lets them. Groups and runs
may be made of wild cards alone (R10).

The search places the runs, then puts the groups on the ranks the runs leave the most
natural cards of (several groups on one rank, when that is better). What cannot change
the answer is left out. The suits are alike, and a run moved from a shared suit to an
empty one never needs a wild card more: each of its places finds a copy of its card in
the new suit, and a rank loses a card for groups only where the move saves a wild card;
so runs take a suit each while there are suits. Runs that can trade places (same length,
each alone in its suit or both in one) are placed in one order only. Without groups, a
run alone in its suit meets no other meld: only its best place of each length is tried.
And a partial layout is given up as soon as it needs as many wild cards as the best one
found: the runs still to place need at least what each needs alone, and the groups at
least what the ranks left hold too few cards for.

>>> deck = Deck(decks=2, wild_ranks=frozenset(), lowest=1, highest=14, longest=14,
...             runs_may_touch=False)
>>> fewest_wilds((3, 3), (), deck, EXACT).wilds
0
>>> fewest_wilds((12,), (), deck, EXACT).wilds  # 8 of one rank, 4 wild cards
4
>>> fewest_wilds((), (4, 4, 4), deck, Totals(whole=True, first=13)).runs
((0, 1, 4), (1, 1, 4), (2, 1, 5))
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Final, NamedTuple, TypeAlias

__all__ = ["EXACT", "Deck", "Layout", "Totals", "fewest_wilds", "rank_at"]

#: The four suits, by their indices in :class:`~contract_rummy.cards.Suit`'s order.
SUITS: Final = 4
#: The ranks, ace (1) to king (13).
RANKS: Final = range(1, 14)


def rank_at(position: int) -> int:
    """The rank of run position ``position`` (1-14): the ace at both ends (R8)."""
    return 1 if position == 14 else position


class Deck(NamedTuple):
    """A deck and a variant's runs, as the search sees them.

    Attributes:
        decks: Copies of each natural card (52-card decks shuffled together, R2).
        wild_ranks: The ranks that are wild (R30); their cards count as wild cards.
        lowest: The lowest position a run may take (R8: 1, the ace below the two).
        highest: The highest position a run may take (R8: 14, the ace above the king).
        longest: The most cards a run may hold.
        runs_may_touch: Whether two runs of one suit may be contiguous (R12).
    """

    decks: int
    wild_ranks: frozenset[int]
    lowest: int
    highest: int
    longest: int
    runs_may_touch: bool


class Totals(NamedTuple):
    """How many cards a go-down lays, all melds together (R14, R16, R24, R33).

    Attributes:
        exact: Each meld at exactly its minimum length (R14); the rest is then unread.
        whole: The go-down lays the whole hand (R24): ``first`` cards, or ``step`` more for
            each buy, up to ``most``. Groups take any cards the other melds leave.
        first: The fewest cards the hand holds when going down (the cards dealt and the
            one drawn), when ``whole``.
        step: The cards one buy adds to the hand (the bought card and its penalty cards).
        most: The most cards laid; ``None`` for no limit.
    """

    exact: bool = False
    whole: bool = False
    first: int = 0
    step: int = 1
    most: int | None = None

    def smallest(self, cards: int) -> int | None:
        """The fewest cards a go-down may lay that are at least ``cards``, if any.

        >>> Totals(whole=True, first=13, step=2, most=17).smallest(14)
        15
        >>> Totals(most=10).smallest(11) is None
        True
        """
        if self.whole and cards <= self.first:
            found = self.first
        elif self.whole:
            found = self.first + -(-(cards - self.first) // self.step) * self.step
        else:
            found = cards
        return found if self.most is None or found <= self.most else None

    def allows(self, cards: int) -> bool:
        """Whether a go-down may lay exactly ``cards`` cards.

        >>> Totals(whole=True, first=13, step=2).allows(15), EXACT.allows(3)
        (True, True)
        """
        return self.smallest(cards) == cards


#: Every meld at exactly its minimum length (R14).
EXACT: Final = Totals(exact=True)


class Layout(NamedTuple):
    """Where the melds of a contract go, and the wild cards they take from the deck.

    Attributes:
        wilds: The places no natural card of the deck is left for.
        groups: ``(rank, length)`` of each group, the contract's order.
        runs: ``(suit, low, length)`` of each run: the suit's index (clubs 0 to spades 3),
            its lowest position (1-14), its cards.
    """

    wilds: int
    groups: tuple[tuple[int, int], ...]
    runs: tuple[tuple[int, int, int], ...]


@functools.lru_cache(maxsize=4096)
def fewest_wilds(
    groups: tuple[int, ...],
    runs: tuple[int, ...],
    deck: Deck,
    totals: Totals,
    enough: int = 0,
) -> Layout | None:
    """A layout of the melds that takes the fewest wild cards, or ``None`` if none exists.

    ``groups`` and ``runs`` are the contract's minimum lengths; ``totals`` says how long
    the melds may be in all. The search stops at the first layout of at most ``enough``
    wild cards, which is then not always the fewest. ``None`` means that no layout exists
    at all, however many wild cards: a run longer than the positions, or no number of
    cards the go-down may lay.
    """
    if any(length > deck.longest for length in runs):
        return None
    search = _Search(groups, runs, deck, totals, enough)
    for suits in _suit_choices(runs):
        search.run(suits)
        if search.done():
            break
    return search.best


def _suit_choices(runs: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The suits the runs may take, one choice of each kind: each run alone while it can.

    With more than four runs every suit holds one, and the others share: the choices
    differ in which lengths share a suit.
    """
    if len(runs) <= SUITS:
        yield tuple(range(len(runs)))
        return
    found: dict[tuple[tuple[int, ...], ...], tuple[int, ...]] = {}
    for suits in _growth_strings(len(runs), SUITS):
        kinds = tuple(
            sorted(
                tuple(sorted(runs[j] for j in range(len(runs)) if suits[j] == suit))
                for suit in range(SUITS)
            )
        )
        found.setdefault(kinds, suits)
    # The short runs sharing suits first: the long ones have most room alone.
    yield from sorted(found.values(), key=lambda suits: _shared(runs, suits))


def _shared(runs: tuple[int, ...], suits: tuple[int, ...]) -> tuple[int, ...]:
    """The lengths of the runs that share a suit, longest first."""
    return tuple(
        sorted((runs[j] for j in range(len(runs)) if suits.count(suits[j]) > 1), reverse=True)
    )


def _growth_strings(items: int, blocks: int) -> Iterator[tuple[int, ...]]:
    """Every way to put ``items`` into exactly ``blocks`` unnamed blocks, named in order."""

    def grow(prefix: tuple[int, ...], used: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == items:
            if used == blocks:
                yield prefix
            return
        if blocks - used > items - len(prefix):
            return
        for block in range(min(used + 1, blocks)):
            yield from grow((*prefix, block), max(used, block + 1))

    return grow((), 0)


@functools.lru_cache(maxsize=256)
def _partitions(groups: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every way to put the groups on ranks of their own or shared, one of each kind.

    Each way is a tuple of blocks (the groups on one rank, by index), heaviest first; two
    ways whose blocks hold the same numbers of cards are one kind.
    """
    found: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
    for blocks in _set_partitions(tuple(range(len(groups)))):
        ordered = tuple(sorted(blocks, key=lambda block: -sum(groups[i] for i in block)))
        loads = tuple(sum(groups[i] for i in block) for block in ordered)
        found.setdefault(loads, ordered)
    # Groups on ranks of their own first: most often they need nothing more.
    return tuple(sorted(found.values(), key=len, reverse=True))


def _set_partitions(items: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for blocks in _set_partitions(rest):
        yield [(first,), *blocks]
        for index, block in enumerate(blocks):
            yield [*blocks[:index], (first, *block), *blocks[index + 1 :]]


_Option: TypeAlias = tuple[int, int, int, tuple[int, ...]]


def _first_of_each_length(options: list[_Option]) -> list[_Option]:
    """The first of ``options`` (``(wilds, length, low, ranks)``) of each length."""
    lengths: set[int] = set()
    first = []
    for option in options:
        if option[1] not in lengths:
            lengths.add(option[1])
            first.append(option)
    return first


class _Search:
    """One search: the runs placed one by one, the groups put on ranks at the end."""

    def __init__(
        self,
        groups: tuple[int, ...],
        runs: tuple[int, ...],
        deck: Deck,
        totals: Totals,
        enough: int,
    ) -> None:
        self.groups = groups
        self.runs = runs
        self.deck = deck
        self.totals = totals
        self.enough = enough
        self.best: Layout | None = None
        self.group_cards = sum(groups)
        self.partitions = _partitions(groups)
        self.loads = [
            [sum(groups[i] for i in block) for block in blocks] for blocks in self.partitions
        ]
        self.naturals = [rank for rank in RANKS if rank not in deck.wild_ranks]
        self.copies = deck.decks
        self.per_rank = 4 * deck.decks
        lengths = [
            (length,) if totals.exact else tuple(range(length, deck.longest + 1))
            for length in runs
        ]
        self.lengths = lengths
        # Each place a run of each length can take: (its wild places alone, low, ranks).
        self.places = {
            length: sorted(self._places(length)) for options in lengths for length in options
        }
        self.cheapest = {length: places[0][0] for length, places in self.places.items()}
        self.alone = [self.cheapest[length] for length in runs]  # each at its shortest
        # Each run's places, of every length it may take: the fewest wild cards first,
        # then the shortest, then the lowest.
        self.options = [
            sorted(
                (
                    (wild, length, low, ranks)
                    for length in options
                    for wild, low, ranks in self.places[length]
                ),
                key=lambda option: option[:3],
            )
            for options in lengths
        ]
        # At least this many wild cards are needed whatever the layout: each run where it
        # needs the fewest, and each group's cards beyond the natural ones of a rank (R7).
        self.floor = sum(self.alone) + sum(max(0, g - self.per_rank) for g in groups)

    def _places(self, length: int) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        deck = self.deck
        for low in range(deck.lowest, deck.highest - length + 2):
            ranks = tuple(rank_at(p) for p in range(low, low + length))
            wild = sum(rank in deck.wild_ranks for rank in ranks)
            if ranks.count(1) > self.copies and 1 not in deck.wild_ranks:
                wild += ranks.count(1) - self.copies  # two aces of one suit, from A to A
            yield wild, low, ranks

    def done(self) -> bool:
        return self.best is not None and self.best.wilds <= max(self.enough, self.floor)

    def run(self, suits: tuple[int, ...]) -> None:
        """Place the runs in ``suits`` (a suit for each run), every way that may be best."""
        order, swaps, options = self._order(suits)
        shortest = [sum(self.runs[j] for j in order[k:]) for k in range(len(order) + 1)]
        longest = [sum(self.lengths[j][-1] for j in order[k:]) for k in range(len(order) + 1)]
        rest = self._rest([self.lengths[j] for j in order])
        counts = [[0] * 14 for _ in range(SUITS)]
        used = [0] * 14  # natural cards of each rank the runs take, over the suits
        laid: list[list[tuple[int, int]]] = [[] for _ in range(SUITS)]
        placed: list[tuple[int, int, int]] = [(0, 0, 0)] * len(self.runs)
        wild_ranks = self.deck.wild_ranks
        copies = self.copies
        touch = self.deck.runs_may_touch

        def place(k: int, wilds: int, cards: int, previous: tuple[int, int]) -> None:
            if self.done():
                return
            if not self._may_total(cards + shortest[k], cards + longest[k]):
                return
            groups_need = self._groups_need(used) if self.groups else 0
            if wilds + self._least(rest[k], cards) + groups_need >= self._bound():
                return
            if k == len(order):
                self._leaf(wilds, cards, used, placed)
                return
            j = order[k]
            suit = suits[j]
            after = rest[k + 1][0][0] + groups_need
            for alone_wilds, length, low, ranks in options[j]:
                if wilds + alone_wilds + after >= self._bound():
                    break  # the places left need as many wild cards or more
                if swaps[k] and (length, low) < previous:
                    continue
                laid_cards = cards + length
                if not self._may_total(laid_cards + shortest[k + 1], laid_cards + longest[k + 1]):
                    continue
                high = low + length - 1
                if not touch and any(
                    other_low == high + 1 or other_high + 1 == low
                    for other_low, other_high in laid[suit]
                ):
                    continue  # R12
                row = counts[suit]
                more = 0
                for rank in ranks:
                    if rank in wild_ranks or row[rank] >= copies:
                        more += 1
                    else:
                        used[rank] += 1
                    row[rank] += 1
                laid[suit].append((low, high))
                placed[j] = (suit, low, length)
                place(k + 1, wilds + more, laid_cards, (length, low))
                laid[suit].pop()
                for rank in ranks:
                    row[rank] -= 1
                    if not (rank in wild_ranks or row[rank] >= copies):
                        used[rank] -= 1

        place(0, 0, 0, (0, 0))

    def _order(self, suits: tuple[int, ...]) -> tuple[list[int], list[bool], list[list[_Option]]]:
        """The order to place the runs in, which ones follow the one before, their places.

        A run that can trade places with the one before it is placed after it only (the
        order of the two does not matter).
        """
        order = sorted(range(len(self.runs)), key=lambda j: (suits[j], -self.runs[j]))
        alone = {suit: suits.count(suit) == 1 for suit in suits}
        swaps = [
            k > 0
            and self.runs[order[k]] == self.runs[order[k - 1]]
            and (
                suits[order[k]] == suits[order[k - 1]]
                or (alone[suits[order[k]]] and alone[suits[order[k - 1]]])
            )
            for k in range(len(order))
        ]
        options = list(self.options)
        if not self.groups:
            # Without groups, a run alone in its suit meets no other meld: of each length,
            # its place of fewest wild cards is as good as any.
            for j, suit in enumerate(suits):
                if alone[suit]:
                    options[j] = _first_of_each_length(options[j])
        return order, swaps, options

    def _bound(self) -> int:
        """Layouts needing this many wild cards or more are no better than the best."""
        return self.best.wilds if self.best is not None else 1 << 30

    def _rest(self, lengths: list[tuple[int, ...]]) -> list[list[tuple[int, int]]]:
        """For the runs from each one on: the fewest wild cards they need alone, by cards.

        Entry ``k`` lists ``(wilds, cards)``, fewest wild cards first, for runs ``k`` to
        the last taking ``cards`` cards in all, each placed as well as it can be alone.
        """
        tables: list[dict[int, int]] = [{0: 0}]
        for options in reversed(lengths):
            after = tables[0]
            table: dict[int, int] = {}
            for length in options:
                cost = self.cheapest[length]
                for cards, wilds in after.items():
                    total = cards + length
                    if wilds + cost < table.get(total, 1 << 30):
                        table[total] = wilds + cost
            tables.insert(0, table)
        return [sorted((wilds, cards) for cards, wilds in table.items()) for table in tables]

    def _least(self, rest: list[tuple[int, int]], cards: int) -> int:
        """The fewest wild cards the runs not yet placed need, ``cards`` cards laid so far."""
        totals = self.totals
        if totals.exact or self.groups or not totals.whole:
            return rest[0][0]  # the runs at their shortest, the best each can do
        for wilds, more in rest:  # at once with runs alone: they must make a legal total
            if totals.allows(cards + more):
                return wilds
        return 1 << 30

    def _groups_need(self, used: list[int]) -> int:
        """The fewest wild cards the groups need at their shortest, the runs taking ``used``.

        More runs only take more natural cards: a bound for the runs not yet placed too.
        """
        per_rank = self.per_rank
        left = sorted((per_rank - used[rank] for rank in self.naturals), reverse=True)
        fit = max(
            sum(min(load, top) for load, top in zip(loads, left, strict=False))
            for loads in self.loads
        )
        return self.group_cards - fit

    def _may_total(self, fewest: int, most: int) -> bool:
        """Whether runs of ``fewest`` to ``most`` cards may still make a legal total."""
        totals = self.totals
        if totals.exact:
            return True
        if self.groups:  # groups take any cards the runs leave (at once) or none
            return totals.smallest(fewest + self.group_cards) is not None
        found = totals.smallest(fewest)
        return found is not None and found <= most

    def _leaf(
        self, wilds: int, cards: int, used: list[int], placed: list[tuple[int, int, int]]
    ) -> None:
        totals = self.totals
        if totals.exact or not totals.whole:
            total = cards + self.group_cards
            if not totals.exact and not totals.allows(total):
                return
        else:
            found = totals.smallest(cards + self.group_cards)
            if found is None or (not self.groups and found != cards):
                return
            total = found
        extra = total - cards - self.group_cards  # cards the groups take beyond their minimum
        if not self.groups:
            self._keep(Layout(wilds, (), tuple(placed)))
            return
        left = sorted(((self.per_rank - used[r], r) for r in self.naturals), reverse=True)
        for blocks in self.partitions:
            tops = left[: len(blocks)]
            loads = [sum(self.groups[i] for i in block) for block in blocks]
            fit = sum(min(load, top) for load, (top, _) in zip(loads, tops, strict=True))
            room = sum(top for top, _ in tops)
            needed = wilds + self.group_cards + extra - min(room, fit + extra)
            if needed < self._bound():
                lengths = list(self.groups)
                ranks = [0] * len(self.groups)
                spare = extra
                for block, load, (top, rank) in zip(blocks, loads, tops, strict=True):
                    for i in block:
                        ranks[i] = rank
                    more = min(spare, max(0, top - load))
                    lengths[block[0]] += more
                    spare -= more
                lengths[blocks[0][0]] += spare  # wild cards, once every natural is taken
                self._keep(
                    Layout(
                        needed,
                        tuple(zip(ranks, lengths, strict=True)),
                        tuple(placed),
                    )
                )
                if self.done():
                    return

    def _keep(self, layout: Layout) -> None:
        if self.best is None or layout.wilds < self.best.wilds:
            self.best = layout
