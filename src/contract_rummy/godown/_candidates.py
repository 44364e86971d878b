"""The candidate melds of a hand for each place of the contract (R7, R8, R14, R24).

A place's candidates are listed once, from the whole hand, before the search fills the
places; each comes with its cards packed into one integer (see :mod:`._tables`), so that
checking that the cards left still pay for it, and taking them, are single integer
operations.

They are listed rank by rank (groups) or suit by suit (runs). What a rank or a suit gives
depends on few numbers of the hand, which hands share all the time: a rank's four counts
and the wild cards held; a suit's held positions, how many of its ace are held (up to two:
a run from ace to ace holds one at each end) and the wild cards held. So each rank's and
each suit's list is kept in the variant's tables once worked out, each in a memo of its
own. A suit's held positions vary far more than a rank's counts, so a suit's list is made
from the lists of its windows (where a run starts, and the positions it may reach), kept
too. Ranks, suits and windows come in order and each list is sorted, so the whole list is
sorted too.

A miss in those memos, common early in a process, is made cheaper by one more memo: which
positions a group (of a rank's cards and the wild cards) or a run (step by step from where
it starts) takes depends on fewer numbers still, which every rank, suit and window shares,
so only the cards are looked up for each (:func:`multisets`, :func:`_run_cards`).

In a round played at once (R24) the last place takes whatever the other places leave:
:func:`remainder` lists the melds of exactly those cards.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, Final, NamedTuple

from contract_rummy.godown._plan import GROUP, RUN, Candidate, MeldSpec, Place
from contract_rummy.godown._tables import MEMO_LIMIT, Tables

#: Candidates as the memos keep them.
Listed = tuple[Candidate, ...]

#: ``Candidate(...)`` and ``MeldSpec(...)`` from a tuple of their fields: quicker than the
#: named tuples' own constructors, which are Python functions (a memo miss makes many).
_candidate: Final = functools.partial(tuple.__new__, Candidate)
_spec: Final = functools.partial(tuple.__new__, MeldSpec)


class Counts(NamedTuple):
    """What the search counts of a hand: each card, each rank, each suit's positions."""

    counts: list[int]
    ranks: list[int]
    suit_masks: list[int]
    wilds: int


def list_candidates(t: Tables, hand: Counts, place: Place, high: int) -> tuple[Candidate, ...]:
    shortest = place.length
    counts, wilds = hand.counts, hand.wilds
    found: list[Candidate] = []
    if place.kind == GROUP:
        memo = t.candidates
        ranks = hand.ranks
        for rank in range(1, 14):
            if ranks[rank] + wilds < shortest:
                continue
            a, b, c, d = t.rank_cards[rank]
            na, nb, nc, nd = counts[a], counts[b], counts[c], counts[d]
            # No group is longer than the rank's cards and the wild cards held: a longer
            # limit lists the same groups, so it shares their entry.
            most = na + nb + nc + nd + wilds
            most = high if high < most else most
            # (the search counts every wild card as a joker: ``wilds`` says what they are)
            key = (rank, na, nb, nc, nd, wilds, shortest, most)
            listed = memo.get(key)
            if listed is None:
                listed = _keep(memo, key, _listed(t, _groups(t, counts, rank, shortest, most)))
            found.extend(listed)
        return tuple(found)
    high = min(high, t.longest)
    runs = t.suit_runs
    for suit in range(4):
        mask = hand.suit_masks[suit] & t.natural_positions[suit]
        # No run is longer than the suit's positions held (an ace holds both of its own)
        # and the wild cards: a longer limit lists the same runs, so it shares their entry.
        most = mask.bit_count() + wilds
        most = high if high < most else most
        # Only a run of 14 cards may hold the ace at both ends (R8): a shorter one never
        # asks how many aces there are, so hands differing only in that share their lists.
        aces = min(counts[13 * suit], 2) if most >= 14 else 0
        suit_key = (suit, mask, aces, wilds, shortest, most)
        listed = runs.get(suit_key)
        if listed is None:
            listed = _keep(
                runs, suit_key, _suit_runs(t, counts, wilds, suit, mask, shortest, most)
            )
        found.extend(listed)
    return tuple(found)


def _keep(memo: dict[tuple[Any, ...], Listed], key: tuple[Any, ...], listed: Listed) -> Listed:
    """``listed``, kept in ``memo`` under ``key``; a full memo starts afresh first."""
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = listed
    return listed


def _listed(t: Tables, melds: Iterator[MeldSpec]) -> Listed:
    unit, is_wild = t.unit, t.is_wild
    found: list[Candidate] = []
    for meld in melds:
        # A plain loop: for a meld's few cards, over twice as quick as sum() of a map.
        packed = wilds = 0
        for card in meld.cards:
            packed += unit[card]
            wilds += is_wild[card]
        found.append(_candidate((meld, packed, len(meld.cards), wilds)))
    found.sort()
    return tuple(found)


def _groups(
    t: Tables, counts: list[int], rank: int, shortest: int, longest: int
) -> Iterator[MeldSpec]:
    pool = sorted(
        {*(x for x in t.rank_cards[rank] if counts[x]), *(w for w in t.wild if counts[w])}
    )
    for cards in multisets(pool, counts, shortest, longest):
        yield _spec((GROUP, rank, 0, cards))


def multisets(
    pool: list[int], counts: list[int], shortest: int, longest: int
) -> list[tuple[int, ...]]:
    """Every multiset of ``shortest``..``longest`` cards from ``pool``, in pool order.

    Each is sorted as ``pool`` is; the multisets come in no useful order.
    """
    takes = tuple([min(counts[x], longest) for x in pool])
    # Which positions of the pool a multiset takes depends on few numbers, which ranks
    # share: so those are kept, and only the cards are looked up for each rank.
    key = (takes, shortest, longest)
    found = _SHAPES.get(key)
    if found is None:
        if len(_SHAPES) >= MEMO_LIMIT:
            _SHAPES.clear()
        found = _SHAPES[key] = _shapes(takes, shortest, longest)
    at = pool.__getitem__
    return [tuple(map(at, shape)) for shape in found]


#: :func:`_shapes` by its arguments; at most :data:`MEMO_LIMIT` are kept.
_SHAPES: dict[tuple[tuple[int, ...], int, int], list[tuple[int, ...]]] = {}


def _shapes(takes: tuple[int, ...], shortest: int, longest: int) -> list[tuple[int, ...]]:
    """:func:`multisets` of the positions of a pool, ``takes[i]`` of position ``i`` at most."""
    # found[i]: the multisets of positions before i that, with what the positions from i
    # can add, still reach ``shortest``.
    reach = sum(takes)
    if reach < shortest:
        return []
    found: list[tuple[int, ...]] = [()]
    for position, most in enumerate(takes):
        reach -= most
        found = [
            cards + (position,) * take
            for cards in found
            for take in range(min(most, longest - len(cards)) + 1)
            if len(cards) + take + reach >= shortest
        ]
    return found


def _suit_runs(
    t: Tables, counts: list[int], wilds: int, suit: int, mask: int, shortest: int, longest: int
) -> Listed:
    """The runs of the suit, ``mask`` its natural positions held, window by window.

    A window is where a run starts and the positions it may reach: its runs depend on
    those positions held and the wild cards only, which hands share far more often than
    a suit's whole ``mask``; so each window's runs are kept in the tables' ``windows``.
    """
    # Most suits that reach this hold no window's worth of cards: told without a window.
    if mask.bit_count() + wilds < shortest:
        return ()
    if not wilds:
        full = mask  # the positions where ``shortest`` natural cards in a row start
        for step in range(1, shortest):
            full &= mask >> step
        if not full:
            return ()
    memo = t.windows
    found: list[Candidate] = []
    window = (1 << shortest) - 1
    # R8: an ace at both ends takes two of it; only a run from the low ace may.
    aces = min(counts[13 * suit], 2)
    for low, widest, both in _windows(t.lowest, t.highest, shortest, longest):
        bits = mask >> (low - 1)
        if shortest - (bits & window).bit_count() > wilds:
            continue
        # A run from ``low`` reaches no further than the positions held in the window and
        # the wild cards: a wider window lists the same runs, so it shares their entry.
        top = min((bits & ((1 << widest) - 1)).bit_count() + wilds, widest)
        key = (suit, low, bits & ((1 << top) - 1), aces if both and top == widest else 0,
               wilds if wilds < top else top, shortest, top)  # fmt: skip
        listed = memo.get(key)
        if listed is None:
            cards = _run_cards(t, counts, suit, low, shortest, top)
            listed = _keep(memo, key, _listed(t, (_spec((RUN, suit, low, c)) for c in cards)))
        found.extend(listed)
    return tuple(found)


@functools.lru_cache(maxsize=64)
def _windows(
    lowest: int, highest: int, shortest: int, longest: int
) -> tuple[tuple[int, int, bool], ...]:
    """The windows of a suit's runs, worked out once per variant's positions and lengths.

    Each is where it starts, how many cards from there a run may take, and whether a run
    there may hold the ace at both ends (R8).
    """
    found = []
    for low in range(lowest, highest - shortest + 2):
        top = min(longest, highest - low + 1)
        found.append((low, top, low == 1 and top == 14))
    return tuple(found)


def _run_cards(
    t: Tables, counts: list[int], suit: int, low: int, shortest: int, longest: int
) -> list[tuple[int, ...]]:
    """Every run of the suit from ``low``, of ``shortest`` to ``longest`` cards (R8).

    Position by position, a run takes the natural card if ``counts`` holds it, or a wild
    card: the search counts every wild card as a joker (index 52). Shorter runs come
    first; runs of one length in order, the natural card before the wild card at each
    position.
    """
    row, is_wild = t.at[suit], t.is_wild
    top = min(longest, len(row) - low)
    # The positions held from ``low`` (as bits), and whether the ace is held twice.
    held = 0
    for step in range(top):
        natural = row[low + step]
        if counts[natural] and not is_wild[natural]:
            held |= 1 << step
    ace = row[1]
    twice = low == 1 and top == 14 and counts[ace] > 1 and not is_wild[ace]
    # A run's cards from its shape: step k is the card at position low + k, ``top`` a wild.
    cards = (*row[low : low + top], 52)
    at = cards.__getitem__
    return [tuple(map(at, shape)) for shape in _run_shapes(held, twice, counts[52], shortest, top)]


def _run_shapes(
    held: int, twice: bool, wilds: int, shortest: int, longest: int
) -> list[tuple[int, ...]]:
    """:func:`_run_cards` by steps from the run's first position, whatever its suit and low.

    ``held`` has bit k set when the natural card k steps up is held; ``twice``, when a run
    may take the ace at both ends (R8). Step ``longest`` stands for a wild card. These
    depend on few numbers, which suits and windows share: so they are kept.
    """
    wilds = min(wilds, longest)
    key = (held, twice, wilds, shortest, longest)
    found = _RUN_SHAPES.get(key)
    if found is not None:
        return found
    found = []
    # The runs so far, each with the wild cards it leaves.
    level: list[tuple[tuple[int, ...], int]] = [((), wilds)]
    for step in range(longest):
        natural = held >> step & 1
        grown: list[tuple[tuple[int, ...], int]] = []
        for steps, left in level:
            # An ace at both ends (R8) takes two of it (13 steps up is the ace again).
            if natural and (step != 13 or twice or steps[0]):
                grown.append(((*steps, step), left))
            if left:
                grown.append(((*steps, longest), left - 1))
        level = grown
        if not level:
            break
        if step + 1 >= shortest:
            found.extend(steps for steps, _ in level)
    if len(_RUN_SHAPES) >= MEMO_LIMIT:
        _RUN_SHAPES.clear()
    _RUN_SHAPES[key] = found
    return found


#: :func:`_run_shapes` by its arguments; at most :data:`MEMO_LIMIT` are kept.
_RUN_SHAPES: dict[tuple[int, bool, int, int, int], list[tuple[int, ...]]] = {}


def remainder(
    t: Tables,
    present: tuple[int, ...],
    hand: int,
    place: Place,
    left: int,
    least: MeldSpec | None = None,
) -> Iterator[Candidate]:
    """The melds of ``place``'s kind that use exactly every card left (R24), in order.

    The packed ``hand`` holds the ``left`` cards, of the card indices ``present``. With
    ``least``, ranks (or suits, and a suit's positions) below its own are left out: the
    melds that sort before it are fewer, not all gone.
    """
    if left < place.length:
        return
    cards = t.indices(hand, present)
    naturals = [x for x in cards if not t.is_wild[x]]
    wilds = left - len(naturals)
    if place.kind == GROUP:
        ranks = {x % 13 + 1 for x in naturals}
        if len(ranks) > 1:
            return
        for rank in sorted(ranks) if ranks else range(1 if least is None else least.key, 14):
            if all(t.is_wild[x] or x % 13 + 1 == rank for x in cards):
                yield Candidate(MeldSpec(GROUP, rank, 0, tuple(cards)), hand, left, wilds)
        return
    if left > t.longest:
        return
    suits = {x // 13 for x in naturals}
    if len(suits) > 1:
        return
    counts = [0] * 53
    for x in cards:
        counts[x] += 1
    # The run must reach every natural card's position, and one of an ace's two ends.
    inside = aces = 0
    for x in naturals:
        if x % 13:
            inside |= t.suit_bits[x]
        else:
            aces = t.suit_bits[x]
    span = (1 << left) - 1
    # Melds of wild cards only (no suit of their own) are of every suit: most of them
    # sort before ``least`` when it is given.
    first, lowest = (0, 0) if least is None else (least.key, least.low)
    for suit in sorted(suits) if suits else range(first, 4):
        start = max(t.lowest, lowest) if suit == first else t.lowest
        for low in range(start, t.highest - left + 2):
            covered = span << (low - 1)
            if inside & ~covered or (aces and not aces & covered):
                continue
            for run in _run_cards(t, counts, suit, low, left, left):
                yield Candidate(MeldSpec(RUN, suit, low, run), hand, left, wilds)
