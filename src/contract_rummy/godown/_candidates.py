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

In a round played at once (R24) the last place takes whatever the other places leave:
:func:`remainder` lists the melds of exactly those cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from contract_rummy.godown._plan import GROUP, RUN, Candidate, MeldSpec, Place
from contract_rummy.godown._tables import MEMO_LIMIT, Tables

#: Candidates as the memos keep them.
Listed = tuple[Candidate, ...]


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
            # (the search counts every wild card as a joker: ``wilds`` says what they are)
            key = (rank, counts[a], counts[b], counts[c], counts[d], wilds, shortest, high)
            listed = memo.get(key)
            if listed is None:
                listed = _keep(memo, key, _listed(t, _groups(t, counts, rank, shortest, high)))
            found.extend(listed)
        return tuple(found)
    high = min(high, t.longest)
    runs = t.suit_runs
    for suit in range(4):
        mask = hand.suit_masks[suit] & t.natural_positions[suit]
        aces = min(counts[13 * suit], 2)
        suit_key = (suit, mask, aces, wilds, shortest, high)
        listed = runs.get(suit_key)
        if listed is None:
            listed = _keep(
                runs, suit_key, _suit_runs(t, counts, wilds, suit, mask, shortest, high)
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
        found.append(Candidate(meld, packed, len(meld.cards), wilds))
    found.sort()
    return tuple(found)


def _groups(
    t: Tables, counts: list[int], rank: int, shortest: int, longest: int
) -> Iterator[MeldSpec]:
    pool = sorted(
        {*(x for x in t.rank_cards[rank] if counts[x]), *(w for w in t.wild if counts[w])}
    )
    for cards in multisets(pool, counts, shortest, longest):
        yield MeldSpec(GROUP, rank, 0, cards)


def multisets(
    pool: list[int], counts: list[int], shortest: int, longest: int
) -> list[tuple[int, ...]]:
    """Every multiset of ``shortest``..``longest`` cards from ``pool``, in pool order.

    Each is sorted as ``pool`` is; the multisets come in no useful order.
    """
    takes = [min(counts[x], longest) for x in pool]
    # found[i]: the multisets of pool[:i] that, with what pool[i:] can add, still reach
    # ``shortest`` cards.
    reach = sum(takes)
    if reach < shortest:
        return []
    found: list[tuple[int, ...]] = [()]
    for card, most in zip(pool, takes, strict=True):
        reach -= most
        found = [
            cards + (card,) * take
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
    memo = t.windows
    found: list[Candidate] = []
    window = (1 << shortest) - 1
    for low in range(t.lowest, t.highest - shortest + 2):
        if shortest - ((mask >> (low - 1)) & window).bit_count() > wilds:
            continue
        top = min(longest, t.highest - low + 1)
        # R8: an ace at both ends takes two of it; only a run from the low ace may.
        aces = min(counts[13 * suit], 2) if low == 1 and top == 14 else 0
        key = (suit, low, (mask >> (low - 1)) & ((1 << top) - 1), aces, min(wilds, top),
               shortest, top)  # fmt: skip
        listed = memo.get(key)
        if listed is None:
            cards = _run_cards(t, counts, suit, low, shortest, top)
            listed = _keep(memo, key, _listed(t, (MeldSpec(RUN, suit, low, c) for c in cards)))
        found.extend(listed)
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
    found: list[tuple[int, ...]] = []
    # The runs so far, each with the wild cards it leaves.
    level: list[tuple[tuple[int, ...], int]] = [((), counts[52])]
    for length in range(1, longest + 1):
        position = low + length - 1
        natural = row[position]
        held = 0 if is_wild[natural] else counts[natural]
        grown: list[tuple[tuple[int, ...], int]] = []
        for cards, wilds in level:
            # An ace at both ends (R8) takes two of it.
            if held > (position == 14 and cards[:1] == (natural,)):
                grown.append(((*cards, natural), wilds))
            if wilds:
                grown.append(((*cards, 52), wilds - 1))
        level = grown
        if not level:
            break
        if length >= shortest:
            found.extend(cards for cards, _ in level)
    return found


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
