"""R29: every round ends, even between players who only ever take the discard.

R29. Rounds nobody can finish: "Rounds that nobody can finish (library resolution; the seeds
    are silent)."

Also tested: nowhere else.
"""

from __future__ import annotations

import random

import attrs
import pytest

import contract_rummy as cr
from scenario import deal

#: Seeds on which four GreedyBots would play for ever without the turn limit: each player
#: takes the discard and discards again, so the stock never runs out.
LOOPING_SEEDS = (158, 360, 762, 798, 959)
#: Far more actions than a whole game takes: reaching it means the game did not end.
MAX_ACTIONS = 100_000


def _ends(seed: int) -> list[cr.RoundEnded]:
    bots = [cr.GreedyBot()] * 4
    state = cr.new_game(seed=seed)
    ended: list[cr.RoundEnded] = []
    for _ in range(MAX_ACTIONS):
        if state.phase is cr.Phase.GAME_OVER:
            return ended
        player = state.dealer if state.to_act is None else state.to_act
        state, events = cr.step(state, bots[player].choose(state))
        ended.extend(event for event in events if isinstance(event, cr.RoundEnded))
    pytest.fail(f"seed {seed}: the game did not end in {MAX_ACTIONS} actions")


def _random_rounds(variant: cr.Variant, seed: int) -> list[tuple[int, cr.RoundEnd]]:
    """The turns each round of a seeded game of uniform random choices lasted, and its end."""
    rng = random.Random(seed)
    state = cr.new_game(variant, seed=seed)
    rounds: list[tuple[int, cr.RoundEnd]] = []
    for _ in range(MAX_ACTIONS):
        if state.phase is cr.Phase.GAME_OVER:
            return rounds
        legal = cr.legal_actions(state)
        turns = state.turns
        state, events = cr.step(state, legal[rng.randrange(len(legal))])
        rounds.extend((turns, ev.reason) for ev in events if isinstance(ev, cr.RoundEnded))
    pytest.fail(f"seed {seed}: the game did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("name", ["liverpool", "no-buy"])
def test_r29_uniform_random_rounds_without_buying_meet_the_turn_cap(name: str) -> None:
    # docs/rules.rst: about one round in five of liverpool and no-buy reaches the cap.
    rounds = _random_rounds(cr.VARIANTS[name], seed=0)
    assert (500, cr.RoundEnd.TURN_LIMIT) in rounds


def test_r29_uniform_random_rounds_of_pagat_stay_far_from_the_turn_cap() -> None:
    # docs/rules.rst: the median round lasts 60 to 70 turns, the longest about 100.
    for seed in range(3):
        rounds = _random_rounds(cr.PAGAT, seed)
        assert len(rounds) == cr.PAGAT.rounds
        assert max(turns for turns, _ in rounds) < 150


@pytest.mark.parametrize("seed", LOOPING_SEEDS)
def test_r29_games_of_greedy_bots_that_looped_now_end(seed: int) -> None:
    ended = _ends(seed)
    assert len(ended) == cr.PAGAT.rounds
    assert cr.RoundEnd.TURN_LIMIT in {event.reason for event in ended}


def test_r29_pagat_limits_a_round_to_500_turns() -> None:
    assert cr.PAGAT.max_turns == 500


def _quiet_turns(state: cr.RoundState, turns: int) -> cr.RoundState:
    """Each player in turn takes the top discard and throws back another card."""
    for _ in range(turns):
        state = cr.apply(state, cr.TakeDiscard())
        hand = state.hands[state.active]
        state = cr.apply(state, cr.Discard(next(c for c in hand if c is not state.kept_card)))
    return state


def test_r29_a_round_ends_when_its_last_turn_ends_and_every_hand_scores() -> None:
    variant = attrs.evolve(cr.PAGAT, max_turns=6)
    state = deal("7C 8D", "7H 8S", "9C 10D", "KH QS", discard="2C", variant=variant)
    assert state.turns == 1
    state = _quiet_turns(state, 5)
    assert (state.phase, state.turns) == (cr.Phase.DRAW, 6)
    state = cr.apply(state, cr.TakeDiscard())
    hand = state.hands[state.active]
    discard = next(c for c in hand if c is not state.kept_card)
    after, events = cr.step(state, cr.Discard(discard))
    assert after.phase is cr.Phase.ROUND_OVER
    (ended,) = events
    assert isinstance(ended, cr.RoundEnded)
    assert (ended.reason, ended.went_out) == (cr.RoundEnd.TURN_LIMIT, None)
    assert ended.penalties == tuple(
        sum(variant.penalty(card) for card in hand) for hand in after.hands
    )
    assert all(after.hands)


def test_r29_no_limit_lets_the_round_go_on() -> None:
    variant = attrs.evolve(cr.PAGAT, max_turns=None)
    state = deal("7C 8D", "7H 8S", "9C 10D", "KH QS", discard="2C", variant=variant)
    state = _quiet_turns(state, 1200)
    assert (state.phase, state.turns) == (cr.Phase.DRAW, 1201)


def test_r29_the_turn_limit_is_checked() -> None:
    with pytest.raises(ValueError, match="max_turns must be None or >= 1, got 0"):
        attrs.evolve(cr.PAGAT, max_turns=0)
    with pytest.raises(TypeError, match="max_turns must be an int"):
        attrs.evolve(cr.PAGAT, max_turns=True)


def test_play_game_fails_loudly_when_the_game_outlasts_its_bound() -> None:
    with pytest.raises(RuntimeError, match="is not over after 50 actions"):
        cr.play_game([cr.GreedyBot()] * 4, seed=1, max_actions=50)
    with pytest.raises(ValueError, match="max_actions"):
        cr.play_game([cr.GreedyBot()] * 4, seed=1, max_actions=-1)
    final = cr.play_game([cr.GreedyBot()] * 4, seed=158, max_actions=MAX_ACTIONS)
    assert final.phase is cr.Phase.GAME_OVER


def test_play_game_refuses_a_bound_that_is_not_a_count() -> None:
    for bound in (1.5, "10", True):
        with pytest.raises(TypeError, match="max_actions must be an int"):
            cr.play_game([cr.GreedyBot()] * 4, seed=1, max_actions=bound)  # type: ignore[arg-type]
