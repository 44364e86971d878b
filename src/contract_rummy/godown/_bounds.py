"""Lower bounds that reject a hand before any candidate meld is listed (R8, R14, R24).

Most hands cannot meet their contract, and counting a hand costs far less than listing its
candidate melds (see :mod:`._candidates`): so the search first asks these bounds whether
the hand's wild cards could be enough. Each bound only needs to be low, never too high: it
may let a hand through that cannot go down (the search then finds nothing), but never
turns away one that can.

- :func:`wilds_needed`, for every hand: the wild cards the contract takes at least, each
  group what its rank lacks and each run what the best window of its suit lacks, read
  from the plan's tables (see :mod:`._plan`);
- :func:`runs_needed` and :func:`at_once_slots`, for a round of runs played at once
  (R24), where every card that is not wild must go into a run of its suit: the runs, and
  the wild cards, the whole hand needs;
- :func:`uncovered`, for a round of groups and runs played at once (R24), where every
  card that is not wild must go into a group of its rank or a run of its suit: checked
  before each place is filled, as it is cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import Final

from contract_rummy.godown._plan import Plan
from contract_rummy.godown._tables import CARDS_AT, MEMO_LIMIT, Tables

#: Where each suit's cards lie in a hand's counts (see :attr:`Tables.lanes`), by rank.
_SUIT_0, _SUIT_1, _SUIT_2, _SUIT_3 = (
    slice(CARDS_AT + 13 * suit, CARDS_AT + 13 * suit + 13) for suit in range(4)
)


def wilds_needed(t: Tables, p: Plan, counted: bytes, wilds: int) -> int:
    """A lower bound on the wild cards that meeting the contract takes from the hand.

    Each group needs what its rank lacks, taking the best ranks first. The runs hold at
    most the natural cards :class:`~._plan.RunGains` gives them, going to the suits where
    they would hold the most. ``counted`` holds the hand's counts by rank (wild or not;
    ``counted[0]`` the jokers) and by card (see :attr:`Tables.lanes`). The runs, quicker
    to count, come first: once they need more than ``wilds``, the groups are not
    counted.
    """
    need = 0
    gains = p.run_gains
    if gains is not None:
        runs = p.runs
        found = sorted(
            gains[counted[_SUIT_0]]
            + gains[counted[_SUIT_1]]
            + gains[counted[_SUIT_2]]
            + gains[counted[_SUIT_3]]
        )
        need = p.run_size * runs - sum(found[-runs:])
        if need > wilds:
            return need
    size = p.group_size
    if size:
        # Through the plan's byte tables, each rank's count turns into the groups it
        # fills, and into the cards that would fill one more (0 when it needs none).
        ranks = counted[1:14]
        missing = p.groups - sum(ranks.translate(p.group_full))
        if missing > 0:
            partial = sorted(ranks.translate(p.group_short).replace(b"\0", b""))
            partial.extend([size] * missing)
            need += sum(partial[:missing])
    return need


def runs_needed(counts: list[int]) -> int:
    """R24 with runs only: a lower bound on the runs the whole hand needs.

    Every card that is not wild must be in a run of its suit, and a run holds one card of
    each position (an ace two, at its two ends): so each suit needs as many runs as it
    has copies of one card. ``counts`` holds the hand's card counts as the search counts
    them: every wild card at index 52, none at the index of a wild rank.
    """
    needed = 0
    for ace in range(0, 52, 13):  # each suit's ace, then its ranks 2 to king
        most = max(counts[ace + 1 : ace + 13])
        aces = (counts[ace] + 1) // 2
        needed += aces if aces > most else most
    return needed


#: More wild cards than any hand holds: what a suit's runs need when they cannot hold it.
_NEVER: Final = 1 << 20


def at_once_slots(t: Tables, counts: list[int], size: int, runs: int) -> int:
    """R24 with runs only: a lower bound on the wild cards the whole hand needs.

    Every card that is not wild must be in a run of its suit, so each suit's runs hold
    all its natural cards, and the wild cards fill what they leave (:func:`_suit_slots`,
    by suit); the runs are shared out among the suits as cheaply as can be. ``counts``
    holds the hand's card counts, its wild cards counted at index 52 or as their ranks.
    """
    memo = t.suit_slots
    # best[u]: the fewest wild cards for the suits so far, with u runs among them.
    best = [0, *(_NEVER,) * runs]
    for suit in range(4):
        key = (size, runs, *counts[13 * suit : 13 * suit + 13])
        row = memo.get(key)
        if row is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            row = memo[key] = _suit_slots(t, key[2:], size, runs)
        best = [min(best[u - k] + row[k] for k in range(u + 1)) for u in range(runs + 1)]
    return best[runs]


def _suit_slots(t: Tables, held: Sequence[int], size: int, runs: int) -> tuple[int, ...]:
    """``result[k]``: at least the wild cards ``k`` runs of a suit need to hold ``held``.

    ``held[r - 1]`` counts the suit's cards of rank ``r``; those of wild ranks do not need
    a place. :data:`_NEVER` when ``k`` runs cannot hold them all.

    Runs of at least ``size`` cards each (R8) hold every held card at its position, an
    ace at either end. Wherever the runs lie, each position holds a card of each run over
    it: a position held ``n`` times needs ``n`` runs over it, and the runs hold at least
    as many cards as the positions they cover, with one more for each copy of a card
    beyond the first. What they cover is at most ``k`` stretches apart, each as long as a
    run at least and spanning the held positions in it (:func:`_covers`). Together the
    runs hold ``k * size`` cards at least too. Touching runs (R12) and the longest run are
    left out: the bound only needs to be low.
    """
    wild_ranks = t.wild_ranks
    lowest, highest = t.lowest, t.highest
    never = (_NEVER,) * (runs + 1)
    positions: list[int] = []
    cards = most = 0
    for rank in range(2, 14):
        copies = held[rank - 1]
        if copies and rank not in wild_ranks:
            if not lowest <= rank <= highest:
                return never
            positions.append(rank)
            cards += copies
            most = max(most, copies)
    aces = 0 if 1 in wild_ranks else held[0]
    cards += aces
    if not cards:
        return tuple(k * size for k in range(runs + 1))
    low, high = lowest <= 1, highest >= 14
    # Where the aces go (R8): all at the low end, all at the high end, or at both ends;
    # with each, the distinct positions held and the fewest runs over one of them.
    placings: list[tuple[list[int], int]] = []
    if not aces:
        placings.append((positions, most))
    else:
        if low:
            placings.append(([1, *positions], max(most, aces)))
        if high:
            placings.append(([*positions, 14], max(most, aces)))
        if low and high and aces > 1:
            placings.append(([1, *positions, 14], max(most, (aces + 1) // 2)))
    found = list(never)
    for spots, fewest in placings:
        covers = _covers(spots, size, runs)
        copies = cards - len(spots)
        for k in range(max(fewest, 1), runs + 1):
            found[k] = min(found[k], max(covers[k] + copies, k * size) - cards)
    return tuple(found)


def _covers(spots: list[int], size: int, runs: int) -> list[int]:
    """``result[k]``: the fewest positions that at most ``k`` stretches cover ``spots``.

    Each stretch is at least ``size`` long. A stretch covers spots next to each other in
    ``spots`` (ascending), so the stretches share them out in order; :data:`_NEVER` for
    no stretch. Two stretches never do better than one over spots next to each other on
    the line, so only the gaps between held positions are tried as places to part.
    """
    starts = [spots[0]]
    ends: list[int] = []
    for before, after in pairwise(spots):
        if after - before > 1:
            ends.append(before)
            starts.append(after)
    ends.append(spots[-1])
    n = len(starts)
    found = [_NEVER]
    # best[i]: the fewest positions that exactly so many stretches cover the first i
    # blocks of consecutive spots with.
    best = [0, *(_NEVER,) * n]
    for _ in range(runs):
        best = [
            _NEVER,
            *(
                min(best[a] + max(size, ends[i - 1] - starts[a] + 1) for a in range(i))
                for i in range(1, n + 1)
            ),
        ]
        found.append(min(found[-1], best[n]))
    return found


#: ``_LEFT[runs]``: each way to choose the suits that ``runs`` runs leave to the groups.
_LEFT: Final = tuple(tuple(combinations(range(4), 4 - runs)) for runs in range(5))


def uncovered(t: Tables, p: Plan, hand: int, first: int = 0) -> int:
    """R24 with groups and runs: the ranks the groups from place ``first`` on cannot hold.

    Every card of the packed ``hand`` that is not wild goes into a group of its rank or a
    run of its suit: the runs left take at most every natural card of as many suits, and
    the groups left a rank each of the rest. The result is, with the runs' suits chosen
    best, how many more ranks the rest holds than groups are left: above 0, no go-down.
    Places are groups, then runs (see :class:`~._plan.Plan`).
    """
    groups = max(p.groups - first, 0)
    runs = min(p.runs - max(first - p.groups, 0), 4)
    # Each suit's 13 fields, folded over each other: a field's value is below its guard
    # bit, so adding each field's lower bits carries into the guard just where it is
    # not 0, and the guard bits set are the ranks held (see ._tables).
    span = 13 * t.width
    chunk = (1 << span) - 1
    top = t.guard & chunk
    low = chunk ^ top
    naturals = hand & t.natural_fields
    held = [(((naturals >> (span * suit)) & chunk) + low) & top for suit in range(4)]
    fewest = 13
    for left in _LEFT[runs]:
        ranks = 0
        for suit in left:
            ranks |= held[suit]
        fewest = min(fewest, ranks.bit_count())
    return fewest - groups
