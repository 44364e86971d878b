"""The go-down search's lower bounds never ask for more wild cards than a hand needs."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.godown import _bounds, _candidates, _plan, go_downs
from contract_rummy.godown._bounds import at_once_slots, uncovered, wilds_needed
from contract_rummy.godown._plan import plan
from contract_rummy.godown._tables import LANE_BYTES, tables

#: The presets, and aces at one end only (R8), which no preset but ``shanghai-11`` has.
VARIANTS = (
    *cr.VARIANTS.values(),
    attrs.evolve(cr.PAGAT, name="aces low", aces=cr.AceRule.LOW),
    attrs.evolve(cr.PAGAT, name="aces high", aces=cr.AceRule.HIGH),
)

#: The most jokers added to a hand to find the fewest it needs.
MOST_JOKERS = 4


@st.composite
def hands(draw: st.DrawFn) -> tuple[cr.Variant, int, list[cr.Card]]:
    """A variant, one of its rounds, and natural cards from few suits, with copies."""
    variant = draw(st.sampled_from(VARIANTS))
    round_number = draw(st.integers(1, len(variant.ladder)))
    suits = draw(st.lists(st.sampled_from(list(cr.Suit)), min_size=1, max_size=3, unique=True))
    low = draw(st.integers(1, 13))
    ranks = st.integers(low, low + draw(st.integers(3, 12))).map(lambda r: (r - 1) % 13 + 1)
    size = variant.contract(round_number).min_cards + draw(st.integers(-4, 3))
    picks = draw(st.lists(st.tuples(st.sampled_from(suits), ranks), min_size=size, max_size=size))
    # Copies beyond the deck's are left in: the bounds hold for any multiset of cards.
    return variant, round_number, [cr.Card(rank, suit) for suit, rank in picks]


def _runs_at_once(variant: cr.Variant) -> list[int]:
    """The rounds of ``variant`` played at once (R24) whose contracts are runs only."""
    return [
        r
        for r in range(1, len(variant.ladder) + 1)
        if variant.at_once(r) and not variant.contract(r).groups
    ]


@st.composite
def run_hands(draw: st.DrawFn) -> tuple[cr.Variant, int, list[cr.Card]]:
    """A round of runs played at once (R24), and the natural cards of its runs.

    The runs lie in few suits; some of their cards are taken out, a stray card or a copy
    put in.
    """
    variant = draw(st.sampled_from([v for v in VARIANTS if _runs_at_once(v)]))
    round_number = draw(st.sampled_from(_runs_at_once(variant)))
    suits = draw(st.lists(st.sampled_from(list(cr.Suit)), min_size=1, max_size=3, unique=True))
    lowest, highest = variant.lowest_position, variant.highest_position
    hand: list[cr.Card] = []
    for shortest in variant.contract(round_number).runs:
        suit = draw(st.sampled_from(suits))
        length = draw(st.integers(shortest, shortest + 3))
        low = draw(st.integers(lowest, highest - length + 1))
        # Position 14 is the ace above the king (R8).
        hand.extend(
            cr.Card(position % 13 or 13, suit) if position < 14 else cr.Card(cr.Rank.ACE, suit)
            for position in range(low, low + length)
        )
    for _ in range(draw(st.integers(0, 3))):
        hand.pop(draw(st.integers(0, len(hand) - 1)))
    if draw(st.booleans()):
        hand.append(draw(st.sampled_from(hand)))
    if draw(st.booleans()):
        hand.append(cr.Card(draw(st.integers(1, 13)), draw(st.sampled_from(suits))))
    return variant, round_number, hand


def fewest_jokers(variant: cr.Variant, round_number: int, hand: Sequence[cr.Card]) -> int | None:
    """The fewest jokers that, added to ``hand``, let it go down; ``None`` past a few."""
    for jokers in range(MOST_JOKERS + 1):
        if go_downs(variant, round_number, [*hand, *(cr.JOKER,) * jokers], None):
            return jokers
    return None


def wild_bound(variant: cr.Variant, round_number: int, hand: Sequence[cr.Card]) -> int:
    """What the search's first bound says ``hand`` needs, counted as the search counts."""
    t = tables(variant)
    counted = sum(t.lanes[card.index] for card in hand).to_bytes(LANE_BYTES, "little")
    wilds = counted[0] + sum(counted[rank] for rank in t.wild_ranks)
    return wilds_needed(t, plan(variant, round_number, t), counted, wilds)


def at_once_bound(variant: cr.Variant, round_number: int, hand: Sequence[cr.Card]) -> int:
    """What the search's bound for runs played at once (R24) says ``hand`` needs."""
    t = tables(variant)
    counts = [0] * 53
    for card in hand:
        counts[card.index] += 1
    p = plan(variant, round_number, t)
    return at_once_slots(t, counts, p.run_size, p.runs)


@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(hands(), st.integers(0, MOST_JOKERS))
def test_r14_r24_the_first_bound_never_exceeds_the_wild_cards_needed(
    found: tuple[cr.Variant, int, list[cr.Card]], jokers: int
) -> None:
    variant, round_number, hand = found
    hand = [*hand, *(cr.JOKER,) * jokers]
    needed = fewest_jokers(variant, round_number, hand)
    event(f"goes down with {needed} jokers more")
    if needed is not None:
        # With ``needed`` jokers more the hand goes down: the bound allows its wild cards.
        with_them = [*hand, *(cr.JOKER,) * needed]
        wilds = sum(map(variant.is_wild, with_them))
        assert wild_bound(variant, round_number, with_them) <= wilds


@pytest.mark.slow
@settings(max_examples=settings().max_examples, deadline=None)
@given(run_hands())
def test_r24_the_bound_on_runs_at_once_never_exceeds_the_wild_cards_needed(
    found: tuple[cr.Variant, int, list[cr.Card]],
) -> None:
    variant, round_number, hand = found
    # The bound counts natural cards only: wild ranks (R30) are left to the jokers added.
    naturals = [card for card in hand if not variant.is_wild(card)]
    needed = fewest_jokers(variant, round_number, naturals)
    event(f"goes down with {needed} jokers")
    if needed is not None:
        assert at_once_bound(variant, round_number, naturals) <= needed


#: Rounds of groups and runs played at once (R24): ``shanghai``'s 8th, with wild 2s too,
#: and a contract of two runs.
MIXED_AT_ONCE = (
    (cr.SHANGHAI, 8),
    (
        attrs.evolve(cr.SHANGHAI, name="shanghai deuces", wild_ranks={cr.Rank.TWO}, max_players=6),
        8,
    ),
    (
        attrs.evolve(
            cr.PAGAT,
            name="two runs at once",
            ladder=((cr.Contract(groups=(3,), runs=(4, 4)), 10),),
        ),
        1,
    ),
)


@st.composite
def mixed_hands(draw: st.DrawFn) -> tuple[cr.Variant, int, list[cr.Card], int]:
    """A round of groups and runs played at once, a hand of few ranks, and a place.

    The hand holds each card at most twice, as two decks do.
    """
    variant, round_number = draw(st.sampled_from(MIXED_AT_ONCE))
    ranks = draw(st.lists(st.sampled_from(list(cr.Rank)), min_size=1, max_size=6, unique=True))
    cards = st.tuples(st.sampled_from(ranks), st.sampled_from(list(cr.Suit)), st.integers(0, 1))
    picks = draw(st.lists(cards, max_size=16, unique=True))
    hand = [cr.Card(rank, suit) for rank, suit, _ in picks]
    hand += [cr.JOKER] * draw(st.integers(0, 3))
    first = draw(st.integers(0, variant.contract(round_number).melds - 1))
    return variant, round_number, hand, first


@given(mixed_hands())
def test_r24_the_bound_on_groups_and_runs_at_once_counts_the_ranks_left_to_the_groups(
    found: tuple[cr.Variant, int, list[cr.Card], int],
) -> None:
    variant, round_number, hand, first = found
    t = tables(variant)
    p = plan(variant, round_number, t)
    packed = t.pack_indices(52 if variant.is_wild(card) else card.index for card in hand)
    # The places from ``first`` on: groups, then runs (each run takes a suit's cards).
    kinds = [place.kind for place in p.places[first:]]
    groups, runs = kinds.count(_plan.GROUP), kinds.count(_plan.RUN)
    naturals = {(card.rank, card.suit) for card in hand if not variant.is_wild(card)}
    fewest = min(
        len({rank for rank, suit in naturals if suit not in taken})
        for taken in itertools.combinations(cr.Suit, min(runs, 4))
    )
    assert uncovered(t, p, packed, first) == fewest - groups


def test_r14_the_memos_start_afresh_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """With memos that hold one entry, the search finds what it finds with full ones."""
    variant = attrs.evolve(cr.PAGAT, name="small memos")
    hands = [
        cr.parse_cards("5H 6H 7H 8H 9C 10C JC QC KS KS KD 2D"),
        cr.parse_cards("5H 6H 7H JK 9C 10C JC QC 3S 3D 3C 2D"),
        cr.parse_cards("AS 2S 3S 4S AD KD QD JD 7C 7H 7S 2D"),
    ]
    expected = [list(go_downs(variant, 6, hand, None)) for hand in hands]
    for module in (_plan, _bounds, _candidates):
        monkeypatch.setattr(module, "MEMO_LIMIT", 1)
    t = tables(variant)
    for memo in (t.candidates, t.suit_runs, t.windows):
        memo.clear()
    gains = plan(variant, 6).run_gains
    assert gains is not None
    gains.clear()
    assert [list(go_downs(variant, 6, hand, None)) for hand in hands] == expected
    assert expected[0]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_r8_best_run_window_counts_the_positions_a_run_covers(variant: cr.Variant) -> None:
    """The tables' window count agrees with counting each window's positions in turn."""
    t = tables(variant)
    lowest, highest = variant.lowest_position, variant.highest_position
    for length in (3, 4, 7, 14):
        for bits in range(0, 1 << 13, 7):
            held = bytes((bits >> rank) & 1 for rank in range(13))
            # Position p is held when rank p is (rank 1, the ace, at 1 and at 14).
            positions = {rank + 1 for rank in range(13) if held[rank]} | (
                {14} if held[0] else set()
            )
            expected = max(
                (
                    len(positions & set(range(low, low + length)))
                    for low in range(lowest, highest - length + 2)
                ),
                default=0,
            )
            assert t.best_run_window(length, held) == expected
