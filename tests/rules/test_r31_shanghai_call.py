"""Scenario tests for the Shanghai call (R31), sentence by sentence, and random play with it.

R31. The Shanghai call (``shanghai-11``): "When the active player's turn begins with a card on
the discard pile (the card turned up at the deal included), the buy window opens before the
draw: the other players, in order from the active player's left, may ask for the top discard
(``Buy``) or ``Pass``. The first request closes the asking, and the active player answers:
``TakeDiscard`` takes the card as their own draw, with no penalty, and blocks the request;
``DrawStock`` grants it: the requester takes the discard and the penalty card, then the active
player draws the top of the stock and plays. At most one buy per turn. When nobody asks, the
active player draws as usual. Buy caps (R21 variants) apply to requests, and so does R21: the
player who discarded the top card may ask for it back, asked last. A request may be granted
when the stock is short: the penalty card and the active player's draw then come under R27 (and
may end the round)."

Each scenario deals a small position with :func:`scenario.deal` (player 0 active unless
said otherwise, the rest of the deck under the given stock); refusals are checked with
:func:`scenario.refused`.

Also tested: tests/test_cli_rules.py, tests/test_engine_api.py.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from scenario import card, cards, deal, pass_all, play, refused, seq

#: The call on the default profile.
CALL = attrs.evolve(cr.PAGAT, name="pagat with the call", shanghai_call=True)

P1 = "10C JC QC"
P2 = "10D JD QD"
P3 = "KC KD 3H"


def asked(state: cr.RoundState) -> list[int]:
    """The players asked in turn, each passing, until the asking is over."""
    seen = []
    while state.phase is cr.Phase.BUY:
        assert state.to_act is not None
        seen.append(state.to_act)
        state = play(state, cr.Pass())
    return seen


# == "When the active player's turn begins with a card on the discard pile ..." ==============


def test_r31_the_asking_opens_before_the_draw_on_the_card_turned_up_at_the_deal() -> None:
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S", discard="QH", variant=CALL)
    assert state.discarded_by == (None,)
    assert (state.phase, state.active, state.to_act) == (cr.Phase.BUY, 0, 1)
    assert state.window == cr.BuyWindow((2, 3))
    assert state.hands[0] == cards("2C 5D 9H")  # the active player has not drawn
    assert list(cr.legal_actions(state)) == [cr.Buy(), cr.Pass()]


def test_r31_the_asking_opens_at_every_turn_that_begins_with_a_discard() -> None:
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S 8S", discard="QH", variant=CALL)
    state = play(pass_all(state), cr.DrawStock(), cr.Discard(card("2C")))
    # Player 1's turn begins with 2C on the pile: the others are asked before the draw.
    assert (state.phase, state.active, state.to_act) == (cr.Phase.BUY, 1, 2)
    assert state.window == cr.BuyWindow((3, 0))
    assert state.hands[1] == cards(P1)


def test_r31_no_asking_when_the_discard_pile_is_empty() -> None:
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S", discard="", variant=CALL)
    assert (state.phase, state.to_act, state.window) == (cr.Phase.DRAW, 0, cr.NO_WINDOW)
    assert list(cr.legal_actions(state)) == [cr.DrawStock()]
    state = play(state, cr.DrawStock())
    assert (state.phase, state.hands[0]) == (cr.Phase.PLAY, cards("2C 5D 9H 4S"))


# == "... in order from the active player's left, may ask (Buy) or Pass" ====================


def test_r31_players_are_asked_in_order_from_the_active_players_left() -> None:
    state = deal(P1, P2, P3, "2C 5D 9H", stock="4S", discard="8C", dealer=2, variant=CALL)
    assert state.active == 3
    assert asked(state) == [0, 1, 2]


def test_r31_the_discarder_is_asked_last_or_not_at_all_as_r21_says() -> None:
    for variant, order in (
        (CALL, [2, 3, 0]),
        (attrs.evolve(CALL, discarder_may_buy=False), [2, 3]),
    ):
        state = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S", discard="QH", variant=variant)
        state = play(pass_all(state), cr.DrawStock(), cr.Discard(card("2C")))
        assert state.discarded_by[-1] == 0
        assert asked(state) == order


def test_r31_players_who_are_down_are_not_asked_when_the_variant_says_so() -> None:
    variant = attrs.evolve(CALL, down_players_may_buy=False)
    state = deal(
        "2H 3H 4H", "QC QD QH KC KD KH 5S", P2, P3, stock="4C 5C 6C 7C 8C", variant=variant
    )
    state = play(pass_all(state), cr.DrawStock(), cr.Discard(card("4C")))
    state = play(pass_all(state), cr.DrawStock())
    state = play(state, cr.GoDown([cr.meld("QC QD QH"), cr.meld("KC KD KH")]))
    state = play(state, cr.Discard(card("5S")))
    assert state.down == (False, True, False, False)
    # Player 2's turn: player 1 (down) is never asked.
    assert asked(state) == [3, 0]


# == "The first request closes the asking, and the active player answers" ===================


def requested() -> cr.RoundState:
    """Player 1 passes and player 2 asks for QH; player 3 is never asked."""
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S 8S", discard="7D QH", variant=CALL)
    return play(state, cr.Pass(), cr.Buy())


def test_r31_the_first_request_closes_the_asking() -> None:
    before = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S 8S", discard="7D QH", variant=CALL)
    state = requested()
    assert (state.phase, state.active, state.to_act) == (cr.Phase.DRAW, 0, 0)
    assert state.window == cr.BuyWindow(requester=2)
    # Nothing moved yet: the request waits for the active player's answer.
    assert state.hands == before.hands
    assert (state.stock, state.discard) == (before.stock, before.discard)
    assert state.buys == (0, 0, 0, 0)
    assert list(cr.legal_actions(state)) == [cr.DrawStock(), cr.TakeDiscard()]
    refused(state, cr.Buy(), "R31")
    refused(state, cr.Pass(), "R31")


# == "TakeDiscard takes the card as their own draw, with no penalty, and blocks it" =========


def test_r31_taking_the_discard_blocks_the_request_with_no_penalty() -> None:
    state = requested()
    after, events = cr.step(state, cr.TakeDiscard())
    assert events == (cr.TookDiscard(0, card("QH"), blocked=2),)
    assert (after.phase, after.to_act, after.window) == (cr.Phase.PLAY, 0, cr.NO_WINDOW)
    assert after.hands[0] == cards("2C 5D 9H QH")
    assert after.hands[1:] == state.hands[1:]  # the requester gets nothing
    assert after.stock == state.stock  # no penalty card for anyone
    assert after.discard == seq("7D")
    assert after.buys == (0, 0, 0, 0)
    # The taken card is the turn's draw, and R17 keeps it in hand as usual.
    assert after.kept_card == card("QH")
    refused(after, cr.Discard(card("QH")), "R17")
    after = play(after, cr.Discard(card("2C")))
    assert after.active == 1


# == "DrawStock grants it: the requester takes the discard and the penalty card, then the ====
# == active player draws the top of the stock and plays" =====================================


def test_r31_choosing_the_stock_grants_the_request() -> None:
    state = requested()
    after, events = cr.step(state, cr.DrawStock())
    assert events == (cr.Bought(2, card("QH"), seq("4S")), cr.Drew(0, card("6S")))
    assert after.hands[2] == cards(f"{P2} QH 4S")
    assert after.hands[0] == cards("2C 5D 9H 6S")
    assert after.hands[1] == state.hands[1]
    assert after.hands[3] == state.hands[3]
    assert after.stock[0] == card("8S")
    assert after.discard == seq("7D")
    assert after.buys == (0, 0, 1, 0)
    assert (after.phase, after.active, after.to_act) == (cr.Phase.PLAY, 0, 0)
    # The requester neither melds nor discards; the active player plays their turn.
    after = play(after, cr.Discard(card("6S")))
    assert after.active == 1


def test_r31_a_granted_request_draws_its_penalty_as_any_buy_does() -> None:
    variant = attrs.evolve(CALL, buy_penalty=2)
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S 8S", discard="7D QH", variant=variant)
    state = play(state, cr.Buy(), cr.DrawStock())
    assert state.hands[1] == cards(f"{P1} QH 4S 6S")
    assert state.hands[0] == cards("2C 5D 9H 8S")


# == "At most one buy per turn" ===============================================================


def test_r31_at_most_one_buy_per_turn() -> None:
    state = play(requested(), cr.DrawStock())
    # 7D is now on top, but nobody is offered it: the turn goes on to the active player.
    assert state.top_discard == card("7D")
    assert state.phase is cr.Phase.PLAY
    assert not any(isinstance(a, cr.Buy | cr.Pass) for a in cr.legal_actions(state))
    blocked = play(requested(), cr.TakeDiscard())
    assert blocked.phase is cr.Phase.PLAY
    assert blocked.buys == (0, 0, 0, 0)


# == "When nobody asks, the active player draws as usual" =====================================


def test_r31_when_nobody_asks_the_active_player_draws_as_usual() -> None:
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S", discard="7D QH", variant=CALL)
    state = pass_all(state)
    assert (state.phase, state.to_act, state.window) == (cr.Phase.DRAW, 0, cr.NO_WINDOW)
    assert list(cr.legal_actions(state)) == [cr.DrawStock(), cr.TakeDiscard()]
    refused(state, cr.Buy(), "R31")
    refused(state, cr.Pass(), "R31")
    # The stock: the card is drawn at once, with no buy window after the draw (R18 is off).
    after, events = cr.step(state, cr.DrawStock())
    assert events == (cr.Drew(0, card("4S")),)
    assert (after.phase, after.hands[0]) == (cr.Phase.PLAY, cards("2C 5D 9H 4S"))
    assert after.discard == seq("7D QH")
    # The discard: taken as usual, blocking nobody.
    after, events = cr.step(state, cr.TakeDiscard())
    assert events == (cr.TookDiscard(0, card("QH")),)
    assert after.phase is cr.Phase.PLAY


def test_r31_nobody_is_asked_when_buying_is_off_or_no_penalty_card_can_be_drawn() -> None:
    off = attrs.evolve(CALL, buying=False)
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S", discard="QH", variant=off)
    assert (state.phase, state.to_act) == (cr.Phase.DRAW, 0)
    # With an empty stock and only the top card on the pile, no penalty card can be drawn.
    left = Counter(CALL.deck(4))
    left.subtract(cards("QH"))
    rest = sorted(left.elements())
    hands = [" ".join(str(c) for c in rest[p::4]) for p in range(4)]
    state = deal(*hands, stock="", discard="QH", rest=False, variant=CALL)
    assert (state.phase, state.to_act) == (cr.Phase.DRAW, 0)


# == "Buy caps (R21 variants) apply to requests" ==============================================


def test_r31_buy_caps_apply_to_requests() -> None:
    capped = attrs.evolve(CALL, max_buys=1)
    state = deal(
        "2H 3H 4H",
        "2S 3S 4S",
        "2D 3D 4D",
        "9S 9H 9D",
        stock="5C 6C 7C 8C 9C",
        discard="KH",
        variant=capped,
    )
    state = play(state, cr.Buy(), cr.DrawStock())  # player 1's request for the up-card
    assert state.buys == (0, 1, 0, 0)
    state = play(state, cr.Discard(card("2H")))
    # Player 1's own turn: the others are asked as usual.
    assert asked(state) == [2, 3, 0]
    state = play(pass_all(state), cr.DrawStock())
    state = play(state, cr.Discard(card("2S")))
    # Player 2's turn: player 1, at the cap, is skipped.
    assert asked(state) == [3, 0]
    # A cap of 0 asks nobody.
    none = attrs.evolve(CALL, max_buys=0)
    state = deal("2H 3H 4H", "2S 3S 4S", "2D 3D 4D", "9S 9H 9D", discard="KH", variant=none)
    assert (state.phase, state.to_act) == (cr.Phase.DRAW, 0)


# == refusals =================================================================================


def test_r31_refusals_cite_r31() -> None:
    state = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S 8S", discard="7D QH", variant=CALL)
    # While the others are asked, the active player may not draw, nor anyone play.
    asking: tuple[cr.Action, ...] = (
        cr.DrawStock(),
        cr.TakeDiscard(),
        cr.Discard(card("2C")),
        cr.NextRound(),
    )
    for action in asking:
        message = refused(state, action, "R31")
        assert "player 1 may ask for the top discard" in message
    # While a request waits, only the active player's answer is possible.
    pending = requested()
    answering: tuple[cr.Action, ...] = (cr.Buy(), cr.Pass(), cr.Discard(card("2C")))
    for action in answering:
        message = refused(pending, action, "R31")
        assert "answers player 2's request" in message


def test_r31_only_the_player_asked_may_call() -> None:
    state = cr.new_game(cr.SHANGHAI_11, seed=5)
    assert state.phase is cr.Phase.BUY
    wrong = state.active
    with pytest.raises(cr.IllegalActionError, match=r"^R31: player"):
        cr.apply(state, cr.Pass(), player=wrong)


# == the state ================================================================================


def _fields(state: cr.RoundState) -> dict[str, object]:
    return {field.name: getattr(state, field.name) for field in attrs.fields(cr.RoundState)}


def test_r31_the_states_of_the_call_are_valid_and_inconsistent_ones_are_refused() -> None:
    asking = deal("2C 5D 9H", P1, P2, P3, stock="4S 6S 8S", discard="7D QH", variant=CALL)
    pending = requested()
    for state in (asking, pending, pass_all(asking)):
        assert cr.RoundState(**_fields(state)) == state  # type: ignore[arg-type]
    bad = [
        (pending, {"window": cr.BuyWindow(requester=0)}, "requester must be a player other"),
        (pending, {"window": cr.BuyWindow(requester=7)}, "requester must be a player other"),
        (pending, {"window": cr.BuyWindow((3,), requester=2)}, "nobody else is asked"),
        (pending, {"variant": cr.PAGAT}, "pagat has no Shanghai call"),
        (pending, {"buys": (0, 0, 1, 0), "variant": attrs.evolve(CALL, max_buys=1)}, "cap"),
        (asking, {"window": cr.BuyWindow((2, 3), requester=2)}, "answered in phase DRAW"),
        (asking, {"window": cr.BuyWindow((2,), last_buyer=3)}, "one buy a turn"),
        (
            asking,
            {"buys": (0, 1, 0, 0), "variant": attrs.evolve(CALL, max_buys=1)},
            "R21: player 1 is at the cap of 1 buys",
        ),
    ]
    for state, changes, message in bad:
        with pytest.raises(cr.InvalidStateError, match=message):
            attrs.evolve(state, **changes)  # type: ignore[arg-type]
    played = play(pending, cr.TakeDiscard())
    with pytest.raises(cr.InvalidStateError, match="no buy window is open in phase PLAY"):
        attrs.evolve(played, window=cr.BuyWindow(requester=2))


# == random play ==============================================================================

#: Far more actions than any game takes: reaching it fails the test.
MAX_ACTIONS = 20_000

CALL_VARIANTS = {
    "pagat with the call": CALL,
    "shanghai-11 rules": attrs.evolve(
        cr.PAGAT,
        name="shanghai-11",
        shanghai_call=True,
        aces=cr.AceRule.HIGH,
        max_run_length=13,
        ladder=tuple((contract, 11) for contract, _ in cr.PAGAT.ladder),
    ),
    "capped, no buying back, two penalty cards": attrs.evolve(
        CALL, max_buys=1, discarder_may_buy=False, buy_penalty=2, max_reshuffles=1
    ),
    "down players may not ask, 3-6 players": attrs.evolve(
        CALL,
        min_players=3,
        max_players=6,
        jokers=cr.JokerRule.PLAYERS_MINUS_ONE,
        down_players_may_buy=False,
    ),
}

#: Actions tried in every state besides the listed ones.
SIMPLE: tuple[cr.Action, ...] = (
    cr.DrawStock(),
    cr.TakeDiscard(),
    cr.Buy(),
    cr.Pass(),
    cr.NextRound(),
)


def _check_agreement(state: cr.RoundState) -> list[cr.Action]:
    """``legal_actions`` and ``apply`` agree on the simple actions and every discard."""
    listed = list(cr.legal_actions(state))
    assert len(set(listed)) == len(listed)
    hand = state.hands[state.to_act] if state.to_act is not None else ()
    for action in (*SIMPLE, *(cr.Discard(c) for c in set(hand))):
        legal = action in listed
        assert cr.is_legal(state, action) == legal
        if legal:
            cr.apply(state, action)
        else:
            with pytest.raises(cr.IllegalActionError):
                cr.apply(state, action)
    return listed


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CALL_VARIANTS))
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
@settings(max_examples=max(1, settings().max_examples // 40), deadline=None)  # 1, or 50
def test_r31_random_games_with_the_call_keep_the_deck_and_agree(
    name: str, seed: int, players: int
) -> None:
    variant = CALL_VARIANTS[name]
    players = min(max(players, variant.min_players), variant.max_players)
    chooser = random.Random(seed)
    state = cr.new_game(variant, seed=seed, players=players)
    deck = Counter(variant.deck(players))
    kinds: Counter[str] = Counter()
    for _ in range(MAX_ACTIONS):
        if state.phase is cr.Phase.GAME_OVER:
            break
        held = Counter(c for hand in state.hands for c in hand)
        held.update(state.stock)
        held.update(state.discard)
        held.update(c for placed in state.table for c in placed.cards)
        assert held == deck
        listed = _check_agreement(state)
        action = listed[chooser.randrange(len(listed))]
        before = state
        state, events = cr.step(state, action)
        assert cr.RoundState(**_fields(state)) == state  # type: ignore[arg-type]
        if before.phase is cr.Phase.DRAW and before.window.requester is not None:
            kinds["granted" if isinstance(action, cr.DrawStock) else "blocked"] += 1
        if state.phase is cr.Phase.PLAY and before.phase is not cr.Phase.PLAY:
            # One buy per turn at most: the turn's buys are the answer to a request.
            assert sum(isinstance(e, cr.Bought) for e in events) <= 1
    else:
        pytest.fail(f"the game of seed {seed} did not end in {MAX_ACTIONS} actions")
    assert kinds["granted"] + kinds["blocked"] > 0


@pytest.mark.slow
def test_r31_bots_play_games_with_the_call_to_the_end() -> None:
    for variant in CALL_VARIANTS.values():
        players = 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players
        for bots in (
            [cr.GreedyBot()] * players,
            [cr.RandomBot(seed=p) for p in range(players)],
            [cr.GreedyBot() if p % 2 else cr.RandomBot(seed=p) for p in range(players)],
        ):
            final = cr.play_game(bots, variant=variant, seed=11, max_actions=MAX_ACTIONS)
            assert final.phase is cr.Phase.GAME_OVER
            assert final.winners
