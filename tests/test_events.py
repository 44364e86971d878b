"""The events step() reports agree with the states before and after, action by action."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.state import penalties_of
from scenario import cards, deal, play

#: Far more actions than any game takes: reaching it means a game did not end.
MAX_ACTIONS = 20_000
VARIANTS = {
    "pagat": cr.PAGAT,
    "deuces wild, swaps anywhere": attrs.evolve(
        cr.PAGAT, wild_ranks={cr.Rank.TWO}, joker_swap=cr.JokerSwap.ANY_MELD
    ),
    "two penalty cards, few reshuffles": attrs.evolve(cr.PAGAT, buy_penalty=2, max_reshuffles=1),
    "the Shanghai call": attrs.evolve(cr.PAGAT, shanghai_call=True),
}


def _check_events(before: cr.RoundState, action: cr.Action, step: cr.Step) -> None:
    after, events = step
    assert after == cr.apply(before, action)
    drawn = 0
    reshuffled = False
    for event in events:
        if isinstance(event, cr.Drew):
            assert event.player == before.active
            assert event.card in after.hands[event.player]
            drawn += 1
        elif isinstance(event, cr.TookDiscard):
            assert isinstance(action, cr.TakeDiscard)
            assert (event.player, event.card) == (before.active, before.top_discard)
            assert event.blocked == before.window.requester  # R31
        elif isinstance(event, cr.Bought):
            requester = before.window.requester
            if requester is None:
                assert isinstance(action, cr.Buy)
                assert (event.player, event.card) == (before.to_act, before.top_discard)
            else:  # R31: the active player granted the request by choosing the stock
                assert isinstance(action, cr.DrawStock)
                assert (event.player, event.card) == (requester, before.top_discard)
            assert len(event.penalty) == before.variant.buy_penalty
            drawn += len(event.penalty)
        elif isinstance(event, cr.Reshuffled):
            reshuffled = True
            assert 1 <= event.reshuffles <= after.reshuffles
        elif isinstance(event, cr.WildFreed):
            assert isinstance(action, cr.SwapJoker)
            assert event.wild in before.table[action.target].cards
            assert event.wild in after.table[action.joker_target].cards
            assert before.variant.is_wild(event.wild)
        elif isinstance(event, cr.RoundEnded):
            assert (event.penalties, event.scores) == (after.penalties, after.scores)
            assert event.round_number == before.round_number
            assert (event.reason is cr.RoundEnd.WENT_OUT) == (event.went_out is not None)
            if event.went_out is not None:
                assert event.went_out == before.active
                assert not after.hands[event.went_out]
        elif isinstance(event, cr.GameEnded):
            assert (event.winners, event.scores) == (after.winners, after.scores)
        else:
            assert isinstance(event, cr.Dealt)
            assert isinstance(action, cr.NextRound)
            assert (event.round_number, event.dealer) == (after.round_number, after.dealer)
            assert event.top_discard == after.top_discard
            assert event.cut == after.cut
    if not reshuffled and after.round_number == before.round_number:
        assert len(before.stock) - len(after.stock) == drawn
    ended = after.phase in (cr.Phase.ROUND_OVER, cr.Phase.GAME_OVER)
    assert ended == any(isinstance(event, cr.RoundEnded) for event in events)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VARIANTS))
@given(seed=st.integers(0, 2**32))
@settings(max_examples=6, deadline=None)
def test_events_agree_with_the_states_in_random_games(name: str, seed: int) -> None:
    variant = VARIANTS[name]
    chooser = random.Random(seed)
    state = cr.new_game(variant, seed=seed)
    kinds: Counter[str] = Counter()
    for _ in range(MAX_ACTIONS):
        if state.phase is cr.Phase.GAME_OVER:
            break
        legal = cr.legal_actions(state)
        action = legal[chooser.randrange(len(legal))]
        result = cr.step(state, action)
        _check_events(state, action, result)
        kinds.update(type(event).__name__ for event in result.events)
        state = result.state
    else:
        pytest.fail(f"the game of seed {seed} did not end in {MAX_ACTIONS} actions")
    assert {"Drew", "RoundEnded", "GameEnded", "Dealt"} <= set(kinds)


def test_r27_a_reshuffle_is_reported_before_the_card_it_lets_the_player_draw() -> None:
    state = deal("7C", "8C", "9C", "10C", stock="", discard="2D 3D 4D 5D", rest=False)
    after, events = cr.step(state, cr.DrawStock())
    while after.phase is cr.Phase.BUY:
        after, events = cr.step(after, cr.Pass())
    assert [type(event) for event in events] == [cr.Reshuffled, cr.Drew]
    reshuffled = events[0]
    assert isinstance(reshuffled, cr.Reshuffled)
    assert (reshuffled.reshuffles, after.reshuffles) == (1, 1)


def test_r23_a_swap_reports_the_wild_card_it_frees() -> None:
    state = deal("5S 6S JK 8S 7C 7D 7H KD QC 7S", "2D", "3D", "4D", stock="KS", round_number=2)
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = cr.apply(state, cr.Pass())
    melds = [cr.meld("7C 7D 7H"), cr.Run(cr.Suit.SPADES, 5, "5S 6S JK 8S")]
    state = play(state, cr.GoDown(melds), cr.Discard(cards("KS")[0]))
    for _ in range(3):  # the others play a quiet turn: draw, pass, discard what they drew
        state = cr.apply(state, cr.DrawStock())
        while state.phase is cr.Phase.BUY:
            state = cr.apply(state, cr.Pass())
        state = cr.apply(state, cr.Discard(state.hands[state.active][-1]))
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = cr.apply(state, cr.Pass())
    swap = cr.SwapJoker(cards("7S")[0], 1, 1, cr.End.LOW)
    after, events = cr.step(state, swap)
    assert events == (cr.WildFreed(0, cards("7S")[0], cr.JOKER, 1, 1),)
    assert after.table[1].meld == cr.Run(cr.Suit.SPADES, 4, "JK 5S 6S 7S 8S")


def test_r25_going_out_reports_the_round_and_its_scores() -> None:
    state = deal("7C 7D 7H 9S 9D 9H", "2C", "3C", "KC", stock="KS", discard="4D")
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = cr.apply(state, cr.Pass())
    state = play(state, cr.GoDown([cr.meld("7C 7D 7H"), cr.meld("9S 9D 9H")]))
    after, events = cr.step(state, cr.Discard(cards("KS")[0]))
    assert events == (cr.RoundEnded(1, cr.RoundEnd.WENT_OUT, 0, (0, 2, 3, 10), (0, 2, 3, 10)),)
    dealt = cr.step(after, cr.NextRound())
    top = dealt.state.top_discard
    assert top is not None
    assert dealt.events == (cr.Dealt(2, 0, top),)


def test_an_exact_cut_is_reported_with_the_deal() -> None:
    cutting = attrs.evolve(cr.PAGAT, cut_bonus=50)
    exact = []
    for seed in range(400):
        state = cr.new_game(cutting, seed=seed)
        penalties = penalties_of(cutting, state.hands)
        state = attrs.evolve(
            state, phase=cr.Phase.ROUND_OVER, to_act=None, penalties=penalties, scores=penalties
        )
        after, events = cr.step(state, cr.NextRound())
        (dealt,) = events
        assert isinstance(dealt, cr.Dealt)
        changed = [p for p in range(4) if after.scores[p] != state.scores[p]]
        if dealt.exact_cut is None:
            assert changed == []
        else:
            assert changed == [dealt.exact_cut] == [(after.dealer - 1) % 4]
            assert after.scores[dealt.exact_cut] == state.scores[dealt.exact_cut] - 50
            exact.append(seed)
    assert exact


def _events_of_a_game() -> list[cr.Event]:
    """Every event of a seeded game played by random bots, with a reshuffle (R27)."""
    from contract_rummy.playing import steps

    events: list[cr.Event] = [cr.Reshuffled(1, 1, (cr.Card.parse("7S"),))]
    bots = [cr.RandomBot(seed=p) for p in range(4)]
    for *_, played in steps(cr.new_game(seed=3), bots, max_actions=5_000):
        events.extend(played)
    return events


_EVENTS = _events_of_a_game()


def test_r13_censor_refuses_a_player_that_is_not_one() -> None:
    drew = cr.Drew(1, cr.Card.parse("7S"))
    for player in (True, False, 1.0, "1"):
        with pytest.raises(TypeError, match="player must be None or an int"):
            cr.censor(drew, player)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player must be None or a player"):
        cr.censor(drew, -1)
    assert cr.censor(drew, 1) == drew
    assert cr.censor(drew, 0) == cr.DrewUnseen(1)


def test_r13_a_marker_censored_again_is_itself() -> None:
    bought = cr.BoughtUnseen(1, cr.Card.parse("7S"), 1)
    for marker in (cr.DrewUnseen(1), bought):
        for player in (None, 0, 1):
            assert cr.censor(marker, player) is marker


@given(event=st.sampled_from(_EVENTS), player=st.none() | st.integers(0, 5))
def test_r13_censoring_twice_is_censoring_once(event: cr.Event, player: int | None) -> None:
    once = cr.censor(event, player)
    assert cr.censor(once, player) == once
    assert cr.censored(cr.censored([event], player), player) == (once,)
