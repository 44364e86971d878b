"""Tests of R25: going out and the penalties.

R25. Penalty points: "When a player goes out, the round ends at once."

Also tested: tests/test_events.py, tests/test_heuristic_bot.py, tests/test_history_cut.py,
tests/test_loading.py, tests/test_presets.py, tests/test_variants.py.
"""

from __future__ import annotations

import pytest

import contract_rummy as cr
from contract_rummy import GoDown, Phase
from scenario import ANY_ACTION, cards, deal, going_out, hand_points, play, refused


def test_r25_going_out_ends_the_round_at_once() -> None:
    before, after = going_out()
    assert after.phase is Phase.ROUND_OVER
    assert after.to_act is None
    assert list(cr.legal_actions(after)) == [cr.NextRound()]
    assert after.hands[0] == ()
    assert after.hands[1:] == before.hands[1:]
    assert after.round_number == 1
    assert after.winners is None


def test_r25_penalties_of_the_other_players() -> None:
    _, after = going_out()
    assert after.hands[1] == cards("KC AH 5D JK")
    assert after.hands[2] == cards("AS 8S 10S JD QH")
    assert after.hands[3] == cards("2H 3D 6S KD")
    # The winner scores 0; player 1's melds on the table cost nothing: the R25 example is 45.
    assert after.penalties == (0, 45, 53, 21)
    assert after.penalties == tuple(hand_points(hand) for hand in after.hands)
    assert after.scores == (0, 45, 53, 21)


def test_r25_the_rules_example() -> None:
    state = deal("7C 7D 9C 9D 9H 4S", "KC AH 5D JK", "", "", discard="7H")
    state = play(
        state,
        cr.TakeDiscard(),
        GoDown([cr.meld("7C 7D 7H"), cr.meld("9C 9D 9H")]),
        cr.Discard(cr.Card.parse("4S")),
    )
    assert state.phase is Phase.ROUND_OVER
    assert state.penalties == (0, 45, 0, 0)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("KC", 10),
        ("QD", 10),
        ("JH", 10),
        ("10S", 10),
        ("AC", 15),
        ("JK", 15),
        ("2D", 2),
        ("3H", 3),
        ("4S", 4),
        ("5C", 5),
        ("6D", 6),
        ("7H", 7),
        ("8S", 8),
        ("9C", 9),
        ("AS AD JK JK 10C", 70),
    ],
)
def test_r25_penalty_of_each_card(hand: str, expected: int) -> None:
    state = deal("7C 7D 9C 9D 9H 4S", hand, "3C", "", discard="7H")
    state = play(
        state,
        cr.TakeDiscard(),
        GoDown([cr.meld("7C 7D 7H"), cr.meld("9C 9D 9H")]),
        cr.Discard(cr.Card.parse("4S")),
    )
    assert state.penalties == (0, expected, 3, 0)


def test_r25_only_next_round_is_possible_when_the_round_is_over() -> None:
    _, over = going_out()
    for action in ANY_ACTION:
        message = refused(over, action, "R25")
        assert "NextRound" in message
