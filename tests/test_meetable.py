"""Whether a contract can be met from a deck: the search behind Variant's check, tested.

Two ways. On small contracts the search is compared with a brute-force reference written
from the rules: every suit, place, rank and length of every meld (R7-R10, R12), each layout
counted card by card. And for every variant the strategies build, each round's layout the
search finds is laid for real, with the deck's cards, and the engine's own check of a
go-down accepts it (R9, R12, R14, R16, R24): no variant is accepted that no hand can play.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy._meetable import EXACT, Deck, Layout, Totals, fewest_wilds, rank_at
from contract_rummy.cards import run_card
from contract_rummy.godown import godown_problem
from contract_rummy.testing.strategies import variants

SUITS: Final = tuple(cr.Suit)

# -- the reference -----------------------------------------------------------------------


def _spreads(extra: int, places: int) -> Iterator[tuple[int, ...]]:
    """Every way to share ``extra`` cards among ``places`` groups."""
    if places == 0:
        if extra == 0:
            yield ()
        return
    for first in range(extra + 1):
        for rest in _spreads(extra - first, places - 1):
            yield (first, *rest)


def reference_wilds(
    groups: tuple[int, ...], runs: tuple[int, ...], deck: Deck, totals: Totals
) -> int | None:
    """The fewest wild cards of any layout, every layout tried; ``None`` if there is none."""
    lengths = [[length] if totals.exact else range(length, deck.longest + 1) for length in runs]
    places = [
        [
            (suit, low, length)
            for length in options
            for suit in range(4)
            for low in range(deck.lowest, deck.highest - length + 2)
        ]
        for options in lengths
    ]
    best = None
    for chosen in itertools.product(*places):
        if not deck.runs_may_touch and any(
            one[0] == other[0] and (other[1] == one[1] + one[2] or one[1] == other[1] + other[2])
            for one, other in itertools.combinations(chosen, 2)
        ):
            continue  # R12
        in_runs = Counter(
            (suit, rank_at(position))
            for suit, low, length in chosen
            for position in range(low, low + length)
        )
        # The runs' wild cards: places of a wild rank, and copies beyond the deck's.
        wilds = sum(
            count if rank in deck.wild_ranks else max(0, count - deck.decks)
            for (_, rank), count in in_runs.items()
        )
        # What each rank has left for groups: none of a wild rank (R30).
        free = [
            0
            if rank in deck.wild_ranks
            else 4 * deck.decks - sum(min(deck.decks, in_runs[suit, rank]) for suit in range(4))
            for rank in range(14)
        ]
        cards = sum(length for _, _, length in chosen) + sum(groups)
        if totals.exact:
            extras = [0]
        elif not totals.whole or not groups:
            extras = [0] if totals.allows(cards) else []
        else:
            total = totals.smallest(cards)
            extras = [] if total is None else [total - cards]
        for extra in extras:
            for ranks in itertools.product(range(1, 14), repeat=len(groups)):
                for spread in _spreads(extra, len(groups)):
                    in_groups = Counter[int]()
                    for rank, length, more in zip(ranks, groups, spread, strict=True):
                        in_groups[rank] += length + more
                    needed = wilds + sum(
                        max(0, load - free[rank]) for rank, load in in_groups.items()
                    )
                    best = needed if best is None else min(best, needed)
    return best


@st.composite
def small_contracts(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...], Deck, Totals]:
    lowest, highest = draw(st.sampled_from([(1, 14), (1, 13), (2, 14)]))
    longest = min(draw(st.sampled_from([14, 9, 6])), highest - lowest + 1)
    deck = Deck(
        decks=draw(st.integers(1, 2)),
        wild_ranks=draw(st.frozensets(st.integers(1, 13), max_size=1)),
        lowest=lowest,
        highest=highest,
        longest=longest,
        runs_may_touch=draw(st.booleans()),
    )
    groups = tuple(sorted(draw(st.lists(st.integers(1, 10), max_size=2)), reverse=True))
    runs = tuple(
        sorted(
            draw(st.lists(st.integers(1, longest), min_size=0 if groups else 1, max_size=2)),
            reverse=True,
        )
    )
    least = sum(groups) + sum(runs)
    kind = draw(st.sampled_from(["exact", "longer", "whole"]))
    if kind == "exact":
        totals = EXACT
    elif kind == "longer":
        totals = Totals(most=draw(st.one_of(st.none(), st.integers(least, least + 3))))
    else:
        first = draw(st.integers(least, least + 4))
        step = draw(st.integers(1, 3))
        totals = Totals(
            whole=True, first=first, step=step, most=draw(st.sampled_from([None, first + step]))
        )
    if kind != "exact" and len(runs) == 2:
        # The reference tries every length of every run: keep two of them short.
        deck = deck._replace(longest=min(deck.longest, 5))
        runs = tuple(min(length, 5) for length in runs)
        groups = groups[:1]
    return groups, runs, deck, totals


@given(small_contracts())
def test_r7_r12_the_search_needs_as_few_wild_cards_as_every_layout_tried(
    case: tuple[tuple[int, ...], tuple[int, ...], Deck, Totals],
) -> None:
    groups, runs, deck, totals = case
    found = fewest_wilds(groups, runs, deck, totals)
    assert (None if found is None else found.wilds) == reference_wilds(groups, runs, deck, totals)


def test_r8_r9_the_search_counts_what_one_deck_cannot_supply() -> None:
    one_deck = Deck(1, frozenset(), 1, 14, 14, runs_may_touch=False)
    # From ace to ace a run takes two aces of its suit.
    assert fewest_wilds((), (14,), one_deck, EXACT) == Layout(1, (), ((0, 1, 14),))
    # A run of 13 holds a card of every rank, which a group of 4 needs all of (R9).
    assert fewest_wilds((4,), (13,), one_deck, EXACT).wilds == 1  # type: ignore[union-attr]
    assert fewest_wilds((4,), (12,), one_deck, EXACT).wilds == 0  # type: ignore[union-attr]
    # A run longer than a run may be has no layout at all.
    assert fewest_wilds((), (14,), one_deck._replace(longest=13), EXACT) is None
    # At once, runs alone must add up to a hand the player can hold (R24).
    whole = Totals(whole=True, first=15, most=15)
    assert fewest_wilds((), (4,), one_deck, whole) is None
    assert fewest_wilds((3,), (4,), one_deck, whole) == Layout(
        wilds=0, groups=((13, 4),), runs=((0, 1, 11),)
    )


def test_r24_totals_reachable_with_buys() -> None:
    buying = Totals(whole=True, first=13, step=2, most=17)
    assert [cards for cards in range(10, 20) if buying.allows(cards)] == [13, 15, 17]
    assert buying.smallest(10) == 13
    assert buying.smallest(18) is None
    assert Totals(whole=True, first=13, step=2).smallest(40) == 41
    longer = Totals(most=12)
    assert longer.allows(12)
    assert not longer.allows(13)


# -- every accepted variant can be played -------------------------------------------------


def _lay(variant: cr.Variant, players: int, layout: Layout) -> list[cr.Group | cr.Run]:
    """The melds of ``layout``, made of the cards of ``variant``'s deck for ``players``."""
    deck = Counter(variant.deck(players))
    wild = sorted(card for card in deck.elements() if variant.is_wild(card))

    def take(card: cr.Card | None) -> cr.Card:
        if card is not None and not variant.is_wild(card) and deck[card] > 0:
            deck[card] -= 1
            return card
        chosen = wild.pop()
        deck[chosen] -= 1
        return chosen

    melds: list[cr.Group | cr.Run] = []
    for suit, low, length in layout.runs:
        cards = [take(run_card(SUITS[suit], position)) for position in range(low, low + length)]
        melds.append(cr.Run(SUITS[suit], low, cards, variant=variant))
    for rank, length in layout.groups:
        cards = []
        for _ in range(length):
            natural = next(
                (
                    card
                    for card in sorted(deck)
                    if card.rank == rank and deck[card] > 0 and not variant.is_wild(card)
                ),
                None,
            )
            cards.append(take(natural))
        melds.append(cr.Group(cr.Rank(rank), cards, variant=variant))
    used = sum(variant.is_wild(card) for meld in melds for card in meld.cards)
    assert used <= layout.wilds
    return melds


@given(variants())
def test_r9_r14_r24_every_round_of_an_accepted_variant_can_be_met(variant: cr.Variant) -> None:
    for players in range(variant.min_players, variant.max_players + 1):
        variant.check_players(players)  # the strategies build variants every count plays
        decks, jokers = variant.deck_counts(players)
        wilds = jokers + 4 * decks * len(variant.wild_ranks)
        for number in range(1, variant.rounds + 1):
            contract = variant.contract(number)
            totals = variant._go_down_totals(number)
            layout = fewest_wilds(
                contract.groups, contract.runs, variant._meld_deck(decks), totals, wilds
            )
            assert layout is not None
            assert layout.wilds <= wilds
            melds = _lay(variant, players, layout)
            laid = [card for meld in melds for card in meld.cards]
            if variant.at_once(number):
                hand = laid  # the whole hand: the cards dealt and drawn, and any bought (R24)
                assert totals.allows(len(hand))
            else:
                # The melds, and the hand's other cards, the one to discard among them (R16).
                assert totals.exact or totals.allows(len(laid))
                held = max(variant.cards_dealt(number) + 1, len(laid) + variant.final_discard)
                rest = Counter(variant.deck(players))
                rest.subtract(laid)
                hand = laid + sorted(rest.elements())[: held - len(laid)]
                assert len(hand) == held
            assert godown_problem(variant, number, hand, None, melds) is None


@pytest.mark.parametrize("variant", list(cr.VARIANTS.values()), ids=list(cr.VARIANTS))
def test_r1_every_preset_is_played_by_every_number_of_players_it_allows(
    variant: cr.Variant,
) -> None:
    for players in range(variant.min_players, variant.max_players + 1):
        variant.check_players(players)
