"""Tests of R18-R22: buying out of turn.

R18. When a buy is possible: "A buy is possible only when the active player chooses the stock."
R19. Who may buy, and the price: "When the active player chooses the stock, every other player
    in turn order starting on the active player's left (the player whose turn comes soonest has
    priority) may buy the top discard."
R20. Buying again: "After a buy the next discard is exposed and may be bought the same way,
    with the same penalty, offered again in turn order from the active player's left; the
    player who made the last buy may not buy again immediately, within the same buy window
    (A-B-A is allowed; the next turn's window starts afresh)."
R21. Limits on buying: "No cap on buys per round."
R22. The first face-up card: "The card turned up at the deal can be bought once the first
    player declines it."

Also tested: tests/test_codec.py, tests/test_heuristic_bot.py, tests/test_history.py,
tests/test_known.py, tests/test_loading.py, tests/test_presets.py, tests/test_state.py,
tests/test_table.py.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import contract_rummy as cr
from scenario import (
    P1,
    P2,
    P3,
    card,
    cards,
    deal,
    draw,
    go_down,
    pass_all,
    play,
    quiet_turn,
    quiet_turns,
    refused,
    seq,
)


def test_r18_taking_the_discard_opens_no_buy() -> None:
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S", discard="8C KH")
    after = play(state, cr.TakeDiscard())
    assert (after.phase, after.to_act, after.buy_queue) == (cr.Phase.PLAY, 0, ())
    assert after.hands[1:] == state.hands[1:]
    assert after.stock == state.stock
    assert after.buys == (0, 0, 0, 0)
    assert not any(isinstance(a, cr.Buy | cr.Pass) for a in cr.legal_actions(after))


def test_r19_players_are_asked_from_the_active_players_left() -> None:
    state = deal(P1, P2, P3, "2C 5D 9H", stock="4S 6S", discard="8C", dealer=2)
    assert state.active == 3
    state = play(state, cr.DrawStock())
    assert (state.phase, state.active, state.to_act, state.buy_queue) == (
        cr.Phase.BUY,
        3,
        0,
        (1, 2),
    )
    assert state.hands[3] == cards("2C 5D 9H")  # the active player has not drawn yet
    assert list(cr.legal_actions(state)) == [cr.Buy(), cr.Pass()]
    state = play(state, cr.Pass())
    assert (state.to_act, state.buy_queue) == (1, (2,))
    state = play(state, cr.Pass())
    assert (state.to_act, state.buy_queue) == (2, ())
    state = play(state, cr.Pass())
    assert (state.phase, state.to_act) == (cr.Phase.PLAY, 3)
    assert state.hands[3] == cards("2C 5D 9H 4S")
    assert state.discard[-1] == card("8C")


def test_r19_the_buyer_takes_the_discard_and_a_penalty_card_without_a_turn() -> None:
    state = deal("2C 5D 9H", "QC QD QH 4H", P2, P3, stock="4S 6S 8D", discard="2S QS")
    state = play(state, cr.DrawStock(), cr.Buy())
    assert state.hands[1] == cards("QC QD QH 4H QS 4S")
    assert state.buys == (0, 1, 0, 0)
    assert state.discard == seq("2S")
    assert state.stock[:2] == seq("6S 8D")
    # A buy is not a turn: the active player stays, and the buyer neither melds nor discards.
    assert (state.phase, state.active, state.to_act, state.buy_queue) == (
        cr.Phase.BUY,
        0,
        2,
        (3,),
    )
    refused(state, go_down("QC QD QH", "QS JK JK"), "R19")
    refused(state, cr.Discard(card("QS")), "R19")
    state = pass_all(state)
    assert (state.phase, state.active, state.to_act) == (cr.Phase.PLAY, 0, 0)
    assert state.hands[0] == cards("2C 5D 9H 6S")
    assert state.hands[1] == cards("QC QD QH 4H QS 4S")
    state = play(state, cr.Discard(card("6S")))
    assert state.active == 1  # the turn order is unchanged


def test_r19_nobody_is_asked_when_buying_is_off() -> None:
    variant = attrs.evolve(cr.PAGAT, buying=False)
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S", discard="8C", variant=variant)
    state = play(state, cr.DrawStock())
    assert (state.phase, state.to_act, state.buy_queue) == (cr.Phase.PLAY, 0, ())
    assert state.hands[0] == cards("2C 5D 9H 4S")
    assert state.discard == cards("8C")
    refused(state, cr.Buy(), "R13")


def test_r19_only_the_player_asked_may_buy() -> None:
    state = cr.apply(cr.new_game(seed=1), cr.DrawStock())
    assert state.phase is cr.Phase.BUY
    asked = state.to_act
    assert asked is not None
    waiting = state.window.queue[0]
    with pytest.raises(cr.IllegalActionError, match=rf"^R19: player {asked} is asked"):
        cr.apply(state, cr.Buy(), player=waiting)
    with pytest.raises(cr.IllegalActionError, match=r"^R19"):
        cr.apply(state, cr.Pass(), player=state.active)
    assert cr.is_legal(state, cr.Buy(), player=asked)


def four_discards() -> cr.RoundState:
    """Each player in turn has drawn and discarded: 4C (0), 5C (1), 6C (2), 7C (3)."""
    state = deal(
        "2H 3H 4H",
        "2S 3S 4S",
        "2D 3D 4D",
        "9S 9H 9D",
        stock="4C 5C 6C 7C 8D 9C 10H JH QH",
        discard="KH",
    )
    state = quiet_turns(state, 4)
    assert state.discard == seq("KH 4C 5C 6C 7C")
    assert state.discarded_by == (None, 0, 1, 2, 3)
    assert (state.active, state.stock[:5]) == (0, seq("8D 9C 10H JH QH"))
    return state


def test_r20_buys_go_on_from_the_active_players_left_skipping_the_last_buyer() -> None:
    state = play(four_discards(), cr.DrawStock())
    assert (state.to_act, state.buy_queue) == (1, (2, 3))
    state = play(state, cr.Buy())  # player 1 buys 7C, penalty 8D
    assert state.hands[1] == cards("2S 3S 4S 7C 8D")
    assert state.discard[-1] == card("6C")
    # 6C was discarded by player 2, who buys last (R21); player 1 just bought (R20).
    assert (state.phase, state.to_act, state.buy_queue) == (cr.Phase.BUY, 3, (2,))
    state = play(state, cr.Pass(), cr.Buy())  # player 2 buys back 6C, penalty 9C
    assert state.hands[2] == cards("2D 3D 4D 6C 9C")
    # 5C was discarded by player 1: A-B-A is allowed, with player 1 last in line.
    assert (state.to_act, state.buy_queue) == (3, (1,))
    state = play(state, cr.Pass(), cr.Buy())  # player 1 buys 5C, penalty 10H
    assert state.hands[1] == cards("2S 3S 4S 7C 8D 5C 10H")
    assert state.buys == (0, 2, 1, 0)
    # 4C was the active player's own discard: they are never asked.
    assert (state.to_act, state.buy_queue) == (2, (3,))
    state = play(state, cr.Pass(), cr.Pass())
    assert (state.phase, state.active, state.to_act) == (cr.Phase.PLAY, 0, 0)
    assert state.hands[0] == cards("2H 3H 4H JH")  # then the active player draws
    assert state.discard == seq("KH 4C")


def test_r20_the_active_player_is_never_asked() -> None:
    state = play(four_discards(), cr.DrawStock())
    seen = []
    while state.phase is cr.Phase.BUY:
        seen.append(state.to_act)
        assert 0 not in state.buy_queue
        state = play(state, cr.Buy())
    assert 0 not in seen
    # Each buy re-offers from the active player's left, skipping the last buyer and moving
    # the card's discarder to the end: 7C (by 3), 6C (by 2), 5C (by 1), 4C (by 0), KH.
    assert seen == [1, 3, 2, 1, 2]
    assert state.phase is cr.Phase.PLAY
    assert state.active == 0


def test_r21_the_discarder_buys_back_with_the_lowest_priority() -> None:
    state = play(four_discards(), cr.DrawStock(), cr.Buy())  # player 1 buys 7C
    # 6C is on top, discarded by player 2: asked after player 3, though 2 sits closer.
    assert state.discarded_by[-1] == 2
    assert (state.to_act, state.buy_queue) == (3, (2,))
    state = play(state, cr.Pass(), cr.Buy())
    assert state.hands[2] == cards("2D 3D 4D 6C 9C")


def test_r20_the_last_buyer_is_skipped_even_for_their_own_discard() -> None:
    state = play(four_discards(), cr.DrawStock(), cr.Pass(), cr.Buy())  # player 2 buys 7C
    assert state.hands[2] == cards("2D 3D 4D 7C 8D")
    # 6C is player 2's own discard, but player 2 made the last buy (R20).
    assert (state.to_act, state.buy_queue) == (1, (3,))


def test_r21_players_who_are_down_may_buy() -> None:
    state = deal(
        "2H 3H 4H",
        "QC QD QH KC KD KH 5S",
        P2,
        P3,
        stock="4C 5C 6C 7C 8C 9D 10H",
    )
    state = quiet_turn(state)
    state = play(draw(state), go_down("QC QD QH", "KC KD KH"), cr.Discard(card("5S")))
    assert state.down == (False, True, False, False)
    state = quiet_turns(state, 2)
    state = play(state, cr.DrawStock())
    assert (state.to_act, state.buy_queue) == (1, (2, 3))
    state = play(state, cr.Buy())
    assert state.hands[1] == cards("5C 7C 8C")
    assert state.buys == (0, 1, 0, 0)


def crowded(stock: str, discard: str) -> cr.RoundState:
    """A round whose stock and discard pile are exactly as given: the hands hold the rest."""
    left = Counter(cr.PAGAT.deck(4))
    left.subtract([*cr.parse_cards(stock), *cr.parse_cards(discard)])
    rest = sorted(left.elements())
    hands = [" ".join(str(c) for c in rest[p::4]) for p in range(4)]
    state = deal(*hands, stock=stock, discard=discard, rest=False)
    assert state.stock == cr.parse_cards(stock)
    assert state.discard == cr.parse_cards(discard)
    return state


def test_r21_nobody_is_asked_when_no_penalty_card_can_be_drawn() -> None:
    # Once 9D is bought, 5C is the top and nothing is left under it for the penalty.
    state = crowded(stock="", discard="5C 9D")
    hands = state.hands
    state = play(state, cr.DrawStock())
    assert (state.phase, state.to_act, state.buys) == (cr.Phase.PLAY, 0, (0, 0, 0, 0))
    assert state.hands[1:] == hands[1:]
    assert Counter(state.hands[0]) - Counter(hands[0]) == Counter(cards("5C"))  # R27 refill
    assert state.discard == cards("9D")


def test_r21_the_window_closes_when_the_penalty_runs_out() -> None:
    state = crowded(stock="KH", discard="2C 5C 9D")
    hands = state.hands
    state = play(state, cr.DrawStock())
    assert (state.phase, state.to_act) == (cr.Phase.BUY, 1)
    state = play(state, cr.Buy())
    assert Counter(state.hands[1]) - Counter(hands[1]) == Counter(cards("9D KH"))
    # 5C could only be bought with 2C as the penalty, which would leave no visible top.
    assert (state.phase, state.to_act) == (cr.Phase.PLAY, 0)
    assert Counter(state.hands[0]) - Counter(hands[0]) == Counter(cards("2C"))
    assert state.discard == cards("5C")


def test_r21_the_bought_card_leaves_before_the_penalty_is_drawn() -> None:
    state = crowded(stock="", discard="2C 5C 9D")
    hands = state.hands
    state = play(state, cr.DrawStock())
    assert (state.phase, state.to_act) == (cr.Phase.BUY, 1)
    state = play(state, cr.Buy())
    # 9D leaves, then 2C (under the new top 5C) becomes the stock and is the penalty.
    assert Counter(state.hands[1]) - Counter(hands[1]) == Counter(cards("9D 2C"))
    assert state.discard == seq("5C")
    # R27: the active player can then draw nothing, and the round ends with no winner.
    assert state.phase is cr.Phase.ROUND_OVER
    assert state.penalties is not None
    assert all(points > 0 for points in state.penalties)


def test_r21_a_variant_cap_stops_a_player_being_asked() -> None:
    capped = attrs.evolve(cr.PAGAT, max_buys=1)
    for variant, queue in ((cr.PAGAT, (0, 1)), (capped, (0,))):
        state = deal("2H 3H 4H", "2S 3S 4S", "2D 3D 4D", "9S 9H 9D", discard="KH", variant=variant)
        state = play(state, cr.DrawStock(), cr.Buy())
        assert state.buys == (0, 1, 0, 0)
        state = pass_all(state)
        state = play(state, cr.Discard(card("2H")))
        state = quiet_turn(state)  # player 1's turn
        state = play(state, cr.DrawStock())  # player 2 chooses the stock
        assert (state.to_act, state.buy_queue) == (3, queue)


def test_r22_the_card_turned_up_at_the_deal_can_be_bought() -> None:
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S", discard="QH")
    assert state.discarded_by == (None,)
    state = play(state, cr.DrawStock())
    assert (state.phase, state.to_act, state.buy_queue) == (cr.Phase.BUY, 1, (2, 3))
    state = play(state, cr.Pass(), cr.Buy())
    assert state.hands[2] == cards("10D JD QD QH 4S")
    state = pass_all(state)
    assert state.hands[0] == cards("2C 5D 9H 6S")
