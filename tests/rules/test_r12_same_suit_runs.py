"""Tests of R12: runs of one suit in a contract.

R12. Runs of one suit in a contract: "Within one player's contract, two runs of the same suit
    may not be contiguous (3-6 of spades with 7-10 of spades is refused, also when a joker
    fills the touching card)."

Also tested: tests/test_godown.py, tests/test_godown_reference.py, tests/test_heuristic_bot.py.
"""

from __future__ import annotations

import pytest

import contract_rummy as cr
from contract_rummy import GoDown, Run
from scenario import S, cards, deal, play, refused


def round_three(hand: str) -> cr.RoundState:
    return play(
        deal(hand + " 2C", "KC", "KD", "KH", discard="AC", round_number=3), cr.TakeDiscard()
    )


@pytest.mark.parametrize(
    "runs",
    [
        (Run(S, 3, "3S 4S 5S 6S"), Run(S, 7, "7S 8S 9S 10S")),
        (Run(S, 3, "3S 4S 5S 6S"), Run(S, 7, "JK 8S 9S 10S")),
        (Run(S, 3, "3S 4S 5S JK"), Run(S, 7, "7S 8S 9S 10S")),
        (Run(S, 7, "7S 8S 9S 10S"), Run(S, 3, "3S 4S 5S 6S")),
        (Run(S, 1, "AS 2S 3S 4S"), Run(S, 5, "5S 6S 7S JK")),
    ],
)
def test_r12_same_suit_runs_may_not_be_contiguous(runs: tuple[Run, Run]) -> None:
    state = round_three("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JK")
    refused(state, GoDown(runs), "R12")


def test_r12_contiguous_runs_are_never_listed() -> None:
    state = round_three("3S 4S 5S 6S 7S 8S 9S 10S")
    assert not any(isinstance(action, GoDown) for action in cr.legal_actions(state))


def test_r12_overlapping_runs_of_distinct_cards_are_fine() -> None:
    state = round_three("3S 4S 5S 6S 5S 6S 7S 8S")
    state = play(state, GoDown([Run(S, 3, "3S 4S 5S 6S"), Run(S, 5, "5S 6S 7S 8S")]))
    assert len(state.table) == 2
    assert state.hands[0] == cards("2C AC")


def test_r12_runs_with_a_gap_are_fine_and_stay_separate() -> None:
    state = round_three("3S 4S 5S 6S 8S 9S 10S JS")
    state = play(state, GoDown([Run(S, 3, "3S 4S 5S 6S"), Run(S, 8, "8S 9S 10S JS")]))
    assert sorted(len(placed.cards) for placed in state.table) == [4, 4]
    # A joker may stand at a run's end as long as a gap remains.
    state = round_three("3S 4S 5S 6S JK 9S 10S JS")
    play(state, GoDown([Run(S, 3, "3S 4S 5S 6S"), Run(S, 8, "JK 9S 10S JS")]))
    # A joker filling the gap joins the runs: contiguous again.
    state = round_three("3S 4S 5S 6S JK 8S 9S 10S")
    refused(state, GoDown([Run(S, 3, "3S 4S 5S 6S"), Run(S, 7, "JK 8S 9S 10S")]), "R12")
