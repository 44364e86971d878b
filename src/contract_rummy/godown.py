"""The go-down search: every distinct way a hand can meet its contract (R14, R12, R24).

The search works on card counts (a list of 53 numbers, one per distinct card), fills the
contract's melds one at a time, and prunes early:

- a lower bound on the wild cards the contract still needs rejects most hands at once;
- melds filling two interchangeable places of the contract are taken in order, so each
  go-down is built once; where places are not interchangeable (longer melds allowed), a set
  of the go-downs already found removes the repeats;
- in the last round (R24) the last meld is whatever the other melds leave, checked directly.

This module only finds and checks candidate go-downs; :mod:`contract_rummy.engine` decides
when going down is allowed at all.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final, TypeAlias

import attrs

from contract_rummy.cards import JOKER, NATURALS, Card, Rank, Suit
from contract_rummy.contracts import Contract
from contract_rummy.melds import Group, Run, group_problem, run_problem
from contract_rummy.variants import AceRule, Variant

__all__ = ["godown_problem", "iter_go_downs"]

_CARDS: Final = (*NATURALS, JOKER)
_SUITS: Final = tuple(Suit)
_RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
GROUP: Final = 0
RUN: Final = 1

#: A meld found by the search: (kind, rank or suit index, low, card indices).
Spec: TypeAlias = tuple[int, int, int, tuple[int, ...]]
#: A place in the contract: (kind, minimum length).
Slot: TypeAlias = tuple[int, int]
#: What a candidate meld takes from the hand: (card index, copies) pairs.
Needs: TypeAlias = tuple[tuple[int, int], ...]


@attrs.frozen
class _Tables:
    """What the search needs to know about a variant, computed once per variant."""

    wild: tuple[int, ...]
    is_wild: tuple[bool, ...]
    lowest: int
    highest: int
    max_run: int
    rank_types: tuple[tuple[int, ...], ...]
    #: ``positions[suit][p - 1]``: the card index at position ``p`` (1-14) of a run.
    positions: tuple[tuple[int, ...], ...]

    def natural(self, suit: int, position: int) -> int:
        """The card index at ``position`` (1-14) of a run of the suit with index ``suit``."""
        return self.positions[suit][position - 1]


@functools.lru_cache(maxsize=64)
def _tables(variant: Variant) -> _Tables:
    is_wild = tuple(variant.is_wild(card) for card in _CARDS)
    return _Tables(
        wild=tuple(index for index, wild in enumerate(is_wild) if wild),
        is_wild=is_wild,
        lowest=2 if variant.aces is AceRule.HIGH else 1,
        highest=13 if variant.aces is AceRule.LOW else 14,
        max_run=variant.max_run_length,
        rank_types=((), *(tuple(13 * s + r - 1 for s in range(4)) for r in range(1, 14))),
        positions=tuple(tuple(13 * s + p % 13 for p in range(14)) for s in range(4)),
    )


def _suit_masks(t: _Tables, cnt: list[int]) -> list[int]:
    """For each suit, a bit per run position (bit ``p - 1``) whose natural card is held."""
    masks = []
    for row in t.positions:
        mask = 0
        for bit, index in enumerate(row):
            if cnt[index]:
                mask |= 1 << bit
        masks.append(mask)
    return masks


def counts(cards: Sequence[Card]) -> list[int]:
    """The hand as 53 counts, indexed by :attr:`Card.index`."""
    result = [0] * 53
    for card in cards:
        result[card.index] += 1
    return result


def slots(contract: Contract) -> tuple[Slot, ...]:
    """The contract's places, groups first, longest first."""
    return tuple((GROUP, length) for length in contract.groups) + tuple(
        (RUN, length) for length in contract.runs
    )


# -- candidates for one meld -----------------------------------------------------------------


def _groups(t: _Tables, cnt: list[int], low_len: int, high_len: int) -> Iterator[Spec]:
    for rank in range(1, 14):
        pool = sorted({*(x for x in t.rank_types[rank] if cnt[x]), *(w for w in t.wild if cnt[w])})
        if sum(cnt[x] for x in pool) < low_len:
            continue
        for types in _multisets(pool, cnt, low_len, high_len):
            yield (GROUP, rank, 0, types)


def _multisets(
    pool: list[int], cnt: list[int], low_len: int, high_len: int
) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``low_len``..``high_len`` cards from ``pool``, types in order."""
    chosen: list[int] = []

    def extend(i: int) -> Iterator[tuple[int, ...]]:
        if i == len(pool):
            if low_len <= len(chosen):
                yield tuple(chosen)
            return
        kind = pool[i]
        room = min(cnt[kind], high_len - len(chosen))
        for take in range(room + 1):
            chosen.extend((kind,) * take)
            yield from extend(i + 1)
            del chosen[len(chosen) - take :]

    return extend(0)


def _runs(t: _Tables, cnt: list[int], low_len: int, high_len: int) -> Iterator[Spec]:
    wild_total = sum(cnt[w] for w in t.wild)
    high_len = min(high_len, t.max_run)
    window = (1 << low_len) - 1
    for suit, mask in enumerate(_suit_masks(t, cnt)):
        for low in range(t.lowest, t.highest - low_len + 2):
            if low_len - ((mask >> (low - 1)) & window).bit_count() > wild_total:
                continue
            longest = min(high_len, t.highest - low + 1)
            for types in _run_cards(t, cnt, suit, low, low_len, longest):
                yield (RUN, suit, low, types)


def _run_cards(
    t: _Tables, cnt: list[int], suit: int, low: int, low_len: int, high_len: int
) -> Iterator[tuple[int, ...]]:
    """Every run of the suit from ``low``, position by position, with wilds anywhere."""
    chosen: list[int] = []

    def extend(position: int) -> Iterator[tuple[int, ...]]:
        if len(chosen) >= low_len:
            yield tuple(chosen)
        if len(chosen) == high_len:
            return
        natural = t.natural(suit, position)
        options = [natural] if cnt[natural] and not t.is_wild[natural] else []
        options.extend(w for w in t.wild if cnt[w])
        for kind in options:
            cnt[kind] -= 1
            chosen.append(kind)
            yield from extend(position + 1)
            chosen.pop()
            cnt[kind] += 1

    return extend(low)


def _candidates(t: _Tables, cnt: list[int], slot: Slot, high_len: int) -> Iterator[Spec]:
    kind, low_len = slot
    if kind == GROUP:
        return _groups(t, cnt, low_len, high_len)
    return _runs(t, cnt, low_len, high_len)


# -- the whole go-down -----------------------------------------------------------------------


def _touching(spec: Spec, chosen: list[Spec]) -> bool:
    """R12: whether a run is contiguous with a run of the same suit already chosen."""
    _, suit, low, types = spec
    high = low + len(types) - 1
    for other in chosen:
        if other[0] == RUN and other[1] == suit:
            other_high = other[2] + len(other[3]) - 1
            if other_high + 1 == low or high + 1 == other[2]:
                return True
    return False


def _wilds_needed(t: _Tables, cnt: list[int], places: Sequence[Slot]) -> int:
    """A lower bound on the wild cards that filling ``places`` takes from ``cnt``.

    Each group needs what its rank lacks, taking the best ranks first; each run needs at
    least what the best window of its length lacks. Longer melds never need fewer.
    """
    need = 0
    group_lengths = [length for kind, length in places if kind == GROUP]
    if group_lengths:
        size = min(group_lengths)
        full = 0
        partial: list[int] = []
        for types in t.rank_types[1:]:
            naturals = cnt[types[0]] + cnt[types[1]] + cnt[types[2]] + cnt[types[3]]
            full += naturals // size
            if naturals % size:
                partial.append(size - naturals % size)
        missing = len(group_lengths) - full
        if missing > 0:
            partial.sort()
            partial.extend([size] * missing)
            need += sum(partial[:missing])
    run_lengths = [length for kind, length in places if kind == RUN]
    if run_lengths:
        size = min(run_lengths)
        window = (1 << size) - 1
        best = max(
            ((mask >> (low - 1)) & window).bit_count()
            for mask in _suit_masks(t, cnt)
            for low in range(t.lowest, t.highest - size + 2)
        )
        need += (size - best) * len(run_lengths)
    return need


def iter_go_downs(
    variant: Variant,
    round_number: int,
    hand: Sequence[Card],
    kept_card: Card | None,
) -> Iterator[tuple[Group | Run, ...]]:
    """Every distinct go-down ``hand`` can make in round ``round_number`` (R14, R24).

    Each go-down is a tuple of melds in the canonical order of :class:`GoDown`. Before the last
    round the hand must keep a card the player may discard (R16, R17); without a final
    discard it may keep nothing, but never only the card R17 keeps.
    """
    t = _tables(variant)
    contract = variant.contract(round_number)
    places = slots(contract)
    at_once = variant.at_once(round_number)
    exact = variant.exact_first_meld and not at_once
    cnt = counts(hand)
    total = len(hand)
    keep = 0 if at_once or not variant.final_discard else 1
    if total < contract.min_cards + keep:
        return
    wild_total = sum(cnt[w] for w in t.wild)
    if _wilds_needed(t, cnt, places) > wild_total:
        return
    if at_once and not contract.groups:
        # R24 with runs only: each suit held needs a run of its own.
        suits = {x // 13 for x in range(52) if cnt[x] and not t.is_wild[x]}
        if len(suits) > len(contract.runs):
            return
    kept = -1 if kept_card is None else kept_card.index
    # Places of one kind and length are interchangeable: their melds are taken in order.
    # Otherwise a longer meld could fill either of two places, so repeats are filtered out.
    interchangeable = exact or all(
        len({length for k, length in places if k == kind}) <= 1 for kind in (GROUP, RUN)
    )
    seen: set[tuple[Spec, ...]] | None = None if interchangeable else set()
    # Each kind of place gets its candidates once, from the whole hand; deeper in the search
    # a candidate is kept when the cards still left can pay for it.
    candidates: dict[Slot, list[tuple[Spec, Needs]]] = {}
    for slot in dict.fromkeys(places):
        others = contract.min_cards - slot[1]
        high_len = slot[1] if exact else total - others - keep
        listed = sorted(
            (spec, tuple(Counter(spec[3]).items())) for spec in _candidates(t, cnt, slot, high_len)
        )
        if not listed:
            return  # nothing in the hand can fill this place
        candidates[slot] = listed
    chosen: list[Spec] = []

    def fill(i: int, left: int, start: int) -> Iterator[tuple[Spec, ...]]:
        if i == len(places):
            if at_once:
                if left:
                    return
            elif (keep and not left) or (left == 1 and kept >= 0 and cnt[kept]):
                return  # R16: no card left that may be discarded (R17)
            if seen is not None:
                key = tuple(sorted(chosen))
                if key in seen:
                    return
                seen.add(key)
            yield tuple(chosen)
            return
        slot = places[i]
        rest = places[i + 1 :]
        rest_min = sum(length for _, length in rest)
        high_len = slot[1] if exact else left - rest_min - (0 if at_once else keep)
        if high_len < slot[1]:
            return
        same_next = bool(rest) and rest[0] == slot
        source: list[tuple[Spec, Needs]]
        if at_once and not rest:
            previous = chosen[-1] if i and places[i - 1] == slot else None
            source = [
                (spec, ())
                for spec in _remainder(t, cnt, slot, left)
                if previous is None or spec >= previous
            ]
            start = 0
        else:
            source = candidates[slot]
        for index in range(start, len(source)):
            spec, needs = source[index]
            used = spec[3]
            if len(used) > high_len:
                continue
            short = False
            for x, n in needs:
                if cnt[x] < n:
                    short = True
                    break
            if short:
                continue
            if spec[0] == RUN and not variant.runs_may_touch and _touching(spec, chosen):
                continue
            for x in used:
                cnt[x] -= 1
            if len(rest) < 2 or _wilds_needed(t, cnt, rest) <= sum(cnt[w] for w in t.wild):
                chosen.append(spec)
                # Interchangeable places take their melds in order: each go-down once.
                yield from fill(i + 1, left - len(used), index if same_next else 0)
                chosen.pop()
            for x in used:
                cnt[x] += 1

    built: dict[Spec, Group | Run] = {}
    for found in fill(0, total, 0):
        melds = []
        for spec in sorted(found):  # the canonical order of GoDown.melds
            meld = built.get(spec)
            if meld is None:
                meld = built[spec] = _build(spec, variant)
            melds.append(meld)
        yield tuple(melds)


def _remainder(t: _Tables, cnt: list[int], slot: Slot, left: int) -> Iterator[Spec]:
    """The melds of kind ``slot`` that use exactly every card left (R24)."""
    kind, low_len = slot
    if left < low_len:
        return
    types = [x for x in range(53) for _ in range(cnt[x])]
    naturals = [x for x in types if not t.is_wild[x]]
    if kind == GROUP:
        ranks = {x % 13 + 1 for x in naturals}
        candidates = ranks if ranks else set(range(1, 14))
        if len(candidates) > 1 and naturals:
            return
        for rank in sorted(candidates):
            if all(t.is_wild[x] or x % 13 + 1 == rank for x in types):
                yield (GROUP, rank, 0, tuple(types))
        return
    if left > t.max_run:
        return
    suits = {x // 13 for x in naturals}
    if len(suits) > 1:
        return
    for suit in sorted(suits) if suits else range(4):
        for low in range(t.lowest, t.highest - left + 2):
            for run in _run_cards(t, cnt, suit, low, left, left):
                yield (RUN, suit, low, run)


def _build(spec: Spec, variant: Variant) -> Group | Run:
    # The search only finds valid melds (the tests check it against the meld rules).
    kind, key, low, types = spec
    cards = tuple(_CARDS[x] for x in types)
    if kind == GROUP:
        return Group._trusted(_RANKS[key - 1], cards, variant)
    return Run._trusted(_SUITS[key], low, cards, variant)


# -- checking one go-down ----------------------------------------------------------------------


def godown_problem(
    variant: Variant,
    round_number: int,
    hand: Sequence[Card],
    kept_card: Card | None,
    melds: Sequence[Group | Run],
) -> str | None:
    """Why ``melds`` is not a legal go-down from ``hand``, or ``None`` if it is.

    The message starts with the number of the rule that refuses it.
    """
    contract = variant.contract(round_number)
    at_once = variant.at_once(round_number)
    for meld in melds:
        if isinstance(meld, Group):
            problem = group_problem(meld.rank, meld.cards, variant)
        else:
            problem = run_problem(meld.suit, meld.low, meld.cards, variant)
        if problem:
            return problem
    groups = sorted((len(m) for m in melds if isinstance(m, Group)), reverse=True)
    runs = sorted((len(m) for m in melds if isinstance(m, Run)), reverse=True)
    exact = variant.exact_first_meld and not at_once
    if not _fits(groups, contract.groups, exact=exact) or not _fits(
        runs, contract.runs, exact=exact
    ):
        rule = "R24" if at_once else "R14"
        got = str(Contract(groups=groups, runs=runs)) if melds else "no melds"
        return f"{rule}: round {round_number} needs {contract}; got {got}"
    cnt = counts(hand)
    for meld in melds:
        for card in meld.cards:
            cnt[card.index] -= 1
            if cnt[card.index] < 0:
                return f"R9: the melds use {card} more often than the hand holds it"
    if not variant.runs_may_touch:
        specs = [
            (RUN, _SUITS.index(m.suit), m.low, tuple(c.index for c in m.cards))
            for m in melds
            if isinstance(m, Run)
        ]
        for i, spec in enumerate(specs):
            if _touching(spec, specs[:i]):
                return f"R12: two runs of {_SUITS[spec[1]].name.lower()} may not be contiguous"
    left = sum(cnt)
    if at_once:
        if left:
            return f"R24: going down in round {round_number} takes the whole hand at once"
        return None
    kept = kept_card.index if kept_card is not None else -1
    if (left == 0 and variant.final_discard) or (left == 1 and kept >= 0 and cnt[kept]):
        return "R16: going down must leave a card that may be discarded"
    return None


def _fits(lengths: list[int], required: tuple[int, ...], *, exact: bool) -> bool:
    """Whether melds of ``lengths`` fill the places ``required`` (both longest first)."""
    if len(lengths) != len(required):
        return False
    if exact:
        return lengths == list(required)
    return all(have >= need for have, need in zip(lengths, required, strict=True))
