"""Scenario tests for a turn, buying, jokers and the last round: rules R13-R24 of RULES.md.

Each test deals a small position with :func:`scenario.deal` (player 0 active unless said
otherwise, the rest of the deck under the given stock) and plays it through the public API.
Every refusal is checked with :func:`scenario.refused`: the action raises
``IllegalActionError`` citing its rule, is not listed by ``legal_actions``, and changes nothing.
"""

from __future__ import annotations

from collections import Counter

import attrs

import contract_rummy as cr
from scenario import (
    HIGH,
    LOW,
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
    quiet_turns,
    refused,
    seq,
    where,
)

# == R13: draw, meld, discard =================================================================


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


# == R14: going down ==========================================================================


ROUND1 = "7C 7D 7H 7S 9S 9D 9H 5C 5D 5H 8C 8D 8H"


def test_r14_going_down_needs_exactly_the_contract() -> None:
    state = draw(deal(ROUND1, P1, P2, P3, stock="2S"))
    refused(state, go_down("7C 7D 7H"), "R14")  # partial contract
    refused(state, cr.GoDown([]), "R14")
    refused(state, go_down("7C 7D 7H 7S", "9S 9D 9H"), "R14")  # a group of 4 in round 1
    refused(state, go_down("7C 7D 7H", "9S 9D 9H", "5C 5D 5H"), "R14")  # an extra meld
    go_downs = of_kind(state, cr.GoDown)
    assert go_downs
    for action in go_downs:
        assert isinstance(action, cr.GoDown)
        assert len(action.melds) == 2
        assert all(isinstance(m, cr.Group) and len(m) == 3 for m in action.melds)

    state = play(state, go_down("7C 7D 7H", "9S 9D 9H"))
    assert state.down == (True, False, False, False)
    assert state.hands[0] == cards("5C 5D 5H 8C 8D 8H 2S 7S")


def test_r14_round_2_needs_a_group_of_3_and_a_run_of_4() -> None:
    hand = "7C 7D 7H 7S 3S 4S 5S 6S 8S 9C 9D 9H"
    state = draw(deal(hand, P1, P2, P3, stock="2D", round_number=2))
    refused(state, go_down("7C 7D 7H", "9C 9D 9H"), "R14")  # two groups
    refused(state, go_down("7C 7D 7H", "4S 5S 6S 7S 8S"), "R14")  # a run of 5
    refused(state, go_down("7C 7D 7H 7S", "3S 4S 5S 6S"), "R14")  # a group of 4
    state = play(state, go_down("9C 9D 9H", "4S 5S 6S 7S"))
    assert melds_of(state) == [("9C 9D 9H", 0), ("4S 5S 6S 7S", 0)]


def test_r14_going_down_twice_and_new_melds_after_are_refused() -> None:
    state = draw(deal(ROUND1, P1, P2, P3, stock="2S"))
    state = play(state, go_down("7C 7D 7H", "9S 9D 9H"))
    before = state.table
    refused(state, go_down("5C 5D 5H", "8C 8D 8H"), "R14")  # the same turn
    assert not of_kind(state, cr.GoDown)
    state = play(state, cr.Discard(card("2S")))
    state = draw(quiet_turns(state, 3))
    assert state.active == 0
    refused(state, go_down("5C 5D 5H", "8C 8D 8H"), "R14")  # a later turn
    assert not of_kind(state, cr.GoDown)
    assert state.table == before


# == R15: laying off ==========================================================================


def r15_table() -> cr.RoundState:
    """Round 2: player 0 goes down, then player 1 goes down; players 2, 3 take quiet turns."""
    state = deal(
        "7C 7D 7H 5S 6S 7S 8S 4S 9S 10S 7S JK QS AH KD",
        "QC QD QH 2H 3H 4H 5H 7C KH",
        P2,
        P3,
        stock="3D 4C 6C 8C 9D",
        round_number=2,
    )
    state = draw(state)
    state = play(state, go_down("7C 7D 7H", "5S 6S 7S 8S"))
    group, run = where(state, "7C 7D 7H"), where(state, "5S 6S 7S 8S")
    # R15: never on the turn of going down.
    refused(state, cr.LayOff(card("4S"), run), "R15")
    refused(state, cr.LayOff(card("7S"), group), "R15")
    refused(state, cr.LayOff(cr.JOKER, group), "R15")
    assert not of_kind(state, cr.LayOff)
    state = play(state, cr.Discard(card("3D")))

    # Player 1, not down yet, cannot lay off on player 0's melds.
    state = draw(state)
    assert state.active == 1
    refused(state, cr.LayOff(card("7C"), group), "R15")
    assert not of_kind(state, cr.LayOff)
    state = play(state, go_down("QC QD QH", "2H 3H 4H 5H"))
    state = play(state, cr.Discard(card("KH")))
    state = quiet_turns(state, 2)
    return draw(state)


def test_r15_lay_offs_start_on_the_next_own_turn() -> None:
    state = r15_table()
    assert state.active == 0
    group, run = where(state, "7C 7D 7H"), where(state, "5S 6S 7S 8S")
    state = play(state, cr.LayOff(card("7S"), group))
    assert state.table[group].meld == cr.meld("7C 7D 7H 7S")
    state = play(state, cr.LayOff(card("4S"), run))
    state = play(state, cr.LayOff(card("9S"), run))
    state = play(state, cr.LayOff(card("10S"), run))
    assert state.table[run].meld == cr.meld("4S 5S 6S 7S 8S 9S 10S")
    assert state.hands[0] == cards("AH QS KD JK 9D")


def test_r15_lay_off_on_another_players_melds() -> None:
    state = r15_table()
    queens, hearts = where(state, "QC QD QH"), where(state, "2H 3H 4H 5H")
    assert state.table[queens].owner == 1
    state = play(state, cr.LayOff(card("QS"), queens))
    state = play(state, cr.LayOff(card("AH"), hearts))
    assert state.table[queens] == cr.TableMeld(cr.meld("QC QD QH QS"), 1)
    assert state.table[hearts] == cr.TableMeld(cr.meld("AH 2H 3H 4H 5H"), 1)
    assert state.hands[1] == cards("7C 4C")  # player 1's hand is not touched


def test_r15_only_the_rank_or_the_next_card_fits() -> None:
    state = r15_table()
    group, run = where(state, "7C 7D 7H"), where(state, "5S 6S 7S 8S")
    hearts = where(state, "2H 3H 4H 5H")
    refused(state, cr.LayOff(card("KD"), group), "R15")  # wrong rank
    refused(state, cr.LayOff(card("KD"), run), "R15")
    refused(state, cr.LayOff(card("10S"), run), "R15")  # two places above the run
    refused(state, cr.LayOff(card("7S"), run), "R15")  # inside the run
    refused(state, cr.LayOff(card("AH"), run), "R15")  # wrong suit
    refused(state, cr.LayOff(card("6S"), run), "R15")  # not held
    refused(state, cr.LayOff(card("QS"), hearts), "R15")
    refused(state, cr.LayOff(card("7S"), len(state.table)), "R15")  # no such meld
    refused(state, cr.LayOff(card("7S"), -1), "R15")
    lay_offs = {a for a in of_kind(state, cr.LayOff) if isinstance(a, cr.LayOff)}
    assert {(str(a.card), a.target, a.end) for a in lay_offs if not a.card.is_joker} == {
        ("7S", group, None),
        ("4S", run, None),
        ("9S", run, None),
        ("QS", where(state, "QC QD QH"), None),
        ("AH", hearts, None),
    }


def test_r15_end_is_given_only_when_both_ends_fit() -> None:
    state = r15_table()
    group, run = where(state, "7C 7D 7H"), where(state, "5S 6S 7S 8S")
    # A natural card fits one end only: end=None is its only form.
    refused(state, cr.LayOff(card("4S"), run, LOW), "R15")
    refused(state, cr.LayOff(card("9S"), run, HIGH), "R15")
    refused(state, cr.LayOff(card("9S"), run, LOW), "R15")
    # A joker on a run fits both ends: the end must be said.
    refused(state, cr.LayOff(cr.JOKER, run), "R15")
    # A group has no ends.
    refused(state, cr.LayOff(cr.JOKER, group, HIGH), "R15")
    refused(state, cr.LayOff(card("7S"), group, LOW), "R15")
    jokers = {a for a in of_kind(state, cr.LayOff) if isinstance(a, cr.LayOff) and a.card.is_joker}
    assert {(a.target, a.end) for a in jokers} >= {(run, LOW), (run, HIGH), (group, None)}

    low = play(state, cr.LayOff(cr.JOKER, run, LOW))
    assert low.table[run].meld == cr.Run(cr.Suit.SPADES, 4, "JK 5S 6S 7S 8S")
    high = play(state, cr.LayOff(cr.JOKER, run, HIGH))
    assert high.table[run].meld == cr.Run(cr.Suit.SPADES, 5, "5S 6S 7S 8S JK")
    grouped = play(state, cr.LayOff(cr.JOKER, group))
    assert grouped.table[group].meld == cr.meld("7C 7D 7H JK")


def ace_table() -> cr.RoundState:
    """Round 2, player 0's second turn: their run of spades grown to 2..K by lay-offs."""
    state = deal(
        "9C 9D 9H 5S 6S 7S 8S 2S 3S 4S 9S 10S JS QS KS AS JK 4C 6D",
        P1,
        P2,
        P3,
        stock="2D 3C 4H 5C 6H",
        round_number=2,
    )
    state = play(draw(state), go_down("9C 9D 9H", "5S 6S 7S 8S"))
    state = play(state, cr.Discard(card("2D")))
    state = draw(quiet_turns(state, 3))
    run = where(state, "5S 6S 7S 8S")
    for text in ("4S", "3S", "2S", "9S", "10S", "JS", "QS", "KS"):
        state = play(state, cr.LayOff(card(text), run))
    assert state.table[run].meld == cr.Run(
        cr.Suit.SPADES, 2, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    )
    return state


def test_r15_an_ace_on_a_run_from_2_to_k_needs_its_end() -> None:
    state = ace_table()
    run = where(state, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    refused(state, cr.LayOff(card("AS"), run), "R15")
    refused(state, cr.LayOff(cr.JOKER, run), "R15")
    low = play(state, cr.LayOff(card("AS"), run, LOW))
    assert low.table[run].meld == cr.Run(
        cr.Suit.SPADES, 1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    )
    high = play(state, cr.LayOff(card("AS"), run, HIGH))
    assert high.table[run].meld == cr.Run(
        cr.Suit.SPADES, 2, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    )

    # Now one end is an ace: a joker fits the other end only, so end is not given.
    refused(low, cr.LayOff(cr.JOKER, run, HIGH), "R15")
    refused(low, cr.LayOff(cr.JOKER, run, LOW), "R15")
    full = play(low, cr.LayOff(cr.JOKER, run))
    assert full.table[run].meld == cr.Run(
        cr.Suit.SPADES, 1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"
    )
    refused(high, cr.LayOff(cr.JOKER, run, LOW), "R15")
    assert play(high, cr.LayOff(cr.JOKER, run)).table[run].meld == cr.Run(
        cr.Suit.SPADES, 1, "JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    )


# == R16: always a legal discard; going out by discarding =====================================


def test_r16_go_down_must_leave_a_card_to_discard() -> None:
    state = draw(deal("7C 7D 7H 9S 9D", P1, P2, P3, stock="9H"))
    assert state.hands[0] == cards("7C 7D 7H 9S 9D 9H")
    refused(state, go_down("7C 7D 7H", "9S 9D 9H"), "R16")
    assert not of_kind(state, cr.GoDown)
    assert cr.Discard(card("9H")) in cr.legal_actions(state)


def test_r16_go_down_leaving_only_the_taken_discard_is_refused() -> None:
    state = play(deal("7C 7D 7H 9S 9D 9H", P1, P2, P3, discard="KD"), cr.TakeDiscard())
    refused(state, go_down("7C 7D 7H", "9S 9D 9H"), "R16")
    assert not of_kind(state, cr.GoDown)


def test_r16_r17_without_a_final_discard_the_taken_discard_is_not_left_alone() -> None:
    variant = attrs.evolve(cr.PAGAT, final_discard=False)
    hand = "AC AC 2C 2C 3C 3C 4C 4C 6C JK JK"
    state = deal(hand, P1, P2, P3, discard="5C", variant=variant, round_number=6)
    state = play(state, cr.TakeDiscard())
    assert state.hands[0] == cards(hand + " 5C")
    assert state.kept_card == card("5C")
    # Going out needs no discard here, but 5C alone could be neither discarded nor played.
    refused(state, go_down("6C JK JK", "AC 2C 3C 4C", "AC 2C 3C 4C"), "R16")
    state = play(state, go_down("6C JK JK", "AC 2C 3C 4C", "2C 3C 4C 5C"))
    assert state.hands[0] == cards("AC")
    state = play(state, cr.Discard(card("AC")))
    assert state.phase is cr.Phase.ROUND_OVER


def lay_off_table() -> cr.RoundState:
    """Player 0 down in round 1, holding only 7S at the start of their second turn."""
    state = deal("7C 7D 7H 9S 9D 9H 7S", P1, P2, P3, stock="2D 4C 4D 4H 9C")
    state = play(draw(state), go_down("7C 7D 7H", "9S 9D 9H"), cr.Discard(card("2D")))
    state = quiet_turns(state, 3)
    assert state.hands[0] == cards("7S")
    assert state.discard[-1] == card("4H")
    return state


def test_r16_a_lay_off_must_leave_a_card_to_discard() -> None:
    state = draw(lay_off_table())
    assert state.hands[0] == cards("7S 9C")
    sevens, nines = where(state, "7C 7D 7H"), where(state, "9S 9D 9H")
    state = play(state, cr.LayOff(card("7S"), sevens))
    refused(state, cr.LayOff(card("9C"), nines), "R16")
    assert not of_kind(state, cr.LayOff)


def test_r16_a_lay_off_leaving_only_the_taken_discard_is_refused() -> None:
    state = play(lay_off_table(), cr.TakeDiscard())
    assert state.hands[0] == cards("7S 4H")
    refused(state, cr.LayOff(card("7S"), where(state, "7C 7D 7H")), "R16")
    assert not of_kind(state, cr.LayOff)
    state = play(state, cr.Discard(card("7S")))
    assert (state.phase, state.active, state.hands[0]) == (cr.Phase.DRAW, 1, cards("4H"))


def test_r16_going_out_by_discarding_the_last_card() -> None:
    state = draw(lay_off_table())
    state = play(state, cr.LayOff(card("7S"), where(state, "7C 7D 7H")))
    assert state.phase is cr.Phase.PLAY
    state = play(state, cr.Discard(card("9C")))
    assert state.phase is cr.Phase.ROUND_OVER
    assert state.hands[0] == ()
    # R25: 10C JC QC = 30, 10D JD QD = 30, KC KD 3H = 23; the player out scores 0.
    assert state.penalties == (0, 30, 30, 23)


def test_r16_a_swap_must_leave_a_card_to_discard() -> None:
    state = deal("9C 9D 9H 5S JK 7S 8S 6S", P1, P2, P3, stock="2D 4C 4D 4H", round_number=2)
    state = play(draw(state), go_down("9C 9D 9H", "5S JK 7S 8S"), cr.Discard(card("2D")))
    state = quiet_turns(state, 3)
    state = play(state, cr.TakeDiscard())
    assert state.hands[0] == cards("6S 4H")
    run, group = where(state, "5S JK 7S 8S"), where(state, "9C 9D 9H")
    refused(state, cr.SwapJoker(card("6S"), run, group), "R16")
    refused(state, cr.SwapJoker(card("6S"), run, run, LOW), "R16")
    assert not of_kind(state, cr.SwapJoker)


# == R17: the card taken from the discard pile stays this turn ================================


def test_r17_the_taken_discard_may_not_be_discarded() -> None:
    state = play(deal("2C 5D 9H", P1, P2, P3, discard="KH"), cr.TakeDiscard())
    assert state.hands[0] == cards("2C 5D 9H KH")
    refused(state, cr.Discard(card("KH")), "R17")
    assert cr.Discard(card("5D")) in cr.legal_actions(state)
    state = play(state, cr.Discard(card("5D")))
    assert state.hands[0] == cards("2C 9H KH")
    assert state.active == 1


def test_r17_a_copy_held_before_may_be_discarded() -> None:
    state = play(deal("2C 5D KH", P1, P2, P3, discard="KH"), cr.TakeDiscard())
    assert state.hands[0] == cards("2C 5D KH KH")
    state = play(state, cr.Discard(card("KH")))
    assert state.hands[0] == cards("2C 5D KH")
    assert state.discard[-1] == card("KH")


def test_r17_the_taken_discard_may_be_melded() -> None:
    state = play(deal("7C 7D 9S 9D 9H 2C 4D", P1, P2, P3, discard="7H"), cr.TakeDiscard())
    state = play(state, go_down("7C 7D 7H", "9S 9D 9H"))
    assert state.hands[0] == cards("2C 4D")
    refused(state, cr.Discard(card("7H")), "R13")  # no longer held
    state = play(state, cr.Discard(card("4D")))
    assert (state.active, state.hands[0]) == (1, cards("2C"))


def test_r17_a_card_drawn_from_the_stock_may_be_discarded() -> None:
    state = draw(deal("2C 5D", P1, P2, P3, stock="KH", discard="QS"))
    state = play(state, cr.Discard(card("KH")))
    assert state.hands[0] == cards("2C 5D")


# == R18-R22: buying ==========================================================================


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


# == R23: joker swaps =========================================================================


def swap_table() -> cr.RoundState:
    """Round 2: player 0 goes down with a joker for 6S, player 1 goes down too."""
    state = deal(
        "9C 9D 9H 5S JK 7S 8S 6S 4S 6H KD",
        "QC QD QH 2H 3H 4H 5H 8C KH",
        P2,
        P3,
        stock="2D 4C 4D 5C 6D",
        round_number=2,
    )
    state = play(draw(state), go_down("9C 9D 9H", "5S JK 7S 8S"))
    run, group = where(state, "5S JK 7S 8S"), where(state, "9C 9D 9H")
    # Not on the turn of going down: swaps come with lay-offs (R15, R23).
    refused(state, cr.SwapJoker(card("6S"), run, run, LOW), "R15")
    refused(state, cr.SwapJoker(card("6S"), run, group), "R15")
    assert not of_kind(state, cr.SwapJoker)
    state = play(state, cr.Discard(card("2D")))
    state = draw(state)
    # A player who is not down may not swap.
    refused(state, cr.SwapJoker(card("8C"), run, group), "R15")
    state = play(state, go_down("QC QD QH", "2H 3H 4H 5H"), cr.Discard(card("KH")))
    return draw(quiet_turns(state, 2))


def test_r23_swap_with_the_joker_laid_off_on_the_same_run() -> None:
    state = swap_table()
    run = where(state, "5S JK 7S 8S")
    refused(state, cr.SwapJoker(card("6S"), run, run), "R23")  # both ends fit: say which
    low = play(state, cr.SwapJoker(card("6S"), run, run, LOW))
    assert low.table[run].meld == cr.Run(cr.Suit.SPADES, 4, "JK 5S 6S 7S 8S")
    assert low.hands[0] == cards("4S 6H KD 6D")
    assert cr.JOKER not in low.hands[0]
    high = play(state, cr.SwapJoker(card("6S"), run, run, HIGH))
    assert high.table[run].meld == cr.Run(cr.Suit.SPADES, 5, "5S 6S 7S 8S JK")


def test_r23_the_freed_joker_may_go_on_another_meld() -> None:
    state = swap_table()
    run, nines = where(state, "5S JK 7S 8S"), where(state, "9C 9D 9H")
    queens, hearts = where(state, "QC QD QH"), where(state, "2H 3H 4H 5H")
    refused(state, cr.SwapJoker(card("6S"), run, queens, HIGH), "R23")  # a group has no ends
    refused(state, cr.SwapJoker(card("6S"), run, hearts), "R23")  # both ends fit
    swaps = {a for a in of_kind(state, cr.SwapJoker) if isinstance(a, cr.SwapJoker)}
    assert swaps == {
        cr.SwapJoker(card("6S"), run, run, LOW),
        cr.SwapJoker(card("6S"), run, run, HIGH),
        cr.SwapJoker(card("6S"), run, nines),
        cr.SwapJoker(card("6S"), run, queens),
        cr.SwapJoker(card("6S"), run, hearts, LOW),
        cr.SwapJoker(card("6S"), run, hearts, HIGH),
    }
    state = play(state, cr.SwapJoker(card("6S"), run, queens))
    assert state.table[run] == cr.TableMeld(cr.meld("5S 6S 7S 8S"), 0)
    assert state.table[queens] == cr.TableMeld(cr.meld("QC QD QH JK"), 1)
    assert state.hands[0] == cards("4S 6H KD 6D")


def test_r23_only_the_exact_natural_card_replaces_a_joker() -> None:
    state = swap_table()
    run, nines = where(state, "5S JK 7S 8S"), where(state, "9C 9D 9H")
    refused(state, cr.SwapJoker(card("4S"), run, nines), "R23")
    refused(state, cr.SwapJoker(card("6H"), run, nines), "R23")
    refused(state, cr.SwapJoker(card("KD"), run, nines), "R23")
    refused(state, cr.SwapJoker(card("6C"), run, nines), "R23")  # not held either
    refused(state, cr.SwapJoker(card("6S"), nines, run, LOW), "R23")  # no joker there
    refused(state, cr.SwapJoker(card("6S"), run, len(state.table)), "R23")
    refused(state, cr.SwapJoker(card("6S"), run, -1), "R23")
    refused(state, cr.SwapJoker(card("6S"), -1, run, LOW), "R23")


def test_r23_jokers_in_groups_are_never_taken_back() -> None:
    state = deal("9C 9D JK 7C 7D 7H 9H", P1, P2, P3, stock="2D 4C 4D 4H 5S")
    state = play(draw(state), go_down("9C 9D JK", "7C 7D 7H"), cr.Discard(card("2D")))
    state = draw(quiet_turns(state, 3))
    nines, sevens = where(state, "9C 9D JK"), where(state, "7C 7D 7H")
    refused(state, cr.SwapJoker(card("9H"), nines, sevens), "R23")
    refused(state, cr.SwapJoker(card("9H"), nines, nines), "R23")
    assert not of_kind(state, cr.SwapJoker)
    state = play(state, cr.LayOff(card("9H"), nines))  # the 9H itself may still be laid off
    assert state.table[nines].meld == cr.meld("9C 9D 9H JK")


def test_r23_a_swap_is_refused_when_the_joker_cannot_go_anywhere() -> None:
    # Round 3: two runs that grow to 14 cards each, A through A; nothing can take a joker.
    state = deal(
        "5S JK 7S 8S 5H 6H 7H 8H "
        "4S 3S 2S AS 9S 10S JS QS KS AS "
        "4H 3H 2H AH 9H 10H JH QH KH AH 6S 2C 3C",
        P1,
        P2,
        P3,
        stock="4D 4C 5C 5D KC",
        round_number=3,
    )
    state = play(draw(state), go_down("5S JK 7S 8S", "5H 6H 7H 8H"), cr.Discard(card("4D")))
    state = draw(quiet_turns(state, 3))
    spades, hearts = where(state, "5S JK 7S 8S"), where(state, "5H 6H 7H 8H")
    for target, suit in ((spades, "S"), (hearts, "H")):
        for rank in ("4", "3", "2", "A", "9", "10", "J", "Q", "K", "A"):
            state = play(state, cr.LayOff(card(rank + suit), target))
    assert len(state.table[spades].meld) == len(state.table[hearts].meld) == 14
    assert state.hands[0] == cards("2C 3C 6S KC")
    for joker_target in (spades, hearts):
        refused(state, cr.SwapJoker(card("6S"), spades, joker_target), "R23")
        refused(state, cr.SwapJoker(card("6S"), spades, joker_target, LOW), "R23")
        refused(state, cr.SwapJoker(card("6S"), spades, joker_target, HIGH), "R23")
    assert not of_kind(state, cr.SwapJoker)


def test_r23_no_swap_in_the_last_round() -> None:
    state = draw(deal("2C 3C 4C 5C 6C", P1, P2, P3, round_number=7, stock="6S"))
    refused(state, cr.SwapJoker(card("6S"), 0, 0), "R24")
    refused(state, cr.SwapJoker(card("6S"), 0, 0, LOW), "R24")
    assert not of_kind(state, cr.SwapJoker)


# == R24: the last round ======================================================================


LAST_P1 = "KC KD KH KS QC QD QH QS JC JD JH JS"  # 120 points
LAST_P2 = "2D 3D 4D 5D 6D 7D 8D 9C 2H 3H 4H 5H"  # 58 points
LAST_P3 = "AC AD 2C 3C 4C 5C 6C 7C 8C 9H 10H 10C"  # 94 points


def test_r24_going_down_uses_the_whole_hand_and_ends_the_round() -> None:
    state = deal(
        "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD",
        LAST_P1,
        LAST_P2,
        LAST_P3,
        stock="KD",
        discard="7S",
        round_number=7,
        scores=(10, 20, 30, 40),
    )
    state = draw(state)
    go_downs = [a for a in of_kind(state, cr.GoDown) if isinstance(a, cr.GoDown)]
    assert go_downs
    for action in go_downs:
        assert len(action.melds) == 3
        assert all(isinstance(m, cr.Run) for m in action.melds)
        assert sum(len(m) for m in action.melds) == 13
        assert max(len(m) for m in action.melds) > 4
    state = play(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD KD"))
    assert state.phase is cr.Phase.GAME_OVER  # round 7 is the last: the game ends
    assert state.hands[0] == ()
    assert state.discard == cards("7S")  # no discard
    assert state.penalties == (0, 120, 58, 94)
    assert state.scores == (10, 140, 88, 134)
    assert state.winners == (0,)


def test_r24_a_go_down_not_using_the_whole_hand_is_refused() -> None:
    hand = "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD 2C"
    state = draw(deal(hand, P1, P2, P3, stock="KD", round_number=7))
    refused(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD KD"), "R24")
    refused(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD"), "R24")
    assert not of_kind(state, cr.GoDown)
    # A player who cannot go out discards as usual.
    state = play(state, cr.Discard(card("2C")))
    assert (state.phase, state.active) == (cr.Phase.DRAW, 1)
    assert state.hands[0] == cards("AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD KD")
    assert state.table == ()


def test_r24_only_exactly_three_runs() -> None:
    hand = "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD 9C 9S"
    state = draw(deal(hand, P1, P2, P3, stock="9H", round_number=7))
    refused(  # a group as well as three runs
        state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD", "9C 9S 9H"), "R24"
    )
    refused(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9C 9S 9H"), "R24")  # two runs
    assert not of_kind(state, cr.GoDown)
    hand = "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD 5C 6C 7C"
    state = draw(deal(hand, P1, P2, P3, stock="8C", round_number=7))
    refused(  # four runs
        state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD", "5C 6C 7C 8C"), "R24"
    )
    assert not of_kind(state, cr.GoDown)


def test_r24_bought_cards_are_part_of_the_whole_hand() -> None:
    state = deal(
        LAST_P1,
        "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H",
        "9S 10S JS QS AS 2S 3S 4S 7D 8D 9C 9D",
        "KS 10S 9H 10H JH QH KH AH 8S 7S 7H 8H",
        stock="6D 5S 6H",
        discard="6C",
        round_number=7,
    )
    state = play(state, cr.DrawStock(), cr.Buy())  # player 1 buys 6C, penalty 6D
    state = pass_all(state)
    assert state.hands[0] == cards(LAST_P1 + " 5S")
    state = play(state, cr.Discard(card("5S")))
    state = draw(state)
    assert state.hands[1] == cards("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H")
    refused(state, go_down("2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H"), "R24")
    state = play(state, go_down("2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H"))
    assert state.phase is cr.Phase.GAME_OVER
    assert state.hands[1] == ()
    assert state.penalties is not None
    assert state.penalties[1] == 0


def test_r24_no_lay_offs_in_the_last_round() -> None:
    state = draw(deal("2C 3C 4C 5C 6C JK", P1, P2, P3, round_number=7, stock="7C"))
    refused(state, cr.LayOff(card("7C"), 0), "R24")
    refused(state, cr.LayOff(cr.JOKER, 0, HIGH), "R24")
    assert not of_kind(state, cr.LayOff)


def test_r24_r12_applies_in_the_last_round() -> None:
    hand = "3S 4S 5S 6S 7S 8S 9S 10S 5H 6H 7H 8H"
    state = draw(deal(hand, P1, P2, P3, stock="9H", round_number=7))
    refused(state, go_down("3S 4S 5S 6S", "7S 8S 9S 10S", "5H 6H 7H 8H 9H"), "R12")
    assert not of_kind(state, cr.GoDown)
    state = play(state, cr.Discard(card("9H")))
    assert (state.phase, state.active) == (cr.Phase.DRAW, 1)


def test_r24_r12_with_a_joker_filling_the_touching_card() -> None:
    hand = "3S 4S 5S 6S JK 8S 9S 10S 5H 6H 7H 8H"
    state = draw(deal(hand, P1, P2, P3, stock="9H", round_number=7))
    refused(state, go_down("3S 4S 5S 6S", "JK 8S 9S 10S", "5H 6H 7H 8H 9H"), "R12")
    # The joker may instead stand for JS: the two runs of spades keep a gap at 7S.
    state = play(state, go_down("3S 4S 5S 6S", "8S 9S 10S JK", "5H 6H 7H 8H 9H"))
    assert state.phase is cr.Phase.GAME_OVER
