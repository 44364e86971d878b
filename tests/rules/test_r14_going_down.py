"""Tests of R14: going down.

R14. Going down: "Going down: a player's first meld is the whole contract at exactly the
    minimum lengths (groups of 3, runs of 4): no partial contract, no extra cards, no other
    melds."

Also tested: tests/test_errors.py, tests/test_godown.py, tests/test_godown_bounds.py,
tests/test_godown_reference.py, tests/test_heuristic_bot.py, tests/test_state.py,
tests/test_table.py, tests/test_variants.py.
"""

from __future__ import annotations

import pytest

import contract_rummy as cr
from contract_rummy import GoDown
from scenario import (
    P1,
    P2,
    P3,
    card,
    cards,
    deal,
    draw,
    go_down,
    melds_of,
    of_kind,
    play,
    quiet_turns,
    refused,
)

ROUND1 = "7C 7D 7H 7S 9S 9D 9H 5C 5D 5H 8C 8D 8H"


def test_r14_going_down_needs_exactly_the_contract() -> None:
    state = draw(deal(ROUND1, P1, P2, P3, stock="2S"))
    refused(state, go_down("7C 7D 7H"), "R14")  # partial contract
    refused(state, cr.GoDown([]), "R14")
    refused(state, go_down("7C 7D 7H 7S", "9S 9D 9H"), "R14")  # a group of 4 in round 1
    refused(state, go_down("7C 7D 7H", "9S 9D 9H", "5C 5D 5H"), "R14")  # an extra meld
    go_downs = of_kind(state, cr.GoDown)
    assert go_downs
    for action in go_downs:
        assert isinstance(action, cr.GoDown)
        assert len(action.melds) == 2
        assert all(isinstance(m, cr.Group) and len(m) == 3 for m in action.melds)

    state = play(state, go_down("7C 7D 7H", "9S 9D 9H"))
    assert state.down == (True, False, False, False)
    assert state.hands[0] == cards("5C 5D 5H 8C 8D 8H 2S 7S")


def test_r14_round_2_needs_a_group_of_3_and_a_run_of_4() -> None:
    hand = "7C 7D 7H 7S 3S 4S 5S 6S 8S 9C 9D 9H"
    state = draw(deal(hand, P1, P2, P3, stock="2D", round_number=2))
    refused(state, go_down("7C 7D 7H", "9C 9D 9H"), "R14")  # two groups
    refused(state, go_down("7C 7D 7H", "4S 5S 6S 7S 8S"), "R14")  # a run of 5
    refused(state, go_down("7C 7D 7H 7S", "3S 4S 5S 6S"), "R14")  # a group of 4
    state = play(state, go_down("9C 9D 9H", "4S 5S 6S 7S"))
    assert melds_of(state) == [("9C 9D 9H", 0), ("4S 5S 6S 7S", 0)]


def test_r14_going_down_twice_and_new_melds_after_are_refused() -> None:
    state = draw(deal(ROUND1, P1, P2, P3, stock="2S"))
    state = play(state, go_down("7C 7D 7H", "9S 9D 9H"))
    before = state.table
    refused(state, go_down("5C 5D 5H", "8C 8D 8H"), "R14")  # the same turn
    assert not of_kind(state, cr.GoDown)
    state = play(state, cr.Discard(card("2S")))
    state = draw(quiet_turns(state, 3))
    assert state.active == 0
    refused(state, go_down("5C 5D 5H", "8C 8D 8H"), "R14")  # a later turn
    assert not of_kind(state, cr.GoDown)
    assert state.table == before


@pytest.mark.parametrize(
    ("number", "melds"),
    [
        (1, ["7C 7D 7H"]),
        (1, ["7C 7D 7H", "8C 8D 8H", "9C 9D 9H"]),
        (1, ["7C 7D 7H 7S", "8C 8D 8H"]),
        (1, ["7C 7D 7H", "3S 4S 5S 6S"]),
        (2, ["7C 7D 7H", "8C 8D 8H"]),
        (2, ["7C 7D 7H", "3S 4S 5S 6S 7S"]),
        (3, ["3S 4S 5S 6S", "8H 9H 10H JH QH"]),
        (3, ["3S 4S 5S 6S"]),
        (4, ["7C 7D 7H", "8C 8D 8H", "3S 4S 5S 6S"]),
    ],
)
def test_r14_melds_that_do_not_fit_the_contract(number: int, melds: list[str]) -> None:
    hand = "7C 7D 7H 7S 8C 8D 8H 9C 9D 9H 3S 4S 5S 6S 7S 8H 9H 10H JH QH 2C"
    state = play(deal(hand, "KC", "KD", "KH", discard="QS", round_number=number), cr.TakeDiscard())
    message = refused(state, GoDown([cr.meld(text) for text in melds]), "R14")
    assert str(state.contract) in message
