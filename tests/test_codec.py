"""to_dict and from_dict: values round-trip through JSON, and bad input is refused.

- Round trips: every state, player view, variant (custom ones included), action and meld
  the strategies make comes back equal from ``from_dict(json.loads(json.dumps(to_dict(x))))``.
- Refusals: each kind of bad input raises :class:`~contract_rummy.RecordError` with a
  message saying where (a path such as ``hands[0][3]``) and what is wrong.
- Fuzzing: arbitrary JSON values, and valid dicts with one thing changed, are either
  refused with a RecordError (never another exception) or read as a value that writes back
  exactly as the input: what is accepted is a genuinely valid, self-consistent value.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import records
from contract_rummy.testing import strategies as crst
from contract_rummy.views import PlayerView, view
from scenario import random_games

#: How many examples the properties draw: a share of the profile's (see conftest.py).
SOME: Final = max(10, settings().max_examples // 4)
MANY: Final = max(20, settings().max_examples)
#: States of every preset and of custom variants, short games to keep the suite fast.
STATES: Final = crst.states(variant=crst.variants(), max_actions=80)
#: Every card of the largest deck, written as the codec writes them.
CARDS: Final = sorted({str(card) for card in cr.build_deck(4, 12)})
#: The knobs of a variant, as to_dict writes them: a knob left out reads as its default.
DEFAULT_KNOBS: Final = {
    key: value for key, value in cr.to_dict(cr.Variant()).items() if key not in ("type", "version")
}


def _json(value: object) -> Any:
    """``to_dict(value)`` as it comes back from a JSON text."""
    return json.loads(json.dumps(cr.to_dict(value)))


def _text(data: object) -> str:
    """A canonical JSON text: equal texts, equal JSON values (``true`` is not ``1``)."""
    return json.dumps(data, sort_keys=True)


def _state(
    variant: cr.Variant = cr.PAGAT,
    seed: int = 1,
    until: Callable[[cr.RoundState], bool] | None = None,
) -> cr.RoundState:
    """A greedy game's first state for which ``until`` holds (the deal, by default)."""
    state = cr.new_game(variant, seed=seed)
    bot = cr.GreedyBot()
    while until is not None and not until(state):
        state = cr.apply(state, bot.choose(state))
    return state


def _wild_in_group(state: cr.RoundState, wild: cr.Rank) -> bool:
    """Whether a group of another rank on the table holds a card of the wild rank."""
    return any(
        isinstance(placed.meld, cr.Group)
        and placed.meld.rank is not wild
        and any(card.rank is wild for card in placed.cards)
        for placed in state.table
    )


# == round trips ==============================================================================


@pytest.mark.slow
@settings(max_examples=MANY, deadline=None)
@given(state=STATES)
def test_a_state_and_every_players_view_round_trip_through_json(state: cr.RoundState) -> None:
    data = _json(state)
    assert cr.from_dict(data) == state
    assert cr.from_dict(data, cr.RoundState) == state
    assert _text(cr.to_dict(cr.from_dict(data))) == _text(data)
    # A preset is written as its name; any other variant as every knob.
    if cr.VARIANTS.get(state.variant.name) == state.variant:
        assert data["variant"] == state.variant.name
    else:
        assert data["variant"]["type"] == "Variant"
    for player in range(state.players):
        seen = view(state, player)
        written = _json(seen)
        assert written["type"] == "PlayerView"
        assert not {"stock", "hands", "rng", "shuffler"} & set(written)
        assert cr.from_dict(written) == seen
        assert cr.from_dict(written, PlayerView) == seen


@settings(max_examples=MANY, deadline=None)
@given(variant=crst.variants())
def test_every_variant_round_trips_through_json(variant: cr.Variant) -> None:
    data = _json(variant)
    assert data["type"] == "Variant"
    back = cr.from_dict(data, cr.Variant)
    assert back == variant
    assert _text(cr.to_dict(back)) == _text(data)


def test_a_custom_variant_reloads_to_an_equal_variant() -> None:
    house = attrs.evolve(
        cr.PAGAT,
        name="house",
        max_buys=2,
        buy_penalty=2,
        wild_ranks={cr.Rank.TWO},
        rounds_at_once={3, 7},
        penalties=cr.PROGRESSIVE_PENALTIES,
        jokers=cr.JokerRule.PLAYERS_MINUS_ONE,
        min_players=3,
        max_players=5,
    )
    assert cr.from_dict(_json(house)) == house
    state = cr.new_game(house, seed=3, players=5)
    data = _json(state)
    assert data["variant"]["name"] == "house"
    assert cr.from_dict(data).variant == house
    # A custom variant named after a preset is still written knob by knob.
    impostor = attrs.evolve(cr.PAGAT, max_buys=1)
    assert impostor.name == "pagat"
    assert _json(cr.new_game(impostor, seed=1))["variant"]["max_buys"] == 1
    assert cr.from_dict(_json(cr.new_game(impostor, seed=1))).variant == impostor


@settings(max_examples=MANY, deadline=None)
@given(state=STATES, data=st.data())
def test_actions_and_table_melds_round_trip_through_json(
    state: cr.RoundState, data: st.DataObject
) -> None:
    variant = state.variant
    legal = list(cr.legal_actions(state)[:50])
    chosen = data.draw(st.lists(st.sampled_from(legal), max_size=4)) if legal else []
    # Arbitrary actions too, illegal ones included: an action is a value of its own.
    chosen += data.draw(st.lists(crst.any_actions(state), max_size=3))
    for action in chosen:
        written = _json(action)
        assert written["type"] == type(action).__name__
        assert cr.from_dict(written, variant=variant) == action
        assert cr.from_dict(written, cr.Action, variant=variant) == action
        assert cr.from_dict(written, type(action), variant=variant) == action
    for placed in state.table:
        written = _json(placed.meld)
        assert cr.from_dict(written, variant=variant) == placed.meld
        assert cr.from_dict(written, cr.Meld, variant=variant) == placed.meld
        assert cr.from_dict(written, type(placed.meld), variant=variant) == placed.meld


@settings(max_examples=SOME, deadline=None)
@given(data=st.data())
def test_melds_round_trip_through_json(data: st.DataObject) -> None:
    variant = data.draw(crst.variants())
    meld = data.draw(crst.melds(variant=variant))
    assert cr.from_dict(_json(meld), variant=variant) == meld


def test_table_melds_are_read_under_the_states_own_wild_cards() -> None:
    # R30: a 2 is wild in deuces-wild and a queen in california, not in pagat.
    for variant, wild in ((cr.DEUCES_WILD, cr.Rank.TWO), (cr.CALIFORNIA, cr.Rank.QUEEN)):
        state = _state(variant, 4, functools.partial(_wild_in_group, wild=wild))
        assert cr.from_dict(_json(state)) == state
        assert cr.from_dict(_json(view(state, 0))) == view(state, 0)


def test_a_meld_or_go_down_read_alone_is_checked_under_the_variant_given() -> None:
    group = cr.Group(cr.Rank.SEVEN, "7C 7D 2S", variant=cr.DEUCES_WILD)
    go_down = cr.GoDown([group, cr.meld("9S 9H JK")])
    for value in (group, go_down):
        assert cr.from_dict(_json(value), variant=cr.DEUCES_WILD) == value
        with pytest.raises(cr.RecordError, match=r"R7: 2S is not a 7"):
            cr.from_dict(_json(value))


def test_states_dealt_by_the_system_shuffler_and_with_a_cut_round_trip() -> None:
    state = cr.new_game(cr.LIVERPOOL_CUT, seed=5, shuffler=cr.SYSTEM)
    data = _json(state)
    assert data["shuffler"] == "system"
    assert data["cut"] == state.cut is not None
    assert cr.from_dict(data) == state
    assert _json(cr.new_game(seed=5))["shuffler"] == "seeded"


# == refusals =================================================================================


def _with(data: dict[str, Any], change: Any) -> dict[str, Any]:
    """A deep copy of ``data``, changed in place by ``change``."""
    changed = copy.deepcopy(data)
    change(changed)
    return changed


def _refused(data: Any, message: str, kind: Any = None) -> str:
    with pytest.raises(cr.RecordError, match=message) as refusal:
        cr.from_dict(data, kind)
    return str(refusal.value)


def _on_table() -> cr.RoundState:
    return _state(until=lambda s: len(s.table) >= 2)


def test_a_duplicated_card_is_refused_naming_it_r2() -> None:
    data = _json(cr.new_game(seed=1))
    card = data["hands"][0][0]
    data["stock"][0] = card
    _refused(
        data,
        rf"^R2: every card of the pagat deck .* once: missing .*; extra {card}$",
    )


def test_a_missing_card_is_refused_naming_it_r2() -> None:
    data = _json(cr.new_game(seed=1))
    card = data["stock"].pop()
    _refused(data, rf"^R2: .* exactly once: missing {card}$")


def test_a_table_meld_that_breaks_r7_to_r10_is_refused_with_its_path() -> None:
    data = _json(_on_table())
    first = data["table"][0]["meld"]
    if first["type"] == "Group":
        first["rank"] = "K" if first["rank"] != "K" else "Q"
        message = r"^table\[0\]\.meld: R7: "
    else:
        first["low"] += 1
        message = r"^table\[0\]\.meld: R8: "
    _refused(data, message)
    # A meld too short for the rules, and one whose kind says nothing.
    data = _json(_on_table())
    del data["table"][1]["meld"]["cards"][1:]
    _refused(data, r"^table\[1\]\.meld: R[78]: a (group|run) needs at least")
    data = _json(_on_table())
    data["table"][0]["meld"]["type"] = "Set"
    _refused(data, r"^table\[0\]\.meld\.type: expected 'Group' or 'Run', got 'Set'$")


def test_a_phase_that_disagrees_with_who_acts_is_refused() -> None:
    data = _json(cr.new_game(seed=1))
    assert data["phase"] == "draw"
    data["to_act"] = (data["active"] + 1) % 4
    _refused(data, r"in phase DRAW, to_act must be the active player")
    data = _json(cr.new_game(seed=1))
    data["phase"] = "round over"
    _refused(data, r"penalties must be set exactly when the round is over")
    data = _json(cr.new_game(seed=1))
    data["phase"] = "bidding"
    _refused(data, r"^phase: expected one of 'draw', 'buy', 'play', .* got 'bidding'$")


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2, 0])
def test_the_version_must_be_the_integer_1(version: object) -> None:
    data = _json(cr.Pass())
    data["version"] = version
    with pytest.raises(cr.RecordError, match=r"^version: this library reads schema version 1"):
        cr.from_dict(data)
    data = _json(cr.new_game(seed=1))
    del data["version"]
    _refused(data, r"^version: this library reads schema version 1, got None$")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(colour="red"), r"^colour: not a field of this value$"),
        (lambda d: d["turn"].update(kept="7C"), r"^turn\.kept: not a field of this value$"),
        (lambda d: d["window"].update(type="x"), r"^window\.type: not a field of this value$"),
        (lambda d: d.pop("stock"), r"^stock: missing$"),
        (lambda d: d["window"].pop("queue"), r"^window\.queue: missing$"),
        (lambda d: d.pop("type"), r"^type: expected one of \[.*'RoundState'.*\], got None$"),
        (lambda d: d.update(dealer="1"), r"^dealer: expected an integer, got '1'$"),
        (lambda d: d.update(dealer=True), r"^dealer: expected an integer, got True$"),
        (lambda d: d.update(dealer=1.0), r"^dealer: expected an integer, got 1\.0$"),
        (lambda d: d["scores"].__setitem__(2, "0"), r"^scores\[2\]: expected an integer"),
        (lambda d: d.update(down=[0, 0, 0, 0]), r"^down\[0\]: expected true or false, got 0$"),
        (lambda d: d.update(hands="7C"), r"^hands: expected a list, got '7C'$"),
        (lambda d: d.update(turn=[]), r"^turn: expected a JSON object, got list$"),
        (lambda d: d["hands"][0].__setitem__(0, "7X"), r"^hands\[0\]\[0\]: '7X' is not a card"),
        (lambda d: d["hands"][1].__setitem__(2, 7), r"^hands\[1\]\[2\]: expected a card"),
        (lambda d: d["stock"].__setitem__(3, ""), r"^stock\[3\]: '' is not a card"),
        (lambda d: d.update(variant="pagatt"), r"^variant: 'pagatt' is not a preset's name"),
        (lambda d: d.update(variant=7), r"^variant: expected a variant's name or its knobs"),
        (
            lambda d: d.update(shuffler="custom"),
            r"^shuffler: expected 'seeded', 'system' or 'steps'",
        ),
        (lambda d: d.update(shuffler=None), r"^shuffler: expected 'seeded', 'system' or 'steps'"),
        (lambda d: d.update(rng=-1), r"rng must be a shuffler state"),
        (lambda d: d.update(rng=2**64), r"rng must be a shuffler state"),
        (lambda d: d.update(dealer=4), r"dealer must be a player, 0-3, got 4"),
        (lambda d: d.update(round_number=8), r"round_number must be 1-7 for pagat, got 8"),
        (lambda d: d.update(cut=3), r"R32: pagat has no cut"),
        (lambda d: d.update(buys=[0, 0, 0]), r"buys must have one entry per player"),
        (
            lambda d: d["buys"].__setitem__(0, 10**20),
            r"^buys must be at most 2\*\*53 - 1 in size$",
        ),
    ],
)
def test_a_bad_field_is_refused_naming_its_path(change: Any, message: str) -> None:
    _refused(_with(_json(cr.new_game(seed=1)), change), message)


def test_a_bad_variant_is_refused_naming_its_path() -> None:
    data = _json(attrs.evolve(cr.PAGAT, name="house"))
    _refused(_with(data, lambda d: d.update(decks=0)), r"^decks must be at least 1, got 0$")
    _refused(_with(data, lambda d: d.update(decks="2")), r"^decks: expected an integer")
    _refused(_with(data, lambda d: d.update(aces="both")), r"^aces: expected one of ")
    _refused(
        _with(data, lambda d: d.update(jokers="three")),
        r"^jokers: expected a number of jokers or one of 'players - 1', got 'three'$",
    )
    _refused(
        _with(data, lambda d: d["ladder"][2].update(dealt=True)),
        r"^ladder\[2\]\.dealt: expected an integer, got True$",
    )
    _refused(
        _with(data, lambda d: d["penalties"]["ranks"].__setitem__(0, None)),
        r"^penalties\.ranks\[0\]: expected an integer, got None$",
    )
    _refused(
        _with(data, lambda d: d.update(wild_ranks=["11"])),
        r"^wild_ranks\[0\]: expected a rank \(A, 2-10, J, Q, K\), got '11'$",
    )
    state = _json(cr.new_game(attrs.evolve(cr.PAGAT, name="house"), seed=1))
    _refused(
        _with(state, lambda d: d["variant"].pop("type")),
        r"^variant: a variant's knobs are a JSON object .* got an object without \"type\"$",
    )
    _refused(
        _with(state, lambda d: d["variant"].update(type="Rules")),
        r"^variant: a variant's knobs are a JSON object with \"type\": \"Variant\" .*"
        r"got type 'Rules'$",
    )
    _refused(
        _with(state, lambda d: d["variant"].update(max_buys=-1)),
        r"^variant: max_buys must be None or >= 0, got -1$",
    )


def test_a_value_of_another_kind_is_refused() -> None:
    action = _json(cr.Discard(cr.Card.parse("10h")))
    _refused(action, r"^type: expected a RoundState, got 'Discard'$", cr.RoundState)
    _refused(action, r"^type: expected a Variant, got 'Discard'$", cr.Variant)
    _refused(action, r"^type: expected a meld, got 'Discard'$", cr.Meld)
    _refused(action, r"^type: expected a LayOff, got 'Discard'$", cr.LayOff)
    _refused(
        _json(cr.new_game(seed=1)), r"^type: expected an action, got 'RoundState'$", cr.Action
    )
    _refused(_json(cr.meld("7C 7D 7H")), r"^type: expected a Run, got 'Group'$", cr.Run)
    assert cr.from_dict(action, cr.Action) == cr.Discard(cr.Card.parse("10H"))
    _refused([action], r"^expected a dict \(a JSON object\), got list$")
    _refused("RoundState", r"^expected a dict \(a JSON object\), got str$")
    _refused({"type": "GameRecord", "version": 1}, r"^type: expected one of ")


def test_a_kind_that_is_no_class_is_refused_with_a_type_error_naming_it() -> None:
    data = _json(cr.new_game(seed=1))
    with pytest.raises(
        TypeError,
        match=r"^from_dict's second argument, kind, must be a class such as "
        r"contract_rummy\.RoundState, .*; got the str 'RoundState': pass the class itself, "
        r"contract_rummy\.RoundState$",
    ):
        cr.from_dict(data, "RoundState")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"got the str 'State': pass the class itself, not its"):
        cr.from_dict(data, "State")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"; got the RoundState RoundState\(.*characters\)$"):
        cr.from_dict(data, cr.new_game(seed=1))  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"must be a class .*; got the int 7$"):
        cr.from_dict(data, 7)  # type: ignore[call-overload]


def test_bad_actions_and_melds_are_refused_naming_their_path() -> None:
    go_down = _json(cr.GoDown([cr.meld("7C 7D 7H"), cr.meld("3S 4S 5S 6S")]))
    _refused(
        _with(go_down, lambda d: d["melds"][1]["cards"].__setitem__(3, "7S")),
        r"^melds\[1\]: R8: ",
    )
    _refused(
        _with(go_down, lambda d: d["melds"][0].update(rank="X")),
        r"^melds\[0\]\.rank: expected a rank",
    )
    _refused(_with(go_down, lambda d: d.update(melds={})), r"^melds: expected a list, got \{\}$")
    lay_off = _json(cr.LayOff(cr.JOKER, 3, cr.End.HIGH))
    _refused(_with(lay_off, lambda d: d.update(end="top")), r"^end: expected one of 'low', 'high'")
    _refused(_with(lay_off, lambda d: d.update(target="3")), r"^target: expected an integer")
    _refused(_with(lay_off, lambda d: d.pop("card")), r"^card: missing$")
    _refused(_with(lay_off, lambda d: d.update(melds=[])), r"^melds: not a field of this value$")
    # An end may be left out (None); nothing else may.
    assert cr.from_dict(_with(lay_off, lambda d: d.pop("end"))) == cr.LayOff(cr.JOKER, 3)


@attrs.frozen
class _Reversed:
    """A shuffler of one's own, which has no JSON form."""

    def shuffle(self, items: Any, state: int) -> tuple[list[Any], int]:
        return list(reversed(items)), state

    def below(self, bound: int, state: int) -> tuple[int, int]:
        return 0, state


def test_to_dict_refuses_what_it_cannot_write() -> None:
    state = cr.new_game(seed=1, shuffler=_Reversed())
    with pytest.raises(
        ValueError, match=r"^shuffler: only the SEEDED, SYSTEM and STEPS shufflers"
    ):
        cr.to_dict(state)
    with pytest.raises(ValueError, match=r"only the SEEDED, SYSTEM and STEPS shufflers"):
        records.Recorder(state)
    for value in (42, "7C", None, cr.Card.parse("7C"), cr.NEW_TURN, cr.PAGAT.ladder, state.table):
        with pytest.raises(TypeError, match=r"^to_dict takes a RoundState, PlayerView"):
            cr.to_dict(value)


# == fuzzing: arbitrary JSON ==================================================================

_KEYS: Final = st.sampled_from(
    sorted(
        {
            *attrs.fields_dict(cr.RoundState),
            *attrs.fields_dict(PlayerView),
            *DEFAULT_KNOBS,
            *("rank", "suit", "low", "cards", "card", "target", "end", "joker_target"),
            *("joker_end", "melds", "meld", "owner", "queue", "last_buyer", "requester"),
            *("kept_card", "went_down", "groups", "runs", "dealt", "joker", "ranks"),
        }
    )
)
_NAMES: Final = st.sampled_from(
    [
        "RoundState",
        "PlayerView",
        "Variant",
        "Group",
        "Run",
        "Action",
        "GameRecord",
        *(kind.__name__ for kind in (cr.DrawStock, cr.GoDown, cr.LayOff, cr.SwapJoker)),
        *(kind.__name__ for kind in (cr.Discard, cr.Pass, cr.NextRound, cr.Buy)),
    ]
)
_WORDS: Final = st.sampled_from(
    [*CARDS[:20], "JK", "7", "S", "draw", "buy", "high", "pagat", "seeded", "system", ""]
)
_LEAVES: Final = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=6)
    | _WORDS
    | _NAMES
)
JSON_VALUES: Final = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=6) | _KEYS | st.just("type"), inner, max_size=6)
    ),
    max_leaves=40,
)
#: Dicts with a valid header: the type of a value (or a record) and the version.
HEADED: Final = st.builds(
    lambda name, fields: {**fields, "type": name, "version": 1},
    _NAMES,
    st.dictionaries(_KEYS, JSON_VALUES, max_size=8),
)
_KINDS: Final = st.sampled_from(
    [None, cr.RoundState, PlayerView, cr.Variant, cr.Group, cr.Run, cr.Meld, cr.Action, cr.LayOff]
)


def _outcome(read: Callable[[], object]) -> object:
    """What ``read`` returns, or the RecordError it raises; anything else escapes."""
    try:
        return read()
    except cr.RecordError as error:
        return error


@pytest.mark.slow
@settings(max_examples=MANY * 3, deadline=None)
@given(value=st.one_of(JSON_VALUES, HEADED), kind=_KINDS)
def test_arbitrary_json_is_refused_with_a_record_error(value: Any, kind: type | None) -> None:
    read = _outcome(lambda: cr.from_dict(value, kind))
    if isinstance(read, cr.RecordError):
        assert str(read), "a refusal says what is wrong"
    else:
        # A few tiny values are valid (an action without fields, such as a Pass): what is
        # accepted is exactly the value the dict names, written back as that very dict.
        assert _text(cr.to_dict(read)) == _text(value)
        assert cr.from_dict(cr.to_dict(read)) == read
    game = _outcome(lambda: records.loads(json.dumps(value)))
    if isinstance(game, cr.RecordError):
        assert str(game), "a refusal says what is wrong"
    else:
        assert isinstance(game, records.GameRecord)
        assert records.loads(records.dumps(game)) == game


# == fuzzing: one change to a valid dict ======================================================

Path = tuple[str | int, ...]


def _nodes(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every position in ``data`` with its value, ``data`` itself first."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _nodes(value, (*path, index))


def _at(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def _replacement(value: Any) -> st.SearchStrategy[Any]:
    """What a leaf may become: something close to it, of its type or of another."""
    others: st.SearchStrategy[Any] = st.one_of(
        st.none(), st.booleans(), st.floats(allow_nan=False), st.just([]), st.just({})
    )
    if isinstance(value, bool):
        return st.sampled_from([not value, 0, 1, "true", None])
    if isinstance(value, int):
        close = st.sampled_from([value + 1, value - 1, 0, -1, -value - 1, 2**64, 10**30])
        return close | st.integers() | st.just(str(value)) | st.just(float(value)) | others
    if isinstance(value, str):
        junk = st.text(max_size=4).filter(lambda text: not _is_card(text))
        names = st.sampled_from([*cr.VARIANTS, "draw", "play", "buy", "system", "seeded"])
        return st.sampled_from(CARDS) | junk | names | st.integers(-2, 13) | others
    return _LEAVES


def _is_card(text: str) -> bool:
    try:
        cr.Card.parse(text)
    except ValueError:
        return False
    return True


@st.composite
def _mutations(draw: st.DrawFn, original: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """``original`` with one change, and what the change was."""
    data = copy.deepcopy(original)
    nodes = list(_nodes(data))
    dicts = [(path, node) for path, node in nodes if isinstance(node, dict) and node]
    lists = [(path, node) for path, node in nodes if isinstance(node, list) and node]
    leaves = [(path, node) for path, node in nodes if path and not isinstance(node, dict | list)]
    kind = draw(st.sampled_from(["leaf", "leaf", "drop", "add", "swap", "delete", "duplicate"]))
    if kind == "leaf" and leaves:
        path, value = draw(st.sampled_from(leaves))
        new = draw(_replacement(value))
        _at(data, path[:-1])[path[-1]] = new
        return f"{kind} {path}: {value!r} -> {new!r}", data
    if kind in ("drop", "add") and dicts:
        path, fields = draw(st.sampled_from(dicts))
        if kind == "drop":
            key = draw(st.sampled_from(sorted(fields)))
            del fields[key]
            return f"drop {(*path, key)}", data
        key = draw(_KEYS | st.sampled_from(["type", "version", "extra"]))
        fields[key] = value = draw(JSON_VALUES)
        return f"add {(*path, key)}: {value!r}", data
    if lists:
        path, items = draw(st.sampled_from(lists))
        i = draw(st.integers(0, len(items) - 1))
        if kind == "swap" and len(items) > 1:
            j = draw(st.integers(0, len(items) - 1).filter(lambda j: j != i))
            items[i], items[j] = items[j], items[i]
            return f"swap {path} [{i}] [{j}]", data
        if kind == "duplicate":
            items.insert(i, copy.deepcopy(items[i]))
            return f"duplicate {(*path, i)}", data
        del items[i]
        return f"delete {(*path, i)}", data
    return "none", data


def _normal(data: Any) -> Any:
    """``data`` as to_dict would write the value it reads as.

    Reading is lenient in a few ways that lose nothing: a group's cards may come in any
    order (they are sorted), and so may a go-down's melds; the end of a lay-off or a swap
    may be left out (it is ``None``); a custom variant's knobs may be
    left out (they take their defaults), its wild ranks and rounds at once come in any
    order, its contracts' lengths too; a state's or view's ``known`` with nothing known is
    left out. Comparing ``_normal`` of both sides, the order of a
    go-down's melds is left out.
    """
    if isinstance(data, list):
        return [_normal(item) for item in data]
    if not isinstance(data, dict):
        return data
    data = {key: _normal(value) for key, value in data.items()}
    cards = data.get("cards")
    if data.get("type") == "Group" and isinstance(cards, list) and all(map(_known, cards)):
        data["cards"] = [str(card) for card in sorted(map(cr.Card.parse, cards))]
    if data.get("type") in ("LayOff", "SwapJoker"):  # an end left out is None
        data = {"end": None, **data} if data["type"] == "LayOff" else {"joker_end": None, **data}
    melds = data.get("melds")
    if data.get("type") == "GoDown" and isinstance(melds, list):
        data["melds"] = sorted(melds, key=_text)
    known = data.get("known")
    if (
        data.get("type") in ("RoundState", "PlayerView")
        and isinstance(known, list)
        and known == [[]] * len(known)
    ):
        del data["known"]  # nothing known: left out, as before known cards were written
    if data.get("type") == "Variant":
        data = {**DEFAULT_KNOBS, **data}
        order = [rank.symbol for rank in cr.Rank]
        if isinstance(data["wild_ranks"], list) and all(
            rank in order for rank in data["wild_ranks"]
        ):
            data["wild_ranks"] = sorted(set(data["wild_ranks"]), key=order.index)
        if isinstance(data["rounds_at_once"], list) and all(
            type(number) is int for number in data["rounds_at_once"]
        ):
            data["rounds_at_once"] = sorted(set(data["rounds_at_once"]))
        if isinstance(data["ladder"], list):
            data["ladder"] = [_rung(rung) for rung in data["ladder"]]
    return data


def _known(card: object) -> bool:
    return isinstance(card, str) and card in CARDS


def _rung(rung: Any) -> Any:
    if not isinstance(rung, dict):
        return rung
    rung = {"groups": [], "runs": [], **rung}
    for key in ("groups", "runs"):
        lengths = rung[key]
        if isinstance(lengths, list) and all(type(length) is int for length in lengths):
            rung[key] = sorted(lengths, reverse=True)
    return rung


def _defaults(kind: type) -> dict[str, Any]:
    """The default of each field of a state or a view that has one, by its name in JSON."""
    attrs.resolve_types(kind)
    found: dict[str, Any] = {}
    for field in attrs.fields(kind):
        if field.metadata.get("flat"):
            found.update(_defaults(field.type))  # resolved
        elif field.default is not attrs.NOTHING:
            found[field.name] = field.default
    return found


def _check_mutation(what: str, mutated: dict[str, Any], kind: type | None = None) -> None:
    try:
        value = cr.from_dict(mutated, kind)
    except cr.RecordError:
        return
    written = _normal(cr.to_dict(value))
    if mutated.get("type") in ("RoundState", "PlayerView"):
        # A field the document lacks is read as its default (a record written before the
        # field was): refused if it has none.
        defaults = _defaults(type(value))
        for name in set(written) - set(mutated):
            assert name in defaults, f"accepted without {name} after {what}"
            assert getattr(value, name) == defaults[name], what
            del written[name]
    assert _text(written) == _text(_normal(mutated)), f"accepted after {what}"


@pytest.mark.slow
@settings(max_examples=MANY * 3, deadline=None)
@given(data=st.data(), state=STATES)
def test_a_state_changed_in_one_place_is_refused_or_exactly_valid(
    data: st.DataObject, state: cr.RoundState
) -> None:
    what, mutated = data.draw(_mutations(_json(state)))
    _check_mutation(what, mutated)


@settings(max_examples=MANY, deadline=None)
@given(data=st.data(), state=crst.states(variant=crst.variants(), max_actions=60))
def test_a_view_changed_in_one_place_is_refused_or_exactly_valid(
    data: st.DataObject, state: cr.RoundState
) -> None:
    player = data.draw(st.integers(0, state.players - 1))
    what, mutated = data.draw(_mutations(_json(view(state, player))))
    _check_mutation(what, mutated, PlayerView)


@settings(max_examples=MANY, deadline=None)
@given(data=st.data(), variant=crst.variants())
def test_a_variant_changed_in_one_place_is_refused_or_exactly_valid(
    data: st.DataObject, variant: cr.Variant
) -> None:
    what, mutated = data.draw(_mutations(_json(variant)))
    _check_mutation(what, mutated, cr.Variant)


@settings(max_examples=MANY, deadline=None)
@given(data=st.data(), state=STATES)
def test_an_action_changed_in_one_place_is_refused_or_exactly_valid(
    data: st.DataObject, state: cr.RoundState
) -> None:
    action = data.draw(crst.any_actions(state))
    what, mutated = data.draw(_mutations(_json(action)))
    try:
        value = cr.from_dict(mutated, variant=state.variant)
    except cr.RecordError:
        return
    written = _normal(cr.to_dict(value))
    assert _text(written) == _text(_normal(mutated)), f"accepted after {what}"


def test_from_dict_takes_a_union_of_kinds() -> None:
    data = _json(cr.Pass())
    assert cr.from_dict(data, cr.Action) == cr.Pass()
    assert cr.from_dict(data, cr.Pass | cr.Buy) == cr.Pass()
    with pytest.raises(cr.RecordError, match=r"^type: expected a Group or a Run, got 'Pass'$"):
        cr.from_dict(data, cr.Group | cr.Run)


# == events, and what each player may see of them =============================================


def test_events_and_their_censored_forms_round_trip_through_json() -> None:
    kinds: set[str] = set()
    for _, _, _, events in random_games(sorted(cr.VARIANTS), actions=150, seed=5):
        for event in events:
            for seen in (event, *(cr.censor(event, player) for player in (0, 1, None))):
                data = cr.to_dict(seen)
                kinds.add(data["type"])
                assert cr.from_dict(json.loads(json.dumps(data))) == seen
    assert {"Drew", "DrewUnseen", "Bought", "BoughtUnseen", "TookDiscard"} <= kinds
    shuffled = cr.Reshuffled(2, 1, cr.parse_cards("7H 8H"))
    assert cr.from_dict(cr.to_dict(shuffled), cr.Reshuffled) == shuffled
    ended = cr.RoundEnded(1, cr.RoundEnd.TURN_LIMIT, None, (5, 0, 0), (5, 0, 0))
    assert cr.to_dict(ended)["reason"] == "turn limit"
    assert cr.from_dict(cr.to_dict(ended)) == ended


def test_a_bad_event_is_refused_saying_where() -> None:
    with pytest.raises(cr.RecordError, match="card: '7X' is not a card"):
        cr.from_dict({"type": "Drew", "version": 1, "player": 0, "card": "7X"})
    with pytest.raises(cr.RecordError, match="penalty: missing"):
        cr.from_dict({"type": "BoughtUnseen", "version": 1, "player": 0, "card": "7H"})
    with pytest.raises(cr.RecordError, match="extra: not a field"):
        cr.from_dict({"type": "DrewUnseen", "version": 1, "player": 0, "extra": 1})


def test_a_state_written_before_known_cards_reads_with_none_known() -> None:
    state = cr.apply(cr.new_game(seed=1), cr.TakeDiscard())
    data = cr.to_dict(state)
    assert data["known"] == [[], [], ["4D"], []]
    assert cr.from_dict(data) == state
    del data["known"]
    assert cr.from_dict(data).known == ((), (), (), ())
    data = cr.to_dict(cr.view(state, 0))
    del data["known"]
    assert cr.from_dict(data, cr.PlayerView) == attrs.evolve(
        cr.view(state, 0), known=((), (), (), ())
    )


def test_a_state_or_view_without_moves_is_refused_not_read_as_the_first_position() -> None:
    state = cr.apply(cr.new_game(seed=1), cr.TakeDiscard())
    for value, kind in ((state, cr.RoundState), (cr.view(state, 2), PlayerView)):
        data = cr.to_dict(value)
        assert data["moves"] == 1
        del data["moves"]
        with pytest.raises(cr.RecordError, match=r"^moves: missing$"):
            cr.from_dict(data, kind)


def test_a_state_without_a_field_added_later_still_reads_with_its_default() -> None:
    state = cr.new_game(seed=1)
    data = cr.to_dict(state)
    for name in ("cut", "penalties", "winners", "shuffler"):
        del data[name]
    assert cr.from_dict(data) == state


def test_r18_a_state_with_nothing_known_is_written_as_before_known_cards() -> None:
    state = cr.new_game(seed=1)
    assert "known" not in cr.to_dict(state)
    assert "known" not in cr.to_dict(cr.view(state, 0))
    assert cr.from_dict(cr.to_dict(state)) == state
    taken = cr.apply(state, cr.TakeDiscard())
    assert cr.to_dict(taken)["known"] == [[], [], ["4D"], []]
    assert cr.from_dict(cr.to_dict(taken)) == taken
    seen = cr.view(taken, 0)
    assert cr.from_dict(cr.to_dict(seen), cr.PlayerView) == seen
