"""Tests of R26: the totals.

R26. Totals: "Totals add up over all rounds; an unmet contract carries nothing over."

Also tested: nowhere else.
"""

from __future__ import annotations

import contract_rummy as cr
from contract_rummy import GoDown
from scenario import deal, going_out, play


def test_r26_totals_add_up_over_rounds() -> None:
    _, after = going_out(scores=(30, 5, 12, 100))
    assert after.penalties == (0, 45, 53, 21)
    assert after.scores == (30, 50, 65, 121)
    following = play(after, cr.NextRound())
    assert following.scores == (30, 50, 65, 121)
    assert following.penalties is None
    # Round 2, dealt as chosen with those totals, adds its own penalties to them.
    state = deal(
        "7C 7D 7H 9C 10C JC 4S",
        "KC",
        "",
        "AH 3D",
        discard="QC",
        round_number=2,
        scores=following.scores,
    )
    state = play(
        state,
        cr.TakeDiscard(),
        GoDown([cr.meld("7C 7D 7H"), cr.meld("9C 10C JC QC")]),
        cr.Discard(cr.Card.parse("4S")),
    )
    assert state.penalties == (0, 10, 0, 18)
    assert state.scores == (30, 60, 65, 139)
    # An unmet contract carries nothing over: round 3 asks for its own contract of everyone.
    third = play(state, cr.NextRound())
    assert third.round_number == 3
    assert third.contract == cr.Contract(runs=(4, 4))
    assert third.scores == (30, 60, 65, 139)


def test_r26_a_finished_round_cannot_imply_negative_totals_before_it() -> None:
    import attrs
    import pytest

    _, after = going_out(scores=(0, 0, 0, 0))
    assert after.phase is cr.Phase.ROUND_OVER
    assert after.penalties == (0, 45, 53, 21)
    assert attrs.evolve(after) == after
    with pytest.raises(cr.InvalidStateError, match=r"^R26: totals before round 1"):
        attrs.evolve(after, scores=(0, 0, 0, 0))
