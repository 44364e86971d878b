"""Build rule scenarios from a few chosen cards: the rest of the deck fills the stock.

The end of the module holds the tables and positions the rules' tests (``tests/rules/``)
share: the deck, the penalty of a card, a round with an empty stock, a round gone out, the
small hands of players who only take quiet turns, and the like.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

import pytest

import contract_rummy as cr
from contract_rummy import GoDown, Rank, Suit


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


# -- Tables and positions the rules' tests (tests/rules/) share ------------------------------

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

DECK: Final = Counter(cr.PAGAT.deck(4))


def points(card: cr.Card) -> int:
    """R25 as the rules text says it: K Q J 10 score 10, A 15, joker 15, numbers face value."""
    if card.is_joker:
        return 15
    assert card.rank is not None
    if card.rank is Rank.ACE:
        return 15
    return min(int(card.rank), 10)


def hand_points(hand: Iterable[cr.Card]) -> int:
    return sum(points(card) for card in hand)


def whole_deck(state: cr.RoundState) -> Counter[cr.Card]:
    """Every card of the state: hands, stock, discard pile and table."""
    found: Counter[cr.Card] = Counter(state.stock)
    found.update(state.discard)
    for hand in state.hands:
        found.update(hand)
    for placed in state.table:
        found.update(placed.cards)
    return found


def dry(
    *hands: str,
    pile: str = "KD",
    fill: Sequence[int] = (1, 2, 3),
    round_number: int = 1,
    dealer: int = 3,
    scores: tuple[int, ...] | None = None,
    seed: int = 0,
    variant: cr.Variant = cr.PAGAT,
    auto_chance: bool = True,
) -> cr.RoundState:
    """A round with an empty stock and ``pile`` (bottom first) as the discard pile.

    Each player starts with ``hands[p]``; the rest of the deck is dealt round-robin to the
    players in ``fill``, so the pile holds only the cards given. ``auto_chance=False``
    deals the later rounds step by step (``seed`` must then be 0).
    """
    chosen = [list(cr.parse_cards(hand)) for hand in hands]
    discard = list(cr.parse_cards(pile))
    left = Counter(variant.deck(len(hands)))
    left.subtract([*(card for hand in chosen for card in hand), *discard])
    assert all(count >= 0 for count in left.values())
    for index, card in enumerate(sorted(left.elements())):
        chosen[fill[index % len(fill)]].append(card)
    return cr.start_round(
        variant,
        round_number=round_number,
        dealer=dealer,
        hands=chosen,
        stock=(),
        discard=discard,
        scores=scores,
        seed=seed,
        auto_chance=auto_chance,
    )


def ended(state: cr.RoundState) -> cr.RoundState:
    """``state`` (a dry round) after its active player tries to draw from the stock (R27)."""
    return play(state, cr.DrawStock())


ANY_ACTION: Final[tuple[cr.Action, ...]] = (
    cr.DrawStock(),
    cr.TakeDiscard(),
    cr.Buy(),
    cr.Pass(),
    GoDown([cr.meld("7C 7D 7H"), cr.meld("8C 8D 8H")]),
    cr.LayOff(cr.Card.parse("7S"), 0),
    cr.SwapJoker(cr.Card.parse("5S"), 0, 0),
    cr.Discard(cr.Card.parse("7S")),
)


def going_out(scores: tuple[int, ...] | None = None) -> tuple[cr.RoundState, cr.RoundState]:
    """Player 1 goes down keeping KC AH 5D JK; later player 0 goes down and goes out.

    Returns the state before player 0's last discard and the state after it.
    """
    state = deal(
        "7C 7D 9C 9D 9H 2S",
        "2C 2D 4C 4D 4H KC AH 5D JK 8S",
        "AS 3D 10S JD QH",
        "2H 6S 7H KD",
        discard="QD",
        scores=scores,
    )
    state = play(
        state,
        cr.TakeDiscard(),  # player 0 takes QD
        cr.Discard(cr.Card.parse("2S")),
        cr.TakeDiscard(),  # player 1 takes 2S and goes down
        GoDown([cr.meld("2C 2D 2S"), cr.meld("4C 4D 4H")]),
        cr.Discard(cr.Card.parse("8S")),
        cr.TakeDiscard(),  # player 2 takes 8S
        cr.Discard(cr.Card.parse("3D")),
        cr.TakeDiscard(),  # player 3 takes 3D
        cr.Discard(cr.Card.parse("7H")),
        cr.TakeDiscard(),  # player 0 takes 7H and goes down
        GoDown([cr.meld("7C 7D 7H"), cr.meld("9C 9D 9H")]),
    )
    assert state.hands[0] == cards("QD")
    assert state.down == (True, True, False, False)
    return state, play(state, cr.Discard(cr.Card.parse("QD")))


LOW = cr.End.LOW
HIGH = cr.End.HIGH


# Small hands for the players who only take quiet turns (draw, everyone passes, discard the
# card drawn); they never meld.
P1 = "10C JC QC"
P2 = "10D JD QD"
P3 = "KC KD 3H"


def go_down(*melds: str) -> cr.GoDown:
    return cr.GoDown([cr.meld(text) for text in melds])


def where(state: cr.RoundState, text: str) -> int:
    """The table index of the meld written ``text``."""
    wanted = cr.meld(text)
    found = [i for i, placed in enumerate(state.table) if placed.meld == wanted]
    assert len(found) == 1, f"{text} is not on the table once:\n{state}"
    return found[0]


def melds_of(state: cr.RoundState) -> list[tuple[str, int]]:
    return [(str(placed.meld), placed.owner) for placed in state.table]


def quiet_turn(state: cr.RoundState) -> cr.RoundState:
    """The active player draws from the stock (nobody buys) and discards that card."""
    top = state.stock[0]
    state = draw(state)
    return play(state, cr.Discard(top))


def quiet_turns(state: cr.RoundState, count: int) -> cr.RoundState:
    for _ in range(count):
        state = quiet_turn(state)
    return state


def of_kind(state: cr.RoundState, kind: type) -> list[cr.Action]:
    return [action for action in cr.legal_actions(state) if isinstance(action, kind)]


def random_games(
    presets: list[str], *, actions: int, seed: int = 1
) -> Iterator[tuple[cr.RoundState, cr.Action, cr.RoundState, tuple[cr.Event, ...]]]:
    """Every step of a seeded random game of each preset, with players enough for it.

    The game has the number of players halfway from the preset's fewest to its most.

    Each game stops after ``actions`` actions or at its end; actions are chosen by index
    among the legal ones, as the perft counts choose them.
    """
    for preset in presets:
        variant = cr.VARIANTS[preset]
        players = (variant.min_players + variant.max_players) // 2
        state = cr.new_game(variant, seed=seed, players=players)
        choices = random.Random(seed)
        for _ in range(actions):
            if state.phase is cr.Phase.GAME_OVER:
                break
            legal = cr.legal_actions(state)
            action = legal[choices.randrange(len(legal))]
            after, events = cr.step(state, action)
            yield state, action, after, events
            state = after


def reshuffle_point(variant: cr.Variant) -> cr.RoundState:
    """A round set up with an empty stock, stopped at the reshuffle its first draw needs."""
    players = variant.min_players
    deck = list(variant.deck(players))
    size = variant.cards_dealt(1)
    hands = [deck[i * size : (i + 1) * size] for i in range(players)]
    state = cr.start_round(
        variant, hands=hands, stock=[], discard=deck[players * size :], auto_chance=False
    )
    for _ in range(players + 1):  # nobody buys (R19, R31): the active player draws
        if state.phase is cr.Phase.CHANCE:
            break
        state = cr.apply(state, cr.Pass() if state.phase is cr.Phase.BUY else cr.DrawStock())
    assert state.pending is not None
    assert state.pending.kind is cr.ChanceKind.RESHUFFLE
    return state


class Index:
    """An integer that is not an int: what NumPy's integers are (``np.int64``)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def typeless(value: object) -> Any:
    """``value``, hidden from the type checker: for calls with deliberately wrong types."""
    return value
