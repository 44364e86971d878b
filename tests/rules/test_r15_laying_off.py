"""Tests of R15: laying off.

R15. Laying off: "Laying off: from the player's next own turn after going down (never on the
    turn they go down), they may add cards to any meld on the table, theirs or another
    player's: a group takes more cards of its rank; a run takes the next card at either end."

Also tested: tests/test_engine_api.py, tests/test_heuristic_bot.py, tests/test_melds.py.
"""

from __future__ import annotations

import pytest

import contract_rummy as cr
from scenario import (
    HIGH,
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


def r15_table() -> cr.RoundState:
    """Round 2: player 0 goes down, then player 1 goes down; players 2, 3 take quiet turns."""
    state = deal(
        "7C 7D 7H 5S 6S 7S 8S 4S 9S 10S 7S JK QS AH KD",
        "QC QD QH 2H 3H 4H 5H 7C KH",
        P2,
        P3,
        stock="3D 4C 6C 8C 9D",
        round_number=2,
    )
    state = draw(state)
    state = play(state, go_down("7C 7D 7H", "5S 6S 7S 8S"))
    group, run = where(state, "7C 7D 7H"), where(state, "5S 6S 7S 8S")
    # R15: never on the turn of going down.
    refused(state, cr.LayOff(card("4S"), run), "R15")
    refused(state, cr.LayOff(card("7S"), group), "R15")
    refused(state, cr.LayOff(cr.JOKER, group), "R15")
    assert not of_kind(state, cr.LayOff)
    state = play(state, cr.Discard(card("3D")))

    # Player 1, not down yet, cannot lay off on player 0's melds.
    state = draw(state)
    assert state.active == 1
    refused(state, cr.LayOff(card("7C"), group), "R15")
    assert not of_kind(state, cr.LayOff)
    state = play(state, go_down("QC QD QH", "2H 3H 4H 5H"))
    state = play(state, cr.Discard(card("KH")))
    state = quiet_turns(state, 2)
    return draw(state)


def test_r15_lay_offs_start_on_the_next_own_turn() -> None:
    state = r15_table()
    assert state.active == 0
    group, run = where(state, "7C 7D 7H"), where(state, "5S 6S 7S 8S")
    state = play(state, cr.LayOff(card("7S"), group))
    assert state.table[group].meld == cr.meld("7C 7D 7H 7S")
    state = play(state, cr.LayOff(card("4S"), run))
    state = play(state, cr.LayOff(card("9S"), run))
    state = play(state, cr.LayOff(card("10S"), run))
    assert state.table[run].meld == cr.meld("4S 5S 6S 7S 8S 9S 10S")
    assert state.hands[0] == cards("AH QS KD JK 9D")


def test_r15_lay_off_on_another_players_melds() -> None:
    state = r15_table()
    queens, hearts = where(state, "QC QD QH"), where(state, "2H 3H 4H 5H")
    assert state.table[queens].owner == 1
    state = play(state, cr.LayOff(card("QS"), queens))
    state = play(state, cr.LayOff(card("AH"), hearts))
    assert state.table[queens] == cr.TableMeld(cr.meld("QC QD QH QS"), 1)
    assert state.table[hearts] == cr.TableMeld(cr.meld("AH 2H 3H 4H 5H"), 1)
    assert state.hands[1] == cards("7C 4C")  # player 1's hand is not touched


def test_r15_only_the_rank_or_the_next_card_fits() -> None:
    state = r15_table()
    group, run = where(state, "7C 7D 7H"), where(state, "5S 6S 7S 8S")
    hearts = where(state, "2H 3H 4H 5H")
    refused(state, cr.LayOff(card("KD"), group), "R15")  # wrong rank
    refused(state, cr.LayOff(card("KD"), run), "R15")
    refused(state, cr.LayOff(card("10S"), run), "R15")  # two places above the run
    refused(state, cr.LayOff(card("7S"), run), "R15")  # inside the run
    refused(state, cr.LayOff(card("AH"), run), "R15")  # wrong suit
    refused(state, cr.LayOff(card("6S"), run), "R15")  # not held
    refused(state, cr.LayOff(card("QS"), hearts), "R15")
    refused(state, cr.LayOff(card("7S"), len(state.table)), "R15")  # no such meld
    with pytest.raises(ValueError, match=r"^target must be an index into the table, from 0"):
        cr.LayOff(card("7S"), -1)  # not counted from the end: refused when built
    lay_offs = {a for a in of_kind(state, cr.LayOff) if isinstance(a, cr.LayOff)}
    assert {(str(a.card), a.target, a.end) for a in lay_offs if not a.card.is_joker} == {
        ("7S", group, None),
        ("4S", run, None),
        ("9S", run, None),
        ("QS", where(state, "QC QD QH"), None),
        ("AH", hearts, None),
    }


def test_r15_end_is_given_only_when_both_ends_fit() -> None:
    state = r15_table()
    group, run = where(state, "7C 7D 7H"), where(state, "5S 6S 7S 8S")
    # A natural card fits one end only: end=None is its only form.
    refused(state, cr.LayOff(card("4S"), run, LOW), "R15")
    refused(state, cr.LayOff(card("9S"), run, HIGH), "R15")
    refused(state, cr.LayOff(card("9S"), run, LOW), "R15")
    # A joker on a run fits both ends: the end must be said.
    refused(state, cr.LayOff(cr.JOKER, run), "R15")
    # A group has no ends.
    refused(state, cr.LayOff(cr.JOKER, group, HIGH), "R15")
    refused(state, cr.LayOff(card("7S"), group, LOW), "R15")
    jokers = {a for a in of_kind(state, cr.LayOff) if isinstance(a, cr.LayOff) and a.card.is_joker}
    assert {(a.target, a.end) for a in jokers} >= {(run, LOW), (run, HIGH), (group, None)}

    low = play(state, cr.LayOff(cr.JOKER, run, LOW))
    assert low.table[run].meld == cr.Run(cr.Suit.SPADES, 4, "JK 5S 6S 7S 8S")
    high = play(state, cr.LayOff(cr.JOKER, run, HIGH))
    assert high.table[run].meld == cr.Run(cr.Suit.SPADES, 5, "5S 6S 7S 8S JK")
    grouped = play(state, cr.LayOff(cr.JOKER, group))
    assert grouped.table[group].meld == cr.meld("7C 7D 7H JK")


def ace_table() -> cr.RoundState:
    """Round 2, player 0's second turn: their run of spades grown to 2..K by lay-offs."""
    state = deal(
        "9C 9D 9H 5S 6S 7S 8S 2S 3S 4S 9S 10S JS QS KS AS JK 4C 6D",
        P1,
        P2,
        P3,
        stock="2D 3C 4H 5C 6H",
        round_number=2,
    )
    state = play(draw(state), go_down("9C 9D 9H", "5S 6S 7S 8S"))
    state = play(state, cr.Discard(card("2D")))
    state = draw(quiet_turns(state, 3))
    run = where(state, "5S 6S 7S 8S")
    for text in ("4S", "3S", "2S", "9S", "10S", "JS", "QS", "KS"):
        state = play(state, cr.LayOff(card(text), run))
    assert state.table[run].meld == cr.Run(
        cr.Suit.SPADES, 2, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    )
    return state


def test_r15_an_ace_on_a_run_from_2_to_k_needs_its_end() -> None:
    state = ace_table()
    run = where(state, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    refused(state, cr.LayOff(card("AS"), run), "R15")
    refused(state, cr.LayOff(cr.JOKER, run), "R15")
    low = play(state, cr.LayOff(card("AS"), run, LOW))
    assert low.table[run].meld == cr.Run(
        cr.Suit.SPADES, 1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    )
    high = play(state, cr.LayOff(card("AS"), run, HIGH))
    assert high.table[run].meld == cr.Run(
        cr.Suit.SPADES, 2, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    )

    # Now one end is an ace: a joker fits the other end only, so end is not given.
    refused(low, cr.LayOff(cr.JOKER, run, HIGH), "R15")
    refused(low, cr.LayOff(cr.JOKER, run, LOW), "R15")
    full = play(low, cr.LayOff(cr.JOKER, run))
    assert full.table[run].meld == cr.Run(
        cr.Suit.SPADES, 1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"
    )
    refused(high, cr.LayOff(cr.JOKER, run, LOW), "R15")
    assert play(high, cr.LayOff(cr.JOKER, run)).table[run].meld == cr.Run(
        cr.Suit.SPADES, 1, "JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    )
