"""The action notation: every action written and read back, and bad text refused."""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.notation import parse_outcome
from contract_rummy.testing import strategies as crst
from golden_format import GameSpec, record
from scenario import typeless
from test_golden import GAMES

#: Games whose every legal action the notation must round-trip: the golden games, the random
#: one played on to 1000 actions, and one more greedy game (for lay-offs that name an end).
_NOTATION_GAMES: Final = (
    GAMES[0],
    attrs.evolve(GAMES[1], limit=1000),
    GAMES[2],
    GameSpec("greedy-pagat-seed5", "pagat", (), players=4, seed=5, chooser="greedy", limit=1000),
)


def _actions_from_games() -> list[tuple[cr.RoundState, cr.Action]]:
    """Every legal action of every state met in :data:`_NOTATION_GAMES`."""
    states: list[cr.RoundState] = []
    for spec in _NOTATION_GAMES:
        record(spec, lambda _, state, __: states.append(state))
    return [(state, action) for state in states for action in cr.legal_actions(state)]


@pytest.mark.slow
def test_action_notation_round_trips_over_real_games() -> None:
    pairs = _actions_from_games()
    kinds = Counter(type(action).__name__ for _, action in pairs)
    assert set(kinds) == {
        "DrawStock",
        "TakeDiscard",
        "Buy",
        "Pass",
        "GoDown",
        "LayOff",
        "SwapJoker",
        "Discard",
        "NextRound",
    }, kinds
    texts = []
    for state, action in pairs:
        text = cr.format_action(action, state)
        assert cr.parse_action(text, state) == action, text
        assert "=>" not in text
        assert "\n" not in text
        assert text == text.strip()
        texts.append(text)
    # The forms that need care all occur: an end, a freed joker's end, an explicit meld.
    assert any(t.startswith("LayOff") and t.endswith(("low", "high")) for t in texts)
    assert any(t.startswith("SwapJoker") and t.endswith(("low", "high")) for t in texts)
    assert any(t.startswith("GoDown") and ": " in t for t in texts)
    assert len(pairs) > 20_000


def test_action_notation_is_unambiguous_for_melds_the_cards_alone_do_not_name() -> None:
    melds: list[cr.Group | cr.Run] = [
        cr.Group(cr.Rank.SEVEN, "JK JK JK"),
        cr.Group(cr.Rank.SEVEN, "7S JK JK JK"),
        cr.Run(cr.Suit.SPADES, 7, "7S JK JK JK"),
        cr.Run(cr.Suit.HEARTS, 1, "JK JK JK JK"),
        cr.Run(cr.Suit.CLUBS, 11, "JC QC KC AC"),
        cr.Run(cr.Suit.DIAMONDS, 1, "AD 2D 3D 4D"),
        cr.Group(cr.Rank.ACE, "AC AC JK"),
        cr.Group(cr.Rank.TEN, "10H 10S 10S"),
    ]
    written = [cr.format_meld(meld) for meld in melds]
    assert written[0] == "group 7: JK JK JK"
    assert written[2] == "run S from 7: 7S JK JK JK"
    assert written[3] == "run H from A: JK JK JK JK"
    assert written[4] == "JC QC KC AC"
    assert [cr.parse_meld(text) for text in written] == melds
    action = cr.GoDown(melds[:3])
    state = cr.new_game(seed=0)
    assert cr.parse_action(cr.format_action(action, state)) == action


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("Discard", ""),
        ("Discard 1S", "1S"),
        ("LayOff JK -> x", "x"),
        ("LayOff JK 3", "3"),
        ("LayOff JK -> 3 middle", "middle"),
        ("LayOff JK -> -3", "-3"),
        ("GoDown", ""),
        ("GoDown 7S 7D 7H |", ""),
        ("GoDown 7S 7D 7H || 8S 8D 8H", "|"),
        ("GoDown group Z: 7S 7D 7H", "Z"),
        ("GoDown run X from 3: 3S 4S 5S 6S", "X"),
        ("GoDown run S to 3: 3S 4S 5S 6S", "to"),
        ("GoDown 7S JK JK JK", "7S JK JK JK"),
        ("Drow", "Drow"),
        ("DrawStock now", "now"),
        ("SwapJoker 7S 2 -> 4", "2"),
        ("SwapJoker 7S in 2, ZZ -> 4", "ZZ"),
        ("", ""),
    ],
)
def test_malformed_text_is_a_notation_error_naming_the_token(text: str, token: str) -> None:
    with pytest.raises(cr.NotationError) as info:
        cr.parse_action(text)
    assert info.value.token == token
    if token:
        assert repr(token) in str(info.value)


@pytest.mark.parametrize(
    ("text", "rule"),
    [("GoDown 7S 8D 9H", "R7, R8"), ("GoDown group 7: 7S 8S 7H", "R7"), ("Discard 7S | x", None)],
)
def test_r7_cards_that_are_not_the_meld_written_are_refused_as_illegal(
    text: str, rule: str | None
) -> None:
    if rule is None:
        with pytest.raises(cr.NotationError):
            cr.parse_action(text)
        return
    with pytest.raises(cr.IllegalActionError) as info:
        cr.parse_action(text)
    assert str(info.value).startswith(rule)


def test_names_and_cards_read_in_any_case_and_short_forms() -> None:
    assert cr.parse_action("drawstock") == cr.parse_action("DRAW") == cr.DrawStock()
    assert cr.parse_action("take") == cr.TakeDiscard()
    assert cr.parse_action("  next  ") == cr.NextRound()
    assert cr.parse_action("lay jk->3 HIGH") == cr.LayOff(cr.JOKER, 3, cr.End.HIGH)
    assert cr.parse_action("down 7c 7d 7h|9s 9s *") == cr.parse_action(
        "GoDown 7C 7D 7H | 9S 9S JK"
    )
    assert cr.parse_action("discard t♥") == cr.Discard(cr.Card.parse("10H"))
    assert cr.parse_action("Swap 7s in 2,jk->4 low") == cr.SwapJoker(
        cr.Card.parse("7S"), 2, 4, cr.End.LOW
    )


@pytest.mark.parametrize("value", [b"DrawStock", None, 7, ["DrawStock"]])
def test_parse_action_refuses_what_is_not_text(value: Any) -> None:
    # A value of the wrong type is a TypeError, not bad notation (a NotationError).
    kind = type(value).__name__
    with pytest.raises(TypeError, match=rf"^expected an action's notation as a str, got {kind}$"):
        cr.parse_action(value)
    with pytest.raises(TypeError, match=rf"^expected a meld's notation as a str, got {kind}$"):
        cr.parse_meld(value)
    with pytest.raises(TypeError, match=rf"^expected an outcome's notation as a str, got {kind}$"):
        parse_outcome(value)
    with pytest.raises(TypeError, match="expected an action"):
        cr.format_action("DrawStock")  # type: ignore[arg-type]


def test_r30_melds_are_read_under_the_variant() -> None:
    # With deuces wild a 2 stands in for a 7; under pagat the same cards are no meld.
    text = "GoDown 7S 7D 2C"
    assert cr.parse_action(text, cr.DEUCES_WILD) == cr.GoDown(
        [cr.Group(cr.Rank.SEVEN, "7S 7D 2C", variant=cr.DEUCES_WILD)]
    )
    with pytest.raises(cr.IllegalActionError):
        cr.parse_action(text)


def _first_swap() -> tuple[cr.RoundState, cr.SwapJoker]:
    states: list[cr.RoundState] = []
    record(GAMES[0], lambda _, state, __: states.append(state))
    for state in states:
        if state.phase is cr.Phase.PLAY:
            for action in cr.legal_actions(state):
                if isinstance(action, cr.SwapJoker):
                    return state, action
    pytest.fail("the golden game offers no swap")


def test_r23_a_swap_names_the_wild_it_frees_and_is_checked_against_it() -> None:
    state, action = _first_swap()
    text = cr.format_action(action, state)
    assert ", JK -> " in text
    assert cr.parse_action(text, state) == action
    assert cr.format_action(action) == text.replace(", JK", "")
    wrong = text.replace(", JK", ", 2C")
    assert cr.parse_action(wrong) == action  # without the state, nothing to check against
    with pytest.raises(cr.IllegalActionError, match=r"^R23: .* frees JK, not 2C"):
        cr.parse_action(wrong, state)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_every_legal_action_round_trips_in_any_case(data: st.DataObject) -> None:
    state = data.draw(crst.states())
    legal = cr.legal_actions(state)
    if not legal:
        return
    index = data.draw(st.integers(0, len(legal) - 1))
    action = legal[index]
    text = cr.format_action(action, state)
    assert cr.parse_action(text, state) == action
    assert cr.parse_action(text.lower(), state) == action
    assert cr.parse_action(text, state.variant) == action


def test_r23_a_view_of_the_player_to_act_writes_and_checks_the_freed_wild() -> None:
    state, action = _first_swap()
    assert state.to_act is not None
    seen = cr.view(state, state.to_act)
    text = cr.format_action(action, state)
    assert cr.format_action(action, seen) == text
    assert cr.parse_action(text, seen) == action
    with pytest.raises(cr.IllegalActionError, match=r"^R23"):
        cr.parse_action(text.replace(", JK", ", 2C"), seen)


def test_huge_table_indices_are_notation_errors_not_conversions() -> None:
    digits = "9" * 5000
    with pytest.raises(cr.NotationError) as info:
        cr.parse_action(f"LayOff JK -> {digits}")
    assert info.value.token == digits
    assert cr.parse_action("LayOff JK -> 123456789") == cr.LayOff(cr.JOKER, 123456789)


def test_meld_cards_read_with_commas_and_run_suits_as_symbols() -> None:
    assert cr.parse_meld("7c, 7d, 7h") == cr.meld("7C 7D 7H") == cr.meld("7c, 7d, 7h")
    both = cr.GoDown([cr.meld("7C 7D 7H"), cr.meld("8C 8D 8H")])
    assert cr.parse_action("down 7c, 7d, 7h | 8c,8d,8h") == both
    explicit = cr.Run(cr.Suit.SPADES, 3, "JK JK 5S 6S")
    for text in ("run ♠ from 3: jk jk 5♠ 6♠", "run ♠\ufe0f from 3: jk, jk, 5s, 6s"):
        assert cr.parse_meld(text) == explicit
    # A swap's comma still names the wild card freed.
    assert cr.parse_action("swap 7s in 2, JK -> 4") == cr.SwapJoker("7S", 2, 4)


def test_notation_takes_the_rules_as_a_variant_or_a_preset_s_name() -> None:
    deuces = cr.DEUCES_WILD
    down = cr.GoDown([cr.Group(cr.Rank.SEVEN, "2C 2D 7H", variant=deuces), cr.meld("8C 8D 8H")])
    text = cr.format_action(down, deuces)
    assert text == cr.format_action(down, "deuces-wild") == "GoDown 2C 2D 7H | 8C 8D 8H"
    assert cr.parse_action(text, "deuces-wild") == cr.parse_action(text, deuces) == down
    assert cr.format_action(down) == "GoDown group 7: 2C 2D 7H | 8C 8D 8H"  # under pagat
    assert cr.parse_meld("2c 2d 2h", "deuces-wild") == cr.parse_meld("2c 2d 2h", deuces)
    assert cr.format_meld(down.melds[0], "deuces-wild") == "2C 2D 7H"
    with pytest.raises(TypeError, match=r"^expected an action, got the class DrawStock: call it"):
        cr.format_action(typeless(cr.DrawStock))
    with pytest.raises(TypeError, match=r"^variant must be a Variant or a preset's name, got N"):
        cr.parse_meld("2c 2d 2h", typeless(None))
    with pytest.raises(TypeError, match=r"^state must be a RoundState, a PlayerView, a Varia"):
        cr.format_action(cr.Pass(), typeless(5))
