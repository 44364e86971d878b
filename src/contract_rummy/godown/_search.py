"""Finding every distinct go-down of a hand (R14, R12, R16, R24).

The search fills the contract's places one at a time from lists of candidate melds, and
works hard not to search at all:

- lower bounds on the wild cards the contract needs reject most hands before any
  candidate is listed (see :mod:`._bounds`);
- candidates are listed once per kind of place, from the whole hand, each with its cards
  packed into one integer (see :mod:`._tables`), so checking that the cards left still pay
  for a candidate, and taking them, are single integer operations;
- places of one kind and length are interchangeable, so their melds are taken in the order
  of the candidate list and each go-down is built once; where they are not (longer melds
  allowed), a set of the go-downs already found removes the repeats;
- in a round played at once (R24), the last meld is whatever the others leave, checked
  directly.

The go-downs come out in a fixed order: depth first over the places in contract order
(groups, then runs, longest first), each place's candidates in the order of
:class:`~._plan.MeldSpec`. What the search knows of a round before it sees a hand
is the round's plan (see :mod:`._plan`).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from typing import Final, NamedTuple

import attrs

from contract_rummy._hands import keeps_a_discard
from contract_rummy.cards import Card
from contract_rummy.godown._bounds import _at_once_slots, _runs_needed, _wilds_needed
from contract_rummy.godown._plan import GROUP, RUN, Candidate, Found, MeldSpec, Place, Plan, plan
from contract_rummy.godown._tables import CARDS_AT, LANE_BYTES, MEMO_LIMIT, Tables, tables
from contract_rummy.variants import Variant

__all__ = ["Choices", "Held", "Result", "search"]


class Choices(NamedTuple):
    """The candidates for a place that use at most so many wild cards, in list order.

    Attributes:
        candidates: The candidates.
        positions: Each one's position in the place's whole list of candidates; ``None``
            for the whole list itself.
    """

    candidates: tuple[Candidate, ...]
    positions: tuple[int, ...] | None


def _choices_row(candidates: tuple[Candidate, ...], wilds: int) -> list[Choices | None]:
    """``result[w]``: the candidates that use at most ``w`` wild cards, ``w`` up to ``wilds``.

    So a place never looks at melds that the wild cards left cannot pay for. Only the whole
    list is made here; :func:`_choices` makes the others when the search first needs them.
    """
    found: list[Choices | None] = [None] * (wilds + 1)
    found[wilds] = Choices(candidates, None)
    return found


def _choices(row: list[Choices | None], wilds: int) -> Choices:
    """``row[wilds]``, made from the whole list (the last of ``row``) if need be."""
    found = row[wilds]
    if found is None:
        whole = row[-1]
        assert whole is not None
        found = row[wilds] = Choices(
            tuple(c for c in whole.candidates if c.wilds <= wilds),
            tuple(i for i, c in enumerate(whole.candidates) if c.wilds <= wilds),
        )
    return found


class _Counts(NamedTuple):
    """What the search counts of a hand: each card, each rank, each suit's positions."""

    counts: list[int]
    ranks: list[int]
    suit_masks: list[int]
    wilds: int


@attrs.frozen
class _Search:
    """Everything the depth-first fill reads: fixed for one hand."""

    t: Tables
    plan: Plan
    guard: int
    #: ``choices[i][w]``: the candidates for ``places[i]`` that use at most ``w`` wild
    #: cards (shared by equal places).
    choices: tuple[list[Choices | None], ...]
    kept: int
    present: tuple[int, ...]


class Held(NamedTuple):
    """The wild cards of a hand, when they are of more than one kind.

    The search then counts them all as jokers (index 52) and finds skeletons: see
    :mod:`._wilds`, which puts the real cards back.

    Attributes:
        kinds: The card indices of the kinds held, ascending.
        counts: How many of each.
        kept: Which kind the card R17 keeps is (a position in ``kinds``), or -1.
        cards: How many cards the hand holds.
    """

    kinds: tuple[int, ...]
    counts: tuple[int, ...]
    kept: int
    cards: int


class Result(NamedTuple):
    """What :func:`search` finds.

    Attributes:
        found: The go-downs, or with :attr:`held`, their skeletons (each wild card
            counted as a joker, index 52), found as they are read.
        held: The kinds of wild card held, when more than one; else ``None``.
        single: When the hand holds wild cards of one kind only, its index, which the
            go-downs' 52s stand for (52 itself for jokers); else 52.
    """

    found: Iterator[Found]
    held: Held | None
    single: int


#: What :func:`search` finds in a hand that cannot meet its contract (an empty iterator
#: stays empty, so one serves every such hand).
_NOTHING: Final = Result(iter(()), None, 52)


def search(
    variant: Variant, round_number: int, hand: Sequence[Card], kept_card: Card | None
) -> Result:
    """Every distinct go-down ``hand`` can make in round ``round_number`` (R14, R24).

    Before the last round the hand must keep a card the player may discard (R16, R17);
    without a final discard it may keep nothing, but never only the card R17 keeps. The
    hand's wild cards are all counted as jokers: with more than one kind of them, the
    go-downs found are skeletons (see :class:`Result`).
    """
    t = tables(variant)
    p = t.plans.get(round_number) or plan(variant, round_number, t)
    total = len(hand)
    if total < p.least:
        return _NOTHING
    # Most hands cannot meet their contract: one sum over the hand tells the bound what it
    # needs, before anything else is counted.
    lanes = t.lanes
    counted = sum([lanes[card.index] for card in hand]).to_bytes(LANE_BYTES, "little")
    wilds = counted[0] + sum(counted[r] for r in t.wild_ranks) if t.wild_ranks else counted[0]
    if _wilds_needed(t, p, counted, wilds) > wilds:
        return _NOTHING
    counts = list(counted[CARDS_AT:])
    # The hand packed (see ._tables), and each suit's positions held.
    unit, suit_of, suit_bits = t.unit, t.suit_of, t.suit_bits
    packed = 0
    suit_masks = [0] * 5
    for card in hand:
        index = card.index
        packed += unit[index]
        suit_masks[suit_of[index]] |= suit_bits[index]
    kept = -1 if kept_card is None else kept_card.index
    held: Held | None = None
    single = 52
    if wilds and t.wild_ranks:
        kinds = tuple(w for w in t.wild if counts[w])
        if len(kinds) > 1:
            held = Held(
                kinds,
                tuple(counts[w] for w in kinds),
                kinds.index(kept) if kept in kinds else -1,
                total,
            )
            if kept in kinds:
                kept = -1  # which wild card is left over depends on the filling
        else:
            single = kinds[0]
            if kept == single:
                kept = 52
        for w in kinds:
            packed += (unit[52] - unit[w]) * counts[w]  # counted as jokers
            counts[w] = 0
        counts[52] = wilds
    if (
        p.at_once
        and not p.groups
        and (
            _runs_needed(t, counts) > p.runs
            or _at_once_slots(t, counts, p.run_size, p.runs) > wilds
        )
    ):
        return _NOTHING
    listed: dict[Place, list[Choices | None]] = {}
    have = _Counts(counts, list(counted[:CARDS_AT]), suit_masks, wilds)
    for place in dict.fromkeys(p.places):
        high = place.length if p.exact else total - (p.contract.min_cards - place.length) - p.keep
        found = _candidates(t, have, place, high)
        if not found:
            return _NOTHING  # nothing in the hand can fill this place
        listed[place] = _choices_row(found, wilds)
    context = _Search(
        t=t,
        plan=p,
        guard=t.guard,
        choices=tuple(listed[place] for place in p.places),
        kept=kept,
        present=tuple(index for index in range(53) if counts[index]) if p.at_once else (),
    )
    seen: set[Found] | None = None if p.interchangeable else set()
    return Result(_fill(context, 0, packed, total, wilds, 0, (), seen), held, single)


def _fill(
    s: _Search,
    i: int,
    hand: int,
    left: int,
    wilds: int,
    start: int,
    chosen: tuple[MeldSpec, ...],
    seen: set[Found] | None,
) -> Iterator[Found]:
    """Fill ``s.places[i:]`` from the packed ``hand``, yielding the go-downs found.

    The hand has ``left`` cards, ``wilds`` of them wild.

    ``start`` is where ``places[i]`` starts in its candidates: at the meld the same place
    before it took, so interchangeable places take their melds in order.
    """
    length, reserve, exact, last, together, follow, apart = s.plan.levels[i]
    high = length if exact else left - reserve
    if high < length:
        return
    if together:
        yield from _finish_at_once(s, s.plan.places[i], hand, left, chosen, seen)
        return
    row = s.choices[i]
    source, positions = row[wilds] or _choices(row, wilds)
    # Over the whole list, positions are indices; over part of it, look them up.
    first = bisect.bisect_left(positions, start) if start and positions is not None else start
    guard = s.guard
    held = hand | guard
    longer = not exact
    for at in range(first, len(source)):
        meld, cards, size, used = source[at]
        if (held - cards) & guard != guard or (longer and size > high):
            continue
        if apart and _touching(meld, chosen):
            continue
        if not last:
            next_start = (at if positions is None else positions[at]) if follow else 0
            yield from _fill(s, i + 1, hand - cards, left - size, wilds - used, next_start,
                             (*chosen, meld), seen)  # fmt: skip
        elif left - size > 1 or _keeps_a_discard(s, hand - cards, left - size):
            found = (*chosen, meld)
            if seen is None or _first_time(found, seen):
                yield found


def _keeps_a_discard(s: _Search, hand: int, left: int) -> bool:
    """R16, R17: whether the packed ``hand`` of ``left`` cards lets the player end the turn."""
    return keeps_a_discard(
        left,
        only_kept_left=left == 1 and s.kept >= 0 and s.t.count(hand, s.kept) > 0,
        final_discard=s.plan.final_discard,
    )


def _first_time(found: Found, seen: set[Found]) -> bool:
    """Whether ``found`` is new: ``seen`` does not hold the same melds in any order."""
    key = tuple(sorted(found))
    if key in seen:
        return False
    seen.add(key)
    return True


def _finish_at_once(
    s: _Search,
    place: Place,
    hand: int,
    left: int,
    chosen: tuple[MeldSpec, ...],
    seen: set[Found] | None,
) -> Iterator[Found]:
    """R24: the last place takes every card left, as one meld.

    After an interchangeable place, its meld is taken in order.
    """
    # Most hands fail at once: their natural cards are not all of one suit (for a run) or
    # of one rank (for a group), which the packed hand tells without listing its cards.
    t = s.t
    naturals = hand & t.natural_fields
    if naturals and not any(
        not naturals & ~fields
        for fields in (t.suit_fields if place.kind == RUN else t.rank_fields)
    ):
        return
    previous = chosen[-1] if chosen and s.plan.places[len(chosen) - 1] == place else None
    for candidate in _remainder(s, hand, place, left):
        meld = candidate.meld
        if previous is not None and meld < previous:
            continue
        if place.kind == RUN and s.plan.check_touch and _touching(meld, chosen):
            continue
        found = (*chosen, meld)
        if seen is None or _first_time(found, seen):
            yield found


def _touching(run: MeldSpec, chosen: tuple[MeldSpec, ...]) -> bool:
    """R12: whether ``run`` is contiguous with a run of the same suit already chosen."""
    for other in chosen:
        if (
            other.kind == RUN
            and other.key == run.key
            and (other.high + 1 == run.low or run.high + 1 == other.low)
        ):
            return True
    return False


# -- candidates ---------------------------------------------------------------------------------
#
# A place's candidates are listed rank by rank (groups) or suit by suit (runs). What a rank or
# a suit gives depends on few numbers of the hand, which hands share all the time: a rank's
# four counts and the wild cards held; a suit's held positions, how many of its ace are held
# (up to two: a run from ace to ace holds one at each end) and the wild cards held. So each
# rank's and each suit's list is kept in the variant's tables once worked out. Ranks and suits
# come in order and each list is sorted, so the whole list is sorted too.


def _candidates(t: Tables, hand: _Counts, place: Place, high: int) -> tuple[Candidate, ...]:
    shortest = place.length
    counts, wilds = hand.counts, hand.wilds
    held = tuple(counts[w] for w in t.wild)
    memo = t.candidates
    found: list[Candidate] = []
    if place.kind == GROUP:
        ranks = hand.ranks
        for rank in range(1, 14):
            if ranks[rank] + wilds < shortest:
                continue
            a, b, c, d = t.rank_cards[rank]
            key: tuple[object, ...] = (
                GROUP,
                rank,
                counts[a],
                counts[b],
                counts[c],
                counts[d],
                held,
                shortest,
                high,
            )
            listed = memo.get(key)
            if listed is None:
                listed = memo[key] = _listed(t, _groups(t, counts, rank, shortest, high))
            found.extend(listed)
        return tuple(found)
    high = min(high, t.longest)
    for suit in range(4):
        mask = hand.suit_masks[suit] & t.natural_positions[suit]
        aces = min(counts[13 * suit], 2)
        key = (RUN, suit, mask, aces, held, shortest, high)
        listed = memo.get(key)
        if listed is None:
            listed = memo[key] = _listed(t, _runs(t, counts, wilds, suit, mask, shortest, high))
        found.extend(listed)
    return tuple(found)


def _listed(t: Tables, melds: Iterator[MeldSpec]) -> tuple[Candidate, ...]:
    if len(t.candidates) >= MEMO_LIMIT:
        t.candidates.clear()
    unit, is_wild = t.unit, t.is_wild
    found = [
        Candidate(
            meld,
            sum(map(unit.__getitem__, meld.cards)),
            len(meld.cards),
            sum(map(is_wild.__getitem__, meld.cards)),
        )
        for meld in melds
    ]
    found.sort()
    return tuple(found)


def _groups(
    t: Tables, counts: list[int], rank: int, shortest: int, longest: int
) -> Iterator[MeldSpec]:
    pool = sorted(
        {*(x for x in t.rank_cards[rank] if counts[x]), *(w for w in t.wild if counts[w])}
    )
    for cards in _multisets(pool, counts, shortest, longest):
        yield MeldSpec(GROUP, rank, 0, cards)


def _multisets(
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


def _runs(
    t: Tables, counts: list[int], wilds: int, suit: int, mask: int, shortest: int, longest: int
) -> Iterator[MeldSpec]:
    window = (1 << shortest) - 1
    for low in range(t.lowest, t.highest - shortest + 2):
        if shortest - ((mask >> (low - 1)) & window).bit_count() > wilds:
            continue
        top = min(longest, t.highest - low + 1)
        for cards in _run_cards(t, counts, suit, low, shortest, top):
            yield MeldSpec(RUN, suit, low, cards)


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


def _remainder(s: _Search, hand: int, place: Place, left: int) -> Iterator[Candidate]:
    """The melds of ``place``'s kind that use exactly every card left (R24)."""
    t = s.t
    if left < place.length:
        return
    cards = t.indices(hand, s.present)
    naturals = [x for x in cards if not t.is_wild[x]]
    if place.kind == GROUP:
        ranks = {x % 13 + 1 for x in naturals}
        if len(ranks) > 1:
            return
        for rank in sorted(ranks) if ranks else range(1, 14):
            if all(t.is_wild[x] or x % 13 + 1 == rank for x in cards):
                yield Candidate(MeldSpec(GROUP, rank, 0, tuple(cards)), hand, left, 0)
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
    for suit in sorted(suits) if suits else range(4):
        for low in range(t.lowest, t.highest - left + 2):
            covered = span << (low - 1)
            if inside & ~covered or (aces and not aces & covered):
                continue
            for run in _run_cards(t, counts, suit, low, left, left):
                yield Candidate(MeldSpec(RUN, suit, low, run), hand, left, 0)
