"""Tests of contract_rummy.table: one person at a table of bots, answering in plain dicts."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.godown import go_downs
from contract_rummy.table import PAGE, Table, explore, variant_named
from scenario import typeless

#: The most decisions a test game asks of the person: a game ends long before (R29).
MAX_DECISIONS = 5_000


def play_out(table: Table, pick: int = 0) -> list[dict[str, Any]]:
    """Play the person's seat to the end of the game; return every answer, the first included.

    The person chooses the ``pick``-th action listed, or the last when there are fewer.
    """
    answers = [table.answer()]
    for _ in range(MAX_DECISIONS):
        if table.over:
            return answers
        listed = table.actions(start=0, limit=pick + 1)
        assert listed["actions"], "the person must choose, yet has no action"
        result = table.act(listed["actions"][-1])
        assert result == {"ok": True, "rule": None, "message": None}
        answers.append(table.answer())
    pytest.fail(f"the game is not over after {MAX_DECISIONS} decisions")


def hidden_state(table: Table) -> cr.RoundState:
    return table.state  # the whole state, which the table never answers with


def test_answers_are_json_and_only_the_seats_view() -> None:
    table = Table("pagat", seed=11, seat=1)
    for _ in range(40):
        answer = table.answer()
        assert json.loads(json.dumps(answer)) == answer
        assert answer["view"] == cr.to_dict(cr.view(hidden_state(table), 1))
        assert table.act(table.actions()["actions"][0])["ok"]


def test_events_are_the_seats_censored_copy() -> None:
    table = Table("pagat", seed=5, seat=2)
    seen: list[dict[str, Any]] = []
    for _ in range(200):
        seen.extend(table.events())
        if table.over:
            break
        table.act(table.actions()["actions"][0])
    kinds = {(event["type"], event.get("player")) for step in seen for event in step["events"]}
    # Another player's draw or penalty card is a marker; the seat's own draws show the card.
    assert not any(kind in {"Drew", "Bought"} and player != 2 for kind, player in kinds)
    assert ("Drew", 2) in kinds
    assert ("DrewUnseen", 0) in kinds or ("DrewUnseen", 1) in kinds
    for step in seen:
        for event in step["events"]:
            assert not event.get("stock"), "a reshuffled stock's order is hidden (R27)"


def test_no_other_hand_appears_in_an_answer() -> None:
    # The answers of a seat are the same for two games whose hidden cards differ: a state
    # and the same state with two other players' hands swapped give the same view.
    table = Table("pagat", seed=3, seat=0)
    table.act(table.actions()["actions"][0])
    state = hidden_state(table)
    answer = table.answer()
    text = json.dumps(answer)
    for player in range(1, 4):
        hand = " ".join(map(str, state.hands[player]))
        assert hand not in text
        assert json.dumps([str(card) for card in state.hands[player]]) not in text


def test_same_seed_same_game() -> None:
    first = play_out(Table("shanghai-11", players=4, seed=9))
    again = play_out(Table.from_query(Table("shanghai-11", players=4, seed=9).query))
    assert first == again


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(cr.VARIANTS))
def test_r28_every_preset_plays_to_the_end_with_standings(name: str) -> None:
    variant = cr.VARIANTS[name]
    table = Table(name, players=variant.max_players if variant.max_players < 6 else 5, seed=2)
    answers = play_out(table, pick=1)
    last = answers[-1]
    assert last["game"]["over"]
    assert last["actions"]["count"] == 0
    assert [r["round"] for r in last["rounds"]] == list(range(1, variant.rounds + 1))
    standings = last["standings"]
    assert standings is not None
    scores = [entry["score"] for entry in standings]
    assert scores == sorted(scores) == sorted(last["rounds"][-1]["scores"])
    assert standings[0]["place"] == 1
    assert table.act("DrawStock") == {"ok": False, "rule": "R28", "message": "the game is over"}


def test_r28_tied_totals_share_a_place() -> None:
    from contract_rummy.table import _standings

    assert _standings((30, 10, 10, 5)) == [
        {"player": 3, "score": 5, "place": 1},
        {"player": 1, "score": 10, "place": 2},
        {"player": 2, "score": 10, "place": 2},
        {"player": 0, "score": 30, "place": 4},
    ]


def test_r19_a_refused_action_says_its_rule() -> None:
    table = Table("pagat", seed=7)
    assert table.game()["decision"] == "buy"
    refused = table.act("Discard 3C")
    assert refused["ok"] is False
    assert refused["rule"] == "R19"
    assert "may buy or pass" in refused["message"]


def test_bad_notation_is_refused_without_a_rule() -> None:
    table = Table("pagat", seed=7)
    assert table.act("Fly away") == {
        "ok": False,
        "rule": None,
        "message": (
            "'Fly' is not an action: expected DrawStock, TakeDiscard, Buy, Pass, Discard, "
            "GoDown, LayOff, SwapJoker or NextRound"
        ),
    }


def test_act_given_no_text_is_a_type_error_not_a_refusal() -> None:
    # A program's mistake, as actions(search=None) is: the game goes on untouched.
    table = Table("pagat", seed=7)
    before = table.game()
    for value in (None, b"Pass", 7):
        with pytest.raises(TypeError, match=r"^expected an action's notation as a str, got "):
            table.act(typeless(value))
    assert table.game() == before


def test_r14_a_go_down_short_of_the_contract_is_refused() -> None:
    table = Table("pagat", seed=7)
    for _ in range(MAX_DECISIONS):
        if table.game()["decision"] == "play":
            break
        table.act(table.actions()["actions"][-1])
    else:
        pytest.fail("no play phase")
    hand = table.view()["hand"]
    refused = table.act(f"GoDown {hand[0]} {hand[0]} JK")
    assert refused["ok"] is False
    assert refused["rule"] in {"R9", "R14", "R7, R8", "R7"}


def test_actions_are_counted_and_paged_without_listing_them_all() -> None:
    hand = cr.parse_cards("2C 2D 2H 2S JK JK 7C 7D 8C 8D 9C 9D KS")
    found = explore(hand, variant="deuces-wild", limit=PAGE)
    assert found["count"] == len(go_downs(cr.DEUCES_WILD, 1, hand, None)) == 7890
    assert len(found["ways"]) == PAGE
    # The listing of a table is that of its view: paging reads only the page.
    table = Table("pagat", seed=1)
    listed = table.actions()
    assert listed["count"] == len(cr.legal_actions(cr.view(hidden_state(table), 0)))
    pages = [table.actions(start=start, limit=1)["actions"] for start in range(listed["count"])]
    assert [text for page in pages for text in page] == listed["actions"]
    assert table.actions(start=listed["count"])["actions"] == []


def test_a_search_stops_at_its_scan_and_says_so() -> None:
    table = Table("pagat", seed=1)
    assert table.actions(search="pass", scan=1) == {
        "count": 2,
        "start": 0,
        "actions": [],
        "more": False,
        "matches": 0,
        "complete": False,
    }
    assert table.actions(search="PASS")["actions"] == ["Pass"]


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(sorted(cr.VARIANTS)), st.integers(0, 2**32 - 1))
def test_from_query_deals_the_game_of_its_query(name: str, seed: int) -> None:
    table = Table(name, seed=seed)
    again = Table.from_query(table.query)
    assert (again.variant, again.players, again.seed) == (table.variant, table.players, seed)
    assert again.view() == table.view()


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("variant=snap", "no variant is called 'snap'"),
        ("players=9", "R1: pagat is played by 4-4 players, not 9"),
        ("seat=4", "seat must be a seat of the game, 0-3, got 4"),
        ("bot=clever", "no bot is called 'clever'"),
        ("seed=-1", "seed must be a number, got '-1'"),
        ("seed=%C2%B2", "seed must be a number, got '²'"),  # a superscript two
        ("seat=%D9%A3", "seat must be a number, got '٣'"),  # an Arabic-Indic three
        ("seed=+3", "seed must be a number, got ' 3'"),  # '+' is a space in a query
    ],
)
def test_a_bad_query_is_refused(query: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Table.from_query(query)


def test_variant_named_takes_a_variant() -> None:
    assert variant_named(cr.SHANGHAI) is cr.SHANGHAI


def test_a_table_of_house_rules_has_no_query_that_would_deal_the_preset() -> None:
    house = attrs.evolve(cr.PAGAT, max_buys=0, buy_penalty=0)  # still named "pagat"
    table = Table(house, seed=3)
    with pytest.raises(ValueError, match=r"plays rules of its own .* a query names presets"):
        _ = table.query
    assert table.game()["query"] is None
    assert table.answer()["game"]["query"] is None
    assert Table(cr.PAGAT, seed=3).game()["query"] == "variant=pagat&players=4&seed=3"


def test_a_search_is_words() -> None:
    with pytest.raises(TypeError, match=r"^search must be a str of words, got None$"):
        Table(seed=1).actions(search=typeless(None))


def test_r14_explore_counts_every_way_and_lists_the_first() -> None:
    hand = "7C 7D 7H 9S 9D 9H JK KD"
    found = explore(hand, limit=3)
    every = go_downs(cr.PAGAT, 1, cr.parse_cards(hand), None)
    assert found["count"] == len(every) == 7
    assert found["ways"] == [cr.format_action(action) for action in every[:3]]
    assert found["meets"]
    assert found["refusal"] is None
    assert explore(hand.split(), limit=3) == found  # a list of the cards' notations
    assert explore(cr.parse_cards(hand), limit=3) == found
    assert explore(hand, go_down="7C 7D 7H | 9S 9D 9H")["refusal"] is None
    refused = explore(hand, go_down="GoDown 7C 7D 7H | 9S 9D 9H JK")
    assert refused["refusal"]["rule"] == "R14"


def test_r17_explore_keeps_the_card_taken_from_the_discard_pile() -> None:
    hand = "7C 7D 7H 9C 9D 9H KD"
    cards = cr.parse_cards(hand)
    assert explore(hand)["ways"] == ["GoDown 7C 7D 7H | 9C 9D 9H"]  # KD left to discard
    # R17: KD, taken from the discard pile, cannot be the card left to discard.
    kept = explore(hand, kept="KD")
    assert kept["count"] == len(go_downs(cr.PAGAT, 1, cards, cr.Card.parse("KD"))) == 0
    assert not kept["meets"]
    refused = explore(hand, kept="KD", go_down="7C 7D 7H | 9C 9D 9H")["refusal"]
    assert refused == {
        "rule": "R16",
        "message": "going down must leave a card that may be discarded: the only card left, "
        "KD, was taken from the discard pile (R17)",
    }
    # A kept card that goes down leaves KD to discard.
    assert explore(hand, kept=cr.Card.parse("9C"))["count"] == 1
    # A kept card the hand does not hold, or not one card, is refused.
    assert explore(hand, kept="QH")["refusal"] == {
        "rule": "R17",
        "message": "the card kept, QH, must be one of the hand's cards",
    }
    assert explore(hand, kept="KD KS")["refusal"]["rule"] is None
    with pytest.raises(TypeError, match="kept must be a card"):
        explore(hand, kept=5)  # type: ignore[arg-type]


def test_r11_explore_uses_the_rounds_contract() -> None:
    found = explore("3S 4S 5S 6S 8D 8H 8C KD", round_number=2)
    assert found["contract"] == "a group of 3 and a run of 4"
    assert found["meets"]
    assert found["count"] == 1
    assert explore("3S", round_number=8)["refusal"] == {
        "rule": "R11",
        "message": "pagat has 7 rounds, not 8",
    }
    assert not explore("3S 4S 5S 6S 8D 8H 9C KD", round_number=2)["meets"]


def test_explore_refuses_what_it_cannot_read() -> None:
    assert explore("7X")["refusal"]["message"].startswith("'7X' is not a card")
    assert explore(["7C", "7X"])["refusal"]["message"].startswith("'7X' is not a card")
    with pytest.raises(TypeError, match=r"^each card of hand must be a Card or card notation"):
        explore(typeless([7]))
    assert explore("7C", variant="snap")["refusal"]["rule"] is None
    assert explore("7C 7D 7H 8C", go_down="DrawStock")["refusal"]["rule"] is None
    assert explore("7C 7D 7H 8C", go_down="Discard 8C")["refusal"]["rule"] is None
    refused = explore("7C 7D 7H 8C 8D 8H 9D", go_down="7C 7D 7H 7H | 8C 8D 8H")
    assert refused["refusal"]["rule"] in {"R9", "R14"}


def test_the_listing_writes_go_downs_as_the_notation_does() -> None:
    table = Table("deuces-wild", seed=14)
    for _ in range(MAX_DECISIONS):
        if table.actions(limit=1)["count"] > PAGE:
            break
        listed = table.actions(limit=PAGE)["actions"]
        texts = [text for text in listed if not text.startswith("GoDown")]
        texts = texts or table.actions(search="Discard", limit=1)["actions"]
        assert table.act("Pass" if "Pass" in texts else texts[0])["ok"]
    else:
        pytest.fail("no decision with many go-downs")
    seen = cr.view(hidden_state(table), table.seat)
    legal = cr.legal_actions(seen)
    expected = [cr.format_action(action, seen) for action in legal[PAGE : 2 * PAGE]]
    assert table.actions(start=PAGE)["actions"] == expected
    assert any(text.startswith("GoDown") for text in expected)
