"""Tests of R23: joker swaps.

R23. Swapping a joker: "A player who went down on an earlier turn may, in a turn where they may
    lay off, replace a joker in a run with the exact natural card it stands for, from their
    hand."

Also tested: tests/test_engine_api.py, tests/test_events.py, tests/test_melds.py,
tests/test_notation.py.
"""

from __future__ import annotations

import random

import attrs
import pytest

import contract_rummy as cr
from contract_rummy.engine import lay_offs_and_swaps
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
    of_kind,
    play,
    quiet_turns,
    refused,
    where,
)


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


def test_r23_r15_a_listing_of_swaps_and_lay_offs_indexes_like_a_tuple() -> None:
    """The listing of a player already down is counted first, each action built when read."""
    state = swap_table()
    legal = cr.legal_actions(state)
    listed = tuple(cr.legal_actions(state))
    assert {type(action) for action in listed} == {cr.SwapJoker, cr.LayOff, cr.Discard}
    assert len(legal) == len(listed)
    assert [legal[i] for i in range(-len(listed), len(listed))] == [*listed, *listed]
    assert legal[2:7] == list(listed[2:7])
    assert legal[::-1] == list(listed[::-1])
    for index in (len(listed), -len(listed) - 1):
        with pytest.raises(IndexError):
            legal[index]


def test_r23_r15_swaps_and_lay_offs_read_from_a_listing_are_checked_in_any_other_state() -> None:
    """Read by its index, a swap or lay-off skips a second check only where it was listed.

    Played in the very state it was listed for, it makes the state its checked twin makes;
    in another state of the same round (here the cards are in another hand), it is
    checked whole.
    """
    state = swap_table()
    run = where(state, "5S JK 7S 8S")
    legal = cr.legal_actions(state)
    listed = list(legal)
    at_swap = listed.index(cr.SwapJoker(card("6S"), run, run, LOW))
    at_lay_off = listed.index(cr.LayOff(card("4S"), run))
    hands = list(state.hands)
    moved, given = cards("4S 6S"), hands[2][:2]
    hands[0] = tuple(sorted([*(c for c in hands[0] if c not in moved), *given]))
    hands[2] = tuple(sorted([*hands[2][2:], *moved]))
    other = attrs.evolve(state, hands=tuple(hands))
    assert "does not hold 6S" in refused(other, legal[at_swap], "R23")
    assert "does not hold 4S" in refused(other, legal[at_lay_off], "R15")
    for at, checked in ((at_swap, listed[at_swap]), (at_lay_off, listed[at_lay_off])):
        fresh = type(checked)(*attrs.astuple(checked, recurse=False))  # an equal action
        assert fresh is not legal[at]
        assert cr.apply(state, legal[at]) == cr.apply(state, fresh)


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
    with pytest.raises(ValueError, match=r"^joker_target must be an index into the table, f"):
        cr.SwapJoker(card("6S"), run, -1)  # not counted from the end: refused when built
    with pytest.raises(ValueError, match=r"^target must be an index into the table, from 0"):
        cr.SwapJoker(card("6S"), -1, run, LOW)


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


def _swaps_then_lay_offs(state: cr.RoundState) -> list[cr.Action]:
    """R23 then R15, worked out from each meld's own answers: what the listing must give."""
    hand = list(dict.fromkeys(state.hands[state.active]))
    table = state.table
    policy = state.variant.joker_swap
    found: list[cr.Action] = []
    for target, placed in enumerate(table):
        meld = placed.meld
        if policy is cr.JokerSwap.NEVER or (
            policy is cr.JokerSwap.RUNS and not isinstance(meld, cr.Run)
        ):
            continue
        for natural in meld.swappable(hand):
            swapped = meld.swap(natural)
            assert swapped is not None
            found.extend(
                cr.SwapJoker(natural, target, joker_target, end)
                for joker_target, other in enumerate(table)
                for end in other.meld.placements(swapped[1])
            )
    for target, placed in enumerate(table):
        found.extend(cr.LayOff(card, target, end) for card, end in placed.meld.lay_offs(hand))
    return found


def test_r23_r15_swaps_and_lay_offs_listed_on_changing_tables() -> None:
    """The listing shares its swaps and lay-offs between tables whose melds differ.

    Seeded random games of presets with many wild cards and swaps: at every turn of a player
    who is down, with more than two cards (R16 aside), the swaps then the lay-offs listed
    are exactly those each meld gives.
    """
    checked = 0
    for name, seed in (("deuces-wild", 1), ("deuces-wild", 2), ("pagat", 3), ("may-i", 4)):
        rng = random.Random(seed)
        state = cr.new_game(cr.VARIANTS[name], seed=seed)
        for _ in range(5_000):
            if state.phase is cr.Phase.GAME_OVER:
                break
            legal = cr.legal_actions(state)
            hand = state.hands[state.active]
            if (
                state.phase is cr.Phase.PLAY
                and state.down[state.active]
                and len(hand) > 2
                and not state.turn.went_down
                and not state.variant.at_once(state.round_number)
            ):
                assert lay_offs_and_swaps(state, hand) == _swaps_then_lay_offs(state)
                checked += 1
            state = cr.apply(state, legal[rng.randrange(len(legal))])
        else:
            pytest.fail(f"{name} game {seed} did not end in 5,000 actions")
    assert checked > 300
