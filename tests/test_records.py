"""Game records: a recorded game replays to the states it went through, and bad ones fail.

- Games of every preset, with its fewest and its most players, played by the greedy bot to
  the end and by seeded random choices for a while, are recorded with a
  :class:`~contract_rummy.records.Recorder`: the replay gives back every state seen, and
  the record comes back equal from its JSON text and from a JSON Lines file.
- Games dealt by :data:`~contract_rummy.SYSTEM` keep their first state, later deals and
  reshuffled stocks, and replay the same; so do Liverpool cuts (R32).
- Loading refuses, with a :class:`~contract_rummy.RecordError` and never another
  exception, any record that does not hold up: an illegal action (``actions[i]: ...``
  citing the rule), a result the replay does not reach, deals that do not fit, text that is
  not JSON. A record changed in one place is refused or holds up exactly.
"""

from __future__ import annotations

import functools
import io
import json
import random
import re
from collections.abc import Callable
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contract_rummy as cr
from contract_rummy import records

#: A whole game longer than this is a bug: every preset's games end well before it.
CAP: Final = 6000
#: How many actions a game of random choices is played for before it is recorded.
RANDOM_ACTIONS: Final = 150
SOME: Final = max(20, settings().max_examples)
PLAYERS: Final = [
    pytest.param(name, players, id=f"{name}-{players}")
    for name, variant in cr.VARIANTS.items()
    for players in sorted({variant.min_players, variant.max_players})
]

Chooser = Callable[[cr.RoundState], cr.Action]


def _greedy(_seed: int) -> Chooser:
    return cr.GreedyBot().choose


def _random(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(state: cr.RoundState) -> cr.Action:
        legal = cr.legal_actions(state)
        return legal[rng.randrange(len(legal))]

    return choose


def _play(
    variant: cr.Variant,
    players: int,
    seed: int,
    *,
    chooser: Callable[[int], Chooser] = _greedy,
    actions: int | None = None,
    shuffler: cr.Shuffler = cr.SEEDED,
) -> tuple[records.GameRecord, list[cr.RoundState]]:
    """Play and record a game: the whole game, or ``actions`` actions of it.

    Returns the record and every state the game went through.
    """
    state = cr.new_game(variant, seed=seed, players=players, shuffler=shuffler)
    seeded = shuffler == cr.SEEDED
    recorder = records.Recorder(
        state,
        seed=seed if seeded else None,
        names=[f"P{player}" for player in range(players)],
        metadata={"chooser": chooser.__name__.strip("_"), "seed": seed},
    )
    choose = chooser(seed)
    states = [state]
    limit = CAP if actions is None else actions
    while state.phase is not cr.Phase.GAME_OVER and len(states) <= limit:
        state = recorder.apply(choose(state))
        states.append(state)
    if actions is None and state.phase is not cr.Phase.GAME_OVER and seeded:
        pytest.fail(f"{variant.name} with {players} players, seed {seed}: over {CAP} actions")
    return recorder.record(), states


def _check_round_trip(record: records.GameRecord, states: list[cr.RoundState]) -> None:
    """The record replays to ``states``, and comes back equal from its JSON text."""
    assert list(records.replay(record)) == states
    assert record.result == records.Result.of(states[-1])
    text = records.dumps(record)
    back = records.loads(text)
    assert back == record
    assert records.dumps(back) == text
    assert list(records.replay(back)) == states


# == record and replay ========================================================================


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), PLAYERS)
def test_a_whole_greedy_game_replays_to_the_states_it_went_through(
    name: str, players: int
) -> None:
    record, states = _play(cr.VARIANTS[name], players, 1)
    assert states[-1].winners is not None
    assert len(record.actions) == len(states) - 1 == states[-1].moves
    assert record.seed == 1
    assert record.start is None
    assert record.deals == ()
    assert record.reshuffles == ()
    _check_round_trip(record, states)
    document = json.loads(records.dumps(record))
    assert document["variant"] == name
    assert document["names"] == [f"P{player}" for player in range(players)]
    assert document["result"]["phase"] == "game over"


@pytest.mark.parametrize(("name", "players"), PLAYERS)
def test_a_random_game_stopped_early_replays_to_the_states_it_went_through(
    name: str, players: int
) -> None:
    record, states = _play(cr.VARIANTS[name], players, 2, chooser=_random, actions=RANDOM_ACTIONS)
    assert len(record.actions) == RANDOM_ACTIONS
    assert record.result is not None
    assert record.result.winners is None
    _check_round_trip(record, states)


def test_games_dealt_by_the_system_shuffler_keep_their_deals_and_reshuffles() -> None:
    played = [
        _play(cr.PAGAT, 4, 1, shuffler=cr.SYSTEM),
        _play(cr.SHANGHAI, 3, 2, shuffler=cr.SYSTEM),
        _play(cr.DEUCES_WILD, 4, 3, chooser=_random, actions=600, shuffler=cr.SYSTEM),
    ]
    for record, states in played:
        assert record.seed is None
        assert record.start == states[0]
        rounds = states[-1].round_number
        assert [deal.round_number for deal in record.deals] == list(range(2, rounds + 1))
        assert sum(state.reshuffles for state in states[1:]) >= len(record.reshuffles)
        _check_round_trip(record, states)
        document = json.loads(records.dumps(record))
        assert document["start"]["shuffler"] == "system"
    # Greedy players draw until the stock runs out: the reshuffles are recorded (R27).
    assert any(record.reshuffles for record, _ in played)


def test_the_liverpool_cut_is_recorded_and_replayed() -> None:
    # R32: seeded, the cut comes from the seed; dealt by the system, the deals hold it.
    for shuffler in (cr.SEEDED, cr.SYSTEM):
        record, states = _play(cr.LIVERPOOL_CUT, 4, 46, shuffler=shuffler)
        dealt = [
            states[index + 1]
            for index, action in enumerate(record.actions)
            if isinstance(action, cr.NextRound)
        ]
        assert states[0].cut is not None
        assert None not in [state.cut for state in dealt]
        if shuffler == cr.SYSTEM:
            assert record.start is not None
            assert record.start.cut == states[0].cut
            assert [deal.cut for deal in record.deals] == [state.cut for state in dealt]
        _check_round_trip(record, states)


def test_a_custom_variant_is_recorded_knob_by_knob_and_reloads_equal() -> None:
    house = attrs.evolve(
        cr.PAGAT,
        name="house",
        max_buys=2,
        buy_penalty=2,
        wild_ranks={cr.Rank.TWO},
        max_reshuffles=1,
        cut_bonus=25,
        penalties=cr.PROGRESSIVE_PENALTIES,
    )
    record, states = _play(house, 4, 9)
    document = json.loads(records.dumps(record))
    assert document["variant"]["type"] == "Variant"
    assert document["variant"]["name"] == "house"
    assert document["variant"]["max_buys"] == 2
    back = records.loads(records.dumps(record))
    assert back.variant == house
    assert back == record
    _check_round_trip(record, states)


def test_a_seeded_game_recorded_without_its_seed_keeps_its_first_state() -> None:
    # Dealt by the seeded shuffler, the first state's shuffler state replays every deal.
    first = cr.new_game(cr.SHANGHAI, seed=12, players=5)
    recorder = records.Recorder(first)
    bot = cr.GreedyBot()
    states = [first]
    while recorder.state.round_number < 3:
        states.append(recorder.apply(bot.choose(recorder.state)))
    record = recorder.record()
    assert record.seed is None
    assert record.start == first
    assert record.deals == ()
    assert record.reshuffles == ()
    _check_round_trip(record, states)
    assert json.loads(records.dumps(record))["start"]["shuffler"] == "seeded"


def test_the_recorder_checks_the_seed_and_passes_the_player_through() -> None:
    state = cr.new_game(seed=3)
    with pytest.raises(ValueError, match=r"^new_game with seed 4 does not deal this state$"):
        records.Recorder(state, seed=4)
    with pytest.raises(ValueError, match=r"does not deal this state"):
        records.Recorder(attrs.evolve(state, shuffler=cr.SYSTEM), seed=3)
    with pytest.raises(TypeError, match=r"expected the game's first state"):
        records.Recorder(cr.to_dict(state))  # type: ignore[arg-type]
    recorder = records.Recorder(state, seed=3)
    other = (state.active + 1) % state.players
    with pytest.raises(cr.IllegalActionError, match=r"^R6: "):
        recorder.apply(cr.DrawStock(), player=other)
    assert recorder.state == state
    assert recorder.record().actions == ()
    after = recorder.apply(cr.DrawStock(), player=state.active)
    assert after == cr.apply(state, cr.DrawStock())
    played = recorder.step(cr.Pass(), player=after.to_act)
    assert played == cr.step(after, cr.Pass())
    assert recorder.record().actions == (cr.DrawStock(), cr.Pass())
    assert recorder.record().result == records.Result.of(played.state)


@functools.cache
def _some_records() -> tuple[tuple[records.GameRecord, list[cr.RoundState]], ...]:
    return (
        _play(cr.PAGAT, 4, 5, chooser=_random, actions=60),
        _play(cr.CALIFORNIA, 3, 6, chooser=_random, actions=80),
        _play(cr.LIVERPOOL_CUT, 4, 7, chooser=_random, actions=40, shuffler=cr.SYSTEM),
        _play(cr.SHANGHAI_11, 4, 8, actions=300),
    )


def test_json_lines_hold_one_record_a_line() -> None:
    games = [record for record, _ in _some_records()]
    out = io.StringIO()
    records.dump_lines(games, out)
    text = out.getvalue()
    assert text.count("\n") == len(games)
    assert list(records.load_lines(io.StringIO(text))) == games
    # Blank lines are skipped; bytes are read as well as text.
    spaced = text.replace("\n", "\n\n  \n")
    assert list(records.load_lines(io.StringIO(spaced))) == games
    assert list(records.load_lines(io.BytesIO(text.encode()))) == games
    # A bad record is refused with its line number (blank lines counted).
    lines = spaced.splitlines(keepends=True)
    lines[6] = lines[6].replace('"players": 4', '"players": 9')
    with pytest.raises(cr.RecordError, match=r"^line 7: R1: "):
        list(records.load_lines(lines))
    lines = text.splitlines(keepends=True)
    lines[1] = "{not json\n"
    loaded = records.load_lines(lines)
    assert next(loaded) == games[0]
    with pytest.raises(cr.RecordError, match=r"^line 2: not a JSON document: "):
        next(loaded)


def test_dump_and_load_use_files() -> None:
    record, states = _some_records()[3]
    out = io.StringIO()
    records.dump(record, out, indent=1)
    assert out.getvalue().endswith("}\n")
    assert out.getvalue() == records.dumps(record, indent=1) + "\n"
    assert records.load(io.StringIO(out.getvalue())) == record
    assert records.load(io.BytesIO(out.getvalue().encode())) == record
    assert json.loads(out.getvalue()) == json.loads(records.dumps(record))
    assert list(records.replay(record)) == states


# == refusals =================================================================================


@functools.cache
def _text(index: int) -> str:
    return records.dumps(_some_records()[index][0])


def _document(index: int = 0) -> dict[str, Any]:
    """A fresh copy of the document of one of :func:`_some_records`."""
    document: dict[str, Any] = json.loads(_text(index))
    return document


def _refused(document: Any, message: str) -> str:
    with pytest.raises(cr.RecordError, match=message) as refusal:
        records.loads(json.dumps(document))
    return str(refusal.value)


@pytest.mark.parametrize(
    ("index", "text"),
    [
        (0, "Pass"),
        (0, "DrawStock"),
        (0, "NextRound"),
        (0, "LayOff JK -> 99"),
        (0, "Discard JK"),
        (3, "GoDown 7C 7D 7H | 8C 8D 8H"),
        (3, "SwapJoker 7S in 0 -> 1"),
    ],
)
def test_an_illegal_action_is_refused_citing_its_rule(index: int, text: str) -> None:
    record, states = _some_records()[index]
    # The first move at which the action is illegal, past the first few.
    at = next(
        at
        for at, state in enumerate(states[5:-1], start=5)
        if not cr.is_legal(state, cr.parse_action(text, state))
    )
    document = _document(index)
    document["actions"][at] = text
    _refused(document, rf"^actions\[{at}\]: {re.escape(text)} is refused: R\d+: ")
    # The same action in a record built in memory is refused by replay alike.
    action = cr.parse_action(text, states[at])
    changed = attrs.evolve(record, actions=[*record.actions[:at], action], result=None)
    with pytest.raises(cr.RecordError, match=rf"^actions\[{at}\]: .* is refused: R\d+: "):
        list(records.replay(changed))


def test_an_action_that_is_not_notation_is_refused_with_its_index() -> None:
    document = _document()
    document["actions"][3] = "Discrad 7S"
    _refused(document, r"^actions\[3\]: 'Discrad' is not an action")
    document["actions"][3] = 7
    _refused(document, r"^actions\[3\]: expected a string, got 7$")


def test_a_stated_result_the_replay_does_not_reach_is_refused() -> None:
    document = _document()
    document["result"]["scores"][0] += 1
    _refused(document, r"^result: the record states \{'moves': .*\}, but the replay ends at ")
    document = _document()
    document["result"]["moves"] -= 1
    _refused(document, r"^result: ")
    document = _document()
    document["actions"].pop()
    _refused(
        document,
        r"^result: the record states \{'moves': 60, .*\}, but the replay ends at "
        r"\{'moves': 59, ",
    )
    record = _some_records()[0][0]
    assert record.result is not None
    wrong = attrs.evolve(record.result, winners=(0,))
    with pytest.raises(cr.RecordError, match=r"^result: "):
        list(records.replay(attrs.evolve(record, result=wrong)))
    # Without a stated result, the same actions load: the result is the replay's.
    document = _document()
    document["actions"].pop()
    document["result"] = None
    assert len(records.loads(json.dumps(document)).actions) == 59


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(seed=None), r"a record is dealt from a seed or from a first state"),
        (lambda d: d.update(seed=-1), r"seed must not be negative, got -1"),
        (lambda d: d.update(seed="5"), r"^seed: expected an integer, got '5'$"),
        (lambda d: d.update(players=5), r"R1: pagat is played by 4 players"),
        (lambda d: d.update(players=True), r"^players: expected an integer, got True$"),
        (lambda d: d.update(variant="pagatt"), r"^variant: 'pagatt' is not a preset's name"),
        (lambda d: d.update(names=["Ann"]), r"names must name each of the 4 players"),
        (lambda d: d.update(names="Ann"), r"^names: expected a list"),
        (lambda d: d.update(metadata=[]), r"^metadata: expected a JSON object, got \[\]$"),
        (lambda d: d.update(actions="Pass"), r"^actions: expected a list"),
        (lambda d: d.pop("actions"), r"^actions: missing$"),
        (lambda d: d.update(colour="red"), r"^colour: not a field of this value$"),
        (lambda d: d.update(deals=[{}]), r"^deals\[0\]\.round_number: missing$"),
        (lambda d: d.update(reshuffles=[["7X"]]), r"^reshuffles\[0\]\[0\]: '7X' is not a card"),
        (lambda d: d.update(type="Record"), r'^expected a JSON object with "type": "GameRecord"$'),
        (lambda d: d["result"].update(phase="won"), r"^result\.phase: expected one of "),
    ],
)
def test_a_bad_field_is_refused_naming_it(change: Any, message: str) -> None:
    document = _document()
    change(document)
    _refused(document, message)


def test_a_seeded_record_holds_no_deals_and_a_system_one_needs_them() -> None:
    document = _document()
    document["reshuffles"] = [["7C"]]
    _refused(
        document,
        r"^deals, reshuffles: a seeded game is replayed from its seed and records neither$",
    )
    document = _system_like_document()
    assert document["start"] is not None
    document["seed"] = 1
    _refused(document, r"a record is dealt from a seed or from a first state: give one")
    document = _system_like_document()
    stock, card = document["start"]["stock"], document["start"]["hands"][0][0]
    stock[next(i for i, other in enumerate(stock) if other != card)] = card
    _refused(document, rf"^start: R2: every card of the liverpool-cut deck .*; extra {card}$")
    system = _system_like_document()
    system["deals"].pop()
    _refused(system, r"^deals: the game deals more rounds than the record holds$")
    system = _system_like_document()
    system["reshuffles"].append(system["reshuffles"][0])
    _refused(system, r"^deals: the record holds deals or reshuffles the game never made$")
    system = _system_like_document()
    stock = system["reshuffles"][0]
    stock[0] = stock[1]
    _refused(system, r"^reshuffles: the cards recorded are not the cards shuffled$")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"^not a JSON document: "),
        ("{", r"^not a JSON document: "),
        ("[" * 100_000, r"^not a JSON document: "),
        ('{"type": "GameRecord", "version": 1, "actions": ' + "[" * 100_000, r"^not a JSON "),
        (b"\xff\xfe", r"^not a JSON document: "),
        ("[]", r'^expected a JSON object with "type": "GameRecord"$'),
        ("null", r'^expected a JSON object with "type": "GameRecord"$'),
        ('"GameRecord"', r'^expected a JSON object with "type": "GameRecord"$'),
        ("1e999", r'^expected a JSON object with "type": "GameRecord"$'),
        ("NaN", r"^not a JSON document: NaN is not a JSON value$"),
        ('{"type": "GameRecord"}', r"^version: this library reads records of version 1"),
        ('{"type": "GameRecord", "version": 1}', r"^variant: missing$"),
    ],
)
def test_text_that_is_not_a_record_is_refused(text: str | bytes, message: str) -> None:
    with pytest.raises(cr.RecordError, match=message):
        records.loads(text)


def test_dumps_refuses_a_record_that_does_not_replay() -> None:
    record = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[cr.Pass()])
    with pytest.raises(cr.RecordError, match=r"^actions\[0\]: Pass is refused: R13: "):
        records.dumps(record)
    with pytest.raises(TypeError, match=r"expected a GameRecord"):
        records.dumps(cr.new_game(seed=1))  # type: ignore[arg-type]
    # Metadata that JSON cannot write is refused when the record is made, not at dumps.
    with pytest.raises(TypeError, match="metadata must hold JSON values only"):
        attrs.evolve(_some_records()[0][0], metadata={"when": object()})


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (["DrawStock"], r"^actions\[0\]: expected an action, got 'DrawStock': read notation "),
        ([cr.DrawStock(), 42], r"^actions\[1\]: expected an action, got 42$"),
        ([cr.DrawStock], r"^actions\[0\]: expected an action, got the class DrawStock: call"),
        ("DrawStock", r"^actions must be a list of actions, got 'DrawStock'$"),
    ],
)
def test_a_record_refuses_what_is_not_an_action_naming_its_index(
    actions: Any, message: str
) -> None:
    with pytest.raises(TypeError, match=message) as info:
        records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=actions)
    if isinstance(actions, list) and isinstance(actions[0], str):
        assert "contract_rummy.parse_action" in str(info.value)
    record = records.GameRecord(variant=cr.PAGAT, players=4, seed=1, actions=[])
    with pytest.raises(TypeError, match=message):
        attrs.evolve(record, actions=actions)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("round_number", 99, r"^deals\[0\]\.round_number: the record says 99, but the round"),
        ("dealer", "other", r"^deals\[0\]\.dealer: the record says"),
        ("cut", 5, r"^deals\[0\]\.cut: the record says 5, but the round it deals has None"),
        ("hands", "unsorted", r"^deals\[0\]\.hands: not the cards as the round dealt them"),
    ],
)
def test_a_recorded_deal_must_be_the_round_it_deals(key: str, value: Any, message: str) -> None:
    document = _system_like_document("pagat", 21)
    deal = document["deals"][0]
    if value == "other":
        value = (deal["dealer"] + 1) % 4
    elif value == "unsorted":
        hand = deal["hands"][0]
        value = [[hand[1], hand[0], *hand[2:]], *deal["hands"][1:]]
    deal[key] = value
    _refused(document, message)


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2])
def test_a_records_version_must_be_the_integer_1(version: object) -> None:
    document = _document()
    document["version"] = version
    _refused(document, r"^version: this library reads records of version 1")


def test_a_type_is_checked_wherever_it_is_read() -> None:
    document = _system_like_document()
    document["start"]["type"] = "PlayerView"
    _refused(document, r"^start\.type: expected a RoundState, got 'PlayerView'$")
    document["start"]["type"] = "RoundState"
    document["start"]["window"]["type"] = "BuyWindow"
    _refused(document, r"^start\.window\.type: not a field of this value$")
    document["start"]["window"].pop("type")
    document["result"]["type"] = "Result"
    _refused(document, r"^result\.type: not a field of this value$")
    document["result"].pop("type")
    document["deals"][0]["type"] = "Deal"
    _refused(document, r"^deals\[0\]\.type: not a field of this value$")


# == fuzzing: one change to a valid record ====================================================


@functools.cache
def _system_like(name: str = "liverpool-cut", seed: int = 20) -> records.GameRecord:
    """A record as the system shuffler makes one, with a deal and a reshuffle.

    The cards come from a seeded greedy game, played until its first reshuffle (liverpool-cut
    with seed 20 and pagat with seed 21 reshuffle in round 2), so that the record is the
    same at every run.
    """
    variant = cr.VARIANTS[name]
    state = cr.new_game(variant, seed=seed)
    first = attrs.evolve(state, shuffler=cr.SYSTEM)
    bot = cr.GreedyBot()
    actions: list[cr.Action] = []
    deals: list[records.Deal] = []
    stocks: list[tuple[cr.Card, ...]] = []
    while not stocks:
        action = bot.choose(state)
        state, events = cr.step(state, action)
        actions.append(action)
        deals += [records.Deal.of(state) for event in events if isinstance(event, cr.Dealt)]
        stocks += [event.stock for event in events if isinstance(event, cr.Reshuffled)]
    return records.GameRecord(
        variant=variant,
        players=state.players,
        actions=actions,
        start=first,
        deals=deals,
        reshuffles=stocks,
        result=records.Result.of(state),
    )


@functools.cache
def _system_like_text(name: str, seed: int) -> str:
    return records.dumps(_system_like(name, seed))


def _system_like_document(name: str = "liverpool-cut", seed: int = 20) -> dict[str, Any]:
    """A fresh copy of the document of :func:`_system_like`."""
    document: dict[str, Any] = json.loads(_system_like_text(name, seed))
    return document


def test_a_record_with_the_deals_of_a_seeded_game_replays_its_cards() -> None:
    record = _system_like()
    assert len(record.deals) == 1
    assert record.deals[0].cut is not None
    assert len(record.reshuffles) == 1
    seeded = cr.new_game(cr.LIVERPOOL_CUT, seed=20)
    for index, state in enumerate(records.replay(record)):
        assert state.shuffler == cr.SYSTEM
        assert attrs.evolve(state, shuffler=cr.SEEDED, rng=seeded.rng) == seeded
        if index < len(record.actions):
            seeded = cr.apply(seeded, record.actions[index])
    assert records.loads(records.dumps(record)) == record


_BASES: Final[st.SearchStrategy[int | str]] = st.sampled_from([0, 1, 3, "system"])
CARDS_SEEN: Final = frozenset(str(card) for card in cr.build_deck(4, 12))
_CARD_TEXTS: Final = st.sampled_from(sorted({str(card) for card in cr.build_deck(2, 4)}))
_VALUES: Final = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
_ACTION_TEXTS: Final = st.sampled_from(
    [
        "DrawStock",
        "TakeDiscard",
        "Buy",
        "Pass",
        "NextRound",
        "draw",
        "take",
        "pass",
        "Discard JK",
        "Discard 7C",
        "discard 7c",
        "LayOff JK -> 0",
        "LayOff 7C -> 1 high",
        "SwapJoker 7S in 0 -> 1",
        "GoDown 7C 7D 7H | 8C 8D 8H",
        "GoDown 3S 4S 5S 6S",
        "",
        "Discard",
        "LayOff JK ->",
        "Pass Pass",
    ]
)


def _base(which: int | str) -> dict[str, Any]:
    return _system_like_document() if which == "system" else _document(int(which))


def _card_paths(document: dict[str, Any]) -> list[tuple[str | int, ...]]:
    """Where cards are written in the deal parts of a record: start, deals, reshuffles."""
    paths: list[tuple[str | int, ...]] = []

    def walk(value: Any, path: tuple[str | int, ...]) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, (*path, index))
        elif isinstance(value, str) and value in CARDS_SEEN:
            paths.append(path)

    for key in ("start", "deals", "reshuffles"):
        walk(document.get(key), (key,))
    return paths


def _set(document: Any, path: tuple[str | int, ...], value: Any) -> None:
    for step in path[:-1]:
        document = document[step]
    document[path[-1]] = value


Mutator = Callable[[st.DrawFn, dict[str, Any]], str]


def _change_actions(draw: st.DrawFn, document: dict[str, Any]) -> str:
    """Change an action's text, swap two actions, drop one or play one twice."""
    actions: list[Any] = document["actions"]
    i = draw(st.integers(0, len(actions) - 1))
    how = draw(st.sampled_from(["text", "swap", "drop", "duplicate"]))
    if how == "text":
        actions[i] = draw(_ACTION_TEXTS | st.sampled_from(actions) | st.text(max_size=12))
        return f"action {i}: {actions[i]!r}"
    if how == "swap":
        j = draw(st.integers(0, len(actions) - 1))
        actions[i], actions[j] = actions[j], actions[i]
        return f"swap actions {i} and {j}"
    if how == "drop":
        del actions[i]
    else:
        actions.insert(i, actions[i])
    return f"{how} action {i}"


def _change_result(draw: st.DrawFn, document: dict[str, Any]) -> str:
    result = document["result"]
    key = draw(st.sampled_from(["moves", "round_number", "phase", "scores", "winners"]))
    if key == "scores":
        result["scores"][0] += draw(st.sampled_from([1, -1, 50]))
    elif key == "phase":
        result["phase"] = draw(st.sampled_from(["draw", "buy", "play", "round over", "won"]))
    elif key == "winners":
        result["winners"] = draw(st.sampled_from([[0], [], None, [9], "0"]))
    else:
        result[key] += draw(st.sampled_from([1, -1]))
    return f"result.{key}: {result[key]!r}"


def _change_cards(draw: st.DrawFn, document: dict[str, Any]) -> str:
    """Change a card of the first state, a deal or a reshuffle, or swap two of them."""
    paths = _card_paths(document)
    if not paths:
        return "no cards to change"
    path = draw(st.sampled_from(paths))
    if draw(st.booleans()):
        new = draw(_CARD_TEXTS | st.sampled_from(["7X", "", "jk", "10", None, 7]))
        _set(document, path, new)
        return f"card {path}: {new!r}"
    other = draw(st.sampled_from(paths))
    first, second = _get(document, path), _get(document, other)
    _set(document, path, second)
    _set(document, other, first)
    return f"swap cards {path} and {other}"


def _change_field(draw: st.DrawFn, document: dict[str, Any]) -> str:
    """Change the seed, the players, the variant, the names, the metadata, or any field."""
    key = draw(st.sampled_from(["seed", "players", "variant", "names", "metadata", "any"]))
    pagat = cr.to_dict(cr.PAGAT)
    values = {
        "seed": st.sampled_from([0, 1, 2, -1, 2**64, "1", True, 1.5, None]) | st.integers(0),
        "players": st.sampled_from([3, 5, 0, -1, "4", None, 4.0]),
        "variant": st.sampled_from([*cr.VARIANTS, "Pagat", "", None, 4])
        | st.just(pagat)
        | st.just({**pagat, "max_buys": 1, "version": None})
        | st.just({k: v for k, v in pagat.items() if k != "version"}),
        "names": st.none()
        | st.lists(st.text(max_size=3), max_size=5)
        | st.just(["A", 1, "C", "D"]),
        "metadata": _VALUES,
    }
    if key == "any":
        key = draw(st.sampled_from(sorted(document)))
    document[key] = draw(values.get(key, _VALUES))
    return f"{key}: {document[key]!r}"


_MUTATORS: Final[tuple[Mutator, ...]] = (
    _change_actions,
    _change_result,
    _change_cards,
    _change_field,
)


@st.composite
def _record_mutations(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A valid record's document with one thing changed, and what the change was."""
    document = _base(draw(_BASES))
    what = draw(st.sampled_from(_MUTATORS))(draw, document)
    if draw(st.booleans()):  # without a stated result, an action changed may still hold up
        document["result"] = None
        what += ", result dropped"
    return what, document


def _get(document: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


@settings(max_examples=SOME, deadline=None)
@given(mutation=_record_mutations(), truncate=st.none() | st.integers(0, 400))
def test_a_record_changed_in_one_place_is_refused_or_holds_up(
    mutation: tuple[str, dict[str, Any]], truncate: int | None
) -> None:
    what, document = mutation
    text = json.dumps(document)
    # Junk text: the document cut short (a cut at or past its end leaves it whole).
    truncated = truncate is not None and truncate < len(text)
    if truncated:
        text = text[:truncate]
    try:
        record = records.loads(text)
    except cr.RecordError:
        return
    assert not truncated, f"a truncated document loaded after {what}"
    # What loads holds up: it replays (to the stated result, if any), writes back as the
    # document it was read from, and every action reads back as the one recorded.
    states = list(records.replay(record))
    if record.result is not None:
        assert record.result == records.Result.of(states[-1]), what
    written = json.loads(records.dumps(record))
    assert len(written["actions"]) == len(document["actions"]), what
    for index, text in enumerate(document["actions"]):
        assert cr.parse_action(text, states[index]) == record.actions[index], what
    expected = {**document, "actions": written["actions"]}
    if isinstance(document["variant"], dict):  # a preset's knobs are written as its name
        expected["variant"] = written["variant"]
        assert records.loads(records.dumps(record)).variant == cr.from_dict(
            {**document["variant"], "version": 1}, cr.Variant
        )
    assert json.dumps(written, sort_keys=True) == json.dumps(expected, sort_keys=True), what
    assert records.loads(records.dumps(record)) == record
    assert list(records.replay(records.loads(records.dumps(record)))) == states
