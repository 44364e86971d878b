"""Scenario tests for the table, the deal, the melds in a go-down, the contracts and the end.

Each test plays a small position built with :func:`scenario.deal` or
:func:`contract_rummy.start_round` (or a game from :func:`contract_rummy.new_game`) and
checks one of the rules R1-R12 and R25-R28 of the ``pagat`` profile, refusals included:
an illegal action raises :class:`contract_rummy.IllegalActionError` citing its rule, is not
listed among the legal actions, and changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final, TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import GoDown, Group, Phase, Rank, Run
from scenario import (
    ANY_ACTION,
    DECK,
    C,
    D,
    H,
    S,
    cards,
    deal,
    dry,
    ended,
    going_out,
    hand_points,
    play,
    refused,
    whole_deck,
)

T = TypeVar("T")

#: R11, written out from the rules text: (groups of 3, runs of 4) for rounds 1-7.
CONTRACTS: Final = {1: (2, 0), 2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2), 7: (0, 3)}
#: R5: cards dealt to each player in rounds 1-7.
DEALT: Final = {1: 10, 2: 10, 3: 10, 4: 12, 5: 12, 6: 12, 7: 12}


# -- helpers ------------------------------------------------------------------------------


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


@attrs.frozen
class InOrder:
    """A shuffler that leaves the cards in order and picks ``dealer`` as the first dealer."""

    dealer: int

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        return list(items), state + 1

    def below(self, bound: int, state: int) -> tuple[int, int]:
        return self.dealer % bound, state + 1


# -- R1: four players -----------------------------------------------------------------------


def test_r1_pagat_is_played_by_four() -> None:
    assert cr.new_game(seed=1).players == 4
    assert cr.new_game(seed=1, players=4).players == 4
    for players in (3, 5):
        with pytest.raises(ValueError, match=rf"^R1: .*\b{players}\b"):
            cr.new_game(seed=1, players=players)


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_r1_start_round_refuses_other_player_counts(players: int) -> None:
    deck = list(cr.PAGAT.deck(4))
    hands = [deck[10 * p : 10 * p + 10] for p in range(players)]
    dealt = 10 * players
    with pytest.raises(ValueError, match=r"^R1: "):
        cr.start_round(hands=hands, stock=deck[dealt + 1 :], discard=deck[dealt : dealt + 1])


# -- R2: the deck -----------------------------------------------------------------------------


def test_r2_the_deck_has_107_cards_two_decks_and_three_jokers() -> None:
    assert sum(DECK.values()) == 107
    assert DECK[cr.JOKER] == 3
    naturals = [card for card in DECK if not card.is_joker]
    assert len(naturals) == 52
    assert all(DECK[card] == 2 for card in naturals)
    assert whole_deck(cr.new_game(seed=5)) == DECK


def test_r2_start_round_names_a_missing_card() -> None:
    good = deal("7C 8C", "9C", "10C", "JC")
    stock = list(good.stock)
    stock.remove(cr.Card.parse("QH"))
    with pytest.raises(ValueError, match=r"missing QH") as caught:
        cr.start_round(hands=good.hands, stock=stock, discard=good.discard, dealer=3)
    assert "extra" not in str(caught.value)


def test_r2_start_round_names_an_extra_card() -> None:
    good = deal("7C 8C", "9C", "10C", "JC")
    with pytest.raises(ValueError, match=r"extra JK") as caught:
        cr.start_round(
            hands=[*good.hands[:3], (*good.hands[3], cr.JOKER)],
            stock=good.stock,
            discard=good.discard,
            dealer=3,
        )
    assert "missing" not in str(caught.value)


def test_r2_start_round_names_both_missing_and_extra() -> None:
    good = deal("7C 8C", "9C", "10C", "JC")
    swapped = [cr.Card.parse("AS") if card == cr.Card.parse("8C") else card for card in good.stock]
    with pytest.raises(ValueError, match=r"missing 8C.*extra AS"):
        cr.start_round(hands=good.hands, stock=swapped, discard=good.discard, dealer=3)


@given(st.integers(min_value=0, max_value=106), st.booleans())
def test_r2_start_round_refuses_any_card_dropped_or_doubled(index: int, drop: bool) -> None:
    deck = list(cr.PAGAT.deck(4))
    card = deck[index]
    if drop:
        del deck[index]
    else:
        deck.append(card)
    hands = [deck[10 * p : 10 * p + 10] for p in range(4)]
    word = "missing" if drop else "extra"
    with pytest.raises(ValueError, match=rf"{word} {card}\b"):
        cr.start_round(hands=hands, stock=deck[41:], discard=deck[40:41])


def test_r2_twos_are_natural_not_wild() -> None:
    with pytest.raises(cr.InvalidMeldError):
        Group(Rank.SEVEN, "7C 7D 2S")
    with pytest.raises(cr.InvalidMeldError):
        Run(S, 3, "3S 4S 2S 6S")
    state = play(deal("7C 7D 2S 9C 9D 9H 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    assert not any(isinstance(action, GoDown) for action in cr.legal_actions(state))
    # A group of 2s is an ordinary natural group.
    state = play(deal("2C 2D 2S 9C 9D 9H 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    play(state, GoDown([cr.meld("2C 2D 2S"), cr.meld("9C 9D 9H")]))


# -- R3: the goal --------------------------------------------------------------------------


def test_r3_seven_rounds_of_penalties_and_the_lowest_total_wins() -> None:
    assert cr.PAGAT.rounds == 7
    # Player 0 goes out in the last round but ends with the highest total; player 1 wins.
    state = deal(
        "3C 4C 5C 6C 3D 4D 5D 6D 3H 4H 5H 6H",
        "KS QS",
        "4S",
        "8S 9S",
        discard="7H",
        round_number=7,
        scores=(60, 10, 30, 25),
    )
    state = play(
        state,
        cr.TakeDiscard(),
        GoDown([Run(C, 3, "3C 4C 5C 6C"), Run(D, 3, "3D 4D 5D 6D"), Run(H, 3, "3H 4H 5H 6H 7H")]),
    )
    assert state.phase is Phase.GAME_OVER
    assert state.penalties == (0, 20, 4, 17)
    assert state.scores == (60, 30, 34, 42)
    assert state.winners == (1,)


def test_r3_rounds_one_to_six_end_in_round_over_and_round_seven_ends_the_game() -> None:
    for number in range(1, 7):
        assert ended(dry("4S", "", "", "", round_number=number)).phase is Phase.ROUND_OVER
    last = ended(dry("4S", "", "", "", round_number=7))
    assert last.phase is Phase.GAME_OVER
    assert last.winners == (0,)


# -- R4: the dealer -----------------------------------------------------------------------


def test_r4_first_dealer_is_seeded() -> None:
    dealers = [cr.new_game(seed=seed).dealer for seed in range(60)]
    assert dealers == [cr.new_game(seed=seed).dealer for seed in range(60)]
    assert set(dealers) == {0, 1, 2, 3}
    assert all(cr.new_game(seed=seed) == cr.new_game(seed=seed) for seed in range(5))


@pytest.mark.parametrize("dealer", range(4))
def test_r4_the_first_dealer_comes_from_the_shuffler(dealer: int) -> None:
    state = cr.new_game(seed=0, shuffler=InOrder(dealer))
    assert state.dealer == dealer
    assert state.active == state.to_act == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", range(4))
def test_r4_the_deal_passes_left_each_round(dealer: int) -> None:
    state = ended(dry("4S", "", "", "", dealer=dealer, fill=(0, 1, 2, 3)))
    assert state.phase is Phase.ROUND_OVER
    following = play(state, cr.NextRound())
    assert following.round_number == 2
    assert following.dealer == (dealer + 1) % 4
    assert following.active == following.to_act == (dealer + 2) % 4


def test_r4_dealers_over_a_whole_game() -> None:
    state = cr.new_game(seed=11)
    first = state.dealer
    for number in range(1, 8):
        assert state.round_number == number
        assert state.dealer == (first + number - 1) % 4
        # End the round by emptying the stock into the hands of the other players (R27).
        active = state.active
        state = dry(
            *("4S" if p == active else "" for p in range(4)),
            round_number=number,
            dealer=state.dealer,
            scores=state.scores,
            fill=[p for p in range(4) if p != active],
        )
        assert state.active == active
        state = ended(state)
        if number < 7:
            state = play(state, cr.NextRound())
    assert state.phase is Phase.GAME_OVER


# -- R5: the deal -------------------------------------------------------------------------


def test_r5_round_one_with_a_known_seed() -> None:
    state = cr.new_game(seed=2024)
    assert state.phase is Phase.DRAW
    assert [len(hand) for hand in state.hands] == [10, 10, 10, 10]
    assert len(state.stock) == 66
    assert len(state.discard) == 1
    assert state.table == ()
    assert state.down == (False,) * 4
    assert whole_deck(state) == DECK


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_r5_any_seed_deals_the_whole_deck(seed: int) -> None:
    state = cr.new_game(seed=seed)
    assert whole_deck(state) == DECK
    assert [len(hand) for hand in state.hands] == [10] * 4
    assert (len(state.stock), len(state.discard)) == (66, 1)
    assert state.active == state.to_act == (state.dealer + 1) % 4
    assert state.penalties is None
    assert state.scores == (0, 0, 0, 0)


@pytest.mark.parametrize("dealer", range(4))
def test_r5_cards_are_dealt_one_at_a_time_from_the_dealers_left(dealer: int) -> None:
    deck = cr.PAGAT.deck(4)
    state = cr.new_game(seed=0, shuffler=InOrder(dealer))
    for offset in range(4):
        player = (dealer + 1 + offset) % 4
        assert state.hands[player] == tuple(sorted(deck[offset:40:4]))
    assert state.discard == (deck[40],)
    assert state.stock == deck[41:]


def test_r5_the_next_round_is_dealt_from_the_new_dealers_left() -> None:
    deck = cr.PAGAT.deck(4)
    # Round 3, dealt by player 1, ends at once through stock exhaustion (R27).
    over = ended(
        cr.start_round(
            round_number=3,
            dealer=1,
            hands=[deck[0:40], deck[40:80], deck[80:105], deck[105:106]],
            stock=(),
            discard=deck[106:],
            shuffler=InOrder(0),
        )
    )
    following = play(over, cr.NextRound())
    assert following.dealer == 2
    for offset in range(4):
        player = (2 + 1 + offset) % 4
        assert following.hands[player] == tuple(sorted(deck[offset:48:4]))
    assert following.discard == (deck[48],)
    assert following.stock == deck[49:]


@pytest.mark.parametrize("number", range(1, 7))
def test_r5_every_round_is_shuffled_afresh_with_the_whole_deck(number: int) -> None:
    # The round ends through stock exhaustion (R27); in round 1, player 0 goes down first,
    # so the table holds melds and the pile a discard when it ends.
    state = dry("7C 7D 9C 9D 9H 4S 5S", "", "", "", pile="7H", round_number=number)
    if number == 1:
        state = play(
            state,
            cr.TakeDiscard(),
            GoDown([cr.meld("7C 7D 7H"), cr.meld("9C 9D 9H")]),
            cr.Discard(cr.Card.parse("5S")),
        )
        assert len(state.table) == 2
    state = ended(state)
    assert state.phase is Phase.ROUND_OVER
    following = play(state, cr.NextRound())
    dealt = DEALT[number + 1]
    assert following.round_number == number + 1
    assert [len(hand) for hand in following.hands] == [dealt] * 4
    assert len(following.discard) == 1
    assert len(following.stock) == 107 - 4 * dealt - 1
    assert following.table == ()
    assert following.down == (False,) * 4
    assert following.reshuffles == 0
    assert whole_deck(following) == DECK
    # The same round over gives the same deal; another seed gives another one.
    assert play(state, cr.NextRound()) == following
    other = ended(dry("7C 7D 9C 9D 9H 4S 5S", "", "", "", pile="7H", round_number=number, seed=1))
    assert play(other, cr.NextRound()).hands != following.hands


@given(
    st.integers(min_value=1, max_value=6),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=2**32),
)
def test_r4_r5_any_next_round_is_dealt_by_the_next_dealer(
    number: int, dealer: int, seed: int
) -> None:
    hands = ["4S" if p == (dealer + 1) % 4 else "" for p in range(4)]
    others = [p for p in range(4) if p != (dealer + 1) % 4]
    over = ended(dry(*hands, round_number=number, dealer=dealer, seed=seed, fill=others))
    following = cr.apply(over, cr.NextRound())
    assert following.round_number == number + 1
    assert following.dealer == (dealer + 1) % 4
    assert following.active == following.to_act == (dealer + 2) % 4
    assert [len(hand) for hand in following.hands] == [DEALT[number + 1]] * 4
    assert len(following.discard) == 1
    assert whole_deck(following) == DECK
    assert following.scores == over.scores


def test_r5_twelve_cards_from_round_four() -> None:
    assert [cr.PAGAT.cards_dealt(number) for number in range(1, 8)] == [DEALT[n] for n in DEALT]
    following = play(ended(dry("4S", "", "", "", round_number=3)), cr.NextRound())
    assert [len(hand) for hand in following.hands] == [12] * 4
    assert len(following.stock) == 58


# -- R6: who plays first ----------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_r6_the_dealers_left_plays_first_and_turns_go_clockwise(dealer: int) -> None:
    state = deal(
        "3C 5C 7C 9C",
        "3D 5D 7D 9D",
        "3H 5H 7H 9H",
        "3S 5S 7S 9S",
        discard="KC",
        dealer=dealer,
    )
    first = (dealer + 1) % 4
    assert state.phase is Phase.DRAW
    assert state.active == state.to_act == first
    seen = []
    for _ in range(5):
        seen.append(state.active)
        drawn = state.discard[-1]
        state = play(state, cr.TakeDiscard())
        state = play(state, cr.Discard(next(c for c in state.hands[state.active] if c != drawn)))
    assert seen == [(first + k) % 4 for k in range(5)]


# -- R7-R10: melds in a go-down ------------------------------------------------------------


def test_r7_a_group_may_repeat_suits() -> None:
    state = play(deal("7C 7C 7D 9H 9H 9S 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    melds = [Group(Rank.SEVEN, "7C 7C 7D"), Group(Rank.NINE, "9H 9S 9H")]
    state = play(state, GoDown(melds))
    assert state.down[0]
    assert {placed.meld for placed in state.table} == set(melds)
    assert state.hands[0] == cards("4S QS")


def test_r7_a_group_needs_one_rank() -> None:
    with pytest.raises(cr.InvalidMeldError, match=r"^R7"):
        Group(Rank.SEVEN, "7C 7D 8C")
    with pytest.raises(cr.InvalidMeldError, match=r"^R7"):
        Group(Rank.SEVEN, "7C 7D")


def test_r10_a_group_of_jokers_only_with_its_rank_announced() -> None:
    with pytest.raises(cr.InvalidMeldError):
        cr.meld("JK JK JK")
    state = play(deal("JK JK JK 8C 8D 8H 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    jokers = Group(Rank.FIVE, "JK JK JK")
    state = play(state, GoDown([jokers, cr.meld("8C 8D 8H")]))
    groups = [placed.meld for placed in state.table if placed.cards == cards("JK JK JK")]
    assert len(groups) == 1
    assert isinstance(groups[0], Group)
    assert groups[0].rank is Rank.FIVE
    assert groups[0].stands_for(0) is Rank.FIVE


def test_r10_jokers_stand_for_the_card_at_their_position() -> None:
    state = play(
        deal("3S 4S JK 6S JH QH KH JK 9C", "KC", "KD", "5H", discard="QS", round_number=3),
        cr.TakeDiscard(),
    )
    low = Run(S, 3, "3S 4S JK 6S")
    high = Run(H, 11, "JH QH KH JK")
    state = play(state, GoDown([low, high]))
    runs = {placed.meld.cards: placed.meld for placed in state.table}
    spades = runs[low.cards]
    hearts = runs[high.cards]
    assert isinstance(spades, Run)
    assert isinstance(hearts, Run)
    assert spades.stands_for(2) == cr.Card.parse("5S")
    assert spades.wild_positions() == (2,)
    assert hearts.stands_for(3) == cr.Card.parse("AH")
    assert hearts.high == 14
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 3, "3S 4S JK 7S")


def test_r8_runs_with_the_ace_low_and_high() -> None:
    state = play(
        deal("AH 2H 3H 4H JS QS KS AS 9C", "KC", "KD", "5H", discard="QD", round_number=3),
        cr.TakeDiscard(),
    )
    low = Run(H, 1, "AH 2H 3H 4H")
    high = Run(S, 11, "JS QS KS AS")
    assert (low.low, low.high, high.low, high.high) == (1, 4, 11, 14)
    state = play(state, GoDown([low, high]))
    assert state.down[0]
    assert state.hands[0] == cards("9C QD")


def test_r8_king_ace_two_is_not_a_run() -> None:
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 13, "KS AS 2S 3S")
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 12, "QS KS AS 2S")
    with pytest.raises(cr.InvalidMeldError):
        cr.meld("KS AS 2S 3S")
    # Nothing goes past an ace end, a joker included.
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 11, "JS QS KS AS JK")
    with pytest.raises(cr.InvalidMeldError, match=r"^R8"):
        Run(S, 0, "JK AS 2S 3S")
    # A hand whose only second run would wrap round the ace has no go-down.
    state = play(
        deal("KS AS 2S 3S 3H 4H 5H 6H 9C", "KC", "KD", "5D", discard="QD", round_number=3),
        cr.TakeDiscard(),
    )
    assert not any(isinstance(action, GoDown) for action in cr.legal_actions(state))


def test_r9_a_card_belongs_to_one_meld_only() -> None:
    state = play(deal("7C 7D JK 9C 9D 4S 5S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    message = refused(
        state, GoDown([Group(Rank.SEVEN, "7C 7D JK"), Group(Rank.NINE, "9C 9D JK")]), "R9"
    )
    assert "JK" in message
    state = play(deal("7C 7D 7H 7S 7S 4D 4C", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    refused(state, GoDown([cr.meld("7C 7D 7H"), cr.meld("7H 7S 7S")]), "R9")


def test_r9_two_physical_copies_make_two_melds() -> None:
    state = play(deal("7C 7D 7H 7H 7S 7S 4D", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    state = play(state, GoDown([cr.meld("7C 7D 7H"), cr.meld("7H 7S 7S")]))
    assert len(state.table) == 2
    assert state.hands[0] == cards("4D QS")
    state = play(deal("7C 7D JK JK 9C 9D 4S", "KC", "KD", "KH", discard="QS"), cr.TakeDiscard())
    play(state, GoDown([Group(Rank.SEVEN, "7C 7D JK"), Group(Rank.NINE, "9C 9D JK")]))


@pytest.mark.parametrize(
    ("number", "melds"),
    [
        (1, ["7C 7D 7H"]),
        (1, ["7C 7D 7H", "8C 8D 8H", "9C 9D 9H"]),
        (1, ["7C 7D 7H 7S", "8C 8D 8H"]),
        (1, ["7C 7D 7H", "3S 4S 5S 6S"]),
        (2, ["7C 7D 7H", "8C 8D 8H"]),
        (2, ["7C 7D 7H", "3S 4S 5S 6S 7S"]),
        (3, ["3S 4S 5S 6S", "8H 9H 10H JH QH"]),
        (3, ["3S 4S 5S 6S"]),
        (4, ["7C 7D 7H", "8C 8D 8H", "3S 4S 5S 6S"]),
    ],
)
def test_r14_melds_that_do_not_fit_the_contract(number: int, melds: list[str]) -> None:
    hand = "7C 7D 7H 7S 8C 8D 8H 9C 9D 9H 3S 4S 5S 6S 7S 8H 9H 10H JH QH 2C"
    state = play(deal(hand, "KC", "KD", "KH", discard="QS", round_number=number), cr.TakeDiscard())
    message = refused(state, GoDown([cr.meld(text) for text in melds]), "R14")
    assert str(state.contract) in message


# -- R11: the contracts ----------------------------------------------------------------------


@pytest.mark.parametrize("number", range(1, 8))
def test_r11_the_contract_of_each_round(number: int) -> None:
    groups, runs = CONTRACTS[number]
    state = deal("4S", "5S", "6S", "7S", round_number=number)
    assert state.contract == cr.Contract(groups=(3,) * groups, runs=(4,) * runs)
    assert state.contract == cr.PAGAT.contract(number)


GROUPS: Final = ("7C 7D 7H", "8C 8D 8H", "9C 9D 9H")
RUNS: Final = ("3S 4S 5S 6S", "3H 4H 5H 6H", "10D JD QD KD")


@pytest.mark.parametrize("number", range(1, 7))
def test_r11_going_down_with_each_rounds_contract(number: int) -> None:
    groups, runs = CONTRACTS[number]
    texts = [*GROUPS[:groups], *RUNS[:runs]]
    melds = [cr.meld(text) for text in texts]
    state = deal(" ".join([*texts, "2C"]), "KC", "QD", "KH", discard="AC", round_number=number)
    state = play(state, cr.TakeDiscard())
    refused(state, GoDown(melds[:-1]), "R14")
    down = play(state, GoDown(melds))
    assert down.down == (True, False, False, False)
    assert {placed.meld.cards for placed in down.table} == {meld.cards for meld in melds}
    assert all(placed.owner == 0 for placed in down.table)
    assert down.hands[0] == cards("2C AC")
    # In every other round of 1-6 the same melds are the wrong contract.
    for other in range(1, 7):
        if CONTRACTS[other] != CONTRACTS[number]:
            elsewhere = deal(
                " ".join([*texts, "2C"]), "KC", "QD", "KH", discard="AC", round_number=other
            )
            refused(play(elsewhere, cr.TakeDiscard()), GoDown(melds), "R14")


# -- R12: same-suit runs in one contract --------------------------------------------------


def round_three(hand: str) -> cr.RoundState:
    return play(
        deal(hand + " 2C", "KC", "KD", "KH", discard="AC", round_number=3), cr.TakeDiscard()
    )


@pytest.mark.parametrize(
    "runs",
    [
        (Run(S, 3, "3S 4S 5S 6S"), Run(S, 7, "7S 8S 9S 10S")),
        (Run(S, 3, "3S 4S 5S 6S"), Run(S, 7, "JK 8S 9S 10S")),
        (Run(S, 3, "3S 4S 5S JK"), Run(S, 7, "7S 8S 9S 10S")),
        (Run(S, 7, "7S 8S 9S 10S"), Run(S, 3, "3S 4S 5S 6S")),
        (Run(S, 1, "AS 2S 3S 4S"), Run(S, 5, "5S 6S 7S JK")),
    ],
)
def test_r12_same_suit_runs_may_not_be_contiguous(runs: tuple[Run, Run]) -> None:
    state = round_three("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JK")
    refused(state, GoDown(runs), "R12")


def test_r12_contiguous_runs_are_never_listed() -> None:
    state = round_three("3S 4S 5S 6S 7S 8S 9S 10S")
    assert not any(isinstance(action, GoDown) for action in cr.legal_actions(state))


def test_r12_overlapping_runs_of_distinct_cards_are_fine() -> None:
    state = round_three("3S 4S 5S 6S 5S 6S 7S 8S")
    state = play(state, GoDown([Run(S, 3, "3S 4S 5S 6S"), Run(S, 5, "5S 6S 7S 8S")]))
    assert len(state.table) == 2
    assert state.hands[0] == cards("2C AC")


def test_r12_runs_with_a_gap_are_fine_and_stay_separate() -> None:
    state = round_three("3S 4S 5S 6S 8S 9S 10S JS")
    state = play(state, GoDown([Run(S, 3, "3S 4S 5S 6S"), Run(S, 8, "8S 9S 10S JS")]))
    assert sorted(len(placed.cards) for placed in state.table) == [4, 4]
    # A joker may stand at a run's end as long as a gap remains.
    state = round_three("3S 4S 5S 6S JK 9S 10S JS")
    play(state, GoDown([Run(S, 3, "3S 4S 5S 6S"), Run(S, 8, "JK 9S 10S JS")]))
    # A joker filling the gap joins the runs: contiguous again.
    state = round_three("3S 4S 5S 6S JK 8S 9S 10S")
    refused(state, GoDown([Run(S, 3, "3S 4S 5S 6S"), Run(S, 7, "JK 8S 9S 10S")]), "R12")


# -- R25: going out and the penalties -----------------------------------------------------


def test_r25_going_out_ends_the_round_at_once() -> None:
    before, after = going_out()
    assert after.phase is Phase.ROUND_OVER
    assert after.to_act is None
    assert list(cr.legal_actions(after)) == [cr.NextRound()]
    assert after.hands[0] == ()
    assert after.hands[1:] == before.hands[1:]
    assert after.round_number == 1
    assert after.winners is None


def test_r25_penalties_of_the_other_players() -> None:
    _, after = going_out()
    assert after.hands[1] == cards("KC AH 5D JK")
    assert after.hands[2] == cards("AS 8S 10S JD QH")
    assert after.hands[3] == cards("2H 3D 6S KD")
    # The winner scores 0; player 1's melds on the table cost nothing: the R25 example is 45.
    assert after.penalties == (0, 45, 53, 21)
    assert after.penalties == tuple(hand_points(hand) for hand in after.hands)
    assert after.scores == (0, 45, 53, 21)


def test_r25_the_rules_example() -> None:
    state = deal("7C 7D 9C 9D 9H 4S", "KC AH 5D JK", "", "", discard="7H")
    state = play(
        state,
        cr.TakeDiscard(),
        GoDown([cr.meld("7C 7D 7H"), cr.meld("9C 9D 9H")]),
        cr.Discard(cr.Card.parse("4S")),
    )
    assert state.phase is Phase.ROUND_OVER
    assert state.penalties == (0, 45, 0, 0)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("KC", 10),
        ("QD", 10),
        ("JH", 10),
        ("10S", 10),
        ("AC", 15),
        ("JK", 15),
        ("2D", 2),
        ("3H", 3),
        ("4S", 4),
        ("5C", 5),
        ("6D", 6),
        ("7H", 7),
        ("8S", 8),
        ("9C", 9),
        ("AS AD JK JK 10C", 70),
    ],
)
def test_r25_penalty_of_each_card(hand: str, expected: int) -> None:
    state = deal("7C 7D 9C 9D 9H 4S", hand, "3C", "", discard="7H")
    state = play(
        state,
        cr.TakeDiscard(),
        GoDown([cr.meld("7C 7D 7H"), cr.meld("9C 9D 9H")]),
        cr.Discard(cr.Card.parse("4S")),
    )
    assert state.penalties == (0, expected, 3, 0)


def test_r25_only_next_round_is_possible_when_the_round_is_over() -> None:
    _, over = going_out()
    for action in ANY_ACTION:
        message = refused(over, action, "R25")
        assert "NextRound" in message


# -- R26: totals add up ----------------------------------------------------------------------


def test_r26_totals_add_up_over_rounds() -> None:
    _, after = going_out(scores=(30, 5, 12, 100))
    assert after.penalties == (0, 45, 53, 21)
    assert after.scores == (30, 50, 65, 121)
    following = play(after, cr.NextRound())
    assert following.scores == (30, 50, 65, 121)
    assert following.penalties is None
    # Round 2, dealt as chosen with those totals, adds its own penalties to them.
    state = deal(
        "7C 7D 7H 9C 10C JC 4S",
        "KC",
        "",
        "AH 3D",
        discard="QC",
        round_number=2,
        scores=following.scores,
    )
    state = play(
        state,
        cr.TakeDiscard(),
        GoDown([cr.meld("7C 7D 7H"), cr.meld("9C 10C JC QC")]),
        cr.Discard(cr.Card.parse("4S")),
    )
    assert state.penalties == (0, 10, 0, 18)
    assert state.scores == (30, 60, 65, 139)
    # An unmet contract carries nothing over: round 3 asks for its own contract of everyone.
    third = play(state, cr.NextRound())
    assert third.round_number == 3
    assert third.contract == cr.Contract(runs=(4, 4))
    assert third.scores == (30, 60, 65, 139)


# -- R27: stock exhaustion ---------------------------------------------------------------


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


# -- R28: the end of the game --------------------------------------------------------------


def last_round(
    scores: tuple[int, ...], *hands: str, variant: cr.Variant = cr.PAGAT
) -> cr.RoundState:
    """Round 7: player 0 goes out with three runs; the others keep ``hands``."""
    state = deal(
        "3C 4C 5C 6C 3D 4D 5D 6D 3H 4H 5H 6H",
        *hands,
        discard="7H",
        round_number=7,
        scores=scores,
        variant=variant,
    )
    return play(
        state,
        cr.TakeDiscard(),
        GoDown([Run(C, 3, "3C 4C 5C 6C"), Run(D, 3, "3D 4D 5D 6D"), Run(H, 3, "3H 4H 5H 6H 7H")]),
    )


def test_r28_players_tied_for_the_lowest_total_share_the_win() -> None:
    over = last_round((50, 30, 35, 40), "10S", "5S", "2S")
    assert over.phase is Phase.GAME_OVER
    assert over.to_act is None
    assert over.penalties == (0, 10, 5, 2)
    assert over.scores == (50, 40, 40, 42)
    assert over.winners == (1, 2)


def test_r28_a_single_lowest_total_wins_alone() -> None:
    over = last_round((50, 30, 36, 40), "10S", "5S", "2S")
    assert over.scores == (50, 40, 41, 42)
    assert over.winners == (1,)


def test_r28_no_action_is_legal_once_the_game_is_over() -> None:
    over = last_round((50, 30, 35, 40), "10S", "5S", "2S")
    assert list(cr.legal_actions(over)) == []
    assert len(cr.legal_actions(over)) == 0
    message = refused(over, cr.NextRound(), "R28")
    assert "game is over" in message
    for action in ANY_ACTION:
        refused(over, action, "R28")


def test_r28_a_game_ending_by_stock_exhaustion_also_names_the_winners() -> None:
    state = dry("4S", "", "", "", round_number=7, scores=(0, 300, 300, 300))
    over = ended(state)
    assert over.phase is Phase.GAME_OVER
    assert over.penalties is not None
    totals = tuple(s + p for s, p in zip((0, 300, 300, 300), over.penalties, strict=True))
    assert over.scores == totals
    assert over.winners == (0,)


def test_r28_tie_break_by_the_last_round() -> None:
    variant = attrs.evolve(cr.PAGAT, tie_break=cr.TieBreak.LAST_ROUND)
    # Players 1 and 2 tie on 40; player 2 scored less in the last round.
    over = last_round((50, 30, 35, 40), "10S", "5S", "2S", variant=variant)
    assert over.scores == (50, 40, 40, 42)
    assert over.winners == (2,)
    # Still tied in the last round: they share.
    over = last_round((50, 35, 35, 40), "5S", "5S", "2S", variant=variant)
    assert over.scores == (50, 40, 40, 42)
    assert over.winners == (1, 2)


# -- NextRound ------------------------------------------------------------------------------


def test_next_round_deals_the_following_round() -> None:
    _, over = going_out(scores=(30, 5, 12, 100))
    following = play(over, cr.NextRound())
    assert following.round_number == over.round_number + 1
    assert following.dealer == (over.dealer + 1) % 4
    assert following.active == following.to_act == (following.dealer + 1) % 4
    assert following.phase is Phase.DRAW
    assert following.penalties is None
    assert following.winners is None
    assert following.scores == over.scores == (30, 50, 65, 121)
    assert following.table == ()
    assert following.down == (False,) * 4
    assert following.buys == (0,) * 4
    assert following.kept_card is None
    assert whole_deck(following) == DECK
