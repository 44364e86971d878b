"""R30: natural wild cards play as themselves or as wild cards, in melds, lay-offs and swaps.

R30. "Natural wild cards (`deuces-wild`: 2s; `california`: queens)."

Also tested: tests/test_cli_rules.py, tests/test_godown_counting.py, tests/test_notation.py,
tests/test_presets.py.
"""

from __future__ import annotations

from typing import Final

import pytest

import contract_rummy as cr
from scenario import deal, play, refused

DEUCES: Final = cr.DEUCES_WILD


def test_r30_meld_prefers_the_reading_where_more_cards_stand_for_themselves() -> None:
    assert cr.meld("2C 2D 2H", variant=DEUCES) == cr.Group(cr.Rank.TWO, "2C 2D 2H", variant=DEUCES)
    assert cr.meld("2S 3S 4S 5S", variant=DEUCES) == cr.Run(
        cr.Suit.SPADES, 2, "2S 3S 4S 5S", variant=DEUCES
    )
    # A 2 of another suit in a run can only be a wild card.
    run = cr.meld("3S 2H 5S 6S", variant=DEUCES)
    assert isinstance(run, cr.Run)
    assert run.stands_for(1) == cr.Card.parse("4S")


def test_r30_a_wild_2_plays_as_any_card_of_a_group() -> None:
    group = cr.Group(cr.Rank.SEVEN, "7C 2H 2S", variant=DEUCES)
    assert group.rank is cr.Rank.SEVEN
    with pytest.raises(cr.InvalidMeldError, match="R7"):
        cr.Group(cr.Rank.SEVEN, "7C 2H 8S", variant=DEUCES)


def _down_with_a_wild_2() -> cr.RoundState:
    """Round 2 of deuces-wild: player 0 went down last turn with ``5S 2H 7S 8S``.

    Their turn has come round again and they hold the ``6S`` the 2 stands for.
    """
    state = deal(
        "7C 7D 7H 5S 2H 7S 8S 6S KD KC",
        "AC 3C 4C 9D 10D JD 4H 9H 10H KH",
        "AD 3D 4D 9C 10C JC 4S 9S 10S KS",
        "AH 3H 5H 9C 10C JC 3S 9S 10S QS",
        stock="QD QC QH QS JH JS 4D",
        discard="5D",
        variant=DEUCES,
        round_number=2,
    )
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = cr.apply(state, cr.Pass())
    go_down = cr.GoDown(
        [
            cr.Group(cr.Rank.SEVEN, "7C 7D 7H", variant=DEUCES),
            cr.Run(cr.Suit.SPADES, 5, "5S 2H 7S 8S", variant=DEUCES),
        ]
    )
    state = play(state, go_down, cr.Discard(cr.Card.parse("KD")))
    for player in (1, 2, 3):
        state = cr.apply(state, cr.DrawStock())
        while state.phase is cr.Phase.BUY:
            state = cr.apply(state, cr.Pass())
        state = cr.apply(state, cr.Discard(state.hands[player][-1]))
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = cr.apply(state, cr.Pass())
    assert state.active == 0
    assert state.phase is cr.Phase.PLAY
    return state


def test_r30_r23_a_wild_2_in_a_run_is_swapped_out_like_a_joker() -> None:
    state = _down_with_a_wild_2()
    six = cr.Card.parse("6S")
    swap = cr.SwapJoker(six, 1, 0)  # the freed 2H goes onto the group of sevens
    assert swap in cr.legal_actions(state)
    after, events = cr.step(state, swap)
    assert events == (
        cr.events.WildFreed(
            player=0, card=six, wild=cr.Card.parse("2H"), target=1, joker_target=0
        ),
    )
    assert [str(placed.meld) for placed in after.table] == ["7C 7D 2H 7H", "5S 6S 7S 8S"]
    assert six not in after.hands[0]
    # The freed 2 may also go onto the run it left, at either end, standing for 4S or 9S.
    legal = cr.legal_actions(state)
    assert cr.SwapJoker(six, 1, 1, cr.End.LOW) in legal
    assert cr.SwapJoker(six, 1, 1, cr.End.HIGH) in legal


def test_r30_r23_the_freed_2_is_never_kept_in_hand() -> None:
    state = _down_with_a_wild_2()
    message = refused(state, cr.SwapJoker(cr.Card.parse("6S"), 1, 5), "R23")
    assert "table" in message or "meld" in message


def test_r30_a_2_of_the_runs_suit_lays_off_as_a_wild_card_away_from_its_place() -> None:
    state = _down_with_a_wild_2()
    run = state.table[1].meld
    two_of_spades = cr.Card.parse("2S")
    # The 2H in the run already stands for the 6S; a natural 2S would stand for itself
    # only next to 3S, which is not there: it lays off as a wild card at either end.
    assert run.placements(two_of_spades) == (cr.End.LOW, cr.End.HIGH)
