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
from collections.abc import Iterator, Sequence
from typing import Final, overload

from contract_rummy.actions import GoDown
from contract_rummy.cards import CARDS, Card, Rank, Suit
from contract_rummy.godown._check import godown_problem
from contract_rummy.godown._plan import GROUP, Found, MeldSpec
from contract_rummy.godown._search import NOTHING, Result, search
from contract_rummy.godown._wilds import (
    SLOT,
    Layout,
    Pool,
    _put,
    assignments,
    count,
    count_plain,
    fill,
    layout,
    unrank,
)
from contract_rummy.melds import Group, Run
from contract_rummy.variants import Variant

__all__ = ["GoDowns", "go_downs", "godown_problem", "iter_go_downs", "search"]

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
        "_built",
        "_cards",
        "_found",
        "_offsets",
        "_pools",
        "_rest",
        "_rows",
        "_single",
        "_variant",
        "_wilds",
    )

    def __init__(self, variant: Variant, result: Result) -> None:
        self._variant = variant
        #: The skeletons found so far, and the search that finds the others.
        self._found: list[Found] = []
        self._rest: Iterator[Found] | None = None if result is NOTHING else result.found
        self._built: dict[MeldSpec, Group | Run] = {}
        self._single = result.single
        self._offsets: list[int] | None = None
        self._rows: dict[int, Layout] = {}
        held = result.held
        self._cards = 0 if held is None else held.cards
        self._wilds = 0 if held is None else sum(held.counts)
        if held is None:
            # One kind of wild card at most: every skeleton is one go-down.
            self._pools: tuple[Pool, Pool] | None = None
        else:
            self._pools = (
                Pool(held.kinds, held.counts, held.kept, spare=False),
                Pool(held.kinds, held.counts, held.kept, spare=True),
            )

    # -- the skeletons, found as they are needed ------------------------------------------

    def _has(self, k: int) -> bool:
        """Whether the search finds a k-th skeleton (from 0), searching on if need be."""
        found = self._found
        rest = self._rest
        while len(found) <= k and rest is not None:
            for skeleton in rest:
                found.append(skeleton)
                if len(found) > k:
                    break
            else:
                rest = self._rest = None
        return len(found) > k

    def _skeletons(self) -> Iterator[Found]:
        """Every skeleton in order, searching as they are read."""
        k = 0
        while self._has(k):
            yield self._found[k]
            k += 1

    def _all(self) -> list[Found]:
        """Every skeleton: the whole search."""
        rest = self._rest
        if rest is not None:
            self._found.extend(rest)
            self._rest = None
        return self._found

    # -- counting -------------------------------------------------------------------------

    def _pool(self, found: Found) -> Pool:
        """The wild cards ``found`` is filled from; R17 matters when one wild card is left."""
        pools = self._pools
        assert pools is not None
        size, run_slots, groups = _shape(found)
        return pools[self._spare(size, run_slots + sum(groups))]

    def _spare(self, size: int, slots: int) -> int:
        """1 if going down leaves exactly one card and it is a wild card (R16, R17), else 0."""
        return int(self._cards - size == 1 and self._wilds - slots == 1)

    def _layout(self, k: int) -> Layout:
        found = self._rows.get(k)
        if found is None:
            found = self._rows[k] = layout(self._found[k])
        return found

    def _counts(self) -> list[int]:
        """``result[k]``: the go-downs of the skeletons before the k-th (then the total)."""
        offsets = self._offsets
        if offsets is None:
            pools = self._pools
            assert pools is not None
            offsets = [0]
            total = 0
            for k, found in enumerate(self._all()):
                size, run_slots, groups = _shape(found)
                pool = pools[self._spare(size, run_slots + sum(groups))]
                if len(set(found)) < len(found):  # a meld twice: the slow way
                    total += count(self._layout(k).row, pool)
                elif groups or run_slots:
                    total += count_plain(run_slots, tuple(sorted(groups)), pool)
                else:
                    total += 1
                offsets.append(total)
            self._offsets = offsets
        return offsets

    # -- the sequence ---------------------------------------------------------------------

    def __bool__(self) -> bool:
        return self._has(0)

    def __len__(self) -> int:
        if self._pools is None:
            return len(self._all())
        return self._counts()[-1]

    @overload
    def __getitem__(self, index: int) -> GoDown: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[GoDown]: ...
    def __getitem__(self, index: int | slice) -> GoDown | Sequence[GoDown]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if self._pools is None:
            if index >= 0 and self._has(index):
                return self._go_down(self._found[index])
            return self._go_down(self._all()[index])
        offsets = self._counts()
        total = offsets[-1]
        if index < 0:
            index += total
        if not 0 <= index < total:
            raise IndexError("go-down index out of range")
        k = bisect.bisect_right(offsets, index) - 1
        found = self._found[k]
        plan = self._layout(k)
        pool = self._pool(found)
        return self._go_down(fill(plan, pool.kinds, unrank(plan.row, pool, index - offsets[k])))

    def __iter__(self) -> Iterator[GoDown]:
        if self._rest is None and not self._found:
            return iter(())  # the search is over and found nothing: most hands
        return self._each()

    def _each(self) -> Iterator[GoDown]:
        """Every go-down in order, searching as they are read."""
        if self._pools is None:
            for found in self._skeletons():
                yield self._go_down(found)
            return
        for found in self._skeletons():
            plan = layout(found)
            pool = self._pool(found)
            for payloads in assignments(plan.row, pool):
                yield self._go_down(fill(plan, pool.kinds, payloads))

    def _go_down(self, found: Found) -> GoDown:
        single = self._single
        if single != SLOT:
            # One kind of wild card, not the joker: it fills every slot.
            found = tuple(_put_single(spec, single) for spec in found)
        # GoDown keeps its melds in their canonical order, which is the specs' order.
        return GoDown._trusted(tuple(self._meld(spec) for spec in sorted(found)))

    def _meld(self, spec: MeldSpec) -> Group | Run:
        # The search only finds valid melds (the tests check it against the meld rules).
        meld = self._built.get(spec)
        if meld is None:
            cards = tuple(CARDS[index] for index in spec.cards)
            if spec.kind == GROUP:
                meld = Group._trusted(_RANKS[spec.key - 1], cards, self._variant)
            else:
                meld = Run._trusted(_SUITS[spec.key], spec.low, cards, self._variant)
            self._built[spec] = meld
        return meld


def _shape(found: Found) -> tuple[int, int, list[int]]:
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
    return size, run_slots, groups


def _put_single(spec: MeldSpec, kind: int) -> MeldSpec:
    """``spec`` with every slot holding the wild card ``kind``."""
    return _put(spec, (kind,), (0,) * spec.cards.count(SLOT)) if SLOT in spec.cards else spec


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
