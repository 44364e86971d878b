"""Tests of R16: going out by a discard, and always a legal discard.

R16. Going out: "Rounds 1-6: a player goes out only by discarding their last card."

Also tested: tests/test_engine_api.py, tests/test_fuzz.py, tests/test_godown_reference.py.
"""

from __future__ import annotations

import attrs

import contract_rummy as cr
from scenario import (
    LOW,
    P1,
    P2,
    P3,
    card,
    cards,
    deal,
    draw,
    go_down,
    of_kind,
    play,
    quiet_turns,
    refused,
    where,
)


def test_r16_go_down_must_leave_a_card_to_discard() -> None:
    state = draw(deal("7C 7D 7H 9S 9D", P1, P2, P3, stock="9H"))
    assert state.hands[0] == cards("7C 7D 7H 9S 9D 9H")
    refused(state, go_down("7C 7D 7H", "9S 9D 9H"), "R16")
    assert not of_kind(state, cr.GoDown)
    assert cr.Discard(card("9H")) in cr.legal_actions(state)


def test_r16_go_down_leaving_only_the_taken_discard_is_refused() -> None:
    state = play(deal("7C 7D 7H 9S 9D 9H", P1, P2, P3, discard="KD"), cr.TakeDiscard())
    refused(state, go_down("7C 7D 7H", "9S 9D 9H"), "R16")
    assert not of_kind(state, cr.GoDown)


def test_r16_r17_without_a_final_discard_the_taken_discard_is_not_left_alone() -> None:
    variant = attrs.evolve(cr.PAGAT, final_discard=False)
    hand = "AC AC 2C 2C 3C 3C 4C 4C 6C JK JK"
    state = deal(hand, P1, P2, P3, discard="5C", variant=variant, round_number=6)
    state = play(state, cr.TakeDiscard())
    assert state.hands[0] == cards(hand + " 5C")
    assert state.kept_card == card("5C")
    # Going out needs no discard here, but 5C alone could be neither discarded nor played.
    refused(state, go_down("6C JK JK", "AC 2C 3C 4C", "AC 2C 3C 4C"), "R16")
    state = play(state, go_down("6C JK JK", "AC 2C 3C 4C", "2C 3C 4C 5C"))
    assert state.hands[0] == cards("AC")
    state = play(state, cr.Discard(card("AC")))
    assert state.phase is cr.Phase.ROUND_OVER


def lay_off_table() -> cr.RoundState:
    """Player 0 down in round 1, holding only 7S at the start of their second turn."""
    state = deal("7C 7D 7H 9S 9D 9H 7S", P1, P2, P3, stock="2D 4C 4D 4H 9C")
    state = play(draw(state), go_down("7C 7D 7H", "9S 9D 9H"), cr.Discard(card("2D")))
    state = quiet_turns(state, 3)
    assert state.hands[0] == cards("7S")
    assert state.discard[-1] == card("4H")
    return state


def test_r16_a_lay_off_must_leave_a_card_to_discard() -> None:
    state = draw(lay_off_table())
    assert state.hands[0] == cards("7S 9C")
    sevens, nines = where(state, "7C 7D 7H"), where(state, "9S 9D 9H")
    state = play(state, cr.LayOff(card("7S"), sevens))
    refused(state, cr.LayOff(card("9C"), nines), "R16")
    assert not of_kind(state, cr.LayOff)


def test_r16_a_lay_off_leaving_only_the_taken_discard_is_refused() -> None:
    state = play(lay_off_table(), cr.TakeDiscard())
    assert state.hands[0] == cards("7S 4H")
    refused(state, cr.LayOff(card("7S"), where(state, "7C 7D 7H")), "R16")
    assert not of_kind(state, cr.LayOff)
    state = play(state, cr.Discard(card("7S")))
    assert (state.phase, state.active, state.hands[0]) == (cr.Phase.DRAW, 1, cards("4H"))


def test_r16_going_out_by_discarding_the_last_card() -> None:
    state = draw(lay_off_table())
    state = play(state, cr.LayOff(card("7S"), where(state, "7C 7D 7H")))
    assert state.phase is cr.Phase.PLAY
    state = play(state, cr.Discard(card("9C")))
    assert state.phase is cr.Phase.ROUND_OVER
    assert state.hands[0] == ()
    # R25: 10C JC QC = 30, 10D JD QD = 30, KC KD 3H = 23; the player out scores 0.
    assert state.penalties == (0, 30, 30, 23)


def test_r16_a_swap_must_leave_a_card_to_discard() -> None:
    state = deal("9C 9D 9H 5S JK 7S 8S 6S", P1, P2, P3, stock="2D 4C 4D 4H", round_number=2)
    state = play(draw(state), go_down("9C 9D 9H", "5S JK 7S 8S"), cr.Discard(card("2D")))
    state = quiet_turns(state, 3)
    state = play(state, cr.TakeDiscard())
    assert state.hands[0] == cards("6S 4H")
    run, group = where(state, "5S JK 7S 8S"), where(state, "9C 9D 9H")
    refused(state, cr.SwapJoker(card("6S"), run, group), "R16")
    refused(state, cr.SwapJoker(card("6S"), run, run, LOW), "R16")
    assert not of_kind(state, cr.SwapJoker)
