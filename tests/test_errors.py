"""Every refusal is a value: the rule that refused the input and the message, never parsed."""

from __future__ import annotations

import json

import attrs
import pytest

import contract_rummy as cr
from scenario import deal, play


def test_a_refusal_is_a_small_frozen_value_a_server_can_send() -> None:
    refusal = cr.Refusal("R17", "7H was taken from the discard pile this turn")
    assert str(refusal) == "R17: 7H was taken from the discard pile this turn"
    assert json.loads(json.dumps(refusal.to_dict())) == refusal.to_dict()
    assert hash(refusal) == hash(cr.Refusal("R17", refusal.message))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        refusal.rule = "R16"  # type: ignore[misc]


@pytest.mark.parametrize(
    "kind",
    [
        cr.NotationError,
        cr.InvalidMeldError,
        cr.IllegalActionError,
        cr.InvalidStateError,
        cr.RecordError,
    ],
)
def test_every_error_is_a_value_error_with_its_refusal(kind: type[cr.ContractRummyError]) -> None:
    error = kind(cr.Refusal("R9", "a card used twice"))
    assert isinstance(error, ValueError)
    assert isinstance(error, cr.ContractRummyError)
    assert str(error) == "R9: a card used twice"
    assert (error.rule, error.message) == ("R9", "a card used twice")


def test_an_error_made_from_text_and_its_rule_does_not_repeat_the_rule() -> None:
    error = cr.IllegalActionError("R16: no card left to discard", rule="R16")
    assert error.refusal == cr.Refusal("R16", "no card left to discard")
    assert cr.IllegalActionError("no rule here").refusal == cr.Refusal(None, "no rule here")


def test_r7_r8_r10_a_bad_meld_names_its_rule() -> None:
    with pytest.raises(cr.InvalidMeldError) as caught:
        cr.Group(cr.Rank.SEVEN, "7C 7D")
    assert caught.value.rule == "R7"
    assert caught.value.message == "a group needs at least 3 cards, got 2"
    with pytest.raises(cr.InvalidMeldError) as caught:
        cr.meld("7S JK JK JK")
    assert caught.value.rule == "R10"
    with pytest.raises(cr.InvalidMeldError) as caught:
        cr.meld("KS AS 2S 3S")
    assert caught.value.rule == "R7, R8"
    assert str(caught.value).startswith("R7, R8: 'KS AS 2S 3S' is neither a group nor a run")


def test_r14_a_go_down_refused_carries_the_rule_of_the_go_down_check() -> None:
    state = play(deal("7C 7D 7H 9S 9D 9H KS", "2C", "3C", "4C", discard="KD"), cr.TakeDiscard())
    with pytest.raises(cr.IllegalActionError) as caught:
        cr.apply(state, cr.GoDown([cr.meld("7C 7D 7H")]))
    assert caught.value.refusal == cr.Refusal(
        "R14", "round 1 needs two groups of 3; got a group of 3"
    )
    # A meld that breaks R7 keeps its own rule when the go-down is refused for it.
    with pytest.raises(cr.IllegalActionError) as caught:
        cr.apply(state, cr.GoDown([cr.Group(cr.Rank.SEVEN, "7C 7D JK"), cr.meld("9S 9D 9H")]))
    assert caught.value.rule == "R9"


def test_r2_a_state_missing_a_card_names_the_rule() -> None:
    state = cr.new_game(seed=1)
    with pytest.raises(cr.InvalidStateError) as caught:
        attrs.evolve(state, stock=state.stock[1:])
    assert caught.value.rule == "R2"
    assert caught.value.message.startswith("every card of the pagat deck for 4 players")
    with pytest.raises(cr.InvalidStateError) as caught:
        attrs.evolve(state, active=9)
    assert caught.value.rule is None


def test_bad_notation_is_refused_without_a_rule() -> None:
    with pytest.raises(cr.NotationError) as caught:
        cr.parse_cards("7X")
    assert caught.value.rule is None
    assert caught.value.refusal.to_dict() == {"rule": None, "message": str(caught.value)}
