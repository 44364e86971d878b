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
places take their melds in order, rounds played at once (R24) included.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from contract_rummy.godown._bounds import uncovered
from contract_rummy.godown._plan import GROUP, RUN, Candidate, Found, MeldSpec
from contract_rummy.godown._search import (
    Searching,
    finish_at_once,
    leaves_a_discard,
    spread_of,
)
from contract_rummy.godown._wilds import (
    BLOCK,
    RUN_SLOT,
    Pool,
    Unit,
    count,
    count_plain,
    group_unit,
)

__all__ = ["FEWEST_WILDS", "Shape", "Tally", "applies"]

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

#: The fewest wild cards of a hand a tally counts: below, listing the skeletons costs less
#: (uniform random play of deuces-wild, where most hands hold one to three, ran as fast
#: with six as with none, 1.6% slower with four, 8% slower with three).
FEWEST_WILDS: Final = 6

_NOTHING: Final[Shape] = (0, ())
#: What the places after the last leave: one way, taking nothing.
_DONE: Final[Counts] = {(_NOTHING, 0): 1}
#: The unit of one run slot.
_ONE_SLOT: Final = Unit(RUN_SLOT, 1, 1)


def applies(s: Searching, wilds: int) -> bool:
    """Whether a :class:`Tally` counts the search ``s`` of a hand of ``wilds`` wild cards.

    Its places must take melds in order; and with few wild cards, skeletons are few and
    listing them costs less than a tally's bit masks.
    """
    return s.plan.interchangeable and wilds >= FEWEST_WILDS


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
            units.append(group_unit(slots))
    return tuple(units)


class Tally:
    """The skeletons of one search, counted by shape place by place, kept as they are met.

    ``start`` is what the search starts from: the packed hand, its cards, its wild cards
    and, in a round played at once, how many melds may be of wild cards only (see
    :func:`._search.search`). ``pools`` are the wild cards held, without and with R17's
    spare card (see :class:`~._wilds.Pool`).
    """

    __slots__ = (
        "_cards",
        "_every",
        "_lanes",
        "_memo",
        "_pools",
        "_rests",
        "_runs",
        "_s",
        "_start",
        "_weights",
        "_wilds",
        "at_once",
    )

    def __init__(
        self, s: Searching, start: tuple[int, int, int, int], pools: tuple[Pool, Pool]
    ) -> None:
        self._s = s
        self._start = start
        self._pools = pools
        self._cards = start[1]
        self._wilds = start[2]
        # The melds chosen matter to the places after them only where a run keeps apart
        # from the runs before it (R12), and in a round played at once, whose last place
        # looks at the meld before (R24): the melds kept are those.
        self._every = s.plan.at_once
        #: Whether the round is played at once (R24).
        self.at_once = s.plan.at_once
        self._runs = any(level.apart for level in s.plan.levels)
        self._memo: dict[tuple[int, int, int, tuple[MeldSpec, ...], int], Counts] = {}
        self._weights: dict[Shape, int] = {}
        self._rests: dict[int, list[Candidate]] = {}
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
        hand, left, _, blanks = self._start
        counts = self._node(0, hand, left, 0, (), blanks)
        return sum(n * self.weight(shape) for (shape, _), n in counts.items())

    def skeleton(self, index: int) -> tuple[Found, int]:
        """The skeleton of the ``index``-th go-down, and the index among its fillings.

        ``index`` must be below :meth:`total`.
        """
        hand, left, _, blanks = self._start
        levels = self._s.plan.levels
        chosen: list[MeldSpec] = []
        kept: tuple[MeldSpec, ...] = ()
        settled = _NOTHING
        pending: tuple[int, int, int, int] | None = None  # the last meld, not yet settled
        start = 0
        for i, level in enumerate(levels):
            for candidate, repeat, after in self._picks(i, hand, left, start, kept, blanks):
                meld, cards, size, used = candidate
                if repeat:  # the meld before again
                    assert pending is not None
                    here, held = settled, (*pending[:3], pending[3] + 1)
                else:
                    here = settled if pending is None else _settle(settled, *pending)
                    held = (meld.kind, used, size, 1)
                more = self._kept(kept, meld)
                sub = (
                    _DONE
                    if level.last
                    else self._node(
                        i + 1, hand - cards, left - size, after, more, blanks - (used == size)
                    )
                )
                ways = sum(
                    n * self.weight(_join(_settle(here, *held[:3], held[3] + head), shape))
                    for (shape, head), n in sub.items()
                )
                if index < ways:
                    chosen.append(meld)
                    settled, pending = here, held
                    hand, left, blanks = hand - cards, left - size, blanks - (used == size)
                    start, kept = after, more
                    break
                index -= ways
            else:
                raise IndexError("go-down index out of range")
        return tuple(chosen), index

    def _kept(self, kept: tuple[MeldSpec, ...], meld: MeldSpec) -> tuple[MeldSpec, ...]:
        """The melds kept for the places after, once ``meld`` is chosen."""
        return (*kept, meld) if self._every or (self._runs and meld.kind == RUN) else kept

    def _picks(
        self, i: int, hand: int, left: int, start: int, kept: tuple[MeldSpec, ...], blanks: int
    ) -> Iterator[tuple[Candidate, bool, int]]:
        """Place ``i``'s melds in order, with what the places after need to know.

        Each comes with whether it is the meld before again, and where the place after
        starts in its list.
        """
        levels = self._s.plan.levels
        opened = i > 0 and levels[i - 1].follow
        if levels[i].together:
            for candidate in self._together(i, hand, left, kept):
                yield candidate, opened and candidate.meld == kept[-1], 0
            return
        whole, follow = self._lanes[i].whole, levels[i].follow
        for at in _bits(self._options(i, hand, left, start, kept, blanks)):
            yield whole[at], opened and at == start, at if follow else 0

    def _together(
        self, i: int, hand: int, left: int, kept: tuple[MeldSpec, ...]
    ) -> list[Candidate]:
        """R24: the last place's melds, of every card left (see :func:`._search._fill`)."""
        s = self._s
        return finish_at_once(s, s.plan.places[i], hand, left, kept, None, self._rests)

    def _options(
        self, i: int, hand: int, left: int, start: int, kept: tuple[MeldSpec, ...], blanks: int
    ) -> int:
        """The candidates place ``i`` may take, as bits of their positions in its list.

        As :func:`._search._fill` tests them: the cards left pay for them, from ``start``
        on; a longer meld leaves the places after it their least; a run keeps apart from
        the runs before it (R12); in a round played at once, the natural cards still fit
        in the melds left, each in a meld of its suit or rank (R24); the last place leaves
        a card to discard (R16, R17).
        """
        s = self._s
        length, reserve, exact, last, _, _, apart = s.plan.levels[i]
        high = length if exact else left - reserve
        if high < length:
            return 0
        lane = self._lanes[i]
        found = lane.fits(hand) >> start << start
        if apart:
            for run in kept:
                if run.kind == RUN:
                    found &= ~lane.touching(run)
        if not exact:
            found &= lane.up_to(high)
        fields = s.fields
        if fields is not None:
            spread = spread_of(s.t, fields, hand) - (len(s.plan.places) - i)
            if spread > 0:
                return 0  # more suits (or ranks) of natural cards than melds to hold them
            if spread == 0:  # each meld takes every natural card of its own
                found &= lane.taking_all(hand, fields)
            elif blanks <= 0:  # no meld of wild cards only: the natural cards need them all
                found &= ~lane.blank
        elif self.at_once and uncovered(s.t, s.plan, hand, i) > 0:
            return 0  # the groups and runs left cannot hold the natural cards left
        if last and left - lane.longest <= 1:
            # Few cards left: each meld must leave a card to discard (R16, R17).
            whole = lane.whole
            for at in _bits(found):
                _, cards, size, _ = whole[at]
                if left - size <= 1 and not leaves_a_discard(s, hand - cards, left - size):
                    found &= ~(1 << at)
        return found

    def _node(
        self, i: int, hand: int, left: int, start: int, kept: tuple[MeldSpec, ...], blanks: int
    ) -> Counts:
        """The skeletons of places ``i`` on from the packed ``hand``, by shape and head."""
        levels = self._s.plan.levels
        opened = i > 0 and levels[i - 1].follow
        found: Counts = {}
        if levels[i].together:  # (not kept: the cards left are, see _together)
            kind = self._s.plan.places[i].kind
            for meld, _, size, used in self._together(i, hand, left, kept):
                if opened and meld == kept[-1]:
                    settled = (_NOTHING, 1)
                else:
                    settled = (_settle(_NOTHING, kind, used, size, 1), 0)
                found[settled] = found.get(settled, 0) + 1
            return found
        last = levels[i].last
        key = (i, hand, start, kept, blanks)
        memo = None if last else self._memo.get(key)
        if memo is not None:
            return memo
        options = self._options(i, hand, left, start, kept, blanks)
        lane = self._lanes[i]
        whole = lane.whole
        if opened and options >> start & 1:
            # The meld the place before took, again: a head, for that place to settle.
            options ^= 1 << start
            meld, cards, size, used = whole[start]
            sub = (
                _DONE
                if last
                else self._node(
                    i + 1,
                    hand - cards,
                    left - size,
                    start if levels[i].follow else 0,
                    self._kept(kept, meld),
                    blanks - (used == size),
                )
            )
            for (shape, head), n in sub.items():
                found[shape, head + 1] = n
        if last:  # counted class by class, without a look at each meld
            for (size, slots), members in lane.classes.items():
                ways = (options & members).bit_count()
                if ways:
                    found[_settle(_NOTHING, lane.kind, slots, size, 1), 0] = ways
            return found
        if levels[i + 1].last and not levels[i + 1].together:
            self._before_last(found, i, hand, left, kept, blanks, options)
        else:
            get = found.get
            follow = levels[i].follow
            for at in _bits(options):
                meld, cards, size, used = whole[at]
                kind = meld.kind
                sub = self._node(
                    i + 1,
                    hand - cards,
                    left - size,
                    at if follow else 0,
                    self._kept(kept, meld),
                    blanks - (used == size),
                )
                for (shape, head), n in sub.items():
                    # (head: this meld again, in the places after: one block of copies)
                    settled = (_settle(shape, kind, used, size, 1 + head), 0)
                    found[settled] = get(settled, 0) + n
        self._memo[key] = found
        return found

    def _before_last(
        self,
        found: Counts,
        i: int,
        hand: int,
        left: int,
        kept: tuple[MeldSpec, ...],
        blanks: int,
        options: int,
    ) -> None:
        """Add to ``found`` the skeletons of place ``i``'s ``options`` and the last place.

        :meth:`_node`'s loop where the place after is the last: the busiest, so each meld's
        last places are counted class by class, and shapes made once per class at the end.
        """
        follow = self._s.plan.levels[i].follow
        lane, after = self._lanes[i], self._lanes[i + 1]
        whole, classes = lane.whole, after.classes.items()
        # (cards and slots of the meld, its copies; cards and slots of the last meld, or
        # None when it is the same meld again) -> skeletons
        tallies: dict[_Pair, int] = {}
        get = tallies.get
        key: _Pair
        for at in _bits(options):
            meld, cards, size, used = whole[at]
            start = at if follow else 0
            last = self._options(
                i + 1,
                hand - cards,
                left - size,
                start,
                self._kept(kept, meld),
                blanks - (used == size),
            )
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
        "_keys",
        "_need",
        "_present",
        "_starts",
        "_t",
        "blank",
        "classes",
        "kind",
        "longest",
        "whole",
    )

    def __init__(self, s: Searching, whole: tuple[Candidate, ...]) -> None:
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
        #: The melds of wild cards only; the melds of each suit (or rank), by key.
        self.blank = 0
        self._keys: dict[int, int] = {}
        for at, (meld, _, size, used) in enumerate(whole):
            if size == used:
                self.blank |= 1 << at
            self._keys[meld.key] = self._keys.get(meld.key, 0) | 1 << at
        #: The natural cards of the whole hand (R24 looks at them).
        t = s.t
        self._present = [x for x in s.present if not t.is_wild[x] and x != 52]

    def taking_all(self, hand: int, fields: tuple[int, ...]) -> int:
        """R24: the melds that take every natural card of their suit (or rank) in ``hand``.

        ``fields[key]`` holds the fields of a suit's (or rank's) cards in a packed hand.
        """
        t = self._t
        width, mask = t.width, t.mask
        found = 0
        for key, members in self._keys.items():
            field = fields[key]
            if not hand & field & t.natural_fields:
                continue  # (a meld of a suit with no natural card left takes none)
            taking = members
            for x in self._present:
                held = (hand >> (width * x)) & mask
                if held and (field >> (width * x)) & mask:
                    masks = self._need.get(x, [])
                    taking &= masks[held - 1] if held <= len(masks) else 0
            found |= taking
        return found

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
