"""The heuristic bot: its plans are sound, and it plays the rules' situations with intent."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy._hands import remove
from contract_rummy.bots._plan import (
    keeps_choice,
    keeps_plan,
    lacks_at_least,
    plan,
    tally,
    tally_with,
    tally_without,
)
from contract_rummy.bots._plan import wanted as wanted_by
from contract_rummy.engine import lay_offs_and_swaps
from contract_rummy.godown import go_downs
from contract_rummy.testing import strategies as crst
from scenario import card, cards, deal, draw, play, typeless

_Planned = tuple[cr.Variant, int, tuple[cr.Card, ...]]


@st.composite
def _planned(draw_: st.DrawFn) -> tuple[cr.Variant, int, tuple[cr.Card, ...]]:
    """A preset, a round of it, and a hand of at least the contract's size."""
    variant = draw_(st.sampled_from(list(cr.VARIANTS.values())))
    round_number = draw_(st.integers(1, variant.rounds))
    least = variant.contract(round_number).min_cards
    hand = draw_(crst.hands(variant=variant, min_size=least, max_size=least + 6))
    return variant, round_number, hand


@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(_planned())
def test_a_plan_uses_only_cards_of_the_hand(planned: _Planned) -> None:
    variant, round_number, hand = planned
    contract = variant.contract(round_number)
    found = plan(hand, contract, variant, at_once=variant.at_once(round_number))
    held = Counter(card.index for card in hand if not variant.is_wild(card))
    assert all(found.used[index] <= held[index] for index in range(52))
    assert len(found.groups) == len(contract.groups)
    assert len(found.runs) == len(contract.runs)
    assert found.need >= 0
    if not variant.at_once(round_number):
        assert found.need <= contract.min_cards


@pytest.mark.slow
@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(_planned())
def test_r14_a_plan_that_needs_nothing_is_a_go_down(
    planned: _Planned,
) -> None:
    """Soundness: when the plan says the contract is met, the engine finds a go-down."""
    variant, round_number, hand = planned
    contract = variant.contract(round_number)
    if variant.at_once(round_number) or len(hand) <= contract.min_cards:
        return  # R24 and R16 ask for more than the contract's cards; checked elsewhere
    found = plan(hand, contract, variant, at_once=False)
    if found.need == 0:
        assert go_downs(variant, round_number, hand, None), cr.format_cards(hand)


def _check_lacking(planned: _Planned) -> None:
    """A hand whose count lacks wild cards for its contract has no go-down (R14)."""
    variant, round_number, hand = planned
    counted = tally(hand, variant)
    if lacks_at_least(counted, variant.contract(round_number), variant) > counted.wilds:
        assert not go_downs(variant, round_number, hand, None), cr.format_cards(hand)


@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(_planned())
def test_r14_a_hand_that_lacks_wild_cards_by_its_count_has_no_go_down(
    planned: _Planned,
) -> None:
    _check_lacking(planned)


@st.composite
def _crowded(draw_: st.DrawFn) -> _Planned:
    """A preset, a round of it, and a hand of a few ranks in one or two suits, with copies."""
    variant = draw_(st.sampled_from(list(cr.VARIANTS.values())))
    round_number = draw_(st.integers(1, variant.rounds))
    suits = draw_(st.lists(st.sampled_from("CDHS"), min_size=1, max_size=2, unique=True))
    ranks = draw_(
        st.lists(st.sampled_from(["A", "2", "3", "4", "5", "9", "K"]), min_size=2, max_size=5)
    )
    pool = [cr.Card.parse(f"{rank}{suit}") for rank in ranks for suit in suits]
    least = variant.contract(round_number).min_cards
    naturals = draw_(st.lists(st.sampled_from(pool), min_size=least - 2, max_size=least + 4))
    jokers = [cr.JOKER] * draw_(st.integers(0, 2))
    return variant, round_number, tuple(sorted([*naturals, *jokers]))


@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(_crowded())
def test_r14_a_crowded_hand_that_lacks_wild_cards_by_its_count_has_no_go_down(
    planned: _Planned,
) -> None:
    """Several groups of one rank, and runs of one suit side by side, share the bound."""
    _check_lacking(planned)


@given(_planned(), st.data())
def test_a_tally_made_a_card_at_a_time_is_the_hand_counted_again(
    planned: _Planned, data: st.DataObject
) -> None:
    variant, _, hand = planned
    counted = tally(hand, variant)
    gone = data.draw(st.sampled_from(hand))
    left = remove(hand, gone)
    assert tally_without(counted, gone, variant) == tally(left, variant)
    new = data.draw(st.sampled_from([*cr.NATURALS, cr.JOKER]))
    assert tally_with(counted, new, variant) == tally(tuple(sorted((*hand, new))), variant)
    assert counted == tally(hand, variant)  # left as it was


@given(_planned())
def test_r24_the_cards_a_plan_wants_are_those_it_wants_one_by_one(planned: _Planned) -> None:
    """The cards ``wanted`` lists at once are those ``Plan.wants`` says it wants (R24).

    Among the cards that are not wild: a plan wants every wild card.
    """
    variant, round_number, hand = planned
    found = plan(hand, variant.contract(round_number), variant, at_once=True)
    natural = [card.index for card in cr.NATURALS if not variant.is_wild(card)]
    wants = {index for index in natural if found.wants(cr.NATURALS[index], variant)}
    assert wanted_by(found).intersection(natural) == wants


def test_r14_two_groups_of_one_rank_lack_nothing_by_the_count() -> None:
    hand = cr.parse_cards("7C 7C 7D 7D 7H 7S KD")
    counted = tally(hand, cr.PAGAT)
    assert lacks_at_least(counted, cr.PAGAT.contract(1), cr.PAGAT) == 0
    assert go_downs(cr.PAGAT, 1, hand, None)


def _check_kept(planned: _Planned) -> None:
    """The bot keeps its plan across a discard only when planning again finds it too."""
    variant, round_number, hand = planned
    at_once = variant.at_once(round_number)
    contract = variant.contract(round_number)
    size = len(hand)  # R24: both plans are made for the hand after the draw
    found = plan(hand, contract, variant, at_once=at_once, size=size)
    for gone in set(hand):
        if keeps_plan(found, hand, gone, contract, variant, at_once=at_once):
            again = plan(remove(hand, gone), contract, variant, at_once=at_once, size=size)
            assert again == found, gone


@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(_planned())
def test_a_plan_kept_after_a_discard_is_the_plan_made_again(planned: _Planned) -> None:
    _check_kept(planned)


def _check_kept_choice(planned: _Planned) -> None:
    """A plan kept for its groups' ranks after a discard leaves the same plan to make."""
    variant, round_number, hand = planned
    at_once = variant.at_once(round_number)
    contract = variant.contract(round_number)
    size = len(hand)
    found = plan(hand, contract, variant, at_once=at_once, size=size)
    for gone in set(hand):
        if keeps_choice(found, hand, gone, contract, variant, at_once=at_once):
            less = remove(hand, gone)
            again = plan(less, contract, variant, at_once=at_once, size=size)
            assert plan(less, contract, variant, at_once=at_once, size=size, known=found) == again
            if keeps_plan(found, hand, gone, contract, variant, at_once=at_once):
                assert again == found, gone


@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(_planned())
def test_a_plan_kept_for_its_groups_ranks_plans_the_rest_alike(planned: _Planned) -> None:
    _check_kept_choice(planned)


@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(_crowded())
def test_a_plan_kept_for_its_groups_ranks_in_a_crowded_hand_plans_the_rest_alike(
    planned: _Planned,
) -> None:
    _check_kept_choice(planned)


def test_a_plan_kept_for_its_groups_ranks_still_weighs_the_other_choices() -> None:
    # A group and two runs: without 5S, another group's rank frees better windows.
    variant, contract = cr.PAGAT, cr.PAGAT.contract(6)
    cards = cr.parse_cards("AS 2S 3S 5S 6S 7S 7S 8S 9S KS KS JK JK")
    found = plan(cards, contract, variant, at_once=False, size=len(cards))
    assert keeps_choice(found, cards, card("5S"), contract, variant)
    less = remove(cards, card("5S"))
    again = plan(less, contract, variant, at_once=False, size=len(cards), known=found)
    assert again != found
    assert again == plan(less, contract, variant, at_once=False, size=len(cards))


@pytest.mark.parametrize(
    ("name", "round_number", "hand", "gone"),
    [
        # A group and two runs: without 5S, another group's rank frees better windows.
        ("pagat", 6, "AS 2S 3S 5S 6S 7S 7S 8S 9S KS KS JK JK", "5S"),
        # At once (R24): without KD, another choice of ranks lengthens its run further.
        ("shanghai", 8, "6D 7D 10D QD KD AH 2H 5H 6H 7H 8H 10H QH JK", "KD"),
    ],
)
def test_a_plan_is_not_kept_when_a_choice_it_passed_over_gets_better(
    name: str, round_number: int, hand: str, gone: str
) -> None:
    variant = cr.VARIANTS[name]
    contract, at_once = variant.contract(round_number), variant.at_once(round_number)
    cards = cr.parse_cards(hand)
    found = plan(cards, contract, variant, at_once=at_once, size=len(cards))
    again = plan(remove(cards, card(gone)), contract, variant, at_once=at_once, size=len(cards))
    assert again != found
    assert not keeps_plan(found, cards, card(gone), contract, variant, at_once=at_once)


@pytest.mark.parametrize(
    ("name", "round_number", "hand", "gone"),
    [
        # At once (R24): a heart that does not continue the hearts' run (3H is missing).
        ("pagat", 7, "3S 4S 5S 6S 9S 10S JS QS 4H 5H 6H 7H 2C 2H", "2H"),
        # At once: nor does a heart above a gap (8H is missing).
        ("pagat", 7, "3S 4S 5S 6S 9S 10S JS QS 4H 5H 6H 7H 2C 9H", "9H"),
        # A group and two runs: the hand keeps another KC, so every choice's runs start
        # from the same cards.
        ("pagat", 6, "3S 4S 5S 6S 9H 10H JH QH 7C 7D 7H 2C 2C KC KC", "KC"),
    ],
)
def test_a_plan_is_kept_when_the_card_gone_changes_no_choice(
    name: str, round_number: int, hand: str, gone: str
) -> None:
    variant = cr.VARIANTS[name]
    contract, at_once = variant.contract(round_number), variant.at_once(round_number)
    cards = tuple(sorted(cr.parse_cards(hand)))
    found = plan(cards, contract, variant, at_once=at_once, size=len(cards))
    assert keeps_plan(found, cards, card(gone), contract, variant, at_once=at_once)
    again = plan(remove(cards, card(gone)), contract, variant, at_once=at_once, size=len(cards))
    assert again == found


@pytest.mark.parametrize(
    ("hand", "gone"),
    [
        # At once (R24): KS continues the spades' run 9S-QS, and might lengthen it.
        ("3S 4S 5S 6S 9S 10S JS QS 4H 5H 6H 7H KS", "KS"),
        # At once: 2S continues the run 3S-6S below.
        ("3S 4S 5S 6S 9S 10S JS QS 4H 5H 6H 7H 2S", "2S"),
    ],
)
def test_r24_a_plan_is_not_kept_without_a_card_that_lengthens_a_run(hand: str, gone: str) -> None:
    variant = cr.PAGAT
    contract = variant.contract(7)
    cards = tuple(sorted(cr.parse_cards(hand)))
    found = plan(cards, contract, variant, at_once=True, size=len(cards))
    again = plan(remove(cards, card(gone)), contract, variant, at_once=True, size=len(cards))
    assert again != found
    assert not keeps_plan(found, cards, card(gone), contract, variant, at_once=True)


#: The rounds whose plan weighs several choices of group ranks against runs.
_MIXED = [
    (variant, number)
    for variant in cr.VARIANTS.values()
    for number in range(1, variant.rounds + 1)
    if variant.contract(number).groups and variant.contract(number).runs
]


@st.composite
def _suited(draw_: st.DrawFn) -> _Planned:
    """A round of groups and runs, and a hand of one or two suits with copies and jokers."""
    variant, round_number = draw_(st.sampled_from(_MIXED))
    suits = draw_(st.lists(st.sampled_from("CDHS"), min_size=1, max_size=2, unique=True))
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    pool = [cr.Card.parse(f"{rank}{suit}") for rank in ranks for suit in suits]
    least = variant.contract(round_number).min_cards
    naturals = draw_(st.lists(st.sampled_from(pool), min_size=least - 1, max_size=least + 3))
    jokers = [cr.JOKER] * draw_(st.integers(0, 3))
    return variant, round_number, tuple(sorted([*naturals, *jokers]))


@pytest.mark.slow
@settings(max_examples=settings().max_examples * 3, deadline=None)
@given(_suited())
def test_a_plan_kept_after_a_discard_of_a_suited_hand_is_the_plan_made_again(
    planned: _Planned,
) -> None:
    _check_kept(planned)


def test_r12_a_plan_never_joins_two_runs_of_one_suit() -> None:
    hand = cr.parse_cards("3S 4S 5S 6S 7S 8S 9S 10S KD")
    found = plan(hand, cr.PAGAT.contract(3), cr.PAGAT, at_once=False)
    (suit_a, low_a, length_a), (suit_b, low_b, length_b) = found.runs
    assert not (suit_a == suit_b and (low_a + length_a == low_b or low_b + length_b == low_a))
    assert found.need >= 1  # eight spades in a row are one run of 8, or two runs apart


def test_r24_a_plan_for_the_last_round_asks_for_every_card_to_fit() -> None:
    runs = cr.parse_cards("3S 4S 5S 6S 8H 9H 10H JH 2D 3D 4D 5D")
    at_once = plan(runs, cr.PAGAT.contract(7), cr.PAGAT, at_once=True, size=13)
    assert at_once.need == 1  # three runs of four hold 12 cards: the 13th must lengthen one
    assert at_once.wants(card("7S"), cr.PAGAT)
    assert at_once.wants(card("QH"), cr.PAGAT)
    assert not at_once.wants(card("KC"), cr.PAGAT)
    with_ace = plan((*runs, card("AD")), cr.PAGAT.contract(7), cr.PAGAT, at_once=True)
    assert with_ace.need == 0


def test_r14_the_bot_goes_down_as_soon_as_it_can() -> None:
    state = draw(deal("7C 7D 7H 9S 9D 9H KD 2C 5H 6H", *[""] * 3, stock="QS"))
    action = cr.HeuristicBot().choose(cr.view(state, 0))
    assert isinstance(action, cr.GoDown)
    assert {meld.cards for meld in action.melds} == {
        tuple(sorted(cr.parse_cards("7C 7D 7H"))),
        tuple(sorted(cr.parse_cards("9D 9H 9S"))),
    }


@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(data=st.data())
def test_r14_the_bot_goes_down_whenever_the_engine_finds_a_go_down(data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(list(cr.VARIANTS.values())))
    state = data.draw(crst.states(variant=variant, max_actions=150))
    if state.phase is not cr.Phase.PLAY or state.down[state.active]:
        return
    first = next(iter(cr.legal_actions(state)))
    action = cr.HeuristicBot().choose(cr.view(state, state.active))
    assert isinstance(action, cr.GoDown) == isinstance(first, cr.GoDown), (first, action)


def test_r14_it_goes_down_where_its_plan_alone_would_not() -> None:
    # Both 7H go to the group first in the plan, leaving the run of hearts short; the
    # engine finds 7D 7H 7S with 7H 8H 9H 10H.
    state = draw(deal("6C 8C 7D 8D 7H 7H 8H 9H 10H 6S", *[""] * 3, stock="7S", round_number=2))
    action = cr.HeuristicBot().choose(cr.view(state, 0))
    assert isinstance(action, cr.GoDown)


def test_r13_before_going_down_it_discards_the_card_its_plan_needs_least() -> None:
    # Two groups need a third seven and a third nine; the king is alone and costly, the
    # four just drawn pairs with the four held.
    state = draw(deal("7C 7D 9S 9D 3H 4C KD 2C 5H 6H", *[""] * 3, stock="4S"))
    action = cr.HeuristicBot().choose(cr.view(state, 0))
    assert action == cr.Discard(card("KD"))


def test_r13_it_takes_the_discard_only_when_it_fills_its_plan() -> None:
    hand = "7C 7D 9S 9D 3H 4C KD 2C 5H 6H"
    wanted = deal(hand, *[""] * 3, discard="7S")
    assert cr.HeuristicBot().choose(cr.view(wanted, 0)) == cr.TakeDiscard()
    unwanted = deal(hand, *[""] * 3, discard="JC")
    assert cr.HeuristicBot().choose(cr.view(unwanted, 0)) == cr.DrawStock()
    wild = deal(hand, *[""] * 3, discard="JK")
    assert cr.HeuristicBot().choose(cr.view(wild, 0)) == cr.TakeDiscard()


def test_r19_it_buys_only_a_card_that_fills_its_plan() -> None:
    hands = ["2C 3C 4C 5C 6C 8C 9C 10C JC QC", "7C 7D 9S 9D 3H 4C KD 2D 5H 6H", "", ""]
    wanted = play(deal(*hands, discard="9H"), cr.DrawStock())
    assert wanted.to_act == 1
    assert cr.HeuristicBot().choose(cr.view(wanted, 1)) == cr.Buy()
    unwanted = play(deal(*hands, discard="JD"), cr.DrawStock())
    assert cr.HeuristicBot().choose(cr.view(unwanted, 1)) == cr.Pass()


def test_r19_it_stops_buying_at_its_own_cap() -> None:
    hands = ["2C 3C 4C 5C 6C 8C 9C 10C JC QC", "7C 7D 9S 9D 3H 4C KD 2D 5H 6H", "", ""]
    state = play(deal(*hands, discard="9H"), cr.DrawStock())
    capped = attrs.evolve(state, buys=(0, 3, 0, 0))
    assert cr.HeuristicBot(max_buys=3).choose(cr.view(capped, 1)) == cr.Pass()
    assert cr.HeuristicBot(max_buys=4).choose(cr.view(capped, 1)) == cr.Buy()


def _down_with(hand: str) -> cr.RoundState:
    """Player 0 went down on an earlier turn with 7s and 9s, holding ``hand`` and 8C."""
    others = ["2S 3S 4S 5S 6S 8S 10S QS KS AS", "2D 4D 5D 6D 8D 10D QD KD AD 3C"]
    others.append("2H 3H 5H 6H 8H 10H JH KH AH 2C")
    state = draw(deal("7C 7D 7H 9S 9D 9H " + hand, *others, stock="2S 4C 5C 6C 8C"))
    down = cr.GoDown((cr.meld("7C 7D 7H"), cr.meld("9S 9D 9H")))
    state = play(state, down, cr.Discard(card("2S")))
    for _ in range(3):  # the others draw and discard what they drew
        state = draw(state)
        state = play(state, cr.Discard(state.hands[state.active][-1]))
    return draw(state)


def test_r15_once_down_it_lays_off_its_costliest_card_first() -> None:
    state = _down_with("7S 9C 3D KC")
    action = cr.HeuristicBot().choose(cr.view(state, 0))
    assert action == cr.LayOff(card("9C"), 1)


def test_r25_once_down_it_discards_its_costliest_card() -> None:
    state = _down_with("3D KC 5H 4H")
    action = cr.HeuristicBot().choose(cr.view(state, 0))
    assert action == cr.Discard(card("KC"))


def test_its_plans_kept_between_choices_never_change_a_choice() -> None:
    shared = cr.HeuristicBot()
    for before, action, _ in cr.play(cr.new_game(seed=11), [shared] * 4):
        player = before.dealer if before.to_act is None else before.to_act
        assert action == cr.HeuristicBot().choose(cr.view(before, player))


@pytest.mark.parametrize("name", sorted(cr.VARIANTS))
def test_heuristic_bots_finish_a_game_of_every_preset(name: str) -> None:
    variant = cr.VARIANTS[name]
    players = 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players
    # play_game raises if the game is not over within the cap, so a game that does not
    # end fails here rather than stopping quietly.
    final = cr.play_game(
        [cr.HeuristicBot()] * players, variant=variant, seed=3, max_actions=20_000
    )
    assert final.winners


def test_the_heuristic_bot_beats_the_greedy_bot() -> None:
    """A small seeded match: the full measurement, with intervals, is a benchmark."""
    totals = Counter[str]()
    for seed in range(8):
        final = cr.play_game([cr.HeuristicBot(), *[cr.GreedyBot()] * 3], seed=seed)
        totals["heuristic"] += final.scores[0]
        totals["greedy"] += sum(final.scores[1:]) // 3
    assert totals["heuristic"] * 2 < totals["greedy"]


def _fitting_of(legal: cr.LegalActions) -> list[cr.Action]:
    return [action for action in legal if isinstance(action, cr.SwapJoker | cr.LayOff)]


@settings(max_examples=settings().max_examples * 2, deadline=None)
@given(crst.views(variant=st.sampled_from(list(cr.VARIANTS.values())), max_actions=300))
def test_r15_a_views_lay_offs_and_swaps_are_those_its_legal_actions_list(
    seen: cr.PlayerView,
) -> None:
    mine = seen.active == seen.player
    listed = lay_offs_and_swaps(seen, seen.hand) if mine else []
    assert listed == _fitting_of(cr.legal_actions(seen))


@pytest.mark.parametrize("name", ["pagat", "shanghai", "deuces-wild", "may-i"])
def test_r15_r23_lay_offs_and_swaps_match_the_listing_in_played_games(name: str) -> None:
    """Every position of seeded games where a player who is down plays (R15, R16, R23)."""
    variant = cr.VARIANTS[name]
    checked = 0
    for seed in range(3):
        state = cr.new_game(variant, seed=seed)
        bot = cr.HeuristicBot()
        for _ in range(20_000):
            if state.phase is cr.Phase.GAME_OVER:
                break
            player = state.dealer if state.to_act is None else state.to_act
            seen = cr.view(state, player)
            if state.phase is cr.Phase.PLAY and state.down[player]:
                listed = lay_offs_and_swaps(seen, seen.hand)
                assert listed == _fitting_of(cr.legal_actions(seen))
                assert listed == lay_offs_and_swaps(state, state.hands[player])
                checked += 1
            state = cr.apply(state, bot.choose(seen))
        else:
            pytest.fail(f"{name} game {seed} did not end within 20,000 actions")
    assert checked > 50


def test_a_plan_is_not_kept_with_a_group_and_three_runs_even_for_a_card_held_twice() -> None:
    """Without one 2C, another rank for the group frees a better stretch for a third run."""
    contract = cr.Contract(groups=(3,), runs=(4, 4, 4))
    variant = attrs.evolve(cr.PAGAT, ladder=((contract, 16),), last_round_at_once=False)
    cards = tuple(sorted(cr.parse_cards("AC AC 2C 2C 4C 4C 5C 6C 7C QC KC 6D 3H 4H 6S JK")))
    found = plan(cards, contract, variant, at_once=False)
    again = plan(remove(cards, card("2C")), contract, variant, at_once=False)
    assert again != found
    assert not keeps_plan(found, cards, card("2C"), contract, variant)


# == the cards other players are known to hold ================================================


def _after_a_buy_of_9h() -> cr.RoundState:
    """Player 1 bought the 9H (everyone saw it go into their hand); player 0 must discard.

    Player 0 plans groups of 2s and 5s; the 9C and the KD are spare, and neither pairs with
    anything in hand.
    """
    state = deal("2C 2D 2H 5S 5H 9C KD", "3D 4D", "6D 7D", "8D 10D", discard="9H", stock="3C 2S")
    state = play(state, cr.DrawStock(), cr.Buy())  # player 1 buys the 9H, 3C as penalty
    while state.phase is not cr.Phase.PLAY:
        state = play(state, cr.Pass())
    assert state.known[1] == cards("9H")
    assert state.active == 0
    return state


def test_r19_the_bot_counts_a_bought_card_against_the_promise_of_its_pairs() -> None:
    state = _after_a_buy_of_9h()
    seen = cr.view(state, 0)
    # Blind to it, the bot sheds the costliest spare card; counting the 9H in player 1's
    # hand, the 9C promises less (a 9 that cannot come) and goes first.
    assert cr.HeuristicBot().choose(seen) == cr.Discard(card("KD"))
    assert cr.HeuristicBot(known_cards=True).choose(seen) == cr.Discard(card("9C"))


def test_counting_known_cards_changes_nothing_when_none_are_known() -> None:
    plain, aware = cr.HeuristicBot(), cr.HeuristicBot(known_cards=True)
    compared = 0
    state = cr.new_game(seed=3)
    for _ in range(300):
        seen = cr.view(state, cr.chooser(state) or 0)
        action = plain.choose(seen)
        chosen = aware.choose(seen)
        if not any(cards for p, cards in enumerate(seen.known) if p != seen.player):
            assert chosen == action
            compared += 1

        state = cr.apply(state, action)
    assert compared > 100
    with pytest.raises(TypeError):
        cr.HeuristicBot(known_cards=typeless("yes"))
