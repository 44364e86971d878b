"""Tests of R28: the end of the game.

R28. The winner: "After round 7 the lowest total wins."

Also tested: tests/test_bots.py, tests/test_loading.py, tests/test_openspiel.py,
tests/test_playing.py, tests/test_presets.py, tests/test_strategies.py, tests/test_table.py.
"""

from __future__ import annotations

import attrs
import pytest

import contract_rummy as cr
from contract_rummy import GoDown, Phase, Run
from scenario import ANY_ACTION, C, D, H, deal, dry, ended, play, refused


def last_round(
    scores: tuple[int, ...], *hands: str, variant: cr.Variant = cr.PAGAT
) -> cr.RoundState:
    """Round 7: player 0 goes out with three runs; the others keep ``hands``."""
    state = deal(
        "3C 4C 5C 6C 3D 4D 5D 6D 3H 4H 5H 6H",
        *hands,
        discard="7H",
        round_number=7,
        scores=scores,
        variant=variant,
    )
    return play(
        state,
        cr.TakeDiscard(),
        GoDown([Run(C, 3, "3C 4C 5C 6C"), Run(D, 3, "3D 4D 5D 6D"), Run(H, 3, "3H 4H 5H 6H 7H")]),
    )


def test_r28_players_tied_for_the_lowest_total_share_the_win() -> None:
    over = last_round((50, 30, 35, 40), "10S", "5S", "2S")
    assert over.phase is Phase.GAME_OVER
    assert over.to_act is None
    assert over.penalties == (0, 10, 5, 2)
    assert over.scores == (50, 40, 40, 42)
    assert over.winners == (1, 2)


def test_r28_a_single_lowest_total_wins_alone() -> None:
    over = last_round((50, 30, 36, 40), "10S", "5S", "2S")
    assert over.scores == (50, 40, 41, 42)
    assert over.winners == (1,)


def test_r28_no_action_is_legal_once_the_game_is_over() -> None:
    over = last_round((50, 30, 35, 40), "10S", "5S", "2S")
    assert list(cr.legal_actions(over)) == []
    assert len(cr.legal_actions(over)) == 0
    message = refused(over, cr.NextRound(), "R28")
    assert "game is over" in message
    for action in ANY_ACTION:
        refused(over, action, "R28")


def test_r28_a_game_ending_by_stock_exhaustion_also_names_the_winners() -> None:
    state = dry("4S", "", "", "", round_number=7, scores=(0, 300, 300, 300))
    over = ended(state)
    assert over.phase is Phase.GAME_OVER
    assert over.penalties is not None
    totals = tuple(s + p for s, p in zip((0, 300, 300, 300), over.penalties, strict=True))
    assert over.scores == totals
    assert over.winners == (0,)


def test_r28_tie_break_by_the_last_round() -> None:
    variant = attrs.evolve(cr.PAGAT, tie_break=cr.TieBreak.LAST_ROUND)
    # Players 1 and 2 tie on 40; player 2 scored less in the last round.
    over = last_round((50, 30, 35, 40), "10S", "5S", "2S", variant=variant)
    assert over.scores == (50, 40, 40, 42)
    assert over.winners == (2,)
    # Still tied in the last round: they share.
    over = last_round((50, 35, 35, 40), "5S", "5S", "2S", variant=variant)
    assert over.scores == (50, 40, 40, 42)
    assert over.winners == (1, 2)


def test_r28_nobody_acts_once_the_game_is_over() -> None:
    state = cr.play_game([cr.GreedyBot()] * 4, seed=4)
    assert state.phase is cr.Phase.GAME_OVER
    for player in range(state.players):
        with pytest.raises(cr.IllegalActionError, match=r"^R28"):
            cr.apply(state, cr.NextRound(), player=player)
