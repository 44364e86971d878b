"""The named rule sets of contract_rummy.presets: each one as the rules' variant table says."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

import contract_rummy as cr
import contract_rummy.presets
from contract_rummy import variants
from scenario import card, cards, deal, draw, play, refused

P = contract_rummy.presets

NAMES = [
    "pagat",
    "contract",
    "progressive",
    "liverpool",
    "liverpool-cut",
    "shanghai",
    "shanghai-11",
    "california",
    "no-buy",
    "double-progressive",
    "may-i",
    "deuces-wild",
]

PROGRESSIVE_LADDER = tuple(
    (contract, 10 if number <= 4 else 12)
    for number, contract in enumerate(cr.STANDARD_CONTRACTS, start=1)
)

#: The variant table of the rules: each preset's parent and the settings it changes.
TABLE: dict[str, tuple[str, dict[str, Any]]] = {
    "pagat": ("pagat", {}),
    "contract": (
        "pagat",
        {"min_players": 3, "max_players": 5, "jokers": cr.JokerRule.PLAYERS_MINUS_ONE},
    ),
    "progressive": (
        "pagat",
        {
            "min_players": 3,
            "max_players": 8,
            "jokers": 4,
            "extra_deck_from": 7,
            "extra_deck_jokers": 2,
            "ladder": PROGRESSIVE_LADDER,
            "penalties": cr.PROGRESSIVE_PENALTIES,
            "max_buys": 3,
            "tie_break": cr.TieBreak.LAST_ROUND,
        },
    ),
    "liverpool": ("progressive", {"buying": False}),
    "liverpool-cut": ("pagat", {"cut_bonus": 50}),
    "shanghai": (
        "progressive",
        {"ladder": (*PROGRESSIVE_LADDER, (cr.SHANGHAI_EIGHTH, 12)), "rounds_at_once": {7}},
    ),
    "shanghai-11": (
        "pagat",
        {
            "ladder": tuple((contract, 11) for contract in cr.STANDARD_CONTRACTS),
            "aces": cr.AceRule.HIGH,
            "max_run_length": 13,
            "shanghai_call": True,
        },
    ),
    "california": (
        "progressive",
        {
            "jokers": 0,
            "extra_deck_jokers": 0,
            "wild_ranks": {cr.Rank.QUEEN},
            "wilds_score_as_jokers": True,
        },
    ),
    "no-buy": ("progressive", {"buying": False}),
    "double-progressive": (
        "progressive",
        {"ladder": ((cr.STANDARD_CONTRACTS[0], 7), *PROGRESSIVE_LADDER[1:])},
    ),
    "may-i": (
        "pagat",
        {"exact_first_meld": False, "penalties": attrs.evolve(cr.PAGAT_PENALTIES, joker=25)},
    ),
    "deuces-wild": ("pagat", {"wild_ranks": {cr.Rank.TWO}}),
}


def go_down(*melds: str, variant: cr.Variant = cr.PAGAT) -> cr.GoDown:
    return cr.GoDown([cr.meld(text, variant=variant) for text in melds])


# == the registry ===============================================================================


def test_variants_names_the_twelve_presets_in_the_tables_order() -> None:
    assert list(cr.VARIANTS) == NAMES
    assert P.VARIANTS is cr.VARIANTS
    for name, variant in cr.VARIANTS.items():
        assert variant.name == name
    with pytest.raises(TypeError):
        P.VARIANTS["mine"] = cr.PAGAT  # type: ignore[index]


def test_each_preset_is_a_module_constant() -> None:
    constants = {
        "pagat": P.PAGAT,
        "contract": P.CONTRACT,
        "progressive": P.PROGRESSIVE,
        "liverpool": P.LIVERPOOL,
        "liverpool-cut": P.LIVERPOOL_CUT,
        "shanghai": P.SHANGHAI,
        "shanghai-11": P.SHANGHAI_11,
        "california": P.CALIFORNIA,
        "no-buy": P.NO_BUY,
        "double-progressive": P.DOUBLE_PROGRESSIVE,
        "may-i": P.MAY_I,
        "deuces-wild": P.DEUCES_WILD,
    }
    assert constants == dict(cr.VARIANTS)
    assert P.PAGAT is variants.PAGAT is cr.PAGAT
    for name, constant in constants.items():
        assert cr.VARIANTS[name] is constant
        assert getattr(cr, name.upper().replace("-", "_")) is constant


@pytest.mark.parametrize("name", NAMES)
def test_each_preset_changes_what_the_rules_table_says_and_no_more(name: str) -> None:
    parent, changes = TABLE[name]
    assert cr.VARIANTS[name] == attrs.evolve(cr.VARIANTS[parent], name=name, **changes)


@pytest.mark.parametrize("name", NAMES)
def test_each_preset_inherits_pagat_where_the_table_is_silent(name: str) -> None:
    variant = cr.VARIANTS[name]
    changed = set(TABLE[name][1]) | set(TABLE.get(TABLE[name][0], ("", {}))[1]) | {"name"}
    for field in attrs.fields(cr.Variant):
        if field.init and field.name not in changed:
            assert getattr(variant, field.name) == getattr(cr.PAGAT, field.name), field.name


# == R1, R2: players and the deck ===============================================================


@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("pagat", (4, 4)),
        ("contract", (3, 5)),
        ("progressive", (3, 8)),
        ("liverpool", (3, 8)),
        ("liverpool-cut", (4, 4)),
        ("shanghai", (3, 8)),
        ("shanghai-11", (4, 4)),
        ("california", (3, 8)),
        ("no-buy", (3, 8)),
        ("double-progressive", (3, 8)),
        ("may-i", (4, 4)),
        ("deuces-wild", (4, 4)),
    ],
)
def test_r1_players(name: str, players: tuple[int, int]) -> None:
    variant = cr.VARIANTS[name]
    assert (variant.min_players, variant.max_players) == players
    with pytest.raises(ValueError, match=f"R1: {name} is played by"):
        variant.check_players(players[1] + 1)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r2_progressive_deck_has_108_cards_up_to_6_players(players: int) -> None:
    for name in ("progressive", "liverpool", "shanghai", "no-buy", "double-progressive"):
        deck = cr.VARIANTS[name].deck(players)
        assert len(deck) == 108
        assert Counter(deck)[cr.JOKER] == 4
        assert all(Counter(deck)[natural] == 2 for natural in cr.NATURALS)


@pytest.mark.parametrize("players", [7, 8])
def test_r2_progressive_deck_has_3_decks_and_6_jokers_for_7_or_8_players(players: int) -> None:
    assert cr.PROGRESSIVE.deck_counts(players) == (3, 6)
    deck = cr.PROGRESSIVE.deck(players)
    assert len(deck) == 3 * 52 + 6
    assert Counter(deck)[cr.JOKER] == 6
    assert Counter(deck)[card("QS")] == 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r2_contract_has_one_joker_fewer_than_players(players: int) -> None:
    deck = cr.CONTRACT.deck(players)
    assert Counter(deck)[cr.JOKER] == players - 1
    assert len(deck) == 104 + players - 1


@pytest.mark.parametrize("players", range(3, 9))
def test_r2_r30_california_has_no_joker_and_wild_queens(players: int) -> None:
    deck = cr.CALIFORNIA.deck(players)
    decks = 3 if players >= 7 else 2
    assert len(deck) == 52 * decks
    assert cr.JOKER not in deck
    wild = [c for c in deck if cr.CALIFORNIA.is_wild(c)]
    assert len(wild) == 4 * decks
    assert {c.rank for c in wild} == {cr.Rank.QUEEN}


def test_r2_r30_deuces_wild_keeps_the_jokers_and_makes_the_2s_wild() -> None:
    deck = cr.DEUCES_WILD.deck(4)
    assert len(deck) == 107
    wild = Counter(c for c in deck if cr.DEUCES_WILD.is_wild(c))
    assert wild == Counter({cr.JOKER: 3, **dict.fromkeys(cr.parse_cards("2C 2D 2H 2S"), 2)})


@pytest.mark.parametrize("name", NAMES)
def test_r2_every_preset_is_within_the_bounds_for_every_player_count(name: str) -> None:
    variant = cr.VARIANTS[name]
    for players in range(variant.min_players, variant.max_players + 1):
        decks, jokers = variant.deck_counts(players)
        assert decks <= variants.MAX_DECKS
        assert jokers <= variants.MAX_JOKERS
        wild = sum(variant.is_wild(c) for c in variant.deck(players))
        assert wild <= variants.MAX_WILD_CARDS
    assert variant.max_players <= variants.MAX_PLAYERS
    assert variant.rounds <= variants.MAX_ROUNDS


# == R5, R11, R24: rounds, cards dealt, contracts ================================================


@pytest.mark.parametrize(
    ("name", "dealt"),
    [
        ("pagat", [10, 10, 10, 12, 12, 12, 12]),
        ("contract", [10, 10, 10, 12, 12, 12, 12]),
        ("progressive", [10, 10, 10, 10, 12, 12, 12]),
        ("liverpool", [10, 10, 10, 10, 12, 12, 12]),
        ("liverpool-cut", [10, 10, 10, 12, 12, 12, 12]),
        ("shanghai", [10, 10, 10, 10, 12, 12, 12, 12]),
        ("shanghai-11", [11] * 7),
        ("california", [10, 10, 10, 10, 12, 12, 12]),
        ("no-buy", [10, 10, 10, 10, 12, 12, 12]),
        ("double-progressive", [7, 10, 10, 10, 12, 12, 12]),
        ("may-i", [10, 10, 10, 12, 12, 12, 12]),
        ("deuces-wild", [10, 10, 10, 12, 12, 12, 12]),
    ],
)
def test_r5_r11_cards_dealt_and_contracts_of_each_round(name: str, dealt: list[int]) -> None:
    variant = cr.VARIANTS[name]
    assert [variant.cards_dealt(n) for n in range(1, variant.rounds + 1)] == dealt
    contracts = [variant.contract(n) for n in range(1, variant.rounds + 1)]
    assert contracts[:7] == list(cr.STANDARD_CONTRACTS)
    assert contracts[7:] == ([cr.SHANGHAI_EIGHTH] if name == "shanghai" else [])
    at_once = [n for n in range(1, variant.rounds + 1) if variant.at_once(n)]
    assert at_once == ([7, 8] if name == "shanghai" else [7])


@pytest.mark.parametrize("name", NAMES)
def test_r5_each_player_is_dealt_the_rounds_cards(name: str) -> None:
    variant = cr.VARIANTS[name]
    for players in {variant.min_players, variant.max_players}:
        state = cr.new_game(variant, seed=5, players=players)
        assert [len(hand) for hand in state.hands] == [variant.cards_dealt(1)] * players
        assert len(state.discard) == 1
        assert len(state.stock) == len(variant.deck(players)) - players * len(state.hands[0]) - 1


def test_r11_shanghai_has_an_eighth_round_of_three_groups_and_a_run() -> None:
    assert cr.SHANGHAI.rounds == 8
    assert str(cr.SHANGHAI.contract(8)) == "three groups of 3 and a run of 4"
    assert cr.SHANGHAI.contract(8).min_cards == 13 == cr.SHANGHAI.cards_dealt(8) + 1


SHANGHAI_OTHERS = ("KC KD KH", "QC QD QH", "JC JD JH")


def test_r24_shanghai_round_7_goes_out_at_once_with_the_whole_hand() -> None:
    hand = "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD"
    state = deal(hand, *SHANGHAI_OTHERS, stock="KD", variant=cr.SHANGHAI, round_number=7)
    assert state.variant.at_once(state.round_number)
    state = draw(state)
    go_downs = [a for a in cr.legal_actions(state) if isinstance(a, cr.GoDown)]
    assert go_downs
    for action in go_downs:
        assert sum(len(m) for m in action.melds) == 13  # the whole hand, the drawn card too
        assert all(isinstance(m, cr.Run) for m in action.melds)
    refused(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD"), "R24")
    state = play(state, go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD KD"))
    # No discard; round 7 is not the last of shanghai, so the game goes on.
    assert (state.phase, state.hands[0], state.penalties) == (
        cr.Phase.ROUND_OVER,
        (),
        (0, 30, 30, 30),
    )
    state = play(state, cr.NextRound())
    assert (state.round_number, state.contract) == (8, cr.SHANGHAI_EIGHTH)
    assert [len(hand) for hand in state.hands] == [12] * 4


def test_r24_shanghai_round_7_has_no_lay_offs() -> None:
    hand = "2C 3C 4C 5C 6C JK"
    state = deal(hand, *SHANGHAI_OTHERS, stock="7C", variant=cr.SHANGHAI, round_number=7)
    state = draw(state)
    message = refused(state, cr.LayOff(card("7C"), 0), "R24")
    assert "round 7 is played at once" in message
    assert not [a for a in cr.legal_actions(state) if isinstance(a, cr.LayOff)]
    # The same hand in pagat's round 6 is not at once: it may go down and keep a discard.
    assert not cr.PROGRESSIVE.at_once(6)


def test_r24_shanghai_round_8_lays_three_groups_and_a_run_of_the_whole_hand() -> None:
    hand = "7C 7D 7H 8C 8D 8H 9C 9D 9H 2S 3S 4S"
    state = deal(
        hand,
        *SHANGHAI_OTHERS,
        stock="5S",
        variant=cr.SHANGHAI,
        round_number=8,
        scores=(100, 100, 100, 100),
    )
    state = draw(state)
    full = go_down("7C 7D 7H", "8C 8D 8H", "9C 9D 9H", "2S 3S 4S 5S")
    assert full in list(cr.legal_actions(state))
    state = play(state, full)
    assert state.phase is cr.Phase.GAME_OVER
    assert state.winners == (0,)
    assert state.scores == (100, 130, 130, 130)


def test_r24_a_shanghai_round_8_go_down_keeping_a_card_is_refused() -> None:
    hand = "7C 7D 7H 8C 8D 8H 9C 9D 9H 2S 3S 4S 5S"
    state = draw(deal(hand, *SHANGHAI_OTHERS, stock="KS", variant=cr.SHANGHAI, round_number=8))
    refused(state, go_down("7C 7D 7H", "8C 8D 8H", "9C 9D 9H", "2S 3S 4S 5S"), "R24")
    assert not [a for a in cr.legal_actions(state) if isinstance(a, cr.GoDown)]
    state = play(state, cr.Discard(card("KS")))
    assert (state.phase, state.active) == (cr.Phase.DRAW, 1)


# == R25, R30: wild cards and their points ======================================================


def test_r30_r25_california_queens_are_wild_and_score_25() -> None:
    california = cr.CALIFORNIA
    assert all(california.is_wild(c) for c in cr.parse_cards("QC QD QH QS"))
    assert not california.is_wild(card("KS"))
    assert california.penalty(card("QH")) == 25
    assert (california.penalty(card("KH")), california.penalty(card("AH"))) == (10, 15)
    assert california.penalty(card("7H")) == 5
    assert cr.meld("7C 7D QH", variant=california) == cr.Group(
        cr.Rank.SEVEN, "7C 7D QH", variant=california
    )
    assert cr.meld("5H QS 7H 8H", variant=california) == cr.Run(
        cr.Suit.HEARTS, 5, "5H QS 7H 8H", variant=california
    )
    # In progressive a queen is a natural card, worth 10.
    assert not cr.PROGRESSIVE.is_wild(card("QH"))
    assert cr.PROGRESSIVE.penalty(card("QH")) == 10


def test_r30_r25_deuces_wild_2s_are_wild_and_score_2() -> None:
    deuces = cr.DEUCES_WILD
    assert all(deuces.is_wild(c) for c in cr.parse_cards("2C 2D 2H 2S JK"))
    assert deuces.penalty(card("2S")) == 2
    assert deuces.penalty(cr.JOKER) == 15
    # A 2 plays as itself when it can (R30) and as a wild card otherwise.
    assert cr.meld("2C 2D 2H", variant=deuces) == cr.Group(cr.Rank.TWO, "2C 2D 2H", variant=deuces)
    assert cr.meld("5H 2S 7H 8H", variant=deuces) == cr.Run(
        cr.Suit.HEARTS, 5, "5H 2S 7H 8H", variant=deuces
    )
    with pytest.raises(cr.InvalidMeldError):
        cr.meld("5H 2S 7H 8H")


@pytest.mark.parametrize(
    ("name", "joker", "seven", "king"),
    [
        ("pagat", 15, 7, 10),
        ("progressive", 25, 5, 10),
        ("may-i", 25, 7, 10),
        ("california", 25, 5, 10),
        ("shanghai", 25, 5, 10),
        ("deuces-wild", 15, 7, 10),
    ],
)
def test_r25_penalty_points(name: str, joker: int, seven: int, king: int) -> None:
    variant = cr.VARIANTS[name]
    points = (variant.penalty(cr.JOKER), variant.penalty(card("7D")), variant.penalty(card("KS")))
    assert points == (joker, seven, king)
    assert variant.penalty(card("AC")) == 15


# == R14, R33: longer first melds ================================================================


def test_r33_may_i_accepts_longer_first_melds() -> None:
    hand = "7C 7D 7H 7S 9C 9D 9H 5H 6D KC"
    longer = go_down("7C 7D 7H 7S", "9C 9D 9H")
    for variant, legal in ((cr.MAY_I, True), (cr.PAGAT, False)):
        state = draw(deal(hand, "2C 3C 4C", "2D 3D 4D", "8S 8H 8D", stock="KS", variant=variant))
        if legal:
            state = play(state, longer)
            assert state.hands[0] == cards("5H 6D KC KS")
            assert state.down[0]
        else:
            refused(state, longer, "R14")


def test_r33_may_i_still_lays_only_the_contracts_melds() -> None:
    hand = "7C 7D 7H 9C 9D 9H 3S 4S 5S 6S KH"
    state = draw(deal(hand, "2C 3C 4D", "2D 3D 4H", "8S 8H 8D", stock="KS", variant=cr.MAY_I))
    message = refused(state, go_down("7C 7D 7H", "9C 9D 9H", "3S 4S 5S 6S"), "R14")
    assert "needs two groups of 3" in message
    state = play(state, go_down("7C 7D 7H", "9C 9D 9H"))
    assert state.hands[0] == cards("3S 4S 5S 6S KH KS")


# == R18-R21: buying ===========================================================================


@pytest.mark.parametrize("name", ["liverpool", "no-buy"])
def test_r18_liverpool_and_no_buy_never_offer_a_buy(name: str) -> None:
    variant = cr.VARIANTS[name]
    state = deal("2H 3H 4H", "2S 3S 4S", "2D 3D 4D", "9S 9H 9D", discard="KH", variant=variant)
    state = play(state, cr.DrawStock())
    assert (state.phase, state.to_act) == (cr.Phase.PLAY, 0)  # nobody is asked

    def never_buy(before: cr.RoundState, action: cr.Action, after: cr.RoundState) -> None:
        assert before.phase is not cr.Phase.BUY
        assert not isinstance(action, cr.Buy | cr.Pass)

    bots = [cr.RandomBot(seed=p) for p in range(4)]
    final = cr.play_game(bots, variant=variant, seed=11, on_step=never_buy, max_actions=50_000)
    assert final.phase is cr.Phase.GAME_OVER
    assert final.buys == (0, 0, 0, 0)


@pytest.mark.parametrize(("variant", "capped"), [(cr.PROGRESSIVE, True), (cr.PAGAT, False)])
def test_r21_progressive_buy_cap_skips_a_player_at_the_cap(
    variant: cr.Variant, capped: bool
) -> None:
    state = deal(
        "2H 3H 4H",
        "2S 3S 4S",
        "2D 3D 4D",
        "9S 9H 9D",
        discard="2C 3C 4C 5C 6C 7C 8C",
        variant=variant,
    )
    state = play(state, cr.DrawStock())
    # Players 1 and 2 take turns buying: 8C, 7C, 6C, 5C, 4C (A-B-A is allowed, R20).
    for buyer in (1, 2, 1, 2, 1):
        assert state.to_act == buyer
        state = play(state, cr.Buy())
    assert state.buys == (0, 3, 2, 0)
    state = play(state, cr.Buy())  # player 2 buys 3C, their third
    assert state.buys == (0, 3, 3, 0)
    # 2C is on top. Player 2 bought last (R20); player 1 is at progressive's cap of 3 (R21).
    expected = (3, ()) if capped else (1, (3,))
    assert (state.phase, state.to_act, state.buy_queue) == (cr.Phase.BUY, *expected)


# == R28, R34: the winner ========================================================================


def last_round(variant: cr.Variant, scores: tuple[int, ...]) -> cr.RoundState:
    """Round 7: player 0 goes out at once; the others keep KC (10), QC QS QH and JC JD JH."""
    state = deal(
        "AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD",
        "KC",
        "QC QS QH",
        "JC JD JH",
        stock="KD",
        variant=variant,
        round_number=7,
        scores=scores,
    )
    state = play(draw(state), go_down("AS 2S 3S 4S", "5H 6H 7H 8H", "9D 10D JD QD KD"))
    assert state.phase is cr.Phase.GAME_OVER
    return state


def test_r34_progressive_breaks_a_tie_by_the_last_round() -> None:
    final = last_round(cr.PROGRESSIVE, (100, 90, 300, 300))
    assert final.penalties == (0, 10, 30, 30)
    assert final.scores == (100, 100, 330, 330)
    assert final.winners == (0,)  # 0 points in round 7 beat 10


def test_r34_players_still_tied_share() -> None:
    final = last_round(cr.PROGRESSIVE, (500, 500, 100, 100))
    assert final.scores == (500, 510, 130, 130)
    assert final.winners == (2, 3)


def test_r28_pagat_shares_the_same_tie() -> None:
    assert last_round(cr.PAGAT, (100, 90, 300, 300)).winners == (0, 1)


@pytest.mark.parametrize(
    "name", ["progressive", "liverpool", "shanghai", "california", "no-buy", "double-progressive"]
)
def test_r34_the_progressive_family_breaks_ties(name: str) -> None:
    assert cr.VARIANTS[name].tie_break is cr.TieBreak.LAST_ROUND


# == whole games ================================================================================


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_playable_preset_plays_to_the_end(name: str, seed: int) -> None:
    variant = cr.VARIANTS[name]
    for players in sorted({variant.min_players, variant.max_players}):
        bots: list[cr.Bot] = [cr.GreedyBot() for _ in range(players)]
        if seed == 2:
            bots = [cr.RandomBot(seed=seed * 10 + p) for p in range(players)]
        # play_game raises RuntimeError if the game is not over after max_actions.
        final = cr.play_game(bots, variant=variant, seed=seed, max_actions=50_000)
        assert final.phase is cr.Phase.GAME_OVER
        assert final.round_number == variant.rounds
        assert final.winners
        assert sum(len(hand) for hand in final.hands) + len(final.stock) + len(
            final.discard
        ) + sum(len(placed.cards) for placed in final.table) == len(variant.deck(players))


def test_a_name_that_is_no_variant_is_refused_listing_the_names() -> None:
    with pytest.raises(KeyError, match="no variant is called 'nope'; the variants are california"):
        cr.VARIANTS["nope"]
    with pytest.raises(ValueError, match="shanghai-11"):
        cr.VARIANTS["nope"]
    assert cr.VARIANTS.get("nope") is None
    assert "nope" not in cr.VARIANTS
    assert dict(cr.VARIANTS)["pagat"] is cr.PAGAT


def test_a_preset_is_shown_by_its_name_and_a_house_rule_by_its_settings() -> None:
    assert repr(cr.PAGAT) == "VARIANTS['pagat']"
    assert eval(repr(cr.SHANGHAI), {"VARIANTS": cr.VARIANTS}) is cr.SHANGHAI
    house = attrs.evolve(cr.PAGAT, max_buys=2)
    assert repr(house).startswith("Variant(name='pagat', ")
    assert "max_buys=2" in repr(house)
    assert len(repr(cr.new_game(seed=1).facts)) < 100


def test_liverpool_and_no_buy_are_one_rule_set_under_two_names() -> None:
    assert P.NO_BUY != P.LIVERPOOL
    assert attrs.evolve(P.NO_BUY, name="liverpool") == P.LIVERPOOL


def test_liverpool_cut_is_built_on_pagat_not_on_liverpool() -> None:
    assert attrs.evolve(P.LIVERPOOL_CUT, name="pagat", cut_bonus=0) == P.PAGAT
    assert attrs.evolve(P.LIVERPOOL, name="liverpool-cut", cut_bonus=50) != P.LIVERPOOL_CUT
