"""Cards, their notation, interning, ordering and decks (R2)."""

from __future__ import annotations

import copy
import pickle
import re
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import JOKER, NATURALS, Card, NotationError, Rank, Suit
from contract_rummy.errors import MAX_QUOTED, quoted

ALL_CARDS: tuple[Card, ...] = (*NATURALS, JOKER)
CANONICAL = re.compile(r"(A|[2-9]|10|J|Q|K)[CDHS]|JK")

RANK_SPELLINGS: dict[Rank, tuple[str, ...]] = {rank: (rank.symbol,) for rank in Rank}
RANK_SPELLINGS[Rank.TEN] = ("10", "T")
SEPARATORS = (" ", ",", ", ", " , ", "\t", "\n", ",,", "  ")

cards = st.sampled_from(ALL_CARDS)


@st.composite
def spelled_cards(draw: st.DrawFn) -> tuple[Card, str]:
    """A card and one of its accepted spellings, in mixed case."""
    card = draw(cards)
    if card.rank is None or card.suit is None:
        text = draw(st.sampled_from(("JK", "*")))
    else:
        rank_text = draw(st.sampled_from(RANK_SPELLINGS[card.rank]))
        suit_text = draw(st.sampled_from((card.suit.letter, card.suit.symbol)))
        text = rank_text + suit_text
    text = "".join(char.lower() if draw(st.booleans()) else char for char in text)
    return card, text


# -- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_str_is_canonical_and_parses_back(card: Card) -> None:
    text = str(card)
    assert CANONICAL.fullmatch(text)
    assert Card.parse(text) is card
    assert str(Card.parse(text.lower())) == text


def test_canonical_spellings() -> None:
    assert [str(card) for card in NATURALS[:13]] == [
        "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC",
    ]  # fmt: skip
    assert str(JOKER) == "JK"
    assert [str(Card(Rank.TEN, suit)) for suit in Suit] == ["10C", "10D", "10H", "10S"]


@given(spelled=spelled_cards(), padding=st.sampled_from(("", " ", "\t", " \n ")))
def test_parse_accepts_every_spelling(spelled: tuple[Card, str], padding: str) -> None:
    card, text = spelled
    parsed = Card.parse(padding + text + padding)
    assert parsed is card
    assert Card.parse(str(parsed)) is card
    assert CANONICAL.fullmatch(str(parsed))


@given(st.lists(cards, max_size=30))
def test_parse_cards_inverts_format_cards(hand: list[Card]) -> None:
    text = cr.format_cards(hand)
    assert cr.parse_cards(text) == tuple(hand)
    assert cr.format_cards(cr.parse_cards(text)) == text


@given(st.lists(st.tuples(spelled_cards(), st.sampled_from(SEPARATORS)), max_size=20))
def test_parse_cards_accepts_spaces_and_commas(
    spelled: list[tuple[tuple[Card, str], str]],
) -> None:
    text = "".join(token + separator for (_, token), separator in spelled)
    assert cr.parse_cards(text) == tuple(card for (card, _), _ in spelled)
    assert cr.parse_cards(", " + text) == tuple(card for (card, _), _ in spelled)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7s", "7S"),
        ("7S", "7S"),
        ("10h", "10H"),
        ("T♥", "10H"),
        ("t♥", "10H"),
        ("7\N{BLACK HEART SUIT}\N{VARIATION SELECTOR-16}", "7H"),  # the emoji form, "♥️"
        ("Q\N{BLACK SPADE SUIT}\N{VARIATION SELECTOR-15}", "QS"),  # the text form
        ("Th", "10H"),
        ("a♣", "AC"),
        ("Q♠", "QS"),
        ("k♦", "KD"),
        ("jd", "JD"),
        ("JK", "JK"),
        ("jk", "JK"),
        ("Jk", "JK"),
        ("*", "JK"),
        ("  2c  ", "2C"),
    ],
)
def test_parse_examples(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", ()),
        ("   ", ()),
        (",", ()),
        ("7C,10H JK", ("7C", "10H", "JK")),
        ("7c, 10h, jk", ("7C", "10H", "JK")),
        ("7C,,8D", ("7C", "8D")),
        (" 7C\t8D\n9H ", ("7C", "8D", "9H")),
        ("* * T♠", ("JK", "JK", "10S")),
        ("7C 7C", ("7C", "7C")),
    ],
)
def test_parse_cards_examples(text: str, expected: tuple[str, ...]) -> None:
    assert tuple(map(str, cr.parse_cards(text))) == expected


@pytest.mark.parametrize(
    "token",
    ["11S", "1OH", "7X", "J", "KK", "JOKER", "7", "10", "S7", "0S", "1S", "14H", "**", "7C7D"],
)
def test_bad_token_raises_notation_error_naming_it(token: str) -> None:
    with pytest.raises(NotationError, match=re.escape(repr(token))) as info:
        Card.parse(token)
    assert info.value.token == token
    assert isinstance(info.value, ValueError)


def test_parse_cards_names_the_first_bad_token() -> None:
    with pytest.raises(NotationError, match="'8Z'") as info:
        cr.parse_cards("7C, 8Z 9Q")
    assert info.value.token == "8Z"
    assert "7C" not in str(info.value)


def test_empty_text_is_not_a_card() -> None:
    with pytest.raises(NotationError, match="not a card"):
        Card.parse("")


@pytest.mark.parametrize(
    ("value", "kind"), [(7, "int"), (None, "NoneType"), (b"7C", "bytes"), (["7C"], "list")]
)
def test_non_str_notation_is_a_type_error_as_in_as_card(value: Any, kind: str) -> None:
    # A value of the wrong type, not bad notation: a TypeError, as as_card(7) and meld(7) are.
    message = rf"^expected card notation as a str, got {kind}$"
    with pytest.raises(TypeError, match=message) as caught:
        Card.parse(value)
    assert not isinstance(caught.value, NotationError)
    with pytest.raises(TypeError, match=message):
        cr.parse_cards(value)
    with pytest.raises(TypeError, match=r"^card must be a Card or card notation such as '7C'"):
        cr.as_card(value)


def test_format_cards_takes_any_iterable_of_cards() -> None:
    assert cr.format_cards(card for card in cr.parse_cards("7c jk")) == "7C JK"
    assert cr.format_cards(()) == ""


@pytest.mark.parametrize(
    "notation",
    [
        pytest.param("7C 8C", id="str"),
        pytest.param("", id="empty-str"),
        pytest.param(b"7C 8C", id="bytes"),
    ],
)
def test_format_cards_refuses_notation(notation: Any) -> None:
    with pytest.raises(TypeError, match="cards must be Cards, not notation") as caught:
        cr.format_cards(notation)
    assert repr(notation) in str(caught.value)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        pytest.param([1, 2], "cards must hold only Cards, got 1", id="ints"),
        pytest.param([Card.parse("7C"), "8C"], "cards must hold only Cards, got '8C'", id="str"),
        pytest.param([None], "cards must hold only Cards, got None", id="none"),
        pytest.param([["7C"]], "cards must be an iterable of Cards", id="unhashable"),
        pytest.param(7, "cards must be an iterable of Cards, got 7", id="not-iterable"),
    ],
)
def test_format_cards_refuses_what_is_not_a_card(cards: Any, message: str) -> None:
    with pytest.raises(TypeError, match=re.escape(message)):
        cr.format_cards(cards)


def test_notation_error_is_a_value_error() -> None:
    assert issubclass(NotationError, ValueError)
    with pytest.raises(ValueError, match="is not a card"):
        cr.parse_cards("7C QQ")


def _check_any_text(text: str) -> None:
    failure: NotationError | None = None
    try:
        parsed = cr.parse_cards(text)
    except NotationError as error:
        failure = error
    if failure is None:
        assert all(isinstance(card, Card) for card in parsed)
        assert cr.parse_cards(cr.format_cards(parsed)) == parsed
    else:
        assert failure.token is not None
        assert failure.token in text
        assert quoted(failure.token) in str(failure)  # cut short past MAX_QUOTED
    failure = None
    try:
        card = Card.parse(text)
    except NotationError as error:
        failure = error
    if failure is None:
        assert cr.parse_cards(text) == (card,)
    else:
        assert failure.token == text
        assert quoted(text) in str(failure)


@given(st.text())
@example("0" * (MAX_QUOTED + 1))  # a token too long to quote whole
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    _check_any_text(text)


@given(st.text(alphabet="AaJjKkQqTt0123456789CcDdHhSs♣♦♥♠*, \t", max_size=16))
def test_card_like_text_parses_or_raises_notation_error(text: str) -> None:
    _check_any_text(text)


# -- the card values -----------------------------------------------------------------------


def test_suit_and_rank_notation() -> None:
    assert [suit.letter for suit in Suit] == ["C", "D", "H", "S"]
    assert [suit.symbol for suit in Suit] == ["♣", "♦", "♥", "♠"]
    assert [rank.symbol for rank in Rank] == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ]  # fmt: skip
    assert [int(rank) for rank in Rank] == list(range(1, 14))
    assert repr(Suit.SPADES) == "Suit.SPADES"
    assert repr(Rank.QUEEN) == "Rank.QUEEN"


@given(rank=st.sampled_from(Rank), suit=st.sampled_from(Suit))
def test_cards_are_interned(rank: Rank, suit: Suit) -> None:
    card = Card(rank, suit)
    assert card is Card.parse(rank.symbol + suit.letter)
    assert card is Card.parse(rank.symbol.lower() + suit.symbol)
    assert card is Card(int(rank), suit)
    assert card is Card(rank=rank, suit=suit)
    assert card.rank is rank
    assert card.suit is suit
    assert not card.is_joker
    assert card.index == 13 * list(Suit).index(suit) + rank - 1


def test_the_joker() -> None:
    assert Card() is JOKER
    assert Card(None, None) is JOKER
    assert Card.parse("*") is JOKER
    assert JOKER.is_joker
    assert JOKER.rank is None
    assert JOKER.suit is None
    assert JOKER.index == 52
    assert [card for card in ALL_CARDS if card.is_joker] == [JOKER]


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_pickle_and_copy_give_the_same_object(card: Card) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol=protocol)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card


def test_containers_of_cards_copy_to_identical_cards() -> None:
    hand = [*cr.parse_cards("7C 7C JK AS"), JOKER]
    for copied in (pickle.loads(pickle.dumps(hand)), copy.deepcopy(hand)):
        assert copied == hand
        assert all(a is b for a, b in zip(copied, hand, strict=True))


def test_repr_evaluates_back_to_the_card() -> None:
    namespace = {"Card": Card, "JOKER": JOKER}
    for card in ALL_CARDS:
        assert eval(repr(card), namespace) is card
    assert repr(JOKER) == "JOKER"
    assert repr(Card.parse("10h")) == "Card.parse('10H')"


def test_cards_are_frozen() -> None:
    card = Card.parse("7S")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.EIGHT  # type: ignore[misc]
    assert card.rank is Rank.SEVEN


def test_canonical_order() -> None:
    assert list(ALL_CARDS) == sorted(ALL_CARDS, key=lambda card: card.index)
    assert [card.index for card in ALL_CARDS] == list(range(53))
    assert str(NATURALS[0]) == "AC"
    assert str(NATURALS[12]) == "KC"
    assert str(NATURALS[13]) == "AD"
    assert str(NATURALS[-1]) == "KS"
    assert sorted(cr.parse_cards("JK KS AS 2C KD AD")) == list(cr.parse_cards("2C AD KD AS KS JK"))


@given(st.lists(cards, max_size=40))
def test_sorted_follows_the_canonical_index(hand: list[Card]) -> None:
    ordered = sorted(hand)
    assert [card.index for card in ordered] == sorted(card.index for card in hand)
    assert Counter(ordered) == Counter(hand)
    backwards = ordered[::-1]
    assert sorted(backwards) == ordered


@given(a=cards, b=cards)
def test_total_ordering_and_hashing(a: Card, b: Card) -> None:
    assert (a < b) == (a.index < b.index)
    assert (a <= b) == (a.index <= b.index)
    assert (a > b) == (a.index > b.index)
    assert (a >= b) == (a.index >= b.index)
    assert (a == b) == (a.index == b.index) == (a is b)
    assert (a != b) == (a is not b)
    assert [a < b, a == b, a > b].count(True) == 1
    if a == b:
        assert hash(a) == hash(b)


def test_hashes_tell_every_card_apart() -> None:
    assert len({hash(card) for card in ALL_CARDS}) == 53
    assert len(set(cr.build_deck(2, 3))) == 53
    assert {Card.parse("7C"): 1}[Card(Rank.SEVEN, Suit.CLUBS)] == 1


def test_cards_are_not_other_values() -> None:
    seven = Card.parse("7S")
    assert seven != "7S"
    assert seven != 7
    assert seven.__lt__(7) is NotImplemented  # type: ignore[operator]
    assert seven.__ge__("7S") is NotImplemented  # type: ignore[operator]
    mixed: list[Any] = [seven, "7S"]
    with pytest.raises(TypeError):
        sorted(mixed)


@pytest.mark.parametrize(
    ("rank", "suit"),
    [
        pytest.param(True, Suit.CLUBS, id="bool-rank"),
        pytest.param(1.0, Suit.CLUBS, id="float-rank"),
        pytest.param("7", Suit.CLUBS, id="str-rank"),
        pytest.param(7, "S", id="str-suit"),
        pytest.param(Rank.SEVEN, None, id="no-suit"),
        pytest.param(None, Suit.CLUBS, id="no-rank"),
        pytest.param(Rank.SEVEN, [], id="unhashable-suit"),
        pytest.param(Suit.CLUBS, Rank.SEVEN, id="swapped"),
    ],
)
def test_bad_constructor_types_raise_type_error(rank: Any, suit: Any) -> None:
    with pytest.raises(TypeError, match=r"rank|suit"):
        Card(rank, suit)


@pytest.mark.parametrize("rank", [0, 14, -1, 100])
def test_out_of_range_rank_raises_value_error(rank: int) -> None:
    with pytest.raises(ValueError, match="rank must be a Rank"):
        Card(rank, Suit.SPADES)


# -- decks ---------------------------------------------------------------------------------


def test_build_deck_two_decks_three_jokers() -> None:
    deck = cr.build_deck(2, 3)
    assert len(deck) == 107
    assert deck.count(JOKER) == 3
    counts = Counter(deck)
    assert all(counts[card] == 2 for card in NATURALS)
    assert list(deck) == sorted(deck)


def test_build_deck_edges() -> None:
    assert cr.build_deck(0, 0) == ()
    assert cr.build_deck(1, 0) == NATURALS
    assert cr.build_deck(0, 2) == (JOKER, JOKER)


@given(decks=st.integers(0, 4), jokers=st.integers(0, 8))
def test_build_deck_counts(decks: int, jokers: int) -> None:
    deck = cr.build_deck(decks, jokers)
    assert len(deck) == 52 * decks + jokers
    counts = Counter(deck)
    assert counts[JOKER] == jokers
    assert all(counts[card] == decks for card in NATURALS)
    assert list(deck) == sorted(deck)


@pytest.mark.parametrize(("decks", "jokers"), [(-1, 0), (0, -1), (2, -3)])
def test_build_deck_refuses_negative_counts(decks: int, jokers: int) -> None:
    with pytest.raises(ValueError, match=">= 0"):
        cr.build_deck(decks, jokers)


@pytest.mark.parametrize(
    ("decks", "jokers", "name"),
    [("2", 3, "decks"), (True, 3, "decks"), (2, 1.0, "jokers"), (2, None, "jokers")],
)
def test_build_deck_refuses_counts_that_are_not_ints(decks: Any, jokers: Any, name: str) -> None:
    with pytest.raises(TypeError, match=f"{name} must be an int"):
        cr.build_deck(decks, jokers)
