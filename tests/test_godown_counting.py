"""Go-downs with many wild cards: counting, indexing and listing agree (R10, R14, R24, R30).

With wild cards of several kinds (jokers and 2s in ``deuces-wild``, queens in
``california``) a hand can make millions of go-downs. ``len(legal_actions(state))`` counts
them and ``legal[i]`` finds one without listing the rest; iterating lists them in the same
order. These tests check, on wild-heavy hands in every round of every preset:

- counting, indexing and iteration agree with each other, every action once, each legal;
- where the hand is small enough for it, the go-downs equal the brute-force reference of
  ``test_godown_reference`` (every group and run the hand supplies, combined every way).

``HYPOTHESIS_PROFILE=thorough`` checks thirty times as many hands, and compares hands of
four wild cards rather than three with the brute force when the contract has a run.
"""

from __future__ import annotations

import gc
import itertools
import os
import random
import weakref
from collections import Counter
from collections.abc import Sequence
from typing import Final

import attrs
import pytest

import contract_rummy as cr
from contract_rummy import godown
from contract_rummy.godown import GoDowns, go_downs
from test_godown_reference import Deal, compare, play_state

#: How many times more hands each round of each preset is checked on when thorough.
SCALE: Final = 30 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 1
#: Listings up to this long are compared index by index with the iteration (longer ones
#: when thorough).
LISTED: Final = 20_000 if SCALE > 1 else 5_000
#: Listings up to this long are compared at every index; longer ones at this many.
INDEXED: Final = 300
#: Hands whose go-downs number up to this many are compared with the brute force too.
BRUTE_FORCE: Final = 1_500
#: The most wild cards of a hand compared with the brute force when its contract has a run:
#: each one more multiplies the brute force's places to try (four when thorough).
RUN_WILDS: Final = 4 if SCALE > 1 else 3

#: Two wild ranks and no jokers: 16 wild cards of 8 kinds.
TWO_WILD_RANKS: Final = attrs.evolve(
    cr.PAGAT, name="kings-and-deuces", jokers=0, wild_ranks={cr.Rank.TWO, cr.Rank.KING}
)
PRESETS: Final = (*cr.VARIANTS.values(), TWO_WILD_RANKS)
WILD_RANKED: Final = (cr.VARIANTS["deuces-wild"], cr.VARIANTS["california"], TWO_WILD_RANKS)
PLAYERS: Final = 4


def wild_deal(
    rng: random.Random,
    variant: cr.Variant,
    round_number: int,
    *,
    fewest: int = 5,
    most: int = 8,
    spare: int = 3,
) -> Deal:
    """A hand after the draw holding ``fewest``-``most`` wild cards (fewer if the deck has fewer).

    It holds the cards the contract needs and up to ``spare`` more, so that the go-downs
    use most of the hand and the wild cards have many places to go.
    """
    deck = variant.deck(PLAYERS)
    wilds = [card for card in deck if variant.is_wild(card)]
    naturals = [card for card in deck if not variant.is_wild(card)]
    at_once = variant.at_once(round_number)
    least = variant.contract(round_number).min_cards + (0 if at_once else 1)
    size = least + rng.randint(0, spare)
    count = min(rng.randint(fewest, most), len(wilds), size)
    hand = (*rng.sample(wilds, count), *rng.sample(naturals, size - count))
    drawn = rng.choice(hand)
    # R17 binds a card taken from the pile only when no copy was held before.
    from_discard = rng.random() < 0.3 and Counter(hand)[drawn] == 1
    return Deal(round_number, hand, drawn, from_discard)


def deals(
    variant: cr.Variant,
    round_number: int,
    count: int,
    *,
    fewest: int = 5,
    most: int = 8,
    spare: int = 3,
) -> list[Deal]:
    """``count`` seeded :func:`wild_deal` hands (thirty times as many when thorough)."""
    rng = random.Random(f"{variant.name}-{round_number}")
    return [
        wild_deal(rng, variant, round_number, fewest=fewest, most=most, spare=spare)
        for _ in range(count * SCALE)
    ]


def check_agreement(state: cr.RoundState, rng: random.Random) -> int:
    """Counting, indexing and iteration of ``state``'s actions agree; return how many."""
    legal = cr.legal_actions(state)
    total = len(legal)
    assert total == len(cr.legal_actions(state))
    if total <= LISTED:
        listed = list(cr.legal_actions(state))
        assert len(listed) == total
        assert len(set(listed)) == total, "an action is listed twice"
        fresh = cr.legal_actions(state)
        indices: Sequence[int] = range(total)
        if total > INDEXED:
            indices = [*range(50), *rng.sample(range(total), INDEXED), *range(total - 50, total)]
        for i in indices:
            assert fresh[i] == listed[i], i
            assert fresh[i - total] == listed[i], i - total
        return total
    # Too many to list: the first ones agree with indexing, and random indices give
    # distinct legal actions (checked the way apply checks them).
    iterated = iter(cr.legal_actions(state))
    assert [next(iterated) for _ in range(50)] == [legal[i] for i in range(50)]
    picked = sorted(set(rng.sample(range(total), 200)))
    actions = [legal[i] for i in picked]
    assert len(set(actions)) == len(actions)
    for action in actions:
        assert cr.is_legal(state, action), action
    assert isinstance(legal[-1], cr.Discard)
    with pytest.raises(IndexError):
        legal[total]
    return total


@pytest.mark.slow
@pytest.mark.parametrize("variant", PRESETS, ids=lambda variant: variant.name)
def test_r30_counting_indexing_and_listing_agree_on_wild_heavy_hands(
    variant: cr.Variant,
) -> None:
    rng = random.Random(variant.name)
    biggest = 0
    for round_number in range(1, variant.rounds + 1):
        for deal in deals(variant, round_number, 4):
            state = play_state(variant, deal)
            biggest = max(biggest, check_agreement(state, rng))
    if variant in WILD_RANKED:
        assert biggest > LISTED, "no hand had more go-downs than can be listed: too weak"


@pytest.mark.slow
@pytest.mark.parametrize("variant", WILD_RANKED, ids=lambda variant: variant.name)
@pytest.mark.parametrize("round_number", range(1, 8))
def test_r30_wild_go_downs_match_the_brute_force_reference(
    variant: cr.Variant, round_number: int
) -> None:
    # The brute force lists every run with every wild card in every place: with a run in
    # the contract it takes seconds a hand past four wild cards.
    runs = bool(variant.contract(round_number).runs)
    most, hands = (RUN_WILDS, 2) if runs else (8, 8)
    compared = 0
    for deal in deals(variant, round_number, hands, fewest=min(4, most), most=most, spare=1):
        state = play_state(variant, deal)
        if len(cr.legal_actions(state)) <= BRUTE_FORCE:
            compare(variant, deal)
            compared += 1
    least = max(1, hands * SCALE // 4)
    assert compared >= least, f"only {compared} hands were small enough to compare"


@pytest.mark.parametrize(
    ("name", "round_number", "hand"),
    [
        # Exact melds: a group and two runs (R14), the runs apart (R12).
        ("deuces-wild", 6, "2C QC 2D 3D 9D 7H JH 2S 2S 7S JK JK JK"),
        # Played at once (R24): three runs of every card.
        ("california", 7, "8C 10C QC QC QD QH QH 2S 3S 5S 10S QS QS"),
    ],
)
def test_r30_many_wild_cards_count_and_index_as_they_list(
    name: str, round_number: int, hand: str
) -> None:
    # Hands of six wild cards or more of several kinds are counted and indexed place by
    # place, and listed skeleton by skeleton: the three must agree.
    variant = cr.VARIANTS[name]
    cards = tuple(cr.parse_cards(hand))
    found = go_downs(variant, round_number, cards, None)
    listed = list(found)
    assert len(found) == len(listed) > 1_000
    rng = random.Random(hand)
    for index in (0, len(listed) - 1, *rng.sample(range(len(listed)), 200)):
        assert found[index] == listed[index]


#: A hand of 4 kinds of wild card with thousands of go-downs in round 6 of deuces-wild.
_MANY_WAYS: Final = "2C QC 2D 3D 9D 7H JH 2S 2S 7S JK JK JK"


def _many_ways() -> GoDowns:
    """The go-downs of :data:`_MANY_WAYS` in round 6 of deuces-wild, listed now."""
    return go_downs(cr.VARIANTS["deuces-wild"], 6, tuple(cr.parse_cards(_MANY_WAYS)), None)


def _same_melds(listed: list[cr.GoDown], other: list[cr.GoDown]) -> bool:
    """Whether two listings of one hand hold the very same meld objects, go-down by go-down."""
    return all(
        meld is kept
        for action, before in zip(listed, other, strict=True)
        for meld, kept in zip(action.melds, before.melds, strict=True)
    )


def test_r30_go_downs_list_the_same_when_the_melds_kept_are_forgotten(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The melds built for go-downs are kept between listings, up to a bound: a listing
    # that finds the bound passed starts a new generation of them, even while another
    # listing is half read.
    first = list(_many_ways())
    monkeypatch.setattr(godown, "_KEPT_LIMIT", 0)
    reading = iter(_many_ways())
    head = list(itertools.islice(reading, 100))
    again = list(_many_ways())  # a generation more
    assert head + list(reading) == again == first
    assert len(first) > 1_000


def test_r30_a_hand_listed_again_past_the_bound_reads_the_melds_kept_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Past the bound, a listing starts a new generation of what is kept, which takes what
    # it needs from the generation before: the very melds the last listing built. Two
    # generations on, those are let go: the melds are built anew, equal but not the same.
    first = list(_many_ways())
    monkeypatch.setattr(godown, "_KEPT_LIMIT", 0)
    again = list(_many_ways())  # a new generation, the first before it
    assert again == first
    assert _same_melds(again, first)
    # Another hand's listing, then this one's: the generation of ``first`` is let go.
    other = tuple(cr.parse_cards("2C 3C 4C 2D 5D 6D 7D 2S 8H 9H TH JK"))  # the same wild cards
    assert len(list(go_downs(cr.VARIANTS["deuces-wild"], 6, other, None))) > 0
    anew = list(_many_ways())
    assert anew == first
    assert not _same_melds(anew, first)
    # Nothing kept refers to them any more: once the listings are gone, so are they.
    built = [weakref.ref(meld) for action in first for meld in action.melds]
    del first, again
    gc.collect()
    assert all(ref() is None for ref in built)
