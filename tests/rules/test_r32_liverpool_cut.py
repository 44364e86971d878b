"""The Liverpool cut (R32): recorded in the state, replayed by the seed, scored on the right.

R32. The Liverpool cut (``liverpool-cut``): "Before each deal the player on the dealer's right
cuts the shuffled deck at a position drawn from the seeded shuffler, uniformly among the
possible cuts (1 to one less than the deck's size); the cut changes which cards are dealt, not
how many. When the cut lifts exactly the cards dealt plus the face-up card, that player's total
is lowered by 50 before the round is played (it may go below zero). The state records the cut
so that a record replays it."

Also tested: tests/test_chance.py, tests/test_chance_json.py, tests/test_cli.py,
tests/test_state.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

import contract_rummy as cr
from contract_rummy.state import penalties_of
from scenario import deal

CUTTING = attrs.evolve(cr.PAGAT, name="liverpool-cut", cut_bonus=50)
#: The cut on tables of 3 to 5.
CUTTING_3_5 = attrs.evolve(
    CUTTING, min_players=3, max_players=5, jokers=cr.JokerRule.PLAYERS_MINUS_ONE
)


def _needed(state: cr.RoundState) -> int:
    """The cards an exact cut lifts: those dealt plus the face-up card."""
    return state.variant.cards_dealt(state.round_number) * state.players + 1


def _round_over(state: cr.RoundState, scores: tuple[int, ...] | None = None) -> cr.RoundState:
    """``state`` made a finished round, ready for ``NextRound()``: its hands scored (R25).

    The totals are ``scores`` (or the state's) before the round, plus its penalties (R26).
    """
    penalties = penalties_of(state.variant, state.hands)
    before = state.scores if scores is None else scores
    return attrs.evolve(
        state,
        phase=cr.Phase.ROUND_OVER,
        to_act=None,
        penalties=penalties,
        scores=tuple(total + penalty for total, penalty in zip(before, penalties, strict=True)),
    )


def _exact_seeds(variant: cr.Variant, players: int) -> Iterator[tuple[int, cr.RoundState]]:
    for seed in range(3000):
        state = cr.new_game(variant, seed=seed, players=players)
        if state.cut == _needed(state):
            yield seed, state


def test_r32_every_deal_records_its_cut_round_1_included() -> None:
    size = len(CUTTING.deck(4))
    for seed in range(30):
        state = cr.new_game(CUTTING, seed=seed)
        assert state.cut is not None
        assert 1 <= state.cut <= size - 1
        after, events = cr.step(_round_over(state), cr.NextRound())
        assert after.round_number == 2
        assert after.cut is not None
        (dealt,) = events
        assert isinstance(dealt, cr.Dealt)
        assert dealt.cut == after.cut
        assert (dealt.exact_cut is not None) == (after.cut == _needed(after))


def test_r32_the_cuts_spread_over_the_possible_positions() -> None:
    cuts = {cr.new_game(CUTTING, seed=seed).cut for seed in range(2000)}
    assert min(c for c in cuts if c is not None) == 1
    assert max(c for c in cuts if c is not None) == len(CUTTING.deck(4)) - 1
    assert len(cuts) > 90


def test_r32_the_same_seed_gives_the_same_cut() -> None:
    for seed in (0, 1, 2**40):
        first, second = cr.new_game(CUTTING, seed=seed), cr.new_game(CUTTING, seed=seed)
        assert first.cut == second.cut
        assert first == second
    # The cut is part of the value: a state with another cut is another state.
    state = cr.new_game(CUTTING, seed=0)
    assert state.cut is not None
    other = attrs.evolve(state, cut=state.cut % 100 + 1)
    assert other != state
    assert hash(other) != hash(state)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r32_an_exact_cut_lowers_the_total_of_the_player_on_the_dealers_right(
    players: int,
) -> None:
    seed, state = next(_exact_seeds(CUTTING_3_5, players))
    cutter = (state.dealer - 1) % players
    assert (state.dealer + players - 1) % players == cutter  # on the dealer's right
    assert state.scores == tuple(-50 if p == cutter else 0 for p in range(players))
    # Any other cut lowers nobody's total.
    for other in range(seed + 1, seed + 40):
        dealt = cr.new_game(CUTTING_3_5, seed=other, players=players)
        if dealt.cut != _needed(dealt):
            assert dealt.scores == (0,) * players


def test_r32_the_bonus_may_take_a_total_below_zero_in_a_later_round() -> None:
    found = below_zero = 0
    for seed in range(600):
        # The lowest totals before round 1 that the cut allows (R26): -50.
        state = _round_over(cr.new_game(CUTTING, seed=seed), scores=(-50, -50, -50, -50))
        after, events = cr.step(state, cr.NextRound())
        (dealt,) = events
        assert isinstance(dealt, cr.Dealt)
        if dealt.exact_cut is None:
            assert after.scores == state.scores
            continue
        found += 1
        assert dealt.exact_cut == (after.dealer - 1) % 4
        expected = list(state.scores)
        expected[dealt.exact_cut] -= 50
        assert after.scores == tuple(expected)
        below_zero += min(after.scores) < 0
    assert found
    assert below_zero


def test_r32_no_cut_without_a_cut_bonus() -> None:
    for seed in range(20):
        assert cr.new_game(cr.PAGAT, seed=seed).cut is None
    assert deal("2C", "3C", "4C", "5C", discard="KD").cut is None
    # A round set up by hand records no cut, even where the variant cuts.
    assert deal("2C", "3C", "4C", "5C", discard="KD", variant=CUTTING).cut is None


def test_r32_the_recorded_cut_is_checked() -> None:
    state = cr.new_game(CUTTING, seed=3)
    fields = {field.name: getattr(state, field.name) for field in attrs.fields(cr.RoundState)}
    assert cr.RoundState(**fields) == state
    plain = cr.new_game(cr.PAGAT, seed=3)
    with pytest.raises(cr.InvalidStateError, match="R32: pagat has no cut"):
        attrs.evolve(plain, cut=41)
    for cut in (0, 107, -1):
        with pytest.raises(cr.InvalidStateError, match="R32: the cut lifts 1 to 106 cards"):
            attrs.evolve(state, cut=cut)
    with pytest.raises(TypeError, match="cut must be an int or None"):
        attrs.evolve(state, cut="41")  # type: ignore[arg-type]
