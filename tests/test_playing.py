"""The one game loop: who chooses now, what they chose, and what it did, step by step."""

from __future__ import annotations

import random
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.playing import steps
from scenario import typeless

PRESETS = sorted(cr.VARIANTS)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32))
def test_r6_each_step_is_the_choosers_action_and_what_the_engine_made_of_it(
    name: str, seed: int
) -> None:
    state = cr.new_game(cr.VARIANTS[name], seed=seed)
    rng = random.Random(seed)

    def choose(player: int, now: cr.RoundState) -> cr.Action:
        assert player == cr.chooser(now)
        legal = cr.legal_actions(cr.view(now, player))
        return legal[rng.randrange(len(legal))]

    previous = state
    for before, player, action, after, events in islice(steps(state, choose), 300):
        assert before is previous
        assert player == cr.chooser(before)
        assert after.moves == before.moves + 1
        assert cr.step(before, action, player=player) == (after, events)
        previous = after


def test_r28_the_loop_ends_with_the_game() -> None:
    state = cr.new_game(seed=4)
    played = list(steps(state, [cr.GreedyBot()] * 4))
    final = played[-1][3]
    assert final.phase is cr.Phase.GAME_OVER
    assert all(before.phase is not cr.Phase.GAME_OVER for before, *_ in played)
    assert final == cr.play_game([cr.GreedyBot()] * 4, seed=4)
    assert list(steps(final, [cr.GreedyBot()] * 4)) == []


@pytest.mark.slow
def test_r6_each_bots_step_is_its_choosers_at_every_step_of_every_preset() -> None:
    # The loop for bots writes chooser() out for speed: held to it here, step by step.
    for name in PRESETS:
        state = cr.new_game(cr.VARIANTS[name], seed=11)
        bots = [cr.RandomBot(seed=p) for p in range(state.players)]
        count = 0
        after = state
        for before, player, action, after, events in steps(state, bots):
            assert player == cr.chooser(before)
            assert (after, events) == cr.step(before, action, player=player)
            count += 1
        assert count == after.moves


def test_the_cap_fails_rather_than_hides_a_game_that_does_not_end() -> None:
    loop = steps(cr.new_game(seed=2), [cr.RandomBot(seed=p) for p in range(4)], max_actions=5)
    with pytest.raises(RuntimeError, match="not over after 5 actions"):
        list(loop)


def test_players_are_checked_before_the_first_step() -> None:
    state = cr.new_game(seed=1)
    with pytest.raises(ValueError, match="need one bot per player"):
        steps(state, [cr.GreedyBot()] * 3)
    with pytest.raises(TypeError, match=r"players\[1\] must be a bot"):
        steps(state, [cr.GreedyBot(), object(), cr.GreedyBot(), cr.GreedyBot()])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="expected a RoundState"):
        steps(cr.view(state, 0), [cr.GreedyBot()] * 4)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_actions must not be negative"):
        steps(state, [cr.GreedyBot()] * 4, max_actions=-1)


def test_r13_an_illegal_choice_is_refused_with_its_rule() -> None:
    loop = steps(cr.new_game(seed=1), lambda player, state: cr.Pass())
    with pytest.raises(cr.IllegalActionError) as caught:
        next(loop)
    assert caught.value.rule == "R13"


def test_play_game_takes_bot_names_as_simulate_does() -> None:
    named = cr.play_game(["greedy", "random", "greedy", "heuristic"], seed=9)
    made = cr.play_game(
        [cr.GreedyBot(), cr.RandomBot(seed=1), cr.GreedyBot(), cr.HeuristicBot()], seed=9
    )
    assert named == made
    with pytest.raises(ValueError, match="no bot is called 'clever'"):
        cr.play_game(["clever"] * 4, seed=1)
    with pytest.raises(TypeError, match=r"^bots\[0\] must be a bot"):  # its parameter
        cr.play_game([object()] * 4, seed=1)  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^players\[0\] must be a bot"):
        list(steps(cr.new_game(seed=1), [object()] * 4))  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^on_step must be a function of \(before, action"):
        cr.play_game(["greedy"] * 4, seed=1, on_step=5)  # type: ignore[arg-type]


def test_a_bot_s_refused_action_names_the_bot_and_where_it_chose() -> None:
    class Passer:
        def choose(self, view: cr.PlayerView) -> cr.Action:
            return cr.Pass()

    class Texter:
        def choose(self, view: cr.PlayerView) -> cr.Action:
            text: cr.Action = typeless("draw")
            return text

    seats: list[cr.Bot] = [cr.GreedyBot(), Passer(), cr.GreedyBot(), cr.GreedyBot()]
    with pytest.raises(cr.IllegalActionError, match=r"^R13: Pass\(\) is not possible") as refused:
        cr.play_game(seats, seed=1)
    assert refused.value.__notes__ == [
        "chosen by the bot of player 1 (Passer) in round 1, phase DRAW, move 11"
    ]
    with pytest.raises(TypeError, match=r"^expected an action, got 'draw'") as wrong:
        cr.play_game([Texter()] * 4, seed=1)
    assert wrong.value.__notes__[0].startswith("chosen by the bot of player 2 (Texter) in round 1")
