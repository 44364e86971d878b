"""Rule sets: the PAGAT profile (R1-R28), validation, and per-round queries."""

from __future__ import annotations

import copy
import pickle
import re
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given

import contract_rummy as cr
from contract_rummy import (
    JOKER,
    NATURALS,
    PAGAT,
    PAGAT_PENALTIES,
    PROGRESSIVE_PENALTIES,
    STANDARD_CONTRACTS,
    VARIANTS,
    AceRule,
    Card,
    Contract,
    JokerRule,
    JokerSwap,
    Penalties,
    Rank,
    TieBreak,
    Variant,
)
from contract_rummy.testing.strategies import variants

ALL_CARDS: tuple[Card, ...] = (*NATURALS, JOKER)


def one_round(contract: Contract, dealt: int = 10) -> tuple[tuple[Contract, int], ...]:
    return ((contract, dealt),)


# -- the PAGAT profile ---------------------------------------------------------------------


def test_pagat_table_and_deck_r1_r2() -> None:
    assert PAGAT.name == "pagat"
    assert (PAGAT.min_players, PAGAT.max_players) == (4, 4)
    assert (PAGAT.decks, PAGAT.jokers) == (2, 3)
    assert PAGAT.extra_deck_from is None
    assert PAGAT.deck_counts(4) == (2, 3)
    deck = PAGAT.deck(4)
    assert len(deck) == 107
    counts = Counter(deck)
    assert counts[JOKER] == 3
    assert all(counts[card] == 2 for card in NATURALS)
    assert deck == cr.build_deck(2, 3)


def test_pagat_only_jokers_are_wild_r2() -> None:
    assert PAGAT.wild_ranks == frozenset()
    assert PAGAT.is_wild(JOKER)
    assert not any(PAGAT.is_wild(card) for card in NATURALS)
    assert not PAGAT.wilds_score_as_jokers


def test_pagat_ladder_r5_r11() -> None:
    assert PAGAT.rounds == 7
    assert [PAGAT.contract(number) for number in range(1, 8)] == list(STANDARD_CONTRACTS)
    assert [PAGAT.cards_dealt(number) for number in range(1, 8)] == [10, 10, 10, 12, 12, 12, 12]
    assert PAGAT.ladder == tuple(
        (contract, 10 if number <= 3 else 12)
        for number, contract in enumerate(STANDARD_CONTRACTS, start=1)
    )


def test_pagat_round_one_stock_r5() -> None:
    players = 4
    stock = len(PAGAT.deck(players)) - players * PAGAT.cards_dealt(1) - 1
    assert stock == 66


def test_pagat_meld_settings_r7_r8() -> None:
    assert PAGAT.min_group_length == 3
    assert PAGAT.min_run_length == 4
    assert PAGAT.max_run_length == 14
    assert PAGAT.aces is AceRule.LOW_OR_HIGH


def test_pagat_play_settings_r12_to_r24() -> None:
    assert PAGAT.runs_may_touch is False  # R12
    assert PAGAT.exact_first_meld is True  # R14
    assert PAGAT.lay_off_on_going_down_turn is False  # R15
    assert PAGAT.final_discard is True  # R16
    assert PAGAT.discard_taken_card is False  # R17
    assert PAGAT.buying is True  # R18
    assert PAGAT.buy_penalty == 1  # R19
    assert PAGAT.shanghai_call is False  # R19
    assert PAGAT.max_buys is None  # R21
    assert PAGAT.down_players_may_buy is True  # R21
    assert PAGAT.discarder_may_buy is True  # R21
    assert PAGAT.joker_swap is JokerSwap.RUNS  # R23
    assert PAGAT.last_round_at_once is True  # R24
    assert PAGAT.penalties == PAGAT_PENALTIES  # R25
    assert PAGAT.tie_break is TieBreak.SHARE  # R28
    assert PAGAT.cut_bonus == 0


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("KC", 10),
        ("QD", 10),
        ("JH", 10),
        ("10S", 10),
        ("AH", 15),
        ("JK", 15),
        ("2C", 2),
        ("5D", 5),
        ("9S", 9),
    ],
)
def test_pagat_penalties_r25(text: str, points: int) -> None:
    assert PAGAT.penalty(Card.parse(text)) == points
    assert PAGAT_PENALTIES.of(Card.parse(text)) == points


def test_r25_example() -> None:
    assert sum(PAGAT.penalty(card) for card in cr.parse_cards("KC AH 5D JK")) == 45


def test_penalty_agrees_with_the_table_for_every_card() -> None:
    for card in ALL_CARDS:
        assert PAGAT.penalty(card) == PAGAT_PENALTIES.of(card)
    face = {rank: min(int(rank), 10) for rank in Rank} | {Rank.ACE: 15}
    for card in NATURALS:
        assert card.rank is not None
        assert PAGAT.penalty(card) == face[card.rank]


def test_progressive_penalties() -> None:
    assert PROGRESSIVE_PENALTIES.of(JOKER) == 25
    assert PROGRESSIVE_PENALTIES.of(Card.parse("AS")) == 15
    for text in ("10S", "JS", "QS", "KS"):
        assert PROGRESSIVE_PENALTIES.of(Card.parse(text)) == 10
    for rank in range(2, 10):
        assert PROGRESSIVE_PENALTIES.of(Card(rank, cr.Suit.HEARTS)) == 5


@pytest.mark.parametrize(
    ("changes", "word"),
    [
        pytest.param({"ranks": (10,) * 12}, "one value per rank", id="too-few-ranks"),
        pytest.param({"ranks": (10,) * 14}, "one value per rank", id="too-many-ranks"),
        pytest.param({"joker": -1}, "negative", id="negative-joker"),
        pytest.param({"ranks": (-1,) + (10,) * 12}, "negative", id="negative-rank"),
    ],
)
def test_penalties_validation(changes: dict[str, Any], word: str) -> None:
    with pytest.raises(ValueError, match=word):
        Penalties(**changes)


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        pytest.param({"joker": True}, TypeError, "joker must be an int, got True", id="bool"),
        pytest.param(
            {"ranks": (10,) * 12 + ("10",)},
            TypeError,
            "ranks[12] must be an int, got '10'",
            id="str-rank-points",
        ),
        pytest.param(
            {"ranks": (10,) * 5 + (-1,) + (10,) * 7},
            ValueError,
            "ranks[5] must not be negative, got -1",
            id="negative-rank-points",
        ),
        pytest.param(
            {"ranks": None}, TypeError, "ranks must be 13 ints, ace to king", id="no-ranks"
        ),
        pytest.param(
            {"ranks": "1234567891111"},
            TypeError,
            "ranks must be 13 ints, ace to king",
            id="str-ranks",
        ),
    ],
)
def test_penalties_name_the_argument_they_refuse(
    changes: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as caught:
        Penalties(**changes)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    "junk",
    [
        pytest.param(7, id="int"),
        pytest.param(None, id="none"),
        pytest.param(("AH",), id="tuple"),
        pytest.param([JOKER], id="list"),
    ],
)
def test_card_lookups_refuse_what_is_not_a_card(junk: Any) -> None:
    for lookup in (PAGAT.penalty, PAGAT.is_wild, PAGAT_PENALTIES.of):
        with pytest.raises(TypeError) as caught:
            lookup(junk)
        assert str(caught.value) == (
            f"card must be a Card or card notation such as '7C', got {junk!r}"
        )


def test_r25_card_lookups_read_notation_as_actions_do() -> None:
    deuces = cr.DEUCES_WILD
    for text in ("AH", "JK", "2s", "10♦", "QC"):
        card = Card.parse(text)
        assert PAGAT.penalty(text) == PAGAT.penalty(card)
        assert PAGAT_PENALTIES.of(text) == PAGAT_PENALTIES.of(card)
        assert deuces.is_wild(text) == deuces.is_wild(card)
    assert (PAGAT.penalty("AH"), PAGAT.penalty("7D"), deuces.is_wild("2H")) == (15, 7, True)
    with pytest.raises(cr.NotationError, match="'1H' is not a card"):
        PAGAT.penalty("1H")


def test_wild_cards_may_score_as_jokers() -> None:
    queens = attrs.evolve(
        PAGAT, wild_ranks={Rank.QUEEN}, wilds_score_as_jokers=True, penalties=PROGRESSIVE_PENALTIES
    )
    assert queens.penalty(Card.parse("QS")) == 25
    assert queens.penalty(Card.parse("KS")) == 10
    assert queens.is_wild(Card.parse("QD"))
    assert attrs.evolve(queens, wilds_score_as_jokers=False).penalty(Card.parse("QS")) == 10


def test_wild_ranks_make_cards_wild() -> None:
    deuces = attrs.evolve(PAGAT, wild_ranks=[2])
    assert deuces.wild_ranks == frozenset({Rank.TWO})
    assert {card for card in ALL_CARDS if deuces.is_wild(card)} == {
        JOKER,
        *cr.parse_cards("2C 2D 2H 2S"),
    }
    assert deuces.penalty(Card.parse("2C")) == 2


def test_variants_registry() -> None:
    assert VARIANTS["pagat"] is PAGAT
    for name, variant in VARIANTS.items():
        assert isinstance(variant, Variant)
        assert variant.name == name
    with pytest.raises(TypeError):
        VARIANTS["mine"] = PAGAT  # type: ignore[index]
    assert "mine" not in VARIANTS


def test_variants_are_values() -> None:
    assert attrs.evolve(PAGAT) == PAGAT
    assert hash(attrs.evolve(PAGAT)) == hash(PAGAT)
    assert attrs.evolve(PAGAT, cut_bonus=50) != PAGAT
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        PAGAT.decks = 3  # type: ignore[misc]
    assert PAGAT.decks == 2


# -- validation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "error", "word"),
    [
        pytest.param({"min_players": 5}, ValueError, "above max_players", id="min-above-max"),
        pytest.param({"min_players": 1}, ValueError, "at least 2", id="one-player"),
        pytest.param({"min_players": 0}, ValueError, "at least 1", id="no-players"),
        pytest.param({"ladder": ()}, ValueError, "empty", id="empty-ladder"),
        pytest.param(
            {"decks": 1, "ladder": one_round(Contract(groups=(3, 3)), 14)},
            ValueError,
            "cards in the deck",
            id="deal-too-large",
        ),
        pytest.param(
            {"min_players": 3, "max_players": 8, "ladder": one_round(Contract(groups=(3,)), 14)},
            ValueError,
            "R5: dealing 14 cards in round 1 to 8 players",
            id="deal-too-large-at-max-players",
        ),
        pytest.param(
            {"max_run_length": 10, "ladder": one_round(Contract(runs=(11,)), 12)},
            ValueError,
            "outside the run lengths",
            id="contract-run-too-long",
        ),
        pytest.param(
            {"min_run_length": 5}, ValueError, "outside the run lengths", id="contract-run-short"
        ),
        pytest.param(
            {"ladder": one_round(Contract(groups=(2,)))},
            ValueError,
            "min_group_length",
            id="contract-group-too-short",
        ),
        pytest.param(
            {"decks": 1, "jokers": 1, "ladder": one_round(Contract(groups=(3, 3)), 13)},
            ValueError,
            "more than the 53 cards",
            id="deal-leaves-no-stock",
        ),
        pytest.param(
            {"ladder": one_round(Contract(groups=(3, 3)), 4)},
            ValueError,
            "cannot make",
            id="too-few-cards-dealt",
        ),
        pytest.param(
            {"ladder": one_round(Contract(groups=(3,)), 0)},
            ValueError,
            "positive",
            id="zero-cards-dealt",
        ),
        pytest.param(
            {"ladder": one_round(Contract(groups=(3,)), True)},
            TypeError,
            "cards dealt must be an int",
            id="bool-cards-dealt",
        ),
        pytest.param(
            {"ladder": (("two groups", 10),)},
            TypeError,
            "the contract must be a Contract",
            id="no-contract",
        ),
        pytest.param(
            {"jokers": True}, TypeError, "an int or a JokerRule, got True", id="bool-jokers"
        ),
        pytest.param({"jokers": -1}, ValueError, "negative", id="negative-jokers"),
        pytest.param({"jokers": "3"}, TypeError, "jokers", id="str-jokers"),
        pytest.param({"decks": "2"}, TypeError, "decks", id="str-decks"),
        pytest.param({"decks": True}, TypeError, "decks", id="bool-decks"),
        pytest.param({"decks": 0}, ValueError, "decks", id="no-decks"),
        pytest.param({"max_buys": -1}, ValueError, "max_buys", id="negative-max-buys"),
        pytest.param({"max_buys": True}, TypeError, "max_buys", id="bool-max-buys"),
        pytest.param({"max_buys": 1.5}, TypeError, "max_buys", id="float-max-buys"),
        pytest.param({"extra_deck_from": 1}, ValueError, "extra_deck_from", id="extra-deck-1"),
        pytest.param({"extra_deck_jokers": -1}, ValueError, "negative", id="extra-jokers"),
        pytest.param({"buy_penalty": -1}, ValueError, "negative", id="negative-buy-penalty"),
        pytest.param({"cut_bonus": -50}, ValueError, "negative", id="negative-cut-bonus"),
        pytest.param(
            {"min_run_length": 6, "max_run_length": 5}, ValueError, "above", id="run-lengths"
        ),
        pytest.param({"max_run_length": 15}, ValueError, "ace to ace", id="run-over-14"),
        pytest.param({"aces": "high"}, TypeError, "aces", id="str-aces"),
        pytest.param({"name": 3}, TypeError, "name", id="int-name"),
        pytest.param({"buying": 1}, TypeError, "buying", id="int-flag"),
        pytest.param({"penalties": 3}, TypeError, "penalties", id="bad-penalties"),
        pytest.param({"tie_break": "share"}, TypeError, "tie_break", id="str-tie-break"),
        pytest.param({"joker_swap": None}, TypeError, "joker_swap", id="no-joker-swap"),
        pytest.param({"wild_ranks": {14}}, ValueError, "14", id="bad-wild-rank"),
    ],
)
def test_unplayable_variants_raise(
    changes: dict[str, Any], error: type[Exception], word: str
) -> None:
    with pytest.raises(error, match=word):
        attrs.evolve(PAGAT, **changes)
    with pytest.raises(error, match=word):
        Variant(**changes)


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        pytest.param({"name": None}, TypeError, "name must be a str, got None", id="no-name"),
        pytest.param({"name": b"x"}, TypeError, "name must be a str, got b'x'", id="bytes-name"),
        pytest.param(
            {"jokers": "3"}, TypeError, "jokers must be an int or a JokerRule", id="str-jokers"
        ),
        pytest.param({"aces": "high"}, TypeError, "aces must be an AceRule", id="str-aces"),
        pytest.param({"buying": 1}, TypeError, "buying must be True or False", id="int-flag"),
        pytest.param(
            {"joker_swap": None}, TypeError, "joker_swap must be a JokerSwap", id="no-swap"
        ),
        pytest.param(
            {"tie_break": "share"}, TypeError, "tie_break must be a TieBreak", id="str-tie"
        ),
        pytest.param(
            {"penalties": (15,) * 13}, TypeError, "penalties must be a Penalties", id="tuple"
        ),
        pytest.param({"decks": 1.0}, TypeError, "decks must be an int, got 1.0", id="float"),
        pytest.param({"decks": 0}, ValueError, "decks must be at least 1, got 0", id="no-decks"),
        pytest.param(
            {"ladder": None}, TypeError, "ladder must be (contract, cards dealt) pairs", id="none"
        ),
        pytest.param(
            {"ladder": ((Contract(groups=(3,)),),)},
            TypeError,
            "ladder must be (contract, cards dealt) pairs, got (Contract(",
            id="half-a-rung",
        ),
        pytest.param(
            {"ladder": (*PAGAT.ladder[:2], (PAGAT.contract(3), "10"))},
            TypeError,
            "round 3: cards dealt must be an int, got '10'",
            id="str-cards-dealt",
        ),
        pytest.param(
            {"ladder": one_round(Contract(groups=(3,)), 10.0)},  # type: ignore[arg-type]
            TypeError,
            "round 1: cards dealt must be an int, got 10.0",
            id="float-cards-dealt",
        ),
        pytest.param(
            {"ladder": one_round(Contract(groups=(3,)), True)},
            TypeError,
            "round 1: cards dealt must be an int, got True",
            id="bool-cards-dealt",
        ),
        pytest.param(
            {"ladder": (("a group of 3", 10),)},
            TypeError,
            "round 1: the contract must be a Contract, got 'a group of 3'",
            id="str-contract",
        ),
        pytest.param(
            {"wild_ranks": None}, TypeError, "wild_ranks must be a set of Ranks", id="no-wilds"
        ),
        pytest.param(
            {"wild_ranks": "2"}, TypeError, "wild_ranks must be a set of Ranks", id="str-wilds"
        ),
        pytest.param(
            {"wild_ranks": {True}}, TypeError, "wild_ranks must hold Ranks, got True", id="bool"
        ),
    ],
)
def test_wrong_settings_are_refused_with_a_sentence_naming_them(
    changes: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Not attrs' raw message, which shows the field's whole definition."""
    with pytest.raises(error) as caught:
        attrs.evolve(PAGAT, **changes)
    assert str(caught.value).startswith(message)
    assert "Attribute(" not in str(caught.value)


def test_validation_reports_every_problem() -> None:
    with pytest.raises(ValueError, match="above max_players") as info:
        attrs.evolve(PAGAT, min_players=5, ladder=())
    assert "empty" in str(info.value)


def test_r5_cards_dealt_of_the_wrong_type_are_a_type_error_like_every_other_setting() -> None:
    # As decks="2" is: a str, a float or a bool is not a number of cards (R5, R11).
    for dealt in ("10", 10.0, True, None):
        with pytest.raises(TypeError, match=r"^round 1: cards dealt must be an int, got "):
            attrs.evolve(PAGAT, ladder=one_round(Contract(groups=(3,)), dealt))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^round 1: cards dealt must be a positive int, got 0"):
        attrs.evolve(PAGAT, ladder=one_round(Contract(groups=(3,)), 0))

    class Ten:  # an integer that is not an int, as NumPy's are
        def __index__(self) -> int:
            return 10

    ladder = one_round(Contract(groups=(3,)), Ten())  # type: ignore[arg-type]
    read = attrs.evolve(PAGAT, ladder=ladder)
    assert read.cards_dealt(1) == 10
    assert type(read.cards_dealt(1)) is int
    assert read == attrs.evolve(PAGAT, ladder=one_round(Contract(groups=(3,)), 10))


def test_playable_custom_variants() -> None:
    run_of_seven = attrs.evolve(PAGAT, ladder=one_round(Contract(runs=(7,))))
    assert run_of_seven.rounds == 1
    assert str(run_of_seven.contract(1)) == "a run of 7"
    assert run_of_seven.at_once(1)
    # Not at once: two groups could never take a whole hand of 21 or 14 cards (R24).
    biggest = attrs.evolve(
        PAGAT, ladder=one_round(Contract(groups=(3, 3)), 20), last_round_at_once=False
    )
    assert biggest.cards_dealt(1) == 20
    # 4 * 13 cards dealt from one deck and one turned up leave a stock of one card.
    one_left = attrs.evolve(
        PAGAT,
        decks=1,
        jokers=2,
        ladder=one_round(Contract(groups=(3, 3)), 13),
        last_round_at_once=False,
    )
    assert len(one_left.deck(4)) - 4 * 13 - 1 == 1
    assert attrs.evolve(PAGAT, aces=AceRule.HIGH, max_run_length=13).aces is AceRule.HIGH
    assert attrs.evolve(PAGAT, max_buys=0).max_buys == 0


# -- decks and players ---------------------------------------------------------------------


def test_deck_counts_names_the_decks_and_the_jokers_r2() -> None:
    counts = PAGAT.deck_counts(4)
    assert counts == cr.DeckCounts(decks=2, jokers=3)
    assert (counts.decks, counts.jokers, counts.cards) == (2, 3, 107)
    assert counts.cards == len(PAGAT.deck(4))
    decks, jokers = counts
    assert (decks, jokers) == (2, 3)


def test_deck_size_is_a_deprecated_alias_of_deck_counts() -> None:
    with pytest.warns(DeprecationWarning, match=r"deck_size.*deck_counts"):
        old = PAGAT.deck_size(4)
    assert old == (2, 3)
    assert old == PAGAT.deck_counts(4)


def test_joker_rule_players_minus_one() -> None:
    contract = attrs.evolve(
        PAGAT, min_players=3, max_players=5, jokers=JokerRule.PLAYERS_MINUS_ONE
    )
    assert [contract.deck_counts(players) for players in (3, 4, 5)] == [(2, 2), (2, 3), (2, 4)]
    assert len(contract.deck(5)) == 108
    assert contract.deck(5).count(JOKER) == 4
    assert contract.deck(3).count(JOKER) == 2
    assert JokerRule.PLAYERS_MINUS_ONE.value == "players - 1"


def test_extra_deck_from() -> None:
    big = attrs.evolve(
        PAGAT, min_players=3, max_players=8, jokers=4, extra_deck_from=7, extra_deck_jokers=2
    )
    assert big.deck_counts(6) == (2, 4)
    assert big.deck_counts(7) == (3, 6)
    assert big.deck_counts(8) == (3, 6)
    assert len(big.deck(6)) == 108
    assert len(big.deck(8)) == 162
    assert Counter(big.deck(7))[Card.parse("7S")] == 3


@pytest.mark.parametrize("players", [1, 0, -1, 9, 100])
def test_r2_extra_deck_from_must_be_a_table_some_variant_can_seat(players: int) -> None:
    message = rf"^extra_deck_from must be None or a number of players, 2-8, got {players}$"
    with pytest.raises(ValueError, match=message):
        attrs.evolve(PAGAT, extra_deck_from=players)
    with pytest.raises(ValueError, match=message):
        attrs.evolve(cr.PROGRESSIVE, extra_deck_from=players)


def test_r2_extra_deck_from_above_max_players_is_a_rule_for_tables_not_seated() -> None:
    # A preset narrowed to fewer players keeps its rule for bigger tables (R1, R2): the
    # extra deck is never added, and every table it seats gets the preset's own deck.
    six = attrs.evolve(cr.PROGRESSIVE, max_players=6)
    assert (six.extra_deck_from, six.max_players) == (7, 6)
    assert [six.deck_counts(players) for players in (3, 6)] == [(2, 4), (2, 4)]
    with pytest.raises(ValueError, match=r"^R1: custom is played by 3-6 players, not 7$"):
        attrs.evolve(six, name="custom").deck_counts(7)
    assert attrs.evolve(PAGAT, extra_deck_from=8).deck_counts(4) == PAGAT.deck_counts(4)
    for preset in VARIANTS.values():  # every preset stays accepted as it is
        assert attrs.evolve(preset) == preset


def test_check_players() -> None:
    PAGAT.check_players(4)
    assert len(PAGAT.deck(4)) == 107
    for players in (3, 5, 0, -4):
        with pytest.raises(ValueError, match=f"R1: pagat is played by 4 players, not {players}"):
            PAGAT.check_players(players)
    with pytest.raises(ValueError, match="R1"):
        PAGAT.deck(3)
    ranged = attrs.evolve(PAGAT, name="five", min_players=3, max_players=5)
    ranged.check_players(3)
    with pytest.raises(ValueError, match="played by 3-5 players, not 6"):
        ranged.check_players(6)


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_check_players_types(players: Any) -> None:
    with pytest.raises(TypeError, match="players must be an int"):
        PAGAT.check_players(players)


# -- the rounds ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "contract", "dealt"),
    [
        (1, "two groups of 3", 10),
        (2, "a group of 3 and a run of 4", 10),
        (3, "two runs of 4", 10),
        (4, "three groups of 3", 12),
        (5, "two groups of 3 and a run of 4", 12),
        (6, "a group of 3 and two runs of 4", 12),
        (7, "three runs of 4", 12),
    ],
)
def test_rounds(number: int, contract: str, dealt: int) -> None:
    assert str(PAGAT.contract(number)) == contract
    assert PAGAT.cards_dealt(number) == dealt
    assert PAGAT.at_once(number) is (number == 7)


def test_at_once_follows_the_setting() -> None:
    relaxed = attrs.evolve(PAGAT, last_round_at_once=False)
    assert not any(relaxed.at_once(number) for number in range(1, 8))


@pytest.mark.parametrize("number", [0, 8, -1, 100])
def test_round_out_of_range(number: int) -> None:
    for query in (PAGAT.contract, PAGAT.cards_dealt, PAGAT.at_once):
        with pytest.raises(ValueError, match=f"round_number must be 1-7 for pagat, got {number}"):
            query(number)


@pytest.mark.parametrize("number", ["1", 1.0, True, None])
def test_round_number_type(number: Any) -> None:
    for query in (PAGAT.contract, PAGAT.cards_dealt, PAGAT.at_once):
        with pytest.raises(TypeError, match="round_number must be an int"):
            query(number)


# -- bounds: what can be played in reasonable time -------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"max_players": 9}, "max_players must be at most 8, got 9", id="players"),
        pytest.param({"decks": 5}, "decks must be at most 4, got 5", id="decks"),
        pytest.param({"decks": 10**6}, "decks must be at most 4, got 1000000", id="a-million"),
        pytest.param(
            {
                "min_players": 3,
                "max_players": 8,
                "decks": 4,
                "extra_deck_from": 7,
                "extra_deck_jokers": 0,
            },
            "decks must be at most 4, the extra deck included; 7 players get 5",
            id="extra-deck",
        ),
        pytest.param({"jokers": 13}, "jokers must be at most 12, got 13", id="jokers"),
        pytest.param(
            {
                "jokers": 8,
                "min_players": 3,
                "max_players": 8,
                "extra_deck_from": 8,
                "extra_deck_jokers": 5,
            },
            "jokers must be at most 12, the extra deck's included; 8 players get 13",
            id="extra-jokers",
        ),
        pytest.param(
            {
                "min_players": 2,
                "max_players": 8,
                "jokers": JokerRule.PLAYERS_MINUS_ONE,
                "extra_deck_from": 6,
                "extra_deck_jokers": 6,
            },
            "jokers must be at most 12, the extra deck's included; 8 players get 13",
            id="players-minus-one-and-extra",
        ),
        pytest.param(
            {"wild_ranks": {Rank.TWO, Rank.THREE, Rank.FOUR}, "jokers": 0},
            "wild_ranks must be at most 2 ranks, got 3 ranks",
            id="wild-ranks",
        ),
        pytest.param(
            {"wild_ranks": set(Rank)},
            "wild_ranks must be at most 2 ranks, got 13 ranks",
            id="every-rank-wild",
        ),
        pytest.param(
            {"wild_ranks": {Rank.TWO, Rank.THREE}},
            "the deck must hold at most 16 wild cards; for 4 players it holds 19: 3 jokers and 16 "
            "cards of 2 wild ranks (2 decks)",
            id="wild-cards",
        ),
        pytest.param(
            {"ladder": PAGAT.ladder * 3},
            "the ladder must have at most 16 rounds, got 21",
            id="rounds",
        ),
        pytest.param(
            {"ladder": one_round(Contract(groups=(3,)), 21)},
            "round 1: cards dealt must be at most 20, got 21",
            id="cards-dealt",
        ),
        pytest.param(
            {"ladder": one_round(Contract(groups=(3,) * 7), 20)},
            "round 1: a contract in the ladder must have at most 6 melds, got 7",
            id="contract-melds",
        ),
        pytest.param({"max_turns": 10_001}, "max_turns must be at most 10000, got", id="turns"),
        pytest.param(
            {"max_reshuffles": 101}, "max_reshuffles must be at most 100, got", id="reshuffles"
        ),
        pytest.param({"buy_penalty": 6}, "buy_penalty must be at most 5, got 6", id="penalty"),
        pytest.param({"max_buys": 101}, "max_buys must be at most 100, got 101", id="buys"),
        pytest.param(
            {"cut_bonus": 1001}, "cut_bonus must be at most 1000, got 1001", id="cut-bonus"
        ),
    ],
)
def test_settings_beyond_their_bounds_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        attrs.evolve(PAGAT, **changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"joker": 1001}, "joker must be at most 1000, got 1001", id="joker"),
        pytest.param(
            {"ranks": (10,) * 12 + (1001,)}, "ranks[12] must be at most 1000, got 1001", id="rank"
        ),
    ],
)
def test_penalty_points_beyond_their_bound_are_refused(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Penalties(**changes)


def test_settings_at_their_bounds_are_accepted() -> None:
    from contract_rummy import variants

    widest = attrs.evolve(
        PAGAT,
        min_players=2,
        max_players=variants.MAX_PLAYERS,
        decks=variants.MAX_DECKS - 1,
        jokers=variants.MAX_JOKERS - 2,
        extra_deck_from=8,
        extra_deck_jokers=2,
        ladder=one_round(Contract(groups=(3,) * variants.MAX_CONTRACT_MELDS), 18)
        * variants.MAX_ROUNDS,
        max_turns=variants.MAX_TURNS,
        max_reshuffles=variants.MAX_RESHUFFLES,
        max_buys=variants.MAX_BUYS,
        buy_penalty=variants.MAX_BUY_PENALTY,
        cut_bonus=variants.MAX_CUT_BONUS,
        penalties=Penalties(joker=variants.MAX_PENALTY),
    )
    assert widest.deck_counts(8) == (4, 12)
    assert sum(widest.is_wild(card) for card in widest.deck(8)) == variants.MAX_JOKERS
    # Three decks with the 2s wild and four jokers: 16 wild cards, the most allowed.
    deuces = attrs.evolve(PAGAT, decks=3, jokers=4, wild_ranks={Rank.TWO})
    assert sum(deuces.is_wild(card) for card in deuces.deck(4)) == variants.MAX_WILD_CARDS
    pairs = attrs.evolve(PAGAT, decks=1, jokers=8, wild_ranks=[Rank.TWO, Rank.THREE])
    assert len(pairs.wild_ranks) == variants.MAX_WILD_RANKS
    most_dealt = attrs.evolve(
        PAGAT, ladder=one_round(Contract(groups=(3,)), 20), last_round_at_once=False
    )
    assert most_dealt.cards_dealt(1) == 20
    # None still means no limit, as R29 says.
    assert attrs.evolve(PAGAT, max_turns=None, max_reshuffles=None).max_turns is None


def test_every_preset_is_within_the_bounds() -> None:
    for variant in VARIANTS.values():
        assert attrs.evolve(variant) == variant


# -- rounds played at once (R24) ---------------------------------------------------------------


def test_rounds_at_once_adds_rounds_played_at_once() -> None:
    twice = attrs.evolve(PAGAT, rounds_at_once=[6])
    assert twice.rounds_at_once == frozenset({6})
    assert [number for number in range(1, 8) if twice.at_once(number)] == [6, 7]
    only_sixth = attrs.evolve(twice, last_round_at_once=False)
    assert [number for number in range(1, 8) if only_sixth.at_once(number)] == [6]


def test_r5_a_deal_that_leaves_no_stock_is_refused_once_for_all_its_rounds() -> None:
    # One deck and shanghai's 4 jokers: 56 cards, never enough for 10 cards to 6 players.
    message = (
        "R5: dealing 10 cards in rounds 1-4 and 12 cards in rounds 5-8 to 6 players and "
        "turning one up needs more than the 56 cards in the deck (at most 9 cards each leave "
        "a stock)"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(cr.SHANGHAI, decks=1)
    # As many as it says leave a stock for 6 players; one more does not.
    one_deck: dict[str, Any] = {
        "decks": 1,
        "last_round_at_once": False,
        "rounds_at_once": frozenset(),
    }
    nines = attrs.evolve(cr.SHANGHAI, **one_deck, ladder=one_round(Contract(groups=(3,)), 9))
    assert nines.deck_counts(6).cards == 56
    with pytest.raises(ValueError, match=r"^R5: dealing 10 cards in round 1 to 6 players "):
        attrs.evolve(cr.SHANGHAI, **one_deck, ladder=one_round(Contract(groups=(3,)), 10))
    # Rounds apart are named apart, and the number of players with the fewest cards each.
    message = (
        "R5: dealing 14 cards in rounds 1 and 3 to 4 players and turning one up needs more "
        "than the 52 cards in the deck (at most 12 cards each leave a stock)"
    )
    ladder = [(Contract(groups=(3,)), dealt) for dealt in (14, 10, 14)]
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, decks=1, jokers=0, ladder=ladder)


def test_r14_too_few_cards_dealt_counts_the_card_drawn_and_the_one_to_discard() -> None:
    # 11 dealt and 1 drawn make three runs of 4, but leave no card to discard (R16).
    message = (
        "R14: round 1: 11 cards dealt and the one drawn cannot make three runs of 4 (12 cards) "
        "and keep a card to discard (R16)"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, **not_at_once(Contract(runs=(4, 4, 4)), 11))
    message = (
        "R14: round 1: 10 cards dealt and the one drawn cannot make three runs of 4 (12 cards)"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, ladder=one_round(Contract(runs=(4, 4, 4)), 10))


def test_a_round_at_once_needs_no_card_to_discard() -> None:
    # 12 cards make three runs of 4 with the drawn card in a round at once, not before it.
    ladder = (*PAGAT.ladder[:5], (Contract(runs=(4, 4, 4)), 11), PAGAT.ladder[6])
    with pytest.raises(ValueError, match="round 6: 11 cards dealt and the one drawn cannot make"):
        attrs.evolve(PAGAT, ladder=ladder)
    assert attrs.evolve(PAGAT, ladder=ladder, rounds_at_once={6}).at_once(6)


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        pytest.param(
            {8}, ValueError, "rounds_at_once must name rounds of the ladder (1-7), got 8"
        ),
        pytest.param(
            {0, 9}, ValueError, "rounds_at_once must name rounds of the ladder (1-7), got 0, 9"
        ),
        pytest.param(7, TypeError, "rounds_at_once must be a set of round numbers, got 7"),
        pytest.param({"7"}, TypeError, "rounds_at_once must hold round numbers (ints), got '7'"),
        pytest.param({True}, TypeError, "rounds_at_once must hold round numbers (ints), got True"),
    ],
)
def test_rounds_at_once_are_checked(value: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        attrs.evolve(PAGAT, rounds_at_once=value)


# -- contracts no hand can meet (R7, R8, R9, R24) -------------------------------------------


def exactly(message: str) -> str:
    """A pattern for ``pytest.raises`` that matches ``message`` and nothing more."""
    return f"^{re.escape(message)}$"


def not_at_once(contract: Contract, dealt: int) -> dict[str, Any]:
    """A one-round ladder played as any round before the last: with a card to discard."""
    return {"ladder": one_round(contract, dealt), "last_round_at_once": False}


ONE_DECK: dict[str, Any] = {"min_players": 2, "max_players": 2, "decks": 1, "jokers": 0}


def test_r7_a_group_longer_than_a_rank_and_every_wild_card_is_refused() -> None:
    message = (
        "R7: round 1's group of 12 cannot be made: a group holds at most 11 cards of the deck: "
        "8 of one rank and 3 wild cards"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, **not_at_once(Contract(groups=(12,)), 14))
    # 8 natural cards and the 3 jokers; or, with the 2s wild too, 8 more wild cards.
    assert attrs.evolve(PAGAT, **not_at_once(Contract(groups=(11,)), 14)).rounds == 1
    deuces = attrs.evolve(PAGAT, wild_ranks={Rank.TWO}, **not_at_once(Contract(groups=(12,)), 14))
    assert deuces.contract(1).groups == (12,)


@pytest.mark.parametrize("aces", [AceRule.HIGH, AceRule.LOW])
def test_r8_a_run_longer_than_the_aces_allow_is_refused(aces: AceRule) -> None:
    ladder = (*PAGAT.ladder[:6], (Contract(runs=(14,)), 13))
    message = (
        f"R8: round 7's run of 14 cannot be made: with aces {aces.value} only a run has at "
        "most 13 cards"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, aces=aces, ladder=ladder)
    assert attrs.evolve(PAGAT, ladder=ladder).contract(7).runs == (14,)  # ace to ace


def test_r8_a_run_from_ace_to_ace_takes_two_aces_of_its_suit() -> None:
    message = (
        "R8: round 1's run of 14 cannot be made: it needs 1 wild card (from "
        "ace to ace a run takes two aces of its suit, and one 52-card deck holds one of each), "
        "and the deck holds no wild card"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, **ONE_DECK, **not_at_once(Contract(runs=(14,)), 15))
    # A joker stands for the second ace; a run of 13 needs only one.
    joker = attrs.evolve(
        PAGAT, **{**ONE_DECK, "jokers": 1}, **not_at_once(Contract(runs=(14,)), 15)
    )
    assert joker.deck_counts(2) == (1, 1)
    assert attrs.evolve(PAGAT, **ONE_DECK, **not_at_once(Contract(runs=(13,)), 15)).rounds == 1


def test_r8_the_ace_to_ace_refusal_for_fewer_players_names_their_deck_once() -> None:
    # A second deck from 3 players: 2 players have one ace of each suit, and no joker.
    long = attrs.evolve(
        PAGAT,
        name="long",
        **{**ONE_DECK, "max_players": 4},
        extra_deck_from=3,
        **not_at_once(Contract(runs=(14,)), 15),
    )
    message = (
        "R8: long cannot be played by 2 players, only by 3-4: round 1's run of 14 cannot be "
        "made: it needs 1 wild card (from ace to ace a run takes two aces of "
        "its suit, and one 52-card deck holds one of each), and the deck for 2 players holds no "
        "wild card"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        long.check_players(2)
    long.check_players(3)


def test_r9_melds_that_share_the_deck_need_more_wild_cards_than_it_holds() -> None:
    # Each group of 10 takes the 8 cards of its rank and 2 jokers: 4 jokers, of 3.
    message = (
        "R9: round 1's contract, two groups of 10, cannot be made: a card is in one meld only, "
        "so together its melds need at least 4 wild cards, and the deck holds 3 wild cards"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, **not_at_once(Contract(groups=(10, 10)), 20))
    assert attrs.evolve(PAGAT, **not_at_once(Contract(groups=(10, 9)), 20)).rounds == 1


def test_r9_a_run_through_every_rank_leaves_a_group_of_four_short() -> None:
    # One deck and no joker: a run of 13 takes a card of every rank, a group of 4 all four.
    message = (
        "R9: round 1's contract, a group of 4 and a run of 13, cannot be made: a card is in one "
        "meld only, so together its melds need at least 1 wild card, and the deck holds no "
        "wild card"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, **ONE_DECK, **not_at_once(Contract(groups=(4,), runs=(13,)), 18))
    # A run of 12 leaves one rank whole.
    shorter = attrs.evolve(PAGAT, **ONE_DECK, **not_at_once(Contract(groups=(4,), runs=(12,)), 18))
    assert shorter.contract(1).min_cards == 16


def test_r24_a_round_at_once_whose_whole_hand_its_melds_cannot_take_is_refused() -> None:
    message = (
        "R24: round 1 is played at once, so going down lays the whole hand: 13 cards (12 dealt "
        "and the one drawn), or more after buys; but a group of 3 can hold at most 11 cards of "
        "the deck: deal at most 10 cards"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, ladder=one_round(Contract(groups=(3,)), 12))
    # Without buying the hand never grows; a run takes the 13 cards, not 15 (R8).
    with pytest.raises(ValueError, match=re.escape("hand: 13 cards (12 dealt")):
        attrs.evolve(PAGAT, ladder=one_round(Contract(groups=(3,)), 12), buying=False)
    with pytest.raises(ValueError, match="a run of 4 can hold at most 14 cards of the deck"):
        attrs.evolve(PAGAT, ladder=one_round(Contract(runs=(4,)), 14))
    assert attrs.evolve(PAGAT, ladder=one_round(Contract(runs=(4,)), 12)).at_once(1)
    # The same contract in a round before the last lays its 3 cards and keeps the rest.
    assert attrs.evolve(PAGAT, **not_at_once(Contract(groups=(3,)), 12)).rounds == 1


def test_r24_the_refusal_says_when_buys_add_cards_and_how_many_cards_may_be_dealt() -> None:
    # Without buying the hand holds the cards dealt and the one drawn, no more.
    message = (
        "R24: round 1 is played at once, so going down lays the whole hand: 13 cards (12 dealt "
        "and the one drawn); but a group of 3 can hold at most 11 cards of the deck: deal at "
        "most 10 cards"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, ladder=one_round(Contract(groups=(3,)), 12), buying=False)
    # One deck and no joker: 4 of a rank; buys could only make the hand longer.
    message = (
        "R24: round 1 is played at once, so going down lays the whole hand: 5 cards (4 dealt and "
        "the one drawn), or more after buys; but a group of 3 can hold at most 4 cards of the "
        "deck: deal at most 3 cards"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(PAGAT, **ONE_DECK, ladder=one_round(Contract(groups=(3,)), 4), max_buys=2)
    # What the messages say may be dealt is accepted.
    assert attrs.evolve(PAGAT, ladder=one_round(Contract(groups=(3,)), 10)).at_once(1)
    assert attrs.evolve(PAGAT, **ONE_DECK, ladder=one_round(Contract(groups=(3,)), 3)).at_once(1)


def test_r2_a_refusal_by_players_names_the_numbers_of_players_who_can_play() -> None:
    # A joker fewer than the players and a third deck from 5: a group of 13 needs 5 players.
    thirteens = attrs.evolve(
        PAGAT,
        name="thirteens",
        min_players=2,
        max_players=6,
        jokers=JokerRule.PLAYERS_MINUS_ONE,
        extra_deck_from=5,
        **not_at_once(Contract(groups=(13,)), 14),
    )
    message = (
        "R7: thirteens cannot be played by 4 players, only by 5-6: round 1's group of 13 cannot "
        "be made: a group holds at most 11 cards of the deck for 4 players: 8 of one rank and 3 "
        "wild cards"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        cr.new_game(thirteens, seed=1, players=4)
    for players in (2, 3):
        with pytest.raises(
            ValueError, match=f"^R7: thirteens cannot .* {players} players, only by 5-6: "
        ):
            thirteens.check_players(players)
    narrowed = attrs.evolve(thirteens, max_players=5)
    with pytest.raises(
        ValueError, match=r"^R7: thirteens cannot be played by 2 players, only by 5: "
    ):
        narrowed.check_players(2)
    narrowed.check_players(5)


def test_r2_a_contract_only_more_players_can_meet_is_refused_when_a_game_starts() -> None:
    # One joker fewer than the players: a group of 10 needs 2 jokers, so 3 players or more.
    tens = attrs.evolve(
        PAGAT,
        name="tens",
        min_players=2,
        max_players=5,
        jokers=JokerRule.PLAYERS_MINUS_ONE,
        **not_at_once(Contract(groups=(10,)), 12),
    )
    message = (
        "R7: tens cannot be played by 2 players, only by 3-5: round 1's group of 10 cannot be "
        "made: a group holds at most 9 cards of the deck for 2 players: 8 of one rank and 1 wild "
        "card"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        cr.new_game(tens, seed=1, players=2)
    with pytest.raises(ValueError, match=exactly(message)):
        cr.start_round(tens, hands=[[], []], stock=[], discard=[])
    with pytest.raises(ValueError, match=exactly(message)):
        tens.check_players(2)
    assert tens.deck_counts(2) == (2, 1)  # the deck itself is still there to count
    for players in (3, 4, 5):
        tens.check_players(players)
        assert cr.new_game(tens, seed=1, players=players).players == players


def test_r2_a_contract_no_number_of_players_can_meet_is_refused_when_built() -> None:
    message = (
        "R7: round 1's group of 13 cannot be made: a group holds at most 12 cards of the deck "
        "for 5 players (the largest): 8 of one rank and 4 wild cards"
    )
    with pytest.raises(ValueError, match=exactly(message)):
        attrs.evolve(
            PAGAT,
            min_players=2,
            max_players=5,
            jokers=JokerRule.PLAYERS_MINUS_ONE,
            **not_at_once(Contract(groups=(13,)), 14),
        )


def test_contracts_no_hand_can_meet_are_refused_in_every_round_that_has_one() -> None:
    ladder = (
        (Contract(groups=(12,)), 14),
        *PAGAT.ladder[1:6],
        (Contract(groups=(3,)), 12),
    )
    with pytest.raises(ValueError, match=r"^R7: round 1's group of 12 cannot be made") as caught:
        attrs.evolve(PAGAT, ladder=ladder)
    assert "; R24: round 7 is played at once" in str(caught.value)


# -- pickles and copies --------------------------------------------------------------------


def _answers(variant: Variant) -> tuple[object, ...]:
    """What a variant answers through its tables: wild cards, penalties, rounds at once."""
    rounds = range(1, variant.rounds + 1)
    return (
        [variant.is_wild(card) for card in ALL_CARDS],
        [variant.penalty(card) for card in ALL_CARDS],
        [variant.at_once(number) for number in rounds],
    )


@given(variants())
def test_a_pickled_or_copied_variant_keeps_its_value_and_answers_alike(variant: Variant) -> None:
    for again in (pickle.loads(pickle.dumps(variant)), copy.copy(variant), copy.deepcopy(variant)):
        assert again == variant
        assert hash(again) == hash(variant)
        assert repr(again) == repr(variant)
        assert _answers(again) == _answers(variant)


def test_a_pickled_variant_holds_its_settings_only() -> None:
    settings = {field.name for field in attrs.fields(Variant) if field.init}
    assert set(VARIANTS["deuces-wild"].__getstate__()) == settings


class _OlderPickle:
    """Pickles as a variant pickled by another version: with tables this one does not make."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state

    def __reduce__(self) -> tuple[object, ...]:
        return object.__new__, (Variant,), self.state


def test_a_variant_pickled_by_another_version_loads_with_its_tables_made_again() -> None:
    variant = VARIANTS["california"]
    state = {field.name: getattr(variant, field.name) for field in attrs.fields(Variant)}
    state["_points"] = (0,) * 53  # a table with other values than this version's
    state["_old_table"] = ()  # a table this version does not make
    del state["_at_once"]  # a table this version makes that the other did not
    del state["max_turns"]  # a setting added since: it takes its default
    loaded = pickle.loads(pickle.dumps(_OlderPickle(state)))
    assert type(loaded) is Variant
    assert loaded == variant
    assert _answers(loaded) == _answers(variant)
    assert loaded.penalty(Card.parse("QS")) == 25  # R30: a wild queen scores as a joker


def test_r1_deck_counts_refuses_players_the_variant_is_not_played_by() -> None:
    # As deck() does: the counts of a deck nobody deals would only mislead.
    with pytest.raises(ValueError, match=r"^R1: pagat is played by 4 players, not 9$"):
        cr.PAGAT.deck_counts(9)
    with pytest.raises(ValueError, match=r"^R1: "):
        cr.PAGAT.deck(9)
    assert cr.PAGAT.deck_counts(4) == (2, 3)


def test_a_ladders_lengths_out_of_bounds_are_named_once_a_round() -> None:
    with pytest.raises(ValueError, match="shorter than min_group_length") as refused:
        attrs.evolve(cr.PAGAT, min_group_length=9)
    message = str(refused.value)
    # Round 1 asks for two groups of 3: one line for it, not one a group.
    assert message.count("round 1: a group of 3 is shorter than min_group_length (9)") == 1
