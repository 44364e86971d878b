"""Tests of R7-R10: the melds.

R7. Groups: "Group: 3 or more cards of one rank."
R8. Runs: "Run: 4 or more consecutive cards of one suit."
R9. One meld per card: "A physical card belongs to one meld only."
R10. What a joker stands for: "Jokers stand for one specific card, announced when played: in a
    group, its rank; in a run, its position (so its rank)."

Also tested: tests/test_cli_play.py, tests/test_engine_api.py, tests/test_errors.py,
tests/test_godown.py, tests/test_godown_bounds.py, tests/test_godown_reference.py,
tests/test_meetable.py, tests/test_melds.py, tests/test_notation.py, tests/test_strategies.py,
tests/test_variants.py, tests/test_views.py.
"""

from __future__ import annotations

import pytest

import contract_rummy as cr
from contract_rummy import GoDown, Group, Rank, Run
from scenario import H, S, cards, deal, play, refused


def test_r7_a_group_may_repeat_suits() -> None:
    state = play(deal("7C 7C 7D 9H 9H 9S 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    melds = [Group(Rank.SEVEN, "7C 7C 7D"), Group(Rank.NINE, "9H 9S 9H")]
    state = play(state, GoDown(melds))
    assert state.down[0]
    assert {placed.meld for placed in state.table} == set(melds)
    assert state.hands[0] == cards("4S QS")


def test_r7_a_group_needs_one_rank() -> None:
    with pytest.raises(cr.InvalidMeldError, match=r"^R7"):
        Group(Rank.SEVEN, "7C 7D 8C")
    with pytest.raises(cr.InvalidMeldError, match=r"^R7"):
        Group(Rank.SEVEN, "7C 7D")


def test_r10_a_group_of_jokers_only_with_its_rank_announced() -> None:
    with pytest.raises(cr.InvalidMeldError):
        cr.meld("JK JK JK")
    state = play(deal("JK JK JK 8C 8D 8H 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    jokers = Group(Rank.FIVE, "JK JK JK")
    state = play(state, GoDown([jokers, cr.meld("8C 8D 8H")]))
    groups = [placed.meld for placed in state.table if placed.cards == cards("JK JK JK")]
    assert len(groups) == 1
    assert isinstance(groups[0], Group)
    assert groups[0].rank is Rank.FIVE
    assert groups[0].stands_for(0) is Rank.FIVE


def test_r10_jokers_stand_for_the_card_at_their_position() -> None:
    state = play(
        deal("3S 4S JK 6S JH QH KH JK 9C", "KC", "KD", "5H", discard="QS", round_number=3),
        cr.TakeDiscard(),
    )
    low = Run(S, 3, "3S 4S JK 6S")
    high = Run(H, 11, "JH QH KH JK")
    state = play(state, GoDown([low, high]))
    runs = {placed.meld.cards: placed.meld for placed in state.table}
    spades = runs[low.cards]
    hearts = runs[high.cards]
    assert isinstance(spades, Run)
    assert isinstance(hearts, Run)
    assert spades.stands_for(2) == cr.Card.parse("5S")
    assert spades.wild_positions() == (2,)
    assert hearts.stands_for(3) == cr.Card.parse("AH")
    assert hearts.high == 14
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 3, "3S 4S JK 7S")


def test_r8_runs_with_the_ace_low_and_high() -> None:
    state = play(
        deal("AH 2H 3H 4H JS QS KS AS 9C", "KC", "KD", "5H", discard="QD", round_number=3),
        cr.TakeDiscard(),
    )
    low = Run(H, 1, "AH 2H 3H 4H")
    high = Run(S, 11, "JS QS KS AS")
    assert (low.low, low.high, high.low, high.high) == (1, 4, 11, 14)
    state = play(state, GoDown([low, high]))
    assert state.down[0]
    assert state.hands[0] == cards("9C QD")


def test_r8_king_ace_two_is_not_a_run() -> None:
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 13, "KS AS 2S 3S")
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 12, "QS KS AS 2S")
    with pytest.raises(cr.InvalidMeldError):
        cr.meld("KS AS 2S 3S")
    # Nothing goes past an ace end, a joker included.
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 11, "JS QS KS AS JK")
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 0, "JK AS 2S 3S")
    # A hand whose only second run would wrap round the ace has no go-down.
    state = play(
        deal("KS AS 2S 3S 3H 4H 5H 6H 9C", "KC", "KD", "5D", discard="QD", round_number=3),
        cr.TakeDiscard(),
    )
    assert not any(isinstance(action, GoDown) for action in cr.legal_actions(state))


def test_r9_a_card_belongs_to_one_meld_only() -> None:
    state = play(deal("7C 7D JK 9C 9D 4S 5S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    message = refused(
        state, GoDown([Group(Rank.SEVEN, "7C 7D JK"), Group(Rank.NINE, "9C 9D JK")]), "R9"
    )
    assert "JK" in message
    state = play(deal("7C 7D 7H 7S 7S 4D 4C", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    refused(state, GoDown([cr.meld("7C 7D 7H"), cr.meld("7H 7S 7S")]), "R9")


def test_r9_two_physical_copies_make_two_melds() -> None:
    state = play(deal("7C 7D 7H 7H 7S 7S 4D", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    state = play(state, GoDown([cr.meld("7C 7D 7H"), cr.meld("7H 7S 7S")]))
    assert len(state.table) == 2
    assert state.hands[0] == cards("4D QS")
    state = play(deal("7C 7D JK JK 9C 9D 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    play(state, GoDown([Group(Rank.SEVEN, "7C 7D JK"), Group(Rank.NINE, "9C 9D JK")]))
