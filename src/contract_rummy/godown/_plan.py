"""The plan of a round: what the go-down search knows of it before it sees a hand.

A :class:`Plan` is worked out once per round of a variant and kept in the variant's tables
(see :mod:`._tables`): the contract's places in the order the search fills them (groups,
then runs, longest first), what the fill needs to know of each place (:class:`Level`), and
the tables the lower bounds read (see :mod:`._bounds`), among them :class:`RunGains`,
filled as hands are met.

It also holds the words the other modules of the search share: a meld as the search finds
it (:class:`MeldSpec`), a candidate meld for a place (:class:`Candidate`), a place
(:class:`Place`) and a go-down found (:data:`Found`).
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

import attrs

from contract_rummy.contracts import Contract
from contract_rummy.godown._tables import MEMO_LIMIT, Tables, tables
from contract_rummy.variants import Variant

__all__ = [
    "GROUP",
    "RUN",
    "Candidate",
    "MeldSpec",
    "Place",
    "Plan",
    "RunGains",
    "plan",
]

GROUP: Final = 0
RUN: Final = 1

#: For :meth:`bytes.translate`: a count becomes 1 if the card is held, else 0.
_HELD: Final = bytes(min(n, 1) for n in range(256))


class MeldSpec(NamedTuple):
    """A meld as the search finds it; specs sort in :class:`~contract_rummy.GoDown`'s order.

    Attributes:
        kind: :data:`GROUP` or :data:`RUN`.
        key: The group's rank (1-13), or the run's suit index (0-3).
        low: The run's first position (0 for a group).
        cards: The card indices, in the meld's order.
    """

    kind: int
    key: int
    low: int
    cards: tuple[int, ...]

    @property
    def high(self) -> int:
        """A run's last position."""
        return self.low + len(self.cards) - 1


class Candidate(NamedTuple):
    """A meld that might fill a place, with its cards packed (see :mod:`._tables`).

    Attributes:
        meld: What the meld is.
        cards: Its cards' counts, packed.
        size: How many cards it has.
        wilds: How many of them are wild cards (jokers, or cards of a wild rank).
    """

    meld: MeldSpec
    cards: int
    size: int
    wilds: int


class Place(NamedTuple):
    """A place in the contract: a group or a run, and its minimum length."""

    kind: int
    length: int


class Level(NamedTuple):
    """What the fill needs to know of one place, in the order it fills them.

    Attributes:
        length: The place's minimum length.
        reserve: The cards the places after it take at least, and the card kept to
            discard: a longer meld here may use the rest.
        exact: Whether the meld has exactly its minimum length (R14).
        last: Whether it is the last place.
        together: Whether it is the last place of a round played at once (R24): it takes
            every card left.
        follow: Whether the next place is the same kind and length (taken in order).
        apart: Whether a run here must keep apart from the runs of its suit already chosen
            (R12): whether runs come before it.
    """

    length: int
    reserve: int
    exact: bool
    last: bool
    together: bool
    follow: bool
    apart: bool


#: A go-down: its melds in the order the places took them (sort them for GoDown's order).
Found = tuple[MeldSpec, ...]


@attrs.frozen
class Plan:
    """What the search knows of one round before it sees a hand: worked out once.

    Attributes:
        contract: The round's contract.
        places: The contract's places, groups then runs, longest first.
        exact: Whether melds have exactly their minimum lengths (R14).
        at_once: Whether the round goes out at once with the whole hand (R24).
        keep: How many cards going down must leave (R16): 1, or 0.
        final_discard: The variant's :attr:`~contract_rummy.Variant.final_discard`.
        check_touch: Whether two runs of the contract must not touch (R12).
        interchangeable: Whether places that could take the same meld always have the
            same length, so that taking their melds in order finds each go-down once.
        ordered: Whether the places of one kind all have one length: then the search
            finds each go-down's melds in :class:`~contract_rummy.GoDown`'s order.
        levels: What the fill needs to know of each place.
        group_size: The shortest group, or 0 without groups.
        groups: How many groups.
        run_size: The shortest run, or 0 without runs.
        runs: How many runs.
        least: The fewest cards a hand needs to go down: the contract's, and the card
            it keeps (R16).
        group_full: ``group_full[n]``: how many shortest groups ``n`` cards of a rank fill.
        group_short: ``group_short[n]``: how many cards ``n`` cards of a rank lack to fill
            one more shortest group, if they fill one partly; else 0.
        run_gains: What the runs can hold of each suit, by the suit's counts, filled as
            hands are met (see :class:`RunGains`); ``None`` without runs.
    """

    contract: Contract
    places: tuple[Place, ...]
    exact: bool
    at_once: bool
    keep: int
    final_discard: bool
    check_touch: bool
    interchangeable: bool
    ordered: bool
    levels: tuple[Level, ...]
    group_size: int
    groups: int
    run_size: int
    runs: int
    least: int
    group_full: bytes
    group_short: bytes
    run_gains: RunGains | None = attrs.field(eq=False)


def plan(variant: Variant, round_number: int, t: Tables | None = None) -> Plan:
    """The :class:`Plan` of round ``round_number`` of ``variant``, kept in its tables ``t``."""
    if t is None:
        t = tables(variant)
    found = t.plans.get(round_number)
    if found is None:
        contract = variant.contract(round_number)
        at_once = variant.at_once(round_number)
        exact = variant.exact_first_meld and not at_once
        places = (
            *(Place(GROUP, length) for length in contract.groups),
            *(Place(RUN, length) for length in contract.runs),
        )
        keep = 0 if at_once or not variant.final_discard else 1
        check_touch = not variant.runs_may_touch and len(contract.runs) > 1
        rest = tuple(sum(place.length for place in places[i:]) for i in range(len(places) + 1))
        ordered = all(
            len({place.length for place in places if place.kind == kind}) <= 1
            for kind in (GROUP, RUN)
        )
        group_size = min(contract.groups, default=0)
        found = t.plans[round_number] = Plan(
            contract=contract,
            places=places,
            exact=exact,
            at_once=at_once,
            keep=keep,
            final_discard=variant.final_discard,
            check_touch=check_touch,
            interchangeable=exact or ordered,
            ordered=ordered,
            levels=tuple(
                Level(
                    length=place.length,
                    reserve=rest[i + 1] + (0 if at_once else keep),
                    exact=exact,
                    last=i + 1 == len(places),
                    together=at_once and i + 1 == len(places),
                    follow=i + 1 < len(places) and places[i + 1] == place,
                    apart=check_touch
                    and place.kind == RUN
                    and i > 0
                    and places[i - 1].kind == RUN,
                )
                for i, place in enumerate(places)
            ),
            group_size=group_size,
            groups=len(contract.groups),
            run_size=min(contract.runs, default=0),
            runs=len(contract.runs),
            least=contract.min_cards + keep,
            group_full=_group_full(group_size),
            group_short=_group_short(group_size),
            run_gains=_run_gains(t, min(contract.runs)) if contract.runs else None,
        )
    return found


@functools.lru_cache(maxsize=8)
def _group_full(size: int) -> bytes:
    """:attr:`Plan.group_full` for groups of ``size`` (0: no groups), kept by size.

    Byte ``n`` is ``n // size``: each quotient repeated ``size`` times, in order (sorting
    the repeated quotients is one call, not one per byte).
    """
    if not size:
        return bytes(256)
    return bytes(sorted(bytes(range(min(256 // size + 1, 256))) * size))[:256]


@functools.lru_cache(maxsize=8)
def _group_short(size: int) -> bytes:
    """:attr:`Plan.group_short` for groups of ``size`` (0: no groups), kept by size.

    Byte ``n`` is ``size - n % size``, or 0 where ``size`` divides ``n``: one period of
    ``size`` bytes, repeated.
    """
    if not size:
        return bytes(256)
    return (bytes([0, *range(size - 1, 0, -1)]) * (256 // size + 1))[:256]


class RunGains(dict[bytes, tuple[int, ...]]):
    """What runs can hold of one suit's natural cards, run by run (R8, R14).

    Keyed by the suit's counts (``held[r - 1]`` cards of rank ``r``, wild or not), the
    most natural cards its first run can hold, what a second run adds at most, and so on,
    largest first, while they add anything. One memo serves every round whose shortest
    run has the same length (:func:`_run_gains`).

    In a suit a run holds at most as many natural cards as the suit's best window of the
    shortest run's length holds (a longer run never needs fewer wild cards), and the
    suit's runs together at most the cards the hand has of it: so each run adds that
    window's count until the suit's cards run out, then what is left of them. What runs
    can hold grows that way in every suit, never faster: so giving each run in turn to
    the suit where it adds the most is best, which adds up the largest gains of all suits
    (taking no more of a suit's than there are runs).
    """

    __slots__ = ("_best", "_length", "_tables")

    def __init__(self, t: Tables, length: int) -> None:
        super().__init__()
        self._tables = t
        self._length = length
        #: The best window's count by the positions held, far fewer than the counts: at
        #: most 2 ** 13 entries (a byte of 0 or 1 for each rank).
        self._best: dict[bytes, int] = {}

    def __missing__(self, held: bytes) -> tuple[int, ...]:
        positions = held.translate(_HELD)
        each = self._best.get(positions)
        if each is None:
            each = self._best[positions] = self._tables.best_run_window(self._length, positions)
        if len(self) >= MEMO_LIMIT:
            self.clear()
        # (a miss comes once in four look-ups early in a process: its gains are shared)
        gains = self[held] = _gains(each, sum(held))
        return gains


@functools.lru_cache(maxsize=1024)
def _gains(each: int, cards: int) -> tuple[int, ...]:
    """What runs hold of a suit whose best window holds ``each`` of its ``cards``, run by run.

    >>> _gains(4, 9), _gains(3, 3), _gains(0, 2)
    ((4, 4, 1), (3,), ())
    """
    if not each:
        return ()
    full, part = divmod(cards, each)
    return (each,) * full + (part,) * bool(part)


def _run_gains(t: Tables, length: int) -> RunGains:
    """The :class:`RunGains` of runs of at least ``length`` cards, kept in the tables ``t``."""
    found = t.run_gains.get(length)
    if found is None:
        found = t.run_gains[length] = RunGains(t, length)
    assert isinstance(found, RunGains)
    return found
