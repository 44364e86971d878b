"""Counting the go-downs of a hand of several kinds of wild card, place by place (R12, R14, R16).

With more than one kind of wild card, a skeleton (see :mod:`._wilds`) stands for as many
go-downs as there are fillings of its slots, and that number depends only on its *shape*:
how many cards it has, and each meld's slots, with how many times the meld is met (the
units of :mod:`._wilds`). So instead of listing the skeletons, a :class:`Tally` counts, for
each place and what the places before it leave, the skeletons of the places left by shape.
The places left see only the cards left, where their list of candidates starts and the
runs they must keep apart from (R12): hands that differ in their earlier melds often leave
all three alike (melds of wild cards only, in particular), and share one count.

A place that follows an equal place starts at the meld it took, and may take it again: the
count keeps apart the melds that are the meld the place starts at (its *head*), which the
place before settles as one block of copies.

The tally walks the places in the search's order (see :func:`._search.search`), with the
same tests, so the i-th go-down it finds is the search's i-th. It serves the plans whose
places take their melds in order, outside a round played at once (R24).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from contract_rummy.godown._plan import GROUP, RUN, Candidate, Found, MeldSpec
from contract_rummy.godown._search import _keeps_a_discard, _Search
from contract_rummy.godown._wilds import (
    BLOCK,
    GROUP_SLOTS,
    RUN_SLOT,
    Pool,
    Unit,
    count,
    count_plain,
)

__all__ = ["Shape", "Tally", "applies"]

#: A meld settled in a shape: its kind, its slots, and how many times it is met.
Settled = tuple[int, int, int]
#: Skeletons' cards, and their melds that have slots (sorted): all their count depends on.
Shape = tuple[int, tuple[Settled, ...]]
#: The skeletons of the places left, by shape and by head (how many times they take the
#: meld the place starts at, left for the place before to settle).
Counts = dict[tuple[Shape, int], int]

#: A meld before the last (its cards, slots and copies) and the last meld (its cards and
#: slots), or ``None`` when the last is the same meld again.
_Pair = tuple[int, int, int, tuple[int, int] | None]

_NOTHING: Final[Shape] = (0, ())
#: What the places after the last leave: one way, taking nothing.
_DONE: Final[Counts] = {(_NOTHING, 0): 1}
#: The unit of one run slot.
_ONE_SLOT: Final = Unit(RUN_SLOT, 1, 1)


def applies(s: _Search) -> bool:
    """Whether a :class:`Tally` counts the search ``s`` (not a round played at once)."""
    return s.plan.interchangeable and not s.plan.at_once


def _settle(shape: Shape, kind: int, slots: int, size: int, copies: int) -> Shape:
    """``shape`` with one more meld of ``kind``, met ``copies`` times."""
    cards, melds = shape
    cards += size * copies
    if not slots:
        return cards, melds
    return cards, tuple(sorted((*melds, (kind, slots, copies))))


def _join(a: Shape, b: Shape) -> Shape:
    """The shape of two skeletons' melds together (no meld in both)."""
    return a[0] + b[0], tuple(sorted(a[1] + b[1]))


def row(melds: tuple[Settled, ...]) -> tuple[Unit, ...]:
    """The units of :mod:`._wilds` that ``melds`` fill (their order does not change a count)."""
    units: list[Unit] = []
    for kind, slots, copies in melds:
        if copies > 1:
            units.append(Unit(BLOCK, slots, copies, kind == RUN))
        elif kind == RUN:
            units.extend([_ONE_SLOT] * slots)
        else:
            units.append(Unit(GROUP_SLOTS, slots, 1, False))
    return tuple(units)


class Tally:
    """The skeletons of one search, counted by shape place by place, kept as they are met.

    ``pools`` are the wild cards held, without and with R17's spare card (see
    :class:`~._wilds.Pool`); ``cards`` and ``wilds`` how many cards, and wild cards, the hand
    holds.
    """

    __slots__ = (
        "_cards",
        "_lanes",
        "_memo",
        "_pools",
        "_runs",
        "_s",
        "_start",
        "_weights",
        "_wilds",
    )

    def __init__(self, s: _Search, start: tuple[int, int, int], pools: tuple[Pool, Pool]) -> None:
        self._s = s
        #: The packed hand, its cards and its wild cards.
        self._start = start
        self._pools = pools
        self._cards = start[1]
        self._wilds = start[2]
        # Touching runs matter only where a place keeps apart from the runs before it.
        self._runs = any(level.apart for level in s.plan.levels)
        self._memo: dict[tuple[int, int, int, tuple[MeldSpec, ...]], Counts] = {}
        self._weights: dict[Shape, int] = {}
        lanes: dict[int, Lane] = {}  # equal places share their candidates' list
        for choices in s.choices:
            whole = choices[-1]
            assert whole is not None
            if id(whole.candidates) not in lanes:
                lanes[id(whole.candidates)] = Lane(s, whole.candidates)
        self._lanes = [lanes[id(choices[-1].candidates)] for choices in s.choices if choices[-1]]

    def weight(self, shape: Shape) -> int:
        """The go-downs of a skeleton of ``shape``: the fillings of its slots."""
        found = self._weights.get(shape)
        if found is None:
            cards, melds = shape
            slots = sum(n * copies for _, n, copies in melds)
            pool = self._pools[self._cards - cards == 1 and self._wilds - slots == 1]  # R16, R17
            if not melds:
                found = 1
            elif all(copies == 1 for _, _, copies in melds):  # no meld twice: shared counts
                found = count_plain(
                    sum(n for kind, n, _ in melds if kind == RUN),
                    tuple(n for kind, n, _ in melds if kind == GROUP),
                    pool,
                )
            else:
                found = count(row(melds), pool)
            self._weights[shape] = found
        return found

    def total(self) -> int:
        """How many go-downs the hand makes."""
        hand, left, _ = self._start
        counts = self._node(0, hand, left, 0, ())
        return sum(n * self.weight(shape) for (shape, _), n in counts.items())

    def skeleton(self, index: int) -> tuple[Found, int]:
        """The skeleton of the ``index``-th go-down, and the index among its fillings.

        ``index`` must be below :meth:`total`.
        """
        hand, left, _ = self._start
        levels = self._s.plan.levels
        chosen: list[MeldSpec] = []
        runs: tuple[MeldSpec, ...] = ()
        settled = _NOTHING
        pending: tuple[int, int, int, int] | None = None  # the last meld, not yet settled
        start = 0
        for i, level in enumerate(levels):
            lane = self._lanes[i]
            for at in _bits(self._options(i, hand, left, start, runs)):
                meld, cards, size, used = lane.whole[at]
                if i > 0 and levels[i - 1].follow and at == start:  # the meld before again
                    assert pending is not None
                    here, held = settled, (*pending[:3], pending[3] + 1)
                else:
                    here = settled if pending is None else _settle(settled, *pending)
                    held = (meld.kind, used, size, 1)
                sub = _DONE if level.last else self._child(i, at, hand - cards, left - size, runs)
                ways = sum(
                    n * self.weight(_join(_settle(here, *held[:3], held[3] + head), shape))
                    for (shape, head), n in sub.items()
                )
                if index < ways:
                    chosen.append(meld)
                    settled, pending = here, held
                    hand, left = hand - cards, left - size
                    start = at if level.follow else 0
                    if self._runs and meld.kind == RUN:
                        runs = (*runs, meld)
                    break
                index -= ways
            else:
                raise IndexError("go-down index out of range")
        return tuple(chosen), index

    def _child(self, i: int, at: int, hand: int, left: int, runs: tuple[MeldSpec, ...]) -> Counts:
        """The counts of the places after ``i``, whose meld is at position ``at``."""
        lane = self._lanes[i]
        meld = lane.whole[at].meld
        start = at if self._s.plan.levels[i].follow else 0
        if self._runs and meld.kind == RUN:
            runs = (*runs, meld)
        return self._node(i + 1, hand, left, start, runs)

    def _options(
        self, i: int, hand: int, left: int, start: int, runs: tuple[MeldSpec, ...]
    ) -> int:
        """The candidates place ``i`` may take, as bits of their positions in its list.

        As :func:`._search._fill` tests them: the cards left pay for them, from ``start``
        on; a longer meld leaves the places after it their least; a run keeps apart from
        the runs before it (R12); the last place leaves a card to discard (R16, R17).
        """
        s = self._s
        length, reserve, exact, last, _, _, apart = s.plan.levels[i]
        high = length if exact else left - reserve
        if high < length:
            return 0
        lane = self._lanes[i]
        found = lane.fits(hand) >> start << start
        if apart:
            for run in runs:
                found &= ~lane.touching(run)
        if not exact:
            found &= lane.up_to(high)
        if last and left - lane.longest <= 1:
            # Few cards left: each meld must leave a card to discard (R16, R17).
            whole = lane.whole
            for at in _bits(found):
                _, cards, size, _ = whole[at]
                if left - size <= 1 and not _keeps_a_discard(s, hand - cards, left - size):
                    found &= ~(1 << at)
        return found

    def _node(
        self, i: int, hand: int, left: int, start: int, runs: tuple[MeldSpec, ...]
    ) -> Counts:
        """The skeletons of places ``i`` on from the packed ``hand``, by shape and head."""
        last = self._s.plan.levels[i].last
        key = (i, hand, start, runs)
        found = None if last else self._memo.get(key)
        if found is not None:
            return found
        options = self._options(i, hand, left, start, runs)
        lane = self._lanes[i]
        whole = lane.whole
        found = {}
        if i and self._s.plan.levels[i - 1].follow and options >> start & 1:
            # The meld the place before took, again: a head, for that place to settle.
            options ^= 1 << start
            _, cards, size, _ = whole[start]
            sub = _DONE if last else self._child(i, start, hand - cards, left - size, runs)
            for (shape, head), n in sub.items():
                found[shape, head + 1] = n
        if last:  # counted class by class, without a look at each meld
            for (size, slots), members in lane.classes.items():
                ways = (options & members).bit_count()
                if ways:
                    found[_settle(_NOTHING, lane.kind, slots, size, 1), 0] = ways
            return found
        if self._s.plan.levels[i + 1].last:
            self._before_last(found, i, hand, left, runs, options)
        else:
            get = found.get
            for at in _bits(options):
                meld, cards, size, used = whole[at]
                kind = meld.kind
                sub = self._child(i, at, hand - cards, left - size, runs)
                for (shape, head), n in sub.items():
                    # (head: this meld again, in the places after: one block of copies)
                    settled = (_settle(shape, kind, used, size, 1 + head), 0)
                    found[settled] = get(settled, 0) + n
        self._memo[key] = found
        return found

    def _before_last(
        self, found: Counts, i: int, hand: int, left: int, runs: tuple[MeldSpec, ...], options: int
    ) -> None:
        """Add to ``found`` the skeletons of place ``i``'s ``options`` and the last place.

        :meth:`_node`'s loop where the place after is the last: the busiest, so each meld's
        last places are counted class by class, and shapes made once per class at the end.
        """
        s = self._s
        follow = s.plan.levels[i].follow
        lane, after = self._lanes[i], self._lanes[i + 1]
        whole, classes = lane.whole, after.classes.items()
        keep = self._runs and lane.kind == RUN
        # (cards and slots of the meld, its copies; cards and slots of the last meld, or
        # None when it is the same meld again) -> skeletons
        tallies: dict[_Pair, int] = {}
        get = tallies.get
        key: _Pair
        for at in _bits(options):
            meld, cards, size, used = whole[at]
            start = at if follow else 0
            last = self._options(i + 1, hand - cards, left - size, start,
                                 (*runs, meld) if keep else runs)  # fmt: skip
            if follow and last >> at & 1:  # the same meld twice: one block
                last ^= 1 << at
                key = (size, used, 2, None)
                tallies[key] = get(key, 0) + 1
            for members_class, members in classes:
                ways = (last & members).bit_count()
                if ways:
                    key = (size, used, 1, members_class)
                    tallies[key] = get(key, 0) + ways
        kind = lane.kind
        for (size, used, copies, other), n in tallies.items():
            shape = _settle(_NOTHING, kind, used, size, copies)
            if other is not None:
                shape = _settle(shape, after.kind, other[1], other[0], 1)
            found[shape, 0] = found.get((shape, 0), 0) + n


def _bits(mask: int) -> Iterator[int]:
    """The positions of the bits set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Lane:
    """A place's whole list of candidates, with bit masks of its positions to choose by.

    Attributes:
        whole: The candidates.
        kind: Their kind.
        classes: The candidates of each number of cards and of slots.
        longest: The most cards a candidate has.
    """

    __slots__ = (
        "_all",
        "_ends",
        "_fits",
        "_need",
        "_starts",
        "_t",
        "classes",
        "kind",
        "longest",
        "whole",
    )

    def __init__(self, s: _Search, whole: tuple[Candidate, ...]) -> None:
        self.whole = whole
        self.kind = whole[0].meld.kind
        self._t = s.t
        self.classes: dict[tuple[int, int], int] = {}
        #: ``_need[x][n]``: the candidates that take more than ``n`` cards of index ``x``.
        self._need: dict[int, list[int]] = {}
        #: The runs of each suit that start (or end, one past) at each position.
        self._starts: dict[tuple[int, int], int] = {}
        self._ends: dict[tuple[int, int], int] = {}
        for at, (meld, _, size, used) in enumerate(whole):
            bit = 1 << at
            self.classes[size, used] = self.classes.get((size, used), 0) | bit
            for x in set(meld.cards):
                masks = self._need.setdefault(x, [])
                for n in range(meld.cards.count(x)):
                    if n == len(masks):
                        masks.append(0)
                    masks[n] |= bit
            if meld.kind == RUN:
                low, end = (meld.key, meld.low), (meld.key, meld.low + len(meld.cards))
                self._starts[low] = self._starts.get(low, 0) | bit
                self._ends[end] = self._ends.get(end, 0) | bit
        self.longest = max(size for _, _, size, _ in whole)
        self._all = (1 << len(whole)) - 1
        self._fits: dict[int, int] = {}

    def fits(self, hand: int) -> int:
        """The candidates the packed ``hand`` pays for."""
        found = self._fits.get(hand)
        if found is None:
            t = self._t
            width, mask = t.width, t.mask
            short = 0
            for x, masks in self._need.items():
                held = (hand >> (width * x)) & mask
                if held < len(masks):
                    short |= masks[held]
            found = self._fits[hand] = self._all & ~short
        return found

    def touching(self, run: MeldSpec) -> int:
        """R12: the runs of the list contiguous with ``run`` (see :func:`._search.touching`)."""
        key = run.key
        end = run.low + len(run.cards)
        return self._starts.get((key, end), 0) | self._ends.get((key, run.low), 0)

    def up_to(self, high: int) -> int:
        """The candidates of at most ``high`` cards."""
        found = 0
        for (size, _), members in self.classes.items():
            if size <= high:
                found |= members
        return found
