"""Tests of R27: an empty stock.

R27. An empty stock: "Whenever a card must be drawn from an empty stock (the active player's
    draw or a buy's penalty), all discards except the visible top one are shuffled (seeded)
    into a new stock."

Also tested: tests/test_chance.py, tests/test_chance_json.py, tests/test_events.py,
tests/test_history.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

import contract_rummy as cr
from contract_rummy import GoDown, Phase
from scenario import DECK, deal, dry, hand_points, play, whole_deck


def turn(state: cr.RoundState) -> cr.RoundState:
    """The active player draws from the stock (nobody buys) and discards their first card."""
    state = cr.apply(state, cr.DrawStock())
    while state.phase is Phase.BUY:
        state = cr.apply(state, cr.Pass())
    if state.phase is Phase.PLAY:
        state = cr.apply(state, cr.Discard(state.hands[state.active][0]))
    return state


def gained(before: Sequence[cr.Card], after: Sequence[cr.Card]) -> Counter[cr.Card]:
    return Counter(after) - Counter(before)


def empty_stock(seed: int = 0) -> cr.RoundState:
    """Player 0 to draw from an empty stock; the discard pile holds the rest of the deck."""
    return deal("2C", "3C", "4C", "6C", discard="5H", rest=False, seed=seed)


def test_r27_drawing_from_an_empty_stock_reshuffles_the_discards_under_the_top() -> None:
    before = empty_stock()
    assert before.stock == ()
    pile = before.discard
    assert pile[-1] == cr.Card.parse("5H")
    state = play(before, cr.DrawStock())
    while state.phase is Phase.BUY:
        state = play(state, cr.Pass())
    assert state.phase is Phase.PLAY
    assert state.active == 0
    assert state.discard == (cr.Card.parse("5H"),)
    assert state.reshuffles == 1
    drawn = gained(before.hands[0], state.hands[0])
    assert sum(drawn.values()) == 1
    assert Counter(state.stock) + drawn == Counter(pile[:-1])
    assert len(state.stock) == len(pile) - 2
    # Shuffled: not the pile's own order, whichever end the card was drawn from.
    assert state.stock not in (pile[1:-1], pile[:-2], tuple(reversed(pile[1:-1])))
    assert whole_deck(state) == DECK


def reshuffled_stock(seed: int) -> tuple[cr.Card, ...]:
    state = cr.apply(empty_stock(seed), cr.DrawStock())
    while state.phase is Phase.BUY:
        state = cr.apply(state, cr.Pass())
    return state.stock


def test_r27_the_reshuffle_is_seeded() -> None:
    assert reshuffled_stock(7) == reshuffled_stock(7)
    orders = {reshuffled_stock(seed) for seed in range(4)}
    assert len(orders) > 1


def test_r27_a_buys_penalty_card_reshuffles_under_the_newly_exposed_top() -> None:
    before = empty_stock()
    pile = before.discard
    state = play(before, cr.DrawStock())
    assert state.phase is Phase.BUY
    assert state.to_act == 1
    state = play(state, cr.Buy())
    # The bought card left first; the new top stays; the rest became the stock.
    assert state.discard == (pile[-2],)
    assert state.reshuffles == 1
    bought = gained(before.hands[1], state.hands[1])
    assert sum(bought.values()) == 2
    assert bought[pile[-1]] >= 1
    penalty = bought - Counter([pile[-1]])
    assert Counter(state.stock) + penalty == Counter(pile[:-2])


def test_r27_no_card_to_draw_ends_the_round_and_everyone_scores() -> None:
    # Player 0 goes down taking the last discard; the stock is empty.
    state = dry("7C 7D 9C 9D 9H 4S 5S", "", "", "", pile="7H", scores=(1, 2, 3, 4))
    state = play(
        state,
        cr.TakeDiscard(),
        GoDown([cr.meld("7C 7D 7H"), cr.meld("9C 9D 9H")]),
        cr.Discard(cr.Card.parse("5S")),
    )
    assert state.active == 1
    assert state.stock == ()
    assert state.discard == (cr.Card.parse("5S"),)
    hands = state.hands
    over = play(state, cr.DrawStock())
    assert over.phase is Phase.ROUND_OVER
    assert over.to_act is None
    assert over.hands == hands
    assert over.down[0]
    # Nobody went out: every player, the one who is down too, scores their whole hand.
    penalties = tuple(hand_points(hand) for hand in hands)
    assert penalties[0] == 4
    assert over.penalties == penalties
    assert all(points > 0 for points in penalties)
    assert over.scores == tuple(
        total + p for total, p in zip((1, 2, 3, 4), penalties, strict=True)
    )
    assert over.winners is None
    assert list(cr.legal_actions(over)) == [cr.NextRound()]


def test_r27_an_empty_stock_and_a_single_discard_end_the_round() -> None:
    state = dry("4S", "", "", "", fill=(0, 1, 2, 3))
    # No penalty card could be drawn, so nobody is asked to buy (R21): the round ends.
    over = play(state, cr.DrawStock())
    assert over.phase is Phase.ROUND_OVER
    assert over.penalties == tuple(hand_points(hand) for hand in state.hands)


@pytest.mark.parametrize("limit", [0, 1, 2, None])
def test_r27_the_variants_reshuffle_limit_ends_the_round(limit: int | None) -> None:
    variant = attrs.evolve(cr.PAGAT, max_reshuffles=limit)
    state = dry("4S", "", "", "", pile="2C 3C 4C 5H", fill=(0, 1, 2, 3), variant=variant)
    turns = 0
    while state.phase is not Phase.ROUND_OVER and turns < 40:
        state = turn(state)
        turns += 1
    if limit is None:
        assert state.phase is Phase.DRAW
        assert state.reshuffles > 3
        return
    assert state.phase is Phase.ROUND_OVER
    assert state.reshuffles == limit
    # The round ended with discards that could have been shuffled, and each reshuffle of
    # three cards lasts three turns.
    assert state.stock == ()
    assert len(state.discard) >= 2
    assert turns == 3 * limit + 1
    assert state.penalties == tuple(hand_points(hand) for hand in state.hands)


def test_r27_pagat_allows_three_reshuffles_a_round() -> None:
    assert cr.PAGAT.max_reshuffles == 3
    state = dry("4S", "", "", "", pile="2C 3C 4C 5H", fill=(0, 1, 2, 3))
    turns = 0
    while state.phase is not Phase.ROUND_OVER and turns < 40:
        state = turn(state)
        turns += 1
    assert (state.reshuffles, turns) == (3, 10)
