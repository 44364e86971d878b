"""Planning a hand toward its contract: which melds to aim for, and how far off they are.

:func:`plan` looks at a hand the way a player sorting their cards does. It picks the ranks
to build the contract's groups from and the stretches of a suit to build its runs from,
and counts the cards still missing once the wild cards have filled what they can. The
search is greedy (the groups' best ranks, then each run's best stretch among the cards
left), so it is quick enough to run on every decision, and a plan is a guide, not a proof:
the engine's go-down search (:mod:`contract_rummy.godown`) decides what can be laid.

In a round played at once (R24) every card must end in a meld, so the plan also counts
the cards that would lengthen its melds, and asks for the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Final, NamedTuple

from contract_rummy.cards import Card
from contract_rummy.contracts import Contract
from contract_rummy.variants import Variant

__all__ = [
    "Plan",
    "Tally",
    "keeps_choice",
    "keeps_plan",
    "lacks_at_least",
    "plan",
    "tally",
    "tally_with",
    "tally_without",
    "wanted",
]

_RANKS = range(1, 14)


class Plan(NamedTuple):
    """A plan for a hand: how many cards it still needs, and which cards it keeps.

    Attributes:
        need: How many more cards the contract needs, after the wild cards.
        used: ``used[i]``: how many copies of the natural card of index ``i`` the plan
            uses (wild cards are kept by the player regardless).
        groups: The ranks the plan builds groups of.
        runs: ``(suit index, low position, length)`` of each run the plan builds.
        gaps: The indices of the natural cards that would fill a missing place of a
            planned meld: any card of a group's rank that lacks cards, each card a
            run lacks.
    """

    need: int
    used: tuple[int, ...]
    groups: tuple[int, ...]
    runs: tuple[tuple[int, int, int], ...]
    gaps: frozenset[int] = frozenset()

    def fills(self, card: Card, variant: Variant) -> bool:
        """Whether ``card`` would bring the plan one card nearer to the contract."""
        return self.need > 0 and (card.index in self.gaps or variant.wild_by_index[card.index])

    def wants(self, card: Card, variant: Variant) -> bool:
        """Whether ``card`` would fill a gap of this plan, or lengthen one of its melds."""
        if variant.wild_by_index[card.index]:
            return True
        rank = card.rank
        assert rank is not None  # a natural card
        if rank in self.groups:
            return True
        suit = card.index // 13
        for run_suit, low, length in self.runs:
            if run_suit == suit:
                for position in (rank, 14) if rank == 1 else (rank,):
                    if low - 1 <= position <= low + length:
                        return True
        return False


def wanted(found: Plan) -> set[int]:
    """The natural cards (by index) that :meth:`Plan.wants` of ``found`` says it wants.

    Each card of a planned group's rank, and each card of a planned run's suit from the
    position below the run to the one above it (R8: an ace at 1 or 14).
    """
    indices: set[int] = set()
    for rank in found.groups:
        indices.update(_COPIES[rank])
    for suit, low, length in found.runs:
        indices.update(_AT[suit][max(1, low - 1) : min(14, low + length) + 1])
    return indices


class Tally(NamedTuple):
    """What a plan reads of a hand, counted once (:func:`tally`).

    Attributes:
        counts: ``counts[i]``: the copies of the natural card of index ``i``.
        masks: ``masks[s]``: the run positions of suit ``s`` held, as a bit mask.
        by_rank: ``by_rank[r]``: the natural cards of rank ``r`` (index 0 unused).
        wilds: How many wild cards.

    A tally's lists are never changed once it is made (a new tally copies what it
    changes): so they may be shared, and what is worked out from them kept by identity.
    """

    counts: list[int]
    masks: list[int]
    by_rank: list[int]
    wilds: int


#: For every set of held run positions (a bit mask), the low end of the stretch of a
#: length that holds most of them, and how many it holds (:func:`_windows`).
_Windows = tuple[tuple[int, ...], tuple[int, ...]]


class _Bounds(NamedTuple):
    """What a variant says of runs (R12): their ends, and whether runs of a suit stay apart.

    ``windows`` keeps :func:`_windows`'s tables for these ends by run length, made when
    first asked for (:func:`_tables`; at most one per length, 1 to 14).
    """

    lowest: int
    highest: int
    apart: bool
    windows: dict[int, _Windows]


#: :func:`_bounds`'s answers by the variant's identity, each with its variant (so that the
#: identity stays its own): a variant hashes through a Python call, and every plan asks.
#: At most :data:`_KEPT_BOUNDS`: a program may make variants without end.
_BOUNDS: Final[dict[int, tuple[Variant, _Bounds]]] = {}
_KEPT_BOUNDS: Final = 64


def _bounds(variant: Variant) -> _Bounds:
    """What ``variant`` says of runs (R8, R12), worked out once for each variant."""
    kept = _BOUNDS.get(id(variant))
    if kept is not None and kept[0] is variant:
        return kept[1]
    if len(_BOUNDS) >= _KEPT_BOUNDS:
        _BOUNDS.clear()
    made = _Bounds(
        variant.lowest_position, variant.highest_position, not variant.runs_may_touch, {}
    )
    _BOUNDS[id(variant)] = (variant, made)
    return made


def _tables(bounds: _Bounds, length: int) -> _Windows:
    """:func:`_windows` for runs of ``length`` within ``bounds``, kept in ``bounds``."""
    made = bounds.windows.get(length)
    if made is None:
        made = bounds.windows[length] = _windows(length, bounds.lowest, bounds.highest)
    return made


#: ``_RANK_OF[i]``: the rank of the natural card of index ``i``.
_RANK_OF: Final = tuple(index % 13 + 1 for index in range(52))
#: ``_AT[s][p]``: the index of the natural card of suit ``s`` at run position ``p``, 1 to 14
#: (R8: an ace at 1 and 14; positions 0 and 15 up wrap around likewise, so that a slice
#: ``_AT[s][low : low + length]`` is the stretch of a run).
_AT: Final = tuple(
    tuple(13 * suit + (position - 1) % 13 for position in range(32)) for suit in range(4)
)
#: ``_BITS[i]``: the run positions of the natural card of index ``i``, as a bit mask (bit p
#: for position p; an ace holds positions 1 and 14).
_BITS: Final = tuple((2 << (i % 13)) | (1 << 14 if i % 13 == 0 else 0) for i in range(52))


def plan(
    hand: Sequence[Card],
    contract: Contract,
    variant: Variant,
    *,
    at_once: bool,
    size: int | None = None,
    counted: Tally | None = None,
    known: Plan | None = None,
) -> Plan:
    """The best plan this quick search finds for ``hand`` toward ``contract``.

    With ``at_once`` (R24) the whole hand must be laid when it holds ``size`` cards (by
    default as many as now), so the cards beyond the contract's minimum lengths count as
    needed unless they lengthen a planned meld. ``counted`` is the hand's
    :func:`tally`, when it is made already. ``known`` is the plan of ``hand`` with the
    groups of its ranks, when it is known already (:func:`keeps_choice`).

    >>> from contract_rummy import PAGAT, parse_cards
    >>> found = plan(parse_cards("7C 7D 9S 9H 9D KD 2C 5H"), PAGAT.contract(1), PAGAT,
    ...              at_once=False)
    >>> found.need, found.groups
    (1, (9, 7))
    """
    counts, masks, by_rank, wilds = tally(hand, variant) if counted is None else counted
    hand_size = len(hand) if size is None else size
    bounds = _bounds(variant)
    groups = contract.groups
    if not groups:
        return _plan_with(counts, masks, wilds, (), [], contract, bounds, at_once, hand_size)
    ranked = _ranked(by_rank)
    if not contract.runs:  # nothing else competes for the cards
        ranks = tuple(ranked[: len(groups)])
        return _plan_with(
            counts, masks, wilds, ranks, by_rank, contract, bounds, at_once, hand_size
        )
    # The sets of ranks worth trying for the groups: among the best ``groups + 1``.
    choices = list(combinations(ranked[: len(groups) + 1], len(groups)))
    best = (
        known
        if known is not None and known.groups == choices[0]
        else _plan_with(
            counts, masks, wilds, choices[0], by_rank, contract, bounds, at_once, hand_size
        )
    )
    # Another choice of ranks replaces the first only with fewer cards needed. A choice's
    # groups lack exactly what their ranks lack, and its runs at least what the best
    # stretches of the whole hand lack: a choice that cannot need fewer is not planned.
    floor = _runs_floor(masks, contract.runs, bounds) - wilds
    for ranks in choices[1:]:
        if not best.need:
            break
        # As many ranks as groups: a zip without a keyword, which would slow its call.
        pairs = zip(ranks, groups)  # noqa: B905
        lacking = sum([max(0, length - by_rank[rank]) for rank, length in pairs])
        if lacking + floor >= best.need:
            continue
        found = (
            known
            if known is not None and known.groups == ranks
            else _plan_with(
                counts, masks, wilds, ranks, by_rank, contract, bounds, at_once, hand_size
            )
        )
        if found.need < best.need:
            best = found
    return best


def tally(hand: Sequence[Card], variant: Variant) -> Tally:
    """What a plan needs to know of ``hand`` (:class:`Tally`), counted once for all."""
    wild = variant.wild_by_index
    counts = [0] * 52
    masks = [0, 0, 0, 0]
    by_rank = [0] * 14
    wilds = 0
    for card in hand:
        index = card.index
        if wild[index]:
            wilds += 1
        else:
            counts[index] += 1
            masks[index // 13] |= _BITS[index]
            by_rank[_RANK_OF[index]] += 1
    return Tally(counts, masks, by_rank, wilds)


def tally_with(counted: Tally, card: Card, variant: Variant) -> Tally:
    """The :func:`tally` of the hand ``counted`` with ``card`` added, from ``counted``.

    A player's hand changes by a card at a time: its tally is made from the last one's
    (copied, ``counted`` stays as it is) rather than counted again.

    >>> from contract_rummy import PAGAT, parse_cards
    >>> hand = parse_cards("7C 7D 9S AH JK")
    >>> tally_with(tally(hand[:-1], PAGAT), hand[-1], PAGAT) == tally(hand, PAGAT)
    True
    """
    counts, masks, by_rank, wilds = counted
    index = card.index
    if variant.wild_by_index[index]:
        return Tally(counts, masks, by_rank, wilds + 1)  # the lists are never changed
    counts = counts.copy()
    counts[index] += 1
    masks = masks.copy()
    masks[index // 13] |= _BITS[index]
    by_rank = by_rank.copy()
    by_rank[_RANK_OF[index]] += 1
    return Tally(counts, masks, by_rank, wilds)


def tally_without(counted: Tally, card: Card, variant: Variant) -> Tally:
    """The :func:`tally` of the hand ``counted`` less one copy of ``card``, which it holds.

    >>> from contract_rummy import PAGAT, parse_cards
    >>> hand = parse_cards("AC 7D 9S AH AH JK")
    >>> less = [tally_without(tally(hand, PAGAT), card, PAGAT) for card in hand]
    >>> less == [tally(hand[:at] + hand[at + 1 :], PAGAT) for at in range(len(hand))]
    True
    """
    counts, masks, by_rank, wilds = counted
    index = card.index
    if variant.wild_by_index[index]:
        return Tally(counts, masks, by_rank, wilds - 1)
    counts = counts.copy()
    counts[index] -= 1
    if not counts[index]:  # its last copy: its run positions are no longer held
        masks = masks.copy()
        masks[index // 13] &= _UNBITS[index]
    by_rank = by_rank.copy()
    by_rank[_RANK_OF[index]] -= 1
    return Tally(counts, masks, by_rank, wilds)


def lacks_at_least(counted: Tally, contract: Contract, variant: Variant) -> int:
    """A lower bound on the wild cards a go-down (R14) of the hand ``counted`` takes.

    Only a hand holding at least as many wild cards (``counted.wilds``) can meet
    ``contract``. Each group holds at most its length of natural cards, all of its rank,
    and the groups of one rank share its cards: together, no more than the largest
    pieces of the ranks' counts cut to the longest group's length. Each run holds no
    more natural cards than the best stretch of its length in any suit (R8), a longer run
    no more than that and its extra places. Groups and runs hold distinct cards (R9).
    """
    groups = contract.groups
    lacking = _runs_floor(counted.masks, contract.runs, _bounds(variant)) if contract.runs else 0
    if groups:
        longest = max(groups)
        pieces = sorted(counted.by_rank, reverse=True)
        if pieces[0] > longest:  # a rank holds more than one group: cut it in pieces
            pieces = sorted(_pieces(counted.by_rank, longest), reverse=True)
        lacking += sum(groups) - sum(pieces[: len(groups)])
    return lacking


def _pieces(by_rank: list[int], longest: int) -> list[int]:
    """Each rank's count cut in pieces of ``longest`` cards, and what is left of it."""
    pieces = []
    for held in by_rank:
        whole, rest = divmod(held, longest)
        pieces.extend([longest] * whole)
        pieces.append(rest)
    return pieces


def _runs_floor(masks: list[int], runs: tuple[int, ...], bounds: _Bounds) -> int:
    """A lower bound on the cards the runs of lengths ``runs`` lack in a hand of ``masks``.

    No run holds more of the hand than the best stretch of its length in any suit.
    ``runs`` holds one length at least.
    """
    clubs, diamonds, hearts, spades = masks
    windows = bounds.windows
    length = runs[0]
    if runs.count(length) == len(runs):  # most contracts: runs of one length, counted once
        haves = (windows.get(length) or _tables(bounds, length))[1]
        most = max(haves[clubs], haves[diamonds], haves[hearts], haves[spades])
        return (length - most) * len(runs)
    floor = 0
    for length in runs:
        haves = (windows.get(length) or _tables(bounds, length))[1]
        floor += length - max(haves[clubs], haves[diamonds], haves[hearts], haves[spades])
    return floor


def keeps_plan(
    found: Plan,
    hand: Sequence[Card],
    card: Card,
    contract: Contract,
    variant: Variant,
    *,
    at_once: bool = False,
    counted: Tally | None = None,
) -> bool:
    """Whether ``found``, the plan of ``hand``, is also the plan of ``hand`` less ``card``.

    A player plans again at every buy offer and draw after their discard: when this holds,
    the plan is known already, and equal to what :func:`plan` would find. It holds when
    the plan leaves a copy of ``card`` unused, ``card`` is not wild, and its rank is not
    among those the groups were chosen from: the groups' choice is then unchanged, and the
    runs' windows never held the card, and stay the first best windows when it goes (a
    window holding fewer cards never wins where it lost before). With ``at_once`` (R24,
    both plans made for the same ``size``) the card must also not continue a planned run
    (nor lie within one), since the plan counts the cards that lengthen its runs.

    When the groups' ranks are chosen among several (a contract of groups and runs), the
    choices the plan passed over must not get better either. Losing a card may move the
    first run of another choice of ranks, which can then leave a better window to its
    second run, or lengthen a run at once. With two runs it holds only when the hand
    keeps another copy of the card: every choice then lays its first run on the same
    cards, and its second run can only hold fewer. With three runs or more it never holds
    (a second run that holds fewer may leave a better stretch to the third), nor at once.
    ``counted`` is the hand's :func:`tally`, when it is made already.

    >>> from contract_rummy import PAGAT, parse_cards
    >>> hand = parse_cards("7C 7D 9S 9H 9D KD 2C 5H")
    >>> found = plan(hand, PAGAT.contract(1), PAGAT, at_once=False)
    >>> keeps_plan(found, hand, parse_cards("5H")[0], PAGAT.contract(1), PAGAT)
    True
    >>> keeps_plan(found, hand, parse_cards("9S")[0], PAGAT.contract(1), PAGAT)
    False
    """
    runs = len(contract.runs)
    mixed = bool(contract.groups) and (runs > 1 or (at_once and runs > 0))
    if mixed and (at_once or runs > 2):
        return False
    index = card.index
    wild = variant.wild_by_index
    if wild[index]:
        return False
    if counted is None:
        counted = tally(hand, variant)
    counts, _, by_rank, _ = counted
    copies = counts[index]  # the card is natural
    if found.used[index] >= copies or (mixed and copies < 2):
        return False
    groups = len(contract.groups)
    if not (groups or at_once):
        return True
    if at_once and _lengthens(found, counts, index, variant):
        return False
    if not groups:
        return True
    ranked = _ranked(by_rank)
    return card.rank not in ranked[: groups + 1 if runs else groups]


def keeps_choice(
    found: Plan,
    hand: Sequence[Card],
    card: Card,
    contract: Contract,
    variant: Variant,
    *,
    at_once: bool = False,
    counted: Tally | None = None,
) -> bool:
    """Whether ``found`` is still the plan of its groups' ranks in ``hand`` less ``card``.

    ``found`` is the plan of ``hand``; another choice of ranks may now do better. When
    :func:`keeps_plan` fails only for that, :func:`plan` need not plan the groups of
    ``found`` again (its ``known``). It holds when the plan leaves a copy of ``card``
    unused, ``card`` is not wild, and its rank is not among those the groups are chosen
    from: the groups take the same cards, and each run the same stretch, which never held
    the card (as :func:`keeps_plan` says). Not at once (R24), where the card might
    lengthen a run.
    """
    index = card.index
    if at_once or variant.wild_by_index[index]:
        return False
    counts, _, by_rank, _ = tally(hand, variant) if counted is None else counted
    if found.used[index] >= counts[index]:
        return False
    groups = len(contract.groups)
    return card.rank not in _ranked(by_rank)[: groups + 1 if contract.runs else groups]


def _lengthens(found: Plan, counts: list[int], index: int, variant: Variant) -> bool:
    """Whether the natural card ``index`` lengthens a run ``found`` plans (R24).

    It does when it is among the cards left over that continue a planned run, one past
    the other, below or above it: those :func:`_lengthening` counts.
    """
    suit = index // 13
    rank = index % 13 + 1
    positions = (1, 14) if rank == 1 else (rank,)
    lowest, highest = variant.lowest_position, variant.highest_position
    used = found.used
    for run_suit, low, length in found.runs:
        if run_suit != suit:
            continue
        at = _AT[suit]
        below, above = low - 1, low + length
        while below >= lowest and counts[at[below]] > used[at[below]]:
            below -= 1
        while above <= highest and counts[at[above]] > used[at[above]]:
            above += 1
        # The run and the cards that continue it hold positions below + 1 to above - 1.
        if any(below < position < above for position in positions):
            return True
    return False


def _ranked(by_rank: list[int]) -> list[int]:
    """The ranks by how many natural cards of each ``by_rank`` counts, most first.

    Among equals, the lower rank first. The result is shared: never to be changed.
    """
    # A turn ranks one tally twice (its plan, then whether the discard keeps it), and a
    # tally's lists are never changed: the last answer is kept, the list with it (so
    # that no other list takes its identity).
    last = _LAST_RANKED[0]
    if last[0] is by_rank:
        return last[1]
    ranked = sorted(_RANKS, key=by_rank.__getitem__, reverse=True)
    _LAST_RANKED[0] = (by_rank, ranked)
    return ranked


#: The last list :func:`_ranked` ranked, and its answer.
_LAST_RANKED: Final[list[tuple[list[int], list[int]]]] = [([], [])]


def _plan_with(
    counts: list[int],
    masks: list[int],
    wilds: int,
    ranks: tuple[int, ...],
    by_rank: list[int],
    contract: Contract,
    bounds: _Bounds,
    at_once: bool,
    size: int,
) -> Plan:
    """The plan that builds the groups of ``ranks`` (``by_rank`` counts the hand's ranks)."""
    left = counts.copy()
    used = [0] * 52
    missing = 0
    gaps: list[int] = []
    # As many ranks as groups: a zip without a keyword, which would slow its call.
    for rank, length in zip(ranks, contract.groups):  # noqa: B905
        first = rank - 1  # the rank's four cards are 13 indices apart from this one
        held = by_rank[rank]
        if held <= length:
            # The group takes every card of its rank, whichever copies they are (slices of
            # step 13 move the four at once).
            used[first::13] = left[first::13]
            left[first::13] = _NO_COPIES
            kept = _UNBITS[first]
            clubs, diamonds, hearts, spades = masks
            masks = [clubs & kept, diamonds & kept, hearts & kept, spades & kept]
            if held < length:
                gaps.extend(_COPIES[rank])
                missing += length - held
            continue
        masks = masks.copy()
        take = length
        # Take the most plentiful copies first: a single copy left may still serve a run.
        for index in sorted(_COPIES[rank], key=left.__getitem__, reverse=True):
            got = min(take, left[index])
            left[index] -= got
            used[index] += got
            take -= got
            if not left[index]:
                masks[index // 13] &= _UNBITS[index]
            if not take:
                break
    runs: list[tuple[int, int, int]] = []
    for length in contract.runs:
        suit, low, have = _best_run(masks, length, runs, bounds)
        runs.append((suit, low, length))
        mask = masks[suit]
        for index in _AT[suit][low : low + length]:
            spare = left[index]
            if spare:
                left[index] = spare - 1
                used[index] += 1
                if spare == 1:  # its last copy
                    mask &= _UNBITS[index]
            else:
                gaps.append(index)
        if mask != masks[suit]:
            masks = masks.copy()
            masks[suit] = mask
        missing += length - have
    need = max(0, missing - wilds)
    if at_once:
        spare_wilds = max(0, wilds - missing)
        extra = size - contract.min_cards - spare_wilds
        need += max(0, extra - _lengthening(left, ranks, runs, bounds))
    return _new_plan(Plan, (need, tuple(used), ranks, tuple(runs), frozenset(gaps)))


#: Builds a :class:`Plan` from its fields in order: a named tuple's own ``__new__`` is a
#: Python function, and a plan is made at almost every turn.
_new_plan: Final = tuple.__new__
#: Four copies of nothing: what a group leaves of its rank's cards.
_NO_COPIES: Final = [0, 0, 0, 0]
#: ``_UNBITS[i]``: every run position but those of the natural card of index ``i``.
_UNBITS: Final = tuple(~bits for bits in _BITS)


#: ``_COPIES[r]``: the indices of the four natural cards of rank ``r`` (index 0 unused).
_COPIES: Final = ((), *((rank - 1, rank + 12, rank + 25, rank + 38) for rank in _RANKS))


@cache
def _windows(length: int, lowest: int, highest: int) -> _Windows:
    """For every set of held positions, the stretch of ``length`` that holds most of them.

    Indexed by the positions' bit mask (bit p for position p, masks of 15 bits): the
    stretch's low end (the lowest among the best), and how many of the positions it holds.
    The stretches run from ``lowest`` to ``highest`` (R8), or start at ``lowest`` when none
    fits.

    The table is worked out for many masks together. Each mask is a lane of one byte in a
    large int, so that one int operation acts on every lane at once. The stretches are
    taken from the lowest up, each when the table covers the masks of the bits up to its
    top, and no more: a stretch reads no higher bit. The table grows a bit at a time by
    doubling, the masks with the new bit set copying the answers of those without it
    (which only later stretches can tell apart), so that most stretches act on a small
    table. A lane takes a stretch where it holds more than the best so far, so that
    among equals the lowest wins.
    """
    lows = range(lowest, highest - length + 2) or range(lowest, lowest + 1)
    bits = 0  # the table covers the masks of this many bits
    ones = 1  # 1 in every lane
    best_lows = best_haves = 0
    for low in lows:
        top = min(low + length, 15)  # the stretch reads bits low to top - 1
        while bits < top:  # double the table: the masks with the next bit set copy the others
            shift = 8 << bits
            ones |= ones << shift
            best_lows |= best_lows << shift
            best_haves |= best_haves << shift
            bits += 1
        # A lane's count is that of its mask's bits ``low`` up, which repeat every 2**low
        # masks: each count of a possible value of those bits, 2**low times, as bytes.
        counts = b"".join(
            bytes((held.bit_count(),)) * (1 << low) for held in range(1 << (top - low))
        )
        haves = int.from_bytes(counts * (1 << (bits - top)), "little")
        if low == lowest:  # the first stretch: every lane takes it
            best_haves, best_lows = haves, low * ones
            continue
        tops = ones << 7  # the top bit of every lane, which no count (at most 15) reaches
        # A lane's top bit survives the subtraction where it holds more: the lanes that
        # take this stretch, made all ones.
        taken = (((haves | tops) - best_haves - ones) & tops) >> 7
        taken = (taken << 8) - taken
        best_haves ^= (best_haves ^ haves) & taken
        best_lows ^= (best_lows ^ low * ones) & taken
    while bits < 15:
        shift = 8 << bits
        best_lows |= best_lows << shift
        best_haves |= best_haves << shift
        bits += 1
    size = 1 << 15
    return tuple(best_lows.to_bytes(size, "little")), tuple(best_haves.to_bytes(size, "little"))


def _best_run(
    masks: list[int], length: int, chosen: list[tuple[int, int, int]], bounds: _Bounds
) -> tuple[int, int, int]:
    """The stretch ``(suit, low, cards held)`` of ``length`` positions holding most cards.

    Two runs of one suit may not touch (R12) unless the variant allows it. Among equals,
    the first suit and the lowest stretch.
    """
    lowest, highest, apart, windows = bounds
    best_lows, best_haves = windows.get(length) or _tables(bounds, length)
    clubs, diamonds, hearts, spades = masks
    haves = (best_haves[clubs], best_haves[diamonds], best_haves[hearts], best_haves[spades])
    have = max(haves)
    suit = haves.index(have)
    if not (chosen and apart):
        # No run to keep apart from: the table has each suit's best window.
        return suit, best_lows[masks[suit]], have
    for other, _, _ in chosen:
        if other == suit:
            break
    else:
        # The first suit holding most has no run yet: its first best window wins, as the
        # search below would find (no other suit holds more), when a window fits at all.
        low = best_lows[masks[suit]]
        if low + length - 1 <= highest:
            return suit, low, have
    # The low ends that would make the run touch a run of its suit: just above or below
    # (worked out once for all suits: most have no run yet).
    touching: dict[int, tuple[int, ...]] = {}
    for other, start, size in chosen:
        touching[other] = (*touching.get(other, ()), start + size, start - length)
    best = (0, lowest, -1)
    for suit, most in enumerate(haves):
        if most <= best[2]:
            continue  # no stretch of this suit holds more than the best so far
        mask = masks[suit]
        low = best_lows[mask]
        near = touching.get(suit, ())
        if low + length - 1 <= highest and low not in near:
            # The suit's first best stretch keeps apart from its runs: nothing beats it.
            best = (suit, low, most)
            continue
        width = (1 << length) - 1
        for low in range(lowest, highest - length + 2):
            have = ((mask >> low) & width).bit_count()
            if have > best[2] and low not in near:
                best = (suit, low, have)
    return best


def _lengthening(
    left: list[int], ranks: tuple[int, ...], runs: list[tuple[int, int, int]], bounds: _Bounds
) -> int:
    """How many of the cards left would lengthen the planned melds (R24's extra cards)."""
    lowest, highest = bounds.lowest, bounds.highest
    count = 0
    for rank in ranks:
        count += sum(left[rank - 1 :: 13])  # the copies of the rank, 13 indices apart
    for suit, low, length in runs:
        at = _AT[suit]
        below, above = low - 1, low + length
        while below >= lowest and left[at[below]]:
            count += 1
            below -= 1
        while above <= highest and left[at[above]]:
            count += 1
            above += 1
    return count
