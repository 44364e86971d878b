"""The hand helpers the engine and the go-down search share: canonical order kept (R2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contract_rummy import JOKER, NATURALS, Card
from contract_rummy._hands import BY_INDEX, add, add_one, add_one_held, find, without

cards = st.sampled_from((*NATURALS, JOKER))
hands = st.lists(cards, max_size=30).map(lambda found: tuple(sorted(found, key=BY_INDEX)))


@given(hands, st.lists(cards, max_size=12))
def test_without_takes_one_copy_of_each_card_held(
    hand: tuple[Card, ...], gone: list[Card]
) -> None:
    expected = list(hand)
    for card in gone:
        if card in expected:
            expected.remove(card)
    assert without(hand, gone) == tuple(expected)


@given(hands, cards)
def test_add_one_held_adds_as_add_one_and_sees_a_copy(hand: tuple[Card, ...], card: Card) -> None:
    assert add_one_held(hand, card) == (add_one(hand, card), find(hand, card) >= 0)


@given(hands, st.lists(cards, max_size=12))
def test_add_keeps_the_canonical_order_of_the_hand_and_the_cards(
    hand: tuple[Card, ...], added: list[Card]
) -> None:
    assert add(hand, added) == tuple(sorted((*hand, *added), key=BY_INDEX))
