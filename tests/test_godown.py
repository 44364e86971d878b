"""The go-down search on the settings the default profile does not use."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.godown import _search, go_downs, godown_problem, iter_go_downs
from contract_rummy.godown._candidates import Counts, list_candidates, multisets
from contract_rummy.godown._plan import RUN, MeldSpec, Place
from contract_rummy.godown._tables import tables
from scenario import cards

GROUPS_AT_ONCE = attrs.evolve(
    cr.PAGAT, name="groups at once", ladder=((cr.Contract(groups=(3, 3)), 5),)
)
MIXED_AT_ONCE = attrs.evolve(
    cr.PAGAT, name="group and run at once", ladder=((cr.Contract(groups=(3,), runs=(4,)), 6),)
)
LONGER = attrs.evolve(
    cr.PAGAT,
    name="longer first melds",
    exact_first_meld=False,
    last_round_at_once=False,
    ladder=((cr.Contract(groups=(4, 3)), 10),),
)


def _go_downs(variant: cr.Variant, hand: str) -> list[tuple[cr.Group | cr.Run, ...]]:
    return list(iter_go_downs(variant, 1, cards(hand), None))


def test_r24_a_last_group_takes_every_card_left() -> None:
    found = _go_downs(GROUPS_AT_ONCE, "7C 7D 7H 9S 9D 9H")
    assert found == [(cr.meld("7C 7D 7H"), cr.meld("9S 9D 9H"))]


def test_r24_a_last_group_of_jokers_may_be_any_rank() -> None:
    found = _go_downs(GROUPS_AT_ONCE, "7C 7D 7H JK JK JK")
    jokers_only = [
        meld
        for melds in found
        for meld in melds
        if isinstance(meld, cr.Group) and meld.cards == cards("JK JK JK")
    ]
    assert sorted(meld.rank for meld in jokers_only) == list(cr.Rank)
    assert all(cr.meld("7C 7D 7H") in melds for melds in found if jokers_only[0] in melds)
    assert len(found) == len(set(found)) > 13  # the jokers may also mix with the sevens


def test_r24_what_is_left_must_make_the_last_meld() -> None:
    assert _go_downs(GROUPS_AT_ONCE, "7C 7D 7H 9S 9D 8H") == []
    assert _go_downs(GROUPS_AT_ONCE, "7C 7D 7H 7S 9D") == []  # too few cards for two groups


def test_r24_a_run_takes_the_rest_of_the_hand() -> None:
    found = _go_downs(MIXED_AT_ONCE, "7C 7D 7H 3S 4S 5S 6S")
    assert found == [(cr.meld("7C 7D 7H"), cr.meld("3S 4S 5S 6S"))]
    assert _go_downs(MIXED_AT_ONCE, "7C 7D 7H 3S 4S 5S 6H") == []


def test_r24_a_whole_hand_longer_than_any_run_is_no_run() -> None:
    variant = attrs.evolve(
        MIXED_AT_ONCE, max_run_length=5, ladder=((cr.Contract(groups=(3,), runs=(4,)), 9),)
    )
    assert _go_downs(variant, "7C 7D 7H 2S 3S 4S 5S 6S 7S 8S") == []
    assert godown_problem(
        variant, 1, cards("7C 7D 7H 2S 3S 4S 5S 6S"), None, [cr.meld("7C 7D 7H")]
    ) == cr.Refusal("R24", "round 1 needs a group of 3 and a run of 4; got a group of 3")


def test_r14_longer_first_melds_are_each_found_once() -> None:
    found = _go_downs(LONGER, "7C 7D 7H 7S 9S 9D 9H 9C KD")
    assert len(found) == len(set(found))
    sizes = sorted(tuple(sorted(len(meld) for meld in melds)) for melds in found)
    assert (3, 4) in sizes
    assert (4, 4) in sizes
    # A group of 4 sevens and a group of 4 nines fill the two places either way round: once.
    assert sum(1 for melds in found if sorted(map(len, melds)) == [4, 4]) == 1


def test_r14_a_place_nothing_in_the_hand_can_fill() -> None:
    assert _go_downs(cr.PAGAT, "7C 7D 8H 9S 10D JH QS KD AC 2C 3H") == []
    run_and_group = "7C 7D 7H 2S 3D 4H 5C 6S 8D 9H"
    assert list(iter_go_downs(cr.PAGAT, 2, cards(run_and_group), None)) == []


def test_r8_a_run_from_ace_to_ace_needs_two_aces_whatever_was_searched_before() -> None:
    # The same positions of clubs held, with one ace and with two: only two aces make the
    # 14-card run. Searching the one-ace hand first must not hide that run from the other.
    one_ace = cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 4D 5D 6D 7D 8D 4S 5S 6S 7S 8S")
    two_aces = cards("AC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 4D 5D 6D 7D 4S 5S 6S 7S 8S")
    ace_to_ace = cr.Run(cr.Suit.CLUBS, 1, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")
    for _ in range(2):
        found = list(iter_go_downs(cr.PAGAT, 7, one_ace, None))
        assert len(found) == 2
        assert all(len(melds[0]) == 13 for melds in found)
        (melds,) = list(iter_go_downs(cr.PAGAT, 7, two_aces, None))
        assert ace_to_ace in melds


def test_r12_two_runs_of_one_suit_and_no_other_suit_go_down() -> None:
    """The search's quick bound lets two runs share a suit when the suit has the cards."""
    hand = cards("3H 4H 5H 6H 9H 10H JH QH KC")
    found = list(iter_go_downs(cr.PAGAT, 3, hand, None))
    assert (cr.meld("3H 4H 5H 6H"), cr.meld("9H 10H JH QH")) in found


def test_r12_two_runs_of_one_suit_from_copies_of_its_cards() -> None:
    hand = cards("4H 4H 5H 5H 6H 6H 7H 7H KC")
    found = list(iter_go_downs(cr.PAGAT, 3, hand, None))
    assert found == [(cr.meld("4H 5H 6H 7H"), cr.meld("4H 5H 6H 7H"))]


def test_r14_two_runs_need_more_cards_of_a_suit_than_one_window_shows() -> None:
    """Five hearts and a joker hold one run of 4 and no second one (three cards short)."""
    hand = cards("4H 5H 6H 7H 9H JK KC QD 2S")
    assert list(iter_go_downs(cr.PAGAT, 3, hand, None)) == []
    assert list(iter_go_downs(cr.PAGAT, 3, cards("4H 5H 6H 7H 9H 10H JH JK KC"), None))


def test_r7_a_rank_lists_every_group_its_cards_can_make() -> None:
    """Groups of 3 to 4 cards from two 7s and two jokers; none from too few cards."""
    counts = [0] * 53
    counts[6] = counts[19] = 1  # 7C 7D
    counts[52] = 2
    pool = [6, 19, 52]
    assert sorted(multisets(pool, counts, 3, 4)) == [
        (6, 19, 52),
        (6, 19, 52, 52),
        (6, 52, 52),
        (19, 52, 52),
    ]
    assert multisets(pool, counts, 5, 6) == []
    assert multisets([], counts, 1, 2) == []


@settings(max_examples=80, deadline=None)
@given(
    held=st.lists(st.integers(0, 2), min_size=13, max_size=13),
    jokers=st.integers(0, 4),
    shortest=st.integers(3, 5),
    extra=st.integers(0, 3),
    variant=st.sampled_from([cr.PAGAT, cr.DEUCES_WILD, cr.SHANGHAI_11]),
)
# From ace to ace: with two aces, and with one and a joker.
@example(held=[2] + [1] * 12, jokers=0, shortest=13, extra=1, variant=cr.PAGAT)
@example(held=[1] * 13, jokers=1, shortest=13, extra=1, variant=cr.PAGAT)
def test_r8_a_suit_lists_every_run_its_cards_can_make(
    held: list[int], jokers: int, shortest: int, extra: int, variant: cr.Variant
) -> None:
    """Every run of hearts from the cards held and the wild cards (each counted as a joker).

    Compared with every choice, position by position, of the natural card or a wild card,
    in order: an ace at both ends takes two of it, and cards of a wild rank are only wild.
    """
    t = tables(variant)
    hearts = t.at[2]
    counts = [0] * 53
    for rank, copies in enumerate(held, start=1):
        index = hearts[rank]
        if t.is_wild[index]:
            jokers += copies  # the search counts every wild card as a joker
        else:
            counts[index] = copies
    counts[52] = jokers
    masks = [0] * 5
    for index in range(52):
        if counts[index]:
            masks[t.suit_of[index]] |= t.suit_bits[index]
    high = shortest + extra
    have = Counts(counts, [0] * 14, masks, jokers)
    listed = list_candidates(t, have, Place(RUN, shortest), high)
    found = [c.meld for c in listed if c.meld.key == 2]  # (runs of wild cards: any suit)
    expected = []
    for low in range(t.lowest, t.highest - shortest + 2):
        for length in range(shortest, min(high, t.longest, t.highest - low + 1) + 1):
            steps = [(hearts[p], 52) for p in range(low, low + length)]
            for run in itertools.product(*steps):
                needed = Counter(run)
                if all(needed[x] <= counts[x] for x in needed):
                    expected.append(MeldSpec(RUN, 2, low, run))
    assert found == sorted(expected)


def _paired_and_not(
    variant: cr.Variant, round_number: int, hand: list[cr.Card], monkeypatch: pytest.MonkeyPatch
) -> tuple[list[cr.GoDown], list[cr.GoDown]]:
    """The go-downs of ``hand``, with the last two places paired, then filled one by one."""
    paired = list(go_downs(variant, round_number, hand, None))
    with monkeypatch.context() as patch:
        patch.setattr(_search, "_pairs_apply", lambda p, total: False)
        plain = list(go_downs(variant, round_number, hand, None))
    return paired, plain


@pytest.mark.parametrize("variant", [cr.PAGAT, cr.VARIANTS["deuces-wild"]], ids=str)
@pytest.mark.parametrize("round_number", [4, 5, 6])
def test_r12_r14_the_last_two_places_paired_give_the_same_go_downs_in_order(
    variant: cr.Variant, round_number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three groups, two groups and a run, a group and two runs: hands after some buys.

    Pairing the last two places from the whole hand changes neither the go-downs nor their
    order, nor which hands have none (R12: the runs of a suit kept apart).
    """
    rng = random.Random(round_number)
    deck = [card for card in variant.deck(4) if not card.is_joker]
    found = 0
    for size in (16, 20, 24) * 8:
        hand = sorted([*rng.sample(deck, size - 2), *(cr.JOKER,) * rng.randint(0, 2)])
        paired, plain = _paired_and_not(variant, round_number, hand, monkeypatch)
        assert paired == plain
        found += bool(paired)
    assert found >= 5  # (the comparison is not only of hands without go-downs)


def test_r12_two_runs_of_one_suit_that_touch_leave_a_group_no_pair() -> None:
    """Round 6 (a group and two runs): clubs 3-10 make only runs that touch (R12).

    The runs alone cannot be placed, so no choice of group is tried.
    """
    hand = cards("3C 4C 5C 6C 7C 8C 9C 10C KD KH KS 2D 5H")
    assert not list(go_downs(cr.PAGAT, 6, hand, None))
    assert list(go_downs(attrs.evolve(cr.PAGAT, runs_may_touch=True), 6, hand, None))
