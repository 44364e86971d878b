"""Tests of R3: the aim of the game.

R3. The aim of the game: "Goal: the lowest total of penalty points after 7 rounds."

Also tested: nowhere else.
"""

from __future__ import annotations

import contract_rummy as cr
from contract_rummy import GoDown, Phase, Run
from scenario import C, D, H, deal, dry, ended, play


def test_r3_seven_rounds_of_penalties_and_the_lowest_total_wins() -> None:
    assert cr.PAGAT.rounds == 7
    # Player 0 goes out in the last round but ends with the highest total; player 1 wins.
    state = deal(
        "3C 4C 5C 6C 3D 4D 5D 6D 3H 4H 5H 6H",
        "KS QS",
        "4S",
        "8S 9S",
        discard="7H",
        round_number=7,
        scores=(60, 10, 30, 25),
    )
    state = play(
        state,
        cr.TakeDiscard(),
        GoDown([Run(C, 3, "3C 4C 5C 6C"), Run(D, 3, "3D 4D 5D 6D"), Run(H, 3, "3H 4H 5H 6H 7H")]),
    )
    assert state.phase is Phase.GAME_OVER
    assert state.penalties == (0, 20, 4, 17)
    assert state.scores == (60, 30, 34, 42)
    assert state.winners == (1,)


def test_r3_rounds_one_to_six_end_in_round_over_and_round_seven_ends_the_game() -> None:
    for number in range(1, 7):
        assert ended(dry("4S", "", "", "", round_number=number)).phase is Phase.ROUND_OVER
    last = ended(dry("4S", "", "", "", round_number=7))
    assert last.phase is Phase.GAME_OVER
    assert last.winners == (0,)
