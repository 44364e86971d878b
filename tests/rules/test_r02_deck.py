"""Tests of R2: the deck.

R2. The deck: "Two standard 52-card decks and 3 jokers: 107 cards."

Also tested: tests/test_bad_input.py, tests/test_errors.py, tests/test_presets.py,
tests/test_state.py, tests/test_variants.py, tests/test_views.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import GoDown, Group, Rank, Run
from scenario import DECK, S, deal, play, whole_deck


def test_r2_the_deck_has_107_cards_two_decks_and_three_jokers() -> None:
    assert sum(DECK.values()) == 107
    assert DECK[cr.JOKER] == 3
    naturals = [card for card in DECK if not card.is_joker]
    assert len(naturals) == 52
    assert all(DECK[card] == 2 for card in naturals)
    assert whole_deck(cr.new_game(seed=5)) == DECK


def test_r2_start_round_names_a_missing_card() -> None:
    good = deal("7C 8C", "9C", "10C", "JC")
    stock = list(good.stock)
    stock.remove(cr.Card.parse("QH"))
    with pytest.raises(ValueError, match=r"missing QH") as caught:
        cr.start_round(hands=good.hands, stock=stock, discard=good.discard, dealer=3)
    assert "extra" not in str(caught.value)


def test_r2_start_round_names_an_extra_card() -> None:
    good = deal("7C 8C", "9C", "10C", "JC")
    with pytest.raises(ValueError, match=r"extra JK") as caught:
        cr.start_round(
            hands=[*good.hands[:3], (*good.hands[3], cr.JOKER)],
            stock=good.stock,
            discard=good.discard,
            dealer=3,
        )
    assert "missing" not in str(caught.value)


def test_r2_start_round_names_both_missing_and_extra() -> None:
    good = deal("7C 8C", "9C", "10C", "JC")
    swapped = [cr.Card.parse("AS") if card == cr.Card.parse("8C") else card for card in good.stock]
    with pytest.raises(ValueError, match=r"missing 8C.*extra AS"):
        cr.start_round(hands=good.hands, stock=swapped, discard=good.discard, dealer=3)


@given(st.integers(min_value=0, max_value=106), st.booleans())
def test_r2_start_round_refuses_any_card_dropped_or_doubled(index: int, drop: bool) -> None:
    deck = list(cr.PAGAT.deck(4))
    card = deck[index]
    if drop:
        del deck[index]
    else:
        deck.append(card)
    hands = [deck[10 * p : 10 * p + 10] for p in range(4)]
    word = "missing" if drop else "extra"
    with pytest.raises(ValueError, match=rf"{word} {card}\b"):
        cr.start_round(hands=hands, stock=deck[41:], discard=deck[40:41])


def test_r2_twos_are_natural_not_wild() -> None:
    with pytest.raises(cr.InvalidMeldError):
        Group(Rank.SEVEN, "7C 7D 2S")
    with pytest.raises(cr.InvalidMeldError):
        Run(S, 3, "3S 4S 2S 6S")
    state = play(deal("7C 7D 2S 9C 9D 9H 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    assert not any(isinstance(action, GoDown) for action in cr.legal_actions(state))
    # A group of 2s is an ordinary natural group.
    state = play(deal("2C 2D 2S 9C 9D 9H 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    play(state, GoDown([cr.meld("2C 2D 2S"), cr.meld("9C 9D 9H")]))
