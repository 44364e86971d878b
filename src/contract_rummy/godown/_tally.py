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

import bisect
from typing import Final

from contract_rummy.godown._plan import GROUP, RUN, Candidate, Found, MeldSpec
from contract_rummy.godown._search import _choices, _keeps_a_discard, _Search, touching
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

    __slots__ = ("_cards", "_memo", "_pools", "_runs", "_s", "_start", "_weights", "_wilds")

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
        hand, left, wilds = self._start
        counts = self._node(0, hand, left, wilds, 0, ())
        return sum(n * self.weight(shape) for (shape, _), n in counts.items())

    def skeleton(self, index: int) -> tuple[Found, int]:
        """The skeleton of the ``index``-th go-down, and the index among its fillings.

        ``index`` must be below :meth:`total`.
        """
        hand, left, wilds = self._start
        s = self._s
        levels = s.plan.levels
        chosen: list[MeldSpec] = []
        runs: tuple[MeldSpec, ...] = ()
        settled = _NOTHING
        pending: tuple[int, int, int, int] | None = None  # the last meld, not yet settled
        start = 0
        for i in range(len(levels)):
            for at, candidate in self._options(i, hand, left, wilds, start, runs):
                meld, cards, size, used = candidate
                repeat = i > 0 and levels[i - 1].follow and at == start
                if repeat:
                    assert pending is not None
                    here, held = settled, (*pending[:3], pending[3] + 1)
                else:
                    here = settled if pending is None else _settle(settled, *pending)
                    held = (meld.kind, used, size, 1)
                last = levels[i].last
                sub = _DONE if last else self._child(i, at, hand - cards, left - size,
                                                     wilds - used, runs, meld)  # fmt: skip
                ways = sum(
                    n * self.weight(_join(_settle(here, *held[:3], held[3] + head), shape))
                    for (shape, head), n in sub.items()
                )
                if index < ways:
                    chosen.append(meld)
                    settled, pending = here, held
                    hand, left, wilds = hand - cards, left - size, wilds - used
                    start = at if levels[i].follow else 0
                    if self._runs and meld.kind == RUN:
                        runs = (*runs, meld)
                    break
                index -= ways
            else:
                raise IndexError("go-down index out of range")
        return tuple(chosen), index

    def _child(
        self,
        i: int,
        at: int,
        hand: int,
        left: int,
        wilds: int,
        runs: tuple[MeldSpec, ...],
        meld: MeldSpec,
    ) -> Counts:
        """The counts of the places after ``i``, which took ``meld`` at position ``at``."""
        start = at if self._s.plan.levels[i].follow else 0
        if self._runs and meld.kind == RUN:
            runs = (*runs, meld)
        return self._node(i + 1, hand, left, wilds, start, runs)

    def _options(
        self, i: int, hand: int, left: int, wilds: int, start: int, runs: tuple[MeldSpec, ...]
    ) -> list[tuple[int, Candidate]]:
        """The candidates place ``i`` may take, each with its position, as the search tests them.

        See :func:`._search._fill`: the cards left pay for them, a longer meld leaves the
        places after it their least, a run keeps apart (R12), and the last place leaves a
        card to discard (R16, R17).
        """
        s = self._s
        length, reserve, exact, last, _, _, apart = s.plan.levels[i]
        high = length if exact else left - reserve
        if high < length:
            return []
        choices = s.choices[i]
        source, positions = choices[wilds] or _choices(choices, wilds)
        first = bisect.bisect_left(positions, start) if start and positions is not None else start
        guard = s.guard
        held = hand | guard
        found: list[tuple[int, Candidate]] = []
        for at in range(first, len(source)):
            candidate = source[at]
            meld, cards, size, _ = candidate
            if (held - cards) & guard != guard or (not exact and size > high):
                continue
            if apart and touching(meld, runs):
                continue
            if last and not (left - size > 1 or _keeps_a_discard(s, hand - cards, left - size)):
                continue
            found.append((at if positions is None else positions[at], candidate))
        return found

    def _node(
        self, i: int, hand: int, left: int, wilds: int, start: int, runs: tuple[MeldSpec, ...]
    ) -> Counts:
        """The skeletons of places ``i`` on from the packed ``hand``, by shape and head."""
        key = (i, hand, start, runs)
        found = self._memo.get(key)
        if found is not None:
            return found
        levels = self._s.plan.levels
        opened = i > 0 and levels[i - 1].follow  # the place before took the meld at start
        last = levels[i].last
        found = {}
        get = found.get
        for at, (meld, cards, size, used) in self._options(i, hand, left, wilds, start, runs):
            sub = _DONE if last else self._child(i, at, hand - cards, left - size,
                                                 wilds - used, runs, meld)  # fmt: skip
            if opened and at == start:
                for (shape, head), n in sub.items():
                    found[shape, head + 1] = get((shape, head + 1), 0) + n
            else:
                kind = meld.kind
                for (shape, head), n in sub.items():
                    # (head: this meld again, met in the places after: one block)
                    settled = (_settle(shape, kind, used, size, 1 + head), 0)
                    found[settled] = get(settled, 0) + n
        self._memo[key] = found
        return found
