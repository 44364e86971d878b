"""Tests of R6: who plays first, who may act, and the move counter.

R6. Order of play: "The player on the dealer's left plays first; turns go clockwise."

Who may act is what a server checks: only the player to act plays, and an action sent by anyone
else is refused. The same check for a buyer, a Shanghai call, the next deal, the end of the
game and a player not in the game is tested with its rule: R19, R31, R4, R28 and R1.

Also tested: tests/test_bots.py, tests/test_history.py, tests/test_history_cut.py,
tests/test_playing.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import Phase
from contract_rummy.testing import strategies as crst
from scenario import deal, play


@pytest.mark.parametrize("dealer", range(4))
def test_r6_the_dealers_left_plays_first_and_turns_go_clockwise(dealer: int) -> None:
    state = deal(
        "3C 5C 7C 9C",
        "3D 5D 7D 9D",
        "3H 5H 7H 9H",
        "3S 5S 7S 9S",
        discard="KC",
        dealer=dealer,
    )
    first = (dealer + 1) % 4
    assert state.phase is Phase.DRAW
    assert state.active == state.to_act == first
    seen = []
    for _ in range(5):
        seen.append(state.active)
        drawn = state.discard[-1]
        state = play(state, cr.TakeDiscard())
        state = play(state, cr.Discard(next(c for c in state.hands[state.active] if c != drawn)))
    assert seen == [(first + k) % 4 for k in range(5)]


def _actor(state: cr.RoundState) -> int | None:
    if state.phase is cr.Phase.ROUND_OVER:
        return state.dealer
    return state.to_act


def test_r6_only_the_active_player_draws() -> None:
    state = cr.new_game(seed=3)
    others = [p for p in range(state.players) if p != state.active]
    for player in others:
        assert not cr.is_legal(state, cr.DrawStock(), player=player)
        with pytest.raises(cr.IllegalActionError, match=r"^R6: it is player 3's turn") as info:
            cr.apply(state, cr.DrawStock(), player=player)
        assert info.value.rule == "R6"
    after = cr.apply(state, cr.DrawStock(), player=state.active)
    assert after == cr.apply(state, cr.DrawStock())


@pytest.mark.parametrize("player", ["0", 1.0, True])
def test_player_must_be_an_int(player: object) -> None:
    with pytest.raises(TypeError, match="player must be an int"):
        cr.apply(cr.new_game(seed=3), cr.DrawStock(), player=player)  # type: ignore[arg-type]


def test_moves_count_every_action_across_rounds() -> None:
    state = cr.new_game(seed=6)
    assert state.moves == 0
    bot = cr.GreedyBot()
    count = 0
    while state.phase is not cr.Phase.GAME_OVER:
        assert state.moves == count
        state = cr.apply(state, bot.choose(state))
        count += 1
        if count > 50_000:
            pytest.fail("the game did not end within 50,000 actions")
    assert state.moves == count


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_apply_with_player_agrees_with_apply(data: st.DataObject) -> None:
    """Who sends an action matters only when it is not the player to act.

    Sent by the player to act, an action does what it does unsent; by anyone else,
    it is refused, legal or not.
    """
    state = data.draw(crst.states())
    actions = cr.legal_actions(state)
    if not actions:
        return
    action = data.draw(st.sampled_from(list(actions[:50])))
    actor = _actor(state)
    assert actor is not None
    assert cr.apply(state, action, player=actor) == cr.apply(state, action)
    assert cr.apply(state, action).moves == state.moves + 1
    wrong = data.draw(st.integers(0, state.players - 1).filter(lambda p: p != actor))
    assert not cr.is_legal(state, action, player=wrong)
    with pytest.raises(cr.IllegalActionError):
        cr.apply(state, action, player=wrong)


def test_a_hand_built_state_refuses_negative_moves() -> None:
    import attrs

    with pytest.raises(cr.InvalidStateError, match="moves must not be negative"):
        attrs.evolve(cr.new_game(seed=1), moves=-1)
