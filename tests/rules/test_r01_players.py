"""Tests of R1: the players.

R1. Four players: "Exactly 4 players, each playing alone."

Also tested: tests/test_meetable.py, tests/test_presets.py, tests/test_variants.py,
tests/test_views.py.
"""

from __future__ import annotations

import pytest

import contract_rummy as cr


def test_r1_pagat_is_played_by_four() -> None:
    assert cr.new_game(seed=1).players == 4
    assert cr.new_game(seed=1, players=4).players == 4
    for players in (3, 5):
        with pytest.raises(ValueError, match=rf"^R1: .*\b{players}\b"):
            cr.new_game(seed=1, players=players)


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_r1_start_round_refuses_other_player_counts(players: int) -> None:
    deck = list(cr.PAGAT.deck(4))
    hands = [deck[10 * p : 10 * p + 10] for p in range(players)]
    dealt = 10 * players
    with pytest.raises(ValueError, match=r"^R1: "):
        cr.start_round(hands=hands, stock=deck[dealt + 1 :], discard=deck[dealt : dealt + 1])


def test_r1_an_action_sent_by_no_player_of_the_game_says_so() -> None:
    state = cr.new_game(seed=3)
    for player in (9, -1, 4):
        with pytest.raises(cr.IllegalActionError, match=f"R1: there is no player {player}: "):
            cr.apply(state, cr.DrawStock(), player=player)
        assert not cr.is_legal(state, cr.DrawStock(), player=player)
