"""Player views: what one player may know, checked like a state, and the states behind it."""

from __future__ import annotations

import ast
import copy
import itertools
import pickle
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import views as views_module
from contract_rummy.state import deck_difference
from contract_rummy.testing import strategies as crst
from contract_rummy.views import canonical_state
from scenario import Index, cards, deal, play, typeless


@st.composite
def _played(draw: st.DrawFn) -> cr.RoundState:
    """A state deep into a game: mostly a greedy player's moves, some random ones.

    Hypothesis's own states shrink towards short games; these reach players who are down,
    lay-offs, reshuffles and later rounds.
    """
    variant = draw(crst.variants())
    players = draw(st.integers(variant.min_players, variant.max_players))
    state = cr.new_game(variant, seed=draw(st.integers(0, 2**32)), players=players)
    choices = random.Random(draw(st.integers(0, 2**32)))
    greedy = cr.GreedyBot()
    for _ in range(draw(st.integers(0, 600) | st.integers(100, 600))):
        if state.phase is cr.Phase.GAME_OVER:
            break
        if choices.random() < 0.8:
            action = greedy.choose(state)
        else:
            legal = cr.legal_actions(state)
            action = legal[choices.randrange(len(legal))]
        state = cr.apply(state, action)
    return state


#: States of every preset and of custom variants, along seeded legal play.
STATES = st.one_of(crst.states(variant=crst.variants(), max_actions=120), _played())


def _fields(seen: cr.PlayerView) -> dict[str, Any]:
    return {field.name: getattr(seen, field.name) for field in attrs.fields(cr.PlayerView)}


def _holds_kept(state: cr.RoundState, viewer: int) -> bool:
    """Whether the active player, not ``viewer``, holds the card R17 keeps in hand."""
    kept = state.turn.kept_card
    return kept is not None and state.active != viewer and kept in state.hands[state.active]


def _pinned(state: cr.RoundState, viewer: int) -> list[list[cr.Card]]:
    """The cards of each other hand that everyone saw go into it, which stay there.

    The cards known to be in each hand (``known``: taken from the pile or bought), and the
    card the active player took from the pile this turn (R17), which everyone saw taken.
    Once the round is over, whole hands: what each is worth is public (R25).
    """
    if state.penalties is not None:
        return [[] if p == viewer else list(hand) for p, hand in enumerate(state.hands)]
    pinned = [[] if p == viewer else list(cards) for p, cards in enumerate(state.known)]
    if _holds_kept(state, viewer):
        kept = state.turn.kept_card
        assert kept is not None
        if kept not in pinned[state.active]:
            pinned[state.active].append(kept)
    return pinned


def _hidden_shuffled(
    state: cr.RoundState, viewer: int, order: list[int], rng: int
) -> cr.RoundState:
    """``state`` with the cards ``viewer`` cannot see dealt again in ``order``.

    The other hands keep their sizes and the cards everyone saw go into them
    (:func:`_pinned`), and the shuffler's state is ``rng``.
    """
    pinned = _pinned(state, viewer)
    pool = [card for p, hand in enumerate(state.hands) if p != viewer for card in hand]
    pool += state.stock
    for cards_in in pinned:
        for card in cards_in:
            pool.remove(card)
    pool = [pool[i] for i in order]
    hands = []
    for p, hand in enumerate(state.hands):
        if p == viewer:
            hands.append(hand)
            continue
        size = len(hand) - len(pinned[p])
        taken, pool = pool[:size], pool[size:]
        hands.append(tuple(sorted(taken + pinned[p])))
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(pool), rng=rng)


@st.composite
def _twins(draw: st.DrawFn) -> tuple[cr.RoundState, cr.RoundState, int]:
    """A state, one that differs from it only in what a player cannot see, and that player."""
    state = draw(STATES)
    viewer = draw(st.integers(0, state.players - 1))
    hidden = sum(len(hand) for p, hand in enumerate(state.hands) if p != viewer)
    hidden += len(state.stock) - sum(map(len, _pinned(state, viewer)))
    order = draw(st.permutations(range(hidden)))
    rng = draw(st.integers(0, 2**64 - 1))
    return state, _hidden_shuffled(state, viewer, list(order), rng), viewer


# == no leak ==================================================================================


@pytest.mark.slow
@given(_twins())
@settings(max_examples=settings().max_examples, deadline=None)
def test_states_that_differ_only_in_hidden_cards_give_equal_views(
    twins: tuple[cr.RoundState, cr.RoundState, int],
) -> None:
    state, other, viewer = twins
    mine, theirs = cr.view(state, viewer), cr.view(other, viewer)
    assert mine == theirs
    assert hash(mine) == hash(theirs)
    # Nothing the two states do not share shows in any form of the view.
    assert repr(mine) == repr(theirs)
    assert str(mine) == str(theirs)
    assert pickle.dumps(mine) == pickle.dumps(theirs)


def test_a_view_holds_no_hidden_field() -> None:
    state = cr.new_game(seed=4)
    mine = cr.view(state, 0)
    for name in ("hands", "stock", "rng", "shuffler"):
        assert not hasattr(mine, name)
    assert [field.name for field in attrs.fields(cr.PlayerView)] == [
        "facts",
        "player",
        "phase",
        "active",
        "to_act",
        "hand",
        "hand_sizes",
        "stock_size",
        "discard",
        "discarded_by",
        "board",
        "totals",
        "turn",
        "window",
        "turns",
        "moves",
    ]
    # The public parts are the state's own, shared: nothing hidden is in them.
    assert (mine.facts, mine.board, mine.totals) == (state.facts, state.board, state.totals)
    assert mine.board is state.board
    assert not hasattr(mine, "__dict__")  # slotted: nothing else can hang on it
    shown = str(mine) + repr(mine)
    for other in (1, 2, 3):
        assert cr.format_cards(state.hands[other]) not in shown
        assert f"player {other}: total 0: 10 cards" in str(mine)
    assert cr.format_cards(state.stock[:5]) not in shown


@pytest.mark.slow
@given(STATES, st.data())
@settings(max_examples=settings().max_examples, deadline=None)
def test_a_view_has_the_public_fields_of_its_state(
    state: cr.RoundState, data: st.DataObject
) -> None:
    viewer = data.draw(st.integers(0, state.players - 1))
    mine = cr.view(state, viewer)
    for name in attrs.fields_dict(cr.PlayerView):
        if name in attrs.fields_dict(cr.RoundState) and name != "turn":
            assert getattr(mine, name) == getattr(state, name), name
    # R17's kept card is its taker's to see: whether it is kept depends on their hand.
    kept = state.turn.kept_card if viewer == state.active else None
    assert mine.turn == cr.Turn(kept, state.turn.went_down)
    assert mine.player == viewer
    assert mine.hand == state.hands[viewer]
    assert mine.hand_sizes == tuple(map(len, state.hands))
    assert mine.stock_size == len(state.stock)
    assert (mine.players, mine.contract, mine.top_discard) == (
        state.players,
        state.contract,
        state.top_discard,
    )
    # A view made by view() passes the checks of a view built by hand.
    assert cr.PlayerView(**_fields(mine)) == mine
    assert attrs.evolve(mine) == mine


# == determinize ==============================================================================


@pytest.mark.slow
@given(STATES, st.data(), st.integers(0, 2**64 - 1))
@settings(max_examples=settings().max_examples, deadline=None)
def test_determinize_deals_a_state_behind_the_view(
    state: cr.RoundState, data: st.DataObject, seed: int
) -> None:
    viewer = data.draw(st.integers(0, state.players - 1))
    mine = cr.view(state, viewer)
    guess = cr.determinize(mine, seed)
    assert cr.view(guess, viewer) == mine
    assert guess == cr.determinize(mine, seed)
    everything = [
        *(card for hand in guess.hands for card in hand),
        *guess.stock,
        *guess.discard,
        *(card for placed in guess.table for card in placed.cards),
    ]
    assert deck_difference(guess.variant, guess.players, everything) is None
    assert guess.shuffler is cr.SEEDED
    # The state is valid: it passes the checks of a state built by hand.
    assert attrs.evolve(guess) == guess
    for behind in (guess, canonical_state(mine)):
        assert cr.view(behind, viewer) == mine
        assert attrs.evolve(behind) == behind


def test_determinize_deals_the_hidden_cards_at_random() -> None:
    state = cr.new_game(seed=2)
    mine = cr.view(state, 3)
    guesses = [cr.determinize(mine, seed) for seed in range(8)]
    assert len({guess.stock for guess in guesses}) == 8
    assert len({guess.hands[0] for guess in guesses}) == 8
    assert len({guess.rng for guess in guesses}) == 8
    assert all(guess.hands[3] == state.hands[3] for guess in guesses)
    # The seed decides later reshuffles too: the same seed replays the same game.
    first, again = cr.determinize(mine, 5), cr.determinize(mine, 5)
    for _ in range(60):
        action = cr.legal_actions(first)[0]
        first, again = cr.apply(first, action), cr.apply(again, action)
    assert first == again


def test_r17_whether_the_taken_card_is_kept_is_hidden_from_the_others() -> None:
    """Two deals that differ only in a hidden card: player 0 held a copy of 7H, or not.

    Taking the 7H on the pile, player 0 keeps it in hand (R17) only when they held no copy:
    the others' views must not tell the two apart, player 0's own view does.
    """
    held = play(deal("7H 3C 4C", "2C", "5C", "6C", discard="7H", stock="8C"), cr.TakeDiscard())
    fresh = play(deal("8C 3C 4C", "2C", "5C", "6C", discard="7H", stock="7H"), cr.TakeDiscard())
    assert (held.turn.kept_card, fresh.turn.kept_card) == (None, cards("7H")[0])
    for viewer in (1, 2, 3):
        assert cr.view(held, viewer) == cr.view(fresh, viewer)
    assert cr.view(held, 0) != cr.view(fresh, 0)


def test_determinize_checks_its_arguments() -> None:
    mine = cr.view(cr.new_game(seed=1), 0)
    with pytest.raises(TypeError, match=r"got a whole RoundState: pass a view, such as view\("):
        cr.determinize(typeless(cr.new_game(seed=1)), 0)
    with pytest.raises(TypeError, match="expected a PlayerView, got None"):
        cr.determinize(typeless(None), 0)
    with pytest.raises(TypeError, match="seed must be an int"):
        cr.determinize(mine, typeless("0"))
    with pytest.raises(ValueError, match="seed must not be negative"):
        cr.determinize(mine, -1)
    with pytest.raises(TypeError, match="seed must be an int"):
        cr.determinize(mine, typeless(True))
    assert cr.determinize(mine, typeless(Index(7))) == cr.determinize(mine, 7)  # NumPy's too


# == views built by hand are checked ==========================================================


def _play_view() -> cr.PlayerView:
    """Player 1's view: player 0 took 7H from the pile (kept, R17) and went down."""
    state = deal("7C 7D 9S 9D 9H KS", "2C", "3C", "4C", discard="7H")
    state = play(state, cr.TakeDiscard(), cr.GoDown([cr.meld("7C 7D 7H"), cr.meld("9S 9D 9H")]))
    return cr.view(state, 1)


def test_a_view_built_from_its_own_fields_is_equal() -> None:
    mine = _play_view()
    assert cr.PlayerView(**_fields(mine)) == mine
    assert hash(cr.PlayerView(**_fields(mine))) == hash(mine)


def test_r2_a_card_seen_too_often_is_refused() -> None:
    mine = cr.view(deal("7C 7D", "2C", "3C", "4C", discard="KH"), 1)
    # A third 2C: pagat has two decks.
    with pytest.raises(cr.InvalidStateError, match=r"R2: .*more copies .*: extra 2C$"):
        attrs.evolve(
            mine,
            hand=cards("2C 2C 2C"),
            hand_sizes=(2, 3, 1, 1),
            stock_size=mine.stock_size - 2,
        )
    with pytest.raises(cr.InvalidStateError, match="extra JK"):
        attrs.evolve(mine, discard=(*cards("JK JK JK JK"), *mine.discard), discarded_by=(0,) * 5)


def test_r2_hand_sizes_and_the_stock_must_hold_exactly_the_unseen_cards() -> None:
    mine = cr.view(deal("7C 7D", "2C", "3C", "4C", discard="KH"), 1)
    unseen = 107 - 2
    with pytest.raises(
        cr.InvalidStateError,
        match=rf"R2: player 1 cannot see {unseen} cards, but the other hands \(5 cards\) and "
        rf"the stock \({unseen - 4}\) hold {unseen + 1}",
    ):
        attrs.evolve(mine, hand_sizes=(3, 1, 1, 1))
    with pytest.raises(cr.InvalidStateError, match="R2: player 1 cannot see"):
        attrs.evolve(mine, stock_size=mine.stock_size + 1)
    # A card missing: one fewer seen, the unseen cards do not add up any more.
    with pytest.raises(cr.InvalidStateError, match="R2: player 1 cannot see"):
        attrs.evolve(mine, discard=(), discarded_by=())
    with pytest.raises(cr.InvalidStateError, match="must not be negative"):
        attrs.evolve(mine, hand_sizes=(-1, 1, 1, 1))
    with pytest.raises(cr.InvalidStateError, match=r"hand_sizes\[1\] is 2, but player 1's"):
        attrs.evolve(mine, hand_sizes=(2, 2, 1, 1), stock_size=mine.stock_size - 1)
    with pytest.raises(cr.InvalidStateError, match="hand must be in canonical order"):
        attrs.evolve(
            mine, hand=(*cards("3C"), *cards("2C")), hand_sizes=(2, 2, 1, 1), stock_size=99
        )


def test_r1_the_players_are_counted_by_the_hand_sizes() -> None:
    mine = cr.view(cr.new_game(seed=1), 0)
    with pytest.raises(cr.InvalidStateError, match="R1: pagat is played by 4 players, but"):
        attrs.evolve(mine, hand_sizes=(*mine.hand_sizes, 10))
    with pytest.raises(cr.InvalidStateError, match="player must be a player, 0-3, got 4"):
        attrs.evolve(mine, player=4)


def test_r7_a_bad_table_meld_is_refused() -> None:
    mine = _play_view()
    with pytest.raises(cr.InvalidStateError, match=r"table\[0\] is owned by player 7"):
        attrs.evolve(mine, table=(cr.TableMeld(mine.table[0].meld, 7), mine.table[1]))
    with pytest.raises(cr.InvalidStateError, match=r"down\[0\] is False"):
        attrs.evolve(mine, down=(False, False, False, False))
    # 7C 7D 2S is a group where 2s are wild, not in pagat (R7).
    deuces = attrs.evolve(cr.PAGAT, wild_ranks={cr.Rank.TWO})
    foreign = cr.Group(cr.Rank.SEVEN, "7C 7D 2S", variant=deuces)
    with pytest.raises(cr.InvalidStateError, match=r"table\[0\] is not a meld of pagat: R7"):
        attrs.evolve(
            mine,
            table=(cr.TableMeld(foreign, 0), mine.table[1]),
            turn=cr.Turn(went_down=True),
        )


def test_r17_the_kept_card_is_in_its_takers_hand_and_shown_to_them_only() -> None:
    state = play(deal("7C 7D 9S", "2C 3C 4C", "5C", "6C", discard="KH"), cr.TakeDiscard())
    kh = cards("KH")[0]
    assert cr.view(state, 0).turn.kept_card is kh
    # Another player's view never shows it: whether R17 keeps it depends on a hidden hand.
    with pytest.raises(cr.InvalidStateError, match=r"shown to the player who took it, 0, only"):
        attrs.evolve(cr.view(state, 1), turn=cr.Turn(kh))
    with pytest.raises(cr.InvalidStateError, match="neither in player 0's hand nor melded"):
        attrs.evolve(cr.view(state, 0), turn=cr.Turn(kept_card=cards("2C")[0]))


def test_the_phase_must_agree_with_who_acts() -> None:
    mine = cr.view(cr.new_game(seed=1), 0)
    assert (mine.phase, mine.active, mine.to_act) == (cr.Phase.DRAW, 2, 2)
    with pytest.raises(cr.InvalidStateError, match="to_act must be the active player"):
        attrs.evolve(mine, to_act=3)
    with pytest.raises(cr.InvalidStateError, match="penalties must be set exactly"):
        attrs.evolve(mine, phase=cr.Phase.ROUND_OVER, to_act=None)
    with pytest.raises(cr.InvalidStateError, match="in phase BUY, to_act"):
        attrs.evolve(mine, phase=cr.Phase.BUY)
    with pytest.raises(cr.InvalidStateError, match="no buy window is open in phase DRAW"):
        attrs.evolve(mine, window=cr.BuyWindow((0,)))


_BAD_FIELDS: dict[str, Any] = {
    "variant": "pagat",
    "player": True,
    "round_number": 1.0,
    "dealer": "0",
    "phase": "draw",
    "active": None,
    "to_act": "2",
    "hand": list(cards("2C 3C")),
    "hand_sizes": (10, 10, 10, 10.0),
    "stock_size": 66.0,
    "discard": ("4D",),
    "discarded_by": ("0",),
    "table": (cr.meld("7C 7D 7H"),),
    "down": (0, 0, 0, 0),
    "scores": [0, 0, 0, 0],
    "penalties": (0, 0, 0, None),
    "winners": 0,
    "buys": (0, 0, 0, False),
    "turn": None,
    "window": (),
    "reshuffles": None,
    "known": ((), ("7H",), (), ()),
    "turns": "1",
    "cut": 1.5,
    "moves": None,
}


def test_every_field_has_its_type_check() -> None:
    # The checks are read from the fields' annotations, those of the parts included.
    mine = cr.view(cr.new_game(seed=1), 0)
    parts = {"facts", "board", "totals"}
    names = [field.name for field in attrs.fields(cr.PlayerView) if field.name not in parts]
    names += [field.name for part in parts for field in attrs.fields(type(getattr(mine, part)))]
    assert sorted(_BAD_FIELDS) == sorted(names)


@pytest.mark.parametrize(("name", "value"), _BAD_FIELDS.items(), ids=list(_BAD_FIELDS))
def test_a_field_of_the_wrong_type_is_refused(name: str, value: Any) -> None:
    mine = cr.view(cr.new_game(seed=1), 0)
    with pytest.raises(TypeError, match=f"^{name} must be "):
        attrs.evolve(mine, **{name: value})


def test_wrong_types_inside_the_table_turn_and_window_are_refused() -> None:
    mine = _play_view()
    with pytest.raises(TypeError, match=r"table\[0\]\.meld must be a Group or a Run"):
        attrs.evolve(mine, table=(cr.TableMeld(typeless("7C 7D 7H"), 0),))
    with pytest.raises(TypeError, match=r"turn\.kept_card"):
        attrs.evolve(mine, turn=cr.Turn(kept_card=typeless("7H")))
    with pytest.raises(TypeError, match=r"window\.queue must be a tuple of ints"):
        attrs.evolve(mine, window=cr.BuyWindow(typeless([1])))


# == view() and the view as a value ===========================================================


def test_view_checks_its_arguments() -> None:
    state = cr.new_game(seed=1)
    with pytest.raises(TypeError, match="RoundState"):
        cr.view(typeless("state"), 0)
    with pytest.raises(TypeError, match="player must be an int, got True"):
        cr.view(state, typeless(True))
    with pytest.raises(TypeError, match="player must be an int"):
        cr.view(state, typeless("0"))
    with pytest.raises(TypeError, match="player must be an int"):
        cr.view(state, typeless(1.0))
    for player in (-1, 4):
        with pytest.raises(ValueError, match=f"0-3, got {player}$"):
            cr.view(state, player)


def test_a_view_is_a_plain_value() -> None:
    mine = _play_view()
    for copied in (
        pickle.loads(pickle.dumps(mine)),
        copy.copy(mine),
        copy.deepcopy(mine),
    ):
        assert copied == mine
        assert hash(copied) == hash(mine)
    assert {mine, copy.deepcopy(mine)} == {mine}
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        mine.player = 2  # type: ignore[misc]
    assert mine != cr.view(play(deal("7C", "2C", "3C", "4C", discard="KH"), cr.DrawStock()), 1)


def test_a_view_reads_like_a_state_with_the_other_hands_counted() -> None:
    assert str(_play_view()) == "\n".join(
        [
            "Round 1 of 7 (pagat): two groups of 3; dealer 3; play, player 0 active, to act: 0",
            "stock 97, discard top -",
            "player 0 (down): total 0: 1 card",
            "player 1 (you): total 0: 2C",
            "player 2: total 0: 1 card",
            "player 3: total 0: 1 card",
            "table[0]: 7C 7D 7H (player 0)",
            "table[1]: 9D 9H 9S (player 0)",
        ]
    )


# == the legal actions of a view ==============================================================


def _listed(legal: cr.LegalActions) -> list[cr.Action]:
    """The listing, or its first few thousand actions (a wild-heavy hand has very many)."""
    return list(itertools.islice(legal, 3000))


def _acts(state: cr.RoundState, player: int) -> bool:
    if state.phase is cr.Phase.ROUND_OVER:
        return player == state.dealer
    return player == state.to_act


@pytest.mark.slow
@given(STATES, st.integers(0, 2**64 - 1), st.data())
@settings(max_examples=settings().max_examples, deadline=None)
def test_a_view_lists_the_actions_of_its_player(
    state: cr.RoundState, seed: int, data: st.DataObject
) -> None:
    legal = cr.legal_actions(state)
    for player in range(state.players):
        mine = cr.view(state, player)
        listed = cr.legal_actions(mine)
        assert listed.view is mine
        if not _acts(state, player):
            assert list(listed) == []
            assert len(listed) == 0
            continue
        assert _listed(listed) == _listed(legal)
        assert len(listed) == len(legal)
        # The actions depend on nothing the player cannot see: any state behind the view
        # lists the same ones.
        assert _listed(cr.legal_actions(cr.determinize(mine, seed))) == _listed(legal)
    action = data.draw(crst.any_actions(state)) if legal else cr.Pass()
    for player in range(state.players):
        mine = cr.view(state, player)
        expected = _acts(state, player) and cr.is_legal(state, action)
        assert (action in cr.legal_actions(mine)) is expected
        assert cr.is_legal(mine, action) is expected
        assert cr.is_legal(mine, action, player=player) is expected


def test_after_the_round_the_dealer_deals_from_their_view() -> None:
    state = deal("7C 7D 7H 9S 9D 9H", "2C", "3C", "4C", stock="KS", discard="5H")
    state = play(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = play(state, cr.Pass())
    state = play(state, cr.GoDown([cr.meld("7C 7D 7H"), cr.meld("9S 9D 9H")]))
    state = play(state, cr.Discard(cards("KS")[0]))
    assert (state.phase, state.dealer) == (cr.Phase.ROUND_OVER, 3)
    for player in range(4):
        listed = list(cr.legal_actions(cr.view(state, player)))
        assert listed == ([cr.NextRound()] if player == 3 else [])


def test_the_legal_actions_of_a_view_say_whose_they_are() -> None:
    state = cr.new_game(seed=11)
    assert state.to_act == 1
    legal = cr.legal_actions(cr.view(state, 1))
    assert repr(legal) == "<LegalActions of 2 for player 1's view in phase DRAW>"
    assert legal[0] == cr.DrawStock()
    assert legal.position is legal.view
    with pytest.deprecated_call(match="LegalActions.state of a view's actions is deprecated"):
        assert cr.view(legal.state, 1) == legal.view
    assert cr.legal_actions(state).view is None
    nothing = cr.legal_actions(cr.view(state, 0))
    assert repr(nothing) == "<LegalActions of 0 for player 0's view in phase DRAW>"
    assert not nothing
    assert cr.DrawStock() not in nothing
    with pytest.raises(IndexError):
        nothing[0]


def test_is_legal_on_a_view_is_for_its_player() -> None:
    mine = cr.view(cr.new_game(seed=11), 1)
    assert cr.is_legal(mine, cr.DrawStock(), player=1)
    assert not cr.is_legal(mine, "DrawStock")
    with pytest.raises(ValueError, match="sent by its player, 1, not player 0"):
        cr.is_legal(mine, cr.DrawStock(), player=0)
    with pytest.raises(TypeError, match="player must be an int"):
        cr.is_legal(mine, cr.DrawStock(), player=typeless(True))
    with pytest.raises(TypeError, match="RoundState or a PlayerView"):
        cr.legal_actions(typeless("state"))
    with pytest.raises(TypeError, match="RoundState or a PlayerView"):
        cr.is_legal(typeless("state"), cr.DrawStock())


def test_views_sit_below_the_engine() -> None:
    """The engine reads views; views never import the engine (nor the bots above it)."""
    tree = ast.parse(Path(views_module.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert not {
        name
        for name in imported
        if name.startswith(("contract_rummy.engine", "contract_rummy.bots"))
    }
    assert "contract_rummy" not in imported
