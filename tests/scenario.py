"""Build rule scenarios from a few chosen cards: the rest of the deck fills the stock."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

import contract_rummy as cr


def deal(
    *hands: str,
    stock: str = "",
    discard: str = "",
    variant: cr.Variant = cr.PAGAT,
    round_number: int = 1,
    dealer: int | None = None,
    scores: tuple[int, ...] | None = None,
    rest: bool = True,
    seed: int = 0,
) -> cr.RoundState:
    """A round where each player holds ``hands[p]`` and the stock starts with ``stock``.

    ``stock`` lists the top cards first and ``discard`` the pile bottom first. With ``rest``
    the deck's other cards go under the given stock in canonical order; without it the
    stock is exactly ``stock``, and the other cards go under the discard pile's top card.
    By default player 0 is active (the dealer is the last player).
    """
    chosen = [cr.parse_cards(hand) for hand in hands]
    top = list(cr.parse_cards(stock))
    pile = list(cr.parse_cards(discard))
    left = Counter(variant.deck(len(hands)))
    left.subtract([*(card for hand in chosen for card in hand), *top, *pile])
    if any(count < 0 for count in left.values()):
        extra = {str(card): -count for card, count in left.items() if count < 0}
        raise ValueError(f"more copies than the deck holds: {extra}")
    others = sorted(left.elements())
    if rest:
        top.extend(others)
    else:
        pile[:0] = others
    return cr.start_round(
        variant,
        round_number=round_number,
        dealer=len(hands) - 1 if dealer is None else dealer,
        hands=chosen,
        stock=top,
        discard=pile,
        scores=scores,
        seed=seed,
    )


def play(state: cr.RoundState, *actions: cr.Action) -> cr.RoundState:
    """Apply ``actions`` in order, each of which must also be listed as legal."""
    for action in actions:
        legal = cr.legal_actions(state)
        assert action in legal, f"{action!r} is refused in\n{state}"
        assert action in list(legal), f"{action!r} is accepted but not listed in\n{state}"
        state = cr.apply(state, action)
    return state


def refused(state: cr.RoundState, action: cr.Action, rule: str) -> str:
    """Check that ``action`` is refused by ``rule``, listed nowhere, and changes nothing."""
    before = copy.deepcopy(state)
    with pytest.raises(cr.IllegalActionError) as caught:
        cr.apply(state, action)
    message = str(caught.value)
    assert message.startswith(f"{rule}:"), f"expected {rule}, got {message!r}"
    assert caught.value.rule == rule
    assert state == before
    assert action not in cr.legal_actions(state)
    assert action not in list(cr.legal_actions(state))
    return message


def cards(text: str) -> tuple[cr.Card, ...]:
    """Cards from notation, in canonical order (the order of a hand)."""
    return tuple(sorted(cr.parse_cards(text)))


def card(text: str) -> cr.Card:
    """One card from notation."""
    return cr.Card.parse(text)


def seq(text: str) -> tuple[cr.Card, ...]:
    """Cards in the order written (a pile or a stock), unlike :func:`cards`."""
    return cr.parse_cards(text)


def pass_all(state: cr.RoundState) -> cr.RoundState:
    """Everyone asked declines the top discard."""
    while state.phase is cr.Phase.BUY:
        state = play(state, cr.Pass())
    return state


def draw(state: cr.RoundState) -> cr.RoundState:
    """The active player chooses the stock, nobody buys, and the active player draws."""
    return pass_all(play(state, cr.DrawStock()))


def taken_7h(held: bool) -> cr.RoundState:
    """A pagat deal where player 0 is to take the 7H on the pile, holding a copy or not.

    The two deals differ only in a card player 0 holds (a 7H, or the 8C the other deal
    has on the stock): after ``TakeDiscard()`` R17 keeps the 7H in hand only without a copy.
    """
    deck = list(cr.PAGAT.deck(4))
    seven, eight = cr.Card.parse("7H"), cr.Card.parse("8C")
    for card in (seven, seven, eight):
        deck.remove(card)
    first, stocked = (seven, eight) if held else (eight, seven)
    hands = [[first, *deck[:9]], deck[9:19], deck[19:29], deck[29:39]]
    return cr.start_round(
        cr.PAGAT,
        round_number=1,
        dealer=3,
        hands=hands,
        stock=[stocked, *deck[39:]],
        discard=[seven],
    )
