"""The cards of each hand that everyone knows (``Board.known``), in views and determinize."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import contract_rummy as cr
from scenario import card, deal, draw, pass_all, play, random_games


class Oracle:
    """The known cards worked out again from the events and actions, as anyone saw them."""

    def __init__(self, players: int) -> None:
        self.known = [Counter[cr.Card]() for _ in range(players)]

    def see(self, player: int, action: cr.Action, events: tuple[cr.Event, ...]) -> None:
        """What ``player``'s ``action`` and its ``events`` showed everyone."""
        gone: tuple[cr.Card, ...] = ()
        if isinstance(action, cr.Discard | cr.LayOff | cr.SwapJoker):
            gone = (action.card,)
        elif isinstance(action, cr.GoDown):
            gone = tuple(c for meld in action.melds for c in meld.cards)
        self.known[player] -= Counter(gone)
        for event in events:
            if isinstance(event, cr.TookDiscard | cr.Bought):
                self.known[event.player][event.card] += 1
            elif isinstance(event, cr.Dealt):  # a new round: new hands
                self.known = [Counter() for _ in self.known]

    def cards(self) -> tuple[tuple[cr.Card, ...], ...]:
        return tuple(tuple(sorted(known.elements())) for known in self.known)


# == the engine keeps them ====================================================================


def test_r18_the_card_taken_from_the_pile_is_known_until_it_leaves_the_hand() -> None:
    state = deal("2C 3C 7H 9D", "4C 5C", "6C 8C", "10C JC", discard="7H", stock="KD QD")
    taken = play(state, cr.TakeDiscard())
    assert taken.known == ((card("7H"),), (), (), ())
    assert cr.view(taken, 2).known == taken.known  # public: every view shows it
    # A copy of it leaving the hand is seen: one copy is known no more.
    after = play(taken, cr.Discard(card("9D")))
    assert after.known == taken.known
    later = play(draw(after), cr.Discard(card("KD")))  # player 1's turn
    assert later.known == taken.known


def test_r19_the_card_bought_is_known_but_not_its_penalty() -> None:
    state = deal("2C 3C 4C", "5C 6C 7C", "8C 9C 10C", "JC QC KC", discard="7H", stock="AD 2D")
    asked = play(state, cr.DrawStock())
    bought = play(asked, cr.Buy())  # player 1 buys the 7H, with the AD as penalty
    assert bought.hands[1] == tuple(sorted((*state.hands[1], card("7H"), card("AD"))))
    assert bought.known == ((), (card("7H"),), (), ())
    gone = play(pass_all(bought), cr.Discard(card("2C")))
    assert gone.known == bought.known


def test_the_known_cards_leave_with_a_meld() -> None:
    state = deal("7C 7D 8S 8D JK 9C", "2C 3C", "4C 5C", "6C 10C", discard="7H", stock="KD QD")
    taken = play(state, cr.TakeDiscard())
    assert taken.known[0] == (card("7H"),)
    down = play(taken, cr.GoDown((cr.meld("7C 7D 7H"), cr.meld("8S 8D JK"))))
    assert down.known[0] == ()


@pytest.mark.parametrize("preset", sorted(cr.VARIANTS))
def test_known_cards_are_what_everyone_saw_go_into_each_hand(preset: str) -> None:
    oracle: Oracle | None = None
    seen_any = False
    for before, action, after, events in random_games([preset], actions=400):
        if oracle is None:
            oracle = Oracle(before.players)
        player = cr.chooser(before)
        assert player is not None
        oracle.see(player, action, events)
        assert after.known == oracle.cards()
        for cards, hand in zip(after.known, after.hands, strict=True):
            assert not Counter(cards) - Counter(hand)
        seen_any = seen_any or any(after.known)
    assert seen_any


def test_a_state_built_by_hand_is_refused_with_a_known_card_not_in_the_hand() -> None:
    state = cr.new_game(seed=1)
    with pytest.raises(cr.InvalidStateError, match=r"known\[1\] holds 7H, which hands\[1\]"):
        attrs.evolve(state, known=((), cr.parse_cards("7H"), (), ()))
    with pytest.raises(cr.InvalidStateError, match="known must have one entry per player"):
        attrs.evolve(state, known=((),))
    held = state.hands[1][0]
    assert attrs.evolve(state, known=((), (held,), (), ())).known[1] == (held,)


def test_a_view_built_by_hand_is_refused_with_known_cards_it_cannot_place() -> None:
    mine = cr.view(cr.new_game(seed=1), 0)
    with pytest.raises(cr.InvalidStateError, match="known must have one entry per player"):
        attrs.evolve(mine, known=((),))
    singles = [card for card in mine.hand if mine.hand.count(card) == 1]
    assert singles, "seed 1 deals player 0 a card held once"
    mine_card = singles[0]
    # Two copies of a card the player holds one of cannot both be in another hand.
    with pytest.raises(cr.InvalidStateError, match="known to be in the other hands"):
        attrs.evolve(mine, known=((), (mine_card, mine_card), (), ()))


# == determinize keeps them where they are ====================================================


@pytest.mark.parametrize("preset", sorted(cr.VARIANTS))
def test_determinize_deals_each_opponents_known_cards_into_their_hand(preset: str) -> None:
    for index, (_, _, after, _) in enumerate(random_games([preset], actions=240, seed=3)):
        if index % 5 or after.phase is cr.Phase.GAME_OVER:
            continue
        for player in range(after.players):
            mine = cr.view(after, player)
            guess = cr.determinize(mine, index)
            assert cr.view(guess, player) == mine
            for other, cards in enumerate(after.known):
                assert not Counter(cards) - Counter(guess.hands[other]), (preset, other)
            if any(after.known) and index % 20 == 0:
                assert attrs.evolve(guess) == guess  # a valid state


def test_determinize_is_unchanged_when_nothing_is_known() -> None:
    """With no known card the deal is the one it always was: same seed, same hands."""
    mine = cr.view(cr.new_game(seed=2), 3)
    guess = cr.determinize(mine, 5)
    # As determinize dealt it before hands had known cards.
    assert cr.format_cards(guess.hands[0][:5]) == "4C 6C 8C 8D KD"
    assert cr.format_cards(guess.stock[:3]) == "AD QC 6S"
