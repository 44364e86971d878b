"""The public Hypothesis strategies draw what they promise."""

from __future__ import annotations

import copy
import importlib
import os
import subprocess
import sys
from collections import Counter
from typing import Any

import attrs
import hypothesis
import pytest
from hypothesis import Verbosity, assume, find, given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy.testing import strategies as crst

DEUCES = attrs.evolve(cr.PAGAT, name="deuces", wild_ranks={cr.Rank.TWO})
# A round of 7 cards played at once could never be won with one group (R24): not at once.
ONE_DECK = attrs.evolve(
    cr.PAGAT,
    name="one deck",
    decks=1,
    jokers=0,
    ladder=((cr.Contract(groups=(3,)), 7),),
    last_round_at_once=False,
)


def _fits_deck(cards: tuple[cr.Card, ...], variant: cr.Variant) -> bool:
    deck = Counter(variant.deck(variant.max_players))
    return all(deck[card] >= n for card, n in Counter(cards).items())


@given(crst.cards())
def test_cards_come_from_the_deck(card: cr.Card) -> None:
    assert card in cr.PAGAT.deck(4)


@given(crst.cards(variant=ONE_DECK, jokers=True))
def test_cards_of_a_deck_without_jokers_are_natural(card: cr.Card) -> None:
    assert not card.is_joker


@given(crst.cards(jokers=False))
def test_cards_without_jokers(card: cr.Card) -> None:
    assert not card.is_joker


@given(crst.hands(min_size=3, max_size=20))
def test_hands_respect_the_deck_and_the_sizes(hand: tuple[cr.Card, ...]) -> None:
    assert 3 <= len(hand) <= 20
    assert list(hand) == sorted(hand)
    assert _fits_deck(hand, cr.PAGAT)


@given(crst.hands(variant=ONE_DECK))
def test_hands_never_hold_two_copies_from_one_deck(hand: tuple[cr.Card, ...]) -> None:
    assert len(set(hand)) == len(hand)


def test_hands_refuse_impossible_sizes() -> None:
    with pytest.raises(ValueError, match="min_size"):
        crst.hands(min_size=5, max_size=2)
    with pytest.raises(ValueError, match="min_size"):
        crst.hands(min_size=108)
    with pytest.raises(ValueError, match=r"^max_size must be in 0\.\.107, got 1000$"):
        crst.hands(max_size=1000)
    with pytest.raises(ValueError, match=r"^max_size must be in 0\.\.107, got -1$"):
        crst.hands(max_size=-1)
    with pytest.raises(TypeError, match=r"^max_size must be an int, got '5'$"):
        crst.hands(max_size="5")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^min_size must be an int, got 1\.5$"):
        crst.hands(min_size=1.5)  # type: ignore[arg-type]


def test_hands_over_a_strategy_of_variants_check_the_sizes_when_made() -> None:
    # The drawn deck is unknown when the strategy is made: the sizes are checked against
    # the largest deck a variant may have, 4 decks and 12 jokers.
    with pytest.raises(ValueError, match=r"^max_size must be in 0\.\.220, got 1000$"):
        crst.hands(variant=crst.variants(), max_size=1000)
    with pytest.raises(ValueError, match=r"^min_size must be in 0\.\.220, got 221$"):
        crst.hands(variant=crst.variants(), min_size=221)
    with pytest.raises(ValueError, match=r"^need 0 <= min_size <= max_size <= 220, got 9, 5$"):
        crst.hands(variant=crst.variants(), min_size=9, max_size=5)
    with pytest.raises(TypeError, match=r"^max_size must be an int, got True$"):
        crst.hands(variant=crst.variants(), max_size=True)


@settings(max_examples=20)
@given(crst.hands(variant=st.just(ONE_DECK), min_size=50, max_size=200))
def test_hands_over_a_strategy_of_variants_cap_max_size_at_the_drawn_deck(
    hand: tuple[cr.Card, ...],
) -> None:
    assert 50 <= len(hand) <= len(ONE_DECK.deck(ONE_DECK.max_players)) == 52
    assert _fits_deck(hand, ONE_DECK)


def test_hands_over_a_strategy_of_variants_refuse_min_size_above_the_drawn_deck() -> None:
    strategy = crst.hands(variant=st.just(ONE_DECK), min_size=60)
    with pytest.raises(
        ValueError,
        match=(
            r"^min_size must be at most the deck's size, 52 cards in the variant 'one deck' "
            r"drawn, got 60\n"  # then what Hypothesis was drawing
        ),
    ):
        find(strategy, lambda hand: True)


@given(crst.melds())
def test_melds_are_valid_and_fit_the_deck(meld: cr.Group | cr.Run) -> None:
    rebuilt: cr.Group | cr.Run
    if isinstance(meld, cr.Group):
        rebuilt = cr.Group(meld.rank, meld.cards)
    else:
        rebuilt = cr.Run(meld.suit, meld.low, meld.cards)
    assert rebuilt == meld
    assert _fits_deck(meld.cards, cr.PAGAT)


@given(crst.melds(variant=DEUCES, kind=cr.Run))
def test_melds_of_one_kind_under_a_variant(meld: cr.Group | cr.Run) -> None:
    assert isinstance(meld, cr.Run)
    assert meld.variant is DEUCES
    assert _fits_deck(meld.cards, DEUCES)


def test_melds_refuse_an_unknown_kind() -> None:
    with pytest.raises(ValueError, match="kind"):
        crst.melds(kind=cr.Contract)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^kind must be None or the class Group or Run, got"):
        crst.melds(kind="Group")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Variant"):
        crst.melds(variant="pagat")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^jokers must be a bool, got 'no'"):
        crst.cards(jokers="no")  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(
    st.data(),
    st.sampled_from(["cards", "hands", "melds"]),
)
def test_cards_hands_and_melds_take_a_strategy_of_variants(
    data: st.DataObject, which: str
) -> None:
    variant = data.draw(crst.variants())
    drawn: Any = data.draw(getattr(crst, which)(variant=st.just(variant)))
    cards = (drawn,) if which == "cards" else tuple(drawn.cards if which == "melds" else drawn)
    assert _fits_deck(cards, variant)
    if which == "melds":
        assert drawn.variant is variant


@given(crst.contracts())
def test_contracts_have_melds(contract: cr.Contract) -> None:
    assert contract.melds >= 1
    assert all(length >= 3 for length in contract.groups)
    assert all(length >= 4 for length in contract.runs)


def test_r8_contracts_of_max_length_3_have_groups_of_3_only() -> None:
    @settings(max_examples=30, database=None)
    @given(crst.contracts(max_length=3))
    def check(contract: cr.Contract) -> None:
        assert contract.runs == ()
        assert 1 <= len(contract.groups) <= 3
        assert set(contract.groups) == {3}

    check()


@settings(max_examples=60)
@given(st.data(), st.integers(0, 4), st.integers(0, 4), st.integers(3, 9))
def test_contracts_keep_within_their_arguments(
    data: st.DataObject, max_groups: int, max_runs: int, max_length: int
) -> None:
    runs_fit = max_runs > 0 and max_length >= 4
    assume(max_groups > 0 or runs_fit)
    contract = data.draw(
        crst.contracts(max_groups=max_groups, max_runs=max_runs, max_length=max_length)
    )
    assert contract.melds >= 1
    assert len(contract.groups) <= max_groups
    assert len(contract.runs) <= max_runs
    assert all(3 <= length <= max_length for length in contract.groups)
    assert all(4 <= length <= max_length for length in contract.runs)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"max_length": "7"}, TypeError, r"^max_length must be an int, got '7'$"),
        ({"max_groups": 1.0}, TypeError, r"^max_groups must be an int, got 1\.0$"),
        ({"max_runs": True}, TypeError, r"^max_runs must be an int, got True$"),
        ({"max_groups": -1}, ValueError, r"^max_groups must not be negative, got -1$"),
        ({"max_runs": -2}, ValueError, r"^max_runs must not be negative, got -2$"),
        (
            {"max_length": 2},
            ValueError,
            r"^max_length must be at least 3, the shortest group \(R7\), got 2$",
        ),
        (
            {"max_groups": 0, "max_runs": 0},
            ValueError,
            r"^R11: a contract needs a group or a run, but max_groups and max_runs are both 0$",
        ),
        (
            {"max_groups": 0, "max_length": 3},
            ValueError,
            (
                r"^R8: a run needs at least 4 cards, so with max_groups 0 max_length must be "
                r"at least 4, got 3$"
            ),
        ),
    ],
)
def test_r11_contracts_refuse_wrong_arguments_when_made(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        crst.contracts(**arguments)


@given(crst.penalties())
def test_penalties_score_every_card(penalties: cr.Penalties) -> None:
    assert 0 <= penalties.of(cr.JOKER) <= 50
    assert all(0 <= penalties.of(card) <= 25 for card in cr.NATURALS)
    assert attrs.evolve(cr.PAGAT, penalties=penalties).penalties is penalties


@pytest.mark.slow
def test_penalties_draw_the_presets_and_custom_tables() -> None:
    seen: set[cr.Penalties] = set()

    @settings(max_examples=200, database=None)
    @given(crst.penalties())
    def collect(penalties: cr.Penalties) -> None:
        seen.add(penalties)

    collect()
    assert {cr.PAGAT_PENALTIES, cr.PROGRESSIVE_PENALTIES} <= seen
    assert len(seen) > 2


@pytest.mark.slow
def test_variants_draw_custom_ones_with_and_without_the_shanghai_call() -> None:
    calls: set[bool] = set()

    @settings(max_examples=100, database=None, deadline=None)
    @given(crst.variants())
    def collect(variant: cr.Variant) -> None:
        calls.add(variant.shanghai_call)

    collect()
    assert calls == {False, True}


@settings(max_examples=30, deadline=None)
@given(crst.variants())
def test_variants_deal_playable_games(variant: cr.Variant) -> None:
    for players in {variant.min_players, variant.max_players}:
        state = cr.new_game(variant, seed=7, players=players)
        assert len(cr.legal_actions(state)) >= 1
        assert sum(map(len, state.hands)) == variant.cards_dealt(1) * players


@settings(max_examples=20, deadline=None)
@given(crst.states(max_actions=120))
def test_states_are_reachable_and_whole(state: cr.RoundState) -> None:
    on_table = [card for placed in state.table for card in placed.cards]
    everything = [*(c for hand in state.hands for c in hand), *state.stock, *state.discard]
    assert Counter(everything + on_table) == Counter(state.variant.deck(state.players))
    if state.phase is cr.Phase.GAME_OVER:
        assert state.winners
    else:
        assert len(cr.legal_actions(state)) >= 1


@settings(max_examples=10, deadline=None)
@given(crst.states(variant=crst.variants(), max_actions=40))
def test_states_over_any_variant(state: cr.RoundState) -> None:
    assert state.phase is cr.Phase.GAME_OVER or len(cr.legal_actions(state)) >= 1


class _Kept:
    """A drawn value, shown short: Hypothesis shows what it finds, and a game is long."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"<a {type(self.value).__name__}>"


def _found(strategy: Any, condition: Any) -> Any:
    """An example of ``strategy`` meeting ``condition``: Hypothesis fails if none is drawn.

    Only drawn (neither shrunk nor explained): the first found serves.
    """
    quick = settings(
        max_examples=300,
        database=None,
        verbosity=Verbosity.quiet,
        phases=[hypothesis.Phase.generate],
    )
    return find(strategy.map(_Kept), lambda kept: condition(kept.value), settings=quick).value


def test_r28_states_reach_game_over_and_later_rounds_within_a_long_enough_bound() -> None:
    # A game of pagat takes some 1,400 actions: a bound of 3,000 reaches its end (R28),
    # and 400 a round after the first (R25), where a list of choices never went past
    # about 40 actions whatever its bound.
    over = _found(crst.states(max_actions=3000), lambda s: s.phase is cr.Phase.GAME_OVER)
    assert over.winners
    assert over.moves > 200
    later = _found(crst.states(max_actions=400), lambda s: s.round_number >= 2)
    assert later.round_number >= 2
    assert later.moves <= 400
    seen = _found(crst.views(max_actions=3000), lambda v: v.round_number >= 3)
    assert seen.round_number >= 3


def test_r28_game_records_reach_a_whole_game() -> None:
    record = _found(
        crst.game_records(max_actions=3000),
        lambda r: r.result is not None and r.result.phase is cr.Phase.GAME_OVER,
    )
    assert len(record.actions) > 200
    *_, last = cr.records.replay(record)
    assert last.phase is cr.Phase.GAME_OVER
    assert last.winners == record.result.winners


@settings(max_examples=30, deadline=None)
@given(crst.states(max_actions=60))
def test_states_stay_within_their_bound(state: cr.RoundState) -> None:
    assert state.moves <= 60


def test_states_refuse_a_negative_length() -> None:
    with pytest.raises(ValueError, match="max_actions"):
        crst.states(max_actions=-1)


@pytest.mark.parametrize("make", [crst.states, crst.views, crst.game_records])
def test_a_length_that_is_not_an_int_is_refused_naming_it(make: Any) -> None:
    with pytest.raises(TypeError, match=r"^max_actions must be an int, got '5'$"):
        make(max_actions="5")
    with pytest.raises(TypeError, match=r"^max_actions must be an int, got True$"):
        make(max_actions=True)
    with pytest.raises(ValueError, match=r"^max_actions must not be negative, got -1$"):
        make(max_actions=-1)


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_actions_are_legal(data: st.DataObject) -> None:
    state = data.draw(crst.states(max_actions=80))
    if state.phase is not cr.Phase.GAME_OVER:
        action = data.draw(crst.actions(state))
        assert action in cr.legal_actions(state)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_actions_are_played_or_refused(data: st.DataObject) -> None:
    state = data.draw(crst.states(max_actions=80))
    action = data.draw(crst.any_actions(state))
    legal = cr.legal_actions(state)
    if action in list(legal):
        cr.apply(state, action)
    else:
        with pytest.raises(cr.IllegalActionError, match=r"^R\d+: "):
            cr.apply(state, action)


@pytest.mark.parametrize("make", [crst.actions, crst.any_actions])
def test_actions_and_any_actions_refuse_what_is_not_a_state(make: Any) -> None:
    with pytest.raises(TypeError, match=r"^expected a RoundState or a PlayerView, got None$"):
        make(None)
    with pytest.raises(TypeError, match=r"^expected a RoundState or a PlayerView, got 'pagat'$"):
        make("pagat")


def test_any_actions_reach_illegal_ones() -> None:
    state = cr.apply(cr.new_game(seed=4), cr.TakeDiscard())
    kinds: set[str] = set()

    @settings(max_examples=200, deadline=None, database=None)
    @given(crst.any_actions(state))
    def collect(action: cr.Action) -> None:
        if not cr.is_legal(state, action):
            kinds.add(type(action).__name__)

    collect()
    assert {"Discard", "LayOff", "SwapJoker", "GoDown", "DrawStock"} <= kinds


@settings(max_examples=20)
@given(
    st.from_type(cr.Card),
    st.from_type(cr.Group),
    st.from_type(cr.Run),
    st.from_type(cr.Contract),
)
def test_from_type_works_after_install(
    card: cr.Card, group: cr.Group, run: cr.Run, contract: cr.Contract
) -> None:
    assert isinstance(card, cr.Card)
    assert isinstance(group, cr.Group)
    assert isinstance(run, cr.Run)
    assert isinstance(contract, cr.Contract)


#: The package's value types that users may ask Hypothesis for by type.
FROM_TYPE = (
    cr.Card,
    cr.Group,
    cr.Run,
    cr.Contract,
    cr.Variant,
    cr.Penalties,
    cr.RoundState,
    cr.PlayerView,
    cr.DrawStock,
    cr.TakeDiscard,
    cr.Buy,
    cr.Pass,
    cr.GoDown,
    cr.LayOff,
    cr.SwapJoker,
    cr.Discard,
    cr.NextRound,
)


#: Every public attrs class: the value types above, and the others (bots, shufflers, ...).
PUBLIC_ATTRS_CLASSES = sorted(
    {
        value
        for value in (getattr(cr, name) for name in cr.__all__)
        if isinstance(value, type) and attrs.has(value)
    },
    key=lambda kind: kind.__name__,
)


def test_from_type_covers_the_value_types() -> None:
    assert set(FROM_TYPE) <= set(PUBLIC_ATTRS_CLASSES)


@pytest.mark.parametrize("kind", PUBLIC_ATTRS_CLASSES, ids=lambda kind: kind.__name__)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_from_type_builds_every_public_attrs_class(kind: type, data: st.DataObject) -> None:
    value = data.draw(st.from_type(kind))
    assert isinstance(value, kind)
    if kind in FROM_TYPE:  # values: a copy is equal and hashes alike (not so for the bots)
        assert value == copy.deepcopy(value)
        assert hash(value) == hash(copy.deepcopy(value))


@settings(max_examples=50)
@given(
    st.from_type(cr.Discard),
    st.from_type(cr.LayOff),
    st.from_type(cr.SwapJoker),
    st.from_type(cr.Penalties),
)
def test_from_type_draws_actions_with_cards_and_table_indices(
    discard: cr.Discard, lay_off: cr.LayOff, swap: cr.SwapJoker, penalties: cr.Penalties
) -> None:
    """The card fields take notation as well, which the types alone would fill with any str."""
    assert all(isinstance(action.card, cr.Card) for action in (discard, lay_off, swap))
    assert min(lay_off.target, swap.target, swap.joker_target) >= 0
    assert len(penalties.ranks) == 13


@settings(max_examples=5, deadline=None)
@given(st.from_type(cr.Variant), st.from_type(cr.RoundState))
def test_from_type_builds_variants_and_states(variant: cr.Variant, state: cr.RoundState) -> None:
    assert isinstance(variant, cr.Variant)
    assert isinstance(state, cr.RoundState)


def test_importing_without_hypothesis_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "try:\n"
        "    import contract_rummy.testing.strategies\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert "contract_rummy[hypothesis]" in result.stdout


def test_the_library_imports_without_hypothesis() -> None:
    code = "import sys; sys.modules['hypothesis'] = None\nimport contract_rummy\nprint('ok')"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "ok"
    assert importlib.import_module("contract_rummy.testing.strategies") is crst


def _run_python(code: str, **environment: str) -> str:
    """What ``code`` prints in a fresh interpreter, with the plugins Hypothesis finds."""
    env = {key: value for key, value in os.environ.items() if key != "HYPOTHESIS_NO_PLUGINS"}
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=env | environment,
    )
    return result.stdout.strip()


_FROM_TYPE = (
    "from hypothesis import find, strategies as st\n"
    "print(find(st.from_type(contract_rummy.Card), lambda card: card.rank is not None))\n"
)


def test_importing_hypothesis_does_not_import_the_library() -> None:
    code = (
        "import hypothesis, sys\n"
        "print(sorted(name for name in sys.modules if name.startswith('contract_rummy')))\n"
    )
    assert _run_python(code) == "[]"  # the entry point's module is outside the package


@pytest.mark.parametrize(
    "imports",
    [
        "import hypothesis\nimport contract_rummy\n",
        "import contract_rummy\nimport hypothesis\n",
        "import contract_rummy.testing.strategies\nimport contract_rummy\n",
    ],
    ids=["hypothesis-first", "library-first", "strategies-first"],
)
def test_from_type_draws_the_librarys_types_whichever_is_imported_first(imports: str) -> None:
    assert _run_python(imports + _FROM_TYPE) == "AC"


def test_hypothesis_no_plugins_leaves_the_types_unregistered() -> None:
    code = (
        "import hypothesis\nimport contract_rummy\n"
        "from hypothesis.strategies._internal import types\n"
        "print(contract_rummy.Card in types._global_type_lookup)\n"
        "contract_rummy.testing.register_strategies()\n"
        "print(contract_rummy.Card in types._global_type_lookup)\n"
    )
    assert _run_python(code, HYPOTHESIS_NO_PLUGINS="1").split() == ["False", "True"]
