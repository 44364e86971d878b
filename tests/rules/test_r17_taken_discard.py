"""Tests of R17: the card taken from the discard pile.

R17. The card taken from the discard pile: "A card taken from the discard pile this turn may
    not be discarded on the same turn (another copy of the same card, held before, may)."

Also tested: tests/test_engine_api.py, tests/test_openspiel.py, tests/test_pettingzoo.py,
tests/test_table.py, tests/test_views.py.
"""

from __future__ import annotations

import contract_rummy as cr
from scenario import P1, P2, P3, card, cards, deal, draw, go_down, play, refused


def test_r17_the_taken_discard_may_not_be_discarded() -> None:
    state = play(deal("2C 5D 9H", P1, P2, P3, discard="KH"), cr.TakeDiscard())
    assert state.hands[0] == cards("2C 5D 9H KH")
    refused(state, cr.Discard(card("KH")), "R17")
    assert cr.Discard(card("5D")) in cr.legal_actions(state)
    state = play(state, cr.Discard(card("5D")))
    assert state.hands[0] == cards("2C 9H KH")
    assert state.active == 1


def test_r17_a_copy_held_before_may_be_discarded() -> None:
    state = play(deal("2C 5D KH", P1, P2, P3, discard="KH"), cr.TakeDiscard())
    assert state.hands[0] == cards("2C 5D KH KH")
    state = play(state, cr.Discard(card("KH")))
    assert state.hands[0] == cards("2C 5D KH")
    assert state.discard[-1] == card("KH")


def test_r17_the_taken_discard_may_be_melded() -> None:
    state = play(deal("7C 7D 9S 9D 9H 2C 4D", P1, P2, P3, discard="7H"), cr.TakeDiscard())
    state = play(state, go_down("7C 7D 7H", "9S 9D 9H"))
    assert state.hands[0] == cards("2C 4D")
    refused(state, cr.Discard(card("7H")), "R13")  # no longer held
    state = play(state, cr.Discard(card("4D")))
    assert (state.active, state.hands[0]) == (1, cards("2C"))


def test_r17_a_card_drawn_from_the_stock_may_be_discarded() -> None:
    state = draw(deal("2C 5D", P1, P2, P3, stock="KH", discard="QS"))
    state = play(state, cr.Discard(card("KH")))
    assert state.hands[0] == cards("2C 5D")
