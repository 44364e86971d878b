"""Tests of R13: a turn.

R13. The three steps of a turn: "The active player takes the top card of the stock or of the
    discard pile, may then meld, and ends the turn by discarding one card."

Also tested: tests/test_engine_api.py, tests/test_events.py, tests/test_heuristic_bot.py,
    tests/test_playing.py.
"""

from __future__ import annotations

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
    melds_of,
    of_kind,
    pass_all,
    play,
    quiet_turn,
    refused,
)


def test_r13_draw_meld_discard_then_next_player_clockwise() -> None:
    state = deal("7C 7D 7H 9S 9D 9H 2C 4D 6S KH", P1, P2, P3, stock="3C", discard="QH")
    assert (state.phase, state.active, state.to_act) == (cr.Phase.DRAW, 0, 0)
    assert list(cr.legal_actions(state)) == [cr.DrawStock(), cr.TakeDiscard()]

    state = draw(state)
    assert state.phase is cr.Phase.PLAY
    assert state.hands[0] == cards("7C 7D 7H 9S 9D 9H 2C 4D 6S KH 3C")

    state = play(state, go_down("7C 7D 7H", "9S 9D 9H"))
    assert state.phase is cr.Phase.PLAY
    assert state.active == 0
    assert melds_of(state) == [("7C 7D 7H", 0), ("9D 9H 9S", 0)]

    state = play(state, cr.Discard(card("KH")))
    assert state.hands[0] == cards("2C 3C 4D 6S")
    assert state.discard[-1] == card("KH")
    assert state.discarded_by[-1] == 0
    assert (state.phase, state.active, state.to_act) == (cr.Phase.DRAW, 1, 1)

    state = quiet_turn(state)
    assert (state.active, state.to_act) == (2, 2)
    state = quiet_turn(state)
    assert (state.active, state.to_act) == (3, 3)
    state = quiet_turn(state)
    assert (state.phase, state.active, state.to_act) == (cr.Phase.DRAW, 0, 0)


def test_r13_take_the_discard_then_discard_ends_the_turn() -> None:
    state = deal("2C 5D 9H KS", P1, P2, P3, discard="4C QH")
    state = play(state, cr.TakeDiscard())
    assert state.phase is cr.Phase.PLAY
    assert state.hands[0] == cards("2C 5D 9H KS QH")
    assert state.discard == cards("4C")
    state = play(state, cr.Discard(card("2C")))
    assert state.hands[0] == cards("5D 9H KS QH")
    assert state.discard == (card("4C"), card("2C"))
    assert (state.phase, state.active) == (cr.Phase.DRAW, 1)


def test_r13_actions_of_the_wrong_phase_are_refused() -> None:
    state = deal("7C 7D 7H 9S 9D 9H 2C", P1, P2, P3, stock="3C", discard="QH")
    # DRAW: only DrawStock or TakeDiscard.
    not_now: tuple[cr.Action, ...] = (
        cr.Discard(card("2C")),
        go_down("7C 7D 7H", "9S 9D 9H"),
        cr.LayOff(card("2C"), 0),
        cr.SwapJoker(card("2C"), 0, 0),
        cr.Buy(),
        cr.Pass(),
        cr.NextRound(),
    )
    for action in not_now:
        refused(state, action, "R13")

    # BUY: the player asked buys or passes; nobody else does anything (R19).
    buying = play(state, cr.DrawStock())
    assert (buying.phase, buying.to_act) == (cr.Phase.BUY, 1)
    not_now = (
        cr.DrawStock(),
        cr.TakeDiscard(),
        cr.Discard(card("2C")),
        go_down("7C 7D 7H", "9S 9D 9H"),
        cr.LayOff(card("2C"), 0),
        cr.NextRound(),
    )
    for action in not_now:
        refused(buying, action, "R19")

    # PLAY: no second draw, no buy.
    playing = pass_all(buying)
    assert playing.phase is cr.Phase.PLAY
    not_now = (cr.DrawStock(), cr.TakeDiscard(), cr.Buy(), cr.Pass(), cr.NextRound())
    for action in not_now:
        refused(playing, action, "R13")

    # The discard pile may be empty: then only the stock can be drawn from.
    empty = deal("7C 7D 7H", P1, P2, P3)
    assert empty.discard == ()
    refused(empty, cr.TakeDiscard(), "R13")
    assert list(cr.legal_actions(empty)) == [cr.DrawStock()]


def test_r13_discarding_a_card_not_held_is_refused() -> None:
    state = draw(deal("7C 7D 7H 9S 9D 9H 2C", P1, P2, P3, stock="3C", discard="QH"))
    refused(state, cr.Discard(card("QH")), "R13")  # the top discard, not taken
    refused(state, cr.Discard(card("AS")), "R13")
    refused(state, cr.Discard(cr.JOKER), "R13")
    discards = of_kind(state, cr.Discard)
    assert sorted(a.card for a in discards if isinstance(a, cr.Discard)) == list(
        cards("7C 7D 7H 9S 9D 9H 2C 3C")
    )
