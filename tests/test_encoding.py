"""The encoding: fixed action ids and observations, for every preset (contract_rummy.encoding)."""

from __future__ import annotations

import functools
import itertools
import math
import random
import re
import subprocess
import sys
from collections.abc import Iterable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import encoding
from contract_rummy.encoding import Encoding, encoding_for
from contract_rummy.godown import GoDowns, go_downs
from contract_rummy.testing import strategies as crst
from scenario import Index, typeless

PRESETS = sorted(cr.VARIANTS)
#: The go-downs of a state whose ids each property checks one by one (``action_id`` finds a
#: go-down's rank by reading the listing up to it).
CHECKED_GO_DOWNS = 40


@st.composite
def _played(draw: st.DrawFn, variant: cr.Variant) -> cr.RoundState:
    """A state deep into a game: mostly a greedy player's moves, some random ones.

    Hypothesis's own states shrink towards short games; these reach go-downs, players who
    are down, lay-offs and joker swaps.
    """
    players = draw(st.integers(variant.min_players, variant.max_players))
    state = cr.new_game(variant, seed=draw(st.integers(0, 2**32)), players=players)
    choices = random.Random(draw(st.integers(0, 2**32)))
    greedy = cr.GreedyBot()
    for _ in range(draw(st.integers(20, 400))):
        if state.phase is cr.Phase.GAME_OVER:
            break
        if choices.random() < 0.8:
            action = greedy.choose(state)
        else:
            legal = cr.legal_actions(state)
            action = legal[choices.randrange(len(legal))]
        state = cr.apply(state, action)
    return state


def _states(name: str) -> st.SearchStrategy[cr.RoundState]:
    """States of the preset ``name``: short random games, and longer mostly greedy ones."""
    variant = cr.VARIANTS[name]
    return st.one_of(crst.states(variant=variant, max_actions=150), _played(variant))


def _go_down_ranks(count: int, bound: int) -> list[int]:
    """The ranks of go-downs a property checks: the first ones and the last with an id."""
    top = min(count, bound)
    return sorted(set(range(min(top, CHECKED_GO_DOWNS))) | set(range(max(0, top - 3), top)))


def _check_ids(enc: Encoding, subject: cr.RoundState | cr.PlayerView) -> None:
    """Every legal action of ``subject`` has one id in range, and ids and actions round-trip."""
    legal = cr.legal_actions(subject)
    count = enc.go_down_count(subject)
    assert all(isinstance(action, cr.GoDown) for action in legal[:count])
    assert not any(isinstance(action, cr.GoDown) for action in legal[count:])
    plain = list(legal[count:])
    ids = [enc.action_id(subject, action) for action in plain]
    assert all(0 <= i < enc.go_down_base for i in ids)
    assert len(set(ids)) == len(ids) == len(set(plain))
    for action, action_id in zip(plain, ids, strict=True):
        assert enc.id_action(subject, action_id) == action
    for rank in _go_down_ranks(count, enc.max_go_downs):
        action = legal[rank]
        assert enc.action_id(subject, action) == enc.go_down_base + rank
        assert enc.id_action(subject, enc.go_down_base + rank) == action
    expected = sorted(ids) + list(
        range(enc.go_down_base, enc.go_down_base + min(count, enc.max_go_downs))
    )
    assert enc.legal_ids(subject) == expected
    if count <= enc.max_go_downs:
        assert len(expected) == len(legal)
    mask = enc.legal_mask(subject)
    assert len(mask) == enc.num_distinct_actions
    assert [i for i, flag in enumerate(mask) if flag] == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=12)
@given(data=st.data())
def test_every_legal_action_has_one_id_and_round_trips(name: str, data: st.DataObject) -> None:
    state = data.draw(_states(name))
    enc = encoding_for(state.variant, state.players)
    assert encoding.num_distinct_actions(state.variant, state.players) == (
        enc.num_distinct_actions
    )
    _check_ids(enc, state)
    # The player to act sees the same ids in their view; the others have none.
    if state.phase is not cr.Phase.GAME_OVER:
        actor = state.dealer if state.to_act is None else state.to_act
        mine = cr.view(state, actor)
        assert enc.legal_ids(mine) == enc.legal_ids(state)
        other = cr.view(state, (actor + 1) % state.players)
        assert enc.legal_ids(other) == []
    # The module's functions agree with the encoding's methods.
    assert encoding.legal_ids(state) == enc.legal_ids(state)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=max(2, settings().max_examples // 25))
@given(seed=st.integers(0, 2**32), data=st.data())
def test_ids_along_a_game(name: str, seed: int, data: st.DataObject) -> None:
    """Every state of a mostly greedy game that offers go-downs, lay-offs or swaps."""
    variant = cr.VARIANTS[name]
    players = data.draw(st.integers(variant.min_players, variant.max_players))
    enc = encoding_for(variant, players)
    state = cr.new_game(variant, seed=seed, players=players)
    choices = random.Random(seed)
    greedy = cr.GreedyBot()
    for step in range(600):
        if state.phase is cr.Phase.GAME_OVER:
            break
        legal = cr.legal_actions(state)
        kinds = {type(action) for action in legal}
        if kinds & {cr.GoDown, cr.LayOff, cr.SwapJoker} or step % 25 == 0:
            _check_ids(enc, state)
        if choices.random() < 0.8:
            action = greedy.choose(state)
        else:
            action = legal[choices.randrange(len(legal))]
        assert enc.id_action(state, enc.action_id(state, action)) == action
        state = cr.apply(state, action)


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=12)
@given(data=st.data())
def test_any_id_is_its_legal_action_or_refused(name: str, data: st.DataObject) -> None:
    state = data.draw(_states(name))
    enc = encoding_for(state.variant, state.players)
    legal_ids = set(enc.legal_ids(state))
    choices = st.integers(0, enc.num_distinct_actions - 1)
    if legal_ids:
        choices = st.one_of(st.sampled_from(sorted(legal_ids)), choices)
    for action_id in data.draw(st.lists(choices, min_size=1, max_size=8)):
        if action_id in legal_ids:
            action = encoding.id_action(state, action_id)
            assert cr.is_legal(state, action)
            assert encoding.action_id(state, action) == action_id
        elif action_id < enc.go_down_base:
            with pytest.raises(
                cr.IllegalActionError, match=rf"^R\d+: .*\(action id {action_id}\)$"
            ):
                enc.id_action(state, action_id)
        elif action_id - enc.go_down_base >= enc.go_down_count(state):
            with pytest.raises(cr.IllegalActionError, match="R14: "):
                enc.id_action(state, action_id)


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=10)
@given(data=st.data())
def test_illegal_actions_have_no_id(name: str, data: st.DataObject) -> None:
    state = data.draw(_states(name))
    action = data.draw(crst.any_actions(state))
    if cr.is_legal(state, action):
        assert encoding.id_action(state, encoding.action_id(state, action)) == action
    else:
        with pytest.raises(cr.IllegalActionError) as refused:
            encoding.action_id(state, action)
        with pytest.raises(cr.IllegalActionError) as applied:
            cr.apply(state, action)
        assert str(refused.value) == str(applied.value)


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=12)
@given(data=st.data())
def test_observation_has_a_fixed_size_and_reads_only_the_view(
    name: str, data: st.DataObject
) -> None:
    state = data.draw(_states(name))
    seen = cr.view(state, data.draw(st.integers(0, state.players - 1)))
    enc = encoding_for(seen.variant, seen.players)
    numbers = encoding.observation(seen)
    assert (
        len(numbers)
        == enc.observation_size
        == encoding.observation_size(seen.variant, seen.players)
    )
    assert all(isinstance(number, float | int) for number in numbers)
    _check_bounds(enc, numbers)
    # Deal the hidden cards anew: the view, and so the observation, stays the same.
    seeds = data.draw(st.lists(st.integers(0, 2**32), min_size=2, max_size=2, unique=True))
    for seed in seeds:
        guess = cr.determinize(seen, seed)
        again = cr.view(guess, seen.player)
        assert again == seen
        assert enc.observation(again) == numbers
    fields = {field.name: numbers[field.start : field.stop] for field in enc.observation_fields()}
    assert sum(fields["hand"]) == len(seen.hand)
    assert sum(fields["discard_pile"]) == len(seen.discard)
    assert fields["stock_size"] == [seen.stock_size]
    assert fields["seats"][0] == len(seen.hand)  # seat 0 is the viewer
    assert sum(fields["phase"]) == 1
    assert sum(fields["round"]) == 1
    slot = len(fields["table"]) // enc.table_slots
    table = fields["table"]
    for index, placed in enumerate(seen.table):
        cards = table[index * slot + slot - 53 : (index + 1) * slot]
        assert sum(cards) == len(placed.cards)
    assert not any(table[len(seen.table) * slot :])


def _check_bounds(enc: Encoding, numbers: list[float]) -> None:
    """Every number of an observation lies within the encoding's bounds, named if not."""
    low, high = enc.observation_bounds()
    assert len(low) == len(high) == enc.observation_size
    assert all(lo < hi for lo, hi in zip(low, high, strict=True))
    for field in enc.observation_fields():
        for index in range(field.start, field.stop):
            assert low[index] <= numbers[index] <= high[index], (field, index, numbers[index])


@settings(max_examples=40)
@given(crst.states(variant=crst.variants(), max_actions=80))
def test_custom_variants_encode_their_legal_actions(state: cr.RoundState) -> None:
    enc = Encoding(state.variant, state.players, max_go_downs=1_000)
    _check_ids(enc, state)
    assert len(state.table) <= enc.table_slots
    numbers = enc.observation(cr.view(state, 0))
    assert len(numbers) == enc.observation_size
    _check_bounds(enc, numbers)


# -- the layout of the ids ---------------------------------------------------------------


def _first(states: Iterable[cr.RoundState], wanted: type) -> cr.RoundState:
    """The first of ``states`` with a legal action of type ``wanted``."""
    for state in states:
        if any(isinstance(action, wanted) for action in cr.legal_actions(state)):
            return state
    raise AssertionError(f"no state offers {wanted.__name__}")


@functools.cache
def _greedy_states(variant: cr.Variant = cr.PAGAT, seed: int = 3) -> tuple[cr.RoundState, ...]:
    final = cr.new_game(variant, seed=seed)
    states = [final]
    for _, _, after in cr.play(final, [cr.GreedyBot()] * final.players):
        states.append(after)
    return tuple(states)


def test_the_fixed_ids() -> None:
    enc = encoding_for(cr.PAGAT, 4)
    assert (encoding.DRAW_STOCK, encoding.TAKE_DISCARD, encoding.BUY) == (0, 1, 2)
    assert (encoding.PASS, encoding.NEXT_ROUND, encoding.DISCARD_BASE) == (3, 4, 5)
    state = cr.new_game(seed=3)
    assert enc.legal_ids(state) == [0, 1]
    assert enc.action_id(state, cr.DrawStock()) == 0
    assert enc.action_id(state, cr.TakeDiscard()) == 1
    buying = cr.apply(state, cr.DrawStock())
    assert enc.legal_ids(buying) == [2, 3]
    assert enc.id_action(buying, 2) == cr.Buy()
    assert enc.id_action(buying, 3) == cr.Pass()
    over = next(s for s in _greedy_states() if s.phase is cr.Phase.ROUND_OVER)
    assert enc.legal_ids(over) == [4]
    assert enc.id_action(over, 4) == cr.NextRound()
    playing = cr.apply(state, cr.TakeDiscard())
    hand = set(playing.hands[playing.active]) - {playing.turn.kept_card}
    assert enc.legal_ids(playing) == sorted(5 + card.index for card in hand)
    card = min(hand)
    assert enc.action_id(playing, cr.Discard(card)) == 5 + card.index


def test_lay_off_and_swap_ids_follow_the_documented_formulas() -> None:
    enc = encoding_for(cr.PAGAT, 4)
    targets = enc.targets
    assert targets == 12  # four players, three melds at most (rounds 4-6)
    assert enc.lay_off_base == 5 + 53
    assert enc.swap_base == enc.lay_off_base + 53 * targets * 3
    assert enc.go_down_base == enc.swap_base + 52 * targets * targets * 3
    assert enc.num_distinct_actions == enc.go_down_base + enc.max_go_downs
    ends = {None: 0, cr.End.LOW: 1, cr.End.HIGH: 2}
    laying = _first(_greedy_states(), cr.LayOff)
    for action in cr.legal_actions(laying):
        if isinstance(action, cr.LayOff):
            slot = (action.card.index * targets + action.target) * 3 + ends[action.end]
            assert enc.action_id(laying, action) == enc.lay_off_base + slot
    swapping = _first(
        itertools.chain.from_iterable(_greedy_states(cr.PAGAT, seed) for seed in range(40)),
        cr.SwapJoker,
    )
    swaps = [a for a in cr.legal_actions(swapping) if isinstance(a, cr.SwapJoker)]
    for action in swaps:
        slot = (action.card.index * targets + action.target) * targets + action.joker_target
        assert enc.action_id(swapping, action) == enc.swap_base + slot * 3 + ends[action.joker_end]
        assert enc.id_action(swapping, enc.action_id(swapping, action)) == action


def test_bounds_follow_the_contracts_and_the_variant() -> None:
    # Progressive at 8 players: three melds each in rounds 4-7 before the last: 24 targets.
    assert Encoding(cr.PROGRESSIVE, 8).targets == 24
    # A variant without swaps has no swap ids; one played at once throughout, no lay-offs.
    no_swaps = attrs.evolve(cr.PAGAT, name="no swaps", joker_swap=cr.JokerSwap.NEVER)
    enc = Encoding(no_swaps, 4)
    assert enc.go_down_base == enc.swap_base
    at_once = attrs.evolve(cr.PAGAT, name="at once", ladder=cr.PAGAT.ladder[-1:])
    enc = Encoding(at_once, 4)
    assert enc.targets == 0
    assert enc.table_slots == 3
    assert enc.swap_base == enc.lay_off_base == 58


# -- the go-down bound ---------------------------------------------------------------------


def _many_go_downs() -> cr.RoundState:
    """A ``deuces-wild`` state whose player can go down in about a million ways."""
    hand = cr.parse_cards("2C 2D 2H 2S 2C JK JK 7C 7D 9H 9S KD 4S")
    deck = list(cr.DEUCES_WILD.deck(4))
    for card in hand:
        deck.remove(card)
    hands = (hand, *(tuple(deck[i * 12 : i * 12 + 12]) for i in range(3)))
    rest = deck[36:]
    state = cr.start_round(
        cr.DEUCES_WILD,
        round_number=5,
        dealer=3,
        hands=hands,
        stock=rest[:-1],
        discard=rest[-1:],
    )
    state = cr.apply(state, cr.DrawStock())
    while state.phase is cr.Phase.BUY:
        state = cr.apply(state, cr.Pass())
    return state


def test_go_downs_beyond_the_bound_keep_the_first_ids() -> None:
    state = next(
        s
        for s in _greedy_states()
        if s.phase is cr.Phase.PLAY and encoding_for(cr.PAGAT, 4).go_down_count(s) >= 2
    )
    legal = cr.legal_actions(state)
    enc = Encoding(cr.PAGAT, 4, max_go_downs=1)
    base = enc.go_down_base
    assert enc.num_distinct_actions == base + 1
    assert enc.action_id(state, legal[0]) == base
    assert enc.id_action(state, base) == legal[0]
    with pytest.raises(ValueError, match=r"max_go_downs=1 for pagat") as refused:
        enc.action_id(state, legal[1])
    assert not isinstance(refused.value, cr.IllegalActionError)
    ids = enc.legal_ids(state)
    assert ids[-1] == base
    assert len(ids) == len(legal) - enc.go_down_count(state) + 1


def test_millions_of_go_downs_are_counted_not_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _many_go_downs()
    hand = state.hands[state.active]
    enc = encoding_for(cr.DEUCES_WILD, 4)

    def listed(self: object) -> None:
        raise AssertionError("the go-downs were listed")

    with monkeypatch.context() as patched:
        # A listing of the go-downs would take minutes: counting must not list them.
        patched.setattr(GoDowns, "__iter__", listed)
        count = enc.go_down_count(state)
        ids = enc.legal_ids(state)
        mask = enc.legal_mask(state)
    assert count == len(go_downs(cr.DEUCES_WILD, 5, hand, None)) > enc.max_go_downs
    assert ids[-enc.max_go_downs :] == list(range(enc.go_down_base, enc.num_distinct_actions))
    assert sum(mask) == len(ids)
    last = enc.id_action(state, enc.num_distinct_actions - 1)
    assert last == cr.legal_actions(state)[enc.max_go_downs - 1]
    # action_id reads the listing up to the go-down: with a small bound, quickly.
    small = Encoding(cr.DEUCES_WILD, 4, max_go_downs=50)
    legal = cr.legal_actions(state)
    assert small.action_id(state, legal[49]) == small.go_down_base + 49
    with pytest.raises(ValueError, match="max_go_downs=50 for deuces-wild"):
        small.action_id(state, legal[count - 1])


def test_a_go_down_id_beyond_the_state_s_go_downs_is_refused() -> None:
    enc = encoding_for(cr.PAGAT, 4)
    state = cr.new_game(seed=3)
    with pytest.raises(cr.IllegalActionError, match=r"R14: .* no go-down is legal here"):
        enc.id_action(state, enc.go_down_base)


# -- bad input -----------------------------------------------------------------------------


def test_encodings_of_equal_rules_players_and_bound_are_equal() -> None:
    same = {Encoding(cr.PAGAT, 4), Encoding(cr.PAGAT, 4), encoding_for(cr.PAGAT, 4)}
    assert len(same) == 1
    assert Encoding(cr.PAGAT, 4) != Encoding(cr.PAGAT, 4, max_go_downs=3)
    assert Encoding(cr.CONTRACT, 4) != Encoding(cr.CONTRACT, 5)
    assert Encoding(cr.PAGAT, 4) != Encoding(attrs.evolve(cr.PAGAT, max_turns=10), 4)
    assert Encoding(cr.PAGAT, 4) != "pagat"


def test_the_go_down_bound_keeps_every_id_within_32_bits() -> None:
    base = Encoding(cr.PAGAT, 4).go_down_base
    most = encoding.MAX_ACTION_IDS - base
    assert Encoding(cr.PAGAT, 4, max_go_downs=most).num_distinct_actions == 2**31 - 1
    with pytest.raises(ValueError, match=rf"^max_go_downs must be at most {most} for pagat"):
        Encoding(cr.PAGAT, 4, max_go_downs=most + 1)
    with pytest.raises(ValueError, match="2147483647 action ids at most"):
        Encoding(cr.PAGAT, 4, max_go_downs=10**30)


def test_bad_input_is_refused_with_a_clear_error() -> None:
    enc = encoding_for(cr.PAGAT, 4)
    state = cr.new_game(seed=3)
    top = enc.num_distinct_actions
    for wrong in (True, 1.0, "0", None):
        with pytest.raises(TypeError, match="an action id must be an int"):
            enc.id_action(state, typeless(wrong))
    for outside in (-1, top, top + 7):
        with pytest.raises(ValueError, match=rf"action id {outside} is outside range\({top}\)"):
            enc.id_action(state, outside)
    with pytest.raises(TypeError, match="expected an action"):
        enc.action_id(state, typeless(cr.DrawStock))
    with pytest.raises(TypeError, match="expected a RoundState or a PlayerView"):
        encoding.legal_ids(typeless("state"))
    with pytest.raises(TypeError, match="expected a RoundState or a PlayerView"):
        enc.legal_mask(typeless(None))
    with pytest.raises(TypeError, match=r"got a whole RoundState: what one player sees is"):
        encoding.observation(typeless(state))
    with pytest.raises(TypeError, match="expected a PlayerView"):
        enc.observation(typeless(42))
    five = cr.new_game(cr.CONTRACT, seed=1, players=5)
    with pytest.raises(ValueError, match="for pagat with 4 players; got a RoundState of contract"):
        enc.action_id(five, cr.DrawStock())
    with pytest.raises(ValueError, match="with 5 players"):
        enc.observation(cr.view(five, 0))
    renamed = attrs.evolve(cr.PAGAT, max_turns=2)  # the preset's name kept
    with pytest.raises(ValueError, match="got a RoundState of another variant named pagat"):
        enc.legal_ids(cr.new_game(renamed, seed=1))
    with pytest.raises(ValueError, match="R1: pagat is played by 4 players, not 5"):
        Encoding(cr.PAGAT, 5)
    with pytest.raises(ValueError, match="max_go_downs must be at least 1"):
        Encoding(cr.PAGAT, 4, max_go_downs=0)
    with pytest.raises(TypeError, match="variant must be a Variant"):
        Encoding(typeless("pagat"), 4)
    with pytest.raises(TypeError, match="players must be an int"):
        Encoding(cr.PAGAT, typeless(4.0))


def test_an_integer_with_index_is_an_action_id_and_a_player_count() -> None:
    enc = encoding_for(cr.PAGAT, 4)
    state = cr.new_game(seed=3)
    assert enc.id_action(state, Index(1)) == cr.TakeDiscard()
    assert encoding.id_action(state, Index(0)) == cr.DrawStock()
    with pytest.raises(
        ValueError, match=rf"action id -1 is outside range\({enc.num_distinct_actions}\)"
    ):
        enc.id_action(state, Index(-1))
    made = Encoding(cr.PAGAT, Index(4), max_go_downs=Index(7))
    assert (made.players, made.max_go_downs) == (4, 7)
    assert type(made.players) is int
    assert type(made.max_go_downs) is int
    assert encoding_for(cr.PAGAT, Index(4)) is enc
    assert encoding.num_distinct_actions(cr.PAGAT, Index(4)) == enc.num_distinct_actions
    assert encoding.observation_size(cr.PAGAT, Index(4)) == enc.observation_size


def test_numpy_integers_are_action_ids_and_numpy_bools_are_not() -> None:
    np = pytest.importorskip("numpy")
    state = cr.new_game(seed=3)
    mask = encoding.legal_mask(state)
    chosen = np.argmax(mask)
    assert encoding.id_action(state, chosen) == cr.DrawStock()
    assert encoding.id_action(state, np.uint8(1)) == cr.TakeDiscard()
    for wrong in (np.True_, np.float64(1.0)):
        with pytest.raises(TypeError, match="an action id must be an int"):
            encoding.id_action(state, typeless(wrong))


def test_a_float_player_count_is_refused_also_once_its_encoding_is_kept() -> None:
    encoding_for(cr.PAGAT, 4)  # 4.0 == 4: it would find this one
    for wrong in (4.0, True, "4"):
        with pytest.raises(TypeError, match=r"^players must be an int, got "):
            encoding_for(cr.PAGAT, typeless(wrong))
        with pytest.raises(TypeError, match=r"^players must be an int, got "):
            encoding.num_distinct_actions(cr.PAGAT, typeless(wrong))


def test_a_view_s_player_who_is_not_to_act_has_no_ids() -> None:
    state = cr.new_game(seed=3)
    theirs = cr.view(state, 0)
    assert encoding.legal_ids(theirs) == []
    assert not any(encoding.legal_mask(theirs))
    with pytest.raises(cr.IllegalActionError, match="R6: it is player 3's turn"):
        encoding.action_id(theirs, cr.DrawStock())
    with pytest.raises(cr.IllegalActionError, match=r"R6: .*\(action id 0\)"):
        encoding.id_action(theirs, 0)


# -- documentation and packaging -----------------------------------------------------------


#: A row of the module's table of sizes: preset, players, T, ids, observation size.
SIZE_ROW = re.compile(r"^(\S+)\s+(\d)\s+(\d+)\s+(\d+)\s+(\d+)$", re.MULTILINE)
#: A row of its table of measurements: preset, states, the most go-downs seen with random
#: and with heuristic bots, the states beyond the bound, the bound.
BOUND_ROW = re.compile(r"^(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$", re.MULTILINE)


def test_the_documented_sizes_are_the_encodings() -> None:
    documented = {
        (name, int(players)): (int(targets), int(ids), int(size))
        for name, players, targets, ids, size in SIZE_ROW.findall(encoding.__doc__ or "")
    }
    expected = {}
    for name, variant in cr.VARIANTS.items():
        for players in {variant.min_players, variant.max_players}:
            enc = Encoding(variant, players)
            assert enc.targets == enc.table_slots
            expected[name, players] = (enc.targets, enc.num_distinct_actions, enc.observation_size)
    assert documented == expected


def test_the_documented_bounds_are_the_encodings() -> None:
    measured = BOUND_ROW.findall(encoding.__doc__ or "")
    bounds = {row[0]: int(row[-1]) for row in measured}
    assert bounds == dict(encoding.MAX_GO_DOWNS)
    assert set(encoding.MAX_GO_DOWNS) == set(cr.VARIANTS)
    for name, _, random_most, heuristic_most, _, _ in measured:
        most = max(int(random_most), int(heuristic_most))
        assert bounds[name] >= min(2 * most, 100_000)
    for name, variant in cr.VARIANTS.items():
        assert encoding.default_max_go_downs(variant) == encoding.MAX_GO_DOWNS[name]
    custom = attrs.evolve(cr.DEUCES_WILD, name="mine")
    assert encoding.default_max_go_downs(custom) == encoding.WILD_RANK_MAX_GO_DOWNS
    plain = attrs.evolve(cr.PAGAT, name="mine")
    assert encoding.default_max_go_downs(plain) == encoding.DEFAULT_MAX_GO_DOWNS
    assert Encoding(custom, 4, max_go_downs=7).max_go_downs == 7


#: A row of a table of fields: the field's name and its size as written.
FIELD_ROW = re.compile(r"^``(\w+)``\s+(\d+|\w+(?: \* \w+)?)\s", re.MULTILINE)


def _documented_fields(heading: str) -> list[tuple[str, str]]:
    """The rows of the table of fields that follows ``heading`` in the module's text."""
    text = encoding.__doc__ or ""
    start = text.index(heading)
    table = text[start : text.index("\n\n", text.index("=\n", start + len(heading)) + 2)]
    return FIELD_ROW.findall(table)


@pytest.mark.parametrize(("name", "players"), [("pagat", 4), ("progressive", 8), ("contract", 3)])
def test_the_documented_fields_are_the_layout(name: str, players: int) -> None:
    enc = Encoding(cr.VARIANTS[name], players)
    fields = enc.observation_fields()
    documented = _documented_fields("The\nfields, in order")
    assert [row[0] for row in documented] == [field.name for field in fields]
    seat = _documented_fields("A seat holds 8 numbers")
    slot = _documented_fields("A table slot holds ``90 + players`` numbers")
    sizes = {
        "players": players,
        "rounds": enc.variant.rounds,
        "seat": len(seat),
        "slots": enc.table_slots,
        "slot": 90 + players,
    }
    assert sum(int(size) if size.isdigit() else sizes[size] for _, size in slot) == 90 + players
    for (_, size), field in zip(documented, fields, strict=True):
        terms = [int(term) if term.isdigit() else sizes[term] for term in size.split(" * ")]
        assert field.size == math.prod(terms), field
    assert [size for _, size in seat] == ["1"] * 8
    assert [row[0] for row in seat][:3] == ["cards", "down", "total"]
    assert [row[0] for row in slot][-1] == "cards"


def test_importing_the_encoding_imports_no_array_library() -> None:
    code = "import sys, contract_rummy.encoding; print('numpy' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
