"""The seeded shuffler (R4, R5, R27): pinned outputs, PCG32 conformance, and fairness."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import PAGAT, SEEDED, SYSTEM, SeededShuffler, Shuffler, SystemShuffler
from contract_rummy.shuffler import _MULTIPLIER, _output, below, next_u32, seed_state

MASK64 = (1 << 64) - 1
seeds = st.integers(min_value=0, max_value=2**130)
states = st.integers(min_value=0, max_value=MASK64)


def first_outputs(state: int, count: int) -> list[int]:
    outputs = []
    for _ in range(count):
        output, state = next_u32(state)
        outputs.append(output)
    return outputs


# -- golden vectors: a seed deals the same cards on every platform and release -------------


@pytest.mark.parametrize(
    ("seed", "state", "outputs"),
    [
        pytest.param(
            0,
            0x1A08EE1184BA6D32,
            [0xE823A24E, 0x7A7ECBD9, 0x89FD6C06, 0xAE646AA8, 0xCD3CF945],
            id="seed-0",
        ),
        pytest.param(
            1,
            0x725AE23ED14FEC5F,
            [0x54352D7F, 0x6AC20236, 0x0768DD4C, 0x75560A43, 0x4065D452],
            id="seed-1",
        ),
        pytest.param(
            42,
            0x977AFD8015414A94,
            [0xC2F57BD6, 0x6B07C4A9, 0x72B7B29B, 0x44215383, 0xF5AF5EAD],
            id="seed-42",
        ),
        pytest.param(
            2**70,
            0x7B33263CA48064F4,
            [0x3C1ACCCE, 0xF70686DA, 0xC7457646, 0x1EEB6E7F, 0xE1DC9735],
            id="seed-2**70",
        ),
    ],
)
def test_golden_next_u32(seed: int, state: int, outputs: list[int]) -> None:
    assert seed_state(seed) == state
    assert first_outputs(seed_state(seed), 5) == outputs


@pytest.mark.parametrize(
    ("seed", "order"),
    [
        pytest.param(0, [2, 5, 3, 0, 1, 6, 7, 8, 4, 9], id="seed-0"),
        pytest.param(1, [4, 2, 7, 5, 6, 1, 8, 0, 9, 3], id="seed-1"),
    ],
)
def test_golden_shuffle_of_ten(seed: int, order: list[int]) -> None:
    assert SEEDED.shuffle(list(range(10)), seed_state(seed))[0] == order


def test_golden_pagat_deck() -> None:
    cards, state = SEEDED.shuffle(PAGAT.deck(4), seed_state(2026))
    assert cr.format_cards(cards[:10]) == "9S QC 2C 2D JH 8S 9S 2S KD QD"
    assert state == 0x947F5BC3A5B81CEE
    assert Counter(cards) == Counter(PAGAT.deck(4))


# -- conformance with the published PCG32 ---------------------------------------------------


def test_output_is_the_pcg32_reference_output() -> None:
    # pcg32_srandom_r(&rng, 42, 54), then pcg32_random_r: the reference demo's first outputs.
    increment = (54 << 1) | 1

    def step(state: int) -> int:
        return (state * _MULTIPLIER + increment) & MASK64

    state = step((step(0) + 42) & MASK64)
    outputs = []
    for _ in range(6):
        outputs.append(_output(state))
        state = step(state)
    assert outputs == [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_multiplier_is_pcg32s() -> None:
    assert _MULTIPLIER == 6364136223846793005


@given(states)
def test_next_u32_stays_in_range(state: int) -> None:
    output, after = next_u32(state)
    assert 0 <= output < 2**32
    assert 0 <= after <= MASK64
    assert output == _output(state)
    assert after != state


# -- seeding --------------------------------------------------------------------------------


@given(seeds)
def test_seed_state_is_a_64_bit_state(seed: int) -> None:
    assert 0 <= seed_state(seed) <= MASK64
    assert seed_state(seed) == seed_state(seed)


def test_seeds_give_distinct_states() -> None:
    assert len({seed_state(seed) for seed in range(2000)}) == 2000
    big = 2**64 + 5
    assert len({seed_state(big), seed_state(5), seed_state(2**64), seed_state(0)}) == 4
    assert seed_state(2**128 + 5) != seed_state(2**64 + 5)


@pytest.mark.parametrize("seed", [-1, -(2**70)])
def test_seed_state_rejects_negative_seeds(seed: int) -> None:
    with pytest.raises(ValueError, match="must not be negative"):
        seed_state(seed)


@pytest.mark.parametrize("seed", ["1", 1.0, True, None, b"1"])
def test_seed_state_rejects_non_int_seeds(seed: Any) -> None:
    with pytest.raises(TypeError, match="a seed must be an int"):
        seed_state(seed)


@pytest.mark.parametrize("shuffler", [SEEDED, SYSTEM], ids=["seeded", "system"])
@pytest.mark.parametrize(
    ("state", "error", "message"),
    [
        pytest.param(-1, ValueError, "state must be in 0..2**64-1", id="negative"),
        pytest.param(2**64, ValueError, "state must be in 0..2**64-1", id="too-large"),
        pytest.param(True, TypeError, "state must be an int, got True", id="bool"),
        pytest.param(1.0, TypeError, "state must be an int, got 1.0", id="float"),
        pytest.param("1", TypeError, "state must be an int, got '1'", id="str"),
    ],
)
def test_shufflers_refuse_what_is_not_a_state(
    shuffler: Shuffler, state: Any, error: type[Exception], message: str
) -> None:
    """Even with nothing to shuffle, and even where the state is passed through unused."""
    with pytest.raises(error, match=re.escape(message)):
        shuffler.shuffle([], state)
    with pytest.raises(error, match=re.escape(message)):
        shuffler.shuffle([1, 2, 3], state)
    with pytest.raises(error, match=re.escape(message)):
        shuffler.below(3, state)


@pytest.mark.parametrize("state", [0, MASK64])
def test_shufflers_take_the_extreme_states(state: int) -> None:
    assert SEEDED.shuffle([], state) == ([], state)
    assert SYSTEM.shuffle([1], state) == ([1], state)
    assert 0 <= SEEDED.below(5, state)[1] <= MASK64
    assert SYSTEM.below(5, state)[1] == state


@pytest.mark.parametrize("shuffler", [SEEDED, SYSTEM], ids=["seeded", "system"])
@pytest.mark.parametrize("bound", [True, 2.0, "2"])
def test_shufflers_refuse_a_bound_that_is_not_an_int(shuffler: Shuffler, bound: Any) -> None:
    with pytest.raises(TypeError, match=f"bound must be an int, got {re.escape(repr(bound))}"):
        shuffler.below(bound, 0)


def test_the_system_shuffler_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="bound must be at least 1, got 0"):
        SYSTEM.below(0, 0)


# -- below ----------------------------------------------------------------------------------


@given(bound=st.integers(1, 2**32 - 1), state=states)
def test_below_is_in_range(bound: int, state: int) -> None:
    value, after = below(bound, state)
    assert 0 <= value < bound
    assert 0 <= after <= MASK64
    assert SEEDED.below(bound, state) == (value, after)


@given(states)
def test_below_one_is_zero(state: int) -> None:
    assert below(1, state)[0] == 0


@pytest.mark.parametrize("bound", [0, -1, 2**32, 2**40])
def test_below_rejects_bad_bounds(bound: int) -> None:
    with pytest.raises(ValueError, match="bound must be in"):
        below(bound, seed_state(0))


def test_below_is_unbiased() -> None:
    draws = 60_000
    counts = [0] * 6
    state = seed_state(7)
    for _ in range(draws):
        value, state = below(6, state)
        counts[value] += 1
    expected = draws / 6
    chi_square = sum((count - expected) ** 2 / expected for count in counts)
    # Five degrees of freedom: P(chi2 > 30) is about 1.5e-5.
    assert chi_square < 30, counts


def test_below_redraws_the_biased_tail() -> None:
    # Lemire's method: the low 32 bits of output * bound below 2**32 % bound are redrawn.
    # With a bound just over 2**31 about half of the first draws are redrawn.
    bound = 2**31 + 1
    threshold = (1 << 32) % bound
    accepted = redrawn = 0
    for seed in range(200):
        state = seed_state(seed)
        output, following = next_u32(state)
        product = output * bound
        if product & 0xFFFFFFFF >= threshold:
            accepted += 1
            assert below(bound, state) == (product >> 32, following)
        else:
            redrawn += 1
            assert below(bound, state) == below(bound, following)
    assert accepted > 40
    assert redrawn > 40


# -- shuffle --------------------------------------------------------------------------------


@given(st.lists(st.integers()), states)
def test_shuffle_is_a_permutation(items: list[int], state: int) -> None:
    shuffled, after = SEEDED.shuffle(items, state)
    assert Counter(shuffled) == Counter(items)
    assert len(shuffled) == len(items)
    assert 0 <= after <= MASK64


@given(st.lists(st.integers(), max_size=60), seeds)
def test_shuffle_is_deterministic(items: list[int], seed: int) -> None:
    first = SEEDED.shuffle(items, seed_state(seed))
    second = SeededShuffler().shuffle(list(items), seed_state(seed))
    assert first == second


@given(st.lists(st.integers(), max_size=60), states)
def test_shuffle_does_not_mutate_its_input(items: list[int], state: int) -> None:
    before = list(items)
    shuffled, _ = SEEDED.shuffle(items, state)
    assert items == before
    assert shuffled is not items


def test_shuffle_accepts_any_sequence() -> None:
    deck = PAGAT.deck(4)
    shuffled, _ = SEEDED.shuffle(deck, seed_state(3))
    assert isinstance(shuffled, list)
    assert deck == PAGAT.deck(4)
    assert sorted(SEEDED.shuffle("abcdef", seed_state(42))[0]) == list("abcdef")


def test_shuffle_of_fewer_than_two_items_keeps_the_state() -> None:
    state = seed_state(9)
    assert SEEDED.shuffle([], state) == ([], state)
    assert SEEDED.shuffle(["x"], state) == (["x"], state)


def test_shuffle_of_two_is_one_draw() -> None:
    for seed in range(50):
        state = seed_state(seed)
        pick, after = below(2, state)
        expected = ["b", "a"] if pick == 0 else ["a", "b"]
        assert SEEDED.shuffle(["a", "b"], state) == (expected, after)


def test_shuffle_chains_states() -> None:
    state = seed_state(11)
    first, state = SEEDED.shuffle(list(range(20)), state)
    second, _ = SEEDED.shuffle(list(range(20)), state)
    assert first != second


def test_shuffle_reaches_every_order() -> None:
    orders = Counter(tuple(SEEDED.shuffle("abc", seed_state(seed))[0]) for seed in range(600))
    assert len(orders) == 6
    assert min(orders.values()) > 60


# -- the system shuffler --------------------------------------------------------------------


def test_shufflers_follow_the_protocol() -> None:
    assert isinstance(SEEDED, Shuffler)
    assert isinstance(SYSTEM, Shuffler)
    assert isinstance(SYSTEM, SystemShuffler)
    assert isinstance(SEEDED, SeededShuffler)


@given(st.lists(st.integers(), max_size=60), states)
def test_system_shuffle_is_a_permutation_and_keeps_the_state(items: list[int], state: int) -> None:
    before = list(items)
    shuffled, after = SYSTEM.shuffle(items, state)
    assert Counter(shuffled) == Counter(items)
    assert items == before
    assert after == state


@given(bound=st.integers(1, 2**32 - 1), state=states)
def test_system_below_keeps_the_state(bound: int, state: int) -> None:
    value, after = SYSTEM.below(bound, state)
    assert 0 <= value < bound
    assert after == state


def test_system_shuffle_of_a_deck() -> None:
    deck = PAGAT.deck(4)
    shuffled, state = SYSTEM.shuffle(deck, 123)
    assert state == 123
    assert sorted(shuffled) == list(deck)


def test_the_public_generator_functions_check_their_arguments() -> None:
    with pytest.raises(ValueError, match=r"state must be in 0\.\.2"):
        next_u32(-1)
    with pytest.raises(ValueError, match=r"state must be in 0\.\.2"):
        below(52, -5)
    with pytest.raises(TypeError, match="bound must be an int"):
        below(True, 1)
    with pytest.raises(TypeError, match="state"):
        next_u32(True)


@pytest.mark.parametrize("seed", range(40))
def test_the_seeded_shuffle_draws_as_below_does(seed: int) -> None:
    items = list(range(seed % 17 + 100))
    state = seed_state(seed)
    expected = list(items)
    check = state
    for top in range(len(expected) - 1, 0, -1):
        pick, check = below(top + 1, check)
        expected[top], expected[pick] = expected[pick], expected[top]
    assert SEEDED.shuffle(items, state) == (expected, check)


def test_a_shuffler_class_is_refused_and_told_to_pass_one() -> None:
    message = r"^shuffler must be a Shuffler, got the class SeededShuffler: pass one"
    with pytest.raises(TypeError, match=message):
        cr.new_game(shuffler=cr.SeededShuffler, seed=1)  # type: ignore[arg-type]
