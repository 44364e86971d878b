"""Tests of R24: the last round.

R24. Going out at once: "Round 7 (and any round a variant's ladder marks "at once") has no
    lay-offs and no swaps."

Also tested: tests/test_godown.py, tests/test_godown_bounds.py, tests/test_godown_reference.py,
tests/test_heuristic_bot.py, tests/test_meetable.py, tests/test_presets.py,
tests/test_variants.py.
"""

from __future__ import annotations

import contract_rummy as cr
from scenario import (
    HIGH,
    P1,
    P2,
    P3,
    card,
    cards,
    deal,
    draw,
    go_down,
    of_kind,
    pass_all,
    play,
    refused,
)

LAST_P1 = "KC KD KH KS QC QD QH QS JC JD JH JS"  # 120 points
LAST_P2 = "2D 3D 4D 5D 6D 7D 8D 9C 2H 3H 4H 5H"  # 58 points
LAST_P3 = "AC AD 2C 3C 4C 5C 6C 7C 8C 9H 10H 10C"  # 94 points


def test_r24_going_down_uses_the_whole_hand_and_ends_the_round() -> None:
    state = deal(
        "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD",
        LAST_P1,
        LAST_P2,
        LAST_P3,
        stock="KD",
        discard="7S",
        round_number=7,
        scores=(10, 20, 30, 40),
    )
    state = draw(state)
    go_downs = [a for a in of_kind(state, cr.GoDown) if isinstance(a, cr.GoDown)]
    assert go_downs
    for action in go_downs:
        assert len(action.melds) == 3
        assert all(isinstance(m, cr.Run) for m in action.melds)
        assert sum(len(m) for m in action.melds) == 13
        assert max(len(m) for m in action.melds) > 4
    state = play(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD KD"))
    assert state.phase is cr.Phase.GAME_OVER  # round 7 is the last: the game ends
    assert state.hands[0] == ()
    assert state.discard == cards("7S")  # no discard
    assert state.penalties == (0, 120, 58, 94)
    assert state.scores == (10, 140, 88, 134)
    assert state.winners == (0,)


def test_r24_a_go_down_not_using_the_whole_hand_is_refused() -> None:
    hand = "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD 2C"
    state = draw(deal(hand, P1, P2, P3, stock="KD", round_number=7))
    refused(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD KD"), "R24")
    refused(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD"), "R24")
    assert not of_kind(state, cr.GoDown)
    # A player who cannot go out discards as usual.
    state = play(state, cr.Discard(card("2C")))
    assert (state.phase, state.active) == (cr.Phase.DRAW, 1)
    assert state.hands[0] == cards("AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD KD")
    assert state.table == ()


def test_r24_only_exactly_three_runs() -> None:
    hand = "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD 9C 9S"
    state = draw(deal(hand, P1, P2, P3, stock="9H", round_number=7))
    refused(  # a group as well as three runs
        state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD", "9C 9S 9H"), "R24"
    )
    refused(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9C 9S 9H"), "R24")  # two runs
    assert not of_kind(state, cr.GoDown)
    hand = "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD 5C 6C 7C"
    state = draw(deal(hand, P1, P2, P3, stock="8C", round_number=7))
    refused(  # four runs
        state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD", "5C 6C 7C 8C"), "R24"
    )
    assert not of_kind(state, cr.GoDown)


def test_r24_bought_cards_are_part_of_the_whole_hand() -> None:
    state = deal(
        LAST_P1,
        "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H",
        "9S 10S JS QS AS 2S 3S 4S 7D 8D 9C 9D",
        "KS 10S 9H 10H JH QH KH AH 8S 7S 7H 8H",
        stock="6D 5S 6H",
        discard="6C",
        round_number=7,
    )
    state = play(state, cr.DrawStock(), cr.Buy())  # player 1 buys 6C, penalty 6D
    state = pass_all(state)
    assert state.hands[0] == cards(LAST_P1 + " 5S")
    state = play(state, cr.Discard(card("5S")))
    state = draw(state)
    assert state.hands[1] == cards("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H")
    refused(state, go_down("2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H"), "R24")
    state = play(state, go_down("2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H"))
    assert state.phase is cr.Phase.GAME_OVER
    assert state.hands[1] == ()
    assert state.penalties is not None
    assert state.penalties[1] == 0


def test_r24_no_lay_offs_in_the_last_round() -> None:
    state = draw(deal("2C 3C 4C 5C 6C JK", P1, P2, P3, round_number=7, stock="7C"))
    refused(state, cr.LayOff(card("7C"), 0), "R24")
    refused(state, cr.LayOff(cr.JOKER, 0, HIGH), "R24")
    assert not of_kind(state, cr.LayOff)


def test_r24_r12_applies_in_the_last_round() -> None:
    hand = "3S 4S 5S 6S 7S 8S 9S 10S 5H 6H 7H 8H"
    state = draw(deal(hand, P1, P2, P3, stock="9H", round_number=7))
    refused(state, go_down("3S 4S 5S 6S", "7S 8S 9S 10S", "5H 6H 7H 8H 9H"), "R12")
    assert not of_kind(state, cr.GoDown)
    state = play(state, cr.Discard(card("9H")))
    assert (state.phase, state.active) == (cr.Phase.DRAW, 1)


def test_r24_r12_with_a_joker_filling_the_touching_card() -> None:
    hand = "3S 4S 5S 6S JK 8S 9S 10S 5H 6H 7H 8H"
    state = draw(deal(hand, P1, P2, P3, stock="9H", round_number=7))
    refused(state, go_down("3S 4S 5S 6S", "JK 8S 9S 10S", "5H 6H 7H 8H 9H"), "R12")
    # The joker may instead stand for JS: the two runs of spades keep a gap at 7S.
    state = play(state, go_down("3S 4S 5S 6S", "8S 9S 10S JK", "5H 6H 7H 8H 9H"))
    assert state.phase is cr.Phase.GAME_OVER
