"""The text of a player's view (contract_rummy.render): its parts, and what each option shows."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings

import contract_rummy as cr
from contract_rummy import render
from contract_rummy.testing import strategies as crst
from scenario import typeless

CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b")


def _played(variant: cr.Variant, seed: int, actions: int) -> cr.RoundState:
    """A state ``actions`` actions into a seeded game: mostly a greedy player's moves."""
    state = cr.new_game(variant, seed=seed)
    choices = random.Random(seed)
    greedy = cr.GreedyBot()
    for _ in range(actions):
        if state.phase is cr.Phase.GAME_OVER:
            break
        legal = cr.legal_actions(state)
        if choices.random() < 0.8:
            action = greedy.choose(state)
        else:
            action = legal[choices.randrange(len(legal))]
        state = cr.apply(state, action)
    return state


def test_the_text_is_its_lines_and_the_parts_are_in_it() -> None:
    seen = cr.view(_played(cr.PAGAT, 4, 60), 1)
    lines = render.view_lines(seen)
    assert render.view_text(seen) == "\n".join(lines)
    assert lines[0].startswith(f"--- Round {seen.round_number} of 7 (pagat): ")
    assert len(lines[0]) == render.WIDTH
    assert render.pile_line(seen) in lines
    assert render.table_lines(seen) == lines[2 : 2 + len(render.table_lines(seen))]
    assert lines[-len(render.hand_lines(seen)) :] == render.hand_lines(seen)


@settings(max_examples=60)
@given(crst.views())
def test_the_hand_shows_every_card_and_nothing_else_of_the_cards(seen: cr.PlayerView) -> None:
    hand = render.hand_lines(seen, you=False)
    assert hand[0].startswith(f"Hand of player {seen.player} ({len(seen.hand)} card")
    shown = Counter(CARD.findall("\n".join(line for line in hand[1:] if "took" not in line)))
    assert shown == Counter(map(str, seen.hand))
    public = render.view_text(seen, private=False)
    assert "Your hand" not in public
    assert render.view_text(seen, public=False, you=False) == "\n".join(hand)


def test_stretches_of_a_suit_are_bracketed_and_wild_cards_are_apart() -> None:
    hand = "3C 4C 5C 9C 9C KD 2H JK 9S 7S"
    deck = Counter(cr.DEUCES_WILD.deck(4))
    deck.subtract(cr.parse_cards(hand))
    state = cr.start_round(
        cr.DEUCES_WILD,
        dealer=3,
        hands=[hand, "", "", ""],
        stock=sorted(deck.elements()),
        discard="",
    )
    assert render.hand_lines(cr.view(state, 0)) == [
        "Your hand (10 cards):",
        "  clubs     [3C 4C 5C] 9C 9C",
        "  diamonds  KD",
        "  spades    7S 9S",
        "  wild      2H JK",
        "  same rank 9 x3",
    ]


@pytest.mark.parametrize("name", ["pagat", "liverpool-cut", "may-i", "deuces-wild"])
def test_the_public_part_is_the_same_for_every_player(name: str) -> None:
    state = _played(cr.VARIANTS[name], 2, 150)
    texts = {
        render.view_text(cr.view(state, player), private=False, details=True, you=False)
        for player in range(state.players)
    }
    assert len(texts) == 1
    mine = render.view_text(cr.view(state, 0), private=False)
    assert "you" in mine  # but the viewer is "you" unless told otherwise


def test_the_details_write_out_every_field() -> None:
    state = cr.apply(cr.new_game(seed=3), cr.TakeDiscard())
    state = cr.apply(cr.apply(state, cr.Discard(cr.Card.parse("AC"))), cr.DrawStock())
    assert state.phase is cr.Phase.BUY
    seen = cr.view(state, 0)
    text = render.view_text(seen, details=True, moves=True, you=False)
    assert "Move 3." in text
    assert f"Phase: buy.  To choose: player {seen.to_act}.  Turns begun: 2." in text
    queue = ", ".join(f"player {p}" for p in seen.window.queue)
    assert f"Buy window: still to be asked: {queue}; last buyer: nobody;" in text
    assert "Discards, bottom first: AC from player 3." in text
    assert "Buys this round: player 0 0, player 1 0, player 2 0, player 3 0" in text
    assert "Penalties" not in text
    assert "Winners" not in text
    brief = render.view_text(seen)
    assert "Phase" not in brief
    assert "Move" not in brief


def test_a_round_over_shows_its_penalties_and_a_game_over_its_winners() -> None:
    state = _played(cr.LIVERPOOL, 5, 3000)
    assert state.phase is cr.Phase.GAME_OVER
    text = render.view_text(cr.view(state, 1), details=True, you=False)
    assert state.penalties is not None
    assert state.winners is not None
    penalties = ", ".join(f"player {p} {points}" for p, points in enumerate(state.penalties))
    assert f"Penalties of round 7: {penalties}" in text
    assert f"Winners: {', '.join(f'player {p}' for p in state.winners)}" in text
    assert "To choose: nobody." in text


def test_the_kept_card_is_named_to_its_taker_only() -> None:
    state = cr.apply(cr.new_game(seed=3), cr.TakeDiscard())
    taker = state.active
    kept = state.turn.kept_card
    line = f"  (you took {kept}: it may not be discarded this turn, R17)"
    assert line in render.hand_lines(cr.view(state, taker))
    assert f"took {kept}" not in render.view_text(cr.view(state, (taker + 1) % 4))


def test_melds_show_what_their_wild_cards_stand_for() -> None:
    deuces = cr.DEUCES_WILD
    assert render.meld_text(cr.meld("2S 7C 8C 9C", variant=deuces), deuces) == "2S=6C 7C 8C 9C"
    assert render.meld_text(cr.Group(cr.Rank.SEVEN, "7S JK JK JK"), cr.PAGAT) == (
        "group 7: 7S JK JK JK"
    )
    run = cr.meld("3S 4S JK 6S")
    assert render.meld_text(run, cr.PAGAT) == cr.format_meld(run) == "3S 4S JK 6S"


def test_the_table_names_each_meld_s_index_and_owner() -> None:
    state = _played(cr.PAGAT, 11, 400)
    assert state.table, "nobody went down"
    seen = cr.view(state, 0)
    lines = render.table_lines(seen)
    assert lines[0] == "Table:"
    for index, (line, laid) in enumerate(zip(lines[1:], seen.table, strict=True)):
        owner = render.player_name(laid.owner, 0)
        assert line == f"  [{index}] {owner:9} {render.meld_text(laid.meld, seen.variant)}"
    assert render.table_lines(cr.view(cr.new_game(seed=11), 0)) == ["Table: no melds yet"]


def test_cards_and_names() -> None:
    assert render.cards_text(cr.parse_cards("10H JK")) == "10H JK"
    assert render.cards_text(()) == "-"
    assert render.player_name(3, 3) == "you"
    assert render.player_name(3, None) == "player 3"


def test_a_whole_state_is_refused_with_the_call_that_makes_a_view() -> None:
    state = typeless(cr.new_game(seed=1))
    parts = (render.view_text, render.view_lines, render.hand_lines, render.table_lines)
    for part in (*parts, render.pile_line):
        with pytest.raises(TypeError, match=r"^expected a PlayerView, got a whole RoundState"):
            part(state)
    with pytest.raises(TypeError, match=r"^expected a PlayerView, got None$"):
        render.view_text(typeless(None))


def test_names_are_one_distinct_str_per_player() -> None:
    seen = cr.view(cr.new_game(seed=1), 0)
    with pytest.raises(ValueError, match=r"^names must name each of the 4 players, got 2 names$"):
        render.view_text(seen, names=["Ann", "Bo"])
    with pytest.raises(TypeError, match=r"^names must be a list of str, one per player"):
        render.view_text(seen, names=typeless("ABCD"))
    with pytest.raises(ValueError, match=r"^names must differ: players 0 and 1 are both called"):
        render.table_lines(seen, names=["Ann", "Ann", "Cy", "Di"])


def test_a_view_not_told_you_calls_its_player_by_name() -> None:
    state = cr.apply(cr.new_game(seed=1), cr.TakeDiscard())
    names = ["Ann", "Bo", "Cy", "Di"]
    lines = render.view_lines(cr.view(state, 2), you=False, names=names)
    assert "Hand of Cy (11 cards):" in lines
    assert "  (Cy took 4D: it may not be discarded this turn, R17)" in lines
    assert not any("player 2" in line for line in lines)
    mine = render.hand_lines(cr.view(state, 2), names=names)
    assert mine[0] == "Your hand (11 cards):"
    assert mine[-1] == "  (you took 4D: it may not be discarded this turn, R17)"
