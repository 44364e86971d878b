"""Tests of R4 and R5: the dealer and the deal.

R4. The dealer: "The first dealer is chosen at random (seeded); the deal then passes to the
    left (`dealer + 1`) each round."
R5. Dealing a round: "Everything is shuffled afresh before each round."

Also tested: tests/test_bots.py, tests/test_chance.py, tests/test_chance_json.py,
tests/test_history.py, tests/test_history_cut.py, tests/test_presets.py, tests/test_variants.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import GoDown, Phase
from scenario import DECK, dry, ended, going_out, play, whole_deck

T = TypeVar("T")

#: R5: cards dealt to each player in rounds 1-7.
DEALT: Final = {1: 10, 2: 10, 3: 10, 4: 12, 5: 12, 6: 12, 7: 12}


@attrs.frozen
class InOrder:
    """A shuffler that leaves the cards in order and picks ``dealer`` as the first dealer."""

    dealer: int

    def shuffle(self, items: Sequence[T], state: int) -> tuple[list[T], int]:
        return list(items), state + 1

    def below(self, bound: int, state: int) -> tuple[int, int]:
        return self.dealer % bound, state + 1


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


def test_r4_the_dealer_deals_the_next_round() -> None:
    state = cr.new_game(seed=2)
    bot = cr.GreedyBot()
    for _ in range(20_000):
        if state.phase is cr.Phase.ROUND_OVER:
            break
        state = cr.apply(state, bot.choose(state))
    else:
        pytest.fail("round 1 did not end within 20,000 actions")
    other = (state.dealer + 1) % state.players
    refusal = r"^R4: round 1 is over: its dealer, player \d, starts the next deal"
    with pytest.raises(cr.IllegalActionError, match=refusal):
        cr.apply(state, cr.NextRound(), player=other)
    assert cr.apply(state, cr.NextRound(), player=state.dealer).round_number == 2


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
