"""Finding every distinct go-down of a hand (R14, R12, R16, R24).

The search fills the contract's places one at a time from lists of candidate melds, and
works hard not to search at all:

- lower bounds on the wild cards the contract needs reject most hands before any
  candidate is listed (see :mod:`._bounds`);
- candidates are listed once per kind of place, from the whole hand, each with its cards
  packed into one integer (see :mod:`._candidates`), so checking that the cards left still
  pay for a candidate, and taking them, are single integer operations;
- places of one kind and length are interchangeable, so their melds are taken in the order
  of the candidate list and each go-down is built once; where they are not (longer melds
  allowed), a set of the go-downs already found removes the repeats;
- in a round played at once (R24), the last meld is whatever the others leave, checked
  directly; and since every natural card must go into a meld of its suit (or rank), a
  branch ends once they are of more suits than melds are left, and melds of wild cards
  only take no place the natural cards need;
- a place is tried only where its candidates for the wild cards left go on past where
  it starts (:attr:`Choices.end`): after a meld that takes many wild cards, or near the
  end of its list, the next place often has nothing left to take;
- the last place's melds are found together by a plain call, one :class:`Batch` for each
  choice of the places before it, so a count adds them up by their wild cards without
  listing them;
- in a contract of three places or more, the last two places are paired once from the
  whole hand (:class:`Pairs`), and each choice of the places before them only checks that
  the cards it leaves still hold a pair: a hand with no pair at all cannot go down.

What the search knows of a round before it sees a hand, it reads from the round's plan
(see :mod:`._plan`). The go-downs come out in a fixed order: depth first over the places
in contract order (groups, then runs, longest first), each place's candidates in the
order of :class:`~._plan.MeldSpec`.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, NamedTuple

from contract_rummy._hands import keeps_a_discard
from contract_rummy.cards import Card
from contract_rummy.godown._bounds import at_once_slots, runs_needed, uncovered, wilds_needed
from contract_rummy.godown._candidates import Counts, list_candidates, remainder
from contract_rummy.godown._plan import RUN, Candidate, Found, MeldSpec, Place, Plan, plan
from contract_rummy.godown._tables import CARDS_AT, LANE_BYTES, Tables, tables
from contract_rummy.variants import Variant

__all__ = [
    "NOTHING",
    "Batch",
    "Choices",
    "Held",
    "Result",
    "Searching",
    "finish_at_once",
    "leaves_a_discard",
    "search",
    "spread_of",
    "touching",
]


class Choices(NamedTuple):
    """The candidates for a place that use at most so many wild cards, in list order.

    Attributes:
        candidates: The candidates.
        positions: Each one's position in the place's whole list of candidates; ``None``
            for the whole list itself.
        end: One past the last one's position in the whole list (0 for none): a place
            that starts there has nothing to take.
    """

    candidates: tuple[Candidate, ...]
    positions: tuple[int, ...] | None
    end: int


#: ``Choices(...)`` from a tuple of its fields, quicker than its Python constructor.
_choice: Final = functools.partial(tuple.__new__, Choices)


def _choices_row(candidates: tuple[Candidate, ...], wilds: int) -> list[Choices | None]:
    """``result[w]``: the candidates that use at most ``w`` wild cards, ``w`` up to ``wilds``.

    So a place never looks at melds that the wild cards left cannot pay for. Only the whole
    list is made here; :func:`_choices` makes the others when the search first needs them.
    """
    found: list[Choices | None] = [None] * (wilds + 1)
    found[wilds] = Choices(candidates, None, len(candidates))
    return found


def _choices(row: list[Choices | None], wilds: int) -> Choices:
    """``row[wilds]``, made from the whole list (the last of ``row``) if need be."""
    found = row[wilds]
    if found is None:
        whole = row[-1]
        assert whole is not None
        # A plain loop: over short lists, quicker than a generator for each tuple.
        positions: list[int] = []
        candidates: list[Candidate] = []
        for at, candidate in enumerate(whole.candidates):
            if candidate.wilds <= wilds:
                positions.append(at)
                candidates.append(candidate)
        found = row[wilds] = _choice(
            (tuple(candidates), tuple(positions), positions[-1] + 1 if positions else 0)
        )
    return found


class Pairs(NamedTuple):
    """The melds of the last two places that fit together in the whole hand (R12, R14).

    Attributes:
        positions: Where each meld of the place before the last stands in that place's
            whole list of candidates, ascending.
        firsts: Each of those melds, its cards packed, and the melds of the last place
            that go with it in the whole hand, each with the two melds' cards packed
            together, in the order the fill takes them.
        end: One past the last of :attr:`positions` (0 for none): where the place before
            the last starts there or after, it has nothing to take.
    """

    positions: tuple[int, ...]
    firsts: tuple[tuple[MeldSpec, int, tuple[tuple[Candidate, int], ...]], ...]
    end: int


class Searching(NamedTuple):
    """Everything the depth-first fill reads: fixed for one hand.

    (A named tuple: one is made for every hand that passes the bounds, and it is made
    quicker than a frozen class.)
    """

    t: Tables
    plan: Plan
    guard: int
    #: ``choices[i][w]``: the candidates for ``places[i]`` that use at most ``w`` wild
    #: cards (shared by equal places).
    choices: tuple[list[Choices | None], ...]
    kept: int
    present: tuple[int, ...]
    #: In a round played at once (R24) whose places are all runs (or all groups), each
    #: suit's (or rank's) fields in a packed hand, by the melds' key; else ``None``.
    fields: tuple[int, ...] | None
    #: Where the last two places are filled together (see :func:`_paired`): the packed
    #: hand, and their :class:`Pairs` by the wild cards left, as they are needed; else
    #: ``None``.
    pairs: tuple[int, dict[int, Pairs]] | None


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


class Batch(NamedTuple):
    """Go-downs found together: one for each meld the last place can take after the others.

    Attributes:
        chosen: The melds of every place but the last.
        last: The candidates for the last place, in order: each with :attr:`chosen` is
            one go-down (its ``wilds`` counts the wild cards, all jokers to the search).
    """

    chosen: Found
    last: list[Candidate]

    def found(self) -> list[Found]:
        """The go-downs of the batch, in order."""
        chosen, last = self
        if len(last) == 1:  # most batches, in hands without many wild cards
            return [(*chosen, last[0].meld)]
        return [(*chosen, candidate.meld) for candidate in last]


#: ``Batch(chosen, last)`` from the pair: quicker than the named tuple's own constructor,
#: a Python function (the search makes a batch for most go-downs it finds).
_batch: Final = functools.partial(tuple.__new__, Batch)


class Result(NamedTuple):
    """What :func:`search` finds.

    Attributes:
        found: The go-downs, or with :attr:`held`, their skeletons (each wild card
            counted as a joker, index 52), found as they are read, in batches.
        held: The kinds of wild card held, when more than one; else ``None``.
        single: When the hand holds wild cards of one kind only, its index, which the
            go-downs' 52s stand for (52 itself for jokers); else 52.
        ordered: Whether each go-down's melds come in :class:`~contract_rummy.GoDown`'s
            order (see :attr:`~._plan.Plan.ordered`).
        start: What the search starts from, for counting without it (see
            :mod:`._tally`): its context, the packed hand, its cards, its wild cards, and
            in a round played at once how many melds may be of wild cards only.
    """

    found: Iterator[Batch]
    held: Held | None
    single: int
    ordered: bool = False
    start: tuple[Searching, int, int, int, int] | None = None


#: ``Searching(...)``, ``Result(...)`` and ``Counts(...)`` from tuples of all their fields,
#: in order: quicker than the named tuples' own constructors (one of each is made for
#: every hand that passes the bounds).
_searching: Final = functools.partial(tuple.__new__, Searching)
_result: Final = functools.partial(tuple.__new__, Result)
_counts: Final = functools.partial(tuple.__new__, Counts)

#: What :func:`search` finds in a hand that cannot meet its contract (an empty iterator
#: stays empty, so one serves every such hand).
NOTHING: Final = Result(iter(()), None, 52)


def search(
    variant: Variant, round_number: int, hand: Sequence[Card], kept_card: Card | None
) -> Result:
    """Every distinct go-down ``hand`` can make in round ``round_number`` (R14, R24).

    Before the last round the hand must keep a card the player may discard (R16, R17);
    without a final discard it may keep nothing, but never only the card R17 keeps. The
    hand's wild cards are all counted as jokers: with more than one kind of them, the
    go-downs found are skeletons (see :class:`Result`). A hand turned down before any
    search, as most are, gives :data:`NOTHING` itself.
    """
    t = tables(variant)
    p = t.plans.get(round_number) or plan(variant, round_number, t)
    total = len(hand)
    if total < p.least:
        return NOTHING
    # Most hands cannot meet their contract: one sum over the hand tells the bound what it
    # needs, before anything else is counted.
    lanes = t.lanes
    summed = 0
    for card in hand:  # a plain loop: a third quicker than sum() over a list
        summed += lanes[card.index]
    counted = summed.to_bytes(LANE_BYTES, "little")
    wilds = counted[0]
    for rank in t.wild_ranks:
        wilds += counted[rank]
    if wilds_needed(t, p, counted, wilds) > wilds:
        return NOTHING
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
    fields = _fields(t, p)
    blanks = _blanks(t, p, fields, counts, packed, wilds)
    if blanks < 0:
        return NOTHING
    listed: dict[Place, list[Choices | None]] = {}
    have = _counts((counts, list(counted[:CARDS_AT]), suit_masks, wilds))
    for place in dict.fromkeys(p.places):
        high = place.length if p.exact else total - (p.contract.min_cards - place.length) - p.keep
        found = list_candidates(t, have, place, high)
        if not found:
            return NOTHING  # nothing in the hand can fill this place
        listed[place] = _choices_row(found, wilds)
    pairs: tuple[int, dict[int, Pairs]] | None = (packed, {}) if _pairs_apply(p, total) else None
    context = _searching((
        t, p, t.guard, tuple(map(listed.__getitem__, p.places)), kept,
        tuple(index for index in range(53) if counts[index]) if p.at_once else (),
        fields, pairs,
    ))  # fmt: skip
    # (no two melds of the last places fit together in the whole hand: no go-down)
    if pairs is not None and not _pairs(context, wilds).firsts:
        return NOTHING
    seen: set[Found] | None = None if p.interchangeable else set()
    batches = (
        _fill(context, 0, packed, total, wilds, blanks, 0, (), seen)
        if len(p.places) > 1
        else iter(_one_place(context, packed, total, wilds))
    )
    return _result((batches, held, single, p.ordered, (context, packed, total, wilds, blanks)))


def _pairs_apply(p: Plan, total: int) -> bool:
    """Whether a hand of ``total`` cards fills the last two places of ``p`` together.

    In a contract of three places or more, the place before the last is filled once for
    each choice of the places before it, and the last once for each of its melds: where
    those choices change only the cards left, the two are paired once from the whole
    hand (:func:`_pairs`), and each choice only checks the pairs' cards
    (:func:`_paired`). So the melds must be of exact lengths, with more than one card left
    (R14, R16, R17), taken in order (no repeat to remove), and not played at once (R24);
    and no run before the last two places for them to keep apart from (R12).
    """
    return (
        len(p.places) > 2
        and p.exact
        and p.interchangeable
        and not p.at_once
        and (not p.check_touch or p.groups >= len(p.places) - 2)
        and total - p.contract.min_cards > 1
    )


def _pairs(s: Searching, wilds: int) -> Pairs:
    """The :class:`Pairs` of the last two places of ``s`` with ``wilds`` wild cards left.

    Found in the whole hand as the fill finds them (see :func:`_fill`), once for each
    number of wild cards left, and kept in ``s.pairs``.
    """
    assert s.pairs is not None
    hand, kept = s.pairs
    found = kept.get(wilds)
    if found is not None:
        return found
    levels = s.plan.levels
    i = len(levels) - 2
    follow, final_apart = levels[i].follow, levels[i + 1].apart
    source, positions, _ = s.choices[i][wilds] or _choices(s.choices[i], wilds)
    after = s.choices[i + 1]
    guard = s.guard
    held = hand | guard
    starts: list[int] = []
    firsts: list[tuple[MeldSpec, int, tuple[tuple[Candidate, int], ...]]] = []
    for at, (meld, cards, _, used) in enumerate(source):
        position = at if positions is None else positions[at]
        final, final_positions, end = after[wilds - used] or _choices(after, wilds - used)
        if follow and position >= end:
            continue  # (the last place has nothing left to take)
        if follow and position:
            final = final[position if final_positions is None
                          else bisect.bisect_left(final_positions, position):]  # fmt: skip
        rest = held - cards  # (the whole hand holds each meld of its places' lists)
        seconds = [
            (candidate, cards + candidate.cards)
            for candidate in final
            if (rest - candidate.cards) & guard == guard
            and not (final_apart and touching(candidate.meld, (meld,)))
        ]
        if seconds:
            starts.append(position)
            firsts.append((meld, cards, tuple(seconds)))
    found = kept[wilds] = Pairs(tuple(starts), tuple(firsts), starts[-1] + 1 if starts else 0)
    return found


def _paired(
    s: Searching, pairs: Pairs, hand: int, start: int, chosen: tuple[MeldSpec, ...]
) -> Iterator[Batch]:
    """:func:`_fill` of the last two places, from their :class:`Pairs`: the same batches.

    The places before took ``chosen`` and left the packed ``hand``, and ``pairs`` are
    those of the wild cards left; each pair of the whole hand whose cards ``hand`` still
    holds is a go-down.
    """
    guard = s.guard
    held = hand | guard
    first = bisect.bisect_left(pairs.positions, start) if start else 0
    for meld, cards, seconds in pairs.firsts[first:]:
        if (held - cards) & guard != guard:
            continue
        taken = []
        for candidate, both in seconds:
            if (held - both) & guard == guard:
                taken.append(candidate)
        if taken:
            yield _batch(((*chosen, meld), taken))


def _blanks(
    t: Tables, p: Plan, fields: tuple[int, ...] | None, counts: list[int], packed: int, wilds: int
) -> int:
    """R24: how many melds may take wild cards only, beyond those the natural cards need.

    Below 0 when the natural cards of the packed hand cannot go down at once.
    """
    blanks = len(p.places)
    if fields is not None:
        blanks -= runs_needed(counts) if p.runs else spread_of(t, fields, packed)
        if blanks < 0 or (p.runs and at_once_slots(t, counts, p.run_size, p.runs) > wilds):
            return -1
    elif p.at_once and uncovered(t, p, packed) > 0:  # the groups and runs cannot hold it
        return -1
    return blanks


def _fields(t: Tables, p: Plan) -> tuple[int, ...] | None:
    """:attr:`Searching.fields` for the plan ``p``."""
    if not p.at_once or (p.groups and p.runs):
        return None
    return t.suit_fields if p.runs else (0, *t.rank_fields)


def _fill(  # noqa: PLR0915 - the search's busiest loop, kept in one frame
    s: Searching,
    i: int,
    hand: int,
    left: int,
    wilds: int,
    blanks: int,
    start: int,
    chosen: tuple[MeldSpec, ...],
    seen: set[Found] | None,
) -> Iterator[Batch]:
    """Fill ``s.places[i:]`` from the packed ``hand``, yielding the go-downs found.

    The hand has ``left`` cards, ``wilds`` of them wild. The last place's melds come in
    one :class:`Batch` for each choice of the places before it. In a round played at
    once, at most ``blanks`` more melds may be of wild cards only (see :func:`search`).
    A contract has two places or more here (one place: :func:`_one_place`).

    ``start`` is where ``places[i]`` starts in its candidates: at the meld the same place
    before it took, so interchangeable places take their melds in order.
    """
    length, reserve, exact, _, _, follow, apart = s.plan.levels[i]
    # (enough cards are left for every place: the places before took no more than that)
    high = length if exact else left - reserve
    fields, tight = (s.fields, _tight(s, i, hand)) if s.plan.at_once else (None, False)
    if tight is None:
        return
    row = s.choices[i]
    source, positions, _ = row[wilds] or _choices(row, wilds)
    # Over the whole list, positions are indices; over part of it, look them up.
    first = bisect.bisect_left(positions, start) if start and positions is not None else start
    # The first place's candidates were listed from this very hand: each fits it.
    guard, longer, check = s.guard, not exact, bool(chosen)
    held = hand | guard
    # The last place's melds are found in this loop, not by a call or a generator's frame
    # (most of the search's work is there), and not at all where its list has nothing
    # left to take. A round played at once (R24) has no list for its last place: it
    # takes what is left (finish_at_once).
    final_length, _, _, before_last, together, _, final_apart = s.plan.levels[i + 1]
    # (``paired``: the next two places are the last, filled together; see _paired)
    after, paired = (
        None if together else s.choices[i + 1],
        None if s.pairs is None or i + 3 != len(s.plan.levels) else s.pairs[1],
    )
    # Most often every meld of the last place that the cards left hold goes down: no
    # repeat to remove, no run to keep apart (R12), and melds of exact lengths that leave
    # the same number of cards, more than one (R16, R17). Only their cards are checked.
    plain = seen is None and not final_apart and exact and left - length - final_length > 1
    for at in range(first, len(source)):
        meld, cards, size, used = source[at]
        # (where the next place starts: at this meld's place in the whole list; first, as
        # a meld that leaves the next place nothing to take is met more often than one
        # the cards left cannot pay for)
        next_start = (at if positions is None else positions[at]) if follow else 0
        if paired is not None:
            # The next two places are paired: no pair left from where they start, no
            # go-down (nor a call to look for one).
            pairs = paired.get(wilds - used) or _pairs(s, wilds - used)
            if next_start >= pairs.end:
                continue
            choices = None
        else:
            choices = (
                None if after is None else after[wilds - used] or _choices(after, wilds - used)
            )
            if choices is not None and next_start >= choices.end:
                continue
        if (
            (check and (held - cards) & guard != guard)
            or (longer and size > high)
            or (apart and touching(meld, chosen))
        ):
            continue
        # (used == size: a meld of wild cards only, worked out only where it is needed, as
        # this loop is the search's busiest)
        if fields is not None and not _may_take(s, hand, cards, meld.key, used == size, tight,
                                                blanks):  # fmt: skip
            continue
        if not before_last:
            yield from (
                _paired(s, pairs, hand - cards, next_start, (*chosen, meld))
                if paired is not None
                else _fill(s, i + 1, hand - cards, left - size, wilds - used,
                           blanks - (used == size), next_start, (*chosen, meld), seen)
            )  # fmt: skip
            continue
        # The last place: the melds it can take after ``now``, each leaving the player a
        # discard (R16, R17), in order, from the meld this one took if the two places
        # are alike (as above).
        if choices is not None:
            final, final_positions, _ = choices
            if next_start:
                # (over part of the list, where the meld this one took stands in it)
                final = final[next_start if final_positions is None
                              else bisect.bisect_left(final_positions, next_start):]  # fmt: skip
            # (the hand holds this meld's cards: taking them leaves every guard bit set)
            held_rest = held - cards
            if plain:
                taken = []
                for candidate in final:
                    if (held_rest - candidate[1]) & guard != guard:
                        continue
                    taken.append(candidate)
                if taken:
                    yield _batch(((*chosen, meld), taken))
                continue
        now, rest, remaining = (*chosen, meld), hand - cards, left - size
        if choices is None:
            taken = finish_at_once(s, s.plan.places[i + 1], rest, remaining, now, seen)
        else:
            taken = []
            for candidate in final:
                spec, taking, cards_taken, _ = candidate
                # (a meld longer than the cards left allow leaves no discard: see below)
                if (held_rest - taking) & guard != guard or (final_apart and touching(spec, now)):
                    continue
                if (
                    remaining - cards_taken > 1
                    or leaves_a_discard(s, rest - taking, remaining - cards_taken)
                ) and (seen is None or _first_time((*now, spec), seen)):
                    taken.append(candidate)
        if taken:
            yield _batch((now, taken))


def _one_place(s: Searching, hand: int, left: int, wilds: int) -> list[Batch]:
    """The go-downs of a contract of one place: its candidates, listed from this very hand.

    Those that leave the player a discard (R16, R17); in a round played at once (R24),
    the meld of every card (:func:`finish_at_once`).
    """
    if s.plan.at_once:
        whole = finish_at_once(s, s.plan.places[0], hand, left, (), None)
    else:
        whole = [
            candidate
            for candidate in _choices(s.choices[0], wilds).candidates
            if left - candidate.size > 1
            or leaves_a_discard(s, hand - candidate.cards, left - candidate.size)
        ]
    return [Batch((), whole)] if whole else []


def _tight(s: Searching, i: int, hand: int) -> bool | None:
    """R24: whether each meld from place ``i`` on must take every natural card of its own.

    That is so when the natural cards of the packed ``hand`` are of as many suits (or
    ranks) as there are melds left; ``None`` when no go-down is left: they are of more,
    or the groups and runs left cannot hold them.
    """
    fields = s.fields
    if fields is None:
        return None if uncovered(s.t, s.plan, hand, i) > 0 else False
    spread = spread_of(s.t, fields, hand) - (len(s.plan.places) - i)
    return None if spread > 0 else spread == 0


def spread_of(t: Tables, fields: tuple[int, ...], hand: int) -> int:
    """R24: how many suits (or ranks) the natural cards of the packed ``hand`` are of."""
    naturals = hand & t.natural_fields
    return sum(1 for field in fields if naturals & field)


def _may_take(
    s: Searching, hand: int, cards: int, key: int, blank: bool, tight: bool, blanks: int
) -> bool:
    """R24: whether a meld of suit (or rank) ``key`` may take ``cards`` from ``hand``.

    A meld of wild cards only (``blank``) takes a place the natural cards do not need, if
    any is left; when the natural cards are of as many suits (or ranks) as there are
    melds left (``tight``), each meld takes every natural card of its own.
    """
    if blank:
        return blanks > 0 and not tight
    if not tight:
        return True
    assert s.fields is not None
    field = s.fields[key] & s.t.natural_fields
    return bool(hand & field) and not (hand - cards) & field


def leaves_a_discard(s: Searching, hand: int, left: int) -> bool:
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


def finish_at_once(
    s: Searching,
    place: Place,
    hand: int,
    left: int,
    chosen: tuple[MeldSpec, ...],
    seen: set[Found] | None,
    rests: dict[int, list[Candidate]] | None = None,
) -> list[Candidate]:
    """R24: the melds of the last place, which takes every card left as one meld.

    After an interchangeable place, its meld is taken in order. ``rests`` keeps, by hand,
    the melds of the cards left: melds of wild cards only before it leave the same cards.
    """
    t = s.t
    previous = chosen[-1] if chosen and s.plan.places[len(chosen) - 1] == place else None
    if rests is None:
        if not _of_one_key(t, hand, place):
            return []
        listed: Iterable[Candidate] = remainder(t, s.present, hand, place, left, previous)
    else:
        # (hands that fail are kept too: a tally meets most of them again)
        found = rests.get(hand)
        if found is None:
            found = rests[hand] = (
                list(remainder(t, s.present, hand, place, left))
                if _of_one_key(t, hand, place)
                else []
            )
        listed = found
    taken: list[Candidate] = []
    for candidate in listed:
        meld = candidate.meld
        if previous is not None and meld < previous:
            continue
        if place.kind == RUN and s.plan.check_touch and touching(meld, chosen):
            continue
        if seen is None or _first_time((*chosen, meld), seen):
            taken.append(candidate)
    return taken


def _of_one_key(t: Tables, hand: int, place: Place) -> bool:
    """R24: whether the natural cards of the packed ``hand`` may all go in ``place``'s meld.

    They must be of one suit for a run, of one rank for a group: most hands fail this, and
    the packed hand tells it without listing its cards.
    """
    naturals = hand & t.natural_fields
    return not naturals or any(
        not naturals & ~fields
        for fields in (t.suit_fields if place.kind == RUN else t.rank_fields)
    )


def touching(run: MeldSpec, chosen: tuple[MeldSpec, ...]) -> bool:
    """R12: whether ``run`` is contiguous with a run of the same suit already chosen."""
    low = run.low
    end = low + len(run.cards)  # one past its last position
    for other in chosen:
        if (
            other.kind == RUN
            and other.key == run.key
            and (other.low == end or other.low + len(other.cards) == low)
        ):
            return True
    return False
