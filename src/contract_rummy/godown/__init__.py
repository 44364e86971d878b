"""The go-down search: every distinct way a hand can meet its contract (R12, R14, R16, R24).

This package is the only place that knows how go-downs are found; the engine
(:mod:`contract_rummy.engine`) decides when going down is allowed at all. It offers:

- :func:`go_downs`: the go-downs of a hand as a lazy sequence of
  :class:`~contract_rummy.GoDown` actions, built only when read;
- :func:`iter_go_downs`: the same go-downs as tuples of melds;
- :func:`godown_problem`: why one proposed go-down is refused, or ``None``;
- :func:`search`: the go-downs as the search finds them, for :class:`GoDowns` to build.

>>> from contract_rummy.cards import parse_cards
>>> from contract_rummy.variants import PAGAT
>>> found = go_downs(PAGAT, 1, parse_cards("7C 7D 7H 9S 9D 9H JK KD"), None)
>>> len(found)
7
>>> found[0]
GoDown(melds=(Group(Rank.SEVEN, '7C 7D 7H'), Group(Rank.NINE, '9D 9H 9S')))
"""

from __future__ import annotations

import bisect
import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, NamedTuple, overload

from contract_rummy.actions import GoDown
from contract_rummy.cards import CARDS, Card, Rank, Suit
from contract_rummy.godown._check import godown_problem
from contract_rummy.godown._plan import GROUP, Found, MeldSpec
from contract_rummy.godown._search import NOTHING, Batch, Result, search
from contract_rummy.godown._tally import Tally, applies
from contract_rummy.godown._wilds import (
    SLOT,
    Layout,
    MeldFillings,
    Payload,
    Pool,
    count,
    count_plain,
    fill,
    filled_melds,
    fillings,
    layout,
    put,
    unrank,
)
from contract_rummy.melds import Group, Run
from contract_rummy.variants import Variant

__all__ = ["NOTHING", "GoDowns", "go_downs", "godown_problem", "iter_go_downs", "search"]

_RANKS: Final = tuple(Rank)
_SUITS: Final = tuple(Suit)


class GoDowns(Sequence[GoDown]):
    """The go-downs of one hand, in the search's order; each is built when it is read.

    The search runs as the go-downs are read: iterating yields the first at once, and
    ``bool()`` looks for one only. When the hand holds wild cards of several kinds, the
    search finds skeletons and each skeleton stands for as many go-downs as there are ways
    to put the wild cards into its slots (:mod:`._wilds`): ``len()`` adds up those counts
    and ``[i]`` finds the i-th filling directly, so neither lists the go-downs; iterating
    lists them, skeleton by skeleton, in the same order.
    """

    __slots__ = (
        "_batches",
        "_before",
        "_by_meld",
        "_cards",
        "_ends",
        "_filled",
        "_known",
        "_meld",
        "_offsets",
        "_ordered",
        "_pools",
        "_rest",
        "_single",
        "_skeletons",
        "_tally",
        "_total",
        "_variant",
        "_wilds",
    )

    def __init__(self, variant: Variant, result: Result) -> None:
        self._variant = variant
        #: The batches found so far, and the search that finds the others.
        self._batches: list[Batch] = []
        self._rest: Iterator[Batch] | None = None if result is NOTHING else result.found
        #: Without :attr:`_pools`, ``_ends[k]``: the go-downs of the batches before the
        #: k-th, each batch's last place counted rather than its go-downs listed.
        self._ends = [0]
        self._pools: tuple[Pool, Pool] | None = None
        self._tally: Tally | None = None
        if result is NOTHING:
            # Most hands: the search is over and nothing is counted, indexed or built, so
            # the rest is never read (a third of the cost of a listing without go-downs).
            return
        held = result.held
        if _KEPT_HELD[0] > _KEPT_LIMIT:
            _next_generation()
        kinds = () if held is None else held.kinds
        kept = _KEPT_NOW.get((variant, kinds)) or _kept(variant, kinds)  # (most: the look-up)
        self._before = kept.before
        self._meld = kept.meld
        self._filled = kept.filled
        self._by_meld = kept.by_meld
        self._skeletons = kept.skeletons
        self._single = result.single
        # Jokers only (or no wild card): the melds the search finds are the go-down's.
        self._ordered = result.ordered and result.single == SLOT and result.held is None
        self._offsets: list[int] | None = None
        #: The go-downs of a skeleton with no meld twice, by the shape of all its melds but
        #: the last (see :func:`_shape`), the last one's kind, then its cards and slots.
        self._known: dict[tuple[Shape, int], dict[tuple[int, int], int]] = {}
        self._cards = 0 if held is None else held.cards
        self._wilds = 0 if held is None else sum(held.counts)
        if held is not None:  # (else one kind of wild card at most: skeletons are go-downs)
            self._pools = (
                Pool(held.kinds, held.counts, held.kept, spare=False),
                Pool(held.kinds, held.counts, held.kept, spare=True),
            )
        # Several kinds of wild card: counted and indexed place by place where a tally
        # can, without listing the skeletons (see ._tally).
        start = result.start
        if self._pools is not None and start is not None and applies(start[0], start[3]):
            self._tally = Tally(start[0], start[1:], self._pools)
        self._total: int | None = None

    # -- the skeletons, found as they are needed ------------------------------------------

    def _more(self) -> bool:
        """Search on for one more batch; ``False`` once the search is over."""
        rest = self._rest
        batch = None if rest is None else next(rest, None)
        if batch is None:
            self._rest = None
            return False
        self._batches.append(batch)
        if self._pools is None:
            self._ends.append(self._ends[-1] + len(batch.last))
        return True

    def _has(self, k: int) -> bool:
        """Whether the search finds a k-th go-down (from 0), searching on if need be.

        Only without :attr:`_pools`, where skeletons are go-downs.
        """
        ends = self._ends
        while ends[-1] <= k and self._more():
            pass
        return ends[-1] > k

    def _found(self, k: int) -> Found:
        """The k-th go-down (from 0) found so far, without :attr:`_pools`."""
        ends = self._ends
        at = bisect.bisect_right(ends, k) - 1
        chosen, last = self._batches[at]
        return (*chosen, last[k - ends[at]].meld)

    def _all(self) -> list[Batch]:
        """Every batch: the whole search."""
        rest = self._rest
        if rest is not None:
            batches = self._batches
            start = len(batches)
            batches.extend(rest)  # at once, rather than a call of _more each
            self._rest = None
            if self._pools is None:
                ends = self._ends
                total = ends[-1]
                for batch in batches[start:]:
                    total += len(batch.last)
                    ends.append(total)
        return self._batches

    def _each_batch(self) -> Iterator[Batch]:
        """Every batch in order, searching as they are read."""
        batches = self._batches
        k = 0
        while k < len(batches) or self._more():
            yield batches[k]
            k += 1

    # -- counting -------------------------------------------------------------------------

    def _pool(self, plan: Layout) -> Pool:
        """The wild cards the skeleton ``plan`` is filled from; R17 matters when one is left."""
        pools = self._pools
        assert pools is not None
        size = slots = 0
        # As many slot counts as melds: a zip without a keyword, which would slow its call.
        for (spec, times), held in zip(plan.melds, plan.slots):  # noqa: B905
            size += len(spec.cards) * times
            slots += held * times
        return pools[self._spare(size, slots)]

    def _spare(self, size: int, slots: int) -> int:
        """1 if going down leaves exactly one card and it is a wild card (R16, R17), else 0."""
        return int(self._cards - size == 1 and self._wilds - slots == 1)

    def _plain(self, shape: Shape, kind: int, cards: int, slots: int) -> int:
        """The go-downs of a skeleton with no meld twice: ``shape`` and one meld more.

        The meld is of ``kind``, with ``cards`` cards, ``slots`` of them slots.
        """
        size, run_slots, groups = shape
        size += cards
        if kind == GROUP:
            groups = (*groups, slots) if slots else groups
        else:
            run_slots += slots
        if not run_slots and not groups:
            return 1
        pools = self._pools
        assert pools is not None
        pool = pools[self._spare(size, run_slots + sum(groups))]
        return count_plain(run_slots, tuple(sorted(groups)), pool)

    def _twice(self, chosen: Found, meld: MeldSpec) -> int:
        """The go-downs of the skeleton ``chosen`` and ``meld``, where a meld is met twice."""
        found = (*chosen, meld)
        plan = layout(found)
        return count(plan.row, self._pool(plan))

    def _batch_counts(self, batch: Batch) -> list[int]:
        """The go-downs of each skeleton of ``batch``, in order."""
        chosen = batch.chosen
        shape = _shape(chosen)
        twice = len(set(chosen)) < len(chosen)
        return [
            self._twice(chosen, meld)
            if twice or meld in chosen
            else self._plain(shape, meld.kind, cards, slots)
            for meld, _, cards, slots in batch.last
        ]

    def _batch_total(self, batch: Batch) -> int:
        """The go-downs of the skeletons of ``batch``, all together."""
        chosen, last = batch
        # (two melds chosen, as most are: compared, rather than put in a set)
        if len(chosen) > 1 and (
            chosen[0] == chosen[1] if len(chosen) == 2 else len(set(chosen)) < len(chosen)
        ):
            return sum(self._batch_counts(batch))
        shape = _shape(chosen)
        kind = last[0].meld.kind
        # Skeletons differ in their last meld only, within a batch and across the batches
        # of alike shapes: alike in its cards and slots, they count alike, unless that meld
        # is one chosen already.
        known = self._known.get((shape, kind))
        if known is None:
            known = self._known[shape, kind] = {}
        total = 0
        for key in map(_SIZE_AND_SLOTS, last):
            ways = known.get(key)
            if ways is None:
                ways = known[key] = self._plain(shape, kind, *key)
            total += ways
        for spec in chosen:  # met once: a last meld is at most one of them
            if spec.kind == kind:
                for meld, _, cards, slots in last:
                    if meld == spec:
                        total += self._twice(chosen, meld) - known[cards, slots]
        return total

    def _counts(self) -> list[int]:
        """``result[k]``: the go-downs of the batches before the k-th (then the total)."""
        offsets = self._offsets
        if offsets is None:
            offsets = [0]
            total = 0
            for batch in self._all():
                total += self._batch_total(batch)
                offsets.append(total)
            self._offsets = offsets
        return offsets

    # -- the sequence ---------------------------------------------------------------------

    def __bool__(self) -> bool:
        if self._tally is not None and self._tally.at_once:
            # R24: the search may go far before its first go-down, or find none; the
            # count, which a listing of these needs anyway, is quicker.
            return len(self) > 0
        return bool(self._batches) or (self._rest is not None and self._more())

    def __len__(self) -> int:
        if self._pools is None:
            self._all()
            return self._ends[-1]
        if self._tally is not None:
            if self._total is None:
                self._total = self._tally.total()
            return self._total
        return self._counts()[-1]

    @overload
    def __getitem__(self, index: int) -> GoDown: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[GoDown]: ...
    def __getitem__(self, index: int | slice) -> GoDown | Sequence[GoDown]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if self._pools is None:
            if index < 0 or not self._has(index):
                self._all()
            return self._go_down(self._found(self._index(index, self._ends[-1])))
        index = self._index(index, len(self))
        if self._tally is not None:
            found, index = self._tally.skeleton(index)
        else:
            found, index = self._skeleton(index)
        plan = layout(found)
        pool = self._pool(plan)
        return self._go_down(fill(plan, pool.kinds, unrank(plan.row, pool, index)))

    def _skeleton(self, index: int) -> tuple[Found, int]:
        """The skeleton of the ``index``-th go-down, from the batches, and its filling's index."""
        offsets = self._counts()
        k = bisect.bisect_right(offsets, index) - 1
        batch = self._batches[k]
        index -= offsets[k]
        for candidate, ways in zip(batch.last, self._batch_counts(batch), strict=True):
            if index < ways:
                found = (*batch.chosen, candidate.meld)
                break
            index -= ways
        return found, index

    @staticmethod
    def _index(index: int, total: int) -> int:
        """``index`` into ``total`` go-downs, from 0; :class:`IndexError` if none is there."""
        if index < 0:
            index += total
        if not 0 <= index < total:
            raise IndexError("go-down index out of range")
        return index

    def __iter__(self) -> Iterator[GoDown]:
        if self._rest is None and not self._batches:
            return iter(())  # the search is over and found nothing: most hands
        return self._each()

    def _each(self) -> Iterator[GoDown]:
        """Every go-down in order, searching as they are read."""
        if self._pools is None:
            for batch in self._each_batch():
                for found in batch.found():
                    yield self._go_down(found)
            return
        for batch in self._each_batch():
            for found in batch.found():
                yield from self._fillings(found)

    def _fillings(self, found: Found) -> Iterator[GoDown]:
        """The go-downs of the skeleton ``found``, in order (see :func:`._wilds.filled_melds`)."""
        skeleton = self._skeletons.get(found) or self._laid_out(found)
        pools = self._pools
        assert pools is not None
        pool = pools[self._spare(skeleton.size, skeleton.slots)]
        melds = skeleton.melds
        if melds is None:
            for parts in filled_melds(skeleton.plan, pool, self._pair, self._filled):
                pairs = sorted(itertools.chain(*parts), key=_SPEC)
                yield GoDown._trusted(tuple([meld for _, meld in pairs]))
            return
        chosen = skeleton.fillings.get(pool)
        if chosen is None:
            chosen = fillings(skeleton.plan, pool)
            if type(chosen) is tuple:  # (a shape of many fillings is walked each time)
                skeleton.fillings[pool] = chosen
                _KEPT_HELD[0] += len(chosen) + 1
        trusted = GoDown._trusted
        pick = skeleton.pick
        if pick is None:
            for payloads in chosen:
                yield trusted(tuple(map(operator.getitem, melds, payloads)))
        else:
            for payloads in chosen:
                yield trusted(tuple(map(operator.getitem, melds, pick(payloads))))

    def _laid_out(self, found: Found) -> _Skeleton:
        """The :class:`_Skeleton` of ``found``, worked out and kept (or kept before)."""
        before = self._before[0]  # (one read: another thread may let it go meanwhile)
        if before is not None:
            skeleton = before.skeletons.get(found)
            if skeleton is not None:  # the generation before worked it out: kept again
                self._skeletons[found] = skeleton
                _KEPT_HELD[0] += _held_by(skeleton)
                for fillings_kept in skeleton.melds or ():
                    # (nothing kept refers to a generation let go)
                    fillings_kept.make_with(self._meld)
                return skeleton
        plan = layout(found)
        size = slots = 0
        # As many slot counts as melds: a zip without a keyword, which would slow its call.
        for (spec, times), held in zip(plan.melds, plan.slots):  # noqa: B905
            size += len(spec.cards) * times
            slots += held * times
        melds: list[MeldFillings[Group | Run]] | None = None
        pick = None
        # GoDown's order is the specs' order: where no two melds of the skeleton have one
        # kind, key and start, the filling cannot change it, so it is worked out once, and
        # each go-down reads its melds filled, one a meld, in that order.
        starts = [spec[:3] for spec, _ in plan.melds]
        if len(set(starts)) == len(starts) and all(times == 1 for _, times in plan.melds):
            order = sorted(range(len(starts)), key=starts.__getitem__)
            if order != sorted(order):
                pick = operator.itemgetter(*order)
            pools = self._pools
            assert pools is not None
            kinds = pools[0].kinds
            by_meld = self._by_meld
            melds = []
            for k in order:
                spec = plan.melds[k][0]
                filled = by_meld.get(spec)
                if filled is None:
                    filled = by_meld[spec] = self._fillings_of(spec, kinds)
                melds.append(filled)
        skeleton = self._skeletons[found] = _Skeleton(plan, size, slots, melds, pick, {})
        _KEPT_HELD[0] += 1
        return skeleton

    def _fillings_of(self, spec: MeldSpec, kinds: tuple[int, ...]) -> MeldFillings[Group | Run]:
        """The fillings of the meld ``spec``: those the generation before kept, or new ones."""
        before = self._before[0]
        if before is not None:
            filled = before.by_meld.get(spec)
            if filled is not None:
                _KEPT_HELD[0] += len(filled)
                filled.make_with(self._meld)  # (nothing kept refers to a generation let go)
                return filled
        return MeldFillings(spec, kinds, self._meld, _KEPT_HELD)

    def _pair(self, spec: MeldSpec) -> tuple[MeldSpec, Group | Run]:
        """``spec`` and its meld, built once and kept (for ._wilds.filled_melds)."""
        _KEPT_HELD[0] += 1
        return spec, self._meld(spec)

    def _go_down(self, found: Found) -> GoDown:
        if self._ordered:  # no sort: the search found the melds in GoDown's order
            return GoDown._trusted(tuple(map(self._meld, found)))
        single = self._single
        if single != SLOT:
            # One kind of wild card, not the joker: it fills every slot.
            found = tuple(_put_single(spec, single) for spec in found)
        # GoDown keeps its melds in their canonical order, which is the specs' order.
        return GoDown._trusted(tuple(self._meld(spec) for spec in sorted(found)))


def _meld(
    variant: Variant,
    built: dict[MeldSpec, Group | Run],
    before: list[_Kept | None],
    spec: MeldSpec,
) -> Group | Run:
    """The meld of ``spec``, built once and kept in ``built`` (or kept ``before``)."""
    # The search only finds valid melds (the tests check it against the meld rules).
    meld = built.get(spec)
    if meld is None:
        earlier = before[0]
        if earlier is not None:
            meld = earlier.built.get(spec)
        if meld is None:
            cards = tuple(CARDS[index] for index in spec.cards)
            if spec.kind == GROUP:
                meld = Group._trusted(_RANKS[spec.key - 1], cards, variant)
            else:
                meld = Run._trusted(_SUITS[spec.key], spec.low, cards, variant)
        built[spec] = meld
        _KEPT_HELD[0] += 1
    return meld


def _held_by(skeleton: _Skeleton) -> int:
    """How much of :data:`_KEPT_HELD` ``skeleton`` counts for, with what it keeps."""
    held = 1
    for chosen in skeleton.fillings.values():
        held += len(chosen) + 1 if isinstance(chosen, tuple) else 0  # (only tuples are kept)
    for filled in skeleton.melds or ():
        held += len(filled)
    return held


#: The most kept for go-downs (:func:`_kept`) in all, each meld built, each filling of a
#: meld and of a skeleton and each skeleton counted, and how many are kept in this
#: generation. A listing that finds more starts a new generation, which reads from the one
#: before it what it has not kept yet (and keeps it), so that a hand listed again does not
#: build everything afresh; the generation before that is let go, so that their memory stays
#: bounded. A full generation of deuces-wild's random play held about 480,000 objects, some
#: 70 MB with the answers its melds keep (``Meld.fits``, ``reach``): far more than a unit
#: each, so two generations weigh up to about 140 MB.
_KEPT_LIMIT: Final = 1 << 16
_KEPT_HELD = [0]
#: The most variants and kinds of wild card held kept for in a generation (a program may
#: make variants without end).
_KEPT_KINDS: Final = 64
#: What is kept for go-downs in this generation, and in the one before, by variant and kinds
#: of wild card held (see :func:`_kept`).
_KEPT_NOW: Final[dict[tuple[Variant, tuple[int, ...]], _Kept]] = {}
_KEPT_BEFORE: Final[dict[tuple[Variant, tuple[int, ...]], _Kept]] = {}


def _next_generation() -> None:
    """Start a new generation of what is kept: this one becomes the one before.

    The one before it is let go: nothing refers to it any more (the listings still reading
    this one read nothing older).
    """
    for kept in _KEPT_NOW.values():
        kept.before[0] = None
    _KEPT_BEFORE.clear()
    _KEPT_BEFORE.update(_KEPT_NOW)
    _KEPT_NOW.clear()
    _KEPT_HELD[0] = 0


class _Kept(NamedTuple):
    """The melds and skeletons of one variant's go-downs, kept from one listing to the next.

    A hand's listings, and those of the hands that follow it, build the same melds and lay
    out the same skeletons again and again: they are kept here, by the kinds of wild card
    held (see :func:`_kept`).
    """

    #: Each meld built, by its spec (wild cards where they stand).
    built: dict[MeldSpec, Group | Run]
    #: The meld of a spec, built once (:func:`_meld` with the variant and :attr:`built`):
    #: the melds kept refer to nothing that refers to them, so they are freed at once.
    meld: Callable[[MeldSpec], Group | Run]
    #: The fillings of each meld met once in a skeleton (see ._wilds.MeldFillings).
    by_meld: dict[MeldSpec, MeldFillings[Group | Run]]
    #: The melds filled of the other skeletons (see ._wilds.filled_melds).
    filled: dict[tuple[MeldSpec, int], dict[Payload, tuple[tuple[MeldSpec, Group | Run], ...]]]
    #: What listing each skeleton's go-downs needs, by skeleton.
    skeletons: dict[Found, _Skeleton]
    #: What the generation before kept for the same variant and kinds, if anything (see
    #: :data:`_KEPT_LIMIT`): read where this one has nothing; ``None`` once it is let go.
    before: list[_Kept | None]


class _Skeleton(NamedTuple):
    """What listing the go-downs of a skeleton needs of it, besides the pool: kept."""

    plan: Layout
    #: Its cards and its slots, each meld as often as it is met.
    size: int
    slots: int
    #: Where no two of its melds have one kind, key and start and none is met twice (most
    #: skeletons): the fillings of each meld, in GoDown's order; else ``None``.
    melds: list[MeldFillings[Group | Run]] | None
    #: What puts a filling's payloads in that order, unless they are in it.
    pick: Callable[[tuple[Payload, ...]], tuple[Payload, ...]] | None
    #: Its fillings from each pool, where a shape keeps them (see ._wilds.fillings).
    fillings: dict[Pool, Iterable[tuple[Payload, ...]]]


#: A skeleton's cards, its run slots, and the slots of each group that has some.
Shape = tuple[int, int, tuple[int, ...]]
#: What a filled meld is sorted by in a go-down: its spec.
_SPEC: Final = operator.itemgetter(0)
#: A candidate's cards and slots.
_SIZE_AND_SLOTS: Final = operator.itemgetter(2, 3)


def _shape(found: Found) -> Shape:
    """A skeleton's cards, its run slots, and the slots of each group that has some."""
    size = run_slots = 0
    groups: list[int] = []
    for spec in found:
        size += len(spec.cards)
        slots = spec.cards.count(SLOT)
        if slots:
            if spec.kind == GROUP:
                groups.append(slots)
            else:
                run_slots += slots
    return size, run_slots, tuple(groups)


def _put_single(spec: MeldSpec, kind: int) -> MeldSpec:
    """``spec`` with every slot holding the wild card ``kind``."""
    return put(spec, (kind,), (0,) * spec.cards.count(SLOT)) if SLOT in spec.cards else spec


def go_downs(
    variant: Variant, round_number: int, hand: Sequence[Card], kept_card: Card | None
) -> GoDowns:
    """Every distinct go-down ``hand`` can make in round ``round_number`` (R14, R24).

    Before the last round the hand must keep a card the player may discard (R16); never
    only ``kept_card``, the card taken from the discard pile this turn (R17).
    """
    result = search(variant, round_number, hand, kept_card)
    if result is NOTHING:
        return _none(variant)  # most hands, quickly
    return GoDowns(variant, result)


def _kept(variant: Variant, kinds: tuple[int, ...]) -> _Kept:
    """The melds kept for the go-downs of ``variant``'s hands holding wild cards ``kinds``."""
    key = (variant, kinds)
    kept = _KEPT_NOW.get(key)
    if kept is None:
        if len(_KEPT_NOW) >= _KEPT_KINDS:
            _next_generation()
        before: list[_Kept | None] = [_KEPT_BEFORE.get(key)]
        built: dict[MeldSpec, Group | Run] = {}
        meld = functools.partial(_meld, variant, built, before)
        kept = _KEPT_NOW[key] = _Kept(built, meld, {}, {}, {}, before)
    return kept


@functools.lru_cache(maxsize=64)
def _none(variant: Variant) -> GoDowns:
    """No go-downs: one object serves every hand of ``variant`` that has none."""
    return GoDowns(variant, NOTHING)


def iter_go_downs(
    variant: Variant, round_number: int, hand: Sequence[Card], kept_card: Card | None
) -> Iterator[tuple[Group | Run, ...]]:
    """The melds of every go-down of :func:`go_downs`, in the same order."""
    for action in go_downs(variant, round_number, hand, kept_card):
        yield action.melds
