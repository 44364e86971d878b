"""Contracts: the melds a player lays down to go down (R11, R14)."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_rummy import SHANGHAI_EIGHTH, STANDARD_CONTRACTS, Contract


@pytest.mark.parametrize(
    ("contract", "text"),
    [
        pytest.param(Contract(groups=(3, 3)), "two groups of 3", id="two-groups"),
        pytest.param(Contract(groups=(3,), runs=(4,)), "a group of 3 and a run of 4", id="g-r"),
        pytest.param(Contract(runs=(7,)), "a run of 7", id="run-of-7"),
        pytest.param(Contract(groups=(3,)), "a group of 3", id="one-group"),
        pytest.param(Contract(runs=(4, 4, 4)), "three runs of 4", id="three-runs"),
        pytest.param(
            Contract(groups=(3,), runs=(4, 4)), "a group of 3 and two runs of 4", id="g-2r"
        ),
        pytest.param(
            Contract(groups=(3, 3, 3), runs=(4,)),
            "three groups of 3 and a run of 4",
            id="3g-r",
        ),
        pytest.param(Contract(groups=(3, 4)), "a group of 4 and a group of 3", id="mixed-groups"),
        pytest.param(
            Contract(runs=(4, 5, 4)), "a run of 5 and two runs of 4", id="mixed-runs-sorted"
        ),
        pytest.param(
            Contract(groups=(3,), runs=(5, 4)),
            "a group of 3, a run of 5 and a run of 4",
            id="three-parts",
        ),
        pytest.param(
            Contract(groups=(5, 3, 3), runs=(6, 6, 4)),
            "a group of 5, two groups of 3, two runs of 6 and a run of 4",
            id="four-parts",
        ),
        pytest.param(Contract(groups=(3,) * 9), "nine groups of 3", id="nine"),
        pytest.param(Contract(groups=(3,) * 10), "10 groups of 3", id="ten-in-digits"),
    ],
)
def test_str(contract: Contract, text: str) -> None:
    assert str(contract) == text


def test_standard_contracts_match_r11() -> None:
    assert [str(contract) for contract in STANDARD_CONTRACTS] == [
        "two groups of 3",
        "a group of 3 and a run of 4",
        "two runs of 4",
        "three groups of 3",
        "two groups of 3 and a run of 4",
        "a group of 3 and two runs of 4",
        "three runs of 4",
    ]
    counts = [(len(contract.groups), len(contract.runs)) for contract in STANDARD_CONTRACTS]
    assert counts == [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)]
    for contract in STANDARD_CONTRACTS:
        assert set(contract.groups) <= {3}
        assert set(contract.runs) <= {4}
    assert [contract.min_cards for contract in STANDARD_CONTRACTS] == [6, 7, 8, 9, 10, 11, 12]
    assert [contract.melds for contract in STANDARD_CONTRACTS] == [2, 2, 2, 3, 3, 3, 3]


def test_shanghai_eighth() -> None:
    assert str(SHANGHAI_EIGHTH) == "three groups of 3 and a run of 4"
    assert SHANGHAI_EIGHTH.min_cards == 13
    assert Contract.standard(groups=3, runs=1) == SHANGHAI_EIGHTH


def test_standard_builds_minimum_lengths() -> None:
    assert Contract.standard(groups=1, runs=2) == Contract(groups=(3,), runs=(4, 4))
    assert Contract.standard(runs=3).runs == (4, 4, 4)
    assert Contract.standard(groups=2).groups == (3, 3)
    assert Contract.standard(groups=2).runs == ()


@pytest.mark.parametrize(
    ("contract", "cards"),
    [
        pytest.param(Contract(runs=(7,)), 7, id="run-of-7"),
        pytest.param(Contract(groups=(3, 4), runs=(5,)), 12, id="mixed"),
        pytest.param(Contract(groups=(1,)), 1, id="tiny"),
    ],
)
def test_min_cards(contract: Contract, cards: int) -> None:
    assert contract.min_cards == cards


def test_lengths_are_kept_longest_first() -> None:
    contract = Contract(groups=[3, 5, 4], runs=(4, 7))
    assert contract.groups == (5, 4, 3)
    assert contract.runs == (7, 4)
    assert contract == Contract(groups=(4, 3, 5), runs=[7, 4])
    assert hash(contract) == hash(Contract(groups=(4, 3, 5), runs=[7, 4]))
    assert Contract(groups=(3,)) != Contract(runs=(3,))


def test_contracts_are_frozen() -> None:
    contract = Contract(groups=(3,))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        contract.groups = (4,)  # type: ignore[misc]
    assert contract.groups == (3,)


@pytest.mark.parametrize(
    ("groups", "runs", "error", "word"),
    [
        pytest.param((), (), ValueError, "at least one", id="empty"),
        pytest.param([], [], ValueError, "at least one", id="empty-lists"),
        pytest.param((0,), (), ValueError, "at least 1", id="zero-group"),
        pytest.param((3,), (0,), ValueError, "at least 1", id="zero-run"),
        pytest.param((-3,), (), ValueError, "at least 1", id="negative-group"),
        pytest.param((), (4, -4), ValueError, "at least 1", id="negative-run"),
        pytest.param((3.0,), (), TypeError, "ints", id="float-length"),
        pytest.param(("3",), (), TypeError, "ints", id="str-length"),
        pytest.param((True,), (), TypeError, "ints", id="bool-length"),
        pytest.param((None,), (), TypeError, "ints", id="none-length"),
        pytest.param(3, (), TypeError, "sequence", id="bare-int-groups"),
        pytest.param((), 4, TypeError, "sequence", id="bare-int-runs"),
        pytest.param("33", (), TypeError, "sequence", id="str-groups"),
        pytest.param(None, (4,), TypeError, "sequence", id="none-groups"),
    ],
)
def test_invalid_contracts_raise(
    groups: Any, runs: Any, error: type[Exception], word: str
) -> None:
    with pytest.raises(error, match=word):
        Contract(groups=groups, runs=runs)


def test_default_contract_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one group or run"):
        Contract()
    with pytest.raises(ValueError, match="at least one group or run"):
        Contract.standard()


lengths = st.lists(st.integers(1, 14), max_size=6)


@given(groups=lengths, runs=lengths)
def test_contract_properties(groups: list[int], runs: list[int]) -> None:
    if not groups and not runs:
        with pytest.raises(ValueError, match="at least one"):
            Contract(groups=groups, runs=runs)
        return
    contract = Contract(groups=groups, runs=runs)
    assert contract.groups == tuple(sorted(groups, reverse=True))
    assert contract.runs == tuple(sorted(runs, reverse=True))
    assert contract.min_cards == sum(groups) + sum(runs)
    assert contract.melds == len(groups) + len(runs)
    assert contract == Contract(groups=groups[::-1], runs=runs[::-1])
    text = str(contract)
    assert text.count("group") == len(set(groups))
    assert text.count("run") == len(set(runs))
    assert text.count(" and ") == (1 if len(set(groups)) + len(set(runs)) > 1 else 0)
    assert attrs.evolve(contract) == contract


@pytest.mark.parametrize(
    ("groups", "runs", "error", "message"),
    [
        pytest.param("2", 0, TypeError, "groups must be an int, got '2'", id="str-groups"),
        pytest.param(1, True, TypeError, "runs must be an int, got True", id="bool-runs"),
        pytest.param(-1, 1, ValueError, "groups must not be negative, got -1", id="negative"),
    ],
)
def test_standard_contracts_check_their_counts(
    groups: Any, runs: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        Contract.standard(groups=groups, runs=runs)
