"""Wild-card assignments: how many go-downs one skeleton makes, and which one is the i-th.

The search (:mod:`._search`) looks for go-downs with every wild card of the hand counted as
one kind, the joker's index 52: what it finds are *skeletons*, go-downs whose melds hold
their natural cards where they stand and a *slot* (52) wherever a wild card stands for a
card. When the hand holds wild cards of more than one kind (jokers and 2s with 2s wild,
R30), each way of putting the held wild cards into a skeleton's slots is one go-down, and
there can be hundreds of thousands of them: this module counts them, finds the i-th one and
lists them in order, without listing the others.

How a skeleton's slots are told apart decides what counts as a different go-down:

- each slot of a run is its own: a joker at the 5 and a 2 at the 6 differ from the reverse;
- the slots of one group are not: a group's cards are a set with repeats (R7);
- melds of the skeleton that are the same are not told apart from each other either: two
  groups of 7s each with a 7C and two slots, filled with ``JK 2C`` and ``2D 2H``, are one
  go-down whichever group gets which.

So a skeleton becomes a row of *units*, each filled by one choice: a run slot (one wild
card), a group's slots (a multiset of wild cards), or a *block* of identical melds (a
multiset of their fillings). A unit's choices are counted by a generating polynomial in
the kinds of wild card, truncated to the cards held; the product of the units' polynomials,
taken from the end of the row, counts every completion of a partial choice, which is all
that counting and unranking need.

>>> pool = Pool(kinds=(1, 52), counts=(1, 2), kept=-1, spare=False)  # 2C, and two jokers
>>> row = (Unit(RUN_SLOT, 1, 1), Unit(RUN_SLOT, 1, 1))  # a run with two slots
>>> count(row, pool)  # 2C JK, JK 2C, JK JK
3
>>> [unrank(row, pool, i) for i in range(3)]
[((0,), (1,)), ((1,), (0,)), ((1,), (1,))]
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, NamedTuple, TypeVar

from contract_rummy.godown._plan import RUN, Found, MeldSpec

__all__ = [
    "BLOCK",
    "GROUP_SLOTS",
    "RUN_SLOT",
    "Layout",
    "MeldFillings",
    "Pool",
    "Unit",
    "assignments",
    "count",
    "count_plain",
    "filled_melds",
    "fillings",
    "group_unit",
    "put",
    "unrank",
]

T = TypeVar("T")

#: A unit that is one slot of a run.
RUN_SLOT: Final = 0
#: A unit that is every slot of one group.
GROUP_SLOTS: Final = 1
#: A unit that is several identical melds of the skeleton.
BLOCK: Final = 2

#: Usage of each kind of wild card, one count per kind of the pool.
Vector = tuple[int, ...]
#: A polynomial in the kinds of wild card: the number of choices using each vector.
Poly = dict[Vector, int]
#: What fills one unit: the kinds (positions in :attr:`Pool.kinds`) put in its slots, in
#: slot order for runs and in ascending order for groups; for a block, one such filling per
#: meld, in ascending order.
Payload = tuple[Any, ...]


class Pool(NamedTuple):
    """The wild cards a hand holds, by kind.

    Attributes:
        kinds: The card indices of the kinds held, ascending (the joker, 52, last).
        counts: How many of each kind are held.
        kept: Which kind is the card R17 keeps (a position in ``kinds``), or -1.
        spare: Whether going down leaves exactly one card, and it is a wild card: then
            it must not be the kept one (R16, R17), which the count leaves out.
    """

    kinds: tuple[int, ...]
    counts: tuple[int, ...]
    kept: int
    spare: bool


class Unit(NamedTuple):
    """One choice of a skeleton's filling.

    Attributes:
        kind: :data:`RUN_SLOT`, :data:`GROUP_SLOTS` or :data:`BLOCK`.
        slots: The slots of one of its melds (1 for a run slot).
        copies: How many identical melds it fills (1 unless a block).
        run: For a block, whether its melds are runs (slots told apart) or groups.
    """

    kind: int
    slots: int
    copies: int
    run: bool = True


#: The unit of one run slot.
_ONE_SLOT: Final = Unit(RUN_SLOT, 1, 1)


# Vectors of one pool have one length: map over them is quicker than a checked zip.
def _fits(vector: Vector, limit: Vector) -> bool:
    return all(map(operator.le, vector, limit))


def _add(a: Vector, b: Vector) -> Vector:
    return tuple(map(operator.add, a, b))


def _sub(a: Vector, b: Vector) -> Vector:
    return tuple(map(operator.sub, a, b))


def _usage(kinds: tuple[int, ...], size: int) -> Vector:
    used = [0] * size
    for kind in kinds:
        used[kind] += 1
    return tuple(used)


#: Bits of one kind's usage in a packed vector (see :func:`_times`); the top one is a guard.
_WIDTH: Final = 7
_GUARD: Final = 1 << (_WIDTH - 1)


def _times(a: Poly, b: Poly, limit: Vector) -> Poly:
    """``a * b``, keeping only the terms within ``limit``."""
    packing = _packing(limit)
    return packing.unpack(_times_packed(packing.pack(a), packing.pack(b), packing))


class _Packing(NamedTuple):
    """Vectors within one limit packed into integers, a field of :data:`_WIDTH` bits a kind.

    Adding two packed vectors is one addition, and a sum is within the limit when every
    field of :attr:`held` (the limit, with each field's guard bit set) less the sum keeps
    its guard bit: usages stay below the guard.
    """

    shifts: range
    guard: int
    held: int

    def pack(self, poly: Poly) -> dict[int, int]:
        """``poly`` with each term's vector packed into one integer."""
        shifts = self.shifts
        return {_pack(u, shifts): c for u, c in poly.items()}

    def unpack(self, poly: dict[int, int]) -> Poly:
        """A packed polynomial with each term's vector read back."""
        shifts, mask = self.shifts, _GUARD - 1
        return {tuple([(w >> shift) & mask for shift in shifts]): c for w, c in poly.items()}


@functools.lru_cache(maxsize=256)
def _packing(limit: Vector) -> _Packing:
    """The packing of vectors within ``limit``: a field of ``_WIDTH`` bits per kind."""
    shifts = range(0, _WIDTH * len(limit), _WIDTH)
    guard = sum(_GUARD << shift for shift in shifts)
    return _Packing(shifts, guard, _pack(limit, shifts) | guard)


def _times_packed(a: dict[int, int], b: dict[int, int], packing: _Packing) -> dict[int, int]:
    """``a * b`` of packed polynomials, keeping only the terms within the packing's limit."""
    held, guard = packing.held, packing.guard
    pairs = list(b.items())
    out: dict[int, int] = {}
    get = out.get
    for u, x in a.items():  # the innermost loop of counting
        for v, y in pairs:
            w = u + v
            if (held - w) & guard == guard:
                out[w] = get(w, 0) + x * y
    return out


def _pack(vector: Vector, shifts: range) -> int:
    """``vector`` packed: each kind's count in its field."""
    return sum([x << shift for x, shift in zip(vector, shifts, strict=True)])


def _filling_poly(slots: int, run: bool, limit: Vector) -> Poly:
    """The fillings of one meld's slots: a kind per slot in a run, a multiset in a group."""
    size = len(limit)
    poly: Poly = {(0,) * size: 1}
    if run:
        # Slot by slot: listing every tuple of kinds would take size ** slots steps.
        one = {used: 1 for _, used in _fillings(1, True, limit)}
        for _ in range(slots):
            poly = _times(poly, one, limit)
        return poly
    poly = {}
    for _, used in _fillings(slots, False, limit):
        poly[used] = poly.get(used, 0) + 1
    return poly


def _multiset_poly(fillings: Poly, copies: int, limit: Vector) -> Poly:
    """The multisets of ``copies`` fillings: ``h_copies[fillings]``, by Newton's identity.

    ``n h_n = sum over k of p_k h_(n-k)``, where ``p_k`` is ``fillings`` with every usage
    multiplied by ``k`` (the same filling taken ``k`` times); the sums divide exactly.
    """
    zero = (0,) * len(limit)
    powers: list[Poly] = []
    for k in range(1, copies + 1):
        scaled = ((tuple(k * x for x in u), c) for u, c in fillings.items())
        powers.append({u: c for u, c in scaled if _fits(u, limit)})
    h: list[Poly] = [{zero: 1}]
    for n in range(1, copies + 1):
        total: Poly = {}
        for k in range(1, n + 1):
            for u, c in _times(powers[k - 1], h[n - k], limit).items():
                total[u] = total.get(u, 0) + c
        h.append({u: c // n for u, c in total.items() if c})
    return h[copies]


def _unit_poly(unit: Unit, limit: Vector) -> Poly:
    if unit.kind == BLOCK:
        return _multiset_poly(_filling_poly(unit.slots, unit.run, limit), unit.copies, limit)
    return _filling_poly(unit.slots, unit.kind == RUN_SLOT, limit)


#: Memo of the products of units' polynomials, by row and counts: few rows and pools recur.
_SUFFIXES: dict[tuple[tuple[Unit, ...], Vector], tuple[Poly, ...]] = {}
_MEMO_LIMIT: Final = 4096


def _suffixes(row: tuple[Unit, ...], limit: Vector) -> tuple[Poly, ...]:
    """``result[j]``: the product of the polynomials of ``row[j:]`` (the last is 1)."""
    key = (row, limit)
    found = _SUFFIXES.get(key)
    if found is None:
        unpack = _packing(limit).unpack
        polys = [unpack(_product(row[j:], limit)) for j in range(len(row) + 1)]
        if len(_SUFFIXES) >= _MEMO_LIMIT:
            _SUFFIXES.clear()
        found = _SUFFIXES[key] = tuple(polys)
    return found


#: Memo of the products of rows' polynomials, packed, by row and counts: rows of one
#: hand's skeletons share their ends (the same groups after more or fewer run slots).
_PRODUCTS: dict[tuple[tuple[Unit, ...], Vector], dict[int, int]] = {}


def _product(row: tuple[Unit, ...], limit: Vector) -> dict[int, int]:
    """The product of the polynomials of ``row``'s units within ``limit``, packed."""
    key = (row, limit)
    found = _PRODUCTS.get(key)
    if found is None:
        packing = _packing(limit)
        if row:
            found = _times_packed(_unit_packed(row[0], limit), _product(row[1:], limit), packing)
        else:
            found = {0: 1}
        if len(_PRODUCTS) >= _MEMO_LIMIT:
            _PRODUCTS.clear()
        _PRODUCTS[key] = found
    return found


@functools.lru_cache(maxsize=1024)
def _unit_packed(unit: Unit, limit: Vector) -> dict[int, int]:
    """:func:`_unit_poly`, packed (read only: the cache shares it)."""
    return _packing(limit).pack(_unit_poly(unit, limit))


def _excluded(pool: Pool) -> Vector | None:
    """The cards left that R17 refuses: the kept wild card alone, or ``None``."""
    if not pool.spare or pool.kept < 0:
        return None
    return tuple(int(i == pool.kept) for i in range(len(pool.counts)))


def _completions(poly: Poly, left: Vector, excluded: Vector | None) -> int:
    """The choices counted by ``poly`` that ``left`` can pay for, less R17's refusal."""
    le = operator.le
    total = sum(c for u, c in poly.items() if all(map(le, u, left)))  # _fits inline
    if excluded is not None:
        refused = _sub(left, excluded)
        if min(refused) >= 0:
            total -= poly.get(refused, 0)
    return total


def count(row: tuple[Unit, ...], pool: Pool) -> int:
    """How many distinct fillings of ``row`` the pool's wild cards allow."""
    # The product keeps only the terms within the counts: every one is paid for.
    poly = _product(row, pool.counts)
    total = sum(poly.values())
    excluded = _excluded(pool)
    if excluded is not None:
        refused = _sub(pool.counts, excluded)
        if min(refused) >= 0:
            total -= poly.get(_pack(refused, _packing(pool.counts).shifts), 0)
    return total


_COUNTS: dict[tuple[int, tuple[int, ...], Pool], int] = {}


def count_plain(run_slots: int, group_slots: tuple[int, ...], pool: Pool) -> int:
    """:func:`count` for a skeleton with no meld twice: its run slots, its groups' slots.

    The count does not depend on the order of the units, so skeletons alike share it.
    """
    key = (run_slots, group_slots, pool)
    found = _COUNTS.get(key)
    if found is None:
        row = (*(_ONE_SLOT,) * run_slots, *map(group_unit, group_slots))
        if len(_COUNTS) >= _MEMO_LIMIT:
            _COUNTS.clear()
        found = _COUNTS[key] = count(row, pool)
    return found


def _options(unit: Unit, left: Vector) -> Iterator[tuple[Payload, Vector]]:
    """Each way to fill ``unit`` from ``left``, in ascending order, with its usage."""
    if unit.kind == BLOCK:
        fillings = list(_fillings(unit.slots, unit.run, left))
        yield from _blocks(fillings, unit.copies, 0, left, ())
    else:
        yield from _fillings(unit.slots, unit.kind == RUN_SLOT, left)


def _fillings(slots: int, run: bool, left: Vector) -> Iterator[tuple[tuple[int, ...], Vector]]:
    """Each filling of one meld's slots that ``left`` pays for, ascending, with its usage.

    A run's slots are told apart (a kind for each, in order); a group's are not (a
    multiset of kinds, listed ascending).
    """
    size = len(left)
    choices = (
        itertools.product(range(size), repeat=slots)
        if run
        else itertools.combinations_with_replacement(range(size), slots)
    )
    for chosen in choices:
        used = _usage(chosen, size)
        if _fits(used, left):
            yield chosen, used


def _blocks(
    fillings: list[tuple[tuple[int, ...], Vector]],
    copies: int,
    start: int,
    left: Vector,
    chosen: tuple[tuple[int, ...], ...],
) -> Iterator[tuple[Payload, Vector]]:
    """Multisets of ``copies`` fillings from ``fillings[start:]``, ascending, that fit."""
    if not copies:
        yield chosen, (0,) * len(left)
        return
    for at in range(start, len(fillings)):
        filling, used = fillings[at]
        if not _fits(used, left):
            continue
        rest = _sub(left, used)
        for payload, more in _blocks(fillings, copies - 1, at, rest, (*chosen, filling)):
            yield payload, _add(used, more)


#: Memo of :func:`assignments`' choices, by row and pool, then by unit and wild cards left.
_STEPS: dict[
    tuple[tuple[Unit, ...], Pool], dict[tuple[int, Vector], list[tuple[Payload, Vector]]]
] = {}


def assignments(row: tuple[Unit, ...], pool: Pool) -> Iterator[tuple[Payload, ...]]:
    """Every filling of ``row``, in the order :func:`unrank` numbers them."""
    polys = _suffixes(row, pool.counts)
    excluded = _excluded(pool)
    if _completions(polys[0], pool.counts, excluded) == 0:
        return
    # A unit's choices, and whether the rest of the row can be filled after each, depend
    # only on the row, the pool and the wild cards left, which recur all the time: kept.
    steps = _STEPS.get((row, pool))
    if steps is None:
        if len(_STEPS) >= _MEMO_LIMIT:
            _STEPS.clear()
        steps = _STEPS[row, pool] = {}

    def step(j: int, left: Vector) -> list[tuple[Payload, Vector]]:
        found = steps.get((j, left))
        if found is None:
            found = steps[j, left] = [
                (payload, rest)
                for payload, used in _options(row[j], left)
                if _completions(polys[j + 1], rest := _sub(left, used), excluded) > 0
            ]
        return found

    last = len(row) - 1

    def walk(j: int, left: Vector, chosen: tuple[Payload, ...]) -> Iterator[tuple[Payload, ...]]:
        if j == last:
            for payload, _ in step(j, left):
                yield (*chosen, payload)
            return
        for payload, rest in step(j, left):
            yield from walk(j + 1, rest, (*chosen, payload))

    if last < 0:
        yield ()
        return
    yield from walk(0, pool.counts, ())


def unrank(row: tuple[Unit, ...], pool: Pool, index: int) -> tuple[Payload, ...]:
    """The ``index``-th filling of ``row`` (from 0), found without listing the others.

    Raises:
        IndexError: if there are not that many.
    """
    polys = _suffixes(row, pool.counts)
    excluded = _excluded(pool)
    left = pool.counts
    if not 0 <= index < _completions(polys[0], left, excluded):
        raise IndexError(f"no filling {index} of this skeleton")
    chosen: list[Payload] = []
    for j, unit in enumerate(row):
        for payload, used in _options(unit, left):
            rest = _sub(left, used)
            ways = _completions(polys[j + 1], rest, excluded)
            if index < ways:
                chosen.append(payload)
                left = rest
                break
            index -= ways
    return tuple(chosen)


# -- skeletons ----------------------------------------------------------------------------------

#: A slot in a skeleton's meld: the card index every wild card is counted as.
SLOT: Final = 52


class Layout(NamedTuple):
    """A skeleton as a row of units, and how to put a filling back into its melds.

    Attributes:
        row: The units, in the order their choices are made: the slots of each run and
            each group met once in the skeleton, meld by meld, then the blocks of melds
            met more than once.
        melds: Each distinct meld of the skeleton, with how many times it is met, in the
            order :attr:`row` fills them.
        slots: The slots of each of :attr:`melds`.
        ends: Where each of :attr:`melds` ends in :attr:`row`: the k-th meld's units are
            ``row[ends[k] : ends[k + 1]]`` (a run met once takes a unit a slot; a group,
            or a block of melds, one unit; a meld without slots none).
    """

    row: tuple[Unit, ...]
    melds: tuple[tuple[MeldSpec, int], ...]
    slots: tuple[int, ...]
    ends: tuple[int, ...]


#: The unit of a group met once, by its slots: made once each (see :func:`group_unit`).
_GROUP_UNITS: dict[int, Unit] = {}


def group_unit(slots: int) -> Unit:
    """The unit of a group met once in a skeleton, with ``slots`` slots."""
    found = _GROUP_UNITS.get(slots)
    if found is None:
        found = _GROUP_UNITS[slots] = Unit(GROUP_SLOTS, slots, 1, False)
    return found


def layout(found: Found) -> Layout:
    """The :class:`Layout` of the skeleton ``found``."""
    if len(set(found)) < len(found):
        return _layout_repeating(found)
    # No meld twice (most skeletons): each meld is its own, in the skeleton's order.
    row: list[Unit] = []
    slots: list[int] = []
    ends = [0]
    for spec in found:
        held, units = _meld_units(spec)
        slots.append(held)
        row.extend(units)
        ends.append(len(row))
    return Layout(tuple(row), tuple([(spec, 1) for spec in found]), tuple(slots), tuple(ends))


def _layout_repeating(found: Found) -> Layout:
    """:func:`layout` of a skeleton that meets a meld more than once: its melds make blocks."""
    copies: dict[MeldSpec, int] = {}
    for spec in found:
        copies[spec] = copies.get(spec, 0) + 1
    singles: list[Unit] = []
    blocks: list[Unit] = []
    once: list[tuple[MeldSpec, int]] = []
    more: list[tuple[MeldSpec, int]] = []
    slots: list[int] = []
    ends = [0]
    for spec, times in copies.items():
        if times > 1:
            more.append((spec, times))
        else:
            once.append((spec, 1))
            held, units = _meld_units(spec)
            slots.append(held)
            singles.extend(units)
            ends.append(len(singles))
    # The blocks come after every meld met once: one unit each (none without slots).
    for spec, times in more:
        held = spec.cards.count(SLOT)
        slots.append(held)
        if held:
            blocks.append(Unit(BLOCK, held, times, spec.kind == RUN))
        ends.append(len(singles) + len(blocks))
    return Layout((*singles, *blocks), (*once, *more), tuple(slots), tuple(ends))


def _meld_units(spec: MeldSpec) -> tuple[int, tuple[Unit, ...]]:
    """The slots of ``spec``, met once in a skeleton, and its units: a run's one a slot."""
    held = spec.cards.count(SLOT)
    if not held:
        return 0, ()
    if spec.kind == RUN:
        return held, (_ONE_SLOT,) * held
    return held, (_GROUP_UNITS.get(held) or group_unit(held),)


def fill(
    plan: Layout,
    kinds: tuple[int, ...],
    payloads: tuple[Payload, ...],
    memo: dict[tuple[int, Payload], tuple[MeldSpec, ...]] | None = None,
) -> Found:
    """The go-down made by putting ``payloads`` (one per unit) into the skeleton's slots.

    ``memo`` keeps the melds filled so far, by position in :attr:`Layout.melds` and
    payload: the go-downs of one skeleton share most of them.
    """
    if memo is None:
        memo = {}
    out: list[MeldSpec] = []
    ends = plan.ends
    for k, (spec, times) in enumerate(plan.melds):
        if not plan.slots[k]:
            out.extend([spec] * times)
            continue
        payload = payloads[ends[k] : ends[k + 1]]
        filled = memo.get((k, payload))
        if filled is None:
            filled = memo[k, payload] = _filled(spec, kinds, times, payload)
        out.extend(filled)
    return tuple(out)


#: Memo of the payloads :func:`fillings` walks, by row, pool and the melds' units, then by
#: meld and wild cards left.
_MELD_STEPS: dict[
    tuple[tuple[Unit, ...], Pool, tuple[int, ...]],
    dict[tuple[int, Vector], list[tuple[Payload, Vector]]],
] = {}
#: Memo of :func:`fillings`, by row, pool and the melds' units: the fillings of the
#: skeletons of one shape, when there are at most :data:`_KEPT_FILLINGS` of them.
_FILLINGS: dict[
    tuple[tuple[Unit, ...], Pool, tuple[int, ...]], tuple[tuple[Payload, ...], ...]
] = {}
#: The most fillings of one shape :func:`fillings` keeps: a shape with more keeps none and
#: is walked again each time (so its first go-down comes after this many at most).
_KEPT_FILLINGS: Final = 64
#: The most fillings :data:`_FILLINGS` holds in all (a shape with none counts one), and
#: how many it holds: a full memo starts afresh, so that its memory stays bounded.
_FILLINGS_LIMIT: Final = 32_768
_FILLINGS_HELD = [0]


def fillings(plan: Layout, pool: Pool) -> Iterable[tuple[Payload, ...]]:
    """Every filling of the skeleton ``plan`` from ``pool``, as one payload per meld.

    In :func:`assignments`' order, found meld by meld rather than unit by unit: the
    payload of each of :attr:`Layout.melds` (``()`` for a meld without slots). They depend
    on the skeleton's row, the pool and where each meld's units end only, which the
    skeletons of a hand share all the time: so the fillings of a shape that has at most
    :data:`_KEPT_FILLINGS` of them are kept, and the other skeletons of that shape take
    them as they are; a shape with more is walked again each time.
    """
    key = (plan.row, pool, plan.ends)
    found = _FILLINGS.get(key)
    if found is not None:
        return found
    walked = _walk(plan, pool, key)
    first = tuple(itertools.islice(walked, _KEPT_FILLINGS + 1))
    if len(first) > _KEPT_FILLINGS:
        return itertools.chain(first, walked)
    held = max(len(first), 1)
    if _FILLINGS_HELD[0] + held > _FILLINGS_LIMIT:
        _FILLINGS.clear()
        _FILLINGS_HELD[0] = 0
    _FILLINGS[key] = first
    _FILLINGS_HELD[0] += held
    return first


def _walk(
    plan: Layout, pool: Pool, key: tuple[tuple[Unit, ...], Pool, tuple[int, ...]]
) -> Iterator[tuple[Payload, ...]]:
    """:func:`fillings`, worked out: depth first over the melds, each meld's payloads in order.

    A meld's payloads, and whether the rest of the row can be filled after each, depend
    only on the row, the pool, where the meld's units lie in the row and the wild cards
    left, which recur: kept across skeletons.
    """
    row, counts, ends = plan.row, pool.counts, plan.ends
    polys = _suffixes(row, counts)
    excluded = _excluded(pool)
    if _completions(polys[0], counts, excluded) == 0:
        return
    steps = _MELD_STEPS.get(key)
    if steps is None:
        if len(_MELD_STEPS) >= _MEMO_LIMIT:
            _MELD_STEPS.clear()
        steps = _MELD_STEPS[key] = {}

    def step(k: int, left: Vector) -> list[tuple[Payload, Vector]]:
        """Each payload of the k-th meld from ``left`` after which the rest can be filled."""
        found = steps.get((k, left))
        if found is None:
            # Every payload of the meld's units, in order, with what it leaves.
            partial: list[tuple[Payload, Vector]] = [((), left)]
            stop = ends[k + 1]
            for j in range(ends[k], stop):
                partial = [
                    ((*payload, chosen), _sub(before, used))
                    for payload, before in partial
                    for chosen, used in _options(row[j], before)
                ]
            found = steps[k, left] = [
                (payload, rest)
                for payload, rest in partial
                if _completions(polys[stop], rest, excluded) > 0
            ]
        return found

    last = len(plan.melds) - 1

    def walk(k: int, left: Vector, chosen: tuple[Payload, ...]) -> Iterator[tuple[Payload, ...]]:
        if k == last:
            for payload, _ in step(k, left):
                yield (*chosen, payload)
            return
        for payload, rest in step(k, left):
            yield from walk(k + 1, rest, (*chosen, payload))

    yield from walk(0, counts, ())


def filled_melds(
    plan: Layout,
    pool: Pool,
    make: Callable[[MeldSpec], T],
    made: dict[tuple[MeldSpec, int], dict[Payload, tuple[T, ...]]],
) -> Iterator[tuple[tuple[T, ...], ...]]:
    """Every go-down of the skeleton ``plan``, in :func:`assignments`' order.

    Each comes as the melds of each of :attr:`Layout.melds`, filled and made into ``make``'s
    values: the same as :func:`fill` makes of each of :func:`assignments`' fillings. A
    meld filled is the same in every skeleton: ``made`` keeps each, by meld (and how many
    times the skeleton meets it) then payload, and a go-down takes them as they are.
    """
    kinds = pool.kinds
    melds: list[tuple[MeldSpec, int, dict[Payload, tuple[T, ...]]]] = []
    for spec, times in plan.melds:
        built = made.get((spec, times))
        if built is None:
            built = made[spec, times] = {}
        melds.append((spec, times, built))
    for payloads in fillings(plan, pool):
        parts: list[tuple[T, ...]] = []
        # As many payloads as melds: a zip without a keyword, which would slow its call.
        for (spec, times, built), payload in zip(melds, payloads):  # noqa: B905
            filled = built.get(payload)
            if filled is None:
                specs = _filled(spec, kinds, times, payload) if payload else (spec,) * times
                filled = built[payload] = tuple(map(make, specs))
            parts.append(filled)
        yield tuple(parts)


class MeldFillings(dict[Payload, T]):
    """The melds one meld of a skeleton, met once, makes: each made once, by its payload.

    ``fillings[payload]`` is ``make`` of the meld ``spec`` with its units' ``payload``
    (``()`` for a meld without slots), made the first time it is read and kept: the
    go-downs of a skeleton with no meld twice read their melds from these, one a meld.
    ``held[0]`` counts the melds kept, with those of other melds that share it.
    """

    __slots__ = ("_held", "_kinds", "_make", "_spec")

    def __init__(
        self,
        spec: MeldSpec,
        kinds: tuple[int, ...],
        make: Callable[[MeldSpec], T],
        held: list[int],
    ) -> None:
        super().__init__()
        self._spec = spec
        self._kinds = kinds
        self._make = make
        self._held = held

    def make_with(self, make: Callable[[MeldSpec], T]) -> None:
        """Make the melds not made yet with ``make`` from now on (those made are kept)."""
        self._make = make

    def __missing__(self, payload: Payload) -> T:
        spec = self._spec
        made = self[payload] = self._make(
            _filled(spec, self._kinds, 1, payload)[0] if payload else spec
        )
        self._held[0] += 1
        return made


def _filled(
    spec: MeldSpec, kinds: tuple[int, ...], times: int, payload: Payload
) -> tuple[MeldSpec, ...]:
    """The melds ``spec``, met ``times`` times in the skeleton, makes with its units' payload."""
    if times > 1:
        return tuple(put(spec, kinds, filling) for filling in payload[0])
    if spec.kind == RUN:
        return (put(spec, kinds, tuple(p[0] for p in payload)),)
    return (put(spec, kinds, payload[0]),)


def put(spec: MeldSpec, kinds: tuple[int, ...], chosen: tuple[int, ...]) -> MeldSpec:
    """``spec`` with its slots filled by the kinds ``chosen`` (positions in ``kinds``)."""
    if spec.kind == RUN:
        given = iter(chosen)
        cards = tuple(kinds[next(given)] if x == SLOT else x for x in spec.cards)
    else:
        cards = tuple(sorted((*(x for x in spec.cards if x != SLOT), *(kinds[k] for k in chosen))))
    return MeldSpec(spec.kind, spec.key, spec.low, cards)
