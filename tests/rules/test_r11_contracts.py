"""Tests of R11: the contracts.

R11. The contract of each round: "The contracts, one per round, the same for every player:
    1: two groups; 2: a group and a run; 3: two runs; 4: three groups; 5: two groups and a run;
    6: a group and two runs; 7: three runs, going out at once with no discard (R24)."

Also tested: tests/test_godown_reference.py, tests/test_presets.py, tests/test_strategies.py,
tests/test_table.py.
"""

from __future__ import annotations

from typing import Final

import pytest

import contract_rummy as cr
from contract_rummy import GoDown
from scenario import cards, deal, play, refused

#: R11, written out from the rules text: (groups of 3, runs of 4) for rounds 1-7.
CONTRACTS: Final = {1: (2, 0), 2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2), 7: (0, 3)}


@pytest.mark.parametrize("number", range(1, 8))
def test_r11_the_contract_of_each_round(number: int) -> None:
    groups, runs = CONTRACTS[number]
    state = deal("4S", "5S", "6S", "7S", round_number=number)
    assert state.contract == cr.Contract(groups=(3,) * groups, runs=(4,) * runs)
    assert state.contract == cr.PAGAT.contract(number)


GROUPS: Final = ("7C 7D 7H", "8C 8D 8H", "9C 9D 9H")
RUNS: Final = ("3S 4S 5S 6S", "3H 4H 5H 6H", "10D JD QD KD")


@pytest.mark.parametrize("number", range(1, 7))
def test_r11_going_down_with_each_rounds_contract(number: int) -> None:
    groups, runs = CONTRACTS[number]
    texts = [*GROUPS[:groups], *RUNS[:runs]]
    melds = [cr.meld(text) for text in texts]
    state = deal(" ".join([*texts, "2C"]), "KC", "QD", "KH", discard="AC", round_number=number)
    state = play(state, cr.TakeDiscard())
    refused(state, GoDown(melds[:-1]), "R14")
    down = play(state, GoDown(melds))
    assert down.down == (True, False, False, False)
    assert {placed.meld.cards for placed in down.table} == {meld.cards for meld in melds}
    assert all(placed.owner == 0 for placed in down.table)
    assert down.hands[0] == cards("2C AC")
    # In every other round of 1-6 the same melds are the wrong contract.
    for other in range(1, 7):
        if CONTRACTS[other] != CONTRACTS[number]:
            elsewhere = deal(
                " ".join([*texts, "2C"]), "KC", "QD", "KH", discard="AC", round_number=other
            )
            refused(play(elsewhere, cr.TakeDiscard()), GoDown(melds), "R14")
