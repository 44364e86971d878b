"""Groups and runs (R7-R10), their queries, and reading melds from notation."""

from __future__ import annotations

import copy
import pickle
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import (
    JOKER,
    NATURALS,
    PAGAT,
    AceRule,
    Card,
    Contract,
    End,
    Group,
    InvalidMeldError,
    Rank,
    Run,
    Suit,
    Variant,
)
from contract_rummy.testing.strategies import hands, melds
from scenario import typeless

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES
DEUCES_WILD = attrs.evolve(PAGAT, wild_ranks={Rank.TWO})
ACES_HIGH = attrs.evolve(PAGAT, aces=AceRule.HIGH, max_run_length=13)
ACES_LOW = attrs.evolve(PAGAT, aces=AceRule.LOW, max_run_length=13)
FULL_RUN = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
TWO_TO_KING = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
ACE_TO_KING = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
HINT_GROUP = "Group(rank, cards)"
HINT_RUN = "Run(suit, low, cards)"


def card(text: str) -> Card:
    return Card.parse(text)


def natural(suit: Suit, position: int) -> Card:
    """The natural card at ``position`` (1-14) of a run of ``suit``."""
    return Card(1 if position == 14 else position, suit)


# -- R7: groups ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "text"),
    [
        pytest.param(Rank.SEVEN, "7C 7D 7H", id="three-of-a-rank"),
        pytest.param(Rank.SEVEN, "7C 7C 7D", id="repeated-suit"),
        pytest.param(Rank.SEVEN, "7S 7S 7H 7H", id="two-pairs-of-copies"),
        pytest.param(Rank.SEVEN, "7C 7D 7H 7S 7C 7D 7H 7S", id="eight-cards"),
        pytest.param(Rank.ACE, "AC AD AS", id="aces"),
        pytest.param(Rank.KING, "KC KD JK", id="one-joker"),
        pytest.param(Rank.KING, "JK KC JK", id="jokers-outnumber-naturals"),
        pytest.param(Rank.SEVEN, "JK JK JK", id="jokers-only-rank-announced"),
        pytest.param(Rank.TWO, "2C 2D 2H", id="natural-twos"),
    ],
)
def test_r7_valid_groups(rank: Rank, text: str) -> None:
    group = Group(rank, text)
    assert group.rank is rank
    assert list(group.cards) == sorted(cr.parse_cards(text))
    assert len(group) == len(cr.parse_cards(text))
    assert group == Group(int(rank), cr.parse_cards(text))


@pytest.mark.parametrize(
    ("rank", "text", "reason"),
    [
        pytest.param(Rank.SEVEN, "7C 7D", "at least 3", id="too-short"),
        pytest.param(Rank.SEVEN, "", "at least 3", id="empty"),
        pytest.param(Rank.SEVEN, "JK JK", "at least 3", id="two-jokers"),
        pytest.param(Rank.SEVEN, "7C 8C 7D", "8C is not a 7", id="wrong-rank"),
        pytest.param(Rank.SEVEN, "7C 2C 7D", "2C is not a 7", id="two-is-natural-in-pagat"),
        pytest.param(Rank.EIGHT, "7C 7D 7H", "7C is not an 8 ", id="announced-rank-differs"),
        pytest.param(Rank.ACE, "AC AD 7H", "7H is not an A ", id="not-an-ace"),
        pytest.param(Rank.KING, "KC 7D KH", "7D is not a K ", id="not-a-king"),
    ],
)
def test_r7_invalid_groups(rank: Rank, text: str, reason: str) -> None:
    with pytest.raises(InvalidMeldError, match="R7") as info:
        Group(rank, text)
    assert reason in str(info.value)


@pytest.mark.parametrize("rank", [0, 14, -7])
def test_r7_group_rank_must_be_a_rank(rank: int) -> None:
    with pytest.raises(InvalidMeldError, match=r"^R7: a group's rank must be a Rank \(1-13\)"):
        Group(rank, "7C 7D 7H")


@pytest.mark.parametrize("rank", [True, "7", None, 7.0])
def test_a_group_rank_of_another_type_is_a_type_error_not_a_refusal(rank: Any) -> None:
    with pytest.raises(TypeError, match=r"^a group's rank must be a Rank or an int, got "):
        Group(rank, "7C 7D 7H")


def test_r7_group_holds_cards_only() -> None:
    with pytest.raises(TypeError, match="Cards"):
        Group(Rank.SEVEN, ["7C", "7D", "7H"])  # type: ignore[list-item]


def test_r7_group_canonical_order_makes_equal_groups() -> None:
    a = Group(Rank.SEVEN, "JK 7H 7C 7C")
    b = Group(Rank.SEVEN, "7C 7H JK 7C")
    assert a == b
    assert hash(a) == hash(b)
    assert str(a) == "7C 7C 7H JK"
    assert a != Group(Rank.SEVEN, "7C 7H JK JK")
    assert Group(Rank.SEVEN, "JK JK JK") != Group(Rank.EIGHT, "JK JK JK")


@st.composite
def groups(draw: st.DrawFn) -> tuple[Rank, list[Card]]:
    """A rank and cards forming a group of it, in any order."""
    rank = draw(st.sampled_from(Rank))
    members = st.one_of(st.sampled_from(Suit).map(lambda suit: Card(rank, suit)), st.just(JOKER))
    # R2: two decks hold two of each natural card.
    cards = st.lists(members, min_size=3, max_size=8).filter(lambda drawn: not _over_deck(drawn))
    return rank, draw(cards)


def _over_deck(cards: list[Card]) -> bool:
    """Whether ``cards`` hold more copies of a natural card than pagat's two decks (R2)."""
    return any(copies > 2 for card, copies in Counter(cards).items() if card is not JOKER)


@given(groups(), st.randoms(use_true_random=False))
def test_r7_groups_are_equal_whatever_the_input_order(
    spec: tuple[Rank, list[Card]], rng: random.Random
) -> None:
    rank, cards = spec
    shuffled = list(cards)
    rng.shuffle(shuffled)
    group = Group(rank, cards)
    assert group == Group(rank, shuffled)
    assert hash(group) == hash(Group(rank, shuffled))
    assert list(group.cards) == sorted(cards)
    assert group.wild_positions() == tuple(
        i for i, member in enumerate(group.cards) if member is JOKER
    )
    assert all(group.stands_for(i) is rank for i in range(len(group)))


# -- R8: runs ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("suit", "low", "text"),
    [
        pytest.param(S, 3, "3S 4S 5S 6S", id="plain"),
        pytest.param(S, 1, "AS 2S 3S 4S", id="ace-low"),
        pytest.param(H, 11, "JH QH KH AH", id="ace-high"),
        pytest.param(S, 1, ACE_TO_KING, id="ace-to-king"),
        pytest.param(S, 2, TWO_TO_KING + " AS", id="two-to-ace"),
        pytest.param(S, 1, FULL_RUN, id="fourteen-cards-two-aces"),
        pytest.param(S, 3, "JK 4S 5S 6S", id="joker-low-end"),
        pytest.param(S, 3, "3S 4S 5S JK", id="joker-high-end"),
        pytest.param(S, 3, "3S JK JK 6S", id="jokers-inside"),
        pytest.param(S, 1, "JK 2S 3S 4S", id="joker-as-low-ace"),
        pytest.param(H, 11, "JH QH KH JK", id="joker-as-high-ace"),
        pytest.param(D, 5, "JK JK JK JK", id="jokers-only-position-announced"),
        pytest.param(C, 1, "JK " * 13 + "AC", id="fourteen-with-jokers"),
    ],
)
def test_r8_valid_runs(suit: Suit, low: int, text: str) -> None:
    cards = cr.parse_cards(text)
    run = Run(suit, low, text)
    assert run.suit is suit
    assert run.low == low
    assert run.high == low + len(cards) - 1
    assert run.cards == cards
    assert run == Run(suit, low, cards)
    assert [run.stands_for(i) for i in range(len(run))] == [
        natural(suit, low + i) for i in range(len(cards))
    ]


@pytest.mark.parametrize(
    ("suit", "low", "text", "reason"),
    [
        pytest.param(S, 13, "KS AS 2S 3S", "past the ace", id="king-ace-two-three"),
        pytest.param(S, 12, "QS KS AS 2S", "past the ace", id="queen-king-ace-two"),
        pytest.param(S, 11, "JS QS KS AS 2S", "past the ace", id="ace-in-the-middle"),
        pytest.param(S, 1, FULL_RUN + " JK", "at most 14", id="fifteen-cards"),
        pytest.param(S, 1, FULL_RUN + " 2S", "at most 14", id="wraps-past-second-ace"),
        pytest.param(S, 3, "3S 4S 5S", "at least 4", id="too-short"),
        pytest.param(S, 3, "", "at least 4", id="empty"),
        pytest.param(S, 3, "3S 4H 5S 6S", "4H cannot stand for 4S", id="wrong-suit"),
        pytest.param(S, 3, "3S 5S 6S 7S", "5S cannot stand for 4S", id="gap"),
        pytest.param(S, 3, "4S 3S 5S 6S", "4S cannot stand for 3S", id="out-of-order"),
        pytest.param(S, 3, "3S 4S 4S 5S", "4S cannot stand for 5S", id="repeated-card"),
        pytest.param(S, 3, "3S 2S 5S 6S", "2S cannot stand for 4S", id="two-is-not-wild"),
        pytest.param(S, 2, "AS 2S 3S 4S", "AS cannot stand for 2S", id="wrong-low"),
        pytest.param(S, 0, "JK AS 2S 3S", "low position", id="joker-below-the-ace"),
        pytest.param(S, 14, "AS JK JK JK", "low position", id="low-past-king"),
        pytest.param(S, 11, "JS QS KS JK JK", "past the ace", id="joker-past-ace-end"),
    ],
)
def test_r8_invalid_runs(suit: Suit, low: int, text: str, reason: str) -> None:
    with pytest.raises(InvalidMeldError, match="R8") as info:
        Run(suit, low, text)
    assert reason in str(info.value)


@pytest.mark.parametrize(
    ("suit", "low"),
    [
        pytest.param("S", 3, id="str-suit"),
        pytest.param(Rank.THREE, 3, id="rank-as-suit"),
        pytest.param(S, "3", id="str-low"),
        pytest.param(S, 3.0, id="float-low"),
        pytest.param(S, True, id="bool-low"),
    ],
)
def test_r8_run_suit_and_low_of_another_type_are_a_type_error_not_a_refusal(
    suit: Any, low: Any
) -> None:
    with pytest.raises(
        TypeError, match=r"^a run's (suit must be a Suit|low position must be an int), got "
    ):
        Run(suit, low, "3S 4S 5S 6S")


def test_r8_run_order_is_its_meaning() -> None:
    assert Run(S, 3, "3S 4S 5S 6S") != Run(S, 3, "3S 4S 5S JK")
    assert Run(S, 3, "JK 4S 5S 6S") != Run(S, 4, "4S 5S 6S JK")
    assert Run(S, 1, "JK JK JK JK") != Run(S, 2, "JK JK JK JK")
    assert Run(S, 1, "JK JK JK JK") != Run(H, 1, "JK JK JK JK")


@st.composite
def runs(draw: st.DrawFn) -> tuple[Suit, int, tuple[Card, ...]]:
    """A suit, a low position and the cards of a valid PAGAT run, jokers anywhere."""
    suit = draw(st.sampled_from(Suit))
    length = draw(st.integers(4, 14))
    low = draw(st.integers(1, 15 - length))
    jokers = draw(st.lists(st.booleans(), min_size=length, max_size=length))
    cards = tuple(JOKER if joker else natural(suit, low + i) for i, joker in enumerate(jokers))
    return suit, low, cards


@given(runs())
def test_r8_every_consecutive_run_is_valid(spec: tuple[Suit, int, tuple[Card, ...]]) -> None:
    suit, low, cards = spec
    run = Run(suit, low, cards)
    assert run.high == low + len(cards) - 1 <= 14
    assert run.wild_positions() == tuple(i for i, member in enumerate(cards) if member is JOKER)
    for i in range(len(run)):
        assert run.stands_for(i) is natural(suit, low + i)


@given(runs())
def test_r8_ends_agree_with_the_constructor(spec: tuple[Suit, int, tuple[Card, ...]]) -> None:
    suit, low, cards = spec
    run = Run(suit, low, cards)
    candidates = {JOKER, *(natural(suit, p) for p in (low - 1, run.high + 1) if 1 <= p <= 14)}
    candidates |= {natural(suit, 1), Card(Rank.FIVE, Suit.HEARTS)}
    for candidate in candidates:
        ends = run.ends(candidate)
        assert run.accepts(candidate) == bool(ends)
        for end in End:
            if end is End.LOW:
                fits = _is_run(suit, low - 1, (candidate, *cards))
            else:
                fits = _is_run(suit, low, (*cards, candidate))
            assert (end in ends) == fits
            if fits:
                longer = run.add(candidate, end)
                assert len(longer) == len(run) + 1
                assert longer.low == (low - 1 if end is End.LOW else low)
                assert longer.high == (run.high if end is End.LOW else run.high + 1)
            else:
                with pytest.raises(InvalidMeldError, match="R15"):
                    run.add(candidate, end)


def _is_run(suit: Suit, low: int, cards: tuple[Card, ...]) -> bool:
    try:
        Run(suit, low, cards)
    except InvalidMeldError:
        return False
    return True


# -- R9: one physical card, one meld -------------------------------------------------------


def test_r9_laying_off_makes_a_new_meld_and_keeps_the_old() -> None:
    group = Group(Rank.SEVEN, "7C 7D 7H")
    bigger = group.add(card("7S"))
    assert group.cards == cr.parse_cards("7C 7D 7H")
    assert bigger.cards == cr.parse_cards("7C 7D 7H 7S")
    run = Run(S, 3, "3S 4S 5S 6S")
    longer = run.add(card("7S"))
    assert run.cards == cr.parse_cards("3S 4S 5S 6S")
    assert longer.cards == cr.parse_cards("3S 4S 5S 6S 7S")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("3S 3S 4S 5S 6S", id="same-card-twice-at-the-low-end"),
        pytest.param("3S 4S 5S 6S 6S", id="same-card-twice-at-the-high-end"),
    ],
)
def test_r9_a_run_never_uses_one_card_for_two_positions(text: str) -> None:
    with pytest.raises(InvalidMeldError, match="R8"):
        Run(S, 3, text)
    with pytest.raises(InvalidMeldError, match="neither a group nor a run"):
        cr.meld(text)


def test_r9_melds_are_frozen() -> None:
    group = Group(Rank.SEVEN, "7C 7D 7H")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        group.cards = ()  # type: ignore[misc]
    run = Run(S, 3, "3S 4S 5S 6S")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        run.low = 4  # type: ignore[misc]
    assert len(group) == 3
    assert run.low == 3


# -- R10: what jokers stand for ------------------------------------------------------------


@pytest.mark.parametrize(
    ("suit", "low", "text", "position", "expected"),
    [
        pytest.param(S, 3, "3S 4S JK 6S", 2, "5S", id="inside"),
        pytest.param(S, 3, "JK 4S 5S 6S", 0, "3S", id="low-end"),
        pytest.param(S, 1, "JK 2S 3S 4S", 0, "AS", id="low-ace"),
        pytest.param(H, 11, "JH QH KH JK", 3, "AH", id="high-ace"),
        pytest.param(H, 11, "JH QH KH JK", -1, "AH", id="negative-position"),
        pytest.param(D, 10, "JK JK JK JK", 1, "JD", id="all-jokers"),
        pytest.param(S, 3, "3S 4S JK 6S", 0, "3S", id="natural-stands-for-itself"),
    ],
)
def test_r10_run_wild_stands_for_its_position(
    suit: Suit, low: int, text: str, position: int, expected: str
) -> None:
    assert Run(suit, low, text).stands_for(position) is card(expected)


@pytest.mark.parametrize(
    ("meld", "wild"),
    [
        pytest.param(Run(S, 3, "3S 4S JK 6S"), (2,), id="run-inside"),
        pytest.param(Run(S, 3, "JK 4S JK 6S"), (0, 2), id="run-two"),
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), (), id="run-none"),
        pytest.param(Run(S, 1, "JK JK JK JK"), (0, 1, 2, 3), id="run-all"),
        pytest.param(Group(Rank.SEVEN, "JK 7C JK 7D"), (2, 3), id="group-two"),
        pytest.param(Group(Rank.SEVEN, "7C 7C 7D"), (), id="group-none"),
        pytest.param(Group(Rank.SEVEN, "JK JK JK"), (0, 1, 2), id="group-all"),
    ],
)
def test_r10_wild_positions(meld: cr.Meld, wild: tuple[int, ...]) -> None:
    assert meld.wild_positions() == wild
    assert all(meld.cards[i] is JOKER for i in wild)


def test_r10_group_wild_stands_for_the_rank() -> None:
    group = Group(Rank.QUEEN, "QC JK QH")
    assert [group.stands_for(i) for i in range(3)] == [Rank.QUEEN] * 3
    assert Group(Rank.FOUR, "JK JK JK").stands_for(-1) is Rank.FOUR


@pytest.mark.parametrize(
    "meld",
    [
        pytest.param(Group(Rank.SEVEN, "7C 7D JK"), id="group"),
        pytest.param(Run(S, 3, "3S 4S JK 6S"), id="run"),
    ],
)
@pytest.mark.parametrize("position", [4, 100, -5])
def test_r10_stands_for_a_missing_position_raises(meld: cr.Meld, position: int) -> None:
    with pytest.raises(IndexError):
        meld.stands_for(position)


@pytest.mark.parametrize(
    ("meld", "valid"),
    [
        pytest.param(Group(Rank.SEVEN, "7C 7D JK"), "0..2 (or -3..-1", id="group"),
        pytest.param(Run(S, 3, "3S 4S JK 6S"), "0..3 (or -4..-1", id="run"),
    ],
)
def test_r10_stands_for_says_which_positions_there_are(meld: cr.Meld, valid: str) -> None:
    with pytest.raises(IndexError) as caught:
        meld.stands_for(9)
    message = str(caught.value)
    assert message.startswith(f"position must be in {valid}")
    assert message.endswith("got 9")


@pytest.mark.parametrize("position", [True, 1.0, "1", None])
@pytest.mark.parametrize(
    "meld",
    [
        pytest.param(Group(Rank.SEVEN, "7C 7D JK"), id="group"),
        pytest.param(Run(S, 3, "3S 4S JK 6S"), id="run"),
    ],
)
def test_r10_stands_for_refuses_a_position_that_is_not_an_int(
    meld: cr.Meld, position: Any
) -> None:
    with pytest.raises(
        TypeError, match=f"position must be an int, got {re.escape(repr(position))}"
    ):
        meld.stands_for(position)


@pytest.mark.parametrize(
    ("build", "name"),
    [
        pytest.param(lambda: cr.meld(typeless(None)), "text", id="meld-none"),
        pytest.param(lambda: cr.meld(typeless(7)), "text", id="meld-int"),
        pytest.param(lambda: Group(Rank.SEVEN, typeless(None)), "cards", id="group-none"),
        pytest.param(lambda: Run(S, 3, typeless(None)), "cards", id="run-none"),
    ],
)
def test_melds_refuse_cards_that_are_not_iterable(build: Any, name: str) -> None:
    with pytest.raises(TypeError) as caught:
        build()
    assert str(caught.value).startswith(f"{name} must be Cards or card notation (a str), got ")


@given(melds(), hands(max_size=6))
def test_r15_r23_a_meld_reads_notation_wherever_it_takes_cards(
    built: Group | Run, held: tuple[Card, ...]
) -> None:
    text = " ".join(map(str, held))
    assert built.lay_offs(text) == built.lay_offs(held)
    assert built.swappable(text) == built.swappable(held)
    for card in held:
        notation = str(card).lower()
        assert built.accepts(notation) == built.accepts(card)
        assert built.placements(notation) == built.placements(card)
        assert built.swap(notation) == built.swap(card)
        ends = built.placements(card)
        if ends:
            assert built.add(notation, ends[0]) == built.add(card, ends[0])


def test_a_meld_refuses_what_is_neither_a_card_nor_notation() -> None:
    run, group = Run(S, 3, "3S 4S JK 6S"), Group(Rank.SEVEN, "7C 7D JK")
    for ask in (run.accepts, run.swap, group.accepts, group.add, run.placements, run.ends):
        with pytest.raises(TypeError, match=r"^card must be a Card or card notation such as"):
            ask(typeless(7))
    with pytest.raises(cr.NotationError, match="'5X' is not a card"):
        run.swap("5X")
    assert run.swap("5S") == (Run(S, 3, "3S 4S 5S 6S"), cr.JOKER)  # it said None before


# -- reading melds from notation -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("3S 4S JK 6S", Run(S, 3, "3S 4S JK 6S"), id="run-with-joker"),
        pytest.param("7C 7D JK", Group(Rank.SEVEN, "7C 7D JK"), id="group-with-joker"),
        pytest.param("7C JK 7D", Group(Rank.SEVEN, "7C 7D JK"), id="group-any-order"),
        pytest.param("JH QH KH AH", Run(H, 11, "JH QH KH AH"), id="ace-high"),
        pytest.param("AS 2S 3S 4S", Run(S, 1, "AS 2S 3S 4S"), id="ace-low"),
        pytest.param("JK 2S 3S 4S", Run(S, 1, "JK 2S 3S 4S"), id="joker-ace"),
        pytest.param(FULL_RUN, Run(S, 1, FULL_RUN), id="ace-to-ace"),
        pytest.param("7C 7D 7H 7S", Group(Rank.SEVEN, "7C 7D 7H 7S"), id="four-sevens"),
        pytest.param("7S JK JK 10S", Run(S, 7, "7S JK JK 10S"), id="two-naturals-run"),
        pytest.param("7s, 7s, *", Group(Rank.SEVEN, "7S 7S JK"), id="notation-variants"),
    ],
)
def test_r10_meld_reads_the_one_meaning(text: str, expected: cr.Meld) -> None:
    assert cr.meld(text) == expected
    assert cr.meld(cr.parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("7S JK JK JK", "a group of 7s and as a run of spades", id="group-or-run"),
        pytest.param("JK 7S JK JK", "reads as", id="joker-first"),
        pytest.param("JK JK JK", "reads as a group of As and as a group of 2s", id="any-rank"),
        pytest.param("JK JK JK JK", "reads as", id="four-jokers"),
        pytest.param("AS JK JK JK", "reads as", id="ace-group-or-run"),
        pytest.param("KS AS 2S 3S", "neither a group nor a run", id="wrap"),
        pytest.param("7C 8D 9H 10S", "neither a group nor a run", id="mixed-suits"),
        pytest.param("7C 7D", "2 cards are too few for a meld", id="too-few"),
        pytest.param("7C", "1 card is too few for a meld", id="one-card"),
        pytest.param("", "0 cards are too few for a meld", id="empty"),
        pytest.param("7C 7D 8C", "neither a group nor a run", id="wrong-rank"),
    ],
)
def test_r10_meld_asks_for_an_explicit_meld(text: str, words: str) -> None:
    with pytest.raises(InvalidMeldError) as info:
        cr.meld(text)
    message = str(info.value)
    assert words in message
    assert HINT_GROUP in message
    assert HINT_RUN in message


def test_meld_errors_are_value_errors() -> None:
    assert issubclass(InvalidMeldError, ValueError)
    with pytest.raises(ValueError, match="R8"):
        Run(S, 13, "KS AS 2S 3S")


def test_meld_shows_cards_given_as_cards() -> None:
    with pytest.raises(InvalidMeldError, match="'JK JK JK'"):
        cr.meld([JOKER, JOKER, JOKER])


def test_meld_notation_errors_propagate() -> None:
    with pytest.raises(cr.NotationError, match="'7X'"):
        cr.meld("7C 7X 7D")


@given(st.lists(st.sampled_from((*NATURALS, JOKER)), max_size=16))
def test_meld_returns_a_meld_of_the_same_cards_or_raises(cards: list[Card]) -> None:
    _check_meld(cards)


@given(st.sampled_from(Suit), st.lists(st.integers(0, 13), min_size=3, max_size=8))
def test_meld_of_one_suit_returns_a_meld_or_raises(suit: Suit, ranks: list[int]) -> None:
    _check_meld([JOKER if rank == 0 else Card(rank, suit) for rank in ranks])


def _check_meld(cards: list[Card]) -> None:
    failure: InvalidMeldError | None = None
    try:
        result = cr.meld(cards)
    except InvalidMeldError as error:
        failure = error
    if failure is None:
        assert isinstance(result, Group | Run)
        assert Counter(result.cards) == Counter(cards)
        if isinstance(result, Run):
            assert result.cards == tuple(cards)
            assert result == Run(result.suit, result.low, cards)
        else:
            assert result == Group(result.rank, cards)
    elif _over_deck(cards):  # more copies of a card than the deck holds, if nothing else
        assert failure.rule == "R2" or HINT_GROUP in str(failure)
    else:
        assert HINT_GROUP in str(failure)


@given(runs())
def test_meld_reads_a_run_with_two_naturals(spec: tuple[Suit, int, tuple[Card, ...]]) -> None:
    suit, low, cards = spec
    if len(set(cards) - {JOKER}) >= 2:
        assert cr.meld(cards) == Run(suit, low, cards)
    else:
        # One natural reads as a group of its rank too; none reads everywhere.
        with pytest.raises(InvalidMeldError, match=r"reads as"):
            cr.meld(cards)


@given(groups())
def test_meld_reads_a_group_with_two_naturals(spec: tuple[Rank, list[Card]]) -> None:
    rank, cards = spec
    naturals = sum(member is not JOKER for member in cards)
    if naturals >= 2:
        assert cr.meld(cards) == Group(rank, cards)
    elif naturals == 0:
        with pytest.raises(InvalidMeldError, match=r"reads as"):
            cr.meld(cards)
    else:
        _check_meld(cards)


def test_meld_repr_evaluates_back() -> None:
    namespace = {"Group": Group, "Run": Run, "Rank": Rank, "Suit": Suit}
    for meld in (
        Group(Rank.SEVEN, "7C JK 7D"),
        Run(S, 3, "3S 4S JK 6S"),
        Run(H, 11, "JH QH KH AH"),
    ):
        assert eval(repr(meld), namespace) == meld
    assert repr(Group(Rank.SEVEN, "JK 7C 7C")) == "Group(Rank.SEVEN, '7C 7C JK')"
    assert repr(Run(S, 3, "3S 4S JK 6S")) == "Run(Suit.SPADES, 3, '3S 4S JK 6S')"
    assert str(Run(S, 3, "3S 4S JK 6S")) == "3S 4S JK 6S"


# -- queries: Run.ends, accepts, add -------------------------------------------------------


@pytest.mark.parametrize(
    ("run", "text", "ends"),
    [
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), "JK", (End.LOW, End.HIGH), id="wild-both"),
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), "2S", (End.LOW,), id="next-below"),
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), "7S", (End.HIGH,), id="next-above"),
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), "8S", (), id="not-adjacent"),
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), "7H", (), id="other-suit"),
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), "4S", (), id="already-inside"),
        pytest.param(Run(S, 2, TWO_TO_KING), "AS", (End.LOW, End.HIGH), id="ace-both-ends"),
        pytest.param(Run(S, 2, TWO_TO_KING), "JK", (End.LOW, End.HIGH), id="wild-on-2-to-K"),
        pytest.param(Run(S, 2, TWO_TO_KING), "AH", (), id="ace-of-other-suit"),
        pytest.param(Run(S, 1, "AS 2S 3S 4S"), "JK", (End.HIGH,), id="nothing-below-ace"),
        pytest.param(Run(S, 1, "AS 2S 3S 4S"), "AS", (), id="no-second-ace-low"),
        pytest.param(Run(H, 11, "JH QH KH AH"), "JK", (End.LOW,), id="nothing-above-ace"),
        pytest.param(Run(H, 11, "JH QH KH AH"), "2H", (), id="no-wrap"),
        pytest.param(Run(H, 11, "JH QH KH JK"), "JK", (End.LOW,), id="joker-ace-end"),
        pytest.param(Run(S, 1, "JK 2S 3S 4S"), "JK", (End.HIGH,), id="joker-low-ace-end"),
        pytest.param(Run(S, 1, ACE_TO_KING), "AS", (End.HIGH,), id="second-ace-high"),
        pytest.param(Run(S, 1, ACE_TO_KING), "JK", (End.HIGH,), id="wild-on-A-to-K"),
        pytest.param(Run(S, 1, FULL_RUN), "JK", (), id="fourteen-full-wild"),
        pytest.param(Run(S, 1, FULL_RUN), "AS", (), id="fourteen-full-ace"),
    ],
)
def test_r8_run_ends(run: Run, text: str, ends: tuple[End, ...]) -> None:
    assert run.ends(card(text)) == ends
    assert run.accepts(card(text)) == bool(ends)


def test_r8_run_ends_stop_at_max_run_length() -> None:
    short = attrs.evolve(PAGAT, max_run_length=5)
    run = Run(S, 3, "3S 4S 5S 6S", variant=short)
    assert run.ends(JOKER) == (End.LOW, End.HIGH)
    five = run.add(card("7S"))
    assert five.variant is short
    assert five.ends(JOKER) == ()
    assert five.ends(card("8S")) == ()
    assert five.ends(card("2S")) == ()
    with pytest.raises(InvalidMeldError, match="R15"):
        five.add(card("8S"))


def test_r8_run_add_with_end() -> None:
    run = Run(S, 3, "3S 4S 5S 6S")
    assert run.add(JOKER, End.LOW) == Run(S, 2, "JK 3S 4S 5S 6S")
    assert run.add(JOKER, End.HIGH) == Run(S, 3, "3S 4S 5S 6S JK")
    assert run.add(card("2S")) == Run(S, 2, "2S 3S 4S 5S 6S")
    assert run.add(card("2S"), End.LOW) == Run(S, 2, "2S 3S 4S 5S 6S")
    assert run.add(card("7S")) == Run(S, 3, "3S 4S 5S 6S 7S")
    full = Run(S, 2, TWO_TO_KING)
    assert full.add(card("AS"), End.LOW) == Run(S, 1, "AS " + TWO_TO_KING)
    assert full.add(card("AS"), End.HIGH) == Run(S, 2, TWO_TO_KING + " AS")
    assert full.add(card("AS"), End.LOW).add(card("AS")) == Run(S, 1, FULL_RUN)


@pytest.mark.parametrize(
    ("run", "text", "end", "reason"),
    [
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), "JK", None, "choose an End", id="wild-no-end"),
        pytest.param(Run(S, 2, TWO_TO_KING), "AS", None, "choose an End", id="ace-no-end"),
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), "8S", None, "does not extend", id="no-fit"),
        pytest.param(Run(S, 3, "3S 4S 5S 6S"), "7S", End.LOW, "low end", id="wrong-end"),
        pytest.param(Run(S, 1, "AS 2S 3S 4S"), "JK", End.LOW, "low end", id="below-ace"),
        pytest.param(Run(H, 11, "JH QH KH AH"), "JK", End.HIGH, "high end", id="above-ace"),
        pytest.param(Run(S, 1, FULL_RUN), "JK", None, "does not extend", id="full"),
    ],
)
def test_r8_run_add_refusals(run: Run, text: str, end: End | None, reason: str) -> None:
    with pytest.raises(InvalidMeldError, match="R15") as info:
        run.add(card(text), end)
    assert reason in str(info.value)


def test_r7_group_accepts_and_add() -> None:
    group = Group(Rank.SEVEN, "7C 7D 7H")
    assert group.accepts(card("7S"))
    assert group.accepts(card("7C"))
    assert group.accepts(JOKER)
    assert not group.accepts(card("8S"))
    assert not group.accepts(card("2S"))
    assert group.add(card("7C")) == Group(Rank.SEVEN, "7C 7C 7D 7H")
    assert group.add(JOKER) == Group(Rank.SEVEN, "7C 7D 7H JK")
    assert group.add(JOKER).wild_positions() == (3,)
    with pytest.raises(InvalidMeldError, match="R15: 8S is not a 7"):
        group.add(card("8S"))
    with pytest.raises(InvalidMeldError, match="R15: 7S is not an 8 and is not wild"):
        Group(Rank.EIGHT, "8C 8D 8H").add(card("7S"))
    with pytest.raises(InvalidMeldError, match="no ends"):
        group.add(card("7S"), End.LOW)


# -- variant-configured melds --------------------------------------------------------------


def test_r10_wild_twos_in_a_group_but_natural_in_their_run_place() -> None:
    group = Group(Rank.SEVEN, "7C 2S 7D", variant=DEUCES_WILD)
    assert group.cards == cr.parse_cards("7C 7D 2S")
    assert group.wild_positions() == (2,)
    assert group.stands_for(2) is Rank.SEVEN
    assert group.accepts(card("2H"))
    with pytest.raises(InvalidMeldError, match="R7"):
        Group(Rank.SEVEN, "7C 2S 7D")
    twos = Group(Rank.TWO, "2C 2D 2H", variant=DEUCES_WILD)
    assert twos.wild_positions() == ()

    natural_two = Run(S, 1, "AS 2S 3S 4S", variant=DEUCES_WILD)
    assert natural_two.wild_positions() == ()
    assert natural_two.stands_for(1) is card("2S")
    wild_two = Run(S, 3, "3S 2H 5S 6S", variant=DEUCES_WILD)
    assert wild_two.wild_positions() == (1,)
    assert wild_two.stands_for(1) is card("4S")
    assert Run(S, 3, "3S 4S 5S 6S", variant=DEUCES_WILD).ends(card("2H")) == (End.LOW, End.HIGH)
    assert Run(S, 3, "3S 4S 5S 6S", variant=DEUCES_WILD).ends(card("2S")) == (End.LOW, End.HIGH)
    assert Run(S, 3, "3S 4S 5S 6S").ends(card("2H")) == ()


def test_r10_meld_with_wild_twos() -> None:
    assert cr.meld("7C 2S 7D", variant=DEUCES_WILD) == Group(
        Rank.SEVEN, "7C 2S 7D", variant=DEUCES_WILD
    )
    # Natural twos read as a group of twos: every card stands for itself.
    assert cr.meld("2C 2D 2H", variant=DEUCES_WILD) == Group(Rank.TWO, "2C 2D 2H")
    assert cr.meld("AS 2S 3S 4S", variant=DEUCES_WILD) == Run(S, 1, "AS 2S 3S 4S")
    assert cr.meld("3S 2H 5S 6S", variant=DEUCES_WILD) == Run(
        S, 3, "3S 2H 5S 6S", variant=DEUCES_WILD
    )
    with pytest.raises(InvalidMeldError):
        cr.meld("3S 2H 5S 6S")


def test_r8_ace_rules() -> None:
    with pytest.raises(InvalidMeldError, match="aces are high only"):
        Run(S, 1, "AS 2S 3S 4S", variant=ACES_HIGH)
    with pytest.raises(InvalidMeldError, match=re.escape(HINT_RUN)):
        cr.meld("AS 2S 3S 4S", variant=ACES_HIGH)
    assert Run(S, 11, "JS QS KS AS", variant=ACES_HIGH).high == 14
    assert Run(S, 2, "2S 3S 4S 5S", variant=ACES_HIGH).ends(card("AS")) == ()
    assert Run(S, 2, "2S 3S 4S 5S", variant=ACES_HIGH).ends(JOKER) == (End.HIGH,)

    with pytest.raises(InvalidMeldError, match="aces are low only"):
        Run(S, 11, "JS QS KS AS", variant=ACES_LOW)
    with pytest.raises(InvalidMeldError, match="aces are low only"):
        Run(S, 11, "JS QS KS JK", variant=ACES_LOW)
    assert Run(S, 1, "AS 2S 3S 4S", variant=ACES_LOW).low == 1
    assert Run(S, 10, "10S JS QS KS", variant=ACES_LOW).ends(card("AS")) == ()
    assert Run(S, 10, "10S JS QS KS", variant=ACES_LOW).ends(JOKER) == (End.LOW,)


@pytest.mark.parametrize("aces", [AceRule.HIGH, AceRule.LOW])
def test_r8_one_sided_aces_cap_runs_at_13(aces: AceRule) -> None:
    one_sided = attrs.evolve(PAGAT, aces=aces)
    assert one_sided.max_run_length == 14
    low = 2 if aces is AceRule.HIGH else 1
    longest = Run(S, low, [natural(S, low + i) for i in range(13)], variant=one_sided)
    assert longest.ends(JOKER) == ()
    assert longest.ends(card("AS")) == ()
    with pytest.raises(InvalidMeldError, match=f"aces are {aces.value} only"):
        Run(S, 1, FULL_RUN, variant=one_sided)


def _with_ladder(contract: Contract, **changes: Any) -> Variant:
    return attrs.evolve(PAGAT, ladder=((contract, 10),), **changes)


def test_r8_min_run_length() -> None:
    threes = attrs.evolve(PAGAT, min_run_length=3)
    assert Run(S, 3, "3S 4S 5S", variant=threes).high == 5
    assert cr.meld("3S 4S 5S", variant=threes) == Run(S, 3, "3S 4S 5S", variant=threes)
    with pytest.raises(InvalidMeldError, match="at least 4"):
        Run(S, 3, "3S 4S 5S")
    fives = _with_ladder(Contract(runs=(5,)), min_run_length=5)
    with pytest.raises(InvalidMeldError, match="at least 5"):
        Run(S, 3, "3S 4S 5S 6S", variant=fives)
    assert len(Run(S, 3, "3S 4S 5S 6S 7S", variant=fives)) == 5


def test_r8_max_run_length() -> None:
    tens = attrs.evolve(PAGAT, max_run_length=10)
    assert len(Run(S, 1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", variant=tens)) == 10
    with pytest.raises(InvalidMeldError, match="at most 10"):
        Run(S, 1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", variant=tens)
    with pytest.raises(InvalidMeldError, match="at most 14"):
        Run(S, 1, FULL_RUN + " JK")


def test_r7_min_group_length() -> None:
    fours = _with_ladder(Contract(groups=(4,)), min_group_length=4)
    with pytest.raises(InvalidMeldError, match="at least 4"):
        Group(Rank.SEVEN, "7C 7D 7H", variant=fours)
    assert len(Group(Rank.SEVEN, "7C 7D 7H 7S", variant=fours)) == 4


def test_meld_variant_is_not_part_of_its_value() -> None:
    assert Group(Rank.SEVEN, "7C 7D 7H", variant=DEUCES_WILD) == Group(Rank.SEVEN, "7C 7D 7H")
    assert Run(S, 3, "3S 4S 5S 6S", variant=ACES_LOW) == Run(S, 3, "3S 4S 5S 6S")
    assert Group(Rank.SEVEN, "7C 7D 7H").variant is PAGAT
    assert Group(Rank.SEVEN, "7C 7D 7H", variant=DEUCES_WILD).variant is DEUCES_WILD


@given(st.sampled_from(sorted(cr.VARIANTS)).flatmap(lambda name: melds(variant=cr.VARIANTS[name])))
def test_r15_r23_reach_holds_every_card_a_meld_takes(found: Group | Run) -> None:
    deck = sorted(set(NATURALS) | {JOKER}, key=lambda card: card.index)
    takes = {card.index for card, _ in found.lay_offs(deck)}
    takes.update(card.index for card in found.swappable(deck))
    assert takes <= found.reach()
    assert {card.index for card in deck if found.accepts(card)} <= found.reach()


def test_r15_r23_reach_of_a_full_run_holds_only_its_stand_ins() -> None:
    # A run from ace to ace takes no more cards (R8), but a natural may win its joker back.
    full = Run(S, 1, "AS 2S 3S 4S 5S JK 7S 8S 9S 10S JS QS KS AS")
    assert names(full.reach()) == {"6S"}
    # A group takes its rank and every wild card: here the twos too (R10).
    group = Group(Rank.SEVEN, "7C 7D JK", variant=DEUCES_WILD)
    assert names(group.reach()) == {"2C", "2D", "2H", "2S", "7C", "7D", "7H", "7S", "JK"}


def names(indices: frozenset[int]) -> set[str]:
    """The cards of ``indices``, in notation."""
    return {str(card) for card in (*NATURALS, JOKER) if card.index in indices}


@given(
    st.sampled_from(["pagat", "deuces-wild"]).flatmap(
        lambda name: melds(variant=cr.VARIANTS[name], kind=Run)
    )
)
def test_r15_run_placements_are_its_ends_in_one_form(run: Run) -> None:
    # A wild card's places are worked out once per run: every card gets its own ends.
    for card in cr.cards.CARDS:
        ends = run.ends(card)
        assert run.placements(card) == (ends if len(ends) != 1 else (None,))


@given(
    st.sampled_from(["pagat", "deuces-wild"]).flatmap(
        lambda name: melds(variant=cr.VARIANTS[name])
    )
)
def test_r23_a_freed_wild_fits_the_changed_meld_where_it_fits_the_meld(meld: Group | Run) -> None:
    # The engine lists where a freed wild card goes on the meld it came from with the
    # meld's own placements: a swap keeps the rank, or the suit, ends and length.
    for card in meld.swappable(cr.cards.CARDS):
        swapped = meld.swap(card)
        assert swapped is not None
        changed, wild = swapped
        assert changed.placements(wild) == meld.placements(wild)


_VARIANTS = st.sampled_from([PAGAT, DEUCES_WILD, ACES_HIGH, ACES_LOW])


@given(_VARIANTS.flatmap(lambda v: st.tuples(melds(variant=v), hands(variant=v, max_size=20))))
def test_r15_fits_are_the_lay_offs_of_any_hand(case: tuple[Group | Run, tuple[Card, ...]]) -> None:
    # The engine lists a hand's lay-offs from what the meld keeps: the same pairs in order.
    meld, hand = case
    held = {card.index for card in hand}
    cards = list(dict.fromkeys(hand))
    expected = [(card, end) for card, ends in meld.fits() if card.index in held for end in ends]
    assert meld.lay_offs(cards) == expected
    assert all(meld.placements(card) == ends for card, ends in meld.fits())


@given(_VARIANTS.flatmap(lambda v: st.tuples(melds(variant=v), hands(variant=v, max_size=20))))
def test_r23_swaps_are_the_swappable_cards_of_any_hand(
    case: tuple[Group | Run, tuple[Card, ...]],
) -> None:
    # The engine lists a hand's swaps from what the meld keeps: the same cards in order.
    meld, hand = case
    held = {card.index for card in hand}
    cards = list(dict.fromkeys(hand))
    assert meld.swappable(cards) == [card for card, _ in meld.swaps() if card.index in held]
    for card, wild in meld.swaps():
        swapped = meld.swap(card)
        assert swapped is not None
        assert swapped[1] is wild


def test_r23_an_ace_standing_at_both_ends_frees_the_low_wild() -> None:
    # A run from ace to ace with wild cards at both aces: the ace wins back the low one,
    # as swap() does, and comes first among the swaps (canonical order).
    run = Run(S, 1, "JK 2S 3S 4S 5S 6S JK 8S 9S 10S JS QS KS 2D", variant=DEUCES_WILD)
    assert [(str(card), str(wild)) for card, wild in run.swaps()] == [
        ("AS", "JK"),
        ("7S", "JK"),
    ]
    for card, wild in run.swaps():
        swapped = run.swap(card)
        assert swapped is not None
        assert swapped[1] is wild
    swapped = run.swap(Card.parse("AS"))
    assert swapped is not None
    assert str(swapped[0]) == "AS 2S 3S 4S 5S 6S JK 8S 9S 10S JS QS KS 2D"


def test_r15_melds_of_one_shape_under_equal_variants_take_the_same_cards() -> None:
    # What a meld may take is kept by its shape and variant: an equal variant built apart
    # gives the same answers, and a different one its own (2S is wild with the twos).
    twos = attrs.evolve(PAGAT, wild_ranks={Rank.TWO})
    wilds = {PAGAT: ["JK"], DEUCES_WILD: ["2C", "2D", "2H", "2S", "JK"]}
    naturals = {PAGAT: ["2S", "7S"], DEUCES_WILD: ["7S"]}
    for variant, like in [(PAGAT, PAGAT), (DEUCES_WILD, DEUCES_WILD), (twos, DEUCES_WILD)]:
        run = Run(S, 3, "3S 4S JK 6S", variant=variant)
        assert [str(card) for card, _ in run.fits()] == naturals[like] + wilds[like]
        assert names(run.reach()) == {"5S", *naturals[like], *wilds[like]}
        group = Group(Rank.SEVEN, "7C 7D 7H", variant=variant)
        assert names(group.reach()) == {"7C", "7D", "7H", "7S", *wilds[like]}


@given(_VARIANTS.flatmap(lambda v: melds(variant=v)))
def test_r15_every_wild_card_fits_where_the_joker_does(meld: Group | Run) -> None:
    # The engine works out once per listing where any freed wild card may go (R23).
    wild = meld.variant.wild_by_index
    for card in cr.cards.CARDS:
        if wild[card.index]:
            assert meld.placements(card) == meld.placements(JOKER)


def _fresh(meld: Group | Run) -> Group | Run | None:
    """The same meld built anew, knowing nothing yet; ``None`` past the deck's copies (R2)."""
    try:
        if isinstance(meld, Group):
            return Group(meld.rank, meld.cards, variant=meld.variant)
        return Run(meld.suit, meld.low, meld.cards, variant=meld.variant)
    except InvalidMeldError:
        return None


@given(_VARIANTS.flatmap(lambda v: melds(variant=v)))
def test_r15_r23_melds_made_by_lay_offs_and_swaps_take_what_new_ones_do(
    meld: Group | Run,
) -> None:
    # A lay-off or a swap passes on what the meld knows of its shape: the answers agree
    # with those of the same meld built anew.
    meld.fits(), meld.reach(), meld.swaps()
    made = [meld.add(card, end) for card, ends in meld.fits() for end in ends]
    made += [swapped[0] for card, _ in meld.swaps() if (swapped := meld.swap(card))]
    for changed in made:
        fresh = _fresh(changed)
        if fresh is None:
            continue
        assert changed.fits() == fresh.fits()
        assert changed.reach() == fresh.reach()
        assert changed.swaps() == fresh.swaps()
        assert changed.placements(JOKER) == fresh.placements(JOKER)


@given(melds())
def test_r15_a_pickled_or_copied_meld_keeps_its_value_and_answers_alike(meld: Group | Run) -> None:
    meld.fits(), meld.swaps()  # answers worked out before the copy: not carried over
    for again in (pickle.loads(pickle.dumps(meld)), copy.copy(meld), copy.deepcopy(meld)):
        assert again == meld
        assert type(again) is type(meld)
        assert str(again) == str(meld)
        assert again.variant == meld.variant
        assert again.fits() == meld.fits()
        assert again.swaps() == meld.swaps()
        assert again.reach() == meld.reach()


def test_r15_melds_pickled_by_an_older_version_load_and_work_out_their_answers_again() -> None:
    # Pickled by an older version, whose runs kept other cached answers than today's: the
    # run had worked out its lay-offs and swaps, the group nothing.
    path = Path(__file__).parent / "data" / "melds-older.pickle"
    run, group = pickle.loads(path.read_bytes())
    assert run == Run(H, 11, "JH QH JK AH")
    assert group == Group(Rank.SEVEN, "JK 7C 7C")
    assert run.reach() == {Card.parse(text).index for text in ("10H", "KH", "JK")}
    assert run.fits() == Run(H, 11, "JH QH JK AH").fits()
    assert run.add(Card.parse("10H")) == Run(H, 10, "10H JH QH JK AH")
    assert group.add(Card.parse("7D")) == Group(Rank.SEVEN, "7C 7C 7D JK")


@pytest.mark.parametrize(
    ("text", "ordered"),
    [
        ("9D JD 10D QD", "9D 10D JD QD"),
        ("QD JD 10D 9D", "9D 10D JD QD"),
        ("KD AD QD JD", "JD QD KD AD"),
    ],
)
def test_r8_a_runs_cards_out_of_order_are_refused_with_their_order(
    text: str, ordered: str
) -> None:
    with pytest.raises(cr.InvalidMeldError, match=rf"go in order, low to high: '{ordered}'\)"):
        cr.meld(text)
    assert cr.meld(ordered).cards == cr.parse_cards(ordered)


def test_r7_r8_cards_that_make_no_meld_in_any_order_get_no_order_hint() -> None:
    with pytest.raises(cr.InvalidMeldError) as refused:
        cr.meld("7S 8H 9S")
    assert "in order" not in str(refused.value)
